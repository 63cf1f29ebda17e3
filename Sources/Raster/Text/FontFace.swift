// FontFace: one font file's face (FreeType + HarfBuzz), shared by every size of that face.
// Sizes never mutate shared state used for shaping: each size gets its own hb_font (HarfBuzz's
// own OpenType functions, scaled in 26.6) — so two sizes of one face cannot mis-kern each other,
// the bug LVGL #9367 describes. Only the FreeType size used for rasterising is switched, and
// every rasterisation sets it first.
import CFreeType
import CHarfBuzz

final class FontFace {
    /// Unique within its library; part of glyph-cache keys.
    let id: Int
    let path: String
    let index: Int
    let familyName: String
    let ftFace: FT_Face
    let hbFace: OpaquePointer
    let unitsPerEm: Double
    /// Font-unit metrics (y up): ascender > 0, descender < 0, lineGap ≥ 0.
    let ascender: Double, descender: Double, lineGap: Double
    let glyphCount: Int
    private let freeType: FreeTypeHandle
    /// hb_font per size in 1/64 px.
    private var hbFonts: [Int32: OpaquePointer] = [:]
    /// The FreeType char size currently set on `ftFace`, in 1/64 px (0 = none yet).
    private var ftSize: Int32 = 0

    init(id: Int, path: String, index: Int, freeType: FreeTypeHandle) throws {
        var face: FT_Face?
        let err = FT_New_Face(freeType.library, path, FT_Long(index), &face)
        guard err == 0, let face else { throw FontError.notAFont(path: path, freeTypeError: err) }
        // Bitmap-only or broken faces: FreeType opens some truncated files lazily; insist on
        // scalable outlines and a sane em so later calls have something real to work with.
        let scalable = (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0
        guard scalable, face.pointee.units_per_EM > 0, face.pointee.num_glyphs > 0 else {
            FT_Done_Face(face)
            throw FontError.notAFont(path: path, freeTypeError: 0x02 /* FT_Err_Unknown_File_Format */)
        }
        // Probe: the first glyph must load, or the glyph table is unreadable (truncated file).
        // Unhinted: a hinted load runs the font's TrueType programs, whose stacks and storage
        // FreeType allocates and zeroes at the sizes maxp declares — 29 % of fuzz-font's
        // instructions (callgrind, 400 corrupt fonts), and wasted on every font a kiosk loads.
        if FT_Set_Char_Size(face, 0, 16 * 64, 72, 72) != 0
            || FT_Load_Glyph(face, 0, FT_Int32(FT_LOAD_NO_BITMAP) | FT_Int32(FT_LOAD_NO_HINTING)) != 0 {
            FT_Done_Face(face)
            throw FontError.notAFont(path: path, freeTypeError: 0x0F /* FT_Err_Invalid_Table */)
        }
        ftSize = 16 * 64
        self.id = id; self.path = path; self.index = index; self.freeType = freeType
        ftFace = face
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        hbFace = hb_ft_face_create_referenced(face)
        unitsPerEm = Double(face.pointee.units_per_EM)
        glyphCount = Int(face.pointee.num_glyphs)
        // OS/2 typo metrics when USE_TYPO_METRICS is set, else hhea — FreeType already chose.
        // Held to their signs: fuzz-font found a file whose hhea descender was +8 (above the
        // baseline) with ascender 6 and gap 2, a line height of −5.6e-17 px and so a layout of
        // negative height. A face with no vertical extent left gets an em box (0.8 / −0.2 em).
        var asc = max(0, Double(face.pointee.ascender)), desc = min(0, Double(face.pointee.descender))
        if !(asc - desc > 0) { asc = 0.8 * Double(face.pointee.units_per_EM); desc = -0.2 * Double(face.pointee.units_per_EM) }
        ascender = asc
        descender = desc
        lineGap = max(0, Double(face.pointee.height) - asc + desc)
    }

    deinit {
        for (_, f) in hbFonts { hb_font_destroy(f) }
        hb_face_destroy(hbFace)
        FT_Done_Face(ftFace)
    }

    /// The glyph for `codepoint`, or 0 (.notdef) when this face does not cover it.
    @inline(__always) func glyphIndex(_ codepoint: UInt32) -> UInt32 {
        UInt32(FT_Get_Char_Index(ftFace, FT_ULong(codepoint)))
    }

    func covers(_ codepoint: UInt32) -> Bool { glyphIndex(codepoint) != 0 }

    /// The HarfBuzz font for `size64` (1/64 px), made once per size.
    func hbFont(size64: Int32) -> OpaquePointer {
        if let f = hbFonts[size64] { return f }
        let f = hb_font_create(hbFace)!
        hb_ot_font_set_funcs(f)   // linear (unhinted) advances: glyphs sit at ¼-px phases
        hb_font_set_scale(f, size64, size64)
        hbFonts[size64] = f
        return f
    }

    /// Sets FreeType's char size before loading a glyph for rasterising; returns false if refused.
    func setFreeTypeSize(_ size64: Int32) -> Bool {
        if ftSize == size64 { return true }
        guard FT_Set_Char_Size(ftFace, 0, FT_F26Dot6(size64), 72, 72) == 0 else { return false }
        ftSize = size64
        return true
    }
}
