// IdlePolicy: when an unattended kiosk dims its backlight and turns its panel off, as a pure state
// machine over two clocks it is handed: the loop's monotonic seconds (input, timeouts) and the
// local time of day (the `display-off-between` window). It decides; IdleController carries the
// decisions out (backlight, panel power, the app's scene phase), so every rule here is tested on a
// virtual clock without a device (IdlePolicyTests).
//
// The rules:
// - `idle-dim` seconds after the last input the state is `.dimmed`; `idle-off` seconds after it,
//   `.off` (0 = never, for either).
// - Inside the daily window the panel is off whenever it has been idle for a minute (or
//   `idle-off`, when that is shorter): a touch at night lights it for that long. Leaving the
//   window counts as a wake-up, so the screen comes on in the morning and the usual timeouts run
//   from then.
// - Input while `.dimmed` or `.off` wakes the panel and is swallowed (IdleController keeps the
//   rest of that touch from the app too); input while `.active` is the app's.

/// What the idle policy has done to the screen.
public enum IdleState: String, Sendable, Equatable, CaseIterable {
    /// Full brightness, drawing.
    case active
    /// The backlight is at `dim-brightness`; still drawing.
    case dimmed
    /// The panel is off and nothing is drawn.
    case off
}

/// A daily stretch of local time, `HH:MM-HH:MM`; it may run past midnight (`22:00-07:00`).
///
///     let night = try DailyWindow(parsing: "22:00-07:00")
///     night.contains(secondOfDay: 23 * 3600)   // true
public struct DailyWindow: Equatable, Sendable, CustomStringConvertible {
    /// Seconds after local midnight.
    public let start: Int, end: Int

    public init(start: Int, end: Int) throws {
        guard (0..<86400).contains(start), (0..<86400).contains(end), start != end else {
            throw ConfigError.invalidValue(key: "display-off-between", value: "\(start)-\(end)", expected: DailyWindow.expected)
        }
        self.start = start; self.end = end
    }

    static let expected = "HH:MM-HH:MM with two different times, e.g. 22:00-07:00, or none"

    /// Parses `HH:MM-HH:MM` (24-hour, local time). Equal times are refused: "always" and "never"
    /// are other settings (`idle-off`, or `none`).
    public init(parsing s: String) throws {
        let bad = ConfigError.invalidValue(key: "display-off-between", value: s, expected: DailyWindow.expected)
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = DailyWindow.time(parts[0]), let b = DailyWindow.time(parts[1]), a != b else { throw bad }
        try self.init(start: a, end: b)
    }

    /// `HH:MM` (or `H:MM`) as seconds after midnight.
    private static func time(_ s: Substring) -> Int? {
        let hm = s.split(separator: ":", omittingEmptySubsequences: false)
        guard hm.count == 2, (1...2).contains(hm[0].count), hm[1].count == 2,
              hm[0].allSatisfy(\.isASCIIDigit), hm[1].allSatisfy(\.isASCIIDigit),
              let h = Int(hm[0]), let m = Int(hm[1]), h < 24, m < 60 else { return nil }
        return h * 3600 + m * 60
    }

    /// Whether `secondOfDay` (0 ..< 86400) falls inside: from `start` included to `end` excluded.
    public func contains(secondOfDay t: Double) -> Bool {
        let s = Double(start), e = Double(end)
        return start < end ? (t >= s && t < e) : (t >= s || t < e)
    }

    /// Seconds from `secondOfDay` to the next start or end (> 0).
    public func secondsToNextBoundary(from t: Double) -> Double {
        func ahead(_ b: Int) -> Double {
            let d = Double(b) - t
            return d > 1e-6 ? d : d + 86400
        }
        return min(ahead(start), ahead(end))
    }

    public var description: String {
        func hm(_ s: Int) -> String { let h = s / 3600, m = s % 3600 / 60; return "\(h < 10 ? "0" : "")\(h):\(m < 10 ? "0" : "")\(m)" }
        return "\(hm(start))-\(hm(end))"
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// The idle state machine. Pure: it reads no clock; every call says what time it is.
///
///     var p = IdlePolicy(.init(dimAfter: 60, offAfter: 300), now: 0)
///     p.update(now: 60, secondOfDay: 0)          // (.active, .dimmed)
///     p.input(at: 61, secondOfDay: 0)            // .wake(from: .dimmed): swallow it
public struct IdlePolicy: Sendable {
    public struct Configuration: Equatable, Sendable {
        /// Seconds without input before dimming (0 = never).
        public var dimAfter: Double
        /// Seconds without input before the panel goes off (0 = never).
        public var offAfter: Double
        /// Local times between which the panel is off unless touched.
        public var offBetween: DailyWindow?
        public init(dimAfter: Double = 0, offAfter: Double = 0, offBetween: DailyWindow? = nil) {
            self.dimAfter = dimAfter; self.offAfter = offAfter; self.offBetween = offBetween
        }
        /// False when nothing is ever dimmed or turned off: the loop then keeps no idle timer.
        public var isEnabled: Bool { dimAfter > 0 || offAfter > 0 || offBetween != nil }
    }

    /// How long a touch inside the `display-off-between` window keeps the panel on (seconds).
    public static let nightWakeHold = 60.0

    /// What an input did.
    public enum InputResult: Equatable, Sendable {
        /// The panel was active: the input is the app's.
        case deliver
        /// The input woke the panel from `from`: swallow it.
        case wake(from: IdleState)
    }

    public let configuration: Configuration
    public private(set) var state = IdleState.active
    /// The loop's time of the latest input.
    public private(set) var lastInput: Double
    /// When the idle timeouts count from: the latest input, or the end of the night window.
    public private(set) var idleSince: Double
    private var wasInWindow: Bool?

    public init(_ configuration: Configuration, now: Double) {
        self.configuration = configuration
        lastInput = now; idleSince = now
    }

    /// The time without input after which the panel is off now (nil = never).
    func offTimeout(inWindow: Bool) -> Double? {
        let off = configuration.offAfter > 0 ? configuration.offAfter : nil
        guard inWindow else { return off }
        return min(off ?? IdlePolicy.nightWakeHold, IdlePolicy.nightWakeHold)
    }

    private func inWindow(_ secondOfDay: Double) -> Bool { configuration.offBetween?.contains(secondOfDay: secondOfDay) ?? false }

    /// The state the rules ask for at `now`.
    func target(now: Double, inWindow w: Bool) -> IdleState {
        let idle = now - idleSince
        if let off = offTimeout(inWindow: w), idle >= off - 1e-9 { return .off }
        if configuration.dimAfter > 0, idle >= configuration.dimAfter - 1e-9 { return .dimmed }
        return .active
    }

    /// Moves to the state `now` asks for; returns the change, or nil when there is none.
    @discardableResult
    public mutating func update(now: Double, secondOfDay: Double) -> (from: IdleState, to: IdleState)? {
        let w = inWindow(secondOfDay)
        if wasInWindow == true && !w { idleSince = max(idleSince, now) }   // morning: wake up
        wasInWindow = w
        let next = target(now: now, inWindow: w)
        guard next != state else { return nil }
        defer { state = next }
        return (state, next)
    }

    /// The timeouts count from `time` (the first frame is on screen: nobody could touch anything
    /// before it), unless they already count from later. Not input: nothing wakes.
    public mutating func countFrom(_ time: Double) {
        guard state == .active else { return }
        idleSince = max(idleSince, time)
    }

    /// Input at `time`: the idle timeouts restart, and the state is `.active` afterwards.
    public mutating func input(at time: Double, secondOfDay: Double) -> InputResult {
        lastInput = max(lastInput, time)
        idleSince = max(idleSince, time)
        wasInWindow = inWindow(secondOfDay)
        let was = state
        state = .active
        return was == .active ? .deliver : .wake(from: was)
    }

    /// The next time at or after `now` the state may change with no input: a timeout or a window
    /// edge; nil when nothing will happen until the next input (off, no window).
    public func nextDeadline(now: Double, secondOfDay: Double) -> Double? {
        let w = inWindow(secondOfDay)
        var best: Double?
        func consider(_ t: Double) { if t > now + 1e-9, best == nil || t < best! { best = t } }
        if configuration.dimAfter > 0 { consider(idleSince + configuration.dimAfter) }
        if let off = offTimeout(inWindow: w) { consider(idleSince + off) }
        if let window = configuration.offBetween { consider(now + window.secondsToNextBoundary(from: secondOfDay)) }
        return best
    }
}
