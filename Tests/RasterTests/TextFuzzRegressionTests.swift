// Text inputs fuzz-text (Fuzz/, `scripts/fuzz text`) found; the fuzzer's inputs are in
// Fuzz/regressions/fuzz-text/.
import Testing
@testable import Raster

@Suite struct TextFuzzRegressionTests {
    let fonts: FontLibrary
    let font: Font
    init() throws {
        fonts = try FontLibrary()
        font = try fonts.font(path: dejaVuSans, size: 16)
    }

    /// regressions/fuzz-text/combining-marks-10k: 10⁴ combining acutes on one letter took 4 s a
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
}
