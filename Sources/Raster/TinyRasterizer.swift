// Scan conversion of a path whose device bounds are a few pixels (a Canvas's particles, dots,
// small icons): every segment is accumulated at once into a cell buffer covering the whole
// box, then each row is prefix-summed over its whole width and sent as one mask. The cells are
// the same exact areas `Rasterizer.sweep` accumulates (the same `accumulateClipped`), so only
// the order of additions into a cell differs: a pixel moves by at most 1/255 against the general
// sweeps (TinyRasterizerTests hold it there). What it saves over the chain walker for tiny
// shapes is the per-row bookkeeping: finding each row's segments, touched-cell bits, and runs
// between masks (a 6-px circle: MonotoneRasterizer.sweep ≈ 8.4 k instructions, callgrind).

enum TinyRasterizer {
    /// Largest box side taken. Above it whole-row masks cost more than the sweeps' runs over
    /// constant interiors.
    static let maxSide = 32

    /// True when a box of `box`'s size is tiny enough.
    @inline(__always) static func takes(_ box: IntRect) -> Bool {
        box.width <= maxSide && box.height <= maxSide
    }

    /// Scan-converts the segments in the scratch inside `box` (the segments' covering box ∩ clip,
    /// non-empty, `takes(box)`) into `sink`.
    static func sweep<Sink: CoverageSink>(scratch s: RasterScratch, box: IntRect, rule: FillRule, sink: inout Sink) {
        let w = box.width, h = box.height
        let pitch = w + 2
        let (acc, dirty, cov) = Rasterizer.cellBuffers(s, rows: h, pitch: pitch, words: 1)
        let left = Double(box.x0), right = Double(box.x1), top = Double(box.y0), bottom = Double(box.y1)
        let segs = s.segments.base
        for i in 0..<s.segmentCount {
            let q = segs + 4 * i
            Rasterizer.accumulateClipped(q[0], q[1], q[2], q[3], top: top, bottom: bottom, left: left, right: right,
                                         originY: box.y0, pitch: pitch, words: 1, acc: acc, dirty: dirty)
        }
        for r in 0..<h {
            dirty[r] = 0                 // the sweeps expect the bits clear; this one does not read them
            let line = acc + r * pitch
            var t: Float = 0
            var first = -1, last = -1
            for i in 0..<w {
                t += line[i]; line[i] = 0
                let v = Rasterizer.coverage(t, rule)
                cov[i] = v
                if v != 0 { if first < 0 { first = i }; last = i }
            }
            line[w] = 0; line[w + 1] = 0   // cells past the right edge (never read, kept zero)
            if first >= 0 { sink.mask(x: box.x0 + first, y: box.y0 + r, count: last - first + 1, mask: cov + first) }
        }
    }
}
