// VirtualRun: drives a FrameSource on a virtual clock at 60 Hz with no devices — what
// `kiosk snapshot` and `kiosk bench` use, and what predicts the QEMU test's expected screen.
import Raster
import CDRM

/// A tap (down and up at one point) at a virtual time.
public struct ScheduledTap: Equatable, Sendable {
    public var location: Point
    public var time: Double
    public init(x: Double, y: Double, time: Double) { location = Point(x, y); self.time = time }

    /// Parses `X,Y@T` (or `X,Y`, meaning at time 0).
    public init(parsing s: String) throws {
        let bad = ConfigError.invalidValue(key: "tap", value: s, expected: "X,Y@SECONDS, e.g. 120,80@0.5")
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw bad }
        let xy = parts[0].split(separator: ",", omittingEmptySubsequences: false)
        guard xy.count == 2, let x = Double(xy[0]), let y = Double(xy[1]), x.isFinite, y.isFinite else { throw bad }
        var t = 0.0
        if parts.count == 2 { guard let tt = Double(parts[1]), tt >= 0, tt.isFinite else { throw bad }; t = tt }
        self.init(x: x, y: y, time: t)
    }
}

/// Scripted keys for `kiosk snapshot` / `kiosk record`: text typed as a hardware keyboard types
/// it (`--type TEXT[@T]`: a key down and up per character, "\n" is Return) or one named key
/// pressed (`--key NAME[@T]`: `return`, `tab`, `delete`, `leftArrow`, `esc`… or one character).
/// Without `@T` they come a tenth of a second after the last tap (the tap's frame focuses the
/// field first), in the order given.
public struct ScheduledKeys: Equatable, Sendable {
    public var presses: [KeyPress]
    /// Seconds on the virtual clock; nil: 0.1 s after the last tap.
    public var time: Double?

    public init(presses: [KeyPress], time: Double?) { self.presses = presses; self.time = time }

    /// `--type TEXT[@SECONDS]`. A text that itself ends in `@` and a number is written with an
    /// explicit time (`--type "a@1@0.5"`).
    public init(typing s: String) throws {
        let (text, time) = try ScheduledKeys.splitTime(s, key: "type")
        var presses: [KeyPress] = []
        for ch in text {
            let key: KeyEquivalent = ch == "\n" || ch == "\r\n" ? .return : ch == "\t" ? .tab : KeyEquivalent(ch)
            let chars = key == .return ? "\r" : String(ch)
            presses.append(KeyPress(phase: .down, key: key, characters: chars))
            presses.append(KeyPress(phase: .up, key: key, characters: chars))
        }
        self.init(presses: presses, time: time)
    }

    /// `--key NAME[@SECONDS]`.
    public init(key s: String) throws {
        let (name, time) = try ScheduledKeys.splitTime(s, key: "key")
        guard let key = KeyEquivalent(named: name) else {
            throw ConfigError.invalidValue(key: "key", value: s, expected: "a key name (return, tab, space, delete, deleteForward, escape, upArrow, downArrow, leftArrow, rightArrow, home, end, pageUp, pageDown) or one character, optionally @SECONDS")
        }
        self.init(presses: [KeyPress(phase: .down, key: key), KeyPress(phase: .up, key: key)], time: time)
    }

    /// `VALUE@SECONDS` → (VALUE, SECONDS); a value with no `@` followed by a time has none.
    private static func splitTime(_ s: String, key: String) throws -> (String, Double?) {
        guard let at = s.lastIndex(of: "@"), at != s.startIndex else { return (s, nil) }
        let tail = s[s.index(after: at)...]
        guard let t = Double(tail) else { return (s, nil) }
        guard t >= 0, t.isFinite else {
            throw ConfigError.invalidValue(key: key, value: s, expected: "a time ≥ 0 after @, e.g. \(key == "key" ? "return" : "hello")@1.5")
        }
        return (String(s[..<at]), t)
    }
}

/// Taps and keys in the order a run delivers them: by time, taps before keys at the same time,
/// keys in the order given.
public struct ScriptedInput: Sendable {
    enum Event: Sendable { case tap(Point), keys([KeyPress]) }
    private var events: [(time: Double, event: Event)]

    public init(taps: [ScheduledTap], keys: [ScheduledKeys] = []) {
        let afterTaps = (taps.map(\.time).max() ?? 0) + 0.1
        let t = taps.map { (time: $0.time, event: Event.tap($0.location)) }
        let k = keys.map { (time: $0.time ?? afterTaps, event: Event.keys($0.presses)) }
        // A stable sort: equal times keep taps first, then keys in the order given.
        events = (t + k).enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// The time of the next event not yet delivered.
    public var nextTime: Double? { events.first?.time }

    /// Delivers every event due by `run`'s time.
    public mutating func deliverDue(to run: VirtualRun) {
        while let e = events.first, e.time <= run.time + 1e-9 {
            events.removeFirst()
            switch e.event {
            case .tap(let p): run.tap(p)
            case .keys(let presses): for k in presses { run.source.handleKey(k) }
            }
        }
    }
}

/// Steps a source frame by frame on a virtual clock.
public final class VirtualRun {
    public let source: FrameSource
    public let surface: Surface
    public let frameInterval: Double
    public private(set) var time = 0.0
    public private(set) var framesDrawn = 0
    public private(set) var pixelsRepainted = 0
    private var first = true
    private var nextTouchID = 1_000_000

    public init(source: FrameSource, width: Int, height: Int, frameInterval: Double = 1.0 / 60) throws {
        self.source = source
        surface = try Surface(width: width, height: height)
        self.frameInterval = frameInterval
        // Videos play on this clock: each frame shows the video frame due at its time.
        (source as? ViewFrameSource)?.renderer.graph.waitsForVideo = true
    }

    /// Draws one frame at the current time if the source needs one (the first frame always);
    /// returns its damage.
    @discardableResult
    public func step() -> [IntRect] {
        // Blocks views queued on the main queue (`DispatchQueue.main.async`, the seeds'
        // completion pattern) run between frames, as on the panel's dispatch loop.
        if drainsMainQueue && kiosk_is_main_thread() != 0 { drainMainQueueOnMainThread(nil) }
        guard first || source.needsFrame() else { return [] }
        var d = source.renderFrame(into: surface, at: time, fullRedraw: first)
        first = false
        framesDrawn += 1
        pixelsRepainted += d.reduce(0) { $0 + $1.intersection(surface.bounds).area }
        // Images the frame asked to decode (off the main thread): wait, then draw them in at
        // this time, so a snapshot or a recording does not depend on the machine's speed.
        var rounds = 0
        while rounds < 4, source.waitForImages(timeout: 60), source.needsFrame() {
            rounds += 1
            let more = source.renderFrame(into: surface, at: time, fullRedraw: false)
            framesDrawn += 1
            pixelsRepainted += more.reduce(0) { $0 + $1.intersection(surface.bounds).area }
            d += more
        }
        // And those the frame queued (an animation's end written into a didSet), so that their
        // state changes count before idle ticks are jumped over.
        if drainsMainQueue && kiosk_is_main_thread() != 0 { drainMainQueueOnMainThread(nil) }
        return d
    }

    /// Run the main queue's blocks before each frame (`DispatchQueue.main.async` from views, as on
    /// the panel). Only for a run driven from the main thread's top level (the `kiosk` command),
    /// never from inside a main-queue block: libdispatch cannot drain the queue from within it.
    public var drainsMainQueue = false

    /// Called with the new time whenever the clock moves (view-based sources read it as `now`).
    public var onAdvance: ((Double) -> Void)?

    /// Moves the virtual clock one frame on.
    public func advance() { time += frameInterval; onAdvance?(time) }

    /// Delivers a tap now.
    public func tap(_ p: Point) {
        let id = nextTouchID; nextTouchID += 1
        source.handleTouch(TouchEvent(id: id, phase: .began, location: p, time: time))
        source.handleTouch(TouchEvent(id: id, phase: .ended, location: p, time: time))
    }

    /// Delivers one touch event of finger `id` now (a scripted drag: `.began`, `.moved`…, `.ended`).
    public func touch(_ id: Int, _ phase: TouchPhase, at p: Point) {
        source.handleTouch(TouchEvent(id: id, phase: phase, location: p, time: time))
    }

    /// Latest virtual time a run reaches: 10⁹ s (31 years). At 1e9 a Double still resolves
    /// 1.2e-7 s, far finer than a 60 Hz tick; at 1e308 adding a tick does not change the time at
    /// all, so no frame loop can get there. `kiosk snapshot --at` refuses later times (exit 2).
    public static let maxTime = 1e9

    /// Throws when `time` is not a time a run can reach (negative, not finite, past `maxTime`).
    public static func checkReachable(_ time: Double, key: String = "at") throws {
        guard time.isFinite, time >= 0, time <= maxTime else {
            throw ConfigError.invalidValue(key: key, value: "\(time)", expected: "seconds from 0 to \(Int(maxTime)) (a virtual clock past that cannot step 60 Hz frames)")
        }
    }

    /// Runs frames at `frameInterval` up to and including `end` (at most `maxTime`), delivering
    /// `taps` at their times. Stretches where the source needs no frame are jumped over.
    public func run(until end: Double, taps: [ScheduledTap] = [], keys: [ScheduledKeys] = []) {
        let end = min(end, VirtualRun.maxTime)
        var pending = ScriptedInput(taps: taps, keys: keys)
        step()
        while true {
            pending.deliverDue(to: self)
            step()
            if time + frameInterval > end + 1e-9 { break }
            skipIdleTicks(until: end, nextTap: pending.nextTime)
            advance()
        }
    }

    /// When the source needs no frame now, nothing changes before its next wakeup
    /// (`nextFrameTime(after:)`), the next tap or `end`: move the clock to the tick before the
    /// earliest of those, so that `advance()` lands on it. Frames land on the same 60 Hz ticks as
    /// stepping would give, and an idle scene at `--at 1e6` costs one frame, not 6·10⁷ steps.
    /// Only `needsFrame()` and `nextFrameTime(after:)` are read: a source with a running
    /// animation says it needs every frame, and is stepped tick by tick.
    private func skipIdleTicks(until end: Double, nextTap: Double?) {
        guard !source.needsFrame() else { return }
        // Ticks are counted from 0; the first tick at or after `t`.
        func tick(atOrAfter t: Double) -> Double { ((t - 1e-9) / frameInterval).rounded(.up) }
        let now = (time / frameInterval).rounded()
        var target = ((end + 1e-9) / frameInterval).rounded(.down)
        if let w = source.nextFrameTime(after: time) { target = min(target, tick(atOrAfter: w)) }
        if let t = nextTap { target = min(target, tick(atOrAfter: t)) }
        guard target > now + 1 else { return }
        time = (target - 1) * frameInterval
    }
}
