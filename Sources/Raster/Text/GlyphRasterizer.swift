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
