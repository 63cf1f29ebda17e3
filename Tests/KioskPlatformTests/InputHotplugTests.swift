// InputHotplugTests: InputManager's inotify watching on a temporary directory standing in for /dev
// (its `input` subdirectory missing at start), through the real dispatch sources on the main queue.
// The "device nodes" are plain files, which EvdevDevice refuses (not evdev): `skipped` records
// that each one was looked at, which is what hot-plug must guarantee.
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Kiosk

@MainActor @Suite struct InputHotplugTests {
    /// Lets the main queue run (dispatch sources fire there) until `condition` holds, at most 2 s.
    func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<200 {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return condition()
    }

    func touch(_ path: String) {
        let fd = open(path, O_CREAT | O_WRONLY, 0o644)
        if fd >= 0 { close(fd) }
    }

    @Test func inputDirectoryAppearingLaterIsWatched() async throws {
        var template = Array("/tmp/kiosk-hotplug-XXXXXX".utf8CString)
        let root = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        let dir = "\(root)/input"
        defer { rmdir(dir); rmdir(root) }
        let m = InputManager(options: .init(paths: nil, panelWidth: 100, panelHeight: 60, rotation: .degrees0), directory: dir) { _ in }
        #expect(m.parentDirectory == root)
        m.start()
        #expect(m.isWaitingForDirectory && !m.isWatchingDirectory)

        // Unrelated names in the parent change nothing.
        mkdir("\(root)/inputs", 0o755); rmdir("\(root)/inputs")
        // The directory appears with a node already in it (created before kiosk could watch it).
        mkdir(dir, 0o755)
        touch("\(dir)/event0")
        #expect(await eventually { m.isWatchingDirectory && !m.isWaitingForDirectory })
        #expect(await eventually { m.skipped["\(dir)/event0"] != nil })

        // Later nodes arrive through the directory watch; other names are not opened.
        touch("\(dir)/event5"); touch("\(dir)/mice")
        #expect(await eventually { m.skipped["\(dir)/event5"] != nil })
        #expect(m.skipped["\(dir)/mice"] == nil)
        #expect(m.skipped["\(dir)/event5"]?.contains("not an evdev device") == true)

        // The directory goes away and comes back: watched again.
        unlink("\(dir)/event0"); unlink("\(dir)/event5"); unlink("\(dir)/mice"); rmdir(dir)
        #expect(await eventually { m.isWaitingForDirectory && !m.isWatchingDirectory })
        mkdir(dir, 0o755)
        touch("\(dir)/event9")
        #expect(await eventually { m.skipped["\(dir)/event9"] != nil && m.isWatchingDirectory })
        m.stop()
        #expect(!m.isWatchingDirectory && !m.isWaitingForDirectory)
        unlink("\(dir)/event9")
    }

    @Test func noParentEitherMeansNoHotplugAndNoCrash() {
        let m = InputManager(options: .init(paths: nil, panelWidth: 10, panelHeight: 10, rotation: .degrees0),
                             directory: "/nonexistent-kiosk-root/dev/input") { _ in }
        m.start()
        #expect(!m.isWatchingDirectory && !m.isWaitingForDirectory && m.devices.isEmpty)
    }

    @Test func inotifyRecordsDecode() {
        var bytes: [UInt8] = []
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
        u32(1); u32(0x100); u32(0); u32(16); bytes += Array("event3".utf8) + Array(repeating: 0, count: 10)
        u32(2); u32(0x8000); u32(0); u32(0)                                // IN_IGNORED, no name
        u32(1); u32(0x100); u32(0); u32(64); bytes += [0x65, 0x76]         // truncated: name runs past the end
        let ev = bytes.withUnsafeBytes { InotifyEvent.decode($0) }
        #expect(ev == [InotifyEvent(watch: 1, mask: 0x100, name: "event3"), InotifyEvent(watch: 2, mask: 0x8000, name: "")])
    }
}
