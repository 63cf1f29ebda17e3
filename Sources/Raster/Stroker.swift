// Stroker: polyline → stroke outline, filled later with the nonzero rule.
//
// Each open polyline becomes one contour: the left offset forwards, the end cap, the right
// offset backwards, the start cap. A closed one becomes two: the left loop forwards and the
// right loop backwards. As 1-chains these contours equal the sum of one rectangle per segment
// plus one wedge per outer corner plus the caps, all with the same orientation, so the winding
// number is ≥ 1 exactly inside the stroke and 0 outside, however the path crosses itself.
// That is why dashes and sub-paths can simply be appended: overlaps add, never cancel.
//
// Inner corners: going through the vertex (A → P → B, as Skia does) is always correct but leaves
// a thin overlap loop along the inner edge, and exact-area coverage counts overlap twice; on a
// flattened curve that loop sits at every vertex (forcing it everywhere grew a stroked circle's
// total coverage by 3.3 %, w 8, r 30, all of it in inner-edge pixels). So when the two inner
// offset lines meet within half of each adjacent segment, the outline goes through their
// intersection instead, which removes the loop (the removed region has winding ≥ 2, so it stays
// covered). StrokeCoverageTests hold rendered rings and polylines within 2–4/255 of a
// supersampled reference; only real self-crossings of the path keep the double count.
//
// Round joins and caps are cubic arcs (≤ 90° each, error < 3e-4 of the radius), so the
// rasterizer flattens them at its own tolerance. A join whose round arc would bulge less than a
// quarter of the tolerance past its chord is one point (see addJoin): along a flattened curve
// the turns are small and this keeps the outline at about two points per input point.

/// Reusable stroke builder: keeps its scratch arrays between calls, so stroking into a reused
/// path allocates nothing once the arrays have grown. `strokedPath(_:style:tolerance:)` is the
/// one-shot form; a canvas keeps one `Stroker`.
///
/// ```swift
/// var stroker = Stroker()
/// var outline = Path()
/// outline.removeAll(keepingCapacity: true)
/// stroker.stroke(path, style: style, tolerance: 0.1, into: &outline)
/// ```
public struct Stroker {
    /// The current flattened sub-path.
    var points: [Point] = []
    /// The polyline being stroked, with repeated points removed.
    var work: [Point] = []
    /// The right offset of the current polyline, in path order; emitted backwards.
    var right: [StrokeEdge] = []
    /// The dash being collected, and a closed sub-path's first dash (joined to its last).
    var piece: [Point] = []
    var firstPiece: [Point] = []
    /// The normalized dash pattern (even count, all ≥ 0, positive sum); empty when solid.
    var pattern: [Double] = []

    var halfWidth = 0.5
    var cap = LineCap.butt
    var join = LineJoin.miter
    /// miterLimit², compared with 1/sin²(θ/2) = 2/(1 + cos of the turn).
    var miterLimit2 = 100.0
    var tolerance = 0.1
    var leftStarted = false

    /// Segments shorter than this are dropped as zero-length.
    static let epsilon = 1e-9

    public init() {}

    /// Appends the outline of `path` stroked with `style` to `out` (see `strokedPath`).
    public mutating func stroke(_ path: Path, style: StrokeStyle, tolerance: Double = 0.1, into out: inout Path) {
        let w = style.lineWidth
        guard w.isFinite, w > 0 else { return }
        halfWidth = w / 2
        cap = style.lineCap
        join = style.lineJoin
        let limit = style.miterLimit >= 1 ? style.miterLimit : 1
        miterLimit2 = limit * limit
        // Canvas.stroke passes flatness / scale, which is tiny under a large zoom: keep it.
        self.tolerance = (tolerance.isFinite && tolerance > 0) ? Swift.max(tolerance, 1e-12) : 0.1
        let dashed = preparePattern(style.dash)
        var dashBudget = Stroker.maxDashes
        path.withElements { elements in
            var it = SubpathFlattener(elements, tolerance: self.tolerance)
            while let closed = it.next(into: &points) {
                if dashed {
                    dashSubpath(closed: closed, phase: style.dashPhase, budget: &dashBudget, into: &out)
                } else {
                    strokePolyline(points, closed: closed, hint: Point(1, 0), into: &out)
                }
            }
        }
    }

    /// Strokes one polyline. A polyline that collapses to one point draws a dot (round or
    /// square cap) aligned with `hint`, the path's direction there.
    mutating func strokePolyline(_ raw: [Point], closed: Bool, hint: Point, into out: inout Path) {
        work.removeAll(keepingCapacity: true)
        work.append(contentsOf: raw)
        Stroker.removeRepeats(&work, closed: closed)
        if work.isEmpty { return }
        // Lengths that overflow (points beyond ±1e154) cannot be offset meaningfully.
        for i in 1..<Swift.max(1, work.count) {
            if !(work[i] - work[i - 1]).length.isFinite { return }
        }
        if work.count == 1 { dot(work[0], hint: hint, into: &out); return }
        if closed { strokeClosed(into: &out) } else { strokeOpen(into: &out) }
    }

    /// Drops points within `epsilon` of their predecessor (zero-length segments carry no
    /// direction) and, when closed, a last point that repeats the first.
    static func removeRepeats(_ pts: inout [Point], closed: Bool) {
        let e2 = epsilon * epsilon
        func same(_ a: Point, _ b: Point) -> Bool { (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) <= e2 }
        var m = 0
        for i in 0..<pts.count where m == 0 || !same(pts[i], pts[m - 1]) {   // by index: no copy on write
            pts[m] = pts[i]; m += 1
        }
        if closed && m > 1 && same(pts[0], pts[m - 1]) { m -= 1 }
        pts.removeLast(pts.count - m)
    }

    // MARK: - Contours

    private mutating func strokeOpen(into out: inout Path) {
        let hw = halfWidth
        let n = work.count
        var s0 = Segment(work[0], work[1])
        let first = s0
        out.move(to: work[0] + s0.n * hw)
        leftStarted = true
        right.removeAll(keepingCapacity: true)
        right.append(StrokeEdge(work[0] - s0.n * hw))
        for j in 1..<(n - 1) {
            let s1 = Segment(work[j], work[j + 1])
            addJoin(at: work[j], s0, s1, into: &out)
            s0 = s1
        }
        let end = work[n - 1]
        out.line(to: end + s0.n * hw)
        right.append(StrokeEdge(end - s0.n * hw))
        addCap(at: end, d: s0.d, n: s0.n, into: &out)
        emitRightBackwards(into: &out)
        addCap(at: work[0], d: Point(-first.d.x, -first.d.y), n: Point(-first.n.x, -first.n.y), into: &out)
        out.close()
    }

    private mutating func strokeClosed(into out: inout Path) {
        let n = work.count
        var s0 = Segment(work[n - 1], work[0])
        leftStarted = false
        right.removeAll(keepingCapacity: true)
        for j in 0..<n {
            let s1 = Segment(work[j], work[j + 1 == n ? 0 : j + 1])
            addJoin(at: work[j], s0, s1, into: &out)
            s0 = s1
        }
        out.close()
        out.move(to: right[right.count - 1].p)
        emitRightBackwards(into: &out)
        out.close()
    }

    /// A zero-length polyline: the two caps back to back, oriented like every other contour.
    private mutating func dot(_ c: Point, hint: Point, into out: inout Path) {
        if cap == .butt { return }
        let len = hint.length
        let d = len > 0 && len.isFinite ? hint * (1 / len) : Point(1, 0)
        let n = Point(-d.y, d.x)
        let hw = halfWidth
        out.move(to: c + n * hw)
        leftStarted = true
        addCap(at: c, d: d, n: n, into: &out)
        addCap(at: c, d: Point(-d.x, -d.y), n: Point(-n.x, -n.y), into: &out)
        out.close()
    }

    /// From c + n·hw (the current point) round the end to c − n·hw.
    private mutating func addCap(at c: Point, d: Point, n: Point, into out: inout Path) {
        let hw = halfWidth
        switch cap {
        case .butt:
            out.line(to: c - n * hw)
        case .square:
            out.line(to: c + (n + d) * hw)
            out.line(to: c + (d - n) * hw)
            out.line(to: c - n * hw)
        case .round:
            addArc(side: 1, center: c, u0: n, mid: d, u1: Point(-n.x, -n.y), into: &out)
        }
    }

    /// The right offset, from its last point (already the current point) back to its first.
    private func emitRightBackwards(into out: inout Path) {
        var k = right.count - 1
        while k >= 1 {
            let e = right[k], to = right[k - 1].p
            if e.curved { out.cubic(to: to, control1: e.c2, control2: e.c1) } else { out.line(to: to) }
            k -= 1
        }
    }

    // MARK: - Joins

    /// The corner at `p` between segments `s0` (ending at p) and `s1` (starting there): the end
    /// of s0's offsets, the corner, the start of s1's offsets, on both sides.
    private mutating func addJoin(at p: Point, _ s0: Segment, _ s1: Segment, into out: inout Path) {
        let hw = halfWidth
        let cross = s0.d.x * s1.d.y - s0.d.y * s1.d.x
        let dot = s0.d.x * s1.d.x + s0.d.y * s1.d.y
        if cross == 0 && dot > 0 {   // straight on: the offsets continue
            lineTo(side: 1, p + s0.n * hw, &out)
            lineTo(side: -1, p - s0.n * hw, &out)
            return
        }
        // Turning towards +n (cross > 0) puts the outside of the corner on the −n (right) side.
        let so: Double = cross > 0 ? -1 : 1
        let u0 = s0.n * so, u1 = s1.n * so
        let o0 = p + u0 * hw, o1 = p + u1 * hw

        // Outside: bevel, miter or arc from o0 to o1. A slight turn (a flattened curve's vertex)
        // whose arc bulges less than a quarter tolerance past its chord gets one point, the
        // offsets' intersection: the three joins differ there by under half the tolerance, and
        // the outline keeps about two points per input point (circle r100 w4: 306 → 154 elements).
        let cosHalf = ((1 + dot) * 0.5).squareRoot()
        if dot > 0 && hw * (1 - cosHalf) <= tolerance * 0.25 {
            lineTo(side: so, p + (u0 + u1) * (hw / (1 + dot)), &out)
        } else {
            lineTo(side: so, o0, &out)
            switch join {
            case .bevel:
                break
            case .miter:
                // 1/sin²(θ/2) = 2/(1 + cos turn) for the angle θ between the segments.
                if dot > -1 && 2 <= miterLimit2 * (1 + dot) {
                    lineTo(side: so, p + (u0 + u1) * (hw / (1 + dot)), &out)
                }
            case .round:
                let m = u0 + u1
                let ml = m.length
                let mid = ml > 1e-9 ? m * (1 / ml) : s0.d   // a U-turn bulges forwards
                addArc(side: so, center: p, u0: u0, mid: mid, u1: u1, into: &out)
            }
            lineTo(side: so, o1, &out)
        }

        // Inside: through the offsets' intersection when it lies within half of each segment,
        // else through the vertex.
        let si = -so
        if dot > -1 {
            let trim = hw * Swift.abs(cross) / (1 + dot)   // hw · tan(turn / 2)
            if trim <= 0.5 * Swift.min(s0.length, s1.length) {
                lineTo(side: si, p - (u0 + u1) * (hw / (1 + dot)), &out)
                return
            }
        }
        lineTo(side: si, p - u0 * hw, &out)
        lineTo(side: si, p, &out)
        lineTo(side: si, p - u1 * hw, &out)
    }

    // MARK: - Side output

    /// Left side (+1) goes straight into the path; right side (−1) is buffered to be reversed.
    private mutating func lineTo(side: Double, _ p: Point, _ out: inout Path) {
        if side > 0 {
            if leftStarted { out.line(to: p) } else { out.move(to: p); leftStarted = true }
        } else {
            right.append(StrokeEdge(p))
        }
    }

    /// An arc round `center` of radius halfWidth from direction u0 through `mid` to u1 (unit
    /// vectors), as one cubic per ≤ 90°; starts at the current point of that side.
    private mutating func addArc(side: Double, center: Point, u0: Point, mid: Point, u1: Point, into out: inout Path) {
        if u0.x * u1.x + u0.y * u1.y < 0 {   // more than 90°: two pieces through mid
            arcPiece(side: side, center, u0, mid, &out)
            arcPiece(side: side, center, mid, u1, &out)
        } else {
            arcPiece(side: side, center, u0, u1, &out)
        }
    }

    private mutating func arcPiece(side: Double, _ c: Point, _ ua: Point, _ ub: Point, _ out: inout Path) {
        let r = halfWidth
        let cr = ua.x * ub.y - ua.y * ub.x, cs = ua.x * ub.x + ua.y * ub.y
        let sgn: Double = cr >= 0 ? 1 : -1
        // k = 4/3·tan(φ/4), from tan(φ/2) = sin φ / (1 + cos φ) without trigonometry.
        let t2 = Swift.abs(cr) / (1 + cs)
        let k = 4.0 / 3.0 * t2 / (1 + (1 + t2 * t2).squareRoot())
        let ta = Point(-ua.y, ua.x) * sgn, tb = Point(-ub.y, ub.x) * sgn
        let c1 = c + (ua + ta * k) * r, c2 = c + (ub - tb * k) * r, end = c + ub * r
        if side > 0 {
            out.cubic(to: end, control1: c1, control2: c2)
        } else {
            right.append(StrokeEdge(p: end, c1: c1, c2: c2, curved: true))
        }
    }
}

/// One step of a buffered offset side: a line to `p`, or a cubic with controls c1, c2.
struct StrokeEdge {
    var p: Point
    var c1 = Point.zero
    var c2 = Point.zero
    var curved = false
    init(_ p: Point) { self.p = p }
    init(p: Point, c1: Point, c2: Point, curved: Bool) { self.p = p; self.c1 = c1; self.c2 = c2; self.curved = curved }
}

/// A segment's unit direction, left normal (−dy, dx) and length.
struct Segment {
    var d: Point
    var n: Point
    var length: Double
    init(_ a: Point, _ b: Point) {
        let dx = b.x - a.x, dy = b.y - a.y
        length = (dx * dx + dy * dy).squareRoot()
        let inv = length > 0 ? 1 / length : 0
        d = Point(dx * inv, dy * inv)
        n = Point(-d.y, d.x)
    }
}
