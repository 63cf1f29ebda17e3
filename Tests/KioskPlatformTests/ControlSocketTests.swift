// ControlSocketTests: the control socket's request parser, the server's limits (a client that
// never reads, more clients than the cap, garbage), and `status`/`screenshot` from a running loop.
import Foundation
import Testing
import Raster

@testable import Kiosk
@testable import KioskScenes

private func tempSocketPath(_ name: String) -> String {
    let dir = NSTemporaryDirectory() + "kiosk-ctl-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    mkdir(dir, 0o700)
    return "\(dir)/\(name)"
}

/// Connects to `path` and sends `bytes`; returns the fd (the caller closes it).
private func rawConnect(_ path: String, send bytes: [UInt8] = []) throws -> Int32 {
    let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var addr = sockaddr_un()
    addr.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
    let r = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
    guard r == 0 else { Syscall.close(s); throw Errno.current }
    if !bytes.isEmpty { try Syscall.writeAll(s, bytes) }
    return s
}

/// Reads until the server closes (or `timeout` passes).
private func readAll(_ fd: Int32, timeout: Double = 5) throws -> [UInt8] {
    var out: [UInt8] = [], buf = [UInt8](repeating: 0, count: 4096)
    let end = Syscall.monotonicNow() + timeout
    while Syscall.monotonicNow() < end, try Syscall.poll(fd, timeoutMs: 100) {
        let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { break }
        out += buf[0..<n]
    }
    return out
}

@Suite struct ControlProtocolTests {
    @Test func parsesTheTwoRequests() {
        #expect(ControlRequest.parse(Array("status\n".utf8)) == .request(.status, consumed: 7))
        #expect(ControlRequest.parse(Array("screenshot\r\n".utf8)) == .request(.screenshot, consumed: 12))
        #expect(ControlRequest.parse(Array(" status \n".utf8)) == .request(.status, consumed: 9))
        #expect(ControlRequest.parse(Array("stat".utf8)) == .incomplete)
        #expect(ControlRequest.parse([UInt8]()) == .incomplete)
    }

    @Test func badRequestsSayWhy() {
        for bad in ["reboot\n", "\n", "status\0\n", "STATUS\n", "stätus\n"] {
            guard case .invalid(let why) = ControlRequest.parse(Array(bad.utf8)) else {
                Issue.record("\(bad.debugDescription) was accepted"); continue
            }
            #expect(!why.isEmpty)
        }
        // No LF within the limit: cut off rather than buffered forever.
        guard case .invalid = ControlRequest.parse([UInt8](repeating: 0x61, count: ControlRequest.maxLength)) else {
            Issue.record("an endless line was not refused"); return
        }
        #expect(ControlRequest.parse([UInt8](repeating: 0x61, count: ControlRequest.maxLength - 1)) == .incomplete)
    }

    @Test func repliesRoundTrip() throws {
        for r in [ControlReply.status("fps: 60\n"), .png([1, 2, 3, 0x0A]), .error("busy")] {
            #expect(try ControlReply.parse(r.bytes) == r)
        }
        #expect(throws: ControlProtocolError.self) { try ControlReply.parse(Array("ok png 10\nabc".utf8)) }
        #expect(throws: ControlProtocolError.self) { try ControlReply.parse(Array("hello".utf8)) }
    }

    @Test func socketPathsFollowTheRuntimeDirectory() {
        #expect(ControlServer.serverPath(setting: nil, environment: ["RUNTIME_DIRECTORY": "/run/kiosk"]) == "/run/kiosk/control")
        #expect(ControlServer.serverPath(setting: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]) == "/run/user/1000/kiosk-control")
        #expect(ControlServer.serverPath(setting: nil, environment: [:]) == nil)
        #expect(ControlServer.serverPath(setting: "none", environment: ["RUNTIME_DIRECTORY": "/run/kiosk"]) == nil)
        #expect(ControlServer.serverPath(setting: "/tmp/k", environment: ["RUNTIME_DIRECTORY": "/run/kiosk"]) == "/tmp/k")
        #expect(ControlServer.clientPath(setting: nil, environment: ["XDG_RUNTIME_DIR": "/x"], exists: { _ in true }) == "/run/kiosk/control")
        #expect(ControlServer.clientPath(setting: nil, environment: ["XDG_RUNTIME_DIR": "/x"], exists: { _ in false }) == "/x/kiosk-control")
    }

    @Test func settingsTakeTheNewKeys() throws {
        var s = Settings()
        try s.apply(environment: ["KIOSK_CONTROL_SOCKET": "/tmp/c", "KIOSK_VNC": "127.0.0.1:5901", "KIOSK_CURSOR": "never", "KIOSK_CURSOR_HIDE": "2"])
        #expect(s.controlSocket == "/tmp/c" && s.vnc == VNCAddress(octets: (127, 0, 0, 1), port: 5901) && s.cursor == .never && s.cursorHide == 2)
        #expect(throws: ConfigError.self) { try s.apply(key: "control-socket", value: "relative/path") }
        #expect(throws: ConfigError.self) { try s.apply(key: "vnc", value: "127.0.0.1:0") }
        #expect(throws: ConfigError.self) { try s.apply(key: "vnc", value: "1.2.3:5900") }
        #expect(throws: ConfigError.self) { try s.apply(key: "vnc", value: "256.0.0.1:5900") }
        #expect(throws: ConfigError.self) { try s.apply(key: "cursor", value: "sometimes") }
        try s.apply(key: "vnc", value: "localhost:5900")
        #expect(s.vnc?.description == "127.0.0.1:5900")
        let back = try KioskRunner.settings(from: s.arguments[...], over: Settings())
        #expect(back == s)
    }
}

@Suite struct ControlServerTests {
    let queue = DispatchQueue(label: "control-test")

    @Test func servesStatusAndScreenshotWithMode0660() throws {
        let path = tempSocketPath("control")
        let server = try ControlServer(path: path, queue: queue)
        let surface = try Surface(width: 8, height: 6)
        surface.clear(0xFF00_80FF)
        server.status = { "fps: 60\nidle: active\n" }
        server.screenshot = { try surface.pngData() }
        queue.sync { server.start() }
        var st = stat()
        #expect(stat(path, &st) == 0 && st.st_mode & 0o777 == 0o660 && st.st_mode & S_IFMT == S_IFSOCK)
        #expect(try ControlClient.send(.status, to: path) == .status("fps: 60\nidle: active\n"))
        guard case .png(let png) = try ControlClient.send(.screenshot, to: path) else { Issue.record("no PNG"); return }
        let decoded = try Surface.decodePNG(png)
        #expect(decoded.width == 8 && decoded.height == 6 && decoded.pixel(x: 3, y: 2) == surface.pixel(x: 3, y: 2))
        queue.sync { server.stop() }
        #expect(access(path, F_OK) != 0)
    }

    @Test func garbageGetsAnErrorAndTheConnectionCloses() throws {
        let path = tempSocketPath("control")
        let server = try ControlServer(path: path, queue: queue)
        queue.sync { server.start() }
        defer { queue.sync { server.stop() } }
        let fd = try rawConnect(path, send: [0xFF, 0x00, 0x41, 0x0A])
        defer { Syscall.close(fd) }
        let reply = String(decoding: try readAll(fd), as: UTF8.self)
        #expect(reply.hasPrefix("error "))
        let long = try rawConnect(path, send: [UInt8](repeating: 0x61, count: 200))
        defer { Syscall.close(long) }
        #expect(String(decoding: try readAll(long), as: UTF8.self).hasPrefix("error request longer"))
    }

    @Test func aClientThatNeverReadsDoesNotBlockOthersAndIsDropped() throws {
        let path = tempSocketPath("control")
        let server = try ControlServer(path: path, queue: queue)
        server.timeout = 0.5
        // 8 MB: far more than a unix socket buffers, so the server's writes would block.
        let big = [UInt8](repeating: 0x55, count: 8 << 20)
        server.screenshot = { big }
        server.status = { "ok\n" }
        queue.sync { server.start() }
        defer { queue.sync { server.stop() } }
        let stuck = try rawConnect(path, send: ControlRequest.screenshot.line)
        defer { Syscall.close(stuck) }
        Thread.sleep(forTimeInterval: 0.1)
        // The queue (the frame loop's, in the service) still runs, and others are served.
        let t0 = Syscall.monotonicNow()
        #expect(try ControlClient.send(.status, to: path, timeout: 2) == .status("ok\n"))
        #expect(Syscall.monotonicNow() - t0 < 0.4)
        Thread.sleep(forTimeInterval: 0.8)
        #expect(queue.sync { server.timedOut } == 1 && queue.sync { server.connectionCount } == 0)
        // What the stuck client gets now is a prefix, then end of file.
        let got = try readAll(stuck, timeout: 2)
        #expect(got.count < big.count + 20)
    }

    /// Clients that hang up at every step — before sending, mid-request, right after asking for
    /// a screenshot they never read — while others are served: every connection ends, and the
    /// server still answers. (Hang-ups are what libdispatch's read sources crashed on; the
    /// connections are watched by FDWatcher, and a descriptor is closed only once unwatched, so
    /// the next accept may reuse its number at once.)
    @Test func clientsHangingUpAtEveryStepLeaveNothingOpen() throws {
        let path = tempSocketPath("control")
        let server = try ControlServer(path: path, queue: queue)
        let big = [UInt8](repeating: 0x33, count: 1 << 20)
        server.screenshot = { big }
        server.status = { "ok\n" }
        queue.sync { server.start() }
        defer { queue.sync { server.stop() } }
        let half = Array(ControlRequest.status.line.prefix(3))
        for i in 0..<120 {
            switch i % 4 {
            case 0: Syscall.close(try rawConnect(path))
            case 1: Syscall.close(try rawConnect(path, send: half))
            case 2: Syscall.close(try rawConnect(path, send: ControlRequest.screenshot.line))
            default: #expect(try ControlClient.send(.status, to: path, timeout: 2) == .status("ok\n"))
            }
        }
        var open = -1
        for _ in 0..<200 {
            open = queue.sync { server.connectionCount }
            if open == 0 { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(open == 0)
        #expect(try ControlClient.send(.status, to: path, timeout: 2) == .status("ok\n"))
        #expect(queue.sync { server.served } >= 60)
    }

    @Test func connectionsOverTheCapAreRefused() throws {
        let path = tempSocketPath("control")
        let server = try ControlServer(path: path, queue: queue)
        server.maxClients = 3
        queue.sync { server.start() }
        defer { queue.sync { server.stop() } }
        var fds: [Int32] = []
        defer { fds.forEach { Syscall.close($0) } }
        for _ in 0..<3 { fds.append(try rawConnect(path)) }
        Thread.sleep(forTimeInterval: 0.1)
        let extra = try rawConnect(path)
        defer { Syscall.close(extra) }
        #expect(String(decoding: try readAll(extra), as: UTF8.self).hasPrefix("error busy"))
        #expect(queue.sync { server.refused } == 1 && queue.sync { server.connectionCount } == 3)
    }

    @Test func aFileInTheWayIsAnErrorAndAStaleSocketIsReplaced() throws {
        let path = tempSocketPath("control")
        let fd = open(path, O_CREAT | O_WRONLY, 0o600); close(fd)
        #expect(throws: PlatformError.self) { try ControlServer(path: path, queue: queue) }
        unlink(path)
        let first = try ControlServer(path: path, queue: queue)
        _ = first  // left bound, not stopped: a crashed run's socket
        let second = try ControlServer(path: path, queue: queue)
        queue.sync { second.start() }
        defer { queue.sync { second.stop() } }
        second.status = { "second\n" }
        #expect(try ControlClient.send(.status, to: path) == .status("second\n"))
        #expect(throws: PlatformError.self) { try ControlClient.send(.status, to: path + "-missing") }
    }

    @MainActor @Test func runningLoopAnswersStatusAndScreenshotEqualsThePanel() async throws {
        let dir = NSTemporaryDirectory() + "kiosk-ctl-off-\(getpid())"
        let display = try OffscreenDisplay(directory: dir, width: 64, height: 48)
        let loop = try FrameLoop(display: display, source: GalleryScene(width: 64, height: 48))
        let path = tempSocketPath("control")
        loop.control = try ControlServer(path: path)
        loop.start()
        let t0 = Syscall.monotonicNow()
        while loop.frameCount < 1 && Syscall.monotonicNow() - t0 < 10 { try await Task.sleep(nanoseconds: 20_000_000) }
        let status = try await Task.detached { try ControlClient.send(.status, to: path) }.value
        let png = try await Task.detached { try ControlClient.send(.screenshot, to: path) }.value
        loop.halt()
        guard case .status(let text) = status, case .png(let bytes) = png else { Issue.record("\(status)"); return }
        for key in ["fps:", "idle: active", "display: offscreen 64x48", "mode: 64x48@60Hz", "last-frame:", "uptime:"] {
            #expect(text.contains(key), "\(key) missing in \(text)")
        }
        let shot = try Surface.decodePNG(bytes)
        #expect(shot.width == 64 && shot.height == 48)
        var same = true
        for y in 0..<48 { for x in 0..<64 where shot.pixel(x: x, y: y) != display.panel.pixel(x: x, y: y) { same = false } }
        #expect(same)
        #expect(access(path, F_OK) != 0)
    }
}
