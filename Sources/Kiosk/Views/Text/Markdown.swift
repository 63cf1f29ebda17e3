// Markdown in Text literals: `Text("**Bold**, *italic*, `code`, ~~gone~~, [link](https://…)")`.
// As in SwiftUI, a string literal is a LocalizedStringKey and is read as inline Markdown; a
// `String` variable (`Text(name)`) and `Text(verbatim:)` are shown as written. Values
// interpolated into a literal are not read as Markdown (`Text("**\(name)**")` shows the name in
// bold, whatever characters it holds).
//
// The inline subset Apple's Text shows: `*`/`_` emphasis (italic), `**`/`__` strong (bold),
// `***` both, `~`/`~~` strikethrough, backtick code (monospaced), `[text](url)` links (in the
// tint; kiosk opens no URL), and backslash escapes of ASCII punctuation. Delimiters follow
// CommonMark's flanking rules closely enough for UI strings: an opener is followed by a
// non-space, a closer preceded by one, and `_` does not open or close inside a word
// ("snake_case_name" stays as written); an unmatched delimiter is shown as written ("5 * 3").
// Block syntax (headings, lists) is shown as written, as Text does. Linear in the text length:
// a delimiter with no closer is remembered, so 10 000 unmatched `*` do not rescan the text.

/// A string literal read as Markdown by Text (SwiftUI's localisation key; kiosk has no string
/// tables, so the key is the text).
public struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    let key: String
    /// Scalar ranges of interpolated values holding Markdown characters (kept as written).
    var verbatim: [Range<Int>] = []

    /// A key from a string (read as Markdown when shown by Text).
    public init(_ value: String) { key = value }
    public init(stringLiteral value: String) { key = value }
    public init(stringInterpolation: StringInterpolation) {
        key = stringInterpolation.output
        verbatim = stringInterpolation.verbatim
    }

    /// Builds a key from literal text and interpolated values.
    public struct StringInterpolation: StringInterpolationProtocol {
        var output = ""
        var verbatim: [Range<Int>] = []
        var scalars = 0

        public init(literalCapacity: Int, interpolationCount: Int) { output.reserveCapacity(literalCapacity + 8 * interpolationCount) }
        public mutating func appendLiteral(_ literal: String) {
            output += literal
            scalars += literal.unicodeScalars.count
        }
        /// An interpolated value, shown as `String(describing:)` and not read as Markdown.
        public mutating func appendInterpolation<T>(_ value: T) { appendValue(String(describing: value)) }
        public mutating func appendInterpolation(_ string: String) { appendValue(string) }
        /// A text's string (kiosk: without its style).
        public mutating func appendInterpolation(_ text: Text) { appendValue(text.string) }
        /// A number formatted printf-style: `"\(price, specifier: "%.2f")"`.
        public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T, specifier: String) {
            appendValue(String(format: specifier, Double(value)))
        }
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T, specifier: String) {
            appendValue(String(format: specifier, Int(truncatingIfNeeded: value)))
        }

        mutating func appendValue(_ s: String) {
            let n = s.unicodeScalars.count
            // Recorded only when it could be mistaken for Markdown: most values cost no array.
            if s.unicodeScalars.contains(where: MarkdownText.isSpecial) { verbatim.append(scalars..<(scalars + n)) }
            output += s
            scalars += n
        }
    }
}

extension Text {
    /// Text of a string literal, read as inline Markdown (SwiftUI reads it as a localisation
    /// key, then as Markdown).
    ///
    /// ```swift
    /// Text("Tap **Start** to begin")
    /// ```
    public init(_ key: LocalizedStringKey, tableName: String? = nil, comment: StaticString? = nil) {
        if let parsed = MarkdownText.parse(key.key, verbatim: key.verbatim) {
            self.init(string: parsed.string, runs: parsed.runs)
        } else {
            self.init(verbatim: key.key)
        }
    }
}

/// The inline Markdown reader.
enum MarkdownText {
    static func isSpecial(_ s: Unicode.Scalar) -> Bool {
        switch s { case "*", "_", "~", "`", "[", "\\": return true; default: return false }
    }

    /// The text without its Markdown and its runs, or nil when there is no Markdown in it.
    static func parse(_ source: String, verbatim: [Range<Int>] = []) -> (string: String, runs: [TextRun])? {
        guard source.unicodeScalars.contains(where: isSpecial) else { return nil }
        var reader = Reader(Array(source.unicodeScalars), verbatim: verbatim)
        reader.parse(0, reader.text.count, TextStyle())
        guard reader.styled else { return reader.plainIfChanged(source) }
        return (reader.output, reader.runs)
    }

    struct Reader {
        let text: [Unicode.Scalar]
        var isVerbatim: [Bool]
        var output = ""
        var runs: [TextRun] = []
        /// Whether any Markdown styled something (else only escapes changed the text).
        var styled = false
        var changed = false
        /// Per delimiter ("*" ×1…3, "_" ×1…3, "~" ×1…2): the earliest position a search for its
        /// closer failed from (to the end of the text), so later openers of it skip the search.
        var noCloserFrom: [String: Int] = [:]

        init(_ text: [Unicode.Scalar], verbatim: [Range<Int>]) {
            self.text = text
            isVerbatim = [Bool](repeating: false, count: text.count)
            for r in verbatim { for i in r where i >= 0 && i < text.count { isVerbatim[i] = true } }
        }

        func plainIfChanged(_ source: String) -> (string: String, runs: [TextRun])? {
            changed ? (output, [TextRun(length: output.unicodeScalars.count, style: TextStyle())]) : nil
        }

        mutating func emit(_ s: Unicode.Scalar, _ style: TextStyle) {
            output.unicodeScalars.append(s)
            if var last = runs.last, last.style == style {
                last.length += 1
                runs[runs.count - 1] = last
            } else {
                runs.append(TextRun(length: 1, style: style))
            }
        }

        func isSpace(_ i: Int) -> Bool { i < 0 || i >= text.count || text[i].properties.isWhitespace }
        func isWordChar(_ i: Int) -> Bool {
            i >= 0 && i < text.count && (text[i].properties.isAlphabetic || text[i].properties.numericType != nil)
        }
        func isPunctuation(_ s: Unicode.Scalar) -> Bool {
            s.isASCII && (0x21...0x2F ~= s.value || 0x3A...0x40 ~= s.value || 0x5B...0x60 ~= s.value || 0x7B...0x7E ~= s.value)
        }
        /// Length of the run of `c` from `i` (not crossing verbatim text).
        func runLength(_ i: Int, _ c: Unicode.Scalar, _ hi: Int) -> Int {
            var j = i
            while j < hi && text[j] == c && !isVerbatim[j] { j += 1 }
            return j - i
        }

        mutating func parse(_ lo: Int, _ hi: Int, _ style: TextStyle) {
            var i = lo
            while i < hi {
                let c = text[i]
                if isVerbatim[i] { emit(c, style); i += 1; continue }
                switch c {
                case "\\" where i + 1 < hi && isPunctuation(text[i + 1]) && !isVerbatim[i + 1]:
                    emit(text[i + 1], style); changed = true; i += 2
                case "`":
                    let n = runLength(i, "`", hi)
                    if let close = findCode(from: i + n, n, hi) {
                        var s = style; s.monospaced = true
                        var a = i + n, b = close
                        // One space inside each side is padding (CommonMark).
                        if b - a >= 2 && text[a] == " " && text[b - 1] == " " { a += 1; b -= 1 }
                        for k in a..<b { emit(text[k], s) }
                        styled = true; changed = true
                        i = close + n
                    } else {
                        for k in i..<(i + n) { emit(text[k], style) }
                        i += n
                    }
                case "[":
                    if let (textEnd, urlEnd) = findLink(from: i, hi) {
                        var s = style; s.isLink = true
                        parse(i + 1, textEnd, s)
                        styled = true; changed = true
                        i = urlEnd + 1
                    } else {
                        emit(c, style); i += 1
                    }
                case "*", "_", "~":
                    let run = runLength(i, c, hi)
                    let n = min(run, c == "~" ? 2 : 3)
                    if run == n, canOpen(i, n, c), let close = findCloser(c, n, from: i + n, hi) {
                        var s = style
                        if c == "~" { s.strikethrough = Text.LineStyle() } else {
                            if n != 2 { s.isItalic = true }
                            if n >= 2 { s.weight = .bold }
                        }
                        parse(i + n, close, s)
                        styled = true; changed = true
                        i = close + n
                    } else {
                        for k in i..<(i + run) { emit(text[k], style) }
                        i += run
                    }
                default:
                    emit(c, style); i += 1
                }
            }
        }

        func canOpen(_ i: Int, _ n: Int, _ c: Unicode.Scalar) -> Bool {
            if isSpace(i + n) { return false }
            if c == "_" && isWordChar(i - 1) { return false }
            return true
        }

        func canClose(_ j: Int, _ n: Int, _ c: Unicode.Scalar) -> Bool {
            if isSpace(j - 1) { return false }
            if c == "_" && isWordChar(j + n) { return false }
            return true
        }

        /// A closing run of exactly `n` `c`s after `from`, skipping code spans and escapes.
        mutating func findCloser(_ c: Unicode.Scalar, _ n: Int, from: Int, _ hi: Int) -> Int? {
            let key = String(c) + String(n)
            if let failed = noCloserFrom[key], failed <= from { return nil }
            var j = from
            while j < hi {
                if isVerbatim[j] { j += 1; continue }
                let s = text[j]
                if s == "\\" { j += 2; continue }
                if s == "`" {
                    let m = runLength(j, "`", hi)
                    if let close = findCode(from: j + m, m, hi) { j = close + m } else { j += m }
                    continue
                }
                if s == c {
                    let m = runLength(j, c, hi)
                    if m == n, j > from, canClose(j, n, c) { return j }
                    j += m
                    continue
                }
                j += 1
            }
            if hi == text.count { noCloserFrom[key] = min(noCloserFrom[key] ?? from, from) }
            return nil
        }

        /// The start of a closing run of exactly `n` backticks.
        func findCode(from: Int, _ n: Int, _ hi: Int) -> Int? {
            var j = from
            while j < hi {
                if text[j] == "`" && !isVerbatim[j] {
                    let m = runLength(j, "`", hi)
                    if m == n { return j }
                    j += m
                } else {
                    j += 1
                }
            }
            return nil
        }

        /// `[text](url)` from `i`: the `]` and the `)` positions.
        func findLink(from i: Int, _ hi: Int) -> (Int, Int)? {
            var j = i + 1
            while j < hi && !(text[j] == "]" && !isVerbatim[j]) {
                if text[j] == "[" && !isVerbatim[j] { return nil }
                if text[j] == "\n" { return nil }
                j += 1
            }
            guard j + 1 < hi, text[j + 1] == "(", j > i + 1 else { return nil }
            var k = j + 2
            while k < hi && text[k] != ")" {
                if text[k] == " " || text[k] == "\n" { return nil }
                k += 1
            }
            return k < hi ? (j, k) : nil
        }
    }
}
