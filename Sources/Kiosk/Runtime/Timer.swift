// Timer and RunLoop: Foundation's timer API (FoundationEssentials has neither), on the screen's
// clock (Graph/GraphClock.swift), so timers follow virtual time under HeadlessHost, `kiosk
// snapshot` and `kiosk record`. A timer fires at the first frame at or after its fire time (60 Hz
// steps offscreen, vblanks on the panel): a 0.25 s timer fires on the 15th frame.
//
// A file that imports Foundation as well sees two `Timer`s and two `RunLoop`s: write `Kiosk.Timer`
// there (Foundation's would run on a run loop nobody turns under kiosk).

/// A timer that fires after an interval, once or repeatedly, on the screen's clock.
///
/// ```swift
/// Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { timer in
///     step += 1
///     if step == 10 { timer.invalidate() }
/// }
/// ```
/// As in Foundation, an interval ≤ 0 (or NaN) is taken as 0.1 ms — so a repeating one fires once
/// per frame, since missed fires are not replayed — and an infinite interval never fires. A
/// repeating timer that falls behind (a slow frame) fires once and keeps its schedule.
/// `Date()` inside the block is the wall clock; `timer.fireDate` is on the screen's clock.
public final class Timer: @unchecked Sendable {
    /// Seconds between fires.
    public let timeInterval: TimeInterval
    /// Accepted and ignored: fires land on frames anyway.
    public var tolerance: TimeInterval = 0
    /// Whatever the creator attached.
    public var userInfo: Any?
    private let repeats: Bool
    private let block: (Timer) -> Void
    private var valid = true
    private weak var clock: GraphClock?
    private var fireTime: Double?
    private var seq = -1
    /// Seconds from scheduling to the first fire (`init(fire:…)` may differ from the interval).
    private var firstDelay: Double

    /// A timer to add to a run loop (`RunLoop.main.add(timer, forMode: .common)`).
    public init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void) {
        timeInterval = Timer.sanitized(interval)
        self.repeats = repeats
        self.block = block
        firstDelay = timeInterval
    }

    /// A timer first firing at `date` (a date on the wall clock: see the class comment).
    public convenience init(fire date: Date, interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void) {
        self.init(timeInterval: interval, repeats: repeats, block: block)
        firstDelay = max(0, date.timeIntervalSinceNow)
    }

    /// Makes a timer and schedules it on the current screen's clock.
    @discardableResult
    public class func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                     block: @escaping (Timer) -> Void) -> Timer {
        let t = Timer(timeInterval: interval, repeats: repeats, block: block)
        t.schedule()
        return t
    }

    /// Foundation's "≤ 0 means 0.1 ms"; NaN likewise.
    static func sanitized(_ interval: TimeInterval) -> TimeInterval {
        interval > 0 ? interval : 0.0001
    }

    func schedule() {
        guard valid, fireTime == nil else { return }
        guard firstDelay.isFinite else { return }          // never fires; stays valid, as in Foundation
        GraphClock.scheduleOnCurrent(after: firstDelay, .timer(self, seq: 0))
    }

    /// The clock took the timer (GraphClock.schedule).
    func scheduled(on clock: GraphClock, at time: Double, seq: Int) {
        self.clock = clock
        fireTime = time
        self.seq = seq
    }

    func isLive(seq: Int) -> Bool { valid && seq == self.seq }

    func fireFromClock(scheduledAt time: Double, seq: Int, now: Double) {
        guard isLive(seq: seq) else { return }
        block(self)
        guard valid, seq == self.seq else { return }       // invalidated or re-dated by the block
        guard repeats else { invalidate(); return }
        var next = time + timeInterval
        if next <= now + 1e-9 { next = time + timeInterval * (((now - time) / timeInterval).rounded(.down) + 1) }
        if let clock { clock.schedule(at: next, .timer(self, seq: 0)) } else { invalidate() }
    }

    /// Fires now; a repeating timer keeps its schedule, a one-shot one is then invalidated.
    public func fire() {
        guard valid else { return }
        block(self)
        if !repeats { invalidate() }
    }

    /// Stops the timer for good.
    public func invalidate() {
        valid = false
        fireTime = nil
    }

    /// False once invalidated (or once a one-shot timer has fired).
    public var isValid: Bool { valid }

    /// When the timer fires next, on the screen's clock (`Date.distantFuture` if never).
    public var fireDate: Date {
        get {
            guard let fireTime, let clock else { return .distantFuture }
            return clock.startDate.addingTimeInterval(fireTime)
        }
        set {
            guard valid, let clock else { return }
            let t = newValue.timeIntervalSince(clock.startDate)
            guard t.isFinite else { return }
            clock.schedule(at: t, .timer(self, seq: 0))
        }
    }
}

/// Kiosk's stand-in for Foundation's run loop: timers added to it join the screen's clock
/// (there is one loop, the screen's frame loop; modes are accepted and ignored).
public final class RunLoop: @unchecked Sendable {
    nonisolated(unsafe) public static let main = RunLoop()
    /// The same loop: kiosk's views run on one thread.
    public class var current: RunLoop { main }

    /// Run loop modes (all the same to kiosk).
    public struct Mode: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public static let `default` = Mode("kCFRunLoopDefaultMode")
        public static let common = Mode("kCFRunLoopCommonModes")
        public static let tracking = Mode("UITrackingRunLoopMode")
    }
    /// Accepted for `Timer.publish(…, options:)`; kiosk has none.
    public struct SchedulerOptions: Sendable {}

    /// Schedules `timer` on the current screen's clock (once; adding it again does nothing).
    public func add(_ timer: Timer, forMode mode: Mode) { timer.schedule() }
}

extension Timer {
    /// A publisher that sends the date on every fire, once connected (`.autoconnect()`).
    ///
    /// ```swift
    /// let ticks = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    /// ```
    /// The dates are on the screen's clock (start date + virtual seconds offscreen).
    public static func publish(every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop,
                               in mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil) -> TimerPublisher {
        TimerPublisher(interval: interval, runLoop: runLoop, mode: mode, options: options)
    }

    /// A repeating timer whose fires are published; shared by all subscribers.
    public final class TimerPublisher: ConnectablePublisher {
        public typealias Output = Date
        public typealias Failure = Never
        public let interval: TimeInterval
        public let tolerance: TimeInterval? = nil
        public let runLoop: RunLoop
        public let mode: RunLoop.Mode
        public let options: RunLoop.SchedulerOptions?
        private let list = SubscriberList<Date>()
        private var timer: Timer?

        public init(interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode,
                    options: RunLoop.SchedulerOptions? = nil) {
            self.interval = interval
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        public func subscribe(_ receiveValue: @escaping (Date) -> Void) -> AnyCancellable { list.add(receiveValue) }

        /// Starts the timer (if not running); cancel the result to stop it.
        public func connect() -> Cancellable {
            if timer == nil {
                let list = self.list
                timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { t in list.send(t.fireDate) }
            }
            let running = timer
            return AnyCancellable { [weak self] in
                running?.invalidate()
                if let self, self.timer === running { self.timer = nil }
            }
        }
    }
}
