// Where two paths differ, for damage: a path whose outline changes only in part (an arc whose
// end moves, a trimmed outline that grows, a chart whose last point moves) repaints only the
// part that changed, not the union of its old and new bounds.
//
// Why a bounding box of the changed segments is enough: the rasterizers add, per segment, its
// area and cover to the cells it crosses, and a pixel's coverage comes from the prefix sum of
// its row's cells (Rasterizer.swift). Segments the two paths share (same start, same control
// points, same end, hence the same flattened lines) add the same values to the same cells.
// The rest — the old path's changed segments reversed plus the new path's — is a closed chain
// (both outlines are closed, every sub-path with its closing segment, and the shared part
// cancels), so in every row its cover sums to zero: left of, right of, above and below its
// bounding box it adds nothing, and every pixel there keeps its coverage. Exactly: the cells
// are integers (65536 a pixel) and each row piece's cover is an exact integer, so the sum to
// the right of the box is the same integer in both paths, and a pixel inside the box drawn
// under a clip gets what a whole frame gives it (Rasterizer.swift).

/// The difference of two outlines as their rasterizers see it.
public enum PathDifference: Equatable, Sendable {
    /// The same segments: nothing to repaint for the outline.
    case same
    /// Every segment outside this box (user space, control points included) is in both.
    case within(Rect)
    /// Not known (an inline shape, a non-finite or huge coordinate): repaint both whole.
    case unknown

    /// Coordinates past this (user space) are not diffed: the rasterizer drops sub-paths it
    /// cannot map, which would change pixels far from the changed segment.
    static let limit = 1e9

    /// Compares `old` and `new` segment by segment: the longest common run at the start and at
    /// the end, and the box of what lies between in either. Allocates nothing.
    public static func between(_ old: Path, _ new: Path) -> PathDifference {
        // Ring segments (inline, `Path.sector`) are filled analytically (SectorRasterizer), not
        // from the cells: when only the end angle moved, the hints give the changed part
        // (`SectorHint.difference`); other ring pairs (one arc, no close) compare elements.
        if let a = old.sector, let b = new.sector {
            if a == b { return .same }
            if let box = SectorHint.difference(a, b) { return .within(box) }
            // The changed cubics' box: it holds the wedge past the last shared cubic and
            // both end rays, which is all a moved end changes of the analytic fill.
            guard a.sharesStart(with: b) else { return .unknown }
            return old.withElements { x in new.withElements { y in compare(x, y) } }
        }
        // Any other inline shape (rect, ellipse, rounded rect) is drawn by a path of its own and
        // changes as a whole anyway; a ring against a plain path is drawn by another rasterizer.
        if old.shape != nil || new.shape != nil { return .unknown }
        return old.stored.withUnsafeBufferPointer { a in
            new.stored.withUnsafeBufferPointer { b in compare(a, b) }
        }
    }

    static func compare(_ a: UnsafeBufferPointer<PathElement>, _ b: UnsafeBufferPointer<PathElement>) -> PathDifference {
        let na = a.count + 1, nb = b.count + 1          // records: one per element, one for the end
        // Common prefix; ra and rb end at record `prefix` (the first that differs, if any).
        var ra = Records(a), rb = Records(b)
        var prefix = 0
        while prefix < Swift.min(na, nb) {
            let sa = ra, sb = rb
            guard let x = ra.next(), let y = rb.next() else { return .unknown }
            if x != y { ra = sa; rb = sb; break }
            prefix += 1
        }
        if prefix == na && na == nb { return ra.ok && rb.ok ? .same : .unknown }
        // Common suffix: walk both aligned at their ends from there (records before the prefix
        // cannot lengthen it past the prefix) and keep the last run of equal records. Every
        // record is read once by one of the two walks, so `ok` covers them all.
        let startA = ra, startB = rb
        let shift = nb - na
        if shift > 0 { for _ in 0..<shift { _ = rb.next() } } else { for _ in 0..<(-shift) { _ = ra.next() } }
        let common = Swift.min(na, nb)
        var run = 0
        for _ in prefix..<common {
            guard let x = ra.next(), let y = rb.next() else { return .unknown }
            run = x == y ? run + 1 : 0
        }
        guard ra.ok && rb.ok else { return .unknown }
        let suffix = Swift.min(run, common - prefix)
        // The box of the records between, in both.
        var box = PathBoundsBox()
        addRecords(startA, count: na - suffix - prefix, into: &box)
        addRecords(startB, count: nb - suffix - prefix, into: &box)
        guard box.x0 <= box.x1, box.y0 <= box.y1 else { return .same }
        return .within(Rect(x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0))
    }

    /// Adds the points of the next `count` records of `records` to `box` (a function of its own:
    /// as a local function capturing the box it cost two heap boxes a call).
    static func addRecords(_ records: Records, count: Int, into box: inout PathBoundsBox) {
        var r = records
        var i = 0
        while i < count, let rec = r.next() {
            rec.addPoints(to: &box)
            i += 1
        }
    }

    /// One drawn piece of an outline: a segment with the point it starts from, or a `move` with
    /// the closing segment of the sub-path it ends, or the end with the last sub-path's closing
    /// segment. Two equal records draw the same lines.
    struct Record: Equatable {
        var kind: UInt8
        var p0 = Point.zero, p1 = Point.zero, p2 = Point.zero, p3 = Point.zero

        func addPoints(to box: inout PathBoundsBox) {
            box.add(p0); box.add(p1)
            if kind == 0 || kind >= 3 { box.add(p2) }
            if kind == 4 { box.add(p3) }
        }
    }

    /// The records of an element list, in order (kinds: 0 move (p0: the point; p1 → p2 the
    /// closing segment before it), 1 end (p0 → p1), 2 line and close (p0 → p1), 3 quad
    /// (p0, control p2, end p1), 4 cubic (p0, p2, p3, end p1)). `ok` turns false at a non-finite
    /// or huge coordinate.
    struct Records {
        let elements: UnsafeBufferPointer<PathElement>
        var index = 0
        var start = Point.zero, current = Point.zero
        var ok = true
        init(_ e: UnsafeBufferPointer<PathElement>) { elements = e }

        @inline(__always) mutating func check(_ p: Point) {
            if !(Swift.abs(p.x) < PathDifference.limit && Swift.abs(p.y) < PathDifference.limit) { ok = false }
        }

        mutating func next() -> Record? {
            if index > elements.count { return nil }
            defer { index += 1 }
            if index == elements.count { return Record(kind: 1, p0: current, p1: start) }
            switch elements[index] {
            case .move(let p):
                check(p)
                let r = Record(kind: 0, p0: p, p1: current, p2: start)
                start = p; current = p
                return r
            case .line(let p):
                check(p)
                defer { current = p }
                return Record(kind: 2, p0: current, p1: p)
            case .quad(let c, let p):
                check(c); check(p)
                defer { current = p }
                return Record(kind: 3, p0: current, p1: p, p2: c)
            case .cubic(let c1, let c2, let p):
                check(c1); check(c2); check(p)
                defer { current = p }
                return Record(kind: 4, p0: current, p1: p, p2: c1, p3: c2)
            case .close:
                defer { current = start }
                return Record(kind: 2, p0: current, p1: start)
            }
        }
    }
}
