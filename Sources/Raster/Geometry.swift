// Geometry: points, sizes and rectangles in Double, y down, origin at the top-left pixel corner.
// Pixel (x, y) covers the square [x, x+1) × [y, y+1); its centre is (x+0.5, y+0.5).

/// A point in surface coordinates.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)
    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
    public var description: String { "(\(x), \(y))" }
}

/// A width and a height.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    @inlinable public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
    public var description: String { "\(width)×\(height)" }
}

/// An axis-aligned rectangle. Width and height are expected non-negative; `standardized` fixes
/// negative ones. An empty rectangle (zero or negative area, or non-finite) contains nothing.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    @inlinable public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    /// The smallest rectangle holding both corners.
    @inlinable public init(corners a: Point, _ b: Point) {
        let x0 = Swift.min(a.x, b.x), y0 = Swift.min(a.y, b.y)
        self.init(x: x0, y: y0, width: Swift.max(a.x, b.x) - x0, height: Swift.max(a.y, b.y) - y0)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    @inlinable public var x: Double { origin.x }
    @inlinable public var y: Double { origin.y }
    @inlinable public var width: Double { size.width }
    @inlinable public var height: Double { size.height }
    @inlinable public var minX: Double { origin.x }
    @inlinable public var minY: Double { origin.y }
    @inlinable public var maxX: Double { origin.x + size.width }
    @inlinable public var maxY: Double { origin.y + size.height }
    @inlinable public var midX: Double { origin.x + size.width * 0.5 }
    @inlinable public var midY: Double { origin.y + size.height * 0.5 }
    @inlinable public var center: Point { Point(midX, midY) }
    /// True when the rectangle has no area (or is not finite).
    @inlinable public var isEmpty: Bool {
        !(size.width > 0 && size.height > 0 && origin.x.isFinite && origin.y.isFinite
          && size.width.isFinite && size.height.isFinite)
    }
    @inlinable public var standardized: Rect {
        Rect(corners: origin, Point(origin.x + size.width, origin.y + size.height))
    }
    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }
    @inlinable public func contains(_ r: Rect) -> Bool {
        r.isEmpty || (!isEmpty && r.minX >= minX && r.minY >= minY && r.maxX <= maxX && r.maxY <= maxY)
    }
    /// The overlap, or `.zero` when there is none.
    @inlinable public func intersection(_ r: Rect) -> Rect {
        let x0 = Swift.max(minX, r.minX), y0 = Swift.max(minY, r.minY)
        let x1 = Swift.min(maxX, r.maxX), y1 = Swift.min(maxY, r.maxY)
        if !(x1 > x0 && y1 > y0) { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    @inlinable public func intersects(_ r: Rect) -> Bool { !intersection(r).isEmpty }
    /// The smallest rectangle holding both; an empty side is ignored.
    @inlinable public func union(_ r: Rect) -> Rect {
        if isEmpty { return r.isEmpty ? .zero : r }
        if r.isEmpty { return self }
        return Rect(corners: Point(Swift.min(minX, r.minX), Swift.min(minY, r.minY)),
                    Point(Swift.max(maxX, r.maxX), Swift.max(maxY, r.maxY)))
    }
    @inlinable public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
    @inlinable public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    /// The smallest rectangle of whole pixels holding this one.
    @inlinable public var integral: Rect {
        if isEmpty { return .zero }
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        return Rect(x: x0, y: y0, width: maxX.rounded(.up) - x0, height: maxY.rounded(.up) - y0)
    }
    public var description: String { "(\(x), \(y), \(width), \(height))" }
}

/// A rectangle of whole pixels, half-open: columns x0..<x1, rows y0..<y1.
public struct IntRect: Hashable, Sendable, CustomStringConvertible {
    public var x0: Int, y0: Int, x1: Int, y1: Int
    @inlinable public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }
    @inlinable public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(x0: x, y0: y, x1: x + width, y1: y + height)
    }
    public static let empty = IntRect(x0: 0, y0: 0, x1: 0, y1: 0)
    @inlinable public var width: Int { x1 - x0 }
    @inlinable public var height: Int { y1 - y0 }
    @inlinable public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    @inlinable public var area: Int { isEmpty ? 0 : width * height }
    @inlinable public func intersection(_ r: IntRect) -> IntRect {
        let a = IntRect(x0: Swift.max(x0, r.x0), y0: Swift.max(y0, r.y0),
                        x1: Swift.min(x1, r.x1), y1: Swift.min(y1, r.y1))
        return a.isEmpty ? .empty : a
    }
    @inlinable public func union(_ r: IntRect) -> IntRect {
        if isEmpty { return r.isEmpty ? .empty : r }
        if r.isEmpty { return self }
        return IntRect(x0: Swift.min(x0, r.x0), y0: Swift.min(y0, r.y0),
                       x1: Swift.max(x1, r.x1), y1: Swift.max(y1, r.y1))
    }
    @inlinable public func contains(_ r: IntRect) -> Bool {
        r.isEmpty || (r.x0 >= x0 && r.y0 >= y0 && r.x1 <= x1 && r.y1 <= y1)
    }
    @inlinable public func contains(x: Int, y: Int) -> Bool { x >= x0 && x < x1 && y >= y0 && y < y1 }
    @inlinable public var rect: Rect { Rect(x: Double(x0), y: Double(y0), width: Double(width), height: Double(height)) }
    /// The whole pixels touched by `r`, clamped to ±2^30 so that huge or non-finite input stays safe.
    @inlinable public init(covering r: Rect) {
        if r.isEmpty { self = .empty; return }
        let lim = 1073741824.0
        func c(_ v: Double) -> Int { Int(Swift.min(Swift.max(v, -lim), lim)) }
        self.init(x0: c(r.minX.rounded(.down)), y0: c(r.minY.rounded(.down)),
                  x1: c(r.maxX.rounded(.up)), y1: c(r.maxY.rounded(.up)))
    }
    /// `r` when its edges are whole numbers (well inside Int: within ±10⁹), else nil — NaN and
    /// ±∞ included. For boxes that cover their pixels exactly (no anti-aliased edge).
    @inlinable public init?(exactly r: Rect) {
        let x0 = r.minX, y0 = r.minY, x1 = r.maxX, y1 = r.maxY
        guard Swift.abs(x0) < 1e9, Swift.abs(y0) < 1e9, Swift.abs(x1) < 1e9, Swift.abs(y1) < 1e9,
              // Whole: truncated and back unchanged (inside ±10⁹ the conversion cannot trap;
              // `rounded()` is a libm call on the x86-64 baseline).
              x0 == Double(Int(x0)), y0 == Double(Int(y0)), x1 == Double(Int(x1)), y1 == Double(Int(y1)) else { return nil }
        self.init(x0: Int(x0), y0: Int(y0), x1: Int(x1), y1: Int(y1))
    }
    public var description: String { "[\(x0),\(y0))–[\(x1),\(y1))" }
}
