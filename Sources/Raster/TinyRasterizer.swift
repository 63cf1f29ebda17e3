// Scan conversion of a path whose device bounds are a few pixels (a Canvas's particles, dots,
// small icons): every segment is accumulated at once into a cell buffer covering the whole
// box, then each row is prefix-summed over its whole width and sent as one mask. The cells are
// the same fixed-point areas `Rasterizer.sweep` accumulates (the same `Rasterizer.accumulate`,
// without touched-cell bits), and integer sums do not depend on the order of additions, so every
// pixel is the same as the general sweeps give (TinyRasterizerTests). What it saves over the chain walker for tiny
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
        let top = Double(box.y0), bottom = Double(box.y1)
        let segs = s.segments.base
        for i in 0..<s.segmentCount {
            let q = segs + 4 * i
            Rasterizer.accumulate(q[0], q[1], q[2], q[3], top: top, bottom: bottom, originY: box.y0, left: box.x0, width: w,
                                  pitch: pitch, acc: acc, dirty: dirty, words: 1, marks: false)
        }
        for r in 0..<h {
            let line = acc + r * pitch
            var t: Int32 = 0
            for i in 0..<w {
                t &+= line[i]; line[i] = 0
                cov[i] = Rasterizer.coverage(t, rule)
            }
            line[w] = 0; line[w + 1] = 0   // cells past the right edge (never read, kept zero)
            // The row's mask from its first to its last covered pixel (trimmed after the sum:
            // tracking them in the loop cost ≈ 300 instructions a 6-px dot).
            var first = 0, last = w - 1
            while first < w && cov[first] == 0 { first += 1 }
            if first == w { continue }
            while cov[last] == 0 { last -= 1 }
            sink.mask(x: box.x0 + first, y: box.y0 + r, count: last - first + 1, mask: cov + first)
        }
    }
}
