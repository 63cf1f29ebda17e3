// GraphClock: each screen's timers and delayed blocks (`Timer`, `DispatchQueue.main.asyncAfter`),
// on the screen's own clock — the clock its frames are drawn at: virtual under HeadlessHost,
// `kiosk snapshot` and `kiosk record`, CLOCK_MONOTONIC on the panel. The graph fires what is due
// at the start of each update, and a due entry counts as a wake-up, so the hosts draw a frame at
// its time. An animation sequenced by timers therefore renders the same frames offscreen as on
// the panel.
//
// Which clock a timer joins (no Foundation run loop exists to ask):
// 1. the screen whose work runs on this thread (a body, onAppear, a gesture, a timer callback);
// 2. while a host builds its content view (HeadlessHost, ViewFrameSource, an App's main), that host;
// 3. otherwise the screen made most recently that is still alive;
// 4. before any screen exists, the first one made.
// (3) is a guess when several screens live at once (tests running hosts in parallel): make
// timers from the views' own work there.

import Raster

final class GraphClock: @unchecked Sendable {
    enum Action {
        case timer(Timer, seq: Int)
        case block(() -> Void)
    }
    private struct Entry {
        var time: Double
        var seq: Int
        var action: Action
    }
    private struct State {
        var entries: [Entry] = []
        var seq = 0
    }
    private let state = Locked(State())
    private weak var graph: ViewGraph?

    func attach(to graph: ViewGraph) { self.graph = graph }

    /// A graph was made: it becomes the fallback screen and takes the timers made before any.
    static func created(_ graph: ViewGraph) {
        let orphans = registry.withLock { r -> [(delay: Double, action: Action)] in
            r.mostRecent = WeakGraph(graph)
            defer { r.orphans = [] }
            return r.orphans
        }
        if !orphans.isEmpty { graph.clock.adopt(orphans) }
    }

    /// The current time on this clock: the host's "now" (ViewGraph.hostNow), so entries scheduled
    /// between frames count from it, not from the last frame's time (which may be long ago).
    var currentTime: Double {
        let frameTime = graph?.time ?? 0
        guard let now = graph?.hostNow else { return frameTime }
        let t = now()
        return t.isFinite ? max(frameTime, t) : frameTime
    }
    /// The wall-clock date at time 0.
    var startDate: Date { graph?.startDate ?? Date() }

    /// Schedules `action` `delay` seconds from now; returns the entry's sequence number.
    @discardableResult
    func schedule(after delay: Double, _ action: Action) -> Int {
        guard !delay.isNaN, delay < .infinity else { return -1 }      // never due
        return schedule(at: currentTime + max(0, delay), action)
    }

    @discardableResult
    func schedule(at time: Double, _ action: Action) -> Int {
        let seq = state.withLock { s -> Int in
            s.seq += 1
            var a = action
            if case .timer(let t, _) = action { a = .timer(t, seq: s.seq) }
            s.entries.append(Entry(time: time, seq: s.seq, action: a))
            return s.seq
        }
        if case .timer(let t, _) = action { t.scheduled(on: self, at: time, seq: seq) }
        graph?.needsUpdate = true
        return seq
    }

    /// The earliest time something live is due.
    var nextTime: Double? {
        state.withLock { s in
            var best: Double?
            for e in s.entries {
                if case .timer(let t, let seq) = e.action, !t.isLive(seq: seq) { continue }
                if best == nil || e.time < best! { best = e.time }
            }
            return best
        }
    }

    /// Runs the entries due at `time`, earliest first. Entries they schedule for now or earlier
    /// wait for the next update (so a block that re-schedules itself cannot stall a frame).
    func fireDue(at time: Double) {
        let due: [Entry] = state.withLock { s in
            guard s.entries.contains(where: { $0.time <= time + 1e-9 }) else { return [] }
            let d = s.entries.filter { $0.time <= time + 1e-9 }
            s.entries.removeAll { $0.time <= time + 1e-9 }
            return d.sorted { ($0.time, $0.seq) < ($1.time, $1.seq) }
        }
        for e in due {
            switch e.action {
            case .block(let b): b()
            case .timer(let t, let seq): t.fireFromClock(scheduledAt: e.time, seq: seq, now: time)
            }
        }
    }

    /// Drops every entry (the screen is gone).
    func removeAll() { state.withLock { $0.entries.removeAll() } }

    /// Drops the entry `seq` returned by `schedule` (a block no longer wanted: left due, it would
    /// still wake the screen for a frame that draws nothing).
    func cancel(_ seq: Int) {
        guard seq >= 0 else { return }
        state.withLock { s in s.entries.removeAll { $0.seq == seq } }
    }

    // MARK: Which clock

    private struct WeakGraph { weak var graph: ViewGraph?; init(_ g: ViewGraph) { graph = g } }
    private struct Registry {
        var mostRecent: WeakGraph?
        var orphans: [(delay: Double, action: Action)] = []
    }
    private static let registry = Locked(Registry())

    /// Where a timer made now on this thread goes (see the top of the file).
    enum Target { case clock(GraphClock), collecting, orphan }

    static var target: Target {
        let context = ThreadContext.current
        if let g = context.graph { return .clock(g.clock) }
        if context.collectedClockEntries != nil { return .collecting }
        if let g = registry.withLock({ $0.mostRecent?.graph }) { return .clock(g.clock) }
        return .orphan
    }

    /// The screen whose work runs on this thread, else the newest screen (UIApplication.windows).
    static var currentGraph: ViewGraph? {
        ThreadContext.current.graph ?? registry.withLock { $0.mostRecent?.graph }
    }

    /// Whether any screen exists to own a delayed block (asyncAfter falls back to Dispatch if not).
    static var hasTarget: Bool {
        if case .orphan = target { return false }
        return true
    }

    /// Schedules `action` on the clock this thread's timers go to.
    /// Returns the clock and the entry's number when it went to a screen's clock (for `cancel`).
    @discardableResult
    static func scheduleOnCurrent(after delay: Double, _ action: Action) -> (clock: GraphClock, seq: Int)? {
        switch target {
        case .clock(let c): return (c, c.schedule(after: delay, action))
        case .collecting: ThreadContext.current.collectedClockEntries!.append((delay, action))
        case .orphan: registry.withLock { $0.orphans.append((delay, action)) }
        }
        return nil
    }

    /// Runs `body` (a host building its content view) collecting the timers it makes, for
    /// `adopt` once the host's graph exists.
    static func collecting<T>(_ body: () -> T) -> (T, [(delay: Double, action: Action)]) {
        let context = ThreadContext.current
        let previous = context.collectedClockEntries
        context.collectedClockEntries = []
        let value = body()
        let collected = context.collectedClockEntries ?? []
        context.collectedClockEntries = previous
        return (value, collected)
    }

    func adopt(_ entries: [(delay: Double, action: Action)]) {
        for e in entries { schedule(after: e.delay, e.action) }
    }
}
