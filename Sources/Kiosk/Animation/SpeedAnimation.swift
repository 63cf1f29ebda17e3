// SpeedAnimation: `speed(_:)`. The base animation sees t × speed: "a one-second animation with a
// speed of 2.0 completes in half the time" (Apple). Velocities scale by the same factor. Two
// animations with speed modifiers merge only when the speeds are equal.

struct SpeedAnimation: CustomAnimation {
    var base: Animation
    /// nil for a speed that cannot finish (zero, negative, not finite): the change jumps.
    var speed: Double?

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard let speed else { return nil }
        return base.animate(value: value, time: time * speed, context: &context)
    }
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        guard let speed else { return .zero }
        return base.velocity(value: value, time: time * speed, context: context)?.scaled(by: speed)
    }
    func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        guard let speed, let p = previous.as(SpeedAnimation.self), p.speed == speed else { return false }
        return base.shouldMerge(previous: p.base, value: value, time: time * speed, context: &context)
    }
}

extension Animation {
    /// Changes the speed of the animation: 2 runs twice as fast, 0.5 half as fast.
    ///
    /// ```swift
    /// .linear(duration: 1).speed(2)   // done after 0.5 s
    /// ```
    ///
    /// A speed of zero, a negative speed, NaN or infinity cannot run the animation to its end:
    /// the change jumps to its target at once, with a warning.
    public func speed(_ speed: Double) -> Animation {
        Animation(SpeedAnimation(base: self, speed: AnimationInput.speed(speed)))
    }
}
