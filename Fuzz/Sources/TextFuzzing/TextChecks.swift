// TextFuzzing: what fuzz-text and fuzz-font share — text built from classes of scalars that break
// layouts (combining marks by the ten thousand, bidi embeddings, overrides and isolates, U+FFFD —
// what unpaired surrogates decode to — ZWJ and variation selectors, RTL and Indic scripts, CJK,
// emoji, controls, newlines, the empty string), and the checks every layout must pass: finite
// size, baselines and lines, line ranges inside the text, and drawing that touches only the
// surface (a guard band of sentinel pixels around it).
import FuzzSupport
import Raster

let band = 4
let sentinel: UInt32 = 0x5A_A5_C3_3C

/// Scalars chosen by class; `pick` is two bytes of input.
public func scalar(_ kind: UInt8, _ pick: UInt16) -> Unicode.Scalar {
    let p = UInt32(pick)
    let v: UInt32
    switch kind % 16 {
    case 0, 1: v = 0x20 + p % 0x5F                       // ASCII
    case 2: v = 0x300 + p % 0x70                          // combining diacritics
    case 3: v = [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C][Int(p % 12)]
    case 4: v = 0x5D0 + p % 0x1B                          // Hebrew
    case 5: v = 0x620 + p % 0x2B                          // Arabic
    case 6: v = 0x900 + p % 0x80                          // Devanagari
    case 7: v = 0x4E00 + p % 0x5000                       // CJK
    case 8: v = 0x1F300 + p % 0x300                       // emoji
    case 9: v = [0xFFFD, 0x200D, 0x200C, 0xFE0F, 0xFE0E, 0x00AD, 0x2028, 0x2029, 0xFEFF, 0x034F][Int(p % 10)]
    case 10: v = [0x0A, 0x0D, 0x09, 0x00, 0x1B, 0x7F, 0x85, 0x0B, 0x0C][Int(p % 9)]
    case 11: v = 0xE000 + p % 0x1900                      // private use
    case 12: v = 0xE0000 + p % 0x80                       // tags
    case 13: v = 0x10000 + UInt32(pick) * 16               // supplementary planes, mostly unassigned
    default: v = p                                         // anything in the BMP
    }
    return Unicode.Scalar(v) ?? "\u{FFFD}"
}

/// Text from the rest of the input: an op byte picks a class (and, one op in eight, a repeat
/// count of up to `maxRepeat`), two bytes the scalar; at most `budget` scalars.
public func makeText(_ input: inout FuzzInput, budget: Int = 30_000, maxRepeat: Int = 10_000) -> String {
    var s = String.UnicodeScalarView()
    var budget = budget
    while !input.isEmpty && budget > 0 {
        let op = input.byte()
        let c = scalar(op, input.u16())
        // One op in eight repeats its scalar (combining marks × 10⁴ with the default maxRepeat).
        let n = op & 0xE0 == 0xE0 ? min(budget, 1 + Int(input.u16()) % maxRepeat) : 1
        for _ in 0..<n { s.append(c) }
        budget -= n
    }
    return String(s)
}

/// Options first (fixed-size, so seeds can set them), then the text from the rest of the input.
public func checkLayout(_ fonts: FontLibrary, _ font: Font, _ input: inout FuzzInput, textBudget: Int = 30_000,
                        maxRepeat: Int = 10_000) {
    let maxWidth: Double? = input.bool() ? nil : input.double()
    let limit: Int? = input.bool() ? nil : Int(Int8(bitPattern: input.byte()))
    let alignment = [TextAlignment.leading, .center, .trailing][input.below(3)]
    let spacing = input.double(), truncation = input.bool()
    let transform: Affine? = input.bool() ? Affine(a: input.double(), b: input.double(), c: input.double(), d: input.double(), tx: 0, ty: 0) : nil
    let origin = Point(input.double(), input.double())
    let text = makeText(&input, budget: textBudget, maxRepeat: maxRepeat)
    let scalars = text.unicodeScalars.count
    let layout = fonts.layout(text, font: font, maxWidth: maxWidth, alignment: alignment,
                              lineLimit: limit, lineSpacing: spacing, truncation: truncation)
    guard layout.size.width.isFinite, layout.size.height.isFinite, layout.size.width >= 0, layout.size.height >= 0,
          layout.firstBaseline.isFinite, layout.lastBaseline.isFinite else {
        fuzzFailure("layout size \(layout.size), baselines \(layout.firstBaseline) \(layout.lastBaseline)")
    }
    guard layout.lineCount == layout.lines.count || scalars == 0 else { fuzzFailure("lineCount \(layout.lineCount) vs \(layout.lines.count) lines") }
    if let limit, layout.lines.count > max(1, limit) { fuzzFailure("\(layout.lines.count) lines over the limit \(limit)") }
    for line in layout.lines {
        guard line.range.lowerBound >= 0, line.range.upperBound <= scalars + 1, line.baseline.isFinite, line.x.isFinite,
              line.width.isFinite, line.trailingSpaceWidth.isFinite else {
            fuzzFailure("line \(line) of \(scalars) scalars")
        }
    }

    // Draw into a 48×24 surface inside a guard band, at an origin that may be anywhere.
    let w = 48, h = 24, bw = w + 2 * band, bh = h + 2 * band
    let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: bw * bh)
    defer { buffer.deallocate() }
    buffer.initialize(repeating: sentinel, count: bw * bh)
    for y in band..<band + h { (buffer + y * bw + band).initialize(repeating: 0, count: w) }
    guard let surface = try? Surface(wrapping: UnsafeMutableRawPointer(buffer + band * bw + band), width: w, height: h, stride: bw * 4) else {
        fuzzFailure("surface")
    }
    let canvas = Canvas(surface)
    if let transform { canvas.transform = transform }
    fonts.draw(layout, in: canvas, at: origin, paint: .solid(Color(1, 1, 1, 1)))
    for y in 0..<bh {
        for x in 0..<bw where x < band || x >= band + w || y < band || y >= band + h {
            guard buffer[y * bw + x] == sentinel else { fuzzFailure("text drawn at \(x - band),\(y - band) outside the surface") }
        }
    }
}

