// GlyphRasterizer: one glyph → an 8-bit coverage mask through FreeType: slight hinting
// (FT_LOAD_TARGET_LIGHT: vertical-only, keeps advances linear), grey anti-aliasing, and the
// outline shifted right by phase/4 px before rendering, so glyphs sit at quarter-pixel positions.
import CFreeType

enum GlyphRasterizer {
    /// FT_LOAD_TARGET_LIGHT = FT_LOAD_TARGET_(FT_RENDER_MODE_LIGHT), a macro Swift cannot import.
    static let loadTargetLight: FT_Int32 = FT_Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16
    static let loadFlags: FT_Int32 = loadTargetLight | FT_Int32(FT_LOAD_NO_BITMAP)
    /// Quarter-pixel phases.
    static let phases = 4

    /// Renders `glyph` of `face` at `size64` (26.6 px) shifted by `phase`/4 px. Failures (a glyph
    /// a damaged font cannot load) give an empty mask, never a crash.
    static func render(face: FontFace, size64: Int32, glyph: UInt32, phase: Int) -> GlyphBitmap {
        guard face.setFreeTypeSize(size64) else { return .empty }
        let ft = face.ftFace
        guard FT_Load_Glyph(ft, glyph, loadFlags) == 0, let slot = ft.pointee.glyph else { return .empty }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase * 64 / phases), 0)
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_LIGHT) == 0 else { return .empty }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows)
        guard w > 0, h > 0, let src = bm.buffer, bm.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else {
            return GlyphBitmap(left: slot.pointee.bitmap_left, top: slot.pointee.bitmap_top, width: 0, height: 0, stride: 0, pixels: nil)
        }
        let stride = GlyphBitmap.stride(forWidth: w)
        let pixels = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * h)
        pixels.initialize(repeating: 0, count: stride * h)
        let pitch = Int(bm.pitch)
        for y in 0..<h {
            // A negative pitch stores rows bottom-up (FreeType's "up flow"); read them top-down.
            let row = pitch >= 0 ? src + y * pitch : src + (h - 1 - y) * -pitch
            (pixels + y * stride).update(from: row, count: w)
        }
        return GlyphBitmap(left: slot.pointee.bitmap_left, top: slot.pointee.bitmap_top,
                           width: Int32(w), height: Int32(h), stride: Int32(stride), pixels: pixels)
    }
}

// Colour glyphs (emoji): FT_LOAD_COLOR gives premultiplied BGRA — a CBDT strike's bitmap (Noto
// Color Emoji: one 109 px strike), scaled here to the asked size, or COLR layers FreeType renders
// at the size itself. The result is ARGB8888 in Raster's pixel order, cached like a mask.
extension GlyphRasterizer {
    /// Renders `glyph` of a colour face (`face.hasColor`) at `size64`. A glyph the font has no
    /// colour for comes back as a coverage mask (drawn in the text's colour); failures are empty.
    static func renderColor(face: FontFace, size64: Int32, glyph: UInt32) -> GlyphBitmap {
        let ft = face.ftFace
        let size = Double(size64) / 64
        var scale = 1.0
        if face.isColorBitmap {
            guard size > 0, let strike = face.selectStrike(for: size),
                  FT_Load_Glyph(ft, glyph, FT_Int32(FT_LOAD_COLOR)) == 0 else { return .empty }
            scale = size / strike
        } else {
            guard face.setFreeTypeSize(size64),
                  FT_Load_Glyph(ft, glyph, loadTargetLight | FT_Int32(FT_LOAD_COLOR)) == 0 else { return .empty }
        }
        guard let slot = ft.pointee.glyph else { return .empty }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
        }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows)
        guard w > 0, h > 0, let src = bm.buffer else { return .empty }
        if bm.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), !face.isColorBitmap {
            return render(face: face, size64: size64, glyph: glyph, phase: 0)
        }
        guard bm.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), scale.isFinite, scale > 0 else { return .empty }
        let pitch = Int(bm.pitch)
        let rows = UnsafeMutablePointer<UnsafePointer<UInt8>>.allocate(capacity: h)
        defer { rows.deallocate() }
        for y in 0..<h { rows[y] = UnsafePointer(pitch >= 0 ? src + y * pitch : src + (h - 1 - y) * -pitch) }
        if scale == 1 {
            let out = UnsafeMutablePointer<UInt32>.allocate(capacity: w * h)
            for y in 0..<h {
                let r = rows[y]
                for x in 0..<w {
                    let p = r + 4 * x
                    out[y * w + x] = premultipliedARGB(b: Double(p[0]), g: Double(p[1]), r: Double(p[2]), a: Double(p[3]))
                }
            }
            return .colored(left: slot.pointee.bitmap_left, top: slot.pointee.bitmap_top,
                            width: Int32(w), height: Int32(h), color: out)
        }
        // Where the scaled bitmap falls on the pixel grid: its left edge and top (y up) scale
        // with the strike's bearings; the destination box covers them whole.
        let fx = Double(slot.pointee.bitmap_left) * scale, fy = Double(slot.pointee.bitmap_top) * scale
        let left = fx.rounded(.down), top = fy.rounded(.up)
        let ox = fx - left, oy = top - fy
        let dw = Int((ox + Double(w) * scale).rounded(.up)), dh = Int((oy + Double(h) * scale).rounded(.up))
        guard dw > 0, dh > 0, dw <= 4 * 4096, dh <= 4 * 4096,
              let l32 = Int32(exactly: left), let t32 = Int32(exactly: top) else { return .empty }
        let xs = Resample(source: w, destination: dw, scale: scale, offset: ox)
        let ys = Resample(source: h, destination: dh, scale: scale, offset: oy)
        // Horizontal pass into floats (B, G, R, A per pixel), then vertical into the result.
        let mid = UnsafeMutablePointer<Float>.allocate(capacity: dw * h * 4)
        defer { mid.deallocate() }
        for y in 0..<h {
            let r = rows[y]
            for x in 0..<dw {
                var acc = SIMD4<Float>()
                for k in xs.taps(x) { acc += SIMD4<Float>(Float(r[4 * k.index]), Float(r[4 * k.index + 1]),
                                                          Float(r[4 * k.index + 2]), Float(r[4 * k.index + 3])) * k.weight }
                (mid + (y * dw + x) * 4).withMemoryRebound(to: SIMD4<Float>.self, capacity: 1) { $0.pointee = acc }
            }
        }
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: dw * dh)
        for y in 0..<dh {
            for x in 0..<dw {
                var acc = SIMD4<Float>()
                for k in ys.taps(y) {
                    (mid + (k.index * dw + x) * 4).withMemoryRebound(to: SIMD4<Float>.self, capacity: 1) { acc += $0.pointee * k.weight }
                }
                out[y * dw + x] = premultipliedARGB(b: Double(acc[0]), g: Double(acc[1]), r: Double(acc[2]), a: Double(acc[3]))
            }
        }
        return .colored(left: l32, top: t32, width: Int32(dw), height: Int32(dh), color: out)
    }

    /// Premultiplied channels (0…255, any rounding error) → one ARGB8888 pixel, colour ≤ alpha.
    @inline(__always) static func premultipliedARGB(b: Double, g: Double, r: Double, a: Double) -> UInt32 {
        let a8 = UInt32(max(0, min(255, a.rounded())))
        @inline(__always) func c(_ v: Double) -> UInt32 { min(a8, UInt32(max(0, min(255, v.rounded())))) }
        return a8 << 24 | c(r) << 16 | c(g) << 8 | c(b)
    }

    /// 1-D resampling weights: an area average when shrinking (each destination pixel averages
    /// the source pixels it covers), linear interpolation when enlarging.
    struct Resample {
        struct Tap { var index: Int; var weight: Float }
        private var starts: [Int] = []
        private var all: [Tap] = []

        /// Destination pixel d covers source [(d − offset)/scale, (d + 1 − offset)/scale].
        init(source n: Int, destination m: Int, scale: Double, offset: Double) {
            starts.reserveCapacity(m + 1)
            for d in 0..<m {
                starts.append(all.count)
                if scale < 1 {
                    let a = (Double(d) - offset) / scale, b = (Double(d + 1) - offset) / scale
                    var j = max(0, Int(a.rounded(.down)))
                    while j < n && Double(j) < b {
                        let overlap = min(b, Double(j + 1)) - max(a, Double(j))
                        if overlap > 0 { all.append(Tap(index: j, weight: Float(overlap * scale))) }
                        j += 1
                    }
                } else {
                    // Edges fade to transparent outside the source (its pixels' area, linearly).
                    let c = (Double(d) + 0.5 - offset) / scale - 0.5
                    let j = Int(c.rounded(.down)), f = c - Double(j)
                    if j >= 0 && j < n { all.append(Tap(index: j, weight: Float(1 - f))) }
                    if j + 1 >= 0 && j + 1 < n { all.append(Tap(index: j + 1, weight: Float(f))) }
                }
            }
            starts.append(all.count)
        }

        func taps(_ d: Int) -> ArraySlice<Tap> { all[starts[d]..<starts[d + 1]] }
    }
}
