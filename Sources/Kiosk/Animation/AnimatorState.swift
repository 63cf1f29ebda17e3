// AnimatorState: one attribute's running animation, SwiftUI's model (notes §5). The engine keeps
// one per animated attribute; the presented value is model − interval + offset, where `interval`
// is the total change animated so far and `offset` runs 0 → interval. A retarget adds its change
// to `interval` and keeps the clock (`begin`): a new animation that merges (springs) takes over
// the current offset and velocity; any other is chained onto the running one (CombinedAnimation).
// The clock starts at the commit: the sample at time t uses elapsed t − begin (no hold frames).

/// Told when the animations started under one transaction finish (withAnimation completions).
/// Each animation entry reports `started` once, then `logicallyCompleted` at most once, then
/// `removed` exactly once (which implies logical completion when it was not reported yet).
protocol AnimationListener: AnyObject {
    func animationStarted()
    func animationLogicallyCompleted()
    func animationRemoved()
}

/// The animation state of one attribute of type `V`.
struct AnimatorState<V: VectorArithmetic> {
    /// The total change being animated (the sum of every retarget's change).
    private(set) var interval: V
    /// The running animation (a `CombinedAnimation` chain after a non-merging retarget).
    private(set) var animation: Animation
    /// When the first animation started; retargets keep it.
    private(set) var begin: Double
    private var context = AnimationContext<V>()
    /// The velocity at the last sample or retarget, when the animation knows it (units of V per
    /// second): springs and `UnitCurve` timing curves do, Bézier curves do not (as SwiftUI).
    private(set) var velocity: V?
    /// True once the newest animation is logically complete.
    private(set) var isLogicallyComplete = false
    /// True once the animation has ended (or was cancelled): `sample` returns nil from then on.
    private(set) var isFinished = false

    private struct Record {
        let listener: AnimationListener
        var logical = false
    }
    /// Every entry's listener, in start order; each gets `removed` when the animator ends.
    private var records: [Record] = []
    /// Records of the newest animation still waiting for its logical completion.
    private var pending: [Int] = []
    /// An older animation watched, after a retarget, only to tell its listeners when it would
    /// have completed logically ("ignoring the new animations", Apple).
    private struct Fork {
        var animation: Animation
        var context: AnimationContext<V>
        var interval: V
        var records: [Int]
    }
    private var forks: [Fork] = []

    /// Starts animating a change of `interval` at `time`.
    ///
    /// A change that is not finite (animating toward NaN or ∞) does not animate: the first
    /// sample returns nil, so the attribute shows its model value, with a warning.
    init(animation: Animation, interval: V, at time: Double, listener: AnimationListener?) {
        self.animation = animation
        self.interval = interval
        begin = time.isFinite ? time : 0
        if let listener { add(listener) }
        if !interval.magnitudeSquared.isFinite {
            Diagnostics.warn("animating toward a non-finite value; the change jumps")
            isFinished = true
        }
    }

    /// Registers another listener on the newest animation (a second completion of the same
    /// transaction).
    mutating func addListener(_ listener: AnimationListener) {
        if isFinished {
            listener.animationStarted(); listener.animationLogicallyCompleted(); listener.animationRemoved()
            return
        }
        add(listener)
        if isLogicallyComplete { reportLogical(pending); pending.removeAll() }
    }

    private mutating func add(_ listener: AnimationListener) {
        listener.animationStarted()
        records.append(Record(listener: listener))
        pending.append(records.count - 1)
    }

    /// A new animated change of `newInterval` at `time` while this one runs.
    mutating func retarget(animation newAnimation: Animation, interval newInterval: V, at time: Double, listener: AnimationListener?) {
        if isFinished || !newInterval.magnitudeSquared.isFinite {
            // The old animation is over (or the new target is unusable, which `init` warns about
            // and makes jump): start afresh from the model value.
            finish()
            self = AnimatorState(animation: newAnimation, interval: newInterval, at: time, listener: listener)
            return
        }
        let elapsed = max(0, time - begin)
        if !pending.isEmpty && !isLogicallyComplete {
            forks.append(Fork(animation: animation, context: context, interval: interval, records: pending))
        }
        pending.removeAll()
        isLogicallyComplete = false
        context.isLogicallyComplete = false
        if newAnimation.shouldMerge(previous: animation, value: interval, time: elapsed, context: &context) {
            animation = newAnimation
        } else {
            CombinedAnimation.combine(&animation, context: &context, interval: interval, elapsed: elapsed,
                                      newAnimation: newAnimation, newInterval: newInterval)
        }
        context.isLogicallyComplete = false
        interval += newInterval
        velocity = animation.velocity(value: interval, time: elapsed, context: context)
        if let listener { add(listener) }
    }

    /// The offset at `time`, with `environment` visible to the animations (`context.environment`).
    mutating func sample(at time: Double, environment: EnvironmentValues) -> V? {
        context.environment = environment
        for i in forks.indices { forks[i].context.environment = environment }
        return sample(at: time)
    }

    /// The offset (0 → interval) at `time`, or nil once the animation has ended (the presented
    /// value is then the model value, exactly).
    mutating func sample(at time: Double) -> V? {
        guard !isFinished else { finish(); return nil }
        let elapsed = time.isFinite ? max(0, time - begin) : 0
        guard let offset = animation.animate(value: interval, time: elapsed, context: &context),
              offset.magnitudeSquared.isFinite else {
            finish()
            return nil
        }
        velocity = animation.velocity(value: interval, time: elapsed, context: context)
        if context.isLogicallyComplete && !isLogicallyComplete {
            isLogicallyComplete = true
            reportLogical(pending)
            pending.removeAll()
        }
        if !forks.isEmpty { updateForks(elapsed) }
        return offset
    }

    /// The presented value for the model value `model`: model − interval + offset, or `model`
    /// once the animation has ended.
    mutating func presented(model: V, at time: Double) -> V {
        guard let offset = sample(at: time) else { return model }
        var v = model
        v -= interval
        v += offset
        return v
    }

    /// Ends the animation (its view is gone, or its identity was reset): every entry reports
    /// removal, and logical completion first where it had not.
    /// While only a velocity tracker runs (a drag's changes with no animation) it shows the model
    /// and needs no frames: the time it ends (its last sample + its lifetime), else nil.
    var trackerEnd: Double? {
        guard animation.as(VelocityTrackingAnimation.self) != nil,
              let last = context.state[VelocityTrackingState<V>.self].sampler.lastTime else { return nil }
        return last + VelocityTrackingAnimation.lifetime
    }

    mutating func cancel() { finish() }

    private mutating func updateForks(_ elapsed: Double) {
        var i = 0
        while i < forks.count {
            // Read the fork's fields first: reading them inside the call would keep a copy of the
            // whole fork (and so a second reference to its state) alive while its state is
            // written, which forces a copy of the state every frame.
            let animation = forks[i].animation
            let interval = forks[i].interval
            let done = animation.animate(value: interval, time: elapsed, context: &forks[i].context) == nil
            if done || forks[i].context.isLogicallyComplete {
                reportLogical(forks[i].records)
                forks.remove(at: i)
            } else {
                i += 1
            }
        }
    }

    private mutating func reportLogical(_ indices: [Int]) {
        for i in indices where !records[i].logical {
            records[i].logical = true
            records[i].listener.animationLogicallyCompleted()
        }
    }

    private mutating func finish() {
        isFinished = true
        velocity = nil
        guard !records.isEmpty else { return }
        let all = records
        records.removeAll()
        pending.removeAll()
        forks.removeAll()
        for r in all where !r.logical { r.listener.animationLogicallyCompleted() }
        for r in all { r.listener.animationRemoved() }
    }
}
