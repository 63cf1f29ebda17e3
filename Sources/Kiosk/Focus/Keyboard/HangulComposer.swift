// HangulComposer: the standard Korean 2-set (두벌식) automaton. Jamo go in (from the 2-set key
// map, or from the keyboard's own jamo keys); what comes out is the field's edit, as the
// on-screen keyboard sends it: the syllable being built as `.mark`, and text that is finished as
// `.insert`. A pure value: no drawing, no timing, so the tables are tested on their own
// (HangulComposerTests), like Qt Virtual Keyboard's hangul input method beside its layouts.
//
// The syllable being built is kept as the jamo typed for it (at most 5: initial, two vowels, two
// finals), and what it shows is derived from them. So backspace is "drop the last jamo" — 한 →
// 하 → ㅎ → nothing, 닭 → 달 → 다 → ㄷ, 과 → 고 → ㄱ — as iOS and libhangul take a syllable apart.
//
// Rules (KS X 1001 compatibility jamo in, U+AC00 + (L×21 + V)×28 + T out):
// - a consonant then a vowel make a syllable; a vowel joins the one before when they make one of
//   the 7 compound vowels (ㅘ ㅙ ㅚ ㅝ ㅞ ㅟ ㅢ);
// - a consonant after a vowel becomes the final (ㄸ ㅃ ㅉ never are: they start the next syllable);
//   a second consonant joins it when they make one of the 11 compound finals (ㄳ ㄵ ㄶ ㄺ ㄻ ㄼ ㄽ
//   ㄾ ㄿ ㅀ ㅄ);
// - a vowel after a final takes the final (or a compound's second half) as its initial:
//   각+ㅏ → 가가, 닭+ㅏ → 달가;
// - any jamo that cannot join commits the syllable and starts a new one (ㄱ+ㄴ → ㄱㄴ, ㅏ+ㅓ →
//   ㅏㅓ, a lone vowel then a consonant → ㅏㄱ: 2-set makes no syllable without an initial).

/// Composes Hangul syllables from 2-set (두벌식) jamo.
///
/// ```swift
/// var composer = HangulComposer()
/// for key in "gksrmf" { actions += composer.input(key: key) }   // 한글
/// ```
struct HangulComposer: Equatable {
    /// The jamo typed for the syllable being built (compatibility jamo, U+3131…U+3163).
    private(set) var jamo: [Character] = []

    init() {}

    /// True while a syllable is being built (the field shows it as marked text).
    var isComposing: Bool { !jamo.isEmpty }

    /// The text of the syllable being built ("" when none).
    var composing: String { HangulComposer.render(jamo) }

    // MARK: Input

    /// Types the jamo of `key` on the 2-set layout (`g` → ㅎ, `R` → ㄲ); a character that is not
    /// a key of the layout commits the syllable and is inserted as it is.
    mutating func input(key: Character) -> [KeyboardAction] {
        input(HangulComposer.jamo(forKey: key) ?? key)
    }

    /// Types one compatibility jamo (ㄱ, ㅏ…). Anything else is not Hangul: the syllable being
    /// built is committed and `jamo` is inserted after it (`.insert`, which commits the mark).
    mutating func input(_ j: Character) -> [KeyboardAction] {
        guard HangulComposer.isConsonant(j) || HangulComposer.isVowel(j) else {
            jamo.removeAll()
            return [.insert(String(j))]
        }
        if jamo.isEmpty {
            jamo = [j]
            return [.mark(String(j))]
        }
        let candidate = jamo + [j]
        if HangulComposer.parse(candidate) != nil {
            jamo = candidate
            return [.mark(composing)]
        }
        // The jamo does not join. A vowel after a final takes the final's last consonant with it.
        if HangulComposer.isVowel(j), let s = HangulComposer.parse(jamo), s.finals > 0, s.initial != nil {
            let moved = jamo.removeLast()
            let committed = composing
            jamo = [moved, j]
            return HangulComposer.commit(committed, then: composing)
        }
        let committed = composing
        jamo = [j]
        return HangulComposer.commit(committed, then: composing)
    }

    /// Backspace: drops the last jamo of the syllable being built (`.mark` of what is left), or,
    /// with none, deletes before the caret (`.deleteBackward`).
    mutating func deleteBackward() -> [KeyboardAction] {
        guard !jamo.isEmpty else { return [.deleteBackward] }
        jamo.removeLast()
        return [.mark(composing)]
    }

    /// Ends the composition: the syllable becomes ordinary text (`.mark("")`, `.insert(syllable)`),
    /// or nothing happens when none is being built. Sent before submit, hide and page changes.
    mutating func commit() -> [KeyboardAction] {
        guard !jamo.isEmpty else { return [] }
        let text = composing
        jamo.removeAll()
        return [.mark(""), .insert(text)]
    }

    /// Forgets the syllable being built without sending anything (the field committed it itself).
    mutating func reset() { jamo.removeAll() }

    /// A finished syllable becomes text and the next one is marked. Spelled as "drop the mark,
    /// insert, mark" rather than an empty `.insert("")` (which a field may ignore).
    private static func commit(_ committed: String, then marked: String) -> [KeyboardAction] {
        [.mark(""), .insert(committed), .mark(marked)]
    }

    // MARK: Tables

    /// The 2-set key map: lower-case letters, and the shifted letters that type double consonants
    /// and ㅒ ㅖ (other shifted letters type the unshifted jamo, as on 2-set keyboards).
    static let keyMap: [Character: Character] = {
        var m: [Character: Character] = [:]
        for (k, j) in zip("qwertyuiopasdfghjklzxcvbnm", "ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔㅁㄴㅇㄹㅎㅗㅓㅏㅣㅋㅌㅊㅍㅠㅜㅡ") {
            m[k] = j
            m[Character(k.uppercased())] = j
        }
        for (k, j) in zip("QWERTOP", "ㅃㅉㄸㄲㅆㅒㅖ") { m[k] = j }
        return m
    }()

    /// The jamo a Latin key types on the 2-set layout, nil for keys that type no jamo.
    static func jamo(forKey key: Character) -> Character? { keyMap[key] }

    /// Initials (choseong) in syllable order: L = index.
    static let initials: [Character] = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ")
    /// Vowels (jungseong): V = index; also the order of U+314F…U+3163.
    static let vowels: [Character] = Array("ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ")
    /// Finals (jongseong): T = index + 1 (0 is "no final").
    static let finals: [Character] = Array("ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ")

    static let compoundVowels: [String: Character] = [
        "ㅗㅏ": "ㅘ", "ㅗㅐ": "ㅙ", "ㅗㅣ": "ㅚ", "ㅜㅓ": "ㅝ", "ㅜㅔ": "ㅞ", "ㅜㅣ": "ㅟ", "ㅡㅣ": "ㅢ",
    ]
    static let compoundFinals: [String: Character] = [
        "ㄱㅅ": "ㄳ", "ㄴㅈ": "ㄵ", "ㄴㅎ": "ㄶ", "ㄹㄱ": "ㄺ", "ㄹㅁ": "ㄻ", "ㄹㅂ": "ㄼ", "ㄹㅅ": "ㄽ",
        "ㄹㅌ": "ㄾ", "ㄹㅍ": "ㄿ", "ㄹㅎ": "ㅀ", "ㅂㅅ": "ㅄ",
    ]

    static func isConsonant(_ c: Character) -> Bool { initials.contains(c) || finals.contains(c) }
    static func isVowel(_ c: Character) -> Bool { vowels.contains(c) }

    /// A syllable (or lone jamo) the typed jamo make, or nil when they make none.
    struct Syllable: Equatable {
        var initial: Int?       // L
        var vowel: Int?         // V
        var final = 0           // T (0: none)
        var finals = 0          // jamo typed for the final (0, 1, 2)
    }

    /// Reads the typed jamo of one syllable: [C] [V] [V V] [C V] [C V V] followed by 0–2 final
    /// consonants; nil when they make no syllable.
    static func parse(_ js: [Character]) -> Syllable? {
        var i = 0
        var s = Syllable()
        if i < js.count, isConsonant(js[i]) {
            guard let l = initials.firstIndex(of: js[i]) else { return nil }     // ㄳ etc. start nothing
            s.initial = l; i += 1
        }
        if i < js.count, isVowel(js[i]) {
            var v = js[i]; i += 1
            if i < js.count, isVowel(js[i]) {
                guard let c = compoundVowels[String([v, js[i]])] else { return nil }
                v = c; i += 1
            }
            s.vowel = vowels.firstIndex(of: v)
        }
        guard s.initial != nil || s.vowel != nil else { return nil }
        if i == js.count { return s }
        // Finals only after an initial and a vowel.
        guard s.initial != nil, s.vowel != nil else { return nil }
        var t = js[i]; i += 1
        guard finals.contains(t) else { return nil }
        s.finals = 1
        if i < js.count {
            guard let c = compoundFinals[String([t, js[i]])] else { return nil }
            t = c; i += 1
            s.finals = 2
        }
        guard i == js.count, let ti = finals.firstIndex(of: t) else { return nil }
        s.final = ti + 1
        return s
    }

    /// The text the typed jamo show: a syllable, or the lone jamo.
    static func render(_ js: [Character]) -> String {
        guard let s = parse(js) else { return String(js) }
        switch (s.initial, s.vowel) {
        case let (l?, v?):
            let scalar = Unicode.Scalar(UInt32(0xAC00 + (l * 21 + v) * 28 + s.final))!
            return String(Character(scalar))
        case let (l?, nil): return String(initials[l])
        case let (nil, v?): return String(vowels[v])
        default: return ""
        }
    }
}
