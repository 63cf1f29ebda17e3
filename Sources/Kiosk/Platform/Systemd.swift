// Systemd: the service-manager protocol without libsystemd — sd_notify datagrams to
// $NOTIFY_SOCKET (a path or an abstract "@name") and the watchdog. With `Type=notify` the unit is
// "started" only once the first frame is on screen, so `After=kiosk.service` units and boot charts
// mean something; with `WatchdogSec=` systemd restarts a kiosk whose frames stopped completing
// (a flip that never comes back from a hung driver, a process stopped with SIGSTOP).
#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// Tells the service manager about the kiosk's state when it runs under systemd.
///
///     Systemd.notify("READY=1\nSTATUS=showing gallery")
public enum Systemd {
    /// Sends `state` to `$NOTIFY_SOCKET`; does nothing (and returns false) outside systemd.
    @discardableResult
    public static func notify(_ state: String) -> Bool {
        guard let p = getenv("NOTIFY_SOCKET") else { return false }
        return notify(state, socket: String(cString: p))
    }

    /// Sends `state` as one datagram to the AF_UNIX socket `path` ("@name": abstract namespace).
    /// Returns false when the address is unusable or the datagram could not be sent whole.
    @discardableResult
    public static func notify(_ state: String, socket path: String) -> Bool {
        guard let (resolved, len) = address(path) else { return false }
        var addr = resolved
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        let bytes = Array(state.utf8)
        let sent = withUnsafePointer(to: &addr) { ap in
            // Never block the frame loop: a unix datagram socket whose reader lags (10 queued by
            // default, net.unix.max_dgram_qlen) would park the main queue in sendto; a lost
            // WATCHDOG=1 costs nothing, the next tick sends another.
            ap.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT), $0, len) }
        }
        return sent == bytes.count
    }

    /// The socket address for `path`: a filesystem path (absolute, as systemd gives it) or "@name"
    /// for the abstract namespace (leading NUL, no terminator; the length counts exactly the name).
    static func address(_ path: String) -> (sockaddr_un, socklen_t)? {
        var bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)
        guard bytes.count > 1, bytes[0] == UInt8(ascii: "@") || bytes[0] == UInt8(ascii: "/") else { return nil }
        let abstract = bytes[0] == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 } else { bytes.append(0) }
        guard bytes.count <= capacity else { return nil }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { b in for (i, c) in bytes.enumerated() { b[i] = c } }
        return (addr, socklen_t(MemoryLayout<sa_family_t>.size + bytes.count - (abstract ? 0 : 1)))
    }

    /// The watchdog period systemd asks for (`WATCHDOG_USEC`, for this process when
    /// `WATCHDOG_PID` is set), in seconds; nil when there is no watchdog.
    public static func watchdogInterval(environment: [String: String], pid: Int32 = getpid()) -> Double? {
        guard let s = environment["WATCHDOG_USEC"], let usec = UInt64(s), usec > 0 else { return nil }
        if let p = environment["WATCHDOG_PID"], Int32(p) != pid { return nil }
        return Double(usec) / 1e6
    }
}

/// When the frame loop may tell systemd it is alive. Pinging from a timer alone would prove only
/// that the main queue runs; kiosk must also be getting frames onto the screen. So the ping stops
/// when a page flip has been pending for `stallLimit` (a hung driver never sends the event), or
/// when the loop wants frames and none completed for `stallLimit`. An idle kiosk (nothing to draw)
/// and one paused on another VT keep pinging: the timer firing shows the loop is not stuck.
/// A stopped or deadlocked process sends nothing at all, and systemd restarts it.
public struct WatchdogGate: Sendable {
    /// systemd's `WatchdogSec=` in seconds.
    public let interval: Double
    /// A flip pending this long, or frames wanted and none shown for this long, stops the pings:
    /// half the interval, so systemd acts within 1.5 intervals of the stall.
    public var stallLimit: Double { interval / 2 }
    /// How often the loop asks: four times a period (systemd recommends at least twice).
    public var pingPeriod: Double { interval / 4 }
    private(set) var lastShown: Double
    private(set) var flipPendingSince: Double?

    public init(interval: Double, now: Double) { self.interval = interval; lastShown = now }

    /// A frame reached the screen (a present returned it shown, or its flip event came).
    public mutating func frameShown(at t: Double) { lastShown = max(lastShown, t); flipPendingSince = nil }
    /// A flip was queued; it counts as a stall until ``frameShown(at:)``.
    public mutating func flipSubmitted(at t: Double) { if flipPendingSince == nil { flipPendingSince = t } }
    /// The loop starts wanting frames after being idle: the stall clock starts now, not at the
    /// last frame of the previous burst.
    public mutating func becameBusy(at t: Double) { lastShown = max(lastShown, t) }

    /// True when `WATCHDOG=1` may be sent at `now`; `wantsFrames`: the loop has a frame to show.
    public func shouldPing(now: Double, wantsFrames: Bool) -> Bool {
        if let f = flipPendingSince, now - f > stallLimit { return false }
        if wantsFrames, now - lastShown > stallLimit { return false }
        return true
    }
}

/// What the frame loop tells systemd: READY=1 after the first frame is on screen, STATUS= with the
/// display and frame rate, WATCHDOG=1 gated by ``WatchdogGate``, EXTEND_TIMEOUT_USEC while the
/// display cannot show the first frame yet, STOPPING=1 on exit. Does nothing outside systemd.
public final class ServiceNotifier {
    /// `$NOTIFY_SOCKET`, or nil outside systemd (then every call is a no-op).
    public let socketPath: String?
    public private(set) var gate: WatchdogGate?
    public private(set) var isReady = false
    /// Datagrams sent (tests and the e2e log count them).
    public private(set) var watchdogPings = 0
    public private(set) var skippedPings = 0
    private var timer: DispatchSourceTimer?
    private var summary = ""
    private var shownSinceStatus = 0
    private var statusTime = 0.0
    private var lastStatus = ""
    private var wasBusy = false
    private var loggedStall = false
    /// The idle policy's state (`active`, `dimmed`, `off`), shown in STATUS= after the frame rate.
    public private(set) var idleState: String?
    private var lastFPS = 0

    /// From the process environment: `NOTIFY_SOCKET`, `WATCHDOG_USEC`, `WATCHDOG_PID`.
    public init(environment: [String: String] = ProcessEnvironment.current, now: Double = Syscall.monotonicNow()) {
        socketPath = environment["NOTIFY_SOCKET"]
        if socketPath != nil, let i = Systemd.watchdogInterval(environment: environment) { gate = WatchdogGate(interval: i, now: now) }
    }

    @discardableResult
    func send(_ state: String) -> Bool {
        guard let socketPath else { return false }
        return Systemd.notify(state, socket: socketPath)
    }

    /// A frame is on screen at `t`: the first one makes the unit ready.
    public func frameShown(at t: Double, summary: @autoclosure () -> String) {
        gate?.frameShown(at: t)
        shownSinceStatus += 1
        guard !isReady, socketPath != nil else { return }
        isReady = true
        self.summary = summary()
        statusTime = t; shownSinceStatus = 0
        lastStatus = "showing frames on \(self.summary)"
        // Both times on CLOCK_MONOTONIC, systemd's clock for ActiveEnterTimestampMonotonic: the
        // e2e test checks frame shown ≤ READY=1 sent ≤ unit active from this line.
        let sent = Syscall.monotonicNow()
        send("READY=1\nSTATUS=\(lastStatus)")
        Log.info("systemd: READY=1 after the first frame, shown at \(Self.seconds(t)) s, sent at \(Self.seconds(sent)) s (CLOCK_MONOTONIC)")
    }

    /// `t` with microseconds, as systemd prints monotonic timestamps.
    static func seconds(_ t: Double) -> String {
        let us = Int64((t * 1e6).rounded())
        let frac = String(us % 1_000_000)
        return "\(us / 1_000_000).\(String(repeating: "0", count: 6 - frac.count))\(frac)"
    }

    /// A present queued a flip at `t` (its frame shows when the event comes).
    public func flipSubmitted(at t: Double) { gate?.flipSubmitted(at: t) }

    /// The display cannot show frames now (`reason`; the loop retries in `retryAfter` s). Before
    /// the first frame that is waiting for a display that is not there yet: ask systemd for more
    /// start time, so `TimeoutStartSec=` does not kill a kiosk waiting for its screen.
    public func displayUnavailable(_ reason: String, retryAfter: Double) {
        guard socketPath != nil else { return }
        let status = "waiting for the display: \(reason)"
        let extend = isReady ? "" : "EXTEND_TIMEOUT_USEC=\(UInt64((max(retryAfter, 1) * 3 + 10) * 1e6))\n"
        if !extend.isEmpty || status != lastStatus {
            lastStatus = status
            send("\(extend)STATUS=\(status)")
        }
    }

    /// Before exit.
    public func stopping(_ reason: String) {
        timer?.cancel(); timer = nil
        send("STOPPING=1\nSTATUS=stopping (\(reason))")
    }

    /// Starts the watchdog timer on `queue`; `wantsFrames` says whether the loop has frames to
    /// show right now (asked on the queue, at each tick). No watchdog asked for: no timer, and an
    /// idle kiosk keeps making no wakeups at all.
    public func startWatchdog(queue: DispatchQueue = .main, wantsFrames: @escaping () -> Bool) {
        guard let g = gate, timer == nil else { return }
        let t = DispatchSource.makeTimerSource(queue: queue)
        t.schedule(deadline: .now() + g.pingPeriod, repeating: g.pingPeriod, leeway: .milliseconds(Int(g.pingPeriod * 100)))
        t.setEventHandler { [weak self] in self?.tick(now: Syscall.monotonicNow(), wantsFrames: wantsFrames()) }
        t.resume()
        timer = t
        Log.info("systemd: watchdog every \(g.interval) s (pinged while frames complete)")
    }

    private var statusLine: String { "\(summary), \(lastFPS) fps" + (idleState.map { ", idle: \($0)" } ?? "") }

    /// The idle policy changed state: STATUS= says so at once (no watchdog tick may come while
    /// the panel is dark: there is nothing to ping about but the timer).
    public func idleStateChanged(_ state: String) {
        idleState = state
        guard isReady, socketPath != nil else { return }
        if state == "off" { lastFPS = 0 }
        let status = statusLine
        if status != lastStatus { lastStatus = status; send("STATUS=\(status)") }
    }

    /// Cancels the watchdog timer (the loop halted; the timer must not outlive it).
    public func stopWatchdog() { timer?.cancel(); timer = nil }

    /// One watchdog tick: ping if the gate allows, and refresh STATUS= with the frame rate.
    public func tick(now: Double, wantsFrames: Bool) {
        guard var g = gate else { return }
        if wantsFrames && !wasBusy { g.becameBusy(at: now) }
        wasBusy = wantsFrames
        gate = g
        if g.shouldPing(now: now, wantsFrames: wantsFrames) {
            var msg = "WATCHDOG=1"
            if isReady, now - statusTime >= 1 {
                let fps = Double(shownSinceStatus) / (now - statusTime)
                lastFPS = Int(fps.rounded())
                let status = statusLine
                statusTime = now; shownSinceStatus = 0
                if status != lastStatus { lastStatus = status; msg += "\nSTATUS=\(status)" }
            }
            if send(msg) { watchdogPings += 1 }
            loggedStall = false
        } else {
            skippedPings += 1
            if !loggedStall {
                loggedStall = true
                Log.error("systemd: frames stopped completing (flip pending or no frame for \(g.stallLimit) s); not pinging the watchdog")
                send("STATUS=stalled: no frame completed for \(g.stallLimit) s")
            }
        }
    }
}
