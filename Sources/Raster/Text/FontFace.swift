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
    /// The face has colour glyphs (FreeType's FT_FACE_FLAG_COLOR: CBDT/sbix bitmaps or COLR
    /// layers); its glyphs are rendered with FT_LOAD_COLOR and may come back as BGRA.
    let hasColor: Bool
    /// Colour bitmaps only, no outlines (Noto Color Emoji's CBDT): glyphs come from a fixed-size
    /// strike and are scaled to the asked size.
    let isColorBitmap: Bool
    /// The bitmap strikes' sizes in px (FreeType's x_ppem), for `isColorBitmap` faces.
    let strikes: [Double]
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
        let flags = face.pointee.face_flags
        let scalable = (flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0
        let color = (flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0
        // A colour-bitmap face (CBDT/sbix without outlines): FreeType reports no em and no
        // metrics; HarfBuzz reads both from the tables, and glyphs come from the strikes.
        var strikes: [Double] = []
        if !scalable, color, (flags & FT_Long(FT_FACE_FLAG_FIXED_SIZES)) != 0, let sizes = face.pointee.available_sizes {
            for i in 0..<Int(face.pointee.num_fixed_sizes) { strikes.append(Double(sizes[i].x_ppem) / 64) }
        }
        let colorBitmap = !strikes.isEmpty && strikes.allSatisfy { $0 > 0 && $0.isFinite }
        guard scalable || colorBitmap, scalable ? face.pointee.units_per_EM > 0 : true, face.pointee.num_glyphs > 0 else {
            FT_Done_Face(face)
            throw FontError.notAFont(path: path, freeTypeError: 0x02 /* FT_Err_Unknown_File_Format */)
        }
        if colorBitmap {
            // Probe: the strikes must be selectable.
            if FT_Select_Size(face, 0) != 0 {
                FT_Done_Face(face)
                throw FontError.notAFont(path: path, freeTypeError: 0x0F /* FT_Err_Invalid_Table */)
            }
        } else if FT_Set_Char_Size(face, 0, 16 * 64, 72, 72) != 0
            || FT_Load_Glyph(face, 0, FT_Int32(FT_LOAD_NO_BITMAP) | FT_Int32(FT_LOAD_NO_HINTING)) != 0 {
            // Probe: the first glyph must load, or the glyph table is unreadable (truncated file).
            // Unhinted: a hinted load runs the font's TrueType programs, whose stacks and storage
            // FreeType allocates and zeroes at the sizes maxp declares — 29 % of fuzz-font's
            // instructions (callgrind, 400 corrupt fonts), and wasted on every font a kiosk loads.
            FT_Done_Face(face)
            throw FontError.notAFont(path: path, freeTypeError: 0x0F /* FT_Err_Invalid_Table */)
        }
        let hb = hb_ft_face_create_referenced(face)!
        let upem = colorBitmap ? Double(hb_face_get_upem(hb)) : Double(face.pointee.units_per_EM)
        guard upem > 0 else {
            hb_face_destroy(hb)
            FT_Done_Face(face)
            throw FontError.notAFont(path: path, freeTypeError: 0x02 /* FT_Err_Unknown_File_Format */)
        }
        ftSize = colorBitmap ? -2 : 16 * 64     // strike 0 is selected, not a char size
        self.id = id; self.path = path; self.index = index; self.freeType = freeType
        ftFace = face
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        hbFace = hb
        unitsPerEm = upem
        glyphCount = Int(face.pointee.num_glyphs)
        hasColor = color
        isColorBitmap = colorBitmap
        self.strikes = colorBitmap ? strikes : []
        // OS/2 typo metrics when USE_TYPO_METRICS is set, else hhea — FreeType already chose.
        // Held to their signs: fuzz-font found a file whose hhea descender was +8 (above the
        // baseline) with ascender 6 and gap 2, a line height of −5.6e-17 px and so a layout of
        // negative height. A face with no vertical extent left gets an em box (0.8 / −0.2 em).
        // A colour-bitmap face's metrics are the selected strike's, in 26.6 px.
        var asc: Double, desc: Double, height: Double
        if colorBitmap, let m = face.pointee.size?.pointee.metrics, strikes[0] > 0 {
            let k = upem / 64 / strikes[0]
            asc = Double(m.ascender) * k; desc = Double(m.descender) * k; height = Double(m.height) * k
        } else {
            asc = Double(face.pointee.ascender); desc = Double(face.pointee.descender); height = Double(face.pointee.height)
        }
        asc = max(0, asc); desc = min(0, desc)
        if !(asc - desc > 0) || !(asc - desc).isFinite { asc = 0.8 * upem; desc = -0.2 * upem }
        ascender = asc
        descender = desc
        lineGap = height.isFinite ? max(0, height - asc + desc) : 0
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
        if isColorBitmap { return false }
        if ftSize == size64 { return true }
        guard FT_Set_Char_Size(ftFace, 0, FT_F26Dot6(size64), 72, 72) == 0 else { return false }
        ftSize = size64
        return true
    }

    /// For a colour-bitmap face: selects the strike to scale to `size` px (the smallest at
    /// least that big, else the biggest) and returns its size in px; nil if FreeType refuses.
    func selectStrike(for size: Double) -> Double? {
        guard isColorBitmap else { return nil }
        var best = 0
        for i in strikes.indices {
            let s = strikes[i], b = strikes[best]
            if (s >= size && (b < size || s < b)) || (b < size && s > b) { best = i }
        }
        if ftSize != -2 - Int32(best) {
            guard FT_Select_Size(ftFace, FT_Int(best)) == 0 else { return nil }
            ftSize = -2 - Int32(best)    // strikes are marked by negative sizes
        }
        return strikes[best]
    }
}
