// VelocityTrackingAnimation: what a change runs when its transaction has no animation but
// `tracksVelocity` is true (gesture onChanged/updating): `effectiveAnimation = animation ??
// (tracksVelocity ? .velocityTracking : nil)` (notes §5). It shows the model value at once
// (offset = interval), but keeps the attribute's animator alive and samples how the value moves,
// so the spring that follows (a release) merges with the tracked velocity instead of starting
// from rest. Velocity is SwiftUI's: the newest two-sample slope mixed with the previous one
// (weight 0.75 on the previous), decaying by 0.998 per millisecond since the last sample; the
// tracker ends 2 s after its last sample.

struct VelocitySamples<V: VectorArithmetic> {
    var samples: (V, Double)? = nil
    var previous: (V, Double)? = nil
    var oldest: (V, Double)? = nil
    var lastTime: Double? { samples?.1 }

    /// Adds `value` at `time`; a sample at the same time replaces the newest one, an earlier
    /// time is ignored.
    mutating func add(_ value: V, at time: Double) {
        guard time.isFinite else { return }
        if let last = samples {
            if time < last.1 { return }
            if time - last.1 < .ulpOfOne { samples = (value, time); return }
        }
        oldest = previous
        previous = samples
        samples = (value, time)
    }

    var velocity: V {
        guard let s2 = samples, let s1 = previous, s2.1 > s1.1 else { return .zero }
        let v21 = (s2.0 - s1.0).scaled(by: 1 / (s2.1 - s1.1))
        guard let s0 = oldest, s1.1 > s0.1 else { return v21 }
        let v10 = (s1.0 - s0.0).scaled(by: 1 / (s1.1 - s0.1))
        return v21.interpolated(towards: v10, amount: 0.75)
    }
}

struct VelocityTrackingState<V: VectorArithmetic>: AnimationStateKey {
    var sampler = VelocitySamples<V>()
    static var defaultValue: VelocityTrackingState { VelocityTrackingState() }
}

struct VelocityTrackingAnimation: CustomAnimation {
    /// How long the tracker outlives its last sample.
    static let lifetime = 2.0

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard value.magnitudeSquared.isFinite else { return nil }
        let last: Double? = context.state.withValue(VelocityTrackingState<V>.self) { s in
            if s.sampler.samples.map({ $0.0 != value }) ?? true { s.sampler.add(value, at: time) }
            return s.sampler.lastTime
        }
        if let last, time - last > Self.lifetime { return nil }
        return value
    }

    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        let sampler = context.state[VelocityTrackingState<V>.self].sampler
        let since = max(0, time - (sampler.lastTime ?? time))
        return sampler.velocity.scaled(by: pow(0.998, since * 1000))
    }

    /// Takes over any running animation (the value follows the model from now on), keeping the
    /// samples when the previous one was tracking too.
    func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        if previous.as(VelocityTrackingAnimation.self) == nil {
            // Samples of an animation's own motion are not the model's: start tracking afresh
            // from where the value is shown now.
            let shown = previous.animate(value: value, time: time, context: &context) ?? value
            context.state[VelocityTrackingState<V>.self] = VelocityTrackingState()
            context.state.withValue(VelocityTrackingState<V>.self) { $0.sampler.add(shown, at: time) }
        }
        return true
    }
}

extension Animation {
    /// The animation of a change made with `Transaction.tracksVelocity` and no animation.
    static let velocityTracking = Animation(VelocityTrackingAnimation())
}
