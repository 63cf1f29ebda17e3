// KeySymbols: XKB keysyms → SwiftUI's KeyEquivalent. Pure table, no libxkbcommon call, so it is
// tested on its own. Keysym values are X11's (xkbcommon-keysyms.h), stable since X11R6.

enum KeySymbols {
    /// The named key for `sym`, and whether it is on the keypad (KP_*); nil for keysyms that type
    /// a character (`character(for:)` gives it) or mean nothing to kiosk (modifiers, XF86 keys).
    static func namedKey(_ sym: UInt32) -> (key: KeyEquivalent, keypad: Bool)? {
        switch sym {
        case 0xff51: (.leftArrow, false)      // Left
        case 0xff52: (.upArrow, false)        // Up
        case 0xff53: (.rightArrow, false)     // Right
        case 0xff54: (.downArrow, false)      // Down
        case 0xff0d: (.return, false)         // Return
        case 0xfe34: (.return, false)         // ISO_Enter
        case 0xff09, 0xfe20: (.tab, false)    // Tab, ISO_Left_Tab (Shift-Tab)
        case 0xff1b: (.escape, false)         // Escape
        case 0xff08: (.delete, false)         // BackSpace
        case 0xffff: (.deleteForward, false)  // Delete
        case 0xff50: (.home, false)           // Home
        case 0xff57: (.end, false)            // End
        case 0xff55: (.pageUp, false)         // Prior
        case 0xff56: (.pageDown, false)       // Next
        case 0xff0b: (.clear, false)          // Clear
        case 0xff63: (KeyEquivalent("\u{F727}"), false)   // Insert: NSInsertFunctionKey
        case 0xff31: (.hangulToggle, false)   // Hangul (the 한/영 key, KEY_HANGEUL)
        case 0xffbe...0xffe0: (KeyEquivalent(Character(Unicode.Scalar(0xF704 + sym - 0xffbe)!)), false) // F1…F35
        // The keypad with NumLock off, and its fixed keys.
        case 0xff8d: (.return, true)          // KP_Enter
        case 0xff89: (.tab, true)             // KP_Tab
        case 0xff80: (.space, true)           // KP_Space
        case 0xff95: (.home, true)            // KP_Home
        case 0xff96: (.leftArrow, true)       // KP_Left
        case 0xff97: (.upArrow, true)         // KP_Up
        case 0xff98: (.rightArrow, true)      // KP_Right
        case 0xff99: (.downArrow, true)       // KP_Down
        case 0xff9a: (.pageUp, true)          // KP_Prior
        case 0xff9b: (.pageDown, true)        // KP_Next
        case 0xff9c: (.end, true)             // KP_End
        case 0xff9d: (.clear, true)           // KP_Begin (the 5 with NumLock off)
        case 0xff9e: (KeyEquivalent("\u{F727}"), true)    // KP_Insert
        case 0xff9f: (.deleteForward, true)   // KP_Delete
        default: nil
        }
    }

    /// True for keypad keysyms (KP_Space…KP_9, KP_Equal): the press carries `.numericPad`.
    static func isKeypad(_ sym: UInt32) -> Bool { (0xff80...0xffbd).contains(sym) }

    /// True for modifier and lock keys (Shift_L…Hyper_R, ISO_Level3_Shift…, Num_Lock,
    /// Scroll_Lock, Mode_switch): they change the state and send no KeyPress, as in SwiftUI.
    static func isModifier(_ sym: UInt32) -> Bool {
        (0xffe1...0xffee).contains(sym) || (0xfe01...0xfe0f).contains(sym) || sym == 0xff7f || sym == 0xff14 || sym == 0xff7e
    }
}
