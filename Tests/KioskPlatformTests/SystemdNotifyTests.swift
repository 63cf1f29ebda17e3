// SystemdNotifyTests: the sd_notify datagrams as a service manager receives them (on an AF_UNIX
// datagram socket the test binds, by path and in the abstract namespace), the watchdog's gating
// (pings while frames complete or nothing is wanted; none once a flip hangs or frames stop), and
// the frame loop sending READY=1 only once its first frame is on screen.
import Testing
@testable import Kiosk
@testable import KioskScenes
#if canImport(Glibc)
import Glibc
#endif

/// A datagram socket standing in for systemd's notify socket; `name` is what NOTIFY_SOCKET holds.
final class NotifyListener {
    let fd: Int32
    let name: String
    private let path: String?
    init(abstract: Bool) throws {
        // Random, not a counter: suites run in parallel, and two listeners sharing a name would
        // steal each other's datagrams.
        let tag = "kiosk-notify-test-\(getpid())-\(UInt64.random(in: 0...UInt64.max))-\(abstract ? "a" : "p")"
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw PlatformError("socket", path: tag, errno: .current) }
        if abstract { name = "@" + tag; path = nil } else { name = "/tmp/" + tag + ".sock"; path = name; unlink(name) }
        // Bound exactly as systemd does: abstract names without a terminator, paths with one.
        guard let (addr0, len) = Systemd.address(name) else { throw PlatformError("address", path: name, errno: .invalidArgument) }
        var addr = addr0
        let r = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) } }
        guard r == 0 else { throw PlatformError("bind", path: name, errno: .current) }
        var tv = timeval(tv_sec: 0, tv_usec: 20_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }
    deinit { close(fd); if let path { unlink(path) } }

    /// Every datagram waiting now (each read waits at most 20 ms).
    func drain() -> [String] {
        var out: [String] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buf, buf.count, 0)
            if n <= 0 { return out }
            out.append(String(decoding: buf[0..<n], as: UTF8.self))
        }
    }
}

@Suite struct SystemdProtocolTests {
    @Test func datagramReachesAPathSocket() throws {
        let l = try NotifyListener(abstract: false)
        #expect(Systemd.notify("READY=1\nSTATUS=drm 800x480", socket: l.name))
        #expect(l.drain() == ["READY=1\nSTATUS=drm 800x480"])
    }

    @Test func datagramReachesAnAbstractSocket() throws {
        // The address length must cover exactly "\0name": a trailing NUL would name another socket
        // and sendto would fail with ECONNREFUSED.
        let l = try NotifyListener(abstract: true)
        #expect(Systemd.notify("WATCHDOG=1", socket: l.name))
        #expect(Systemd.notify("STOPPING=1", socket: l.name))
        #expect(l.drain() == ["WATCHDOG=1", "STOPPING=1"])
    }

    @Test func aReaderThatLagsNeverBlocksTheSender() throws {
        // The kernel queues 10 datagrams per unix socket by default; the rest must fail at once.
        let l = try NotifyListener(abstract: true)
        let t0 = Syscall.monotonicNow()
        let sent = (0..<40).filter { Systemd.notify("WATCHDOG=1 \($0)", socket: l.name) }.count
        #expect(Syscall.monotonicNow() - t0 < 1)
        #expect(sent >= 1 && sent < 40, "\(sent) sent")
        #expect(l.drain().count == sent)
    }

    @Test func unusableAddressesAreRefusedNotCrashed() {
        #expect(Systemd.address("") == nil)
        #expect(Systemd.address("@") == nil)
        #expect(Systemd.address("relative/path") == nil)
        #expect(Systemd.address("/" + String(repeating: "x", count: 200)) == nil)
        #expect(!Systemd.notify("READY=1", socket: "/nonexistent/kiosk-notify.sock"))
    }

    @Test func watchdogIntervalFromTheEnvironment() {
        #expect(Systemd.watchdogInterval(environment: ["WATCHDOG_USEC": "10000000"]) == 10)
        #expect(Systemd.watchdogInterval(environment: ["WATCHDOG_USEC": "3000000", "WATCHDOG_PID": "\(getpid())"]) == 3)
        #expect(Systemd.watchdogInterval(environment: ["WATCHDOG_USEC": "3000000", "WATCHDOG_PID": "\(getpid() + 1)"]) == nil)
        #expect(Systemd.watchdogInterval(environment: ["WATCHDOG_USEC": "soon"]) == nil)
        #expect(Systemd.watchdogInterval(environment: ["WATCHDOG_USEC": "0"]) == nil)
        #expect(Systemd.watchdogInterval(environment: [:]) == nil)
        // No NOTIFY_SOCKET: nowhere to ping, so no watchdog either.
        #expect(ServiceNotifier(environment: ["WATCHDOG_USEC": "1000000"]).gate == nil)
    }

    @Test func gatePingsWhileFramesCompleteOrNothingIsWanted() {
        var g = WatchdogGate(interval: 10, now: 100)
        #expect(g.pingPeriod == 2.5 && g.stallLimit == 5)
        // Idle for a minute: the timer firing is the proof of life.
        #expect(g.shouldPing(now: 160, wantsFrames: false))
        // Animating: fine while frames keep landing.
        g.becameBusy(at: 160)
        g.flipSubmitted(at: 160.01); g.frameShown(at: 160.02)
        #expect(g.shouldPing(now: 163, wantsFrames: true))
        // Frames wanted, none shown for more than the stall limit (a loop that stopped drawing).
        #expect(!g.shouldPing(now: 165.1, wantsFrames: true))
        #expect(g.shouldPing(now: 165.1, wantsFrames: false))
    }

    @Test func gateStopsPingingWhenAFlipHangs() {
        var g = WatchdogGate(interval: 4, now: 0)
        g.frameShown(at: 1)
        g.flipSubmitted(at: 1.1)
        #expect(g.shouldPing(now: 2.5, wantsFrames: true))
        // The driver never sends the flip event: stalled even though the loop "wants" nothing new.
        #expect(!g.shouldPing(now: 3.2, wantsFrames: false))
        #expect(!g.shouldPing(now: 30, wantsFrames: true))
        // The event finally comes: alive again.
        g.frameShown(at: 30.1)
        #expect(g.shouldPing(now: 30.2, wantsFrames: true))
    }

    @Test func notifierExtendsTheStartTimeoutOnlyBeforeReady() throws {
        let l = try NotifyListener(abstract: true)
        let n = ServiceNotifier(environment: ["NOTIFY_SOCKET": l.name], now: 0)
        n.displayUnavailable("another process is DRM master", retryAfter: 0.5)
        n.frameShown(at: 1, summary: "drm card0 800x480")
        n.displayUnavailable("connector unplugged", retryAfter: 0.5)
        n.stopping("signal 15")
        #expect(l.drain() == [
            "EXTEND_TIMEOUT_USEC=13000000\nSTATUS=waiting for the display: another process is DRM master",
            "READY=1\nSTATUS=showing frames on drm card0 800x480",
            "STATUS=waiting for the display: connector unplugged",
            "STOPPING=1\nSTATUS=stopping (signal 15)",
        ])
    }

    @Test func monotonicTimesPrintLikeSystemdsMicroseconds() {
        #expect(ServiceNotifier.seconds(92.1) == "92.100000")
        #expect(ServiceNotifier.seconds(0.000001) == "0.000001")
        #expect(ServiceNotifier.seconds(7) == "7.000000")
    }

    @Test func outsideSystemdNothingIsSent() {
        let n = ServiceNotifier(environment: [:], now: 0)
        n.frameShown(at: 1, summary: "x")
        n.tick(now: 2, wantsFrames: false)
        #expect(n.socketPath == nil && !n.isReady && n.watchdogPings == 0)
    }
}

/// Shows its first frame at once, then queues flips whose events never come (a hung driver).
final class HangingFlipDisplay: Display {
    let width = 40, height = 30
    var presents = 0
    var summary: String { "hanging" }
    var refreshInterval: Double { 1.0 / 60 }
    var rotation: Rotation { .degrees0 }
    var isFlipPending: Bool { presents > 1 }
    func present(_ surface: Surface, damage: [IntRect]) throws -> Double? {
        presents += 1
        return presents == 1 ? Syscall.monotonicNow() : nil
    }
    func close() {}
}

@MainActor @Suite struct FrameLoopNotifyTests {
    @Test func readyAfterTheFirstFrameThenWatchdogWhileIdle() async throws {
        // A still view: one frame, then idle (an animating source on this synchronous display
        // would redraw back to back and starve the main queue other tests share).
        let l = try NotifyListener(abstract: false)
        let display = ReluctantDisplay(refusals: 0)
        let loop = try FrameLoop(display: display, source: ViewFrameSource(width: 40, height: 30) { StillView() })
        loop.service = ServiceNotifier(environment: ["NOTIFY_SOCKET": l.name, "WATCHDOG_USEC": "200000"])
        loop.start()
        var got: [String] = []
        for _ in 0..<200 where got.filter({ $0.hasPrefix("WATCHDOG=1") }).count < 3 {
            try await Task.sleep(nanoseconds: 10_000_000)
            got += l.drain()
        }
        loop.halt()
        #expect(got.first == "READY=1\nSTATUS=showing frames on reluctant", "\(got.prefix(3))")
        #expect(got.filter { $0.hasPrefix("READY=1") }.count == 1)
        #expect(got.filter { $0.hasPrefix("WATCHDOG=1") }.count >= 3, "\(got)")
        #expect(loop.frameCount == 1 && loop.service!.skippedPings == 0)
    }

    @Test func aHungFlipStopsTheWatchdog() async throws {
        let l = try NotifyListener(abstract: true)
        let display = HangingFlipDisplay()
        let loop = try FrameLoop(display: display, source: PulseScene(width: 40, height: 30))
        // 0.2 s interval: ticks every 50 ms, stalled after 0.1 s of pending flip.
        loop.service = ServiceNotifier(environment: ["NOTIFY_SOCKET": l.name, "WATCHDOG_USEC": "200000"])
        loop.start()
        var got: [String] = []
        for _ in 0..<200 where loop.service!.skippedPings < 4 {
            try await Task.sleep(nanoseconds: 10_000_000)
            got += l.drain()
        }
        try await Task.sleep(nanoseconds: 100_000_000)
        got += l.drain()
        loop.halt()
        #expect(display.presents == 2 && loop.frameCount == 2)
        #expect(got.first?.hasPrefix("READY=1") == true)
        // At most the ticks inside the 0.1 s stall limit pinged; after that, nothing but the stall status.
        let pings = got.filter { $0.hasPrefix("WATCHDOG=1") }.count
        #expect(pings <= 3, "\(got)")
        #expect(got.last?.hasPrefix("STATUS=stalled") == true, "\(got)")
        #expect(loop.service!.skippedPings >= 4)
    }

    @Test func noReadyWhileTheDisplayRefusesTheFirstFrame() async throws {
        let l = try NotifyListener(abstract: true)
        let display = ReluctantDisplay(refusals: .max)
        let loop = try FrameLoop(display: display, source: PulseScene(width: 40, height: 30))
        loop.service = ServiceNotifier(environment: ["NOTIFY_SOCKET": l.name])
        loop.start()
        try await Task.sleep(nanoseconds: 150_000_000)
        let got = l.drain()
        loop.halt()
        #expect(loop.frameCount == 0 && !loop.service!.isReady)
        #expect(!got.isEmpty && got.allSatisfy { $0.hasPrefix("EXTEND_TIMEOUT_USEC=") }, "\(got)")
    }
}
