// LogicalCompletionAnimation: `logicallyComplete(after:)` (iOS 17). Reports logical completion
// once t ≥ the given time, unless the base reported it earlier; it never keeps the animation
// running after the base has finished (then removal reports logical completion at once).

struct LogicalCompletionAnimation: CustomAnimation {
    var base: Animation
    var duration: Double

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        let result = base.animate(value: value, time: time, context: &context)
        if time >= duration { context.isLogicallyComplete = true }
        return result
    }
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        base.velocity(value: value, time: time, context: context)
    }
    func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        base.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }
}

extension Animation {
    /// Reports the animation logically complete (for `.logicallyComplete` completions) after
    /// `duration` seconds, or earlier when the base animation says so.
    ///
    /// ```swift
    /// withAnimation(.linear(duration: 5).logicallyComplete(after: 1)) { … } completion: { … }
    /// ```
    ///
    /// A negative, NaN or infinite duration is treated as 0, with a warning.
    public func logicallyComplete(after duration: TimeInterval) -> Animation {
        Animation(LogicalCompletionAnimation(base: self, duration: AnimationInput.time(duration, "Animation.logicallyComplete(after:)")))
    }
}
