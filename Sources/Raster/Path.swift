// Path: move/line/quad/cubic/close, with builders for the shapes UIs use. Arcs become cubics on
// insertion (≤ 90° each, error < 3e-4 of the radius), so every consumer sees only four verbs.

/// One path element.
public enum PathElement: Hashable, Sendable {
    case move(Point)
    case line(Point)
    case quad(Point, Point)
    case cubic(Point, Point, Point)
    case close
}

/// A 2-D path made of sub-paths. Non-finite points are kept but ignored by the rasterizer
/// (the sub-path holding them is dropped), so NaN input draws nothing rather than garbage.
public struct Path: Hashable, Sendable {
    public private(set) var elements: [PathElement] = [] { didSet { roundedRect = nil } }
    /// Set when the whole path is one rounded rectangle (built by `addRoundedRect` on an empty
    /// path, radii already clamped), so the canvas can fill its straight middle rows as boxes
    /// and scan-convert only the corner rows. Any other change clears it.
    var roundedRect: RoundedRectShape?
    /// Start of the current sub-path, where `close` returns.
    @usableFromInline var start = Point.zero
    @usableFromInline var current = Point.zero
    @usableFromInline var hasCurrent = false

    public init() {}
    public init(_ build: (inout Path) -> Void) { build(&self) }

    public var isEmpty: Bool { elements.isEmpty }
    /// The current point, or nil before the first `move`.
    public var currentPoint: Point? { hasCurrent ? current : nil }

    public mutating func move(to p: Point) {
        elements.append(.move(p)); start = p; current = p; hasCurrent = true
    }
    public mutating func line(to p: Point) {
        if !hasCurrent { move(to: p); return }
        elements.append(.line(p)); current = p
    }
    public mutating func quad(to p: Point, control c: Point) {
        if !hasCurrent { move(to: c) }
        elements.append(.quad(c, p)); current = p
    }
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        if !hasCurrent { move(to: c1) }
        elements.append(.cubic(c1, c2, p)); current = p
    }
    public mutating func close() {
        guard hasCurrent else { return }
        elements.append(.close); current = start
    }
    public mutating func move(to x: Double, _ y: Double) { move(to: Point(x, y)) }
    public mutating func line(to x: Double, _ y: Double) { line(to: Point(x, y)) }

    /// Appends all of `other`.
    public mutating func addPath(_ other: Path, transform t: Affine = .identity) {
        for e in (t.isIdentity ? other : other.applying(t)).elements {
            switch e {
            case .move(let p): move(to: p)
            case .line(let p): line(to: p)
            case .quad(let c, let p): quad(to: p, control: c)
            case .cubic(let c1, let c2, let p): cubic(to: p, control1: c1, control2: c2)
            case .close: close()
            }
        }
    }

    /// An arc of the circle at `center` with `radius`, from `startAngle` to `endAngle` (radians,
    /// 0 = +x, increasing clockwise on screen since y points down). `clockwise` in that screen
    /// sense means increasing angle. Draws a line from the current point to the arc's start,
    /// as CGPath/SwiftUI's `addArc` do.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool = true) {
        let r = Swift.abs(radius)
        var sweep = endAngle - startAngle
        let twoPi = 2 * Double.pi
        if !sweep.isFinite || !r.isFinite { return }
        if clockwise { if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) + twoPi } }
        else { if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: twoPi) - twoPi } }
        if Swift.abs(sweep) > twoPi { sweep = sweep < 0 ? -twoPi : twoPi }
        let p0 = Point(center.x + r * _cos(startAngle), center.y + r * _sin(startAngle))
        if hasCurrent { line(to: p0) } else { move(to: p0) }
        let n = Swift.max(1, Int((Swift.abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(n)
        let k = 4.0 / 3.0 * _tan(step / 4)
        var a0 = startAngle
        for _ in 0..<n {
            let a1 = a0 + step
            let c0 = _cos(a0), s0 = _sin(a0), c1 = _cos(a1), s1 = _sin(a1)
            cubic(to: Point(center.x + r * c1, center.y + r * s1),
                  control1: Point(center.x + r * (c0 - k * s0), center.y + r * (s0 + k * c0)),
                  control2: Point(center.x + r * (c1 + k * s1), center.y + r * (s1 - k * c1)))
            a0 = a1
        }
    }

    /// Axis-aligned rectangle, clockwise from the top-left corner.
    public mutating func addRect(_ r: Rect) {
        if elements.isEmpty { elements.reserveCapacity(5) }
        move(to: Point(r.minX, r.minY)); line(to: Point(r.maxX, r.minY))
        line(to: Point(r.maxX, r.maxY)); line(to: Point(r.minX, r.maxY)); close()
    }

    /// Rounded rectangle with per-corner radii (top-left, top-right, bottom-right, bottom-left);
    /// each radius is clamped to half the shorter side, and corners are circular.
    public mutating func addRoundedRect(_ r: Rect, radii: CornerRadii) {
        let rr = r.standardized
        let limit = Swift.min(rr.width, rr.height) * 0.5
        func c(_ v: Double) -> Double { v.isFinite ? Swift.max(0, Swift.min(v, limit)) : 0 }
        let tl = c(radii.topLeft), tr = c(radii.topRight), br = c(radii.bottomRight), bl = c(radii.bottomLeft)
        let wasEmpty = elements.isEmpty
        // Room for all ten elements at once: growing 1→2→4→8→16 cost four reallocations per
        // rounded rect (5 allocations each, 4 M instructions a frame of 1000).
        elements.reserveCapacity(elements.count + 10)
        defer {
            if wasEmpty {
                roundedRect = RoundedRectShape(rect: rr, radii: CornerRadii(topLeft: tl, topRight: tr, bottomRight: br, bottomLeft: bl))
            }
        }
        let h = Double.pi / 2
        move(to: Point(rr.minX + tl, rr.minY))
        line(to: Point(rr.maxX - tr, rr.minY))
        if tr > 0 { addArc(center: Point(rr.maxX - tr, rr.minY + tr), radius: tr, startAngle: -h, endAngle: 0) }
        line(to: Point(rr.maxX, rr.maxY - br))
        if br > 0 { addArc(center: Point(rr.maxX - br, rr.maxY - br), radius: br, startAngle: 0, endAngle: h) }
        line(to: Point(rr.minX + bl, rr.maxY))
        if bl > 0 { addArc(center: Point(rr.minX + bl, rr.maxY - bl), radius: bl, startAngle: h, endAngle: 2 * h) }
        line(to: Point(rr.minX, rr.minY + tl))
        if tl > 0 { addArc(center: Point(rr.minX + tl, rr.minY + tl), radius: tl, startAngle: 2 * h, endAngle: 3 * h) }
        close()
    }
    public mutating func addRoundedRect(_ r: Rect, cornerRadius: Double) {
        addRoundedRect(r, radii: CornerRadii(cornerRadius))
    }
    /// Ellipse inscribed in `r`.
    public mutating func addEllipse(in r: Rect) {
        // One allocation for a fresh ellipse path instead of four growth steps (a 2000-dot
        // Canvas builds 2000 of them a frame).
        if elements.isEmpty { elements.reserveCapacity(6) }
        let rr = r.standardized
        let cx = rr.midX, cy = rr.midY, rx = rr.width / 2, ry = rr.height / 2
        let k = 0.5522847498307936
        move(to: Point(cx + rx, cy))
        cubic(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + k * ry), control2: Point(cx + k * rx, cy + ry))
        cubic(to: Point(cx - rx, cy), control1: Point(cx - k * rx, cy + ry), control2: Point(cx - rx, cy + k * ry))
        cubic(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - k * ry), control2: Point(cx - k * rx, cy - ry))
        cubic(to: Point(cx + rx, cy), control1: Point(cx + k * rx, cy - ry), control2: Point(cx + rx, cy - k * ry))
        close()
    }
    public mutating func addCircle(center: Point, radius: Double) {
        addEllipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }
    /// A capsule: a rounded rectangle whose radius is half its shorter side.
    public mutating func addCapsule(in r: Rect) {
        addRoundedRect(r, cornerRadius: Swift.min(Swift.abs(r.width), Swift.abs(r.height)) / 2)
    }

    public static func rect(_ r: Rect) -> Path { Path { $0.addRect(r) } }
    public static func roundedRect(_ r: Rect, cornerRadius: Double) -> Path { Path { $0.addRoundedRect(r, cornerRadius: cornerRadius) } }
    public static func roundedRect(_ r: Rect, radii: CornerRadii) -> Path { Path { $0.addRoundedRect(r, radii: radii) } }
    public static func ellipse(in r: Rect) -> Path { Path { $0.addEllipse(in: r) } }
    public static func circle(center: Point, radius: Double) -> Path { Path { $0.addCircle(center: center, radius: radius) } }
    public static func capsule(in r: Rect) -> Path { Path { $0.addCapsule(in: r) } }

    /// The path with every point mapped through `t`.
    public func applying(_ t: Affine) -> Path {
        var p = Path()
        p.elements.reserveCapacity(elements.count)
        for e in elements {
            switch e {
            case .move(let a): p.elements.append(.move(t.apply(a)))
            case .line(let a): p.elements.append(.line(t.apply(a)))
            case .quad(let a, let b): p.elements.append(.quad(t.apply(a), t.apply(b)))
            case .cubic(let a, let b, let c): p.elements.append(.cubic(t.apply(a), t.apply(b), t.apply(c)))
            case .close: p.elements.append(.close)
            }
        }
        p.start = t.apply(start); p.current = t.apply(current); p.hasCurrent = hasCurrent
        return p
    }

    /// Bounds of all points including control points (a cheap superset of the exact bounds).
    /// Non-finite points are skipped; `.zero` for an empty path.
    public var controlPointBounds: Rect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ p: Point) {
            guard p.isFinite else { return }
            x0 = Swift.min(x0, p.x); y0 = Swift.min(y0, p.y); x1 = Swift.max(x1, p.x); y1 = Swift.max(y1, p.y)
        }
        for e in elements {
            switch e {
            case .move(let a), .line(let a): add(a)
            case .quad(let a, let b): add(a); add(b)
            case .cubic(let a, let b, let c): add(a); add(b); add(c)
            case .close: break
            }
        }
        return x0 <= x1 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }

    /// Exact bounds of the curve (curve extrema, not control points).
    public var bounds: Rect {
        var r: Rect? = nil
        // A tolerance relative to the path's size, so tiny and huge paths are bounded alike.
        let cb = controlPointBounds
        let tol = Swift.max(Swift.max(cb.width, cb.height) * 1e-4, 1e-9)
        forEachFlattened(tolerance: tol) { p0, p1 in
            let seg = Rect(corners: p0, p1)
            r = r.map { Rect(corners: Point(Swift.min($0.minX, seg.minX), Swift.min($0.minY, seg.minY)),
                             Point(Swift.max($0.maxX, seg.maxX), Swift.max($0.maxY, seg.maxY))) } ?? seg
        }
        return r ?? .zero
    }

    /// Calls `body` with each line segment of the flattened path (every sub-path closed),
    /// curves split until the chord is within `tolerance` of the curve. Sub-paths holding a
    /// non-finite point are dropped whole.
    public func forEachFlattened(tolerance: Double, closeSubpaths: Bool = true,
                                 _ body: (Point, Point) -> Void) {
        Flattener.flatten(self, tolerance: tolerance, closeSubpaths: closeSubpaths, body)
    }
}

/// A rounded rectangle a path is known to be exactly.
struct RoundedRectShape: Hashable, Sendable {
    var rect: Rect
    var radii: CornerRadii
}

/// Radii of a rounded rectangle's four corners.
public struct CornerRadii: Hashable, Sendable {
    public var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }
    public init(_ all: Double) { self.init(topLeft: all, topRight: all, bottomRight: all, bottomLeft: all) }
}

@inlinable func _tan(_ x: Double) -> Double { tan(x) }

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Path {
    /// Removes every element, keeping the storage when asked, so a path can be rebuilt each
    /// frame without allocating (the stroker appends into a reused path).
    public mutating func removeAll(keepingCapacity: Bool = false) {
        elements.removeAll(keepingCapacity: keepingCapacity)
        start = .zero; current = .zero; hasCurrent = false
    }
}
