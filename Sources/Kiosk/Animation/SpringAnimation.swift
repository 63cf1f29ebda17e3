// SpringAnimation: `interpolatingSpring`, a closed-form damped spring producing a fraction of the
// change (0 → 1, with overshoot) that scales the interval. Not mergeable: a retarget combines, so
// overlapping interpolating springs add their effects, as Apple describes. Like SwiftUI's, a
// damping ratio ζ ≥ 1 uses the critically damped form 1 − (1 + (ω0 − v0)t)·e^(−ω0 t). Logically
// complete at 2π/√k; ends when the envelope is within 0.001 of the target, but not before 1 s
// (stiffness 170, damping 15: 0.480943 at 0.1 s, logically complete at 0.481898 s, ends at 1 s).
// SwiftUI's decompiled end time divides by ζ/ω0 (168.6 s for that example), most likely a
// decompilation slip; kiosk uses ζ·ω0, the envelope's decay rate (notes §2.6, "Uncertain").

#if canImport(Glibc)
import Glibc
#endif

struct SpringAnimation: CustomAnimation {
    var mass: Double
    var stiffness: Double
    var damping: Double
    var initialVelocity: Double
    /// False when the stiffness could not be used: the change jumps.
    var isValid: Bool
    /// When the motion is over (see `settleTime`), computed once.
    var duration: Double = 0

    /// Bad input: mass not positive and finite → 1; stiffness not positive and finite → the
    /// change jumps; negative or NaN damping → 0; non-finite initial velocity → 0 (each warned).
    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        self.mass = AnimationInput.mass(mass)
        let k = AnimationInput.stiffness(stiffness)
        self.stiffness = k ?? 1
        isValid = k != nil
        self.damping = AnimationInput.damping(damping)
        if initialVelocity.isFinite {
            self.initialVelocity = initialVelocity
        } else {
            Diagnostics.warn("interpolatingSpring initialVelocity \(initialVelocity) is not finite; using 0")
            self.initialVelocity = 0
        }
        duration = settleTime
    }

    var omega0: Double { (stiffness / mass).squareRoot() }
    var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }

    /// The fraction of the change at `t`, and its rate.
    func sample(_ t: Double) -> (value: Double, velocity: Double) {
        let w0 = omega0, zeta = dampingRatio, v0 = initialVelocity
        if zeta >= 1 {
            let e = exp(-w0 * t), a = w0 - v0
            return (1 - (1 + a * t) * e, e * (w0 * (1 + a * t) - a))
        }
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        let decay = zeta * w0
        let b = (decay - v0) / wd
        let e = exp(-decay * t), c = cos(wd * t), s = sin(wd * t)
        let value = 1 - e * (c + b * s)
        let velocity = e * (decay * (c + b * s) - (-wd * s + b * wd * c))
        return (value, velocity)
    }

    /// When the motion is over: the envelope (1 + |b|)·e^(−ζω0 t) below 0.001, at least 1 s;
    /// critically and overdamped springs step in 0.1 s until they stay within 0.001 for 1 s.
    /// Undamped springs never settle and stop at `maximumSpringRunTime`.
    var settleTime: Double {
        let w0 = omega0, zeta = dampingRatio
        if zeta <= 0 { return maximumSpringRunTime }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - initialVelocity) / wd
            return min(maximumSpringRunTime, max(-log(0.001 / (1 + abs(b))) / (zeta * w0), 1))
        }
        var within: Double? = nil
        for i in 0...Int(maximumSpringRunTime * 10) {
            let t = Double(i) * 0.1
            if abs(1 - sample(t).value) < 0.001 {
                if let w = within { if t - w >= 1 - 1e-9 { return max(w, 1) } } else { within = t }
            } else {
                within = nil
            }
        }
        return maximumSpringRunTime
    }

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard isValid, time < duration else { return nil }
        let f = sample(time).value
        guard f.isFinite else { return nil }
        if time >= 2 * Double.pi / stiffness.squareRoot() { context.isLogicallyComplete = true }
        return value.scaled(by: f)
    }

    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        guard isValid, time < duration else { return .zero }
        return value.scaled(by: sample(time).velocity)
    }
}

extension Animation {
    /// An interpolating spring: a damped spring model producing a fraction of the change (0 to
    /// 1, overshooting when underdamped) that interpolates the animated value. Overlapping
    /// interpolating springs add their effects, preserving velocity.
    ///
    /// - Parameters:
    ///   - mass: The mass of the object attached to the spring.
    ///   - stiffness: The stiffness of the spring.
    ///   - damping: The spring damping value.
    ///   - initialVelocity: The initial velocity, as a fraction of the change per second.
    public static func interpolatingSpring(mass: Double = 1.0, stiffness: Double, damping: Double,
                                           initialVelocity: Double = 0.0) -> Animation {
        Animation(SpringAnimation(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity))
    }

    /// An interpolating spring with a perceptual `duration` and a `bounce`: stiffness
    /// (2π/duration)², damping 2·ζ·√stiffness with ζ from the bounce as in `spring(duration:bounce:)`.
    public static func interpolatingSpring(duration: TimeInterval = 0.5, bounce: Double = 0.0,
                                           initialVelocity: Double = 0.0) -> Animation {
        let stiffness = springStiffness(response: duration)
        let damping = springDamping(fraction: springDampingFraction(bounce: bounce), stiffness: stiffness)
        return interpolatingSpring(stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// `interpolatingSpring(duration: 0.5, bounce: 0)`.
    public static var interpolatingSpring: Animation { interpolatingSpring() }
}
