// App, Scene, WindowGroup: an app's entry point runs unchanged (headless here; `main()` runs
// it with `kiosk run`'s options).
import Testing
@testable import Kiosk

final class AppModel: ObservableObject { @Published var taps = 0 }

struct TappableContent: View {
    @EnvironmentObject var model: AppModel
    @Environment(\.scenePhase) var phase
    var body: some View {
        Text("taps \(model.taps) \(phase == .active ? "active" : "other")").onTapGesture { model.taps += 1 }
    }
}

struct SampleApp: App {
    @StateObject private var model = AppModel()
    var body: some Scene {
        WindowGroup {
            TappableContent().environmentObject(model)
        }
    }
}

struct MyScenes: Scene {
    var body: some Scene { WindowGroup("Title") { Text("from a custom scene") } }
}

struct TwoSceneApp: App {
    var show = true
    var body: some Scene {
        MyScenes()
        WindowGroup(id: "second") { Text("second") }
    }
}

struct NoWindowApp: App {
    var body: some Scene { _OptionalScene<WindowGroup<Text>>(scene: nil) }
}

@Suite struct AppTests {
    @Test func appRunsItsWindowGroupWithItsOwnState() {
        let host = HeadlessHost(width: 300, height: 100, app: SampleApp.self)
        let f = host.frame(ofText: "taps 0 active")
        #expect(f != nil)
        host.tap(x: Double(f!.midX), y: Double(f!.midY))
        #expect(host.frame(ofText: "taps 1 active") != nil)
        host.tap(x: Double(f!.midX), y: Double(f!.midY))
        #expect(host.frame(ofText: "taps 2 active") != nil)
    }

    @Test func firstWindowGroupOfSeveralScenesThroughACustomScene() {
        let host = HeadlessHost(width: 300, height: 100, app: TwoSceneApp.self)
        #expect(host.frame(ofText: "from a custom scene") != nil)
        #expect(host.frame(ofText: "second") == nil)
    }

    @Test func appWithoutAWindowShowsNothingAndWarns() {
        let previous = Diagnostics.printsWarnings
        Diagnostics.printsWarnings = false
        defer { Diagnostics.printsWarnings = previous }
        let host = HeadlessHost(width: 100, height: 100, app: NoWindowApp.self)
        #expect(host.warnings.contains { $0.contains("has no WindowGroup") })
    }
}
