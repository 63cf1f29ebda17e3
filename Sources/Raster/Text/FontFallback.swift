// FontFallback: which installed font draws a character the chosen font lacks. fontconfig sorts
// every font by closeness to the chosen one (FcFontSort, trimmed to fonts that add coverage);
// a character goes to the first of those whose charset has it. Answers are cached per character,
// so a page of Hangul asks fontconfig once, not once per syllable.
import CFontconfig

final class FontFallback {
    private struct Candidate { var path: String; var index: Int; var charset: OpaquePointer }
    /// Owns the patterns (and so the charsets) the candidates point into.
    private let fontSet: UnsafeMutablePointer<FcFontSet>?
    private var candidates: [Candidate] = []
    /// codepoint → candidate index, or -1 when no installed font covers it.
    private var byCharacter: [UInt32: Int32] = [:]
    private var loaded: [Int: FontFace] = [:]
    private var broken: Set<Int> = []

    init(config: OpaquePointer, family: String, weight: FontWeight, italic: Bool) {
        let pat = FontconfigQuery.pattern(config: config, family: family, weight: weight, italic: italic)
        defer { FcPatternDestroy(pat) }
        var result = FcResultNoMatch
        fontSet = FcFontSort(config, pat, 1, nil, &result)
        guard let set = fontSet, result == FcResultMatch else { return }
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var cs: OpaquePointer?
            guard FcPatternGetCharSet(font, "charset", 0, &cs) == FcResultMatch, let cs,
                  let path = FontconfigQuery.string(font, "file") else { continue }
            candidates.append(Candidate(path: path, index: Int(FontconfigQuery.integer(font, "index") ?? 0), charset: cs))
        }
    }

    deinit { if let fontSet { FcFontSetDestroy(fontSet) } }

    /// The first font in fontconfig's order that covers `codepoint`, or nil when none does.
    /// `load` opens a face (the library's shared face cache); fonts that fail to open are skipped.
    func face(for codepoint: UInt32, load: (String, Int) throws -> FontFace) -> FontFace? {
        if let i = byCharacter[codepoint] { return i >= 0 ? loaded[Int(i)] : nil }
        var found: Int32 = -1
        for (i, c) in candidates.enumerated() where !broken.contains(i) && FcCharSetHasChar(c.charset, codepoint) != 0 {
            if loaded[i] == nil {
                guard let f = try? load(c.path, c.index) else { broken.insert(i); continue }
                loaded[i] = f
            }
            if loaded[i]!.covers(codepoint) { found = Int32(i); break }
        }
        byCharacter[codepoint] = found
        return found >= 0 ? loaded[Int(found)] : nil
    }
}
