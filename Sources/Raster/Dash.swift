// Dash: cutting flattened sub-paths into dashes, each then stroked as an open polyline.
//
// Rules follow SVG (and cairo, which agrees): the pattern restarts at every sub-path, shifted by
// the phase; an odd-length pattern is used twice over; a zero-length dash draws a dot when the
// cap is round or square, aligned with the path there; on a closed sub-path that is "on" at both
// its start and its end, the last dash continues into the first with a join instead of two caps.

extension Stroker {
    /// Most dashes one stroke call cuts. A pattern far finer than the path (0.01 px dashes on a
    /// long curve) would otherwise allocate and draw without bound; sub-paths beyond the budget
    /// are stroked solid. 10 000 is more dashes than a 1920×1080 screen's perimeter holds at
    /// [1, 1]; a test with 100 000 dashes of a 1e9-wide line took the debug rasterizer 132 s.
    static let maxDashes = 10_000

    /// Normalizes `dash` into `pattern`; false (solid stroke) when the pattern is empty, sums to
    /// zero, holds a negative or non-finite length, or repeats within `tolerance`.
    mutating func preparePattern(_ dash: [Double]) -> Bool {
        pattern.removeAll(keepingCapacity: true)
        var total = 0.0
        for v in dash {
            guard v.isFinite, v >= 0 else { pattern.removeAll(keepingCapacity: true); return false }
            total += v
        }
        // A period within the flattening tolerance cannot show as dashes (cairo approximates the
        // same way): stroke solid.
        guard total > 0, total.isFinite, total * (dash.count % 2 == 1 ? 2 : 1) > tolerance else { return false }
        pattern.append(contentsOf: dash)
        if dash.count % 2 == 1 { pattern.append(contentsOf: dash) }
        return true
    }

    /// Index and remaining length in the pattern after `phase`. A phase landing exactly on the
    /// end of an interval starts the next one, except at 0 where a zero-length first dash is kept
    /// (cairo's rule), so `[0, 10]` with round caps puts a dot at the very start.
    func patternStart(phase: Double) -> (index: Int, remaining: Double) {
        let total = pattern.reduce(0, +)
        var ph = phase.isFinite ? phase.truncatingRemainder(dividingBy: total) : 0
        if ph < 0 { ph += total }
        var k = 0
        while ph > 0 && ph >= pattern[k] {
            ph -= pattern[k]
            k = k + 1 == pattern.count ? 0 : k + 1
        }
        return (k, pattern[k] - ph)
    }

    /// Dashes the sub-path in `points` and strokes each dash.
    mutating func dashSubpath(closed: Bool, phase: Double, budget: inout Int, into out: inout Path) {
        Stroker.removeRepeats(&points, closed: closed)
        let m = points.count
        let segments = closed && m > 1 ? m : m - 1
        var (k, rem) = patternStart(phase: phase)
        var on = k % 2 == 0
        if segments <= 0 {   // a single point: a dot if the pattern is on here
            if on { strokePolyline(points, closed: false, hint: Point(1, 0), into: &out) }
            return
        }
        // Estimate the dash count first, so a pathological pattern cannot run away.
        var length = 0.0
        for s in 0..<segments { length += (points[s + 1 == m ? 0 : s + 1] - points[s]).length }
        let total = pattern.reduce(0, +)
        let estimate = length / total * Double(pattern.count) + Double(pattern.count)
        guard estimate.isFinite, estimate <= Double(budget) else {
            budget = 0
            strokePolyline(points, closed: closed, hint: Point(1, 0), into: &out)
            return
        }
        budget -= Int(estimate)

        let startedOn = on
        var toggled = false, firstDeferred = false
        var lastDir = Point(1, 0), firstDir = Point(1, 0)
        piece.removeAll(keepingCapacity: true)
        firstPiece.removeAll(keepingCapacity: true)
        if on { piece.append(points[0]) }
        for s in 0..<segments {
            let a = points[s], b = points[s + 1 == m ? 0 : s + 1]
            let seg = Segment(a, b)
            lastDir = seg.d
            var pos = 0.0
            while rem <= seg.length - pos {
                pos += rem
                let q = pos >= seg.length ? b : a + seg.d * pos
                piece.append(q)
                if on {
                    if closed && startedOn && !toggled {
                        firstPiece.append(contentsOf: piece)   // joined to the last dash at the end
                        firstDir = seg.d
                        firstDeferred = true
                    } else {
                        strokePolyline(piece, closed: false, hint: seg.d, into: &out)
                    }
                    piece.removeAll(keepingCapacity: true)
                }
                toggled = true
                on.toggle()
                k = k + 1 == pattern.count ? 0 : k + 1
                rem = pattern[k]
                if on { piece.removeAll(keepingCapacity: true); piece.append(q) }
            }
            rem -= seg.length - pos
            if on { piece.append(b) }
        }
        if on && !piece.isEmpty {
            if closed && !toggled {
                strokePolyline(points, closed: true, hint: lastDir, into: &out)   // never off: the whole loop
            } else if firstDeferred {
                piece.append(contentsOf: firstPiece.dropFirst())
                strokePolyline(piece, closed: false, hint: lastDir, into: &out)
            } else {
                strokePolyline(piece, closed: false, hint: lastDir, into: &out)
            }
        } else if firstDeferred {
            strokePolyline(firstPiece, closed: false, hint: firstDir, into: &out)
        }
    }
}
