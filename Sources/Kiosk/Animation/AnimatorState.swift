// AnimatorState: one attribute's running animation — SwiftUI's merge/combine chain. The engine
// keeps one per animated attribute; presented value = model − interval + offset.
// SKELETON (a retarget replaces the running animation); the combining chain lands with the core.

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
    private(set) var interval: V
    private var animation: Animation
    private var begin: Double
    private var context = AnimationContext<V>()
    private var listener: AnimationListener?
    private var reportedLogical = false
    /// The velocity at the last sample, when the animation knows it (units of V per second).
    private(set) var velocity: V?

    /// Starts animating a change of `interval` at `time`.
    init(animation: Animation, interval: V, at time: Double, listener: AnimationListener?) {
        self.animation = animation
        self.interval = interval
        begin = time
        self.listener = listener
        listener?.animationStarted()
    }

    /// A new animated change of `interval` at `time` while this one runs.
    mutating func retarget(animation: Animation, interval newInterval: V, at time: Double, listener: AnimationListener?) {
        finishEntry()
        self = AnimatorState(animation: animation, interval: interval + newInterval, at: time, listener: listener)
    }

    /// The offset (0 → interval) at `time`, or nil once the animation has ended (the presented
    /// value is then the model value).
    mutating func sample(at time: Double) -> V? {
        let elapsed = max(0, time - begin)
        guard let value = animation.animate(value: interval, time: elapsed, context: &context) else {
            finishEntry()
            return nil
        }
        velocity = animation.velocity(value: interval, time: elapsed, context: context)
        if context.isLogicallyComplete && !reportedLogical { reportedLogical = true; listener?.animationLogicallyCompleted() }
        return value
    }

    /// Ends the running entry (its view is gone, or it was replaced).
    mutating func cancel() { finishEntry() }

    private mutating func finishEntry() {
        guard let l = listener else { return }
        listener = nil
        if !reportedLogical { l.animationLogicallyCompleted() }
        l.animationRemoved()
    }
}
