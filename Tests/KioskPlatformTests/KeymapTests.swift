// KeymapTests: evdev codes through libxkbcommon and Debian's XKB data (xkb-data, libx11-data's
// Compose tables) into KeyPresses: layouts (us, de, fr, kr), Shift/Caps Lock/AltGr/Control, dead
// keys and Compose, named keys, the keypad under NumLock, and the error for a layout that does
// not exist.
import Testing
@testable import Kiosk

@Suite struct KeymapTests {
    /// Presses and releases `codes` in order on a fresh keyboard of `layout`; the presses sent.
    func type(_ layout: String, _ codes: [UInt16], holding held: [UInt16] = []) throws -> [KeyPress] {
        let state = XKBKeyboardState(keymap: try Keymap(layout: layout))
        for h in held { _ = state.press(h) }
        var out: [KeyPress] = []
        for c in codes {
            if let p = state.press(c) { out.append(p) }
            _ = state.release(c)
        }
        return out
    }
    func text(_ layout: String, _ codes: [UInt16], holding: [UInt16] = []) throws -> String {
        try type(layout, codes, holding: holding).map(\.characters).joined()
    }

    @Test func usLettersShiftAndCapsLock() throws {
        let p = try type("us", [30])
        #expect(p == [KeyPress(phase: .down, key: "a", characters: "a", modifiers: [])])
        let shifted = try type("us", [30, 2], holding: [USKeys.shift])
        #expect(shifted.map(\.characters) == ["A", "!"] && shifted.allSatisfy { $0.modifiers == .shift })
        #expect(shifted[0].key == "A")
        // Caps Lock: a lock, not sent itself; letters in capitals, digits not shifted.
        let caps = try type("us", [USKeys.capsLock, 30, 2])
        #expect(caps.map(\.characters) == ["A", "1"] && caps[0].modifiers == .capsLock)
    }

    @Test func controlMakesAShortcutNotText() throws {
        let p = try type("us", [46], holding: [USKeys.ctrl])   // Ctrl-C
        #expect(p == [KeyPress(phase: .down, key: "c", characters: "", modifiers: .control)])
    }

    @Test func namedKeys() throws {
        let codes: [(UInt16, KeyEquivalent)] = [(1, .escape), (14, .delete), (15, .tab), (28, .return), (57, .space),
                                                (102, .home), (107, .end), (104, .pageUp), (109, .pageDown),
                                                (103, .upArrow), (108, .downArrow), (105, .leftArrow), (106, .rightArrow),
                                                (111, .deleteForward)]
        let p = try type("us", codes.map(\.0))
        #expect(p.map(\.key) == codes.map(\.1))
        #expect(p.first { $0.key == .return }?.characters == "\r")
        #expect(p.first { $0.key == .delete }?.characters == "")
        #expect(p.first { $0.key == .space }?.characters == " ")
        let backTab = try type("us", [15], holding: [USKeys.shift])
        #expect(backTab == [KeyPress(phase: .down, key: .tab, modifiers: .shift)])
        // F1 is AppKit's NSF1FunctionKey; KEY_POWER and the modifiers send nothing.
        #expect(try type("us", [59]).map(\.key) == [KeyEquivalent("\u{F704}")])
        #expect(try type("us", [116, 42, 29, 56, 125, 58]).isEmpty)
    }

    @Test func keypadTypesDigitsUntilNumLockIsTurnedOff() throws {
        // KEY_KP1, KEY_KP5, KEY_KPDOT, KEY_KPENTER, KEY_KPPLUS
        let p = try type("us", [79, 76, 83, 96, 78])
        #expect(p.map(\.characters) == ["1", "5", ".", "\r", "+"])
        #expect(p.allSatisfy { $0.modifiers.contains(.numericPad) })
        #expect(p[3].key == .return)
        let off = try type("us", [USKeys.numLock, 79, 72, 83])
        #expect(off.map(\.key) == [.end, .upArrow, .deleteForward] && off.allSatisfy { $0.modifiers == .numericPad })
    }

    @Test func germanIsQWERTZWithDeadKeysAndAltGr() throws {
        #expect(try text("de", [21, 44, 26]) == "zyü")                    // KEY_Y, KEY_Z, KEY_LEFTBRACE
        let keymap = try Keymap(layout: "de")
        try #require(keymap.hasCompose, "no Compose table: install libx11-data")
        // KEY_EQUAL is dead_acute: nothing until the next key, then é.
        let p = try type("de", [13, 18])
        #expect(p.map(\.characters) == ["é"] && p[0].key == "é")
        // The dead key twice types the accent itself (Compose: <dead_acute> <dead_acute>), then
        // space an apostrophe (<dead_acute> <space>, X's table); a key that does not combine
        // cancels the sequence and types nothing, as in X and Wayland. AltGr-Q is @.
        #expect(try text("de", [13, 13]) == "´")
        #expect(try text("de", [13, 57]) == "'")
        #expect(try text("de", [13, 2, 30]) == "a")
        #expect(try text("de", [16], holding: [USKeys.rightAlt]) == "@")
    }

    @Test func frenchIsAZERTYWithADeadCircumflex() throws {
        #expect(try text("fr", [16, 30, 2, 3]) == "aq&é")                // KEY_Q, KEY_A, KEY_1, KEY_2
        #expect(try text("fr", [26, 18]) == "ê")                          // dead_circumflex, e
        #expect(try text("fr", [2], holding: [USKeys.shift]) == "1")
    }

    @Test func koreanLayoutTypesLatinLetters() throws {
        // xkb's kr is the US letters plus Hangul/Hanja keys; Hangul composition is the on-screen
        // keyboard's (an input method), not the keymap's.
        #expect(try text("kr", [35, 18, 38, 38, 24]) == "hello")
        #expect(try text("de(nodeadkeys)", [13, 18]) == "´e")
    }

    @Test func koreanHangulKeyAndRightAltAreTheHanYeongKey() throws {
        // KEY_HANGEUL (122) is xkb's Hangul keysym on every layout that has <HNGL>; KEY_RIGHTALT
        // (100) is 한/영 only under a Korean layout (elsewhere a modifier that sends nothing).
        #expect(try type("kr", [122]).map(\.key) == [.hangulToggle])
        #expect(try type("kr", [100]).map(\.key) == [.hangulToggle])
        #expect(try type("kr(kr104)", [100]).map(\.key) == [.hangulToggle])
        #expect(try type("us", [100]).isEmpty)
        // Its release answers its press; letters after it are still Latin keys (the field composes).
        let state = XKBKeyboardState(keymap: try Keymap(layout: "kr"))
        #expect(state.press(100)?.key == .hangulToggle)
        #expect(state.release(100)?.key == .hangulToggle)
        #expect(state.press(30)?.characters == "a")
        #expect(KeyEquivalent(named: "hangul") == .hangulToggle)
    }

    @Test func releaseAndRepeatSendWhatThePressSent() throws {
        let state = XKBKeyboardState(keymap: try Keymap(layout: "us"))
        _ = state.press(USKeys.shift)
        let down = try #require(state.press(30))
        _ = state.release(USKeys.shift)
        #expect(state.repeatPress(30) == KeyPress(phase: .repeat, key: "A", characters: "A", modifiers: .shift))
        #expect(state.release(30) == KeyPress(phase: .up, key: "A", characters: "A", modifiers: []))
        #expect(down.characters == "A" && !state.isPressed(30))
        #expect(state.release(30) == nil && state.repeatPress(30) == nil)
        #expect(try Keymap(layout: "us").repeats(30) && !(try Keymap(layout: "us").repeats(USKeys.shift)))
    }

    @Test func unknownLayoutNamesTheAvailableOnesThenUsIsUsed() throws {
        #expect(throws: KeymapError.self) { try Keymap(layout: "klingon") }
        do { _ = try Keymap(layout: "klingon"); Issue.record("compiled") } catch let e as KeymapError {
            guard case let .unknownLayout(name, available) = e else { Issue.record("\(e)"); return }
            #expect(name == "klingon")
            #expect(["us", "de", "fr", "kr"].allSatisfy(available.contains))
            #expect(e.description.hasPrefix("keyboard-layout \"klingon\" is not an XKB layout; available: us, "))
        }
        #expect(Keymap.load(layout: "klingon")?.layout == "us")
        #expect(Keymap.load(layout: "../../etc/passwd")?.layout == "us")
        #expect(KeymapError.noData(root: "/x").description.contains("install xkb-data"))
    }

    @Test func layoutNamesParse() {
        #expect(Keymap.parse("us")! == ("us", nil))
        #expect(Keymap.parse("de(nodeadkeys)")! == ("de", "nodeadkeys"))
        for bad in ["", "de(", "de()", "(x)", "us,de", "../x", "us x", "ü", String(repeating: "a", count: 65)] {
            #expect(Keymap.parse(bad) == nil, "\(bad)")
        }
        #expect(Keymap.composeLocale([:]) == "en_US.UTF-8")
        #expect(Keymap.composeLocale(["LANG": "C.UTF-8"]) == "en_US.UTF-8")
        #expect(Keymap.composeLocale(["LANG": "de_DE.UTF-8", "LC_CTYPE": "fr_FR.UTF-8"]) == "fr_FR.UTF-8")
    }

    @Test func keyboardSettings() throws {
        var s = Settings()
        #expect(s.keyboardLayout == "us" && s.keyboard == .auto)
        try s.apply(environment: ["KIOSK_KEYBOARD_LAYOUT": "fr", "KIOSK_KEYBOARD": "never"])
        #expect(s.keyboardLayout == "fr" && s.keyboard == .never)
        try s.apply(file: "keyboard-layout = de(nodeadkeys)\nkeyboard = Always\n", source: "kiosk.conf")
        #expect(s.keyboardLayout == "de(nodeadkeys)" && s.keyboard == .always)
        let parsed = try #require(try KioskRunner.settings(from: ["--keyboard-layout", "kr", "--keyboard=auto"], over: s))
        #expect(parsed.keyboardLayout == "kr" && parsed.keyboard == .auto)
        #expect(try KioskRunner.settings(from: ArraySlice(parsed.arguments), over: Settings()) == parsed)
        #expect(throws: ConfigError.self) { try s.apply(key: "keyboard", value: "sometimes") }
        #expect(throws: ConfigError.self) { try s.apply(key: "keyboard-layout", value: "us;rm") }
        // A well-formed name that is no layout passes here; the keymap says so and uses us.
        try s.apply(key: "keyboard-layout", value: "klingon")
        #expect(s.keyboardLayout == "klingon")
    }
}
