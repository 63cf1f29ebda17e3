// AnimationInput: what the built-in animations do with numbers they cannot use (issue 9, "Bad
// input"). Each rule gives a documented result, warns once per construction through
// `Diagnostics.warn`, and never yields an animation that runs forever (only `repeatForever`
// does). Checked in AnimationValueBadInputTests.

enum AnimationInput {
    /// A duration: NaN, ±∞ and negative values become 0 (the change jumps), with a warning.
    /// Zero is valid and not warned about.
    /// A delay: negative values are valid, as in SwiftUI, whose delay hands its base animation
    /// `max(0, t − delay)`: `delay(-0.3)` starts the animation 0.3 s into its course, as if it
    /// had begun 0.3 s earlier (a staggered `ForEach` of `delay(Double(i) * -0.1)` phases).
    /// NaN and ±∞ become 0 with a warning; below −`maximumNegativeDelay` it is that bound, with
    /// a warning (a spring fed 10³⁰⁰ s would step its 1/300 s integrator without end).
    static func delay(_ value: Double) -> Double {
        if value.isFinite, value >= -maximumNegativeDelay { return value }
        if value.isFinite {
            Diagnostics.warn("Animation.delay \(value) is more than \(Int(maximumNegativeDelay)) s before the start; using -\(Int(maximumNegativeDelay))")
            return -maximumNegativeDelay
        }
        Diagnostics.warn("Animation.delay \(value) is not a finite number of seconds; using 0")
        return 0
    }
    /// How far back a negative delay may start an animation (a day).
    static let maximumNegativeDelay = 86_400.0

    static func time(_ value: Double, _ what: String) -> Double {
        if value.isFinite, value >= 0 { return value }
        Diagnostics.warn("\(what) \(value) is not a finite non-negative number of seconds; using 0")
        return 0
    }

    /// A speed factor: NaN, ±∞, zero and negative speeds cannot run an animation to its end, so
    /// they return nil (the animation ends at once: the value jumps to its target), with a warning.
    static func speed(_ value: Double) -> Double? {
        if value.isFinite, value > 0 { return value }
        Diagnostics.warn("Animation.speed(\(value)) is not a positive finite factor; the animation ends at once")
        return nil
    }

    /// A spring's damping fraction: below 0 (the motion would grow forever) or NaN becomes 0 or
    /// 1, with a warning. Above 1 is valid (overdamped: slower, no overshoot).
    static func dampingFraction(_ value: Double) -> Double {
        if value.isNaN {
            Diagnostics.warn("spring damping fraction NaN; using 1 (critically damped)")
            return 1
        }
        if value < 0 {
            Diagnostics.warn("spring damping fraction \(value) is negative; using 0 (undamped)")
            return 0
        }
        if value > 1000 { return 1000 }
        return value
    }

    /// A spring's response or duration: NaN, ±∞ and negative become 0, an infinitely stiff
    /// spring (SwiftUI's meaning of 0), with a warning.
    static func response(_ value: Double, _ what: String) -> Double {
        if value.isFinite, value >= 0 { return value }
        Diagnostics.warn("\(what) \(value) is not a finite non-negative number of seconds; using 0 (an infinitely stiff spring)")
        return 0
    }

    /// A mass: zero, negative, NaN and ∞ become 1, with a warning.
    static func mass(_ value: Double) -> Double {
        if value.isFinite, value > 0 { return value }
        Diagnostics.warn("spring mass \(value) is not positive and finite; using 1")
        return 1
    }

    /// A stiffness: zero, negative and NaN cannot pull the value to its target; they return nil
    /// (the spring is treated as infinitely stiff: the change jumps), with a warning.
    static func stiffness(_ value: Double) -> Double? {
        if value.isFinite, value > 0 { return value }
        Diagnostics.warn("spring stiffness \(value) is not positive and finite; the change jumps")
        return nil
    }

    /// A damping coefficient: negative or NaN becomes 0, with a warning.
    static func damping(_ value: Double) -> Double {
        if value.isFinite, value >= 0 { return value }
        Diagnostics.warn("spring damping \(value) is not finite and non-negative; using 0")
        return 0
    }
}

/// A spring that has not settled after this many seconds of its own time ends there (the value
/// jumps the last, tiny, distance to its target). Only an undamped or almost undamped spring
/// (damping fraction near 0) gets this far: the bounciest preset, `.bouncy` (0.7), settles a
/// 300-point move in 1.45 s; a damping fraction of 0.05 with a 0.5 s response needs about 20 s.
let maximumSpringRunTime = 30.0

/// The dot product, from the two magnitudes VectorArithmetic offers.
@inline(__always)
func vectorDot<V: VectorArithmetic>(_ a: V, _ b: V) -> Double {
    ((a + b).magnitudeSquared - (a - b).magnitudeSquared) / 4
}
