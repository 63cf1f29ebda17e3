// IdleController: carries out IdlePolicy's decisions. It dims and restores the backlight, asks
// the frame loop to turn the panel off and on, tells the app (scenePhase, onKioskIdle) through
// IdleObserver, and keeps a waking touch or key from the app to its end: the `.began` that woke the
// panel is swallowed, and so are that finger's moves and its `.ended`, so nothing under it is
// pressed. It reads no clock either — the loop (or a test's virtual clock) says what time it is —
// so FrameLoop's idle handling is this class plus one timer.
#if canImport(Glibc)
import Glibc
#endif

/// A frame source that wants to hear from the idle policy (ViewFrameSource and RootRenderer do:
/// `scenePhase` and `onKioskIdle(after:perform:)`).
public protocol IdleObserver: AnyObject {
    /// The idle state changed; `.off` makes `scenePhase` `.inactive`.
    func idleStateChanged(_ state: IdleState)
    /// Input happened at `time` (the loop's clock): delivered, or swallowed because it woke the
    /// panel. Either way the user is there, so idle actions wait again.
    func noteUserActivity(at time: Double)
}

/// The idle policy applied to a backlight, a panel and a frame source.
///
///     let idle = IdleController(policy: .init(dimAfter: 60, offAfter: 300), backlight: b, now: t0)
///     idle.setPanel = { on in … }      // the frame loop's
///     if idle.filter(touch) { source.handleTouch(touch) }
public final class IdleController {
    public private(set) var policy: IdlePolicy
    /// nil: nothing to dim (none found, or it could not be used: see ``warnings``).
    public let backlight: Backlight?
    public let dimLevel: BrightnessLevel
    /// Seconds after local midnight at a time on the loop's clock (the night window's clock).
    let secondOfDay: (Double) -> Double
    /// Turns the panel off (false) and on (true): the frame loop's display.
    public var setPanel: (Bool) -> Void = { _ in }
    /// Hears every state change and every input.
    public weak var observer: IdleObserver?
    /// Called after each state change (the loop updates systemd's STATUS=).
    public var onChange: ((IdleState) -> Void)?
    /// Problems logged once each (a backlight that cannot be written).
    public private(set) var warnings: [String] = []
    /// Wake-ups and the inputs swallowed with them (tests, `kiosk status`).
    public private(set) var wakeCount = 0, swallowedInputs = 0
    /// The time of the input that last woke the panel (the frame loop measures from it).
    public private(set) var lastWake: Double?
    /// The brightness before dimming, written back on wake; nil while not dimmed.
    private var savedBrightness: Int?
    private var panelOff = false
    private var swallowedTouches: [Int] = []
    private var swallowedKeys: [KeyEquivalent] = []

    public init(policy configuration: IdlePolicy.Configuration, backlight: Backlight?, dimLevel: BrightnessLevel = .percent(10),
                now: Double, secondOfDay: @escaping (Double) -> Double = IdleController.localSecondOfDay) {
        policy = IdlePolicy(configuration, now: now)
        self.backlight = backlight; self.dimLevel = dimLevel; self.secondOfDay = secondOfDay
    }

    public var state: IdleState { policy.state }
    /// True while the panel is off: the loop draws nothing.
    public var isPanelOff: Bool { panelOff }

    /// The state for logs and systemd's STATUS=: `active`, `dimmed`, `off`.
    public var status: String { policy.state.rawValue }

    /// Applies the state the policy asks for at `now` (the loop calls it from its idle timer).
    public func update(now: Double) {
        // How long the panel had been without input, for the log (before the policy moves on).
        let quiet = now - policy.idleSince
        if let (from, to) = policy.update(now: now, secondOfDay: secondOfDay(now)) { apply(from: from, to: to, quietFor: quiet) }
    }

    /// The first frame is on screen at `time`: the timeouts count from then (a slow start does
    /// not eat into `idle-dim`).
    public func firstFrameShown(at time: Double) { policy.countFrom(time) }

    /// When ``update(now:)`` should next run; nil: not before the next input.
    public func nextDeadline(now: Double) -> Double? { policy.nextDeadline(now: now, secondOfDay: secondOfDay(now)) }

    /// Whether the app gets `event`. A touch that begins while dimmed or off wakes the panel and
    /// is swallowed to its end; any other touch is delivered (and counts as activity).
    public func filter(_ event: TouchEvent) -> Bool {
        if let i = swallowedTouches.firstIndex(of: event.id) {
            swallowedInputs += 1
            if event.phase == .ended || event.phase == .cancelled { swallowedTouches.remove(at: i) }
            return false
        }
        let swallow = input(at: event.time) && event.phase == .began
        if swallow {
            swallowedInputs += 1
            if event.phase == .began { swallowedTouches.append(event.id) }
        }
        return !swallow
    }

    /// Whether the app gets `press` (at `time`): a key pressed while dimmed or off wakes the
    /// panel and is swallowed with its repeats and its release.
    public func filter(_ press: KeyPress, at time: Double) -> Bool {
        if let i = swallowedKeys.firstIndex(of: press.key) {
            swallowedInputs += 1
            if press.phase == .up { swallowedKeys.remove(at: i) }
            return false
        }
        let swallow = input(at: time) && press.phase == .down
        if swallow { swallowedInputs += 1; swallowedKeys.append(press.key) }
        return !swallow
    }

    /// Pointer motion or a wheel step at `time` that makes no touch (a press is a touch: use
    /// ``filter(_:)-(TouchEvent)``). A relative mouse's motion and any wheel step (`wakes`) count
    /// as input: they keep a lit panel lit and wake a dimmed or dark one, and then the event is
    /// swallowed (the wheel scrolls nothing; the cursor may show). An absolute pointer's motion (a
    /// tablet, a VNC client: a tap on one moves it first) keeps an active panel lit but wakes
    /// nothing, so the press that follows is the wake and is swallowed. Returns whether the app
    /// gets the event: false when it woke the panel.
    public func filterPointer(at time: Double, wakes: Bool) -> Bool {
        guard wakes || policy.state == .active else { return true }
        guard input(at: time) else { return true }
        swallowedInputs += 1
        return false
    }

    /// Input at `time`; true when it woke the panel.
    private func input(at time: Double) -> Bool {
        let result = policy.input(at: time, secondOfDay: secondOfDay(time))
        observer?.noteUserActivity(at: time)
        guard case .wake(let from) = result else { return false }
        wakeCount += 1
        lastWake = time
        apply(from: from, to: .active)
        return true
    }

    /// `quietFor`: seconds without input (counted from the first frame), logged with a change
    /// that time brought — the loop's own clock, which the QEMU check reads, as a slow guest's
    /// shell cannot time it to a tenth.
    private func apply(from: IdleState, to: IdleState, quietFor: Double? = nil) {
        switch to {
        case .active: restoreBrightness()
        case .dimmed: dim()
        case .off: dim()     // a panel that cannot be switched off is at least dark-ish
        }
        let off = to == .off
        if off != panelOff {
            panelOff = off
            // The app hears first, so its last update before the dark sees `.inactive`.
            if off { observer?.idleStateChanged(to) }
            setPanel(!off)
            if !off { observer?.idleStateChanged(to) }
        } else {
            observer?.idleStateChanged(to)
        }
        if let q = quietFor, q.isFinite, q >= 0, q < 1e9 {
            let tenths = Int((q * 10).rounded())
            Log.info("idle: \(from.rawValue) → \(to.rawValue) after \(tenths / 10).\(tenths % 10) s without input")
        } else {
            Log.info("idle: \(from.rawValue) → \(to.rawValue)")
        }
        onChange?(to)
    }

    private func dim() {
        guard let backlight, savedBrightness == nil else { return }
        guard let current = backlight.read() else { fail("backlight: cannot read \(backlight.directory)/brightness; not dimming"); return }
        let target = dimLevel.value(max: backlight.maxBrightness)
        guard target < current else { return }       // already darker: leave it
        do {
            try backlight.write(target)
            savedBrightness = current
        } catch {
            fail("backlight: \(error); not dimming")
        }
    }

    private func restoreBrightness() {
        guard let backlight, let saved = savedBrightness else { return }
        savedBrightness = nil
        do { try backlight.write(saved) } catch { fail("backlight: \(error); brightness not restored") }
    }

    private func fail(_ message: String) {
        guard !warnings.contains(message) else { return }
        warnings.append(message)
        Log.warning(message)
    }

    /// Before exit: the brightness back, the panel on (the console shows again).
    public func restore() {
        restoreBrightness()
        if panelOff { panelOff = false; setPanel(true) }
    }

    /// Local time of day from the wall clock (TZ, /etc/localtime); `time` is ignored, the wall
    /// clock is read now, which is when the loop asks.
    public static func localSecondOfDay(_ time: Double) -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var t = now.tv_sec
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else { return Double(now.tv_sec % 86400) }
        return Double(parts.tm_hour * 3600 + parts.tm_min * 60 + parts.tm_sec) + Double(now.tv_nsec) / 1e9
    }
}
