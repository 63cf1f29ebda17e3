// Scan conversion with exact area coverage (the ftgrays / font-rs family): every line segment
// adds, to each cell it crosses, its signed area and cover; a prefix sum along each row turns
// that into the exact fraction of every pixel the shape covers. Nonzero clamps |sum| to 1,
// even-odd folds it (|sum| mod 2, mirrored), as FreeType's gray rasterizer does.
//
// Cells are fixed-point integers (`Int32`, 65536 = a whole pixel), so a row's sum does not
// depend on the order segments are added in, nor on where the clip starts. Segment heights
// are put on a 2⁻¹⁶ grid when they are written (`SegmentWriter`), so the cover of a row piece is
// an exact integer. A row piece of a segment is a pure function `prefix(k)` of the cell k: what
// the piece has added to cells ..<k+1 (`addPiece`); its cells get the differences, and a clip
// starting at cell L puts prefix(L) in its first cell. Every pixel therefore gets the same value
// whatever the clip, the strip the row falls in, or the rasterizer (this sweep, the chain walker,
// the one-box sweep): a damage rectangle repaints exactly what a whole frame paints, and a
// changed outline's damage is only its changed segments' box (`PathDifference`). Sums wrap:
// even-odd reads them modulo 2 pixels, which wrapping keeps; nonzero is exact up to a winding
// of 32767.
//
// Rows are processed in strips of `stripRows` so the accumulation buffer stays in cache
// (16 rows × 1922 cells × 4 B = 123 KB for a full-HD-wide shape). Every cell a segment touches
// sets its bit in a per-row bitmap; the sweep finds the touched cells with trailing-zero counts
// and prefix-sums only those, and a gap between them has constant coverage, so it is emitted as
// one run — large shapes cost in proportion to their edges. (Dirty flags per 8-cell chunk, the
// previous scheme, prefix-summed ~4× the touched cells on a rotated checkerboard: 44 M
// instructions a frame against cairo's 59 M; per-cell bits brought it to 31 M, and floor/ceil
// without libm calls plus skipping segments right of the clip to 27.6 M, callgrind.)
// Segments are clipped per row piece: all of a piece left of the clip lands in the first cell
// (its whole cover), the cells right of the clip are not written, as the sum never reads them.

import CRasterCPU

/// Receives the spans of coverage a path produces, row by row, left to right.
@usableFromInline protocol CoverageSink {
    /// `count` pixels from (x, y) all with coverage `coverage` (1…255).
    mutating func run(x: Int, y: Int, count: Int, coverage: UInt8)
    /// `count` pixels from (x, y) with per-pixel coverage (0…255) in `mask`.
    mutating func mask(x: Int, y: Int, count: Int, mask: UnsafePointer<UInt8>)
    /// One pixel at (x, y) with coverage `coverage` (1…255): the edge pixels of boxes.
    mutating func pixel(x: Int, y: Int, coverage: UInt8)
    /// A hint that pixels x..<x+count of row y come soon (y ≥ 0; rows past the surface are
    /// ignored); may do nothing.
    func prefetch(x: Int, y: Int, count: Int)
    /// Rows y0..<y1, each `count` pixels from x at full coverage, if the sink has a faster way
    /// than `run` row by row (an opaque solid colour is one fill a row); returns false, having
    /// drawn nothing, when it has not.
    mutating func fullRows(x: Int, y0: Int, y1: Int, count: Int) -> Bool
}

extension CoverageSink {
    /// A hint that pixels x..<x+count of row y come soon; may do nothing.
    @inline(__always) func prefetch(x: Int, y: Int, count: Int) {}
    @inline(__always) mutating func fullRows(x: Int, y0: Int, y1: Int, count: Int) -> Bool { false }
    @inline(__always) mutating func pixel(x: Int, y: Int, coverage: UInt8) {
        var c = coverage
        withUnsafePointer(to: &c) { mask(x: x, y: y, count: 1, mask: $0) }
    }
}

struct Rasterizer {
    static let stripRows = 16
    /// Touched cells closer than this are swept as one mask: a separate run costs more than
    /// prefix-summing a few untouched cells.
    static let mergeGap = 4

    /// Flattens `path` into device-space segments in the scratch: the shared sub-path walker
    /// (`SubpathFlattener`, as strokes and `Path.forEachFlattened` use) flattens in user space
    /// at `tolerance / transform.maxScale`, then each point is mapped. Sub-paths holding a
    /// non-finite point, or one (a curve's control points included) beyond ±1e15 after mapping,
    /// are dropped whole. Curves whose mapped control points lie past one side of `clip` (plus
    /// a pixel) are taken as their chords: coverage inside `clip` is the same.
    /// Returns the bounds of the kept segments, or nil when there are none.
    static func buildSegments(_ path: Path, transform t: Affine, tolerance: Double, clip: IntRect? = nil,
                              scratch s: RasterScratch) -> (Double, Double, Double, Double)? {
        s.segmentCount = 0
        let scale = t.maxScale
        guard scale.isFinite, scale > 0 else { return nil }
        let tol = (tolerance.isFinite && tolerance > 1e-4) ? tolerance : 0.1
        // The inline-ellipse walk only where the whole ellipse stays within the device limit
        // (others take the general walk, which drops or culls what cannot show).
        if case .ellipse(let r)? = path.shape,
           (Swift.abs(r.minX) + Swift.abs(r.minY) + r.width + r.height) * scale + Swift.abs(t.tx) + Swift.abs(t.ty) < SubpathFlattener.deviceLimit {
            return ellipseSegments(r, transform: t, tolerance: SubpathFlattener.tolerance(tol / scale), scratch: s)
        }
        // Work on locals and store them back once: every touch of a class property in the loop
        // was a dynamic exclusivity check (swift_beginAccess: 1.9 M instructions a frame of
        // 1000 rounded rects).
        var out = SegmentWriter(s.segments)
        var points: [Point] = []
        swap(&points, &s.points)
        defer { swap(&points, &s.points); s.segments = out.segments; s.segmentCount = out.count }
        path.withElements { elements in
            var walker = SubpathFlattener(elements, tolerance: tol / scale)
            walker.view = t
            if let c = clip {
                walker.cull = (Double(c.x0) - 1, Double(c.y0) - 1, Double(c.x1) + 1, Double(c.y1) + 1)
            }
            while walker.next(into: &points) != nil {
                let n = points.count
                guard n > 1 else { continue }
                out.beginSubpath()
                var ok = true
                var prev = t.apply(points[n - 1])          // the closing segment comes first
                out.reserve(n)
                for i in 0..<n {
                    let q = t.apply(points[i])
                    guard SubpathFlattener.inDevice(q) else { ok = false; break }
                    out.add(prev, q)
                    prev = q
                }
                out.endSubpath(keep: ok)
            }
        }
        return out.bounds
    }

    /// `buildSegments` for an inline ellipse (a finite, standardized rectangle; `tolerance` as
    /// the sub-path walker takes it): the same points in the same order — the four cubics as
    /// `PathShape.emit` makes them, split as `SubpathFlattener.appendCubic` splits them — without
    /// making the elements and the polyline first (a 6-px dot: 3.6 k → 2.3 k instructions, callgrind).
    static func ellipseSegments(_ rr: Rect, transform t: Affine, tolerance tol: Double,
                                scratch s: RasterScratch) -> (Double, Double, Double, Double)? {
        let cx = rr.midX, cy = rr.midY, rx = rr.width / 2, ry = rr.height / 2
        let k = 0.5522847498307936
        var out = SegmentWriter(s.segments)
        defer { s.segments = out.segments; s.segmentCount = out.count }
        out.beginSubpath()
        var last = Point(cx + rx, cy)
        var prev = t.apply(last)
        var ok = SubpathFlattener.inDevice(prev)
        @inline(__always) func cubic(_ c1: Point, _ c2: Point, _ p: Point) {
            let n = Flattener.cubicSegments(last, c1, c2, p, tolerance: tol)
            out.reserve(n)
            for i in 1...n {
                let q = t.apply(i == n ? p : Flattener.cubic(last, c1, c2, p, at: Double(i) / Double(n)))
                guard SubpathFlattener.inDevice(q) else { ok = false; return }
                out.add(prev, q)
                prev = q
            }
            last = p
        }
        if ok { cubic(Point(cx + rx, cy + k * ry), Point(cx + k * rx, cy + ry), Point(cx, cy + ry)) }
        if ok { cubic(Point(cx - k * rx, cy + ry), Point(cx - rx, cy + k * ry), Point(cx - rx, cy)) }
        if ok { cubic(Point(cx - rx, cy - k * ry), Point(cx - k * rx, cy - ry), Point(cx, cy - ry)) }
        if ok { cubic(Point(cx + k * rx, cy - ry), Point(cx + rx, cy - k * ry), Point(cx + rx, cy)) }
        out.endSubpath(keep: ok)
        return out.bounds
    }

    /// Scan-converts the segments in the scratch, restricted to `clip`, into `sink`.
    static func sweep<Sink: CoverageSink>(scratch s: RasterScratch, bounds: (Double, Double, Double, Double),
                                         clip: IntRect, rule: FillRule, sink: inout Sink) {
        // Pixels that can be touched: the segment bounds ∩ clip.
        let area = IntRect(covering: Rect(corners: Point(bounds.0, bounds.1), Point(bounds.2, bounds.3)))
        // A zero-width shape (a vertical line) has empty bounds but no area either.
        let box = area.intersection(clip)
        if box.isEmpty { return }
        let rx0 = box.x0, rx1 = box.x1, w = box.width
        let right = Double(rx1)
        let pitch = w + 2
        let words = (pitch + 63) >> 6
        let strip = stripRows
        let stripCount = (box.height + strip - 1) / strip

        // Bucket segments by the first strip they touch (counting sort), dropping the rest.
        let n = s.segmentCount
        s.order.reserve(n); s.active.reserve(n)
        s.stripCounts.reserve(stripCount + 1)
        let counts = s.stripCounts.base
        counts.update(repeating: 0, count: stripCount + 1)
        let segs = s.segments.base
        let y0d = Double(box.y0), y1d = Double(box.y1)
        @inline(__always) func firstStrip(_ i: Int) -> Int {
            let q = segs + 4 * i
            let ymin = Swift.min(q[1], q[3]), ymax = Swift.max(q[1], q[3])
            if ymax <= y0d || ymin >= y1d { return -1 }
            let r = Swift.max(ymin, y0d)
            return Swift.min(stripCount - 1, (Int(r) - box.y0) / strip)
        }
        for i in 0..<n { let f = firstStrip(i); if f >= 0 { counts[f + 1] += 1 } }
        for k in 0..<stripCount { counts[k + 1] += counts[k] }
        let order = s.order.base
        do {
            // counts[k] is now the start of bucket k; fill, then restore starts.
            for i in 0..<n {
                let f = firstStrip(i)
                if f >= 0 { order[Int(counts[f])] = Int32(i); counts[f] += 1 }
            }
            var prev: Int32 = 0
            for k in 0..<stripCount { let e = counts[k]; counts[k] = prev; prev = e }
            counts[stripCount] = prev
        }

        let (acc, dirty, cov) = cellBuffers(s, rows: strip, pitch: pitch, words: words)
        let active = s.active.base
        var activeCount = 0

        for k in 0..<stripCount {
            let sy0 = box.y0 + k * strip, sy1 = Swift.min(box.y1, sy0 + strip)
            let top = Double(sy0), bottom = Double(sy1)
            // Add this strip's new segments, then accumulate all active ones.
            for j in Int(counts[k])..<Int(counts[k + 1]) { active[activeCount] = order[j]; activeCount += 1 }
            var keep = 0
            for j in 0..<activeCount {
                let i = Int(active[j])
                let q = segs + 4 * i
                // Right of the clip a segment only adds to cells the sum never reads: skip it (a
                // rotated checkerboard overhangs the frame).
                if Swift.min(q[0], q[2]) < right {
                    accumulate(q[0], q[1], q[2], q[3], top: top, bottom: bottom, originY: sy0, left: rx0, width: w,
                               pitch: pitch, acc: acc, dirty: dirty, words: words)
                }
                if Swift.max(q[1], q[3]) > bottom { active[keep] = active[j]; keep += 1 }
            }
            activeCount = keep
            // Sweep each row of the strip.
            for y in sy0..<sy1 {
                let r = y - sy0
                sweepRow(acc: acc + r * pitch, dirty: dirty + r * words, width: w, words: words,
                         rule: rule, x0: rx0, y: y, cov: cov, sink: &sink)
            }
        }
    }

    /// The accumulation cells and touched-cell bits for `rows` rows (zero, and kept zero by
    /// the sweeps), and one row of coverage bytes.
    @inline(__always)
    static func cellBuffers(_ s: RasterScratch, rows: Int, pitch: Int, words: Int)
        -> (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UInt64>, UnsafeMutablePointer<UInt8>) {
        let accNeeded = rows * pitch, dirtyNeeded = rows * words
        if s.accumulation.capacity < accNeeded {
            s.accumulation.reserve(accNeeded)
            s.accumulation.base.initialize(repeating: 0, count: s.accumulation.capacity)
        }
        if s.dirty.capacity < dirtyNeeded {
            s.dirty.reserve(dirtyNeeded)
            s.dirty.base.initialize(repeating: 0, count: s.dirty.capacity)
        }
        s.coverage.reserve(pitch)
        return (s.accumulation.base, s.dirty.base, s.coverage.base)
    }

    /// Adds the cells of segment (ax, ay) → (bx, by) (device coordinates) in rows top..<bottom
    /// (originY is the row of `acc`'s first line, top is Double(originY)) to the cells of
    /// columns left..<left+width, `pitch` cells a line, and marks them in `dirty` (`words` a
    /// line) unless `marks` is false. The cells left of the clip are folded into its first cell,
    /// the ones right of it dropped (`addPiece`), so each pixel gets what an unclipped sweep
    /// gives it.
    @inline(__always)
    static func accumulate(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, top: Double, bottom: Double,
                           originY: Int, left: Int, width: Int, pitch: Int,
                           acc: UnsafeMutablePointer<Int32>, dirty: UnsafeMutablePointer<UInt64>, words: Int,
                           marks: Bool = true) {
        guard let seg = RowSegment(ax, ay, bx, by, top: top, bottom: bottom) else { return }
        var y = seg.ys, row = y == top ? originY : floorInt(y)
        let ye = seg.ye
        var line = acc + (row &- originY) &* pitch
        var bits = dirty + (row &- originY) &* words
        // Wholly left of the clip (a clip inside a shape), every row's cover lands in the first
        // cell, as `addPiece` would put it, without the pieces' x (2 M instructions of lvgl-10).
        let leftOfClip = Swift.max(seg.xa, seg.xb) <= Double(left)
        var xt = leftOfClip ? 0 : seg.xInside(at: y)
        while true {
            let next = Double(row &+ 1)
            let yn = next < ye ? next : ye
            if leftOfClip {
                line[0] &+= seg.cover(y, yn)
                if marks { bits[0] |= 1 }
            } else {
                let xn = seg.xInside(at: yn)
                let (first, last) = addPiece(xt, xn, d: seg.cover(y, yn), left: left, width: width, line: line)
                if marks && first <= last { mark(bits, first, last) }
                xt = xn
            }
            if yn >= ye { return }
            y = yn; row &+= 1
            line += pitch
            bits += words
        }
    }

    /// `accumulate` for the one row top..<top+1 (the chain walker's): the same piece, without
    /// the row loop.
    @inline(__always)
    static func accumulateRow(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, top: Double, left: Int, width: Int,
                              acc: UnsafeMutablePointer<Int32>, dirty: UnsafeMutablePointer<UInt64>) {
        guard let seg = RowSegment(ax, ay, bx, by, top: top, bottom: top + 1) else { return }
        let (first, last) = addPiece(seg.xInside(at: seg.ys), seg.xInside(at: seg.ye), d: seg.cover(seg.ys, seg.ye), left: left, width: width, line: acc)
        if first <= last { mark(dirty, first, last) }
    }

    /// Adds one row's piece of a segment, from x to xn (device columns) with signed cover d
    /// (65536 = a whole row), to the row's cells for columns left..<left+width (`line[k − left]`,
    /// plus a spare cell at `width`); returns the first and last cell written (first > last for
    /// none). The piece's prefix sums — `p(k)`, what it adds to the cells of columns ..<k+1 — are
    /// a function of the piece and k only: p(i0) = its area right of the line within column i0,
    /// the columns it crosses the exact integral, p(i1) = d (i0 = ⌊min x⌋, i1 = ⌈max x⌉); a
    /// column gets p(k) − p(k − 1), the first visible column p(left), so a clipped sum equals the
    /// unclipped one in every visible column. Magnitudes are rounded to the nearest unit, the sign
    /// applied after, so a piece and its reverse cancel exactly.
    @inline(__always)
    static func addPiece(_ x: Double, _ xn: Double, d: Int32, left: Int, width: Int,
                         line: UnsafeMutablePointer<Int32>) -> (Int, Int) {
        let lo = Swift.min(x, xn), hi = Swift.max(x, xn)
        let i0 = floorInt(lo), i1 = ceilInt(hi)
        let c0 = i0 &- left, c1 = i1 &- left
        if c0 >= width { return (1, 0) }            // right of the clip: never read
        let m = d &>> 31                            // 0, or −1 for a negative cover
        @inline(__always) func signed(_ v: Int32) -> Int32 { (v ^ m) &- m }
        if c1 <= 0 { line[0] &+= d; return (0, 0) } // left of the clip: its whole cover
        let a = signed(d)                           // |d| ≤ 65536
        let area = Double(a)
        if i1 <= i0 &+ 1 {
            // Within one column (c0 ≥ 0 here): area to the right of the mean x.
            let p0 = kiosk_trunc32(area * (Double(i0 &+ 1) - 0.5 * (x + xn)) + 0.5)
            line[c0] &+= signed(p0)
            line[c0 &+ 1] &+= signed(a &- p0)
            return (c0, c0 &+ 1)
        }
        // Across columns: the trapezoid's area splits by the exact integral.
        let s = area / (hi - lo)
        let u0 = Double(i0 &+ 1) - lo, u1 = hi - Double(i1 &- 1)
        let p0 = kiosk_trunc32(0.5 * s * u0 * u0 + 0.5)
        let pl = a &- kiosk_trunc32(0.5 * s * u1 * u1 + 0.5)         // p(i1 − 1)
        let half = 0.5 - lo
        @inline(__always) func between(_ k: Int) -> Int32 { kiosk_trunc32(s * (Double(k) + half) + 0.5) }
        if c0 >= 0 && c1 <= width {
            // All inside (the common case): no per-column tests.
            line[c0] &+= signed(p0)
            var prev = p0, k = i0 &+ 1, c = c0 &+ 1
            while c < c1 &- 1 {
                let v = between(k)
                line[c] &+= signed(v &- prev)
                prev = v; k &+= 1; c &+= 1
            }
            line[c1 &- 1] &+= signed(pl &- prev)
            line[c1] &+= signed(a &- pl)
            return (c0, c1)
        }
        @inline(__always) func p(_ k: Int) -> Int32 { k == i0 ? p0 : (k >= i1 &- 1 ? (k >= i1 ? a : pl) : between(k)) }
        let end = Swift.min(c1, width)
        var prev: Int32, c: Int, first: Int
        if c0 >= 0 {
            prev = p0; line[c0] &+= signed(p0); c = c0 &+ 1; first = c0
        } else {
            prev = p(left); line[0] &+= signed(prev); c = 1; first = 0
        }
        while c <= end {
            let v = p(c &+ left)
            line[c] &+= signed(v &- prev)
            prev = v; c &+= 1
        }
        return (first, end)
    }

    /// ⌊v⌋ and ⌈v⌉ for |v| < 2⁶³ without `rounded(_:)`, which is a libm call on baseline
    /// x86-64 (no SSE4.1 roundsd): 1.6 M calls a frame on the rotated checkerboard.
    /// Unchecked (`kiosk_trunc64`): callers pass values held within ±1e15.
    @inline(__always) static func floorInt(_ v: Double) -> Int { let i = Int(kiosk_trunc64(v)); return Double(i) > v ? i &- 1 : i }
    @inline(__always) static func ceilInt(_ v: Double) -> Int { let i = Int(kiosk_trunc64(v)); return Double(i) < v ? i &+ 1 : i }

    /// The coverage byte of a cell sum (65536 = a whole pixel): nonzero clamps |v| to one pixel,
    /// even-odd takes it modulo two (exact under the sums' wrapping) and mirrors the second.
    @inline(__always)
    static func coverage(_ v: Int32, _ rule: FillRule) -> UInt8 {
        var a: UInt32
        if rule == .evenOdd {
            a = UInt32(bitPattern: v) & 0x1FFFF
            if a > 0x10000 { a = 0x20000 &- a }
        } else {
            a = v.magnitude
            if a >= 0x10000 { return 255 }
        }
        return UInt8(truncatingIfNeeded: (a &* 255 &+ 0x8000) &>> 16)
    }

    /// Sets the bits of cells a...b (a ≤ b) in a row's touched-cell bitmap.
    @inline(__always)
    static func mark(_ d: UnsafeMutablePointer<UInt64>, _ a: Int, _ b: Int) {
        let wa = a &>> 6, wb = b &>> 6
        let lo = ~UInt64(0) &<< UInt64(a & 63), hi = ~UInt64(0) &>> UInt64(63 &- (b & 63))
        if wa == wb { d[wa] |= lo & hi; return }
        d[wa] |= lo
        var k = wa &+ 1
        while k < wb { d[k] = ~0; k &+= 1 }
        d[wb] |= hi
    }

    /// Prefix-sums the touched cells of one row (zeroing them and their bits as it goes) and
    /// emits them as masks, with a run of constant coverage over each gap between them.
    @inline(__always)
    static func sweepRow<Sink: CoverageSink>(acc: UnsafeMutablePointer<Int32>, dirty: UnsafeMutablePointer<UInt64>,
                                             width w: Int, words: Int, rule: FillRule,
                                             x0: Int, y: Int, cov: UnsafeMutablePointer<UInt8>, sink: inout Sink) {
        var sum: Int32 = 0
        var done = 0                  // cells before this are emitted
        var ps = -1, pe = -1          // pending touched cells ps..<pe, not yet summed
        for wi in 0..<words {
            var b = dirty[wi]
            if b == 0 { continue }
            dirty[wi] = 0
            let base = wi &<< 6
            while b != 0 {
                let s = b.trailingZeroBitCount
                let rest = b &>> UInt64(s)
                let n = rest == ~0 ? 64 : (~rest).trailingZeroBitCount
                let start = base &+ s, end = start &+ n
                b = s &+ n >= 64 ? 0 : b & (~UInt64(0) &<< UInt64(s &+ n))
                if ps >= 0 {
                    if start <= pe &+ mergeGap { pe = end; continue }
                    emitCells(acc: acc, cov: cov, ps, pe, width: w, done: &done, sum: &sum, rule: rule, x0: x0, y: y, sink: &sink)
                }
                ps = start; pe = end
            }
        }
        if ps >= 0 { emitCells(acc: acc, cov: cov, ps, pe, width: w, done: &done, sum: &sum, rule: rule, x0: x0, y: y, sink: &sink) }
        if done < w {
            let v = coverage(sum, rule)
            if v != 0 { sink.run(x: x0 + done, y: y, count: w - done, coverage: v) }
        }
    }

    /// Emits the gap done..<ps at the running coverage, then prefix-sums cells ps..<pe (zeroing
    /// them) into a mask of their visible part.
    @inline(__always)
    static func emitCells<Sink: CoverageSink>(acc: UnsafeMutablePointer<Int32>, cov: UnsafeMutablePointer<UInt8>,
                                              _ ps: Int, _ pe: Int, width w: Int, done: inout Int, sum: inout Int32,
                                              rule: FillRule, x0: Int, y: Int, sink: inout Sink) {
        let gapEnd = Swift.min(ps, w)
        if gapEnd > done {
            let v = coverage(sum, rule)
            if v != 0 { sink.run(x: x0 + done, y: y, count: gapEnd - done, coverage: v) }
        }
        var any: UInt8 = 0
        var t = sum
        for i in ps..<pe {
            t &+= acc[i]; acc[i] = 0
            let v = coverage(t, rule)
            cov[i &- ps] = v
            any |= v
        }
        sum = t
        let visible = Swift.min(pe, w) - ps
        if any != 0 && visible > 0 { sink.mask(x: x0 + ps, y: y, count: visible, mask: cov) }
        done = pe
    }
}

/// A segment ordered top to bottom and cut to the rows top..<bottom (`Rasterizer.accumulate`).
/// nil when nothing of it lies in the rows (horizontal, outside, or NaN).
struct RowSegment {
    let xa, ya, xb, yb, dx, invDy: Double
    /// True where the segment ran upward: its cover is negative.
    let up: Bool
    /// The part of the segment inside the rows.
    let ys, ye: Double

    @inline(__always)
    init?(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, top: Double, bottom: Double) {
        if ay < by { up = false; xa = ax; ya = ay; xb = bx; yb = by } else { up = true; xa = bx; ya = by; xb = ax; yb = ay }
        ys = Swift.max(ya, top); ye = Swift.min(yb, bottom)
        if !(ys < ye) { return nil }   // also a horizontal segment: ys ≥ ya = yb ≥ ye
        dx = xb - xa; invDy = 1 / (yb - ya)
    }

    /// x at height yy by interpolation, not by slope, so near-horizontal segments stay finite;
    /// callers clamp it (coordinates near ±1e308 still give ∞ or NaN).
    @inline(__always) func x(at yy: Double) -> Double {
        yy >= yb ? xb : (yy <= ya ? xa : xa + dx * ((yy - ya) * invDy))
    }

    /// `x(at:)` held between the segment's ends, so never NaN or ∞: for a rise below 2⁻¹⁰²⁴,
    /// 1 / (yb − ya) is ∞ and a row boundary inside it gave x = ∞, which trapped in ceilInt
    /// (fuzz-path, regressions/fuzz-path/subnormal-rise-inf-x); coordinates near ±1e308 gave NaN.
    @inline(__always) func xInside(at yy: Double) -> Double {
        let v = x(at: yy), lo = Swift.min(xa, xb), hi = Swift.max(xa, xb)
        return v >= lo ? (v <= hi ? v : hi) : lo
    }

    /// The signed cover of the piece from y to yn (65536 a row): exact, as y and yn are whole
    /// rows or ends on the 2⁻¹⁶ grid (`SegmentWriter.onGrid`).
    @inline(__always) func cover(_ y: Double, _ yn: Double) -> Int32 {
        let v = kiosk_trunc32((yn - y) * 65536)
        return up ? 0 &- v : v
    }
}

/// Device segments written into the scratch's buffer (x0, y0, x1, y1 each) with their bounds,
/// one sub-path at a time: a sub-path is kept or dropped whole (`buildSegments`,
/// `ellipseSegments`). Heights are put on the 2⁻¹⁶ grid the cells count in (`onGrid`), so
/// every row piece's cover is an exact integer; segments horizontal after it add no area or
/// cover and are not written.
struct SegmentWriter {
    var segments: ScratchBuffer<Double>
    var count = 0
    /// Where the open sub-path's segments start, and their bounds.
    var first = 0
    var sx0 = Double.infinity, sy0 = Double.infinity, sx1 = -Double.infinity, sy1 = -Double.infinity
    /// The bounds of the kept sub-paths.
    var bx0 = Double.infinity, by0 = Double.infinity, bx1 = -Double.infinity, by1 = -Double.infinity

    @inline(__always) init(_ segments: ScratchBuffer<Double>) { self.segments = segments }

    /// Room for n more segments.
    @inline(__always) mutating func reserve(_ n: Int) { segments.reserve(4 * (count + n), keep: 4 * count) }

    @inline(__always) mutating func beginSubpath() {
        first = count
        sx0 = .infinity; sy0 = .infinity; sx1 = -.infinity; sy1 = -.infinity
    }

    /// The segment p → q, after `reserve` made room for it.
    @inline(__always) mutating func add(_ p: Point, _ q: Point) {
        let py = Self.onGrid(p.y), qy = Self.onGrid(q.y)
        guard py != qy else { return }
        let seg = segments.base + 4 * count
        seg[0] = p.x; seg[1] = py; seg[2] = q.x; seg[3] = qy
        count += 1
        sx0 = Swift.min(sx0, Swift.min(p.x, q.x)); sx1 = Swift.max(sx1, Swift.max(p.x, q.x))
        sy0 = Swift.min(sy0, Swift.min(py, qy)); sy1 = Swift.max(sy1, Swift.max(py, qy))
    }

    /// y to the nearest multiple of 2⁻¹⁶ (by adding and taking away 1.5 · 2⁵², which rounds to a
    /// whole number: no libm call). Past ±2³⁵ it is left as it is (no row there is drawn).
    @inline(__always) static func onGrid(_ y: Double) -> Double {
        guard Swift.abs(y) < 0x1p35 else { return y }
        let magic = 0x1.8p52
        return ((y * 65536 + magic) - magic) * 0x1p-16
    }

    /// Keeps the open sub-path's segments in the bounds, or drops them.
    @inline(__always) mutating func endSubpath(keep: Bool) {
        if !keep { count = first; return }
        bx0 = Swift.min(bx0, sx0); by0 = Swift.min(by0, sy0); bx1 = Swift.max(bx1, sx1); by1 = Swift.max(by1, sy1)
    }

    /// The bounds of the kept segments, nil when there are none.
    var bounds: (Double, Double, Double, Double)? { count == 0 ? nil : (bx0, by0, bx1, by1) }
}
