// Shaping cross-checks against HarfBuzz itself, kerning at every size, fallback and bidi.
import Testing
import CHarfBuzz
@testable import Raster

/// Total advance of `text` shaped by a HarfBuzz font made here, independently of Raster.
func harfBuzzAdvance(_ text: String, path: String, size: Double) -> Double {
    let blob = hb_blob_create_from_file(path)
    let face = hb_face_create(blob, 0)
    let font = hb_font_create(face)!
    let scale = Int32((size * 64).rounded())
    hb_font_set_scale(font, scale, scale)
    let buf = hb_buffer_create()
    defer { hb_buffer_destroy(buf); hb_font_destroy(font); hb_face_destroy(face); hb_blob_destroy(blob) }
    hb_buffer_add_utf8(buf, text, -1, 0, -1)
    hb_buffer_guess_segment_properties(buf)
    hb_shape(font, buf, nil, 0)
    var n: UInt32 = 0
    let pos = hb_buffer_get_glyph_positions(buf, &n)!
    return (0..<Int(n)).reduce(0.0) { $0 + Double(pos[$1].x_advance) / 64 }
}

@Suite struct TextShapingTests {
    @Test(arguments: ["Hello, world", "AVATAR Wavy Tofu", "The quick brown fox jumps over the lazy dog 0123456789", "ÆØÅ ﬁ fl"])
    func advancesEqualHarfBuzzTotals(text: String) throws {
        let fonts = try FontLibrary()
        for size in [10.0, 16, 23.5, 48] {
            let f = try fonts.font(path: dejaVuSans, size: size)
            let ours = fonts.layout(text, font: f).size.width
            #expect(abs(ours - harfBuzzAdvance(text, path: dejaVuSans, size: size)) < 1e-9, "\(text) at \(size)")
        }
    }

    /// LVGL #9367: sizes sharing a face lost kerning. Here every size of one face kerns "AV".
    @Test func kerningPairIsNarrowerAtEverySize() throws {
        let fonts = try FontLibrary()
        var sizes: [Double] = []
        for s in stride(from: 8.0, through: 96, by: 4) { sizes.append(s) }
        for size in sizes + sizes.reversed() {          // interleave sizes of the shared face
            let f = try fonts.font(path: dejaVuSans, size: size)
            let pair = fonts.measure("AV", font: f)
            let unkerned = fonts.measure("A", font: f) + fonts.measure("V", font: f)
            #expect(pair < unkerned - size * 0.02, "AV at \(size): \(pair) vs \(unkerned)")
        }
    }

    @Test func koreanAndChineseFallBackToACJKFont() throws {
        let fonts = try FontLibrary()
        let f = try fonts.font(family: "DejaVu Sans", size: 16)
        #expect(!f.covers("안"))
        for text in ["애니메이션이 끝난 시점 알아오기", "監聽動畫完成的時間"] {
            let layout = fonts.layout(text, font: f)
            let faces = Set(layout.runs.map { $0.face.familyName })
            #expect(faces.contains("WenQuanYi Micro Hei"), "\(text): \(faces)")
            #expect(!layout.runs.contains { $0.glyphs.contains(0) }, "no .notdef in \(text)")
            // The spaces stay in the Hangul run: one run for the whole sentence.
            if text.first == "애" { #expect(layout.runs.count == 1) }
        }
    }

    @Test func notdefOnlyWhenNothingCovers() throws {
        let fonts = try FontLibrary()
        let f = try fonts.font(path: dejaVuSans, size: 16)
        let mixed = fonts.layout("Price 가격 价格 السعر", font: f)
        #expect(!mixed.runs.contains { $0.glyphs.contains(0) })
        let unassigned = fonts.layout("a\u{10FFFD}b", font: f)   // private use, plane 16: no font has it
        #expect(unassigned.runs.flatMap { $0.glyphs }.filter { $0 == 0 }.count == 1)
    }

    @Test func arabicRunsRightToLeftAndJoins() throws {
        let fonts = try FontLibrary()
        let f = try fonts.font(path: dejaVuSans, size: 24)
        let layout = fonts.layout("سلام", font: f)
        #expect(layout.lines[0].isRightToLeft)
        let glyphs = layout.runs.flatMap { zip($0.clusters, $0.xs).map { ($0, $1) } }
        // Logical first letter is drawn rightmost.
        let first = glyphs.first { $0.0 == 0 }!, last = glyphs.max { $0.0 < $1.0 }!
        #expect(first.1 > last.1)
        // Joining: the initial form of seen differs from the isolated one.
        let isolated = fonts.layout("س", font: f).runs[0].glyphs[0]
        let initial = layout.runs[0].glyphs[layout.runs[0].clusters.firstIndex(of: 0)!]
        #expect(isolated != initial)
    }

    @Test func mixedBidiLineKeepsLatinOrderInsideRTL() throws {
        let fonts = try FontLibrary()
        let f = try fonts.font(path: dejaVuSans, size: 16)
        // LTR paragraph: "abc", then Arabic (reversed), then "xyz".
        let layout = fonts.layout("abc سلام xyz", font: f)
        #expect(!layout.lines[0].isRightToLeft)
        let byCluster = Dictionary(layout.runs.flatMap { zip($0.clusters, $0.xs).map { ($0, $1) } }, uniquingKeysWith: { a, _ in a })
        #expect(byCluster[0]! < byCluster[1]! && byCluster[1]! < byCluster[2]!)     // abc left to right
        #expect(byCluster[4]! > byCluster[7]!)                                       // Arabic right to left
        #expect(byCluster[4]! < byCluster[9]!)                                       // xyz after it
        // RTL paragraph holding Latin: the Latin word keeps its order.
        let rtl = fonts.layout("سلام abc", font: f)
        #expect(rtl.lines[0].isRightToLeft)
        let m = Dictionary(rtl.runs.flatMap { zip($0.clusters, $0.xs).map { ($0, $1) } }, uniquingKeysWith: { a, _ in a })
        #expect(m[5]! < m[6]! && m[6]! < m[7]!)
        #expect(m[0]! > m[7]!)                                                       // Arabic starts on the right
    }

    /// Devanagari: the vowel sign I (U+093F) is written after KA but drawn before it, and the
    /// conjunct in "स्ते" forms from a fallback font (DejaVu has no Devanagari).
    @Test func devanagariReordersAndFormsConjuncts() throws {
        let fonts = try FontLibrary()
        let f = try fonts.font(path: dejaVuSans, size: 24)
        let ki = fonts.layout("कि", font: f)
        let run = ki.runs[0]
        #expect(run.face.familyName != "DejaVu Sans")
        #expect(run.glyphs.count == 2 && run.clusters == [0, 0])
        #expect(run.glyphs[0] == run.face.glyphIndex(0x093F))       // the matra, leftmost
        #expect(run.xs[0] < run.xs[1])
        let namaste = fonts.layout("नमस्ते", font: f)
        #expect(namaste.glyphCount < 6)                            // स + ् + त → one conjunct glyph
        #expect(!namaste.runs.contains { $0.glyphs.contains(0) })
    }

    @Test func bidiVisualOrderFollowsRuleL2() {
        #expect(Bidi.visualOrder([0, 0, 0]) == [0, 1, 2])
        #expect(Bidi.visualOrder([1, 1, 1]) == [2, 1, 0])
        #expect(Bidi.visualOrder([0, 1, 1, 0]) == [0, 2, 1, 3])
        #expect(Bidi.visualOrder([1, 2, 2, 1]) == [3, 1, 2, 0])
        #expect(Bidi.visualOrder([0, 2, 0]) == [0, 1, 2])
    }
}
