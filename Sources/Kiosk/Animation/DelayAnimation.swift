// DelayAnimation: `delay(_:)`. The base animation sees max(0, t − delay), so the value holds its
// start during the delay; a negative delay starts it that far into its course (SwiftUI's formula,
// which does not clamp the delay). Outer modifiers transform time first: `linear(1).delay(1).speed(2)`
// reads 0, 0.5, 1 at t = 0.5, 0.75, 1.0 (notes §4). Two delayed animations merge only when their
// delays are equal.

struct DelayAnimation: CustomAnimation {
    var base: Animation
    var delay: Double

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: max(0, time - delay), context: &context)
    }
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        time < delay ? .zero : base.velocity(value: value, time: time - delay, context: context)
    }
    func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        guard let p = previous.as(DelayAnimation.self), p.delay == delay else { return false }
        return base.shouldMerge(previous: p.base, value: value, time: max(0, time - delay), context: &context)
    }
}

extension Animation {
    /// Delays the start of the animation by `delay` seconds; the value holds still meanwhile.
    ///
    /// ```swift
    /// .easeIn(duration: 0.3).delay(0.5)
    /// ```
    ///
    /// A negative delay starts the animation that many seconds into its course, as if it had
    /// begun that much earlier (SwiftUI's time transform, `max(0, t − delay)`). A NaN or
    /// infinite delay is treated as 0, with a warning.
    public func delay(_ delay: TimeInterval) -> Animation {
        Animation(DelayAnimation(base: self, delay: AnimationInput.delay(delay)))
    }
}
