// ScriptItemizer: splits a paragraph into runs that HarfBuzz can shape in one call — one face,
// one Unicode script, one bidi level each. Spaces and punctuation (script Common) and combining
// marks (Inherited) join the run they sit in, so "안녕 하세요" is one Hangul run, not three.
import CHarfBuzz

/// A maximal stretch of a paragraph with one face, script and bidi level.
struct TextItem {
    var start: Int, end: Int
    var face: FontFace
    var level: UInt8
    var script: hb_script_t
    /// The style span the item lies in (StyledText), -1 for unstyled text.
    var style: Int32 = -1
}

enum ScriptItemizer {
    static func itemize(_ text: UnsafeBufferPointer<UInt32>, levels: [UInt8], primary: FontFace,
                        emoji: () -> FontFace? = { nil }, fallback: (UInt32) -> FontFace?) -> [TextItem] {
        itemize(text, levels: levels, styles: nil, primary: { _ in primary }, emoji: emoji, fallback: fallback)
    }

    /// With `styles` (a style index per character), items also break where the style changes,
    /// and each character's primary face is `primary(style)`.
    /// `emoji` (asked only when the text holds an emoji sequence) is the colour emoji font: each
    /// emoji sequence (EmojiSequences) whose first character it covers is drawn in it whole.
    static func itemize(_ text: UnsafeBufferPointer<UInt32>, levels: [UInt8], styles: [Int32]?,
                        primary primaryFor: (Int32) -> FontFace, emoji emojiFace: () -> FontFace? = { nil },
                        fallback: (UInt32) -> FontFace?) -> [TextItem] {
        let n = text.count
        guard n > 0 else { return [] }
        let funcs = hb_unicode_funcs_get_default()
        // Resolve Common/Inherited to the script before them (or the first real one after).
        var scripts = [hb_script_t](repeating: HB_SCRIPT_COMMON, count: n)
        var neutral = [Bool](repeating: false, count: n)   // Common or Inherited as written
        var current = HB_SCRIPT_INVALID
        var firstReal = HB_SCRIPT_COMMON
        for i in 0..<n {
            let s = hb_unicode_script(funcs, text[i])
            if s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN {
                scripts[i] = current
                neutral[i] = s != HB_SCRIPT_UNKNOWN
            } else {
                if current == HB_SCRIPT_INVALID { firstReal = s }
                current = s; scripts[i] = s
            }
        }
        for i in 0..<n where scripts[i] == HB_SCRIPT_INVALID { scripts[i] = firstReal }

        let sequences = EmojiSequences.mark(text)
        var emoji: FontFace? = nil
        var sequenceFace: FontFace? = nil    // the emoji font, inside a sequence drawn in it
        var items: [TextItem] = []
        var previous: FontFace? = nil
        for i in 0..<n {
            let c = text[i]
            let style = styles?[i] ?? -1
            let primary = primaryFor(style)
            if style != (items.last?.style ?? style) { previous = nil }
            let face: FontFace
            let mark = sequences?[i] ?? EmojiSequences.none
            if mark == EmojiSequences.start {
                if emoji == nil { emoji = emojiFace() }
                sequenceFace = emoji.flatMap { $0.covers(c) ? $0 : nil }
            } else if mark == EmojiSequences.none, sequenceFace != nil {
                sequenceFace = nil
                previous = nil     // spaces after an emoji take the text's font, not the emoji font's
            }
            if let e = sequenceFace {
                face = e
            } else if neutral[i], let p = previous, p.covers(c) || isDefaultIgnorable(c) {
                face = p
            } else if primary.covers(c) || isDefaultIgnorable(c) {
                face = primary
            } else {
                face = fallback(c) ?? previous ?? primary   // nothing covers it: .notdef box
            }
            previous = face
            if var last = items.last, last.face === face, last.level == levels[i], last.script == scripts[i], last.style == style {
                last.end = i + 1
                items[items.count - 1] = last
            } else {
                items.append(TextItem(start: i, end: i + 1, face: face, level: levels[i], script: scripts[i], style: style))
            }
        }
        return items
    }

    /// Characters HarfBuzz hides (joiners, direction marks, variation selectors): any face will do.
    @inline(__always) static func isDefaultIgnorable(_ c: UInt32) -> Bool {
        (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) || (c >= 0x2060 && c <= 0x206F)
            || (c >= 0xFE00 && c <= 0xFE0F) || c == 0xFEFF || c == 0x00AD || (c >= 0xE0100 && c <= 0xE01EF)
    }
}

/// Emoji sequences in text (UTS #51, simplified): a character with emoji presentation (unless
/// U+FE0E follows), or any emoji character followed by U+FE0F; a keycap (0-9 # * [U+FE0F]
/// U+20E3); a pair of regional indicators (a flag); each then extended by skin-tone modifiers,
/// variation selectors, tag characters (subdivision flags) and ZWJ + another emoji character.
enum EmojiSequences {
    static let none: UInt8 = 0, start: UInt8 = 1, inside: UInt8 = 2

    /// Per character: `start`, `inside` or `none`; nil when the text has no emoji sequence.
    static func mark(_ text: UnsafeBufferPointer<UInt32>) -> [UInt8]? {
        let n = text.count
        var out: [UInt8]? = nil
        var i = 0
        while i < n {
            let len = sequenceLength(text, at: i)
            if len == 0 { i += 1; continue }
            if out == nil { out = [UInt8](repeating: none, count: n) }
            out![i] = start
            for k in (i + 1)..<(i + len) { out![k] = inside }
            i += len
        }
        return out
    }

    @inline(__always) static func isRegionalIndicator(_ c: UInt32) -> Bool { c >= 0x1F1E6 && c <= 0x1F1FF }
    @inline(__always) static func isKeycapBase(_ c: UInt32) -> Bool { (c >= 0x30 && c <= 0x39) || c == 0x23 || c == 0x2A }
    @inline(__always) static func isModifier(_ c: UInt32) -> Bool { c >= 0x1F3FB && c <= 0x1F3FF }
    @inline(__always) static func isTag(_ c: UInt32) -> Bool { c >= 0xE0020 && c <= 0xE007F }
    static func isEmoji(_ c: UInt32) -> Bool {
        c >= 0xA9 && (Unicode.Scalar(c)?.properties.isEmoji ?? false) && !isKeycapBase(c)
    }

    /// Characters in the emoji sequence starting at `i`, or 0.
    static func sequenceLength(_ t: UnsafeBufferPointer<UInt32>, at i: Int) -> Int {
        let n = t.count, c = t[i]
        @inline(__always) func at(_ k: Int) -> UInt32 { k < n ? t[k] : 0 }
        var j: Int
        if c < 0xA9 && !isKeycapBase(c) { return 0 }      // ASCII and Latin-1 letters: fast out
        if isKeycapBase(c) {
            if at(i + 1) == 0x20E3 { return 2 }
            if at(i + 1) == 0xFE0F && at(i + 2) == 0x20E3 { return 3 }
            return 0
        }
        if isRegionalIndicator(c) {
            return isRegionalIndicator(at(i + 1)) ? 2 : 1
        }
        guard let u = Unicode.Scalar(c), u.properties.isEmoji else { return 0 }
        if at(i + 1) == 0xFE0E { return 0 }
        guard u.properties.isEmojiPresentation || at(i + 1) == 0xFE0F || isModifier(at(i + 1)) else { return 0 }
        j = i + 1
        while j < n {
            let d = t[j]
            if d == 0xFE0F || isModifier(d) || isTag(d) || d == 0x20E3 { j += 1; continue }
            if d == 0x200D, j + 1 < n, isEmoji(t[j + 1]) { j += 2; continue }
            break
        }
        return j - i
    }
}
