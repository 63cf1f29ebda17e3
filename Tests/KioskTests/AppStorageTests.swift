// @AppStorage over the state directory's file: persisted, atomic, shared between views;
// a corrupt file gives the defaults and one warning. @SceneStorage in memory.
import Foundation
import Testing
@testable import Kiosk

private func tempPath(_ name: String) -> String {
    let dir = NSTemporaryDirectory() + "kiosk-appstorage-\(getpid())-\(name)"
    try? FileManager.default.removeItem(atPath: dir)
    return dir + "/state/appstorage.json"
}

private enum Theme: String { case light, dark }

@Suite struct AppStorageTests {
    @Test func aWrittenValueIsThereAfterARestart() throws {
        let path = tempPath("restart")
        struct Counter: View {
            @AppStorage("taps", store: nil) var unused = 0
            @AppStorage var taps: Int
            @AppStorage var theme: Theme
            init(store: AppStorageStore) {
                _taps = AppStorage(wrappedValue: 0, "taps", store: store)
                _theme = AppStorage(wrappedValue: .light, "theme", store: store)
            }
            var body: some View {
                Text("taps \(taps) \(theme.rawValue)").onTapGesture { taps += 1; theme = .dark }
                    .frame(width: 200, height: 100)
            }
        }
        let store = AppStorageStore(path: path)
        let host = HeadlessHost(width: 200, height: 100) { Counter(store: store) }
        #expect(host.frame(ofText: "taps 0 light") != nil)
        host.tap(x: 100, y: 50)
        #expect(host.frame(ofText: "taps 1 dark") != nil)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
        // A new process reads the file.
        let again = AppStorageStore(path: path)
        let host2 = HeadlessHost(width: 200, height: 100) { Counter(store: again) }
        #expect(host2.frame(ofText: "taps 1 dark") != nil)
        #expect(!again.warned)
    }

    @Test func aReaderReEvaluatesWhenAnotherViewWrites() {
        let store = AppStorageStore(path: nil)
        struct Reader: View {
            @AppStorage var name: String
            init(store: AppStorageStore) { _name = AppStorage(wrappedValue: "nobody", "name", store: store) }
            var body: some View { Text("hello \(name)") }
        }
        struct Writer: View {
            @AppStorage var name: String
            init(store: AppStorageStore) { _name = AppStorage(wrappedValue: "nobody", "name", store: store) }
            var body: some View { Color.blue.frame(width: 50, height: 50).onTapGesture { name = "Ada" } }
        }
        let host = HeadlessHost(width: 200, height: 150) { VStack { Reader(store: store); Writer(store: store) } }
        #expect(host.frame(ofText: "hello nobody") != nil)
        let f = host.frame(ofText: "hello nobody")!
        host.tap(x: 100, y: Double(f.maxY) + 30)
        #expect(host.frame(ofText: "hello Ada") != nil)
    }

    @Test func aCorruptFileGivesTheDefaultsAndOneWarning() throws {
        let path = tempPath("corrupt")
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
        Diagnostics.printsWarnings = false
        let store = AppStorageStore(path: path)
        #expect(store.warned)
        let value = AppStorage(wrappedValue: 7, "n", store: store)
        #expect(value.wrappedValue == 7)
        // Writing replaces it with a good file.
        value.wrappedValue = 8
        #expect(AppStorageStore(path: path).value("n") == .int(8))
    }

    @Test func optionalsURLsDataAndRemoval() {
        let store = AppStorageStore(path: nil)
        let url = AppStorage<URL?>("u", store: store)
        #expect(url.wrappedValue == nil)
        url.wrappedValue = URL(string: "https://example.com/a")
        #expect(url.wrappedValue?.absoluteString == "https://example.com/a")
        url.wrappedValue = nil
        #expect(store.value("u") == nil)
        let data = AppStorage(wrappedValue: Data([1, 2]), "d", store: store)
        data.wrappedValue = Data([3])
        #expect(data.wrappedValue == Data([3]))
        let d = AppStorage(wrappedValue: 0.5, "x", store: store)
        d.projectedValue.wrappedValue = 2
        #expect(d.wrappedValue == 2)
    }

    @Test func sceneStorageKeepsItsValueInMemory() {
        let a = SceneStorage(wrappedValue: 0, "tab-\(getpid())")
        a.wrappedValue = 3
        let b = SceneStorage(wrappedValue: 0, "tab-\(getpid())")
        #expect(b.wrappedValue == 3)
    }
}
