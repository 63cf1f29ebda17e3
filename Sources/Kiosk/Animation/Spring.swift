// Spring: the iOS 17 spring value type — a damped harmonic oscillator stored as angular
// frequency ω (negative when overdamped), decay constant λ and mass m, with closed-form position
// and velocity. `Animation.spring(_:)` runs the same parameters through the 1/300 s integrator of
// FluidSpringAnimation; these closed forms serve the value API and `interpolatingSpring`.
// Reference numbers (notes §2.4): Spring(duration: 0.5, bounce: 0.3) has stiffness 157.913670,
// damping 17.592919; Spring(mass: 1, stiffness: 100, damping: 10) has duration 0.628319, bounce 0.5.

#if canImport(Glibc)
import Glibc
#endif

/// A representation of a spring's motion.
///
/// ```swift
/// let spring = Spring(duration: 0.5, bounce: 0.3)
/// spring.stiffness                                          // 157.9
/// spring.value(target: 1.0, initialVelocity: 0, time: 0.2)  // 0.873711
/// ```
public struct Spring: Hashable, Sendable {
    /// Angular frequency of the oscillation; negative for an overdamped spring (then its
    /// magnitude is √(λ² − k/m)).
    var angularFrequency: Double
    var decayConstant: Double
    var _mass: Double

    init(angularFrequency: Double, decayConstant: Double, mass: Double) {
        self.angularFrequency = angularFrequency; self.decayConstant = decayConstant; _mass = mass
    }

    /// A spring with a perceptual `duration` and a `bounce` (0: critically damped; up to 1:
    /// undamped; down to −1: overdamped). The damping fraction is 1 − bounce, or 1/(1 + bounce)
    /// for negative bounce; bounce is clamped to −1…1 (−1 gives the most damped spring kiosk runs,
    /// ζ = 1000).
    ///
    /// Bad input: a duration that is zero, negative or not finite is treated as 0.001 s (an
    /// effectively instant spring), with a warning for the negative and non-finite cases.
    public init(duration: TimeInterval = 0.5, bounce: Double = 0.0) {
        self.init(response: duration, dampingRatio: springDampingFraction(bounce: bounce.isNaN ? 0 : min(1, max(-1, bounce))))
    }

    /// A spring with a `response` (the period of the undamped spring, in seconds) and a
    /// `dampingRatio` (0: undamped, 1: critically damped, above 1: overdamped). A negative or NaN
    /// ratio is treated as 0 or 1, with a warning.
    public init(response: Double, dampingRatio: Double) {
        let r = max(0.001, AnimationInput.response(response, "Spring response"))
        let zeta = min(1000, max(0, AnimationInput.dampingFraction(dampingRatio)))
        let omega0 = 2 * Double.pi / r
        let w = abs(1 - zeta * zeta).squareRoot() * omega0
        self.init(angularFrequency: zeta > 1 ? -w : w, decayConstant: zeta * omega0, mass: 1)
    }

    /// A spring from its physical parameters. When `damping` exceeds the critical damping
    /// 2√(km) and `allowOverDamping` is false, the spring is treated as critically damped.
    ///
    /// Bad input: a mass that is not positive and finite is 1; a stiffness that is not positive
    /// and finite is that of a 0.001 s spring; a negative or NaN damping is 0 (each warned).
    public init(mass: Double = 1.0, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let m = AnimationInput.mass(mass)
        let k = AnimationInput.stiffness(stiffness) ?? m * (2 * Double.pi / 0.001) * (2 * Double.pi / 0.001)
        let c = AnimationInput.damping(damping)
        let lambda = c / (2 * m)
        let omega0 = (k / m).squareRoot()
        if lambda > omega0 && !allowOverDamping {
            self.init(angularFrequency: 0, decayConstant: omega0, mass: m)
        } else {
            let w = abs(k / m - lambda * lambda).squareRoot()
            self.init(angularFrequency: lambda > omega0 ? -w : w, decayConstant: lambda, mass: m)
        }
    }

    /// The perceptual duration: 2π / √(k/m). For this spring equal to `response`.
    public var duration: TimeInterval { 2 * Double.pi / (decayConstant * decayConstant + angularFrequency * abs(angularFrequency)).squareRoot() }
    /// The period of the undamped spring (the same number as `duration`).
    public var response: Double { duration }
    /// How bouncy the spring is: 1 − ζ, or 1/ζ − 1 when overdamped.
    public var bounce: Double {
        let zeta = dampingRatio
        return angularFrequency >= 0 ? 1 - zeta : 1 / zeta - 1
    }
    /// The damping fraction ζ: 0 undamped, 1 critical.
    public var dampingRatio: Double { decayConstant * duration / (2 * Double.pi) }
    /// The mass.
    public var mass: Double { _mass }
    /// The spring constant k = m(λ² + ω|ω|).
    public var stiffness: Double { _mass * (decayConstant * decayConstant + angularFrequency * abs(angularFrequency)) }
    /// The damping coefficient c = 2mλ.
    public var damping: Double { 2 * _mass * decayConstant }

    /// The time until a unit move from rest stays within 0.001 of its target.
    public var settlingDuration: TimeInterval { settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001) }

    /// The time until a move to `target` starting at `initialVelocity` stays within `epsilon`.
    /// Underdamped springs use the envelope −ln(ε / (|λT − v0| + |T|)) / λ; critically damped and
    /// overdamped ones step in 0.1 s until the value stays within ε for 1 s (so the answer is a
    /// multiple of 0.1 s), as SwiftUI. A spring with no damping never settles: `.infinity`.
    public func settlingDuration<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, epsilon: Double) -> TimeInterval {
        let eps = epsilon.isFinite && epsilon > 0 ? epsilon : 0.001
        if decayConstant <= 0 { return .infinity }
        if angularFrequency > 0 {
            var a = target.scaled(by: decayConstant)
            a -= initialVelocity
            let s = a.magnitudeSquared.squareRoot() + target.magnitudeSquared.squareRoot()
            if s <= eps { return 0 }
            return -log(eps / s) / decayConstant
        }
        var within: Double? = nil
        for i in 0...100_000 {
            let t = Double(i) * 0.1
            let d = (target - value(target: target, initialVelocity: initialVelocity, time: t)).magnitudeSquared.squareRoot()
            if d < eps {
                if let w = within { if t - w >= 1 - 1e-9 { return w } } else { within = t }
            } else {
                within = nil
            }
        }
        return within ?? .infinity
    }

    /// The position at `time` of a spring that starts at 0 with `initialVelocity` (units of the
    /// target per second) and pulls toward `target`.
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let (a, b) = positionCoefficients(time)
        return target.scaled(by: a) + initialVelocity.scaled(by: b)
    }

    /// The velocity at `time` of the motion `value(target:initialVelocity:time:)` describes.
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let (a, b) = velocityCoefficients(time)
        return target.scaled(by: a) + initialVelocity.scaled(by: b)
    }

    /// Advances a spring state by `deltaTime`: `value` and `velocity` move toward `target`.
    public func update<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V, deltaTime: TimeInterval) {
        let d = target - value
        let x = self.value(target: d, initialVelocity: velocity, time: deltaTime)
        velocity = self.velocity(target: d, initialVelocity: velocity, time: deltaTime)
        value += x
    }

    /// The force on a mass at `position` with `velocity`: k(target − position) − c·velocity.
    public func force<V: VectorArithmetic>(target: V, position: V, velocity: V) -> V {
        (target - position).scaled(by: stiffness) - velocity.scaled(by: damping)
    }

    /// x(t) = a·T + b·v0 for the unit step T and initial velocity v0 (notes §2.3).
    func positionCoefficients(_ t: Double) -> (Double, Double) {
        let l = decayConstant, w = angularFrequency
        guard t > 0 else { return (0, 0) }
        let e = exp(-l * t)
        if w > 0 {
            let s = sin(w * t), c = cos(w * t)
            return (1 - e * (l * s / w + c), e * s / w)
        } else if w == 0 {
            return (1 - e * (1 + l * t), e * t)
        } else {
            let a = -w, r1 = a - l, r2 = -a - l
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (1 - ((l + a) * e1 - (l - a) * e2) / (2 * a), (e1 - e2) / (2 * a))
        }
    }

    /// v(t) = a·T + b·v0, the time derivatives of `positionCoefficients`.
    func velocityCoefficients(_ t: Double) -> (Double, Double) {
        let l = decayConstant, w = angularFrequency
        let t = max(0, t)
        let e = exp(-l * t)
        if w > 0 {
            let s = sin(w * t), c = cos(w * t)
            return (e * (l * l / w + w) * s, e * (c - l * s / w))
        } else if w == 0 {
            return (e * l * l * t, e * (1 - l * t))
        } else {
            let a = -w, r1 = a - l, r2 = -a - l
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (-((l + a) * r1 * e1 - (l - a) * r2 * e2) / (2 * a), (r1 * e1 - r2 * e2) / (2 * a))
        }
    }

    /// A smooth spring with no bounce (duration 0.5 s).
    public static let smooth = Spring(duration: 0.5, bounce: 0)
    /// A smooth spring with `extraBounce` added to its bounce of 0.
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }
    /// A spring with a little bounce (0.15).
    public static let snappy = Spring(duration: 0.5, bounce: 0.15)
    /// A snappy spring with `extraBounce` added to its bounce of 0.15.
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }
    /// A spring with a visible bounce (0.3).
    public static let bouncy = Spring(duration: 0.5, bounce: 0.3)
    /// A bouncy spring with `extraBounce` added to its bounce of 0.3.
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}

/// SwiftUI's map from bounce to damping fraction: 1 − b for b ≥ 0, 1/(1 + b) for b < 0.
@inline(__always)
func springDampingFraction(bounce: Double) -> Double {
    bounce < 0 ? 1 / (bounce + 1) : 1 - bounce
}

/// (2π / response)², infinite for a response of 0 or less.
@inline(__always)
func springStiffness(response: Double) -> Double {
    response <= 0 ? .infinity : (2 * Double.pi / response) * (2 * Double.pi / response)
}

/// 2·√stiffness·fraction.
@inline(__always)
func springDamping(fraction: Double, stiffness: Double) -> Double {
    2 * stiffness.squareRoot() * fraction
}
