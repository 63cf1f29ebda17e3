// Keys as SwiftUI names them: KeyEquivalent, EventModifiers, KeyPress (onKeyPress's argument).
// One vocabulary from evdev (xkbcommon), the VNC server, the on-screen keyboard and
// HeadlessHost.press/type to the focused view. The special keys use the characters SwiftUI
// (AppKit's NSEvent function-key range) gives them, so `KeyEquivalent.upArrow.character` matches.

/// A key: a character, or one of the named keys.
public struct KeyEquivalent: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral, CustomStringConvertible {
    public var character: Character
    public init(_ character: Character) { self.character = character }
    public init(extendedGraphemeClusterLiteral value: Character) { character = value }

    public static let upArrow = KeyEquivalent("\u{F700}")
    public static let downArrow = KeyEquivalent("\u{F701}")
    public static let leftArrow = KeyEquivalent("\u{F702}")
    public static let rightArrow = KeyEquivalent("\u{F703}")
    public static let escape = KeyEquivalent("\u{1B}")
    /// Backspace.
    public static let delete = KeyEquivalent("\u{08}")
    public static let deleteForward = KeyEquivalent("\u{F728}")
    public static let home = KeyEquivalent("\u{F729}")
    public static let end = KeyEquivalent("\u{F72B}")
    public static let pageUp = KeyEquivalent("\u{F72C}")
    public static let pageDown = KeyEquivalent("\u{F72D}")
    public static let clear = KeyEquivalent("\u{F739}")
    public static let tab = KeyEquivalent("\t")
    public static let space = KeyEquivalent(" ")
    public static let `return` = KeyEquivalent("\r")
    /// The Korean keyboard's 한/영 key (evdev KEY_HANGEUL; Right Alt under `keyboard-layout = kr`):
    /// switches hardware typing between Hangul and Latin letters. Not a SwiftUI name (iOS keeps
    /// the key to itself); a private-use character, as AppKit's function keys are.
    static let hangulToggle = KeyEquivalent("\u{F8E1}")

    /// True for the named keys that type no text (arrows, escape, delete, tab, return…).
    public var isNamedKey: Bool {
        guard let s = character.unicodeScalars.first else { return false }
        return s.value < 0x20 || s.value == 0x7F || (0xF700...0xF8FF).contains(s.value)
    }

    public var description: String {
        switch self {
        case .upArrow: "upArrow"; case .downArrow: "downArrow"; case .leftArrow: "leftArrow"
        case .rightArrow: "rightArrow"; case .escape: "escape"; case .delete: "delete"
        case .deleteForward: "deleteForward"; case .home: "home"; case .end: "end"
        case .pageUp: "pageUp"; case .pageDown: "pageDown"; case .clear: "clear"; case .tab: "tab"
        case .space: "space"; case .return: "return"; case .hangulToggle: "hangul"
        default: String(character)
        }
    }

    /// The key named `name`: a description above ("return", "leftArrow", case-insensitive, also
    /// "enter", "backspace", "esc", "left"/"right"/"up"/"down"), or a single character.
    public init?(named name: String) {
        let all: [KeyEquivalent] = [.upArrow, .downArrow, .leftArrow, .rightArrow, .escape, .delete, .deleteForward,
                                    .home, .end, .pageUp, .pageDown, .clear, .tab, .space, .return]
        let lower = name.lowercased()
        if let k = all.first(where: { $0.description.lowercased() == lower }) { self = k; return }
        switch lower {
        case "enter": self = .return
        case "backspace": self = .delete
        case "esc": self = .escape
        case "up": self = .upArrow
        case "down": self = .downArrow
        case "left": self = .leftArrow
        case "right": self = .rightArrow
        case "del": self = .deleteForward
        case "hangul", "hanyeong", "한/영", "한영": self = .hangulToggle
        default:
            guard name.count == 1, let c = name.first else { return nil }
            self.init(c)
        }
    }
}

/// Modifier keys held during an event.
public struct EventModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let capsLock = EventModifiers(rawValue: 1 << 0)
    public static let shift = EventModifiers(rawValue: 1 << 1)
    public static let control = EventModifiers(rawValue: 1 << 2)
    public static let option = EventModifiers(rawValue: 1 << 3)
    public static let command = EventModifiers(rawValue: 1 << 4)
    public static let numericPad = EventModifiers(rawValue: 1 << 5)
    public static let function = EventModifiers(rawValue: 1 << 6)
    public static let all: EventModifiers = [.capsLock, .shift, .control, .option, .command, .numericPad, .function]
}

/// One key event, as `onKeyPress` sees it.
public struct KeyPress: Sendable, Equatable, CustomStringConvertible {
    /// Down, repeat (auto-repeat while held) and up.
    public struct Phases: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let down = Phases(rawValue: 1 << 0)
        public static let `repeat` = Phases(rawValue: 1 << 1)
        public static let up = Phases(rawValue: 1 << 2)
        public static let all: Phases = [.down, .repeat, .up]
    }
    /// What an `onKeyPress` action answers: handled stops the event, ignored passes it outward
    /// (to enclosing handlers, then to the focused text field's editing, then to focus moves).
    public enum Result: Sendable, Equatable { case handled, ignored }

    public let phase: Phases
    public let key: KeyEquivalent
    /// The text the key types under the keymap (empty for named keys and modifier-only keys).
    public let characters: String
    public let modifiers: EventModifiers

    public init(phase: Phases = .down, key: KeyEquivalent, characters: String? = nil, modifiers: EventModifiers = []) {
        self.phase = phase
        self.key = key
        self.characters = characters ?? (key.isNamedKey ? (key == .tab || key == .return || key == .space ? String(key.character) : "") : String(key.character))
        self.modifiers = modifiers
    }

    public var description: String { "key \(key) \(phase == .down ? "down" : phase == .up ? "up" : "repeat") chars=\(characters.debugDescription) mods=\(modifiers.rawValue)" }
}

/// The keyboard a field asks for (UIKit's names: `.keyboardType(.numberPad)`).
public enum UIKeyboardType: Int, Sendable, Hashable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
         decimalPad, twitter, webSearch, asciiCapableNumberPad
}

/// The label of the return key (`.submitLabel(.search)`).
public struct SubmitLabel: Hashable, Sendable {
    let name: String
    public static let done = SubmitLabel(name: "done")
    public static let go = SubmitLabel(name: "go")
    public static let send = SubmitLabel(name: "send")
    public static let join = SubmitLabel(name: "join")
    public static let route = SubmitLabel(name: "route")
    public static let search = SubmitLabel(name: "search")
    public static let `return` = SubmitLabel(name: "return")
    public static let next = SubmitLabel(name: "next")
    public static let `continue` = SubmitLabel(name: "continue")
    /// The return key's caption for this label, as iOS's English keyboard shows it.
    public var keyCaption: String {
        switch name {
        case "return": "return"
        default: name.prefix(1).uppercased() + name.dropFirst()
        }
    }
}

/// What the on-screen keyboard sends to the focused text field. Composition (Hangul jamo
/// becoming a syllable) is the keyboard's: it shows the syllable being built as `mark`, which
/// the field draws underlined and replaces on the next `mark`, `insert` or `delete`.
enum KeyboardAction: Equatable {
    /// Commit the marked text (if any), then insert `text`.
    case insert(String)
    /// Replace the marked text with `text` (empty: no marked text left).
    case mark(String)
    /// Commit the marked text, then remove the grapheme before the caret (or the selection).
    case deleteBackward
    /// Return: `onSubmit` in a single-line field (which also closes the keyboard), a newline in a TextEditor.
    case submit
    /// The keyboard's hide key.
    case dismiss
}
