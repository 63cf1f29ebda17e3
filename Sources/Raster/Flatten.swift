// Flattening: curves → line segments. The segment count comes from the curve's second
// differences (Wang's formula), so a segment never strays more than `tolerance` from the curve;
// callers pass tolerance / transform.maxScale so scaled-up curves stay smooth.

enum Flattener {
    /// Upper bound on segments per curve, so 1e30 coordinates cannot loop forever.
    static let maxSegments = 1000

    /// Wang's formula: a degree-d Bézier split into n = ⌈√(d(d−1)/8 · M / tol)⌉ equal parameter
    /// steps stays within `tol` of the curve, where M is the largest second difference
    /// |Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂| of its control points. `k` is d(d−1)/8: 1/4 for quads, 3/4 for cubics.
    @inline(__always) static func segments(_ m: Double, k: Double, tolerance: Double) -> Int {
        let n = (k * m / tolerance).squareRoot().rounded(.up)
        // Compared as a Double first: a finite n past Int.max (control points at 1e40) traps in
        // Int(n) (found by fuzz-path).
        guard n.isFinite, n < Double(maxSegments) else { return maxSegments }
        return Swift.max(1, Int(n))
    }
    @inline(__always) static func quadSegments(_ p0: Point, _ c: Point, _ p1: Point, tolerance: Double) -> Int {
        let dx = p0.x - 2 * c.x + p1.x, dy = p0.y - 2 * c.y + p1.y
        return segments((dx * dx + dy * dy).squareRoot(), k: 0.25, tolerance: tolerance)
    }
    @inline(__always) static func cubicSegments(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, tolerance: Double) -> Int {
        let ax = p0.x - 2 * c1.x + c2.x, ay = p0.y - 2 * c1.y + c2.y
        let bx = c1.x - 2 * c2.x + p1.x, by = c1.y - 2 * c2.y + p1.y
        let m = Swift.max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
        return segments(m, k: 0.75, tolerance: tolerance)
    }
    @inline(__always) static func quad(_ p0: Point, _ c: Point, _ p1: Point, at t: Double) -> Point {
        let mt = 1 - t
        return Point(mt * mt * p0.x + 2 * mt * t * c.x + t * t * p1.x, mt * mt * p0.y + 2 * mt * t * c.y + t * t * p1.y)
    }
    @inline(__always) static func cubic(_ p0: Point, _ c1: Point, _ c2: Point, _ p1: Point, at t: Double) -> Point {
        let mt = 1 - t
        let w0 = mt * mt * mt, w1 = 3 * mt * mt * t, w2 = 3 * mt * t * t, w3 = t * t * t
        return Point(w0 * p0.x + w1 * c1.x + w2 * c2.x + w3 * p1.x, w0 * p0.y + w1 * c1.y + w2 * c2.y + w3 * p1.y)
    }

    /// Calls `body` with each segment of each finite sub-path, closing open ones when asked.
    /// One sub-path walker serves this, the stroker and (in device space) the rasterizer's
    /// own loop, so curves split the same way everywhere.
    static func flatten(_ path: Path, tolerance: Double, closeSubpaths: Bool, _ body: (Point, Point) -> Void) {
        path.withElements { elements in
            var it = SubpathFlattener(elements, tolerance: tolerance)
            var points: [Point] = []
            while let closed = it.next(into: &points) {
                guard points.count > 1 else { continue }
                for i in 1..<points.count { body(points[i - 1], points[i]) }
                if (closed || closeSubpaths), let first = points.first, let last = points.last, first != last {
                    body(last, first)
                }
            }
        }
    }
}

/// The sub-paths of a path as polylines, one at a time, for consumers that need to know where
/// each sub-path starts and whether it was closed (the stroker). Curves are split exactly as
/// `Flattener.flatten` splits them (the same helpers); a sub-path holding a non-finite point is skipped whole, as
/// the rasterizer skips it. A lone `move` is not a sub-path; `move` + `close` or a zero-length
/// segment is one (a single point: strokes draw it as a dot when the cap is round or square).
/// Points are appended to a caller-owned array, so iterating allocates nothing once it has grown.
/// It reads the elements from `Path.withElements` (an inline shape's live on the stack).
struct SubpathFlattener {
    let elements: UnsafeBufferPointer<PathElement>
    let tolerance: Double
    var index = 0
    /// Start of the current sub-path: where `close` returns and where segments after it begin.
    var start = Point.zero
    /// The rasterizer's device view, when set: each curve's control points are mapped by it
    /// first. A curve with a control point beyond ±`deviceLimit` drops its sub-path (as a
    /// flattened point there would), and one whose control points all lie past one side of
    /// `cull` becomes its chord — the curve and its chord differ only inside their hull, so
    /// coverage within `cull` is the same. Without this, each round join of a 10⁹-wide stroke
    /// (a cubic of radius 5·10⁸ around a point on the surface, mostly far off it) flattens
    /// into the 1000-segment cap (Wang's formula asks ≈ 4·10⁴), and 10³⁰-sized curves into
    /// 1000 points each that were then dropped (fuzz-path: 2.7 s for one input under ASan).
    var view: Affine? = nil
    var cull = (x0: -Double.infinity, y0: -Double.infinity, x1: Double.infinity, y1: Double.infinity)
    static let deviceLimit = 1e15
    /// Whether a mapped point is finite and within ±`deviceLimit` (the rasterizer's range).
    @inline(__always) static func inDevice(_ v: Point) -> Bool {
        Swift.abs(v.x) <= deviceLimit && Swift.abs(v.y) <= deviceLimit
    }

    enum Fate { case flatten, chord, drop }

    init(_ elements: UnsafeBufferPointer<PathElement>, tolerance: Double) {
        self.elements = elements
        // A tiny tolerance is legitimate (user space under a large zoom); the per-curve segment
        // cap bounds the work. Only non-finite or non-positive values fall back.
        self.tolerance = Self.tolerance(tolerance)
    }

    /// The tolerance the walker flattens with for a requested one.
    @inline(__always) static func tolerance(_ t: Double) -> Double {
        (t.isFinite && t > 0) ? Swift.max(t, 1e-12) : 0.25
    }

    /// Replaces `points` with the next sub-path's polyline and returns whether it was closed
    /// (the closing segment is implied, not repeated), or nil when there are no more.
    mutating func next(into points: inout [Point]) -> Bool? {
        points.removeAll(keepingCapacity: true)
        var finite = true, drawn = false
        while index < elements.count {
            switch elements[index] {
            case .move(let p):
                if drawn {
                    if finite { return false }   // the move starts the next call's sub-path
                    drawn = false
                }
                index += 1
                points.removeAll(keepingCapacity: true)
                points.append(p); start = p; finite = p.isFinite
                continue
            case .close:
                index += 1
                if points.isEmpty { continue }
                if finite { return true }
                points.removeAll(keepingCapacity: true); finite = true; drawn = false
                continue
            case .line(let p):
                if points.isEmpty { points.append(start) }
                points.append(p)
                finite = finite && p.isFinite
            case .quad(let c, let p):
                if points.isEmpty { points.append(start) }
                finite = finite && c.isFinite && p.isFinite
                switch finite ? fate(points[points.count - 1], c, c, p) : .drop {
                case .flatten: Self.appendQuad(&points, c, p, tolerance)
                case .chord: points.append(p)
                case .drop: finite = false; points.append(p)
                }
            case .cubic(let c1, let c2, let p):
                if points.isEmpty { points.append(start) }
                finite = finite && c1.isFinite && c2.isFinite && p.isFinite
                switch finite ? fate(points[points.count - 1], c1, c2, p) : .drop {
                case .flatten: Self.appendCubic(&points, c1, c2, p, tolerance)
                case .chord: points.append(p)
                case .drop: finite = false; points.append(p)
                }
            }
            index += 1
            drawn = true
        }
        return drawn && finite ? false : nil
    }

    /// How a curve from `a` with controls `b`, `c` to `d` is placed under `view` (see there).
    @inline(__always) func fate(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Fate {
        guard let t = view else { return .flatten }
        let p = t.apply(a), q = t.apply(b), r = t.apply(c), s = t.apply(d)
        guard Self.inDevice(p), Self.inDevice(q), Self.inDevice(r), Self.inDevice(s) else { return .drop }
        let x0 = Swift.min(Swift.min(p.x, q.x), Swift.min(r.x, s.x)), x1 = Swift.max(Swift.max(p.x, q.x), Swift.max(r.x, s.x))
        let y0 = Swift.min(Swift.min(p.y, q.y), Swift.min(r.y, s.y)), y1 = Swift.max(Swift.max(p.y, q.y), Swift.max(r.y, s.y))
        return x1 < cull.x0 || x0 > cull.x1 || y1 < cull.y0 || y0 > cull.y1 ? .chord : .flatten
    }

    static func appendQuad(_ points: inout [Point], _ c: Point, _ p: Point, _ tol: Double) {
        let p0 = points[points.count - 1]
        let n = Flattener.quadSegments(p0, c, p, tolerance: tol)
        for i in 1..<n { points.append(Flattener.quad(p0, c, p, at: Double(i) / Double(n))) }
        points.append(p)
    }

    static func appendCubic(_ points: inout [Point], _ c1: Point, _ c2: Point, _ p: Point, _ tol: Double) {
        let p0 = points[points.count - 1]
        let n = Flattener.cubicSegments(p0, c1, c2, p, tolerance: tol)
        for i in 1..<n { points.append(Flattener.cubic(p0, c1, c2, p, at: Double(i) / Double(n))) }
        points.append(p)
    }
}
