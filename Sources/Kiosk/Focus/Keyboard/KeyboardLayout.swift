// The on-screen keyboard's layouts as data: rows of keys, each a width in key units, per
// language (US English QWERTY, German QWERTZ, French AZERTY, Korean 2-set), page (letters,
// numbers, symbols) and `.keyboardType` (email and URL keys, the 3×4 number, decimal and phone
// pads). KeyboardGeometry places them; OnScreenKeyboard draws whatever rows it is given (Qt
// Virtual Keyboard keeps its layouts as data per locale the same way).
//
// The letter pages follow iPad's landscape keyboard (a kiosk panel is wide): delete at the end of
// the top row, return at the end of the second, shift at both ends of the third, the `,!` and
// `.?` keys beside it, and a bottom row of page keys, space and the hide key. Where a language
// has more letters than iPad shows without long presses, they get keys of their own: German ü ö ä
// and ß, French é è à ç and the apostrophe (its , and . move beside the space bar).

import Raster

/// The language of the letter keys (the `keyboard-layout` setting's names, xkb's: us, de, fr, kr).
enum KeyboardLanguage: String, CaseIterable, Sendable {
    case us, de, fr, kr

    /// The layout named `name` (xkb's names, and "en", "ko", "ko_KR", "de_DE"…); unknown names give
    /// US English.
    init(named name: String) {
        let lower = name.lowercased()
        switch lower.prefix(2) {
        case "de": self = .de
        case "fr": self = .fr
        case "kr", "ko": self = .kr
        default: self = .us
        }
    }
}

/// Which page of keys shows.
enum KeyboardPage: Equatable, Sendable {
    case letters, numbers, symbols
}

/// Shift: off, for the next letter, or locked (caps lock: a double tap on shift).
enum ShiftState: Equatable, Sendable {
    case off, once, locked
}

/// One key of a layout.
struct KeyboardKey: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// Types `text` (or `shifted` while shift is on); `subtitle` is the pad's letters ("ABC").
        case character(String, shifted: String)
        case shift, delete, returnKey, space, hide, globe
        /// Goes to a page; the caption says which ("123", "#+=", "ABC", "가나다").
        case page(KeyboardPage, caption: String)
        /// Space with no key (the indent of a row); `covered` is under a key of the row above
        /// that spans rows.
        case gap, covered
    }
    var kind: Kind
    /// Width in key units (a letter key is 1).
    var width: CGFloat = 1
    /// Rows the key spans downwards (the pads' return key).
    var rows = 1
    /// Small letters under a pad digit ("ABC").
    var subtitle = ""

    static func char(_ s: String, shifted: String? = nil, width: CGFloat = 1) -> KeyboardKey {
        KeyboardKey(kind: .character(s, shifted: shifted ?? s.uppercased()), width: width)
    }
    static func key(_ k: Kind, _ width: CGFloat = 1, rows: Int = 1) -> KeyboardKey { KeyboardKey(kind: k, width: width, rows: rows) }

    /// True for the grey keys (shift, delete, page keys, return, hide, globe).
    var isFunction: Bool {
        switch kind {
        case .character, .space, .gap, .covered: return false
        default: return true
        }
    }
    /// True for keys that draw nothing.
    var isBlank: Bool { kind == .gap || kind == .covered }

    /// The text the key types with `shift`, nil for keys that type no character.
    func text(shift: ShiftState) -> String? {
        guard case .character(let s, let shifted) = kind else { return nil }
        return shift == .off ? s : shifted
    }
}

/// What a keyboard shows: language, page and pad.
struct KeyboardConfiguration: Equatable, Sendable {
    var language: KeyboardLanguage
    var type: UIKeyboardType
    var page: KeyboardPage = .letters
    /// Korean keyboards switch to English with the globe key (as iOS with both installed).
    var alternate = false

    /// The language of the letter keys now: `asciiCapable` and the globe key turn Korean into
    /// US English; the other types keep the layout's letters.
    var letters: KeyboardLanguage {
        if language == .kr && (alternate || type == .asciiCapable || type == .URL || type == .emailAddress) { return .us }
        return language
    }

    /// The pad the type asks for, if any: iOS's 3×4 pads.
    var pad: UIKeyboardType? {
        switch type {
        case .numberPad, .asciiCapableNumberPad, .decimalPad, .phonePad: return type
        default: return nil
        }
    }

    /// True when the globe key shows (a Korean layout can switch to English and back).
    var hasGlobe: Bool { language == .kr && type != .asciiCapable && type != .URL && type != .emailAddress }
}

enum KeyboardLayout {
    /// The rows of keys for `config`, top first. Every row of a page adds up to the same units.
    static func rows(_ config: KeyboardConfiguration) -> [[KeyboardKey]] {
        if let pad = config.pad { return padRows(pad) }
        switch config.page {
        case .letters: return letterRows(config)
        case .numbers: return numberRows(config, symbols: false)
        case .symbols: return numberRows(config, symbols: true)
        }
    }

    private static func chars(_ s: String) -> [KeyboardKey] { s.map { .char(String($0)) } }
    private static let comma = KeyboardKey.char(",", shifted: "!")
    private static let period = KeyboardKey.char(".", shifted: "?")

    static func letterRows(_ config: KeyboardConfiguration) -> [[KeyboardKey]] {
        var rows: [[KeyboardKey]]
        var extraBottom: [KeyboardKey] = []
        switch config.letters {
        case .us:
            rows = [chars("qwertyuiop") + [.key(.delete, 1.5)],
                    [.key(.gap, 0.5)] + chars("asdfghjkl") + [.key(.returnKey, 2)],
                    [.key(.shift)] + chars("zxcvbnm") + [comma, period, .key(.shift, 1.5)]]
        case .de:
            rows = [chars("qwertzuiopü") + [.key(.delete, 1.5)],
                    chars("asdfghjklöä") + [.key(.returnKey, 1.5)],
                    [.key(.shift)] + chars("yxcvbnm") + [comma, period, .char("ß", shifted: "ẞ"), .key(.shift, 1.5)]]
        case .fr:
            rows = [chars("azertyuiop") + [.key(.delete, 2)],
                    chars("qsdfghjklm") + [.key(.returnKey, 2)],
                    [.key(.shift)] + chars("wxcvbn") + [.char("'", shifted: "'")] + chars("éèàç")]
            extraBottom = [comma, period]
        case .kr:
            let top = zip("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ", "ㅃㅉㄸㄲㅆㅛㅕㅑㅒㅖ").map { KeyboardKey.char(String($0), shifted: String($1)) }
            let mid = "ㅁㄴㅇㄹㅎㅗㅓㅏㅣ".map { KeyboardKey.char(String($0), shifted: String($0)) }
            let low = "ㅋㅌㅊㅍㅠㅜㅡ".map { KeyboardKey.char(String($0), shifted: String($0)) }
            rows = [top + [.key(.delete, 1.5)],
                    [.key(.gap, 0.5)] + mid + [.key(.returnKey, 2)],
                    [.key(.shift)] + low + [comma, period, .key(.shift, 1.5)]]
        }
        let units = rows[0].reduce(0) { $0 + $1.width }
        rows.append(bottomRow(config, units: units, pageKey: .page(.numbers, caption: "123"), extra: extraBottom))
        return rows
    }

    static func numberRows(_ config: KeyboardConfiguration, symbols: Bool) -> [[KeyboardKey]] {
        let euro = config.language == .de || config.language == .fr
        var rows: [[KeyboardKey]]
        if symbols {
            rows = [chars("[]{}#%^*+=") + [.key(.delete, 1.5)],
                    [.key(.gap, 0.5)] + chars(euro ? "_\\|~<>$£¥" : "_\\|~<>€£¥") + [.key(.returnKey, 2)],
                    [.key(.page(.numbers, caption: "123"))] + chars("•.,?!'\"`@") + [.key(.page(.numbers, caption: "123"), 1.5)]]
        } else {
            rows = [chars("1234567890") + [.key(.delete, 1.5)],
                    [.key(.gap, 0.5)] + chars(euro ? "-/:;()€&@" : "-/:;()$&@") + [.key(.returnKey, 2)],
                    [.key(.page(.symbols, caption: "#+="))] + chars(".,?!'\"%*#") + [.key(.page(.symbols, caption: "#+="), 1.5)]]
        }
        let back: KeyboardKey.Kind = .page(.letters, caption: config.letters == .kr ? "가나다" : "ABC")
        rows.append(bottomRow(config, units: 11.5, pageKey: back, extra: []))
        return rows
    }

    /// [page] [globe] [email/URL keys] [space] [extra] [page] [hide]: space takes what is left.
    private static func bottomRow(_ config: KeyboardConfiguration, units: CGFloat, pageKey: KeyboardKey.Kind,
                                  extra: [KeyboardKey]) -> [KeyboardKey] {
        var left: [KeyboardKey] = [.key(pageKey, 1.75)]
        if config.hasGlobe { left.append(.key(.globe)) }
        var right: [KeyboardKey] = extra
        if config.page == .letters {
            switch config.type {
            case .emailAddress: right += [.char("@", shifted: "@"), .char(".", shifted: ".")]
            case .URL: left += [.char("/", shifted: "/")]; right += [.char(".", shifted: "."), .char(".com", shifted: ".com", width: 1.5)]
            default: break
            }
        }
        right += [.key(pageKey, 1.75), .key(.hide, 1.25)]
        let used = (left + right).reduce(0) { $0 + $1.width }
        return left + [.key(.space, max(1, units - used))] + right
    }

    /// iOS's 3×4 pads (digits with their letters; the bottom-left key is empty, `.` or `+`),
    /// with a column of grey keys on the right: hide, and return over three rows.
    static func padRows(_ type: UIKeyboardType) -> [[KeyboardKey]] {
        func digit(_ d: String, _ letters: String) -> KeyboardKey {
            var k = KeyboardKey.char(d, shifted: d)
            k.subtitle = letters
            return k
        }
        let bottomLeft: KeyboardKey
        switch type {
        case .decimalPad: bottomLeft = .char(".", shifted: ".")
        case .phonePad: bottomLeft = .char("+", shifted: "+")
        default: bottomLeft = .key(.gap)
        }
        return [[digit("1", ""), digit("2", "ABC"), digit("3", "DEF"), .key(.hide)],
                [digit("4", "GHI"), digit("5", "JKL"), digit("6", "MNO"), .key(.returnKey, rows: 3)],
                [digit("7", "PQRS"), digit("8", "TUV"), digit("9", "WXYZ"), .key(.covered)],
                [bottomLeft, digit("0", type == .phonePad ? "+" : ""), .key(.delete), .key(.covered)]]
    }
}
