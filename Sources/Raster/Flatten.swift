// Flattening: curves → line segments. The segment count comes from the curve's second
// differences (Wang's formula), so a segment never strays more than `tolerance` from the curve;
// callers pass tolerance / transform.maxScale so scaled-up curves stay smooth.

enum Flattener {
    /// Upper bound on segments per curve, so 1e30 coordinates cannot loop forever.
    static let maxSegments = 1000

    static func segments(_ dd: Double, tolerance: Double) -> Int {
        // Wang: n = sqrt(dd / (8·tol)) for quads (dd = |p0 - 2p1 + p2|), ×(3/4·2) for cubics handled by caller.
        let n = (dd / (8 * tolerance)).squareRoot().rounded(.up)
        guard n.isFinite else { return maxSegments }
        return Swift.max(1, Swift.min(maxSegments, Int(n)))
    }

    static func flatten(_ path: Path, tolerance: Double, closeSubpaths: Bool, _ body: (Point, Point) -> Void) {
        let tol = (tolerance.isFinite && tolerance > 1e-6) ? tolerance : 0.25
        // Segments of the current sub-path are emitted only once we know it is all finite.
        var pending: [(Point, Point)] = []
        var start = Point.zero, cur = Point.zero, finite = true, open = false
        func flush(close: Bool) {
            if open && finite {
                for s in pending { body(s.0, s.1) }
                if close && (cur.x != start.x || cur.y != start.y) { body(cur, start) }
            }
            pending.removeAll(keepingCapacity: true)
            finite = true; open = false
        }
        func seg(_ a: Point, _ b: Point) {
            if !(a.isFinite && b.isFinite) { finite = false; return }
            pending.append((a, b))
        }
        for e in path.elements {
            switch e {
            case .move(let p):
                flush(close: closeSubpaths)
                start = p; cur = p; open = true
                if !p.isFinite { finite = false }
            case .line(let p):
                seg(cur, p); cur = p
            case .quad(let c, let p):
                let ddx = cur.x - 2 * c.x + p.x, ddy = cur.y - 2 * c.y + p.y
                let n = segments((ddx * ddx + ddy * ddy).squareRoot(), tolerance: tol)
                var prev = cur
                for i in 1...n {
                    let t = Double(i) / Double(n), mt = 1 - t
                    let q = i == n ? p : Point(mt * mt * cur.x + 2 * mt * t * c.x + t * t * p.x,
                                               mt * mt * cur.y + 2 * mt * t * c.y + t * t * p.y)
                    seg(prev, q); prev = q
                }
                cur = p
            case .cubic(let c1, let c2, let p):
                let ax = cur.x - 2 * c1.x + c2.x, ay = cur.y - 2 * c1.y + c2.y
                let bx = c1.x - 2 * c2.x + p.x, by = c1.y - 2 * c2.y + p.y
                let dd = Swift.max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
                let n = segments(dd * 6, tolerance: tol)  // cubic: n = sqrt(3·2·dd / (8·tol))
                var prev = cur
                for i in 1...n {
                    let t = Double(i) / Double(n), mt = 1 - t
                    let w0 = mt * mt * mt, w1 = 3 * mt * mt * t, w2 = 3 * mt * t * t, w3 = t * t * t
                    let q = i == n ? p : Point(w0 * cur.x + w1 * c1.x + w2 * c2.x + w3 * p.x,
                                               w0 * cur.y + w1 * c1.y + w2 * c2.y + w3 * p.y)
                    seg(prev, q); prev = q
                }
                cur = p
            case .close:
                if open && finite && (cur.x != start.x || cur.y != start.y) { pending.append((cur, start)) }
                cur = start
                flush(close: false)
                open = true  // a segment after close continues from start
            }
        }
        flush(close: closeSubpaths)
    }
}
