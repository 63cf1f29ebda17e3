// fuzz-text: text layout and drawing of random Unicode in the system font (TextFuzzing builds the
// text and checks the layout). The library, its faces and the fallback chain are made once, before
// the first input, so an execution costs what laying out and drawing its text costs — the old
// harness, which also loaded a font file per input, ran ≈ 5 executions/s (fuzz-font does files).
// Input: a mode byte (bit 0 bold, bit 2 italic, bit 1 allows sizes over 200 px, bit 3 long text),
// the size, then the layout options and text checkLayout reads. Short text (≤ 256 scalars,
// repeats ≤ 40: past the 30 combining marks a base keeps) is the common case; long text (≤ 30 000
// scalars, repeats ≤ 10⁴: mark storms, 30 000 transformed glyphs) costs ≈ 20 µs a scalar here
// (AddressSanitizer and coverage), ≈ 0.5 s an input, so it is one mode bit of the fuzzer's
// choosing rather than every input's.
import FuzzSupport
import Raster
import TextFuzzing

let library: FontLibrary
var faces: [Font] = []
do {
    library = try FontLibrary(glyphCacheBytes: 1 << 20)
    for weight in [FontWeight.regular, .bold] {
        for italic in [false, true] {
            let f = try library.font(family: "DejaVu Sans", size: 14, weight: weight, italic: italic)
            // The fallback list (FcFontSort) and the faces CJK, emoji and Indic text fall back to.
            _ = library.layout("a\u{4E00}\u{1F600}\u{0915}\u{05D0}\u{0627}\u{E000}", font: f)
            faces.append(f)
        }
    }
} catch { fuzzFailure("no system font: \(error)") }
nonisolated(unsafe) let systemFonts = faces

func fuzzText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.byte()
    let requested = input.double()
    let font: Font
    do { font = try systemFonts[Int(mode & 1) | Int(mode >> 1 & 2)].withSize(requested) } catch {
        guard error is FontError else { fuzzFailure("withSize threw \(error)") }
        guard !(requested.isFinite && requested > 0 && requested <= FontLibrary.maxSize) else { fuzzFailure("withSize(\(requested)) threw \(error)") }
        return 0
    }
    // Huge sizes are valid but slow to rasterise; keep most runs small.
    if requested > 200 && mode & 2 == 0 { return 0 }
    if mode & 8 != 0 { checkLayout(library, font, &input) } else { checkLayout(library, font, &input, textBudget: 256, maxRepeat: 40) }
    return 0
}

runFuzzer(fuzzText)
