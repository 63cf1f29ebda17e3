// Affine: a 2×3 transform, the same convention as CGAffineTransform:
//   x' = a·x + c·y + tx,  y' = b·x + d·y + ty.
// `a.concatenating(b)` applies `a` first, then `b`.

/// A 2-D affine transform.
public struct Affine: Hashable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double
    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    @inlinable public static func translation(_ x: Double, _ y: Double) -> Affine {
        Affine(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    @inlinable public static func scale(_ sx: Double, _ sy: Double) -> Affine {
        Affine(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }
    /// Rotation by `radians`, clockwise on screen (y down), like SwiftUI's rotationEffect.
    @inlinable public static func rotation(_ radians: Double) -> Affine {
        let s = _sin(radians), co = _cos(radians)
        return Affine(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }
    /// Rotation by `radians` about `center`.
    @inlinable public static func rotation(_ radians: Double, about center: Point) -> Affine {
        translation(-center.x, -center.y).concatenating(.rotation(radians))
            .concatenating(.translation(center.x, center.y))
    }
    /// `self` first, then `t`.
    @inlinable public func concatenating(_ t: Affine) -> Affine {
        Affine(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
               c: c * t.a + d * t.c, d: c * t.b + d * t.d,
               tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    @inlinable public func translatedBy(_ x: Double, _ y: Double) -> Affine { Affine.translation(x, y).concatenating(self) }
    @inlinable public func scaledBy(_ x: Double, _ y: Double) -> Affine { Affine.scale(x, y).concatenating(self) }
    @inlinable public func rotatedBy(_ r: Double) -> Affine { Affine.rotation(r).concatenating(self) }
    @inlinable public var determinant: Double { a * d - b * c }
    @inlinable public var isIdentity: Bool { self == .identity }
    /// True when the transform only translates.
    @inlinable public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }
    /// True when the transform maps axis-aligned rectangles to axis-aligned rectangles.
    @inlinable public var isAxisAligned: Bool { (b == 0 && c == 0) || (a == 0 && d == 0) }
    /// Finite and invertible (|det| above 1e-12).
    @inlinable public var isInvertible: Bool {
        let det = determinant
        return det.isFinite && Swift.abs(det) > 1e-12 && tx.isFinite && ty.isFinite
    }
    /// The inverse, or nil for a singular or non-finite transform.
    @inlinable public func inverted() -> Affine? {
        guard isInvertible else { return nil }
        let inv = 1 / determinant
        let na = d * inv, nb = -b * inv, nc = -c * inv, nd = a * inv
        return Affine(a: na, b: nb, c: nc, d: nd, tx: -(tx * na + ty * nc), ty: -(tx * nb + ty * nd))
    }
    @inlinable public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }
    /// Applies only the linear part (for vectors).
    @inlinable public func applyVector(_ p: Point) -> Point { Point(a * p.x + c * p.y, b * p.x + d * p.y) }
    /// The bounding box of the transformed rectangle.
    @inlinable public func apply(_ r: Rect) -> Rect {
        if r.isEmpty { return .zero }
        let p0 = apply(Point(r.minX, r.minY)), p1 = apply(Point(r.maxX, r.minY))
        let p2 = apply(Point(r.minX, r.maxY)), p3 = apply(Point(r.maxX, r.maxY))
        let x0 = Swift.min(Swift.min(p0.x, p1.x), Swift.min(p2.x, p3.x))
        let x1 = Swift.max(Swift.max(p0.x, p1.x), Swift.max(p2.x, p3.x))
        let y0 = Swift.min(Swift.min(p0.y, p1.y), Swift.min(p2.y, p3.y))
        let y1 = Swift.max(Swift.max(p0.y, p1.y), Swift.max(p2.y, p3.y))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The largest factor by which the transform stretches a length (the larger singular value).
    /// Flattening tolerances divide by it so curves stay smooth when scaled up.
    @inlinable public var maxScale: Double {
        let p = a * a + b * b, q = c * c + d * d, r = a * c + b * d
        let m = (p + q) * 0.5, dd = ((p - q) * (p - q) * 0.25 + r * r).squareRoot()
        return (m + dd).squareRoot()
    }
    public var description: String { "[\(a) \(b) \(c) \(d) \(tx) \(ty)]" }
}

// Foundation-free trigonometry: Raster imports only C modules, so use Glibc's.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
@inlinable func _sin(_ x: Double) -> Double { sin(x) }
@inlinable func _cos(_ x: Double) -> Double { cos(x) }
