// SystemText: what fuzz-text and fuzz-text-long share — the system fonts (regular, bold, italic)
// with their fallback chain, made once before the first input, and the input format: a mode byte
// (bit 0 bold, bit 2 italic, bit 1 allows sizes over 200 px; bit 3 is ignored, it chose long
// text when one target did both), the size, then the layout options and text checkLayout reads.
import FuzzSupport
import Raster

public final class SystemText: @unchecked Sendable {
    public let library: FontLibrary
    let faces: [Font]

    public init() {
        do {
            library = try FontLibrary(glyphCacheBytes: 1 << 20)
            var faces: [Font] = []
            for weight in [FontWeight.regular, .bold] {
                for italic in [false, true] {
                    let f = try library.font(family: "DejaVu Sans", size: 14, weight: weight, italic: italic)
                    // The fallback list (FcFontSort) and the faces CJK, emoji and Indic text fall back to.
                    _ = library.layout("a\u{4E00}\u{1F600}\u{0915}\u{05D0}\u{0627}\u{E000}", font: f)
                    faces.append(f)
                }
            }
            self.faces = faces
        } catch { fuzzFailure("no system font: \(error)") }
    }

    /// One input: text of at most `textBudget` scalars, a scalar repeated at most `maxRepeat` times.
    public func run(_ data: UnsafePointer<UInt8>?, _ size: Int, textBudget: Int, maxRepeat: Int) {
        var input = FuzzInput(data, size)
        let mode = input.byte()
        let requested = input.double()
        let font: Font
        do { font = try faces[Int(mode & 1) | Int(mode >> 1 & 2)].withSize(requested) } catch {
            guard error is FontError else { fuzzFailure("withSize threw \(error)") }
            guard !(requested.isFinite && requested > 0 && requested <= FontLibrary.maxSize) else { fuzzFailure("withSize(\(requested)) threw \(error)") }
            return
        }
        // Huge sizes are valid but slow to rasterise; keep most runs small.
        if requested > 200 && mode & 2 == 0 { return }
        checkLayout(library, font, &input, textBudget: textBudget, maxRepeat: maxRepeat)
    }
}
