// FluidSpringAnimation: what `Animation.spring(…)`, `.smooth`, `.snappy`, `.bouncy`,
// `interactiveSpring` and `.default` run. Not the closed form: SwiftUI integrates offset, velocity
// and force in fixed 1/300 s velocity-Verlet steps (notes §2.5), so the frame rate does not
// change the motion, and kiosk does the same, step for step, including the zero initial force and
// the Double-accumulated step clock. Reference (60 Hz samples, unit move of `spring()` =
// (0.5, 0.825)): 0.407970 at 0.1 s, 0.805948 at 0.2 s, 1.006794 at 0.5 s, ends at 0.533 s,
// logically complete at 0.5 s. Springs merge: a new spring takes over the running animation's
// offset and velocity, and eases from the old response to its own over `blendDuration`.

#if canImport(Glibc)
import Glibc
#endif

/// The integrator's state, kept in the animation context between frames.
struct FluidSpringState<V: VectorArithmetic>: AnimationStateKey {
    var offset: V = .zero
    var velocity: V = .zero
    var force: V = .zero
    /// The step clock: time simulated so far (runs up to one step ahead of the last sample).
    var time: Double = 0
    /// When this spring (re)started: logical completion is `response` later.
    var startTime: Double = 0
    var blendStart: Double = 0
    /// Old response minus new, eased to 0 over `blendDuration` after a merge.
    var blendInterval: Double = 0
    static var defaultValue: FluidSpringState { FluidSpringState() }
}

struct FluidSpringAnimation: CustomAnimation {
    var response: Double
    var dampingFraction: Double
    var blendDuration: Double

    /// Bad input: a negative or non-finite response is 0 (infinitely stiff, which the
    /// integrator caps at stiffness 45 000, as SwiftUI); a negative damping fraction is 0; a
    /// negative or non-finite blend duration is 0 (each warned). See `AnimationInput`.
    init(response: Double, dampingFraction: Double, blendDuration: Double) {
        self.response = AnimationInput.response(response, "spring response")
        self.dampingFraction = AnimationInput.dampingFraction(dampingFraction)
        self.blendDuration = AnimationInput.time(blendDuration, "spring blendDuration")
    }

    /// SwiftUI caps the stiffness at 45 000 (a 0.0296 s response) so a 1/300 s step stays stable.
    static let maximumStiffness = 45000.0
    static let step = 1.0 / 300
    /// Past c·h/2 = 1 the explicit damping term flips the velocity's sign every step and the
    /// motion grows; capping c at 2/h = 600 keeps heavily overdamped springs (ζ ≫ 1) finite.
    /// Every ordinary spring is far below it (`spring()`: c = 20.7; response 0, ζ 0.825: 350).
    static let maximumDamping = 600.0

    // Prespecialised for the engine's common data (a number, a point or size, a frame): the
    // integrator runs ~5 steps of ~12 vector operations per frame for each spring, and the
    // generic code reaches each operation through witness tables.
    @_specialize(exported: false, kind: full, where V == Double)
    @_specialize(exported: false, kind: full, where V == AnimatablePair<Double, Double>)
    @_specialize(exported: false, kind: full, where V == AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>)
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard value.magnitudeSquared.isFinite, time.isFinite else { return nil }
        let response = self.response, fraction = dampingFraction, blend = blendDuration
        var logical = false
        let result: V? = context.state.withValue(FluidSpringState<V>.self) { s in
            var r = response
            if blend > 0, s.blendInterval != 0 {
                let p = min(1, max(0, (time - s.blendStart) / blend))
                r = response + s.blendInterval * (1 - p * p * (3 - 2 * p))
            }
            let k = r > 0 ? min((2 * Double.pi / r) * (2 * Double.pi / r), Self.maximumStiffness) : Self.maximumStiffness
            let c = min(springDamping(fraction: fraction, stiffness: k), Self.maximumDamping)
            if time - s.startTime >= r { logical = true }
            if time - s.time > 1 { s.time = time - 1.0 / 60 }
            let h = Self.step
            // A sample that simulates nothing (at the instant of a start or merge) never ends
            // the spring: right after a merge that returns the value to where it started
            // (interval 0) from rest, force and velocity are both 0 and the end test would pass,
            // making the value jump. SwiftUI never samples at that instant (its first frames
            // hold); kiosk samples at commit time, so it keeps such a spring running instead.
            let stepped = s.time < time
            while s.time < time {
                var half = s.force
                half.scale(by: h / 2)
                half += s.velocity                      // v½ = v + F·h/2
                s.offset += half.scaled(by: h)          // x += v½·h
                var pull = value
                pull -= s.offset
                pull.scale(by: k)
                s.force = pull
                s.force -= half.scaled(by: c)           // F = k(V − x) − c·v½
                s.velocity = s.force.scaled(by: h / 2)
                s.velocity += half                      // v = v½ + F·h/2
                s.time += h
            }
            if time - s.startTime > maximumSpringRunTime { return nil }
            if !stepped { return s.offset }
            if max(s.velocity.magnitudeSquared, s.force.magnitudeSquared) > 0.0036 { return s.offset }
            let tolerance = value.scaled(by: 0.01).magnitudeSquared
            if tolerance > 0, tolerance < (value - s.offset).magnitudeSquared { return s.offset }
            return nil
        }
        if logical { context.isLogicallyComplete = true }
        return result
    }

    // As `animate`: unspecialised, each sample looked up FluidSpringState<V>'s metadata.
    @_specialize(exported: false, kind: full, where V == Double)
    @_specialize(exported: false, kind: full, where V == AnimatablePair<Double, Double>)
    @_specialize(exported: false, kind: full, where V == AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>)
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        context.state[FluidSpringState<V>.self].velocity
    }

    /// Always merges: the spring continues from where `previous` is at `time`, with its
    /// velocity. As SwiftUI, the velocity is read before `previous` is advanced to `time` (for a
    /// spring that is the velocity of its last sample), the offset after; a previous animation
    /// that has just finished counts as at its end. Reference (notes §5): spring(0.5, 0.825)
    /// 0 → 100 sampled to 14/60 s, retargeted at 0.25 s: offset 90.987038, velocity 188.394467.
    func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        let velocity = previous.velocity(value: value, time: time, context: context)
        let offset = previous.animate(value: value, time: time, context: &context) ?? value
        let previousResponse = previous.as(FluidSpringAnimation.self)?.response
        let response = self.response
        context.state.withValue(FluidSpringState<V>.self) { s in
            if let velocity { s.velocity = velocity }
            s.offset = offset
            s.time = time
            s.startTime = time
            if let previousResponse, previousResponse != response {
                s.blendInterval = previousResponse - response
                s.blendStart = time
            }
        }
        context.isLogicallyComplete = false
        return true
    }
}

extension Animation {
    /// A persistent spring animation. When mixed with other `spring()` or `interactiveSpring()`
    /// animations on the same property, each animation is replaced by its successor, preserving
    /// velocity from one to the next. Optionally blends the response values between springs over
    /// a time period.
    ///
    /// - Parameters:
    ///   - response: The stiffness of the spring, as an approximate duration in seconds. Zero
    ///     requests an infinitely stiff spring.
    ///   - dampingFraction: The drag applied to the value, as a fraction of the critical damping.
    ///   - blendDuration: Seconds over which a change of response is interpolated.
    @_disfavoredOverload
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation {
        Animation(FluidSpringAnimation(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    /// A persistent spring animation with a perceptual `duration` and a `bounce` (0: no bounce,
    /// up to 1: undamped; negative: overdamped). `spring()` and `.spring` are this, critically
    /// damped with a 0.5 s duration.
    ///
    /// ```swift
    /// withAnimation(.spring(duration: 0.4, bounce: 0.2)) { expanded.toggle() }
    /// ```
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0.0, blendDuration: Double = 0) -> Animation {
        spring(response: duration, dampingFraction: springDampingFraction(bounce: bounce), blendDuration: blendDuration)
    }

    /// A persistent spring animation with the default parameters (duration 0.5 s, no bounce).
    public static var spring: Animation { spring() }

    /// A persistent spring animation from a `Spring` value.
    public static func spring(_ spring: Spring, blendDuration: TimeInterval = 0.0) -> Animation {
        Animation.spring(response: spring.response, dampingFraction: spring.dampingRatio, blendDuration: blendDuration)
    }

    /// A spring with a short response, for driving interactive animations.
    @_disfavoredOverload
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86,
                                         blendDuration: TimeInterval = 0.25) -> Animation {
        Animation(FluidSpringAnimation(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration))
    }

    /// A spring with a short duration, for driving interactive animations: bounce 0.15 plus
    /// `extraBounce`.
    public static func interactiveSpring(duration: TimeInterval = 0.15, extraBounce: Double = 0.0,
                                         blendDuration: TimeInterval = 0.25) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce, blendDuration: blendDuration)
    }

    /// `interactiveSpring()` with its default parameters.
    public static var interactiveSpring: Animation { interactiveSpring() }

    /// A smooth spring with no bounce (duration 0.5 s).
    public static var smooth: Animation { smooth() }
    /// A smooth spring, with `extraBounce` added to its bounce of 0.
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Animation {
        spring(duration: duration, bounce: extraBounce)
    }
    /// A spring with a small bounce (0.15) that feels snappy.
    public static var snappy: Animation { snappy() }
    /// A snappy spring, with `extraBounce` added to its bounce of 0.15.
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce)
    }
    /// A spring with a visible bounce (0.3).
    public static var bouncy: Animation { bouncy() }
    /// A bouncy spring, with `extraBounce` added to its bounce of 0.3.
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Animation {
        spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}
