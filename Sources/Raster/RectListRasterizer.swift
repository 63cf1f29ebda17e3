// Paths made only of axis-aligned rectangles (a checkerboard, a grid, a bar chart) skip scan
// conversion. Sorting the rectangles' top and bottom edges cuts the plane into bands; inside a
// band every row has the same spans, found by sorting the active rectangles' x edges and
// counting windings (so overlaps follow the fill rule exactly). Rows wholly inside a band are
// painted span by span — a partial pixel at each fractional end and a run between — and only
// rows that straddle a band edge (fractional rectangle tops and bottoms) sum their bands'
// coverage per pixel. Coverage is exact area either way. cairo takes the same shortcut (pixman
// boxes); without it a 64 px checkerboard cost 2.2 ms against cairo's 0.35 ms here, and the
// +0.5 px one 3.8 ms against 1.75 ms.

enum RectListRasterizer {
    /// Most rectangles taken; beyond that the band lists could grow quadratically, so the
    /// general scan converter takes over.
    static let maxRects = 4096

    /// Collects the path's rectangles in device space into the scratch (x0, y0, x1, y1,
    /// winding as Doubles); nil when the path is not all axis-aligned rectangles.
    static func collect(_ path: Path, transform t: Affine, scratch s: RasterScratch) -> Int? {
        guard t.b == 0, t.c == 0 else { return nil }
        // An ellipse is never a list of rectangles (a rectangle or a rounded one with no radius is).
        switch path.shape {
        case .ellipse?, .sector?: return nil
        case .roundedRect(let r)? where r.radii.topLeft > 0 || r.radii.topRight > 0 || r.radii.bottomRight > 0
                                     || r.radii.bottomLeft > 0: return nil
        default: break
        }
        return path.withElements { collect($0, transform: t, scratch: s) }
    }

    static func collect(_ e: UnsafeBufferPointer<PathElement>, transform t: Affine, scratch s: RasterScratch) -> Int? {
        guard e.count >= 5, e.count <= 6 * maxRects else { return nil }
        var i = 0, n = 0
        s.boxes.reserve(5 * (e.count / 5 + 1))
        let out = s.boxes.base
        while i < e.count {
            guard case .move(let p0) = e[i], i + 4 < e.count,
                  case .line(let p1) = e[i + 1], case .line(let p2) = e[i + 2], case .line(let p3) = e[i + 3]
            else { return nil }
            var next = i + 4
            if case .line(let p4) = e[next] { guard p4 == p0 else { return nil }; next += 1 }
            guard next < e.count, case .close = e[next] else { return nil }
            let a = t.apply(p0), b = t.apply(p1), c = t.apply(p2), d = t.apply(p3)
            let h = a.y == b.y && b.x == c.x && c.y == d.y && d.x == a.x
            let v = a.x == b.x && b.y == c.y && c.x == d.x && d.y == a.y
            guard h || v else { return nil }
            @inline(__always) func ok(_ v: Double) -> Bool { Swift.abs(v) < 1e9 }   // false for NaN too
            guard ok(a.x), ok(a.y), ok(c.x), ok(c.y) else { return nil }
            // Winding: the sign of the signed area (+1 one orientation, −1 the other).
            let area = (c.x - a.x) * (c.y - a.y) * (h ? 1 : -1)
            let o = out + 5 * n
            o[0] = Swift.min(a.x, c.x); o[1] = Swift.min(a.y, c.y)
            o[2] = Swift.max(a.x, c.x); o[3] = Swift.max(a.y, c.y)
            o[4] = area > 0 ? 1 : -1
            n += 1
            i = next + 1
        }
        return n
    }

    static func fill<Sink: CoverageSink>(count n: Int, clip: IntRect, rule: FillRule, scratch s: RasterScratch, sink: inout Sink) {
        if clip.isEmpty { return }
        let r = s.boxes.base
        let cy0 = Double(clip.y0), cy1 = Double(clip.y1), cx0 = Double(clip.x0), cx1 = Double(clip.x1)
        // Band edges: every rectangle's top and bottom, clamped to the clip, sorted, unique.
        s.bandEdges.reserve(2 * n + 2)
        let ys = s.bandEdges.base
        var m = 0
        for k in 0..<n {
            let q = r + 5 * k
            if q[0] >= q[2] || q[1] >= q[3] { continue }
            ys[m] = Swift.min(Swift.max(q[1], cy0), cy1); ys[m + 1] = Swift.min(Swift.max(q[3], cy0), cy1)
            m += 2
        }
        insertionSort(ys, m)
        var u = 0
        for k in 0..<m where u == 0 || ys[k] != ys[u - 1] { ys[u] = ys[k]; u += 1 }
        m = u
        if m < 2 { return }
        // Spans of each band: spanStart[b]..<spanStart[b+1] index pairs (x0, x1) in `spans`.
        s.spanStarts.reserve(m + 1)
        s.spans.reserve(2 * n * 2)
        s.xedges.reserve(2 * n)
        let starts = s.spanStarts.base, xe = s.xedges.base
        var spanCount = 0
        for b in 0..<(m - 1) {
            starts[b] = Int32(spanCount)
            let ya = ys[b], yb = ys[b + 1]
            var k2 = 0
            for k in 0..<n {
                let q = r + 5 * k
                if q[1] <= ya && q[3] >= yb && q[0] < q[2] {
                    xe[k2] = XEdge(x: q[0], winding: Int8(q[4])); xe[k2 + 1] = XEdge(x: q[2], winding: Int8(-q[4]))
                    k2 += 2
                }
            }
            insertionSort(xe, k2)
            s.spans.reserve(2 * (spanCount + k2), keep: 2 * spanCount)
            let sp = s.spans.base
            var wind = 0, j = 0, open = 0.0
            while j < k2 {
                let x = xe[j].x
                let before = inside(wind, rule)
                while j < k2 && xe[j].x == x { wind += Int(xe[j].winding); j += 1 }
                let after = inside(wind, rule)
                if !before && after { open = x }
                if before && !after {
                    let a = Swift.max(open, cx0), e = Swift.min(x, cx1)
                    if e > a { sp[2 * spanCount] = a; sp[2 * spanCount + 1] = e; spanCount += 1 }
                }
            }
        }
        starts[m - 1] = Int32(spanCount)
        let sp = s.spans.base

        // Rows: from the first band's top to the last band's bottom.
        let rowStart = Int(ys[0].rounded(.down)), rowEnd = Int(ys[m - 1].rounded(.up))
        s.rowCoverage.reserve(clip.width + 1)
        let rowCov = s.rowCoverage.base
        s.coverage.reserve(clip.width + 1)
        let mask = s.coverage.base
        var band = 0, programBand = -1, opCount = 0, programOpaque = false
        var y = rowStart
        while y < rowEnd {
            let top = Double(y), bottom = Double(y + 1)
            while band < m - 1 && ys[band + 1] <= top { band += 1 }
            if band >= m - 1 { break }
            if ys[band] <= top && ys[band + 1] >= bottom {
                // The whole row lies in one band: every such row of the band paints the same
                // runs, so turn the spans into runs once and replay them. When they are all
                // full coverage (pixel-aligned rectangles), replay them for all the band's whole
                // rows at once, run by run down the rows (box order, as pixman fills cairo's
                // boxes; the runs of a row are disjoint, so any order paints the same pixels):
                // the 64 px checkerboard went from 1.04–1.11× cairo to 0.86–1.04× (7–9
                // alternating rounds each, a loaded machine). With partial pixels at the run
                // ends (the +0.5 px checkerboard) box order looked slower, so those go row by row.
                if programBand != band {
                    opCount = rowProgram(sp, Int(starts[band]), Int(starts[band + 1]), scratch: s)
                    programBand = band
                    programOpaque = true
                    for k in 0..<opCount where s.rowOps.base[k].coverage != 255 { programOpaque = false; break }
                }
                let ops = s.rowOps.base
                if !programOpaque {
                    // One row. Kept apart from the box-order loop below: sharing that loop (a
                    // one-row inner range) cost the +0.5 px checkerboard 35 % more instructions
                    // (184 → 248 M by callgrind).
                    for k in 0..<opCount { sink.run(x: Int(ops[k].x), y: y, count: Int(ops[k].count), coverage: ops[k].coverage) }
                    y += 1
                    continue
                }
                let yEnd = Swift.max(y + 1, Int(Swift.min(Double(rowEnd), ys[band + 1]).rounded(.down)))
                for k in 0..<opCount {
                    let x = Int(ops[k].x), count = Int(ops[k].count), coverage = ops[k].coverage
                    for row in y..<yEnd { sink.run(x: x, y: row, count: count, coverage: coverage) }
                }
                y = yEnd
                continue
            }
            // The row straddles band edges: add each band's share per pixel, then emit.
            var lo = 0, hi = 0   // the touched pixel range, empty so far
            var b = band
            while b < m - 1 && ys[b] < bottom {
                let h = Swift.min(ys[b + 1], bottom) - Swift.max(ys[b], top)
                if h > 0 {
                    for k in Int(starts[b])..<Int(starts[b + 1]) {
                        let a = sp[2 * k], e = sp[2 * k + 1]
                        addSpanCoverage(a, e, h: h, clipX0: clip.x0, row: rowCov, lo: &lo, hi: &hi,
                                        i0: Int(a.rounded(.down)), i1: Int(e.rounded(.up)))
                    }
                }
                b += 1
            }
            if lo < hi {
                for x in lo..<hi {
                    let v = rowCov[x - clip.x0]
                    mask[x - lo] = v >= 1 ? 255 : UInt8(truncatingIfNeeded: Int32(Swift.max(v, 0) * 255 + 0.5))
                }
                sink.mask(x: lo, y: y, count: hi - lo, mask: mask)
            }
            y += 1
        }
    }

    /// Turns one row's disjoint sorted spans at full vertical coverage into runs in
    /// `s.rowOps`: a partial pixel at each fractional end and a full run between. Two spans can
    /// share a pixel (one ends at x.25, the next starts at x.75); their coverages are added,
    /// since compositing them one over the other would leave a seam. Returns the run count.
    /// (Built once per band and replayed per row: span geometry per row cost ~90 instructions
    /// a span, more than filling its 64 pixels.)
    static func rowProgram(_ sp: UnsafeMutablePointer<Double>, _ k0: Int, _ k1: Int, scratch s: RasterScratch) -> Int {
        s.rowOps.reserve(3 * (k1 - k0) + 1)
        let ops = s.rowOps.base
        var n = 0
        var pendingX = Int.min, pending = 0.0
        @inline(__always) func level(_ c: Double) -> UInt8 { UInt8(truncatingIfNeeded: Int32(Swift.min(c, 1) * 255 + 0.5)) }
        for k in k0..<k1 {
            let a = sp[2 * k], e = sp[2 * k + 1]
            let i0 = Int(a.rounded(.down)), i1 = Int(e.rounded(.up))
            let single = i1 - i0 == 1
            let left = single ? e - a : Double(i0 + 1) - a
            if left < 1 || single {
                if i0 != pendingX {
                    if pendingX != Int.min { ops[n] = RowOp(x: Int32(pendingX), count: 1, coverage: level(pending)); n += 1 }
                    pendingX = i0; pending = 0
                }
                pending += left
                if single { continue }
            }
            let right = e - Double(i1 - 1)
            let runStart = left < 1 ? i0 + 1 : i0, runEnd = right < 1 ? i1 - 1 : i1
            if runEnd > runStart || right < 1 {
                if pendingX != Int.min { ops[n] = RowOp(x: Int32(pendingX), count: 1, coverage: level(pending)); n += 1 }
                pendingX = Int.min; pending = 0
            }
            if runEnd > runStart { ops[n] = RowOp(x: Int32(runStart), count: Int32(runEnd - runStart), coverage: 255); n += 1 }
            if right < 1 { pendingX = i1 - 1; pending = right }
        }
        if pendingX != Int.min { ops[n] = RowOp(x: Int32(pendingX), count: 1, coverage: level(pending)); n += 1 }
        // Zero-coverage partials paint nothing: drop them.
        var kept = 0
        for k in 0..<n where ops[k].coverage != 0 { ops[kept] = ops[k]; kept += 1 }
        return kept
    }

    /// Adds span [a, e) × height h to the row's float coverage, growing the touched range
    /// [lo, hi) (cells entering the range are zeroed first).
    @inline(__always)
    static func addSpanCoverage(_ a: Double, _ e: Double, h: Double, clipX0: Int, row: UnsafeMutablePointer<Double>,
                                lo: inout Int, hi: inout Int, i0: Int, i1: Int) {
        if lo >= hi { lo = i0; hi = i0 }
        if i0 < lo { for z in i0..<lo { row[z - clipX0] = 0 }; lo = i0 }
        if i1 > hi { for z in hi..<i1 { row[z - clipX0] = 0 }; hi = i1 }
        for x in i0..<i1 {
            let cov = Swift.min(e, Double(x + 1)) - Swift.max(a, Double(x))
            row[x - clipX0] += cov * h
        }
    }

    @inline(__always) static func inside(_ w: Int, _ rule: FillRule) -> Bool {
        rule == .nonZero ? w != 0 : (w & 1) != 0
    }

    /// In-place insertion sort: the lists are short (one band's edges) and nearly sorted,
    /// and the standard sort may allocate.
    static func insertionSort<T: Comparable>(_ a: UnsafeMutablePointer<T>, _ n: Int) {
        if n < 2 { return }
        for i in 1..<n {
            let v = a[i]
            var j = i - 1
            while j >= 0 && a[j] > v { a[j + 1] = a[j]; j -= 1 }
            a[j + 1] = v
        }
    }
}

/// One run of a band's row program: `count` pixels from `x` at `coverage`.
struct RowOp {
    var x: Int32
    var count: Int32
    var coverage: UInt8
}

/// One vertical rectangle edge in a band: where, and the winding it adds.
struct XEdge: Comparable {
    var x: Double
    var winding: Int8
    static func < (l: XEdge, r: XEdge) -> Bool { l.x < r.x }
}
