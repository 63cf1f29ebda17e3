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
                        fallback: (UInt32) -> FontFace?) -> [TextItem] {
        itemize(text, levels: levels, styles: nil, primary: { _ in primary }, fallback: fallback)
    }

    /// With `styles` (a style index per character), items also break where the style changes,
    /// and each character's primary face is `primary(style)`.
    static func itemize(_ text: UnsafeBufferPointer<UInt32>, levels: [UInt8], styles: [Int32]?,
                        primary primaryFor: (Int32) -> FontFace, fallback: (UInt32) -> FontFace?) -> [TextItem] {
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

        var items: [TextItem] = []
        var previous: FontFace? = nil
        for i in 0..<n {
            let c = text[i]
            let style = styles?[i] ?? -1
            let primary = primaryFor(style)
            if style != (items.last?.style ?? style) { previous = nil }
            let face: FontFace
            if neutral[i], let p = previous, p.covers(c) || isDefaultIgnorable(c) {
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
