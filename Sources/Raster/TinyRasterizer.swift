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
            if Swift.min(q[0], q[2]) >= left && Swift.max(q[0], q[2]) <= right {
                accumulateInside(q[0] - left, q[1], q[2] - left, q[3], top: top, bottom: bottom, originY: box.y0,
                                 pitch: pitch, acc: acc)
            } else {
                Rasterizer.accumulateClipped(q[0], q[1], q[2], q[3], top: top, bottom: bottom, left: left, right: right,
                                             originY: box.y0, pitch: pitch, words: 1, acc: acc, dirty: dirty)
            }
        }
        for r in 0..<h {
            dirty[r] = 0                 // the sweeps expect the bits clear; this one does not read them
            let line = acc + r * pitch
            var t: Float = 0
            for i in 0..<w {
                t += line[i]; line[i] = 0
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

    /// `Rasterizer.accumulate` for a segment inside the box (x relative to its left edge, 0…w):
    /// no clamp at the right (an x a rounding past w lands in the spare cells w, w + 1) and no
    /// touched-cell bits, which this sweep does not read.
    @inline(__always)
    static func accumulateInside(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, top: Double, bottom: Double,
                                 originY: Int, pitch: Int, acc: UnsafeMutablePointer<Float>) {
        guard let seg = RowSegment(ax, ay, bx, by, top: top, bottom: bottom) else { return }
        let xlo = Swift.min(seg.xa, seg.xb), xhi = Swift.max(seg.xa, seg.xb)
        // Held between the segment's ends (so 0…w, and never NaN): for a rise below 2⁻¹⁰²⁴,
        // 1 / (yb − ya) is ∞ and a row boundary inside it gave x = ∞, which trapped in ceilInt
        // (fuzz-path, regressions/fuzz-path/subnormal-rise-inf-x).
        seg.forEachRow(clamp: { v in v >= xlo ? (v <= xhi ? v : xhi) : xlo }) { row, x, xn, d in
            cells(x, xn, d: d, line: acc + (row - originY) * pitch)
        }
    }

    /// `Rasterizer.cells` without the touched-cell bits.
    @inline(__always)
    static func cells(_ x: Double, _ xn: Double, d: Float, line: UnsafeMutablePointer<Float>) {
        _ = Rasterizer.addCells(x, xn, d: d, line: line)
    }
}
