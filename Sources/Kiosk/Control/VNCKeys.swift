// VNCKeys: an RFB KeyEvent's X11 keysym → a KeyPress (Focus/KeyPress.swift), for the keys that map
// simply: Latin-1 and Unicode characters, and the named keys (arrows, return, tab, escape,
// delete, home/end, page up/down). Modifier keys change the modifiers; other keysyms (function
// keys, dead keys) give nothing. Pure: tests and fuzz-control drive it.

public struct VNCKeyMapper: Sendable {
    public private(set) var modifiers: EventModifiers = []
    public init() {}

    /// The key press for `keysym` going down or up; nil for modifier keys (they update
    /// `modifiers`) and keysyms that do not map simply.
    public mutating func press(keysym: UInt32, down: Bool) -> KeyPress? {
        if let m = Self.modifier(keysym) {
            if down { modifiers.insert(m) } else { modifiers.remove(m) }
            return nil
        }
        guard let (key, chars) = Self.key(keysym) else { return nil }
        return KeyPress(phase: down ? .down : .up, key: key, characters: chars, modifiers: modifiers)
    }

    static func modifier(_ k: UInt32) -> EventModifiers? {
        switch k {
        case 0xFFE1, 0xFFE2: return .shift
        case 0xFFE3, 0xFFE4: return .control
        case 0xFFE9, 0xFFEA, 0xFF7E: return .option      // Alt, Mode_switch
        case 0xFFE7, 0xFFE8, 0xFFEB, 0xFFEC: return .command  // Meta, Super
        case 0xFFE5: return .capsLock
        default: return nil
        }
    }

    /// The key and the text it types.
    static func key(_ k: UInt32) -> (KeyEquivalent, String?)? {
        switch k {
        case 0xFF0D, 0xFF8D: return (.return, nil)
        case 0xFF08: return (.delete, nil)
        case 0xFF09: return (.tab, nil)
        case 0xFF1B: return (.escape, nil)
        case 0xFFFF, 0xFF9F: return (.deleteForward, nil)
        case 0xFF50, 0xFF95: return (.home, nil)
        case 0xFF57, 0xFF9C: return (.end, nil)
        case 0xFF51, 0xFF96: return (.leftArrow, nil)
        case 0xFF52, 0xFF97: return (.upArrow, nil)
        case 0xFF53, 0xFF98: return (.rightArrow, nil)
        case 0xFF54, 0xFF99: return (.downArrow, nil)
        case 0xFF55, 0xFF9A: return (.pageUp, nil)
        case 0xFF56, 0xFF9B: return (.pageDown, nil)
        case 0xFF0B: return (.clear, nil)
        case 0x20: return (.space, nil)
        case 0xFFB0...0xFFB9: return char(0x30 + (k - 0xFFB0))   // keypad digits
        case 0xFFAA: return char(0x2A)
        case 0xFFAB: return char(0x2B)
        case 0xFFAD: return char(0x2D)
        case 0xFFAE: return char(0x2E)
        case 0xFFAF: return char(0x2F)
        case 0x21...0x7E, 0xA0...0xFF: return char(k)
        // Unicode keysyms: 0x0100_0000 + the code point (no controls, no surrogates).
        case 0x0100_00A0...0x0110_FFFF: return char(k - 0x0100_0000)
        default: return nil
        }
    }

    private static func char(_ v: UInt32) -> (KeyEquivalent, String?)? {
        guard let s = Unicode.Scalar(v), !s.properties.isNoncharacterCodePoint, s.properties.generalCategory != .control else { return nil }
        let c = Character(s)
        return (KeyEquivalent(c), String(c))
    }
}

/// Wrong VNC passwords: after `freeFailures` in a row, every attempt within the penalty after the
/// last failure is refused unchecked; the penalty doubles with each failure (from 1 s up to
/// `maxPenalty`). A right password resets it. Pure: time is passed in.
public struct PasswordRateLimit: Sendable {
    public var freeFailures = 3
    public var maxPenalty = 60.0
    public private(set) var failures = 0
    public private(set) var lastFailure = -Double.infinity
    public private(set) var refusedUnchecked = 0
    public init() {}

    /// The wait after the last failure before another attempt is checked.
    public var penalty: Double {
        failures < freeFailures ? 0 : min(maxPenalty, Double(1 << min(20, failures - freeFailures)))
    }

    /// True when an attempt at `now` may be checked; false refuses it (and counts it).
    public mutating func allows(now: Double) -> Bool {
        if now - lastFailure >= penalty { return true }
        refusedUnchecked += 1
        return false
    }

    public mutating func record(success: Bool, now: Double) {
        if success { failures = 0; lastFailure = -.infinity } else { failures += 1; lastFailure = now }
    }
}
