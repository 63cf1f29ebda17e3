// AnimationCurveTests: timing curves against the reference tables of
// shared/notes/swiftui-animation-semantics.md §1 (values and slopes to 1e-6), and the timing-curve
// animations' durations, end rule and velocities.
import Testing
@testable import Kiosk

/// Samples `animation` for a change of `value` at 60 Hz frame times k/60 (k = 1, 2, …), with
/// one context, as the engine does; returns the samples up to and including the first nil.
func samples60<V: VectorArithmetic>(_ animation: Animation, value: V, upTo seconds: Double = 5) -> [(t: Double, v: V?)] {
    var context = AnimationContext<V>()
    var out: [(t: Double, v: V?)] = []
    for k in 1...Int(seconds * 60) {
        let t = Double(k) / 60
        let v = animation.animate(value: value, time: t, context: &context)
        out.append((t, v))
        if v == nil { break }
    }
    return out
}

/// The first 60 Hz time at which the animation returns nil.
func endTime60<V: VectorArithmetic>(_ animation: Animation, value: V, upTo seconds: Double = 60) -> Double? {
    samples60(animation, value: value, upTo: seconds).first { $0.v == nil }?.t
}

@Suite struct AnimationCurveTests {
    static let progress = [0.1, 0.25, 0.5, 0.75, 0.9]

    @Test(arguments: [
        (UnitCurve.linear, [0.100000, 0.250000, 0.500000, 0.750000, 0.900000]),
        (UnitCurve.easeIn, [0.017027, 0.093465, 0.315357, 0.621862, 0.839428]),
        (UnitCurve.easeOut, [0.160572, 0.378138, 0.684643, 0.906535, 0.982973]),
        (UnitCurve.easeInOut, [0.019722, 0.129162, 0.500000, 0.870838, 0.980278]),
    ])
    func curveValues(curve: UnitCurve, expected: [Double]) {
        for (p, y) in zip(Self.progress, expected) {
            #expect(abs(curve.value(at: p) - y) < 1e-6, "\(curve) at \(p): \(curve.value(at: p)) vs \(y)")
        }
    }

    @Test(arguments: [
        (UnitCurve.easeIn, [0.324183, 0.674598, 1.073979, 1.368289, 1.535074]),
        (UnitCurve.easeOut, [1.535074, 1.368289, 1.073979, 0.674598, 0.324183]),
        (UnitCurve.easeInOut, [0.402244, 1.059262, 1.724138, 1.059262, 0.402244]),
        (UnitCurve.linear, [1, 1, 1, 1, 1]),
    ])
    func curveSlopes(curve: UnitCurve, expected: [Double]) {
        for (p, d) in zip(Self.progress, expected) {
            #expect(abs(curve.velocity(at: p) - d) < 1e-6, "\(curve) slope at \(p): \(curve.velocity(at: p)) vs \(d)")
        }
    }

    @Test func curveEndsAndDegenerateSlopes() {
        for c in [UnitCurve.linear, .easeIn, .easeOut, .easeInOut, .circularEaseIn, .circularEaseOut, .circularEaseInOut] {
            #expect(c.value(at: 0) == 0 && abs(c.value(at: 1) - 1) < 1e-12)
            #expect(c.value(at: -3) == 0 && abs(c.value(at: 7) - 1) < 1e-12, "progress is clamped")
        }
        // easeOut's first control point is the start point: dx/ds = dy/ds = 0 there; the slope is
        // the limit b_y/b_x = 3/1.74.
        #expect(abs(UnitCurve.easeOut.velocity(at: 0) - 3 / 1.74) < 1e-9)
        #expect(abs(UnitCurve.easeIn.velocity(at: 0)) < 1e-12)
        // Slope matches a central difference everywhere inside (circularEaseInOut is vertical at 0.5).
        for c in [UnitCurve.easeIn, .easeOut, .easeInOut, .circularEaseIn, .circularEaseOut, .circularEaseInOut,
                  .bezier(startControlPoint: UnitPoint(x: 0.2, y: 0.9), endControlPoint: UnitPoint(x: 0.3, y: 0.1))] {
            for p in stride(from: 0.05, through: 0.95, by: 0.05) where c != .circularEaseInOut || abs(p - 0.5) > 0.01 {
                let fd = (c.value(at: p + 1e-6) - c.value(at: p - 1e-6)) / 2e-6
                #expect(abs(c.velocity(at: p) - fd) < 1e-4 * max(1, abs(fd)), "\(c) at \(p)")
            }
        }
    }

    @Test func circularCurves() {
        // Real SwiftUI (OpenSwiftUI compatibility tests, tolerance 0.01): 0.134 and 0.866.
        #expect(abs(UnitCurve.circularEaseIn.value(at: 0.5) - (1 - 0.75.squareRoot())) < 1e-12)
        #expect(abs(UnitCurve.circularEaseOut.value(at: 0.5) - 0.75.squareRoot()) < 1e-12)
        #expect(abs(UnitCurve.circularEaseInOut.value(at: 0.5) - 0.5) < 1e-12)
        #expect(abs(UnitCurve.circularEaseInOut.value(at: 0.25) - 0.5 * (1 - 0.75.squareRoot())) < 1e-12)
    }

    @Test func bezierControlPointsAndInverse() {
        let custom = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
        #expect(custom == .easeInOut)
        // UnitCurve clamps control points to the unit square.
        let clamped = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: -2), endControlPoint: UnitPoint(x: 1.58, y: 1))
        #expect(clamped == .easeIn)
        for p in [0.1, 0.3, 0.7] {
            #expect(abs(UnitCurve.easeIn.inverse.value(at: UnitCurve.easeIn.value(at: p)) - p) < 1e-9)
            #expect(abs(UnitCurve.circularEaseIn.inverse.value(at: UnitCurve.circularEaseIn.value(at: p)) - p) < 1e-9)
        }
    }

    @Test func timingCurveAnimationsLast035sByDefault() {
        // The sample at exactly `duration` shows 100 %; the next one ends the animation.
        for a in [Animation.linear, .easeIn, .easeOut, .easeInOut, .timingCurve(0.2, 0.8, 0.4, 1)] {
            var c = AnimationContext<Double>()
            #expect(a.animate(value: 100, time: 0.35, context: &c) == 100)
            #expect(a.animate(value: 100, time: 0.3500001, context: &c) == nil)
        }
        var c = AnimationContext<Double>()
        #expect(abs(Animation.easeInOut.animate(value: 100, time: 0.0875, context: &c)! - 12.9162) < 1e-4)
        #expect(abs(Animation.easeIn(duration: 2).animate(value: 10, time: 1.5, context: &c)! - 6.21862) < 1e-5)
        #expect(abs(Animation.easeOut(duration: 2).animate(value: 10, time: 0.5, context: &c)! - 3.78138) < 1e-5)
        // 21 frames of linear(0.35) at 60 Hz: frame k shows k/21 of the change, frame 22 ends
        // (21/60 > 0.35 in Double).
        let s = samples60(Animation.linear(duration: 0.35), value: 100.0)
        #expect(abs(s[0].v! - 100.0 / 21) < 1e-9 && s.count == 22 && s[21].v == nil)
        #expect(abs(s[19].v! - 95.238095) < 1e-6)
    }

    @Test func timingCurveOvershootsAndUnitCurveVelocity() {
        // timingCurve does not clamp y: a back-easing curve overshoots.
        let back = Animation.timingCurve(0.3, 1.6, 0.6, 1.4, duration: 1)
        let peak = samples60(back, value: 1.0).compactMap { $0.v }.max()!
        #expect(peak > 1.05)
        // A Bézier animation has no velocity (SwiftUI's has none); a UnitCurve animation does:
        // interval / duration × slope.
        let c = AnimationContext<Double>()
        #expect(Animation.easeInOut(duration: 1).velocity(value: 100, time: 0.5, context: c) == nil)
        let u = Animation.timingCurve(.easeInOut, duration: 2)
        #expect(abs(u.velocity(value: 100, time: 1, context: c)! - 100 / 2 * 1.724138) < 1e-4)
        var cc = AnimationContext<Double>()
        #expect(abs(u.animate(value: 100, time: 0.5, context: &cc)! - 12.9162) < 1e-4)
        #expect(u.animate(value: 100, time: 2.01, context: &cc) == nil)
    }

    @Test func animationEqualityAndHashing() {
        #expect(Animation.easeInOut == .easeInOut(duration: 0.35))
        #expect(Animation.easeInOut != .easeIn)
        #expect(Animation.linear(duration: 1) != .linear(duration: 2))
        #expect(Set([Animation.linear, .linear(duration: 0.35), .easeIn]).count == 2)
        #expect(Animation.linear.delay(1) == Animation.linear.delay(1))
        #expect(Animation.linear.delay(1) != Animation.linear.speed(1))
    }
}
