// onKioskIdle(after:perform:): kiosk's own modifier (SwiftUI has none) for what an unattended
// screen does when nobody is there: go back to the home screen, start an attract loop. Each screen
// (RootRenderer) keeps one KioskIdleActivity in its root environment; every touch it routes, and
// every input the frame loop sees (also a waking touch it swallowed), notes the time there. Each
// modifier keeps one entry on the screen's GraphClock at `last input + after`, so an idle screen
// costs one wakeup per action, none per touch: a touch only moves a number, and the entry, when it
// comes due early, looks again and re-dates itself.
//
// While the panel is off the frame loop runs nothing; an idle period that ended in the dark is
// owed, and its action runs at the wake-up, before the waking touch counts as activity.

/// The last input on one screen and the idle actions waiting on it.
final class KioskIdleActivity {
    /// The screen clock's time of the latest input (touch, key, or a swallowed wake-up).
    private(set) var lastInput = -Double.infinity
    private var watchers: [KioskIdleWatcher] = []

    /// Input at `time`: actions whose idle period ended before it run now; those that already
    /// ran for the last period start a new one.
    func noteInput(at time: Double) {
        guard time.isFinite else { return }
        for w in watchers where w.isArmed && time - w.idleSince(lastInput) >= w.after - 1e-9 { w.fire() }
        lastInput = max(lastInput, time)
        for w in watchers where !w.isArmed { w.rearm(from: lastInput) }
    }

    func add(_ w: KioskIdleWatcher) { watchers.append(w) }
    func remove(_ w: KioskIdleWatcher) { watchers.removeAll { $0 === w } }
}

struct KioskIdleActivityKey: EnvironmentKey {
    /// Views shown outside a screen (never drawn) share one that no input reaches.
    nonisolated(unsafe) static let defaultValue = KioskIdleActivity()
}

extension EnvironmentValues {
    var kioskIdleActivity: KioskIdleActivity {
        get { self[KioskIdleActivityKey.self] } set { self[KioskIdleActivityKey.self] = newValue }
    }
}

/// One `onKioskIdle` on screen: its period, its action, and its entry on the screen clock.
final class KioskIdleWatcher {
    var after: Double
    var action: () -> Void
    /// Waiting for its idle period to end; false once the action ran, until the next input.
    private(set) var isArmed = true
    /// The screen time the modifier appeared: idle counts from there when there was no input since.
    let appeared: Double
    private weak var activity: KioskIdleActivity?
    private weak var clock: GraphClock?
    /// Bumped to drop a scheduled entry (removed, or re-dated).
    private var generation = 0

    init(after: Double, action: @escaping () -> Void, activity: KioskIdleActivity, clock: GraphClock?) {
        self.after = after; self.action = action; self.activity = activity; self.clock = clock
        appeared = clock?.currentTime ?? 0
        schedule(at: idleSince(activity.lastInput) + after)
    }

    func idleSince(_ lastInput: Double) -> Double { max(appeared, lastInput) }

    private func schedule(at time: Double) {
        generation += 1
        let g = generation
        guard let clock, time.isFinite else { return }
        clock.schedule(at: time, .block { [weak self] in self?.due(generation: g) })
    }

    private func due(generation g: Int) {
        guard g == generation, isArmed, let activity, let clock else { return }
        let deadline = idleSince(activity.lastInput) + after
        if clock.currentTime >= deadline - 1e-9 { fire() } else { schedule(at: deadline) }
    }

    func fire() {
        isArmed = false
        generation += 1
        action()
    }

    func rearm(from time: Double) {
        guard !isCancelled else { return }
        isArmed = true
        schedule(at: time + after)
    }

    private var isCancelled = false
    func cancel() { generation += 1; isArmed = false; isCancelled = true }
}

struct _KioskIdleModifier: BuiltinModifier, LifecycleModifier {
    let after: Double
    let action: () -> Void

    func appeared(_ node: Node) {
        let activity = node.environment.kioskIdleActivity
        let w = KioskIdleWatcher(after: after, action: action, activity: activity, clock: node.graphIfAlive?.clock)
        activity.add(w)
        node.modifierState = w
    }
    func updated(_ node: Node) {
        guard let w = node.modifierState as? KioskIdleWatcher else { return }
        w.action = action
        w.after = after
    }
    func disappeared(_ node: Node) {
        guard let w = node.modifierState as? KioskIdleWatcher else { return }
        w.cancel()
        node.environment.kioskIdleActivity.remove(w)
    }
}

extension View {
    /// Runs `action` once nobody has touched the screen (or pressed a key) for `seconds`, and
    /// again after each later idle period of that length. **Kiosk's own modifier, not SwiftUI's**:
    /// an unattended screen's return-to-home and attract loop.
    ///
    /// ```swift
    /// NavigationStack(path: $path) { Home() }
    ///     .onKioskIdle(after: 90) { path.removeAll() }
    /// ```
    /// Idle time counts from the latest input anywhere on the screen, or from when this view
    /// appeared if that is later. The touch that wakes a dimmed or dark panel counts as input
    /// although the app never receives it. While the panel is off nothing runs; an idle period
    /// that ended in the dark runs its action at the wake-up, before the wake counts as input.
    /// `seconds` that is not a positive number never runs the action.
    public func onKioskIdle(after seconds: Double, perform action: @escaping () -> Void) -> some View {
        modifier(_KioskIdleModifier(after: seconds.isFinite && seconds > 0 ? seconds : .infinity, action: action))
    }
}
