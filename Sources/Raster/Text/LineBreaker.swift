// LineBreaker: where a paragraph may wrap, and greedy wrapping at a width. Break opportunities
// are after spaces and before or after any CJK character (Han, kana, Hangul, full-width forms),
// except before closing and after opening punctuation. Spaces at a line end hang past the width.
// One pass over the paragraph: a 100 000-character string wraps in linear time.

enum LineBreaker {
    /// Breakable spaces (no-break spaces U+00A0, U+2007, U+202F are excluded on purpose).
    @inline(__always) static func isSpace(_ c: UInt32) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A && c != 0x2007)
            || c == 0x205F || c == 0x3000
    }

    @inline(__always) static func isCJK(_ c: UInt32) -> Bool {
        (c >= 0x1100 && c <= 0x11FF) || (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xA960 && c <= 0xA97F)
            || (c >= 0xAC00 && c <= 0xD7FF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF)
            || (c >= 0x20000 && c <= 0x3FFFF)
    }

    /// Punctuation that must not start a line (kinsoku shori, and Latin closers after CJK).
    @inline(__always) static func isCloser(_ c: UInt32) -> Bool {
        switch c {
        case 0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0x2019, 0x201D, 0x2026,
             0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x30FC,
             0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D: return true
        default: return false
        }
    }

    /// Punctuation that must not end a line.
    @inline(__always) static func isOpener(_ c: UInt32) -> Bool {
        switch c {
        case 0x28, 0x5B, 0x7B, 0x2018, 0x201C, 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0xFF08, 0xFF3B, 0xFF5B: return true
        default: return false
        }
    }

    /// Whether a line may end just before `text[i]` (0 < i < count).
    @inline(__always) static func canBreak(before i: Int, in text: UnsafeBufferPointer<UInt32>) -> Bool {
        let c = text[i], p = text[i - 1]
        if isSpace(c) || isCloser(c) || isOpener(p) { return false }
        return isSpace(p) || isCJK(c) || isCJK(p)
    }

    /// Greedy wrapping of `text[lo..<hi]` at `maxWidth` px. `advances[i]` is the width of the
    /// cluster starting at i (0 inside clusters); lines only end at cluster starts. Every line
    /// holds at least one cluster, so a width ≤ 0 gives one cluster per line and always ends.
    static func wrap(_ text: UnsafeBufferPointer<UInt32>, advances: [Double], clusterStart: [Bool],
                     from lo: Int, to hi: Int, maxWidth: Double?) -> [Range<Int>] {
        guard let maxWidth, hi > lo else { return [lo..<hi] }
        var lines: [Range<Int>] = []
        var lineStart = lo, width = 0.0
        var lastBreak = -1, widthAtBreak = 0.0
        var i = lo
        while i < hi {
            if clusterStart[i] && i > lineStart {
                if lastBreak < i && canBreak(before: i, in: text) { lastBreak = i; widthAtBreak = width }
                if !isSpace(text[i]) && width + advances[i] > maxWidth + 1e-9 {
                    if lastBreak > lineStart {
                        lines.append(lineStart..<lastBreak)
                        width -= widthAtBreak
                        lineStart = lastBreak
                    } else {                       // one word wider than the line: break inside it
                        lines.append(lineStart..<i)
                        width = 0
                        lineStart = i
                    }
                    continue                       // re-check i against the new line
                }
            }
            width += advances[i]
            i += 1
        }
        lines.append(lineStart..<hi)
        return lines
    }
}
