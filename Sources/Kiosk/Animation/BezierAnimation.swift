// BezierAnimation and UnitCurveAnimation: timing-curve animations. The offset at time t is
// value × curve(t / duration); the animation ends on the first sample after `duration` (the
// sample at exactly `duration` shows 100 %), as SwiftUI's. A Bézier animation reports no
// velocity (SwiftUI's does not, so a spring that retargets it starts from rest); one built from
// a `UnitCurve` does (value / duration × slope).

/// `linear`, `easeIn`, `easeOut`, `easeInOut` and `timingCurve(_:_:_:_:duration:)`.
struct BezierAnimation: CustomAnimation {
    var duration: Double
    var curve: CubicBezier

    init(duration: Double, curve: CubicBezier) {
        self.duration = AnimationInput.time(duration, "timing curve duration")
        self.curve = curve
    }

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard duration >= time, duration > 0 else { return nil }
        return value.scaled(by: curve.value(at: min(1, max(0, time / duration))))
    }
}

/// `timingCurve(_ curve: UnitCurve, duration:)`.
struct UnitCurveAnimation: CustomAnimation {
    var duration: Double
    var curve: UnitCurve

    init(curve: UnitCurve, duration: Double) {
        self.duration = AnimationInput.time(duration, "timing curve duration")
        self.curve = curve
    }

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard duration >= time, duration > 0 else { return nil }
        return value.scaled(by: curve.value(at: min(1, max(0, time / duration))))
    }

    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        guard duration >= time, duration > 0 else { return .zero }
        let slope = curve.velocity(at: min(1, max(0, time / duration))) / duration
        return value.scaled(by: slope.isFinite ? slope : 0)
    }
}

extension Animation {
    /// An animation at constant speed.
    ///
    /// ```swift
    /// withAnimation(.linear(duration: 3)) { rows = 8 }
    /// ```
    ///
    /// - Parameter duration: seconds; NaN, ∞ and negative values make the change jump (warned).
    public static func linear(duration: TimeInterval) -> Animation {
        Animation(BezierAnimation(duration: duration, curve: CubicBezier(0, 0, 1, 1)))
    }
    /// A linear animation lasting 0.35 s.
    public static var linear: Animation { linear(duration: 0.35) }

    /// An animation that starts slowly: the Bézier (0.42, 0)–(1, 1).
    public static func easeIn(duration: TimeInterval) -> Animation {
        Animation(BezierAnimation(duration: duration, curve: CubicBezier(0.42, 0, 1, 1)))
    }
    /// An ease-in animation lasting 0.35 s.
    public static var easeIn: Animation { easeIn(duration: 0.35) }

    /// An animation that ends slowly: the Bézier (0, 0)–(0.58, 1).
    public static func easeOut(duration: TimeInterval) -> Animation {
        Animation(BezierAnimation(duration: duration, curve: CubicBezier(0, 0, 0.58, 1)))
    }
    /// An ease-out animation lasting 0.35 s.
    public static var easeOut: Animation { easeOut(duration: 0.35) }

    /// An animation that starts and ends slowly: the Bézier (0.42, 0)–(0.58, 1).
    public static func easeInOut(duration: TimeInterval) -> Animation {
        Animation(BezierAnimation(duration: duration, curve: CubicBezier(0.42, 0, 0.58, 1)))
    }
    /// An ease-in-out animation lasting 0.35 s.
    public static var easeInOut: Animation { easeInOut(duration: 0.35) }

    /// An animation along the cubic Bézier from (0, 0) through the control points
    /// (`p1x`, `p1y`) and (`p2x`, `p2y`) to (1, 1). The y values are not clamped, so a curve may
    /// overshoot (back easing).
    ///
    /// ```swift
    /// .timingCurve(0.68, -0.6, 0.32, 1.6, duration: 0.5)
    /// ```
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double,
                                   duration: TimeInterval = 0.35) -> Animation {
        func c(_ v: Double) -> Double { v.isFinite ? v : 0 }
        return Animation(BezierAnimation(duration: duration, curve: CubicBezier(min(1, max(0, c(p1x))), c(p1y),
                                                                               min(1, max(0, c(p2x))), c(p2y))))
    }

    /// An animation along the cubic Bézier with control points `p1` and `p2`.
    public static func timingCurve(_ p1: UnitPoint, _ p2: UnitPoint, duration: TimeInterval = 0.35) -> Animation {
        timingCurve(p1.x, p1.y, p2.x, p2.y, duration: duration)
    }

    /// An animation along `curve`, which also reports its velocity (so a spring that takes over
    /// keeps the motion).
    public static func timingCurve(_ curve: UnitCurve, duration: TimeInterval) -> Animation {
        Animation(UnitCurveAnimation(curve: curve, duration: duration))
    }
}
