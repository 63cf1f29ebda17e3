// DefaultAnimation: `Animation.default`, what `withAnimation { }` uses. kiosk reads it as Apple
// documents it for iOS 17+: a spring with response 0.55 and damping fraction 1.0 (a unit change
// ends at 0.883 s, a 100-pt move at 1.383 s; logically complete at 0.55 s). See ENGINE.md,
// "Animation.default". Like SwiftUI's, it is its own type: it equals only itself and describes
// itself as "DefaultAnimation()", and passes animate, velocity and merging to its base.

struct DefaultAnimation: CustomAnimation, CustomStringConvertible {
    static let base = Animation(FluidSpringAnimation(response: 0.55, dampingFraction: 1.0, blendDuration: 0))

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        Self.base.animate(value: value, time: time, context: &context)
    }
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        Self.base.velocity(value: value, time: time, context: context)
    }
    func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        Self.base.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }
    var description: String { "DefaultAnimation()" }
}

extension Animation {
    /// The animation `withAnimation` uses when given none: a spring with response 0.55 and
    /// damping fraction 1 (no bounce).
    public static let `default` = Animation(DefaultAnimation())
}
