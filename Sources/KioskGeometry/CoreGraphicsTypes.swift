// CoreGraphicsTypes: kiosk's own CGFloat, CGPoint, CGSize, CGVector, CGRect and CGAffineTransform,
// with the API SwiftUI code uses from CoreGraphics/Foundation.
//
// Why not Foundation's: on Linux, Foundation's CGSize/CGPoint/CGRect live in NSGeometry.swift.o,
// whose one data section also holds their NSCoder (NSSpecialValueCoding) witnesses. The first
// generic use of any of them (an `[CGSize]`, an `Optional<CGRect>`) keeps that section alive, and
// with it NSCoder, CFString and ICU's data: a stripped static `kiosk` was 59.9 MB, of which ICU is
// ≈ 30 MB (`lld --why-live=icudt76_dat` shows the chain). Kiosk therefore re-exports only
// FoundationEssentials (Date, Data, URL, UUID, JSONEncoder …, no ICU) and declares these types.
//
// `CGFloat` is `Double`: on every 64-bit platform CGFloat is a Double underneath, and SwiftUI code
// relies on the two converting implicitly (`let r: CGFloat = someDouble`), which a distinct struct
// could not do.
//
// They live in a module of their own, which Kiosk re-exports type by type (`@_exported import
// struct KioskGeometry.CGSize`, Views/View.swift). A file that writes `import Foundation` beside
// `import Kiosk` sees two `CGSize`s; Swift's name lookup drops a declaration reached only through
// unscoped imports when the other is reached through a scoped one, so kiosk's wins and the file
// compiles unchanged (declared in Kiosk itself, both would be reached unscoped: "'CGFloat' is
// ambiguous for type lookup"). Foundation's types are still there as `Foundation.CGSize`.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The basic floating-point type of geometry, as in CoreGraphics. On 64-bit platforms it is `Double`.
public typealias CGFloat = Double

/// A point in a two-dimensional coordinate system.
public struct CGPoint: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: CGFloat
    public var y: CGFloat
    @inlinable public init() { x = 0; y = 0 }
    @inlinable public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    @inlinable public init(x: Int, y: Int) { self.x = CGFloat(x); self.y = CGFloat(y) }
    /// The point at the origin, (0, 0).
    public static let zero = CGPoint()
    /// The point transformed by `t`.
    @inlinable public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
    public var description: String { "(\(x), \(y))" }
    // Foundation encodes a point as the unkeyed pair [x, y]; so do we, so saved data stays readable.
    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        x = try c.decode(CGFloat.self); y = try c.decode(CGFloat.self)
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(x); try c.encode(y)
    }
}

/// A width and a height.
public struct CGSize: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: CGFloat
    public var height: CGFloat
    @inlinable public init() { width = 0; height = 0 }
    @inlinable public init(width: CGFloat, height: CGFloat) { self.width = width; self.height = height }
    @inlinable public init(width: Int, height: Int) { self.width = CGFloat(width); self.height = CGFloat(height) }
    /// The size whose width and height are both zero.
    public static let zero = CGSize()
    /// The size transformed by `t` (translation ignored).
    @inlinable public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
    public var description: String { "(\(width), \(height))" }
    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        width = try c.decode(CGFloat.self); height = try c.decode(CGFloat.self)
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(width); try c.encode(height)
    }
}

/// A two-dimensional vector.
public struct CGVector: Hashable, Sendable, Codable, CustomStringConvertible {
    public var dx: CGFloat
    public var dy: CGFloat
    @inlinable public init() { dx = 0; dy = 0 }
    @inlinable public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    /// The vector whose components are both zero.
    public static let zero = CGVector()
    public var description: String { "(\(dx), \(dy))" }
}

/// A rectangle: an origin and a size. A negative width or height extends from the origin the other
/// way; the `min`/`max`/`width`/`height` accessors read the standardized rectangle, and two rectangles
/// are equal when their standardized forms are, as in CoreGraphics and Foundation.
public struct CGRect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var origin: CGPoint
    public var size: CGSize
    @inlinable public init() { origin = .zero; size = .zero }
    @inlinable public init(origin: CGPoint, size: CGSize) { self.origin = origin; self.size = size }
    @inlinable public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        origin = CGPoint(x: x, y: y); size = CGSize(width: width, height: height)
    }
    @inlinable public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x: CGFloat(x), y: CGFloat(y), width: CGFloat(width), height: CGFloat(height))
    }
    /// The rectangle at the origin with zero size.
    public static let zero = CGRect()
    /// The null rectangle: what the intersection of two disjoint rectangles is.
    public static let null = CGRect(x: .infinity, y: .infinity, width: 0, height: 0)
    /// A rectangle with no bounds.
    public static let infinite = CGRect(x: -.greatestFiniteMagnitude / 2, y: -.greatestFiniteMagnitude / 2,
                                        width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    @inlinable public var minX: CGFloat { size.width >= 0 ? origin.x : origin.x + size.width }
    @inlinable public var minY: CGFloat { size.height >= 0 ? origin.y : origin.y + size.height }
    @inlinable public var maxX: CGFloat { size.width >= 0 ? origin.x + size.width : origin.x }
    @inlinable public var maxY: CGFloat { size.height >= 0 ? origin.y + size.height : origin.y }
    @inlinable public var midX: CGFloat { (minX + maxX) * 0.5 }
    @inlinable public var midY: CGFloat { (minY + maxY) * 0.5 }
    @inlinable public var width: CGFloat { abs(size.width) }
    @inlinable public var height: CGFloat { abs(size.height) }
    /// True for the null rectangle.
    @inlinable public var isNull: Bool { origin.x.isInfinite || origin.y.isInfinite }
    /// True when the rectangle has zero width or height, or is null.
    @inlinable public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }
    /// True for `CGRect.infinite`.
    public var isInfinite: Bool { self == .infinite }
    /// The same rectangle with a non-negative width and height.
    @inlinable public var standardized: CGRect {
        isNull ? .null : CGRect(x: minX, y: minY, width: width, height: height)
    }
    /// The smallest rectangle with integral coordinates that contains this one.
    public var integral: CGRect {
        if isNull { return .null }
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        return CGRect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }
    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom
    /// (negative values grow it); null when it shrinks past empty.
    public func insetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        if isNull { return .null }
        let r = standardized
        let w = r.size.width - 2 * dx, h = r.size.height - 2 * dy
        if w < 0 || h < 0 { return .null }
        return CGRect(x: r.origin.x + dx, y: r.origin.y + dy, width: w, height: h)
    }
    /// The rectangle moved by (dx, dy).
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        if isNull { return .null }
        return CGRect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    /// The smallest rectangle containing both (the other one, unchanged, when one is null).
    public func union(_ r: CGRect) -> CGRect {
        if isNull { return r }
        if r.isNull { return self }
        let x0 = Swift.min(minX, r.minX), y0 = Swift.min(minY, r.minY)
        return CGRect(x: x0, y: y0, width: Swift.max(maxX, r.maxX) - x0, height: Swift.max(maxY, r.maxY) - y0)
    }
    /// The overlap of the two, or `.null` when they do not overlap.
    public func intersection(_ r: CGRect) -> CGRect {
        if isNull || r.isNull { return .null }
        let x0 = Swift.max(minX, r.minX), y0 = Swift.max(minY, r.minY)
        let x1 = Swift.min(maxX, r.maxX), y1 = Swift.min(maxY, r.maxY)
        if x1 < x0 || y1 < y0 { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// True when the intersection is not null: rectangles that only touch do intersect.
    public func intersects(_ r: CGRect) -> Bool { !intersection(r).isNull }
    /// True when `p` is inside (the min edges included, the max edges not); never for an empty rectangle.
    @inlinable public func contains(_ p: CGPoint) -> Bool {
        !isEmpty && p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
    /// True when `r` lies entirely inside (a null `r` always does).
    public func contains(_ r: CGRect) -> Bool { union(r) == self }
    public static func == (l: CGRect, r: CGRect) -> Bool {
        if l.isNull || r.isNull { return l.isNull == r.isNull }
        let a = l.standardized, b = r.standardized
        return a.origin == b.origin && a.size == b.size
    }
    public func hash(into h: inout Hasher) {
        if isNull { h.combine(0 as UInt8); return }
        let s = standardized
        h.combine(s.origin); h.combine(s.size)
    }
    /// The bounding box of the rectangle transformed by `t`.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return .null }
        if t.b == 0 && t.c == 0 {
            return CGRect(x: t.a * origin.x + t.tx, y: t.d * origin.y + t.ty,
                          width: t.a * size.width, height: t.d * size.height).standardized
        }
        let ps = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
                  CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)].map { $0.applying(t) }
        let xs = ps.map(\.x), ys = ps.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return CGRect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }
    /// CoreGraphics' form on Apple platforms: "(x, y, width, height)".
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
    // Foundation encodes a rect as [[x, y], [width, height]].
    public init(from decoder: Decoder) throws {
        var c = try decoder.unkeyedContainer()
        origin = try c.decode(CGPoint.self); size = try c.decode(CGSize.self)
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(origin); try c.encode(size)
    }
}

/// An affine transform: x' = a·x + c·y + tx, y' = b·x + d·y + ty (CoreGraphics' convention).
public struct CGAffineTransform: Hashable, Sendable, Codable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
    @inlinable public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    @inlinable public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }
    @inlinable public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
    @inlinable public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    @inlinable public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    public init(rotationAngle angle: CGFloat) {
        let s = sin(angle), c = cos(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }
    /// The transform that changes nothing.
    public static let identity = CGAffineTransform()
    public var isIdentity: Bool { self == .identity }
    /// `self` followed by `t`.
    @inlinable public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t.a + b * t.c, b: a * t.b + b * t.d,
                          c: c * t.a + d * t.c, d: c * t.b + d * t.d,
                          tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    /// A translation applied before this transform.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }
    /// A scale applied before this transform.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }
    /// A rotation applied before this transform.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }
    /// The inverse, or the transform itself when it cannot be inverted (as CoreGraphics does).
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        return CGAffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                                 tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
}
