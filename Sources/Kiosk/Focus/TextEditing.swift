import Raster

// The editing model of text fields: a string, a caret and a selection counted in grapheme
// clusters (Swift's Characters: an emoji, a Hangul syllable, a letter and its marks are one),
// and the marked text an input method is composing. Pure values: the field's view keeps one and
// writes its text to the binding after every edit.

/// Text being edited: the string, the caret (or a selection) and any marked (composing) text,
/// all as grapheme offsets.
struct TextEditingState: Equatable {
    private(set) var characters: [Character]
    /// The selection; empty: the caret at `selection.lowerBound`.
    var selection: Range<Int>
    /// The input method's text being composed (a Hangul syllable), drawn underlined; replaced by
    /// the next `setMarked` and committed by any other edit.
    private(set) var marked: Range<Int>?

    /// Texts longer than this are cut on the way in (a pasted or bound text of 10⁶ characters
    /// edits, lays out and draws in bounded time). `TextField` warns once when it cuts.
    static let maxLength = 100_000

    init(_ text: String = "") {
        characters = Array(text.prefix(TextEditingState.maxLength))
        selection = characters.count..<characters.count
    }

    var text: String { String(characters) }
    var count: Int { characters.count }
    var caret: Int { selection.upperBound }
    var hasSelection: Bool { !selection.isEmpty }

    /// Replaces the whole text (a binding written by code): the caret goes to the end, as on iOS.
    mutating func reset(to text: String) {
        characters = Array(text.prefix(TextEditingState.maxLength))
        selection = characters.count..<characters.count
        marked = nil
    }

    /// Text as typed: control characters other than newline (when `multiline`) and tab are
    /// dropped, so `\0` or a stray escape never reaches the binding; bidi controls such as U+202E
    /// are kept (they are text), and draw as the text engine draws them.
    static func sanitized(_ s: String, multiline: Bool) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        for u in s.unicodeScalars {
            if u == "\r" || u == "\n" { if multiline { out.unicodeScalars.append("\n") }; continue }
            if u.value < 0x20 && u != "\t" { continue }
            if u.value == 0x7F || (0x80..<0xA0).contains(u.value) { continue }
            out.unicodeScalars.append(u)
        }
        return out
    }

    /// Commits the marked text (it stays as typed).
    mutating func unmark() { marked = nil }

    /// Replaces the selection (or the marked text) with `s`, the caret after it.
    mutating func insert(_ s: String) {
        let range = marked ?? selection
        marked = nil
        replace(range, with: Array(s))
    }

    /// Replaces the marked text (or the selection) with `s`, kept marked; empty `s` removes it.
    mutating func setMarked(_ s: String) {
        let range = marked ?? selection
        let new = Array(s)
        replace(range, with: new)
        marked = new.isEmpty ? nil : (range.lowerBound..<(range.lowerBound + min(new.count, characters.count - range.lowerBound)))
    }

    private mutating func replace(_ range: Range<Int>, with new: [Character]) {
        let lo = min(max(0, range.lowerBound), characters.count)
        let hi = min(max(lo, range.upperBound), characters.count)
        let room = TextEditingState.maxLength - (characters.count - (hi - lo))
        let kept = new.count > room ? Array(new.prefix(max(0, room))) : new
        characters.replaceSubrange(lo..<hi, with: kept)
        // Characters that join across the seam (a combining mark typed after a letter) are
        // one grapheme now: recount from the string.
        let joined = String(characters)
        if joined.count != characters.count {
            let before = String(characters[..<lo]) + String(kept)
            characters = Array(joined)
            let caret = min(before.count, characters.count)
            selection = caret..<caret
            return
        }
        selection = (lo + kept.count)..<(lo + kept.count)
    }

    /// Backspace: the selection, or the one grapheme before the caret (a whole emoji, a whole
    /// syllable).
    mutating func deleteBackward() {
        marked = nil
        if hasSelection { replace(selection, with: []); return }
        guard caret > 0 else { return }
        replace((caret - 1)..<caret, with: [])
    }

    /// Delete (forward): the selection, or the grapheme after the caret.
    mutating func deleteForward() {
        marked = nil
        if hasSelection { replace(selection, with: []); return }
        guard caret < characters.count else { return }
        replace(caret..<(caret + 1), with: [])
    }

    /// Moves the caret (collapsing a selection) to `offset`, clamped.
    mutating func moveCaret(to offset: Int) {
        marked = nil
        let c = min(max(0, offset), characters.count)
        selection = c..<c
    }

    /// Left/right arrow: one grapheme in logical order, or to the selection's edge.
    mutating func moveLeft() {
        if hasSelection { moveCaret(to: selection.lowerBound) } else { moveCaret(to: caret - 1) }
    }
    mutating func moveRight() {
        if hasSelection { moveCaret(to: selection.upperBound) } else { moveCaret(to: caret + 1) }
    }

    /// Selects the word around `offset` (letters and digits; otherwise the one character there).
    mutating func selectWord(at offset: Int) {
        marked = nil
        guard !characters.isEmpty else { selection = 0..<0; return }
        let o = min(max(0, offset), characters.count)
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        var lo = o, hi = o
        if o < characters.count, isWord(characters[o]) || (o > 0 && isWord(characters[o - 1])) {
            while lo > 0, isWord(characters[lo - 1]) { lo -= 1 }
            while hi < characters.count, isWord(characters[hi]) { hi += 1 }
        } else if o > 0, isWord(characters[o - 1]) {
            while lo > 0, isWord(characters[lo - 1]) { lo -= 1 }
        } else if o < characters.count {
            hi = o + 1
        } else if o > 0 {
            lo = o - 1
        }
        selection = lo..<hi
    }

    mutating func selectAll() { marked = nil; selection = 0..<characters.count }
}

/// Caret positions of a laid-out text, by grapheme offset: what a field draws its caret and
/// selection with and maps taps through.
struct CaretGeometry: Equatable {
    /// One stop per grapheme boundary, 0...count.
    var stops: [CaretStop]
    /// Each line's top and the line height (the caret's height).
    var lineTops: [CGFloat]
    var lineHeight: CGFloat

    static let empty = CaretGeometry(stops: [CaretStop(x: 0, line: 0)], lineTops: [0], lineHeight: 0)

    func point(_ offset: Int) -> CGPoint {
        let s = stops[min(max(0, offset), stops.count - 1)]
        return CGPoint(x: CGFloat(s.x), y: lineTops.indices.contains(s.line) ? lineTops[s.line] : 0)
    }

    /// The grapheme boundary nearest a point: the line under `y`, then the stop nearest `x` on
    /// it (in visual order, so a tap in right-to-left text lands where it looks).
    func offset(nearest p: CGPoint) -> Int {
        guard !stops.isEmpty else { return 0 }
        var line = 0
        if lineHeight > 0, lineTops.count > 1 {
            for (i, top) in lineTops.enumerated() where p.y >= top { line = i }
        }
        var best = 0
        var distance = CGFloat.infinity
        for (i, s) in stops.enumerated() where s.line == line {
            let d = abs(CGFloat(s.x) - p.x)
            if d < distance { distance = d; best = i }
        }
        if distance == .infinity {
            for (i, s) in stops.enumerated() {
                let d = abs(CGFloat(s.x) - p.x)
                if d < distance { distance = d; best = i }
            }
        }
        return best
    }
}

extension TextMeasuring {
    /// The caret geometry of `text` laid out to `maxWidth` (nil: one line per paragraph).
    func caretGeometry(_ text: ResolvedText, maxWidth: CGFloat?) -> CaretGeometry {
        if let engine = self as? FontTextEngine, let g = engine.caretGeometry(text, maxWidth: maxWidth) { return g }
        return FixedAdvanceText.caretGeometry(text)
    }
}

extension FixedAdvanceText {
    /// Fixed advances: each grapheme 0.6 em, lines 1.2 em; paragraphs break at newlines (no
    /// wrapping, as fields without fonts are only tests).
    static func caretGeometry(_ text: ResolvedText) -> CaretGeometry {
        let size = CGFloat(text.font.size)
        let advance = Double(size * 0.6), lineHeight = (size * 1.2).rounded(.up)
        var stops: [CaretStop] = [CaretStop(x: 0, line: 0)]
        var line = 0, column = 0
        for c in text.string {
            if c == "\n" || c == "\r\n" { line += 1; column = 0 } else { column += 1 }
            stops.append(CaretStop(x: Double(column) * advance, line: line))
        }
        let tops = (0...line).map { CGFloat($0) * (lineHeight + CGFloat(text.lineSpacing)) }
        return CaretGeometry(stops: stops, lineTops: tops, lineHeight: lineHeight)
    }
}

extension FontTextEngine {
    func caretGeometry(_ text: ResolvedText, maxWidth: CGFloat?) -> CaretGeometry? {
        guard let l = lockedLayout(text, maxWidth: maxWidth.map { Double($0) }) else { return nil }
        let scalarCount = text.string.unicodeScalars.count
        let scalarStops = l.caretStops(scalarCount: scalarCount)
        var stops: [CaretStop] = [scalarStops[0]]
        stops.reserveCapacity(text.string.count + 1)
        var offset = 0
        for c in text.string {
            offset += c.unicodeScalars.count
            stops.append(scalarStops[min(offset, scalarStops.count - 1)])
        }
        let ascent = l.font.ascent
        let tops = l.lines.isEmpty ? [CGFloat(0)] : l.lines.map { CGFloat(($0.baseline - ascent).rounded()) }
        return CaretGeometry(stops: stops, lineTops: tops, lineHeight: CGFloat(l.font.lineHeight.rounded(.up)))
    }
}
