// GlyphBitmap: one rendered glyph — its 8-bit coverage mask plus the mask's non-zero spans per
// row. Glyph masks are mostly empty (counters, side bearings, diagonals): at 16 px DejaVu Sans
// about half the pixels are 0, and stems are runs of 255. Drawing walks the spans, so empty
// pixels cost nothing and full runs of an opaque colour are plain stores.

/// A rendered glyph, placed relative to the pen: top-left pixel at (pen.x + left, baseline − top).
struct GlyphBitmap {
    var left: Int32, top: Int32, width: Int32, height: Int32
    /// Bytes per mask row: `width` rounded up to a multiple of 4, the padding zero — so blended
    /// spans can be widened to whole SIMD groups of four without a scalar tail.
    var stride: Int32
    /// `stride × height` coverage bytes, rows top-down; nil for empty glyphs (space).
    var pixels: UnsafeMutablePointer<UInt8>?
    /// `height + 1` row starts (indices into this same buffer), then per row (x, length) pairs
    /// of non-zero runs; a negative length marks a run where every pixel is 255.
    var spans: UnsafeMutablePointer<Int32>?
    var spanCount: Int32 = 0
    /// A colour glyph (emoji): `width × height` premultiplied ARGB pixels, rows top-down, drawn
    /// as they are (the text's colour ignored, its opacity applied); `pixels` and `spans` nil.
    var color: UnsafeMutablePointer<UInt32>? = nil

    static let empty = GlyphBitmap(left: 0, top: 0, width: 0, height: 0, stride: 0, pixels: nil, spans: nil)

    /// Bytes held (for the cache's budget).
    var byteCount: Int {
        color != nil ? Int(width) * Int(height) * 4 : Int(stride) * Int(height) + Int(spanCount) * 4
    }

    func deallocate() {
        pixels?.deallocate()
        spans?.deallocate()
        color?.deallocate()
    }

    /// A colour glyph that owns `color` (`width × height` premultiplied ARGB).
    static func colored(left: Int32, top: Int32, width: Int32, height: Int32, color: UnsafeMutablePointer<UInt32>) -> GlyphBitmap {
        var b = GlyphBitmap(left: left, top: top, width: width, height: height, stride: width, pixels: nil)
        b.color = color
        return b
    }

    /// Rows of `width` coverage bytes padded with zeros to a multiple of four.
    static func stride(forWidth w: Int) -> Int { (w + 3) & ~3 }

    /// A bitmap that owns `pixels` (`stride × height`), with its spans computed.
    init(left: Int32, top: Int32, width: Int32, height: Int32, stride: Int32, pixels: UnsafeMutablePointer<UInt8>?,
         spans: UnsafeMutablePointer<Int32>? = nil) {
        self.left = left; self.top = top; self.width = width; self.height = height; self.stride = stride
        self.pixels = pixels
        self.spans = spans
        if spans == nil, let pixels, width > 0, height > 0 { encodeSpans(pixels) }
    }

    /// Runs of 255 at least this long become stores; shorter ones stay in a blended run, where
    /// the four-pixel SIMD loop handles them about as fast as the per-span bookkeeping costs.
    static let minimumFullRun = 8
    /// Gaps of fewer zero pixels than this stay inside a blended run (blending 0 is a no-op, and
    /// cheaper than starting a new span). Tuned with callgrind on scene (d) 16 px: spans of
    /// 1–3 pixels made the scalar tail loop two thirds of the blending instructions.
    static let minimumGap = 4

    private mutating func encodeSpans(_ pixels: UnsafeMutablePointer<UInt8>) {
        let w = Int(width), h = Int(height), stride = Int(self.stride)
        var out = [Int32](repeating: 0, count: h + 1)
        for y in 0..<h {
            out[y] = Int32(out.count)
            let row = pixels + y * stride
            @inline(__always) func fullRun(_ at: Int) -> Int {
                var e = at
                while e < w && row[e] == 255 { e += 1 }
                return e - at
            }
            @inline(__always) func zeroRun(_ at: Int) -> Int {
                var e = at
                while e < w && row[e] == 0 { e += 1 }
                return e - at
            }
            var x = 0
            while x < w {
                x += zeroRun(x)
                if x >= w { break }
                let full = fullRun(x)
                if full >= Self.minimumFullRun {
                    out.append(Int32(x)); out.append(Int32(-full)); x += full; continue
                }
                // A blended run: up to a long zero gap, a long full run, or the row's end.
                var e = x
                var lastInk = x
                var limit = stride          // how far the run may be widened (zeros up to here)
                while e < w {
                    if row[e] == 0 {
                        let gap = zeroRun(e)
                        if gap >= Self.minimumGap || e + gap >= w { break }
                        e += gap
                        continue
                    }
                    if row[e] == 255 && fullRun(e) >= Self.minimumFullRun { limit = e; break }
                    lastInk = e
                    e += 1
                }
                // Widen to whole groups of four over zeros (a gap ≥ 4, the padding, or nothing).
                let n = min((lastInk + 1 - x + 3) & ~3, limit - x)
                out.append(Int32(x)); out.append(Int32(n)); x += n
            }
        }
        out[h] = Int32(out.count)
        let p = UnsafeMutablePointer<Int32>.allocate(capacity: out.count)
        p.initialize(from: out, count: out.count)
        spans = p
        spanCount = Int32(out.count)
    }
}

/// Where glyph rows go. Any coverage sink can take them (one `mask` call per span);
/// `SolidGlyphBlender` stores full runs of an opaque colour directly.
protocol GlyphRowSink: CoverageSink {
    /// The rows of `bitmap` whose top-left pixel is at device (`left`, `top`), limited to `clip`
    /// (which must lie inside the surface).
    mutating func glyph(_ bitmap: GlyphBitmap, left: Int, top: Int, clip: IntRect)
}

extension GlyphBitmap {
    /// Device rows `y0..<y1` of this glyph at (`left`, `top`) inside `clip`, or an empty range.
    @inline(__always) func rows(top: Int, clip: IntRect) -> Range<Int> {
        let y0 = Swift.max(top, clip.y0), y1 = Swift.min(top + Int(height), clip.y1)
        return y0 < y1 ? y0..<y1 : y0..<y0
    }
}

extension GlyphRowSink {
    @inline(__always) mutating func glyph(_ bitmap: GlyphBitmap, left: Int, top: Int, clip: IntRect) {
        let spans = bitmap.spans!, pixels = bitmap.pixels!, stride = Int(bitmap.stride)
        let lo = clip.x0, hi = clip.x1
        for y in bitmap.rows(top: top, clip: clip) {
            let row = y - top
            let coverage = pixels + row * stride
            var k = Int(spans[row])
            let end = Int(spans[row + 1])
            while k < end {
                let x = left + Int(spans[k]), n = Int(spans[k + 1])
                let a = Swift.max(x, lo), b = Swift.min(x + (n < 0 ? -n : n), hi)
                if b > a { mask(x: a, y: y, count: b - a, mask: coverage + (a - left)) }
                k += 2
            }
        }
    }
}

extension PaintSink: GlyphRowSink {}
