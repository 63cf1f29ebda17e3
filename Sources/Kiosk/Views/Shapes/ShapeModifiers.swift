// Shape modifiers that return shapes: trim, rotation, offset, scale, transform, and the
// type-eraser AnyShape. They change the outline, not the view's layout, so `.fill`/`.stroke`
// still apply after them. `trim` and StrokeStyle (dash phase) are Animatable, as in SwiftUI.

import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A shape cut to a fraction of its outline's length (0…1 from where the path starts).
public struct _TrimmedShape<S: Shape>: Shape, Animatable {
    public var shape: S
    public var startFraction: CGFloat
    public var endFraction: CGFloat
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(startFraction, endFraction) }
        set { startFraction = newValue.first; endFraction = newValue.second }
    }
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).trimmedPath(from: startFraction, to: endFraction) }
}

/// A shape rotated around an anchor of its frame.
public struct RotatedShape<Content: Shape>: Shape, Animatable {
    public var shape: Content
    public var angle: Angle
    public var anchor: UnitPoint
    public var animatableData: AnimatablePair<Double, AnimatablePair<CGFloat, CGFloat>> {
        get { AnimatablePair(angle.radians, AnimatablePair(anchor.x, anchor.y)) }
        set { angle = .radians(newValue.first); anchor = UnitPoint(x: newValue.second.first, y: newValue.second.second) }
    }
    public func path(in rect: CGRect) -> Path {
        let p = anchor.point(in: rect)
        let t = Affine.rotation(angle.radians, about: Raster.Point(p))
        return Path(shape.path(in: rect).storage.applying(t))
    }
}

/// A shape moved by an offset.
public struct OffsetShape<Content: Shape>: Shape, Animatable {
    public var shape: Content
    public var offset: CGSize
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(offset.width, offset.height) }
        set { offset = CGSize(width: newValue.first, height: newValue.second) }
    }
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).offsetBy(dx: offset.width, dy: offset.height) }
}

/// A shape scaled around an anchor of its frame.
public struct ScaledShape<Content: Shape>: Shape, Animatable {
    public var shape: Content
    public var scale: CGSize
    public var anchor: UnitPoint
    public var animatableData: AnimatablePair<AnimatablePair<CGFloat, CGFloat>, AnimatablePair<CGFloat, CGFloat>> {
        get { AnimatablePair(AnimatablePair(scale.width, scale.height), AnimatablePair(anchor.x, anchor.y)) }
        set {
            scale = CGSize(width: newValue.first.first, height: newValue.first.second)
            anchor = UnitPoint(x: newValue.second.first, y: newValue.second.second)
        }
    }
    public func path(in rect: CGRect) -> Path {
        let p = anchor.point(in: rect)
        let t = Affine.translation(-Double(p.x), -Double(p.y)).concatenating(.scale(Double(scale.width), Double(scale.height)))
            .concatenating(.translation(Double(p.x), Double(p.y)))
        return Path(shape.path(in: rect).storage.applying(t))
    }
}

/// A shape under an affine transform.
public struct TransformedShape<Content: Shape>: Shape {
    public var shape: Content
    public var transform: CGAffineTransform
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).applying(transform) }
}

/// A type-erased shape.
///
/// ```swift
/// let shape = isRound ? AnyShape(Circle()) : AnyShape(Rectangle())
/// ```
public struct AnyShape: Shape, @unchecked Sendable {
    private let makePath: (CGRect) -> Path
    public init<S: Shape>(_ shape: S) { makePath = { shape.path(in: $0) } }
    public func path(in rect: CGRect) -> Path { makePath(rect) }
}

extension Shape {
    /// The part of the outline between two fractions of its length (0…1; clamped). Nothing
    /// when `from` ≥ `to`.
    ///
    /// ```swift
    /// Circle().trim(from: 0, to: progress).stroke(.blue, lineWidth: 8).rotationEffect(.degrees(-90))
    /// ```
    public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> _TrimmedShape<Self> {
        _TrimmedShape(shape: self, startFraction: startFraction, endFraction: endFraction)
    }
    /// The shape rotated around `anchor` (the centre by default).
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
        RotatedShape(shape: self, angle: angle, anchor: anchor)
    }
    public func offset(_ offset: CGSize) -> OffsetShape<Self> { OffsetShape(shape: self, offset: offset) }
    public func offset(_ offset: CGPoint) -> OffsetShape<Self> { OffsetShape(shape: self, offset: CGSize(width: offset.x, height: offset.y)) }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetShape<Self> { OffsetShape(shape: self, offset: CGSize(width: x, height: y)) }
    public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: x, height: y), anchor: anchor)
    }
    public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: scale, height: scale), anchor: anchor)
    }
    public func transform(_ transform: CGAffineTransform) -> TransformedShape<Self> { TransformedShape(shape: self, transform: transform) }
}

extension Path {
    /// The part of the path between two fractions of its length (0…1, clamped; empty when
    /// `from` ≥ `to` or either is NaN). Curves are flattened to within 0.05 of the outline.
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        guard from.isFinite, to.isFinite else { return Path() }
        let a = min(1, max(0, from)), b = min(1, max(0, to))
        if a <= 0 && b >= 1 { return self }
        guard a < b, !isEmpty else { return Path() }
        // A circle's part is an arc: its length runs with the angle, from 3 o'clock clockwise
        // on screen as the circle's path does (drawn exactly, and a stroke of it with flat
        // ends is a ring segment to the canvas: a progress ring).
        if let c = storage.inlineCircle {
            var arc = Raster.Path()
            arc.addArc(center: c.center, radius: c.radius, startAngle: 2 * Double.pi * Double(a),
                       endAngle: 2 * Double.pi * Double(b), clockwise: true)
            return Path(arc)
        }
        var segments: [(Raster.Point, Raster.Point)] = []
        var total = 0.0
        storage.forEachFlattened(tolerance: 0.05, closeSubpaths: false) { p, q in
            segments.append((p, q))
            total += ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
        }
        guard total > 0 else { return Path() }
        let lo = Double(a) * total, hi = Double(b) * total
        var out = Raster.Path()
        var at = 0.0
        var last: Raster.Point? = nil
        for (p, q) in segments {
            let len = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
            defer { at += len }
            if at + len < lo || at > hi || len == 0 { continue }
            let t0 = max(0, (lo - at) / len), t1 = min(1, (hi - at) / len)
            let s = Raster.Point(p.x + (q.x - p.x) * t0, p.y + (q.y - p.y) * t0)
            let e = Raster.Point(p.x + (q.x - p.x) * t1, p.y + (q.y - p.y) * t1)
            if last != s { out.move(to: s) }
            out.line(to: e)
            last = e
        }
        return Path(out)
    }

    /// The path with every point mapped through `transform`.
    public func applying(_ transform: CGAffineTransform) -> Path { Path(storage.applying(Affine(transform))) }

    /// The outline of this path stroked with `style`, as a fillable path.
    public func strokedPath(_ style: StrokeStyle) -> Path {
        let p = style.parameters
        func cap(_ c: CGLineCap) -> LineCap { c == .round ? .round : c == .square ? .square : .butt }
        func join(_ j: CGLineJoin) -> LineJoin { j == .round ? .round : j == .bevel ? .bevel : .miter }
        return Path(storage.stroked(Raster.StrokeStyle(lineWidth: p.lineWidth, lineCap: cap(p.lineCap), lineJoin: join(p.lineJoin),
                                                       miterLimit: p.miterLimit, dash: p.dash, dashPhase: p.dashPhase)))
    }

    /// Whether `point` is inside the path (non-zero winding, or even-odd when `eoFill`).
    public func contains(_ point: CGPoint, eoFill: Bool) -> Bool {
        guard eoFill else { return contains(point) }
        var crossings = 0
        let q = Raster.Point(point)
        storage.forEachFlattened(tolerance: 0.25) { a, b in
            if (a.y <= q.y) != (b.y <= q.y) {
                let x = a.x + (q.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if x > q.x { crossings += 1 }
            }
        }
        return crossings % 2 == 1
    }

    /// An arc given by a start angle and a signed sweep (positive: clockwise on screen).
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle,
                                        transform: CGAffineTransform = .identity) {
        var arc = Raster.Path()
        if let p = currentPoint, transform == .identity { arc.move(to: Raster.Point(p)) }
        arc.addArc(center: Raster.Point(center), radius: Double(radius), startAngle: startAngle.radians,
                   endAngle: startAngle.radians + delta.radians, clockwise: delta.radians >= 0)
        appendArc(arc, transform: transform)
    }

    /// An arc tangent to the lines current point → `tangent1End` → `tangent2End` (CGPath's
    /// `addArc(tangent1End:tangent2End:radius:)`); a straight line when they are collinear.
    public mutating func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat,
                                transform: CGAffineTransform = .identity) {
        guard let p0 = currentPoint else { move(to: p1); return }
        let v1 = (x: p0.x - p1.x, y: p0.y - p1.y), v2 = (x: p2.x - p1.x, y: p2.y - p1.y)
        let l1 = (v1.x * v1.x + v1.y * v1.y).squareRoot(), l2 = (v2.x * v2.x + v2.y * v2.y).squareRoot()
        let cross = v1.x * v2.y - v1.y * v2.x
        guard l1 > 0, l2 > 0, abs(cross) > 1e-12, radius > 0, radius.isFinite else { addLine(to: p1.applying(transform)); return }
        let angle = acos(max(-1, min(1, (v1.x * v2.x + v1.y * v2.y) / (l1 * l2))))
        let d = radius / tan(angle / 2)
        let t1 = CGPoint(x: p1.x + v1.x / l1 * d, y: p1.y + v1.y / l1 * d)
        let t2 = CGPoint(x: p1.x + v2.x / l2 * d, y: p1.y + v2.y / l2 * d)
        // The centre lies along the bisector, at radius from both tangent points.
        let bis = (x: v1.x / l1 + v2.x / l2, y: v1.y / l1 + v2.y / l2)
        let bl = (bis.x * bis.x + bis.y * bis.y).squareRoot()
        let h = (d * d + radius * radius).squareRoot()
        let c = CGPoint(x: p1.x + bis.x / bl * h, y: p1.y + bis.y / bl * h)
        let a0 = atan2(t1.y - c.y, t1.x - c.x), a1 = atan2(t2.y - c.y, t2.x - c.x)
        var arc = Raster.Path()
        arc.move(to: Raster.Point(t1))
        arc.addArc(center: Raster.Point(c), radius: Double(radius), startAngle: Double(a0), endAngle: Double(a1), clockwise: cross < 0)
        addLine(to: t1.applying(transform))
        appendArc(arc, transform: transform)
        _ = t2
    }

    private mutating func appendArc(_ arc: Raster.Path, transform: CGAffineTransform) {
        let t = Affine(transform)
        for e in arc.elements {
            switch e {
            case .move(let p): if storage.currentPoint == nil { storage.move(to: t.apply(p)) } else { storage.line(to: t.apply(p)) }
            case .line(let p): storage.line(to: t.apply(p))
            case .quad(let c, let p): storage.quad(to: t.apply(p), control: t.apply(c))
            case .cubic(let c1, let c2, let p): storage.cubic(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
            case .close: storage.close()
            }
        }
    }
}

