// UnitCurve: a function from progress 0…1 to value 0…1 — the shape of every timing-curve
// animation. Bézier curves are solved for x by Newton's method with a bisection fallback, to
// 1e-12 in x (SwiftUI solves to 2⁻²⁰ and rounds its output to multiples of 2⁻²⁰; kiosk keeps the
// exact value, which differs from SwiftUI's by at most 4.8e-7 — easeIn(0.75) = 0.621862 here,
// 0.621861 there).

#if canImport(Glibc)
import Glibc
#endif

/// A function that maps progress in 0…1 to a value, usually also in 0…1.
///
/// ```swift
/// let curve = UnitCurve.easeInOut
/// curve.value(at: 0.25)      // 0.129162
/// curve.velocity(at: 0.5)    // 1.724138
/// ```
public struct UnitCurve: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case bezier(CubicBezier)
        case circularEaseIn, circularEaseOut, circularEaseInOut
    }
    let kind: Kind

    /// A cubic Bézier curve from (0, 0) to (1, 1) with the two control points. Control points are
    /// clamped to the unit square, as SwiftUI's, so the curve is a function of progress.
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        func c(_ v: Double) -> Double { v.isFinite ? min(1, max(0, v)) : 0 }
        return UnitCurve(kind: .bezier(CubicBezier(c(startControlPoint.x), c(startControlPoint.y),
                                                   c(endControlPoint.x), c(endControlPoint.y))))
    }

    /// The value at `progress` (clamped to 0…1).
    public func value(at progress: Double) -> Double {
        let p = progress.isNaN ? 0 : min(1, max(0, progress))
        switch kind {
        case .bezier(let b): return b.value(at: p)
        case .circularEaseIn: return 1 - (1 - p * p).squareRoot()
        case .circularEaseOut: return ((2 - p) * p).squareRoot()
        case .circularEaseInOut:
            return p < 0.5 ? 0.5 * (1 - (1 - 4 * p * p).squareRoot())
                           : 0.5 * ((1 - (2 * p - 2) * (2 * p - 2)).squareRoot() + 1)
        }
    }

    /// The rate of change of the value with respect to progress at `progress` (clamped to 0…1).
    /// Circular curves have an infinite slope at one end; there this returns `.infinity`.
    public func velocity(at progress: Double) -> Double {
        let p = progress.isNaN ? 0 : min(1, max(0, progress))
        switch kind {
        case .bezier(let b): return b.slope(at: p)
        case .circularEaseIn: return p / (1 - p * p).squareRoot()
        case .circularEaseOut: return (1 - p) / ((2 - p) * p).squareRoot()
        case .circularEaseInOut:
            if p < 0.5 { return 2 * p / (1 - 4 * p * p).squareRoot() }
            let u = 2 * p - 2
            return -u / (1 - u * u).squareRoot()
        }
    }

    /// The curve with its axes swapped, so `inverse.value(at: value(at: p)) == p`. Circular
    /// curves swap in for out; `circularEaseInOut` is returned unchanged (it has no closed-form
    /// inverse of the same family).
    public var inverse: UnitCurve {
        switch kind {
        case .bezier(let b): return UnitCurve(kind: .bezier(CubicBezier(b.p1y, b.p1x, b.p2y, b.p2x)))
        case .circularEaseIn: return .circularEaseOut
        case .circularEaseOut: return .circularEaseIn
        case .circularEaseInOut: return self
        }
    }

    /// Constant speed.
    public static let linear = UnitCurve(kind: .bezier(CubicBezier(0, 0, 1, 1)))
    /// Starts slowly: the Bézier (0.42, 0)–(1, 1).
    public static let easeIn = UnitCurve(kind: .bezier(CubicBezier(0.42, 0, 1, 1)))
    /// Ends slowly: the Bézier (0, 0)–(0.58, 1).
    public static let easeOut = UnitCurve(kind: .bezier(CubicBezier(0, 0, 0.58, 1)))
    /// Starts and ends slowly: the Bézier (0.42, 0)–(0.58, 1).
    public static let easeInOut = UnitCurve(kind: .bezier(CubicBezier(0.42, 0, 0.58, 1)))
    /// A quarter circle starting slowly: 1 − √(1 − p²).
    public static let circularEaseIn = UnitCurve(kind: .circularEaseIn)
    /// A quarter circle ending slowly: √(1 − (p − 1)²).
    public static let circularEaseOut = UnitCurve(kind: .circularEaseOut)
    /// Two quarter circles, slow at both ends.
    public static let circularEaseInOut = UnitCurve(kind: .circularEaseInOut)
}

/// A cubic Bézier from (0, 0) to (1, 1) in polynomial form: x(s) = ((aₓs + bₓ)s + cₓ)s, the same
/// for y, with c = 3·p1, b = 3·(p2 − p1) − c, a = 1 − c − b.
struct CubicBezier: Hashable, Sendable {
    let p1x, p1y, p2x, p2y: Double
    let ax, bx, cx, ay, by, cy: Double

    init(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) {
        self.p1x = p1x; self.p1y = p1y; self.p2x = p2x; self.p2y = p2y
        cx = 3 * p1x; bx = 3 * (p2x - p1x) - cx; ax = 1 - cx - bx
        cy = 3 * p1y; by = 3 * (p2y - p1y) - cy; ay = 1 - cy - by
    }

    static func == (a: CubicBezier, b: CubicBezier) -> Bool {
        a.p1x == b.p1x && a.p1y == b.p1y && a.p2x == b.p2x && a.p2y == b.p2y
    }
    func hash(into h: inout Hasher) { h.combine(p1x); h.combine(p1y); h.combine(p2x); h.combine(p2y) }

    @inline(__always) func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    @inline(__always) func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    @inline(__always) func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    @inline(__always) func dy(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// The curve parameter s with x(s) = `x`, for x in 0…1: up to 8 Newton steps from s = x,
    /// then bisection on [0, 1] (x(s) is monotonic for control x in 0…1). Converges to 1e-12.
    func solve(_ target: Double) -> Double {
        if target <= 0 { return 0 }
        if target >= 1 { return 1 }
        var s = target
        for _ in 0..<8 {
            let err = x(s) - target
            if abs(err) < 1e-12 { return s }
            let d = dx(s)
            if abs(d) < 1e-9 { break }
            s -= err / d
        }
        if s >= 0, s <= 1, abs(x(s) - target) < 1e-12 { return s }
        var lo = 0.0, hi = 1.0
        s = target
        for _ in 0..<64 {
            let v = x(s)
            if abs(v - target) < 1e-12 { break }
            if v < target { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    func value(at p: Double) -> Double { y(solve(p)) }

    /// dy/dx at progress p. Where dx/ds vanishes (a control point on the start or end point,
    /// as easeOut's (0, 0)), the limit is the ratio of the second derivatives.
    func slope(at p: Double) -> Double {
        let s = solve(p)
        let ddx = dx(s), ddy = dy(s)
        if abs(ddx) > 1e-9 { return ddy / ddx }
        let d2x = 6 * ax * s + 2 * bx, d2y = 6 * ay * s + 2 * by
        return abs(d2x) > 1e-12 ? d2y / d2x : 0
    }
}
