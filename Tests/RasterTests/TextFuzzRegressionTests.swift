// Text inputs the text fuzzers (Fuzz/, `scripts/fuzz text text-long font`) found; the fuzzers'
// inputs are in Fuzz/regressions/fuzz-text-long/ and fuzz-font/.
import Testing
@testable import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A file's bytes, nil when it cannot be read.
private func readBytes(_ path: String) -> [UInt8]? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var out: [UInt8] = [], buf = [UInt8](repeating: 0, count: 4096)
    while true { let n = fread(&buf, 1, buf.count, f); if n <= 0 { break }; out += buf[0..<n] }
    return out
}

private func writeBytes(_ bytes: [UInt8], to path: String) throws {
    guard let f = fopen(path, "wb") else { throw FontError.fileNotFound(path: path) }
    defer { fclose(f) }
    _ = fwrite(bytes, 1, bytes.count, f)
}

@Suite struct TextFuzzRegressionTests {
    let fonts: FontLibrary
    let font: Font
    init() throws {
        fonts = try FontLibrary()
        font = try fonts.font(path: dejaVuSans, size: 16)
    }

    /// regressions/fuzz-text-long/combining-marks-10k: 10⁴ combining acutes on one letter took 4 s a
    /// layout (HarfBuzz positions a run of marks in O(n²)). Marks past the 30th lay out as U+034F,
    /// which draws nothing: the picture is that of 30 marks, and line ranges still cover all input.
    @Test func longCombiningRunsDrawTheirFirstThirtyMarks() throws {
        let many = "e" + String(repeating: "\u{301}", count: 10_000) + "x"
        let thirty = "e" + String(repeating: "\u{301}", count: 30) + "x"
        let a = fonts.layout(many, font: font), b = fonts.layout(thirty, font: font)
        #expect(a.lines.count == 1 && a.lines[0].range == 0..<10_002)
        #expect(abs(a.size.width - b.size.width) < 1e-9)
        func draw(_ l: TextLayout) throws -> Surface {
            let s = try Surface(width: 40, height: 30)
            fonts.draw(l, in: Canvas(s), at: Point(4, 4), paint: .solid(.black))
            return s
        }
        #expect(try draw(a).samePixels(as: try draw(b)))
        // A run that ends starts the count again: the next letter's mark still draws.
        let next = fonts.layout("e" + String(repeating: "\u{301}", count: 40) + "o\u{301}", font: font)
        let bare = fonts.layout("e" + String(repeating: "\u{301}", count: 40) + "o", font: font)
        #expect(!(try draw(next).samePixels(as: try draw(bare))))
    }

    /// regressions/fuzz-font/descender-above-baseline: a font whose hhea descender is +8 (ascender
    /// 6, gap 2, 86 units per em) gave a line height of −5.6e-17 px and a layout of negative height.
    @Test func aDescenderAboveTheBaselineIsHeldToIt() throws {
        let input = "\(#filePath)".split(separator: "/").dropLast(3).joined(separator: "/")
        let bytes = try #require(readBytes("/" + input + "/Fuzz/regressions/fuzz-font/descender-above-baseline"))
        let n = min(Int(bytes[0]) | Int(bytes[1]) << 8, bytes.count - 2)
        let path = "/tmp/kiosk-descender-\(getpid()).ttf"
        try writeBytes(Array(bytes[2..<2 + n]), to: path)
        defer { unlink(path) }
        let font = try fonts.font(path: path, size: 12)
        #expect(font.descent >= 0 && font.ascent > 0 && font.lineHeight > 0)
        let l = fonts.layout("ab\ncd", font: font, lineSpacing: -100)
        #expect(l.size.height >= 0 && l.lineCount == 2)
    }

    /// regressions/fuzz-text-long/rotated-30k-glyphs: fuzz-text timed out (> 10 s) drawing 30 000
    /// rotated glyphs on a 48×24 surface: every glyph was outlined and filled. Only glyphs whose box meets the clip are now; the picture is
    /// the one the whole outline path gives.
    @Test func transformedTextOutlinesOnlyVisibleGlyphs() throws {
        let text = String(repeating: "Wåy fi 12 ", count: 300)
        let layout = fonts.layout(text, font: font, maxWidth: 400)
        for t in [Affine.rotation(0.3), Affine.scale(1.7, 0.6).translatedBy(-30, 5), Affine(a: 0.5, b: 1, c: -1, d: 0.5, tx: 20, ty: -40)] {
            let culled = try Surface(width: 64, height: 48), whole = try Surface(width: 64, height: 48)
            let a = Canvas(culled), b = Canvas(whole)
            a.transform = t; b.transform = t
            a.clip = IntRect(x: 3, y: 2, width: 50, height: 40); b.clip = a.clip
            fonts.draw(layout, in: a, at: Point(-10, -20), paint: .solid(.black))
            b.fill(fonts.outlinePath(layout, at: Point(-10, -20)), with: .solid(.black))
            #expect(culled.samePixels(as: whole), "\(t)")
        }
    }

    /// fuzz-text-long spent a quarter of its corpus replay outlining every glyph of long texts
    /// under NaN, infinite or singular transforms, for the fill to drop them all. Such a transform
    /// now outlines nothing, and the surface shows what the whole outline path gives: nothing.
    @Test func textUnderATransformThatDrawsNothingIsNotOutlined() throws {
        let layout = fonts.layout(String(repeating: "Wåy fi 12 ", count: 300), font: font, maxWidth: 400)
        let transforms = [Affine(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0), Affine(a: 1, b: 0, c: 0, d: .infinity, tx: 0, ty: 0),
                          Affine(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 0), Affine(a: 0, b: 0, c: 0, d: 0, tx: 5, ty: 5),
                          Affine(a: 1, b: 0, c: 0, d: 0, tx: 0, ty: 10), Affine(a: 2, b: 1, c: 4, d: 2, tx: 3, ty: 3)]
        for t in transforms {
            let drawn = try Surface(width: 64, height: 48), whole = try Surface(width: 64, height: 48)
            let a = Canvas(drawn), b = Canvas(whole)
            a.transform = t; b.transform = t
            #expect(fonts.outlinePath(layout, at: Point(-10, -20), visibleIn: a).isEmpty, "\(t)")
            fonts.draw(layout, in: a, at: Point(-10, -20), paint: .solid(.black))
            b.fill(fonts.outlinePath(layout, at: Point(-10, -20)), with: .solid(.black))
            #expect(drawn.samePixels(as: whole), "\(t)")
            #expect((0..<48).allSatisfy { y in (0..<64).allSatisfy { drawn.premultipliedPixel(x: $0, y: y) == 0 } }, "\(t)")
        }
        // An invertible transform still outlines what shows.
        let c = Canvas(try Surface(width: 64, height: 48))
        c.transform = .rotation(0.3)
        #expect(!fonts.outlinePath(layout, at: Point(-10, -20), visibleIn: c).isEmpty)
    }

    /// fuzz-text spent 82 % of its instructions rendering and run-encoding whole masks of
    /// 200–2048 px glyphs for a 48×24 surface. Text above `maxMaskSize` is filled as outlines:
    /// the glyph cache does not grow, and the pixels are those of the outline path.
    @Test func textAboveTheMaskSizeIsFilledAsOutlines() throws {
        let big = try font.withSize(FontLibrary.maxMaskSize + 44)
        let layout = fonts.layout("Wg", font: big)
        let s = try Surface(width: 64, height: 48), o = try Surface(width: 64, height: 48)
        let before = fonts.glyphCacheBytes
        fonts.draw(layout, in: Canvas(s), at: Point(-20, -90), paint: .solid(.black))
        #expect(fonts.glyphCacheBytes == before)
        Canvas(o).fill(fonts.outlinePath(layout, at: Point(-20, -90)), with: .solid(.black))
        #expect(s.samePixels(as: o))
        #expect((0..<48).contains { y in (0..<64).contains { s.premultipliedPixel(x: $0, y: y) != 0 } })
        // At the mask size itself, masks are drawn (and cached).
        let edge = fonts.layout("W", font: try font.withSize(FontLibrary.maxMaskSize))
        fonts.draw(edge, in: Canvas(try Surface(width: 64, height: 48)), at: Point(0, -60), paint: .solid(.black))
        #expect(fonts.glyphCacheBytes > before)
    }
}
