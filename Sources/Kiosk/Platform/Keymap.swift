// Keymap: evdev key codes → what they type, through libxkbcommon and the XKB data files Debian's
// xkb-data installs (/usr/share/X11/xkb; XKB_CONFIG_ROOT overrides it). One compiled keymap for the
// `keyboard-layout` setting; one XKBKeyboardState per device (its Shift, Caps Lock, NumLock and dead
// keys are its own, as on two keyboards plugged into one PC).
//
// Dead keys and the Compose key are libxkbcommon's compose tables (libx11-data's
// /usr/share/X11/locale/<locale>/Compose, for LC_ALL, LC_CTYPE or LANG; en_US.UTF-8 when those say
// C, POSIX or nothing, as in the systemd service). XKB_DEFAULT_OPTIONS=compose:ralt makes Right
// Alt a Compose key. Without a compose table dead keys type nothing (said once in the log).
#if canImport(Glibc)
import Glibc
#endif
import CXKBCommon

/// A keymap layout that could not be used.
public enum KeymapError: Error, Equatable, CustomStringConvertible {
    /// The name is not a layout in the XKB data (or not `LAYOUT` / `LAYOUT(VARIANT)` at all).
    case unknownLayout(String, available: [String])
    /// Not even `us` compiles: the XKB data files are missing.
    case noData(root: String)

    public var description: String {
        switch self {
        case let .unknownLayout(name, available):
            let list = available.isEmpty ? "none found" : available.joined(separator: ", ")
            return "keyboard-layout \"\(name)\" is not an XKB layout; available: \(list)"
        case let .noData(root):
            return "no XKB keymap data in \(root) (install xkb-data, or set XKB_CONFIG_ROOT); keyboards are not read"
        }
    }
}

/// A compiled XKB keymap and its compose table.
public final class Keymap {
    /// The layout compiled, as the setting names it (`us`, `de`, `fr(azerty)`…).
    public let layout: String
    let context: OpaquePointer
    let keymap: OpaquePointer
    let composeTable: OpaquePointer?
    let shift, capsLock, control, alt, logo, numLock: xkb_mod_index_t

    /// The XKB data directory libxkbcommon reads.
    public static var dataRoot: String { ProcessEnvironment.current["XKB_CONFIG_ROOT"] ?? "/usr/share/X11/xkb" }

    /// Compiles `layout` (`LAYOUT` or `LAYOUT(VARIANT)`, rules evdev, model pc105).
    /// - Throws: ``KeymapError/unknownLayout(_:available:)`` naming the layouts in evdev.lst.
    public init(layout: String, composeLocale: String? = nil) throws {
        guard let (name, variant) = Keymap.parse(layout) else {
            throw KeymapError.unknownLayout(layout, available: Keymap.availableLayouts())
        }
        guard let ctx = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw KeymapError.noData(root: Keymap.dataRoot) }
        // Our own message says what went wrong; xkbcommon's would repeat it on stderr.
        xkb_context_set_log_level(ctx, XKB_LOG_LEVEL_CRITICAL)
        let map: OpaquePointer? = "evdev".withCString { rules in "pc105".withCString { model in
            name.withCString { l in (variant ?? "").withCString { v in
                var names = xkb_rule_names(rules: rules, model: model, layout: l, variant: variant == nil ? nil : v, options: nil)
                return xkb_keymap_new_from_names(ctx, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
            } } } }
        guard let map else {
            xkb_context_unref(ctx)
            throw KeymapError.unknownLayout(layout, available: Keymap.availableLayouts())
        }
        self.layout = layout
        context = ctx; keymap = map
        func index(_ n: String) -> xkb_mod_index_t { xkb_keymap_mod_get_index(map, n) }
        shift = index("Shift"); capsLock = index("Lock"); control = index("Control")
        alt = index("Mod1"); logo = index("Mod4"); numLock = index("Mod2")
        let locale = composeLocale ?? Keymap.composeLocale(ProcessEnvironment.current)
        var table = xkb_compose_table_new_from_locale(ctx, locale, XKB_COMPOSE_COMPILE_NO_FLAGS)
        if table == nil && locale != "en_US.UTF-8" { table = xkb_compose_table_new_from_locale(ctx, "en_US.UTF-8", XKB_COMPOSE_COMPILE_NO_FLAGS) }
        composeTable = table
    }

    deinit {
        if let composeTable { xkb_compose_table_unref(composeTable) }
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// True for the Korean layouts (`kr`, `kr(kr104)`…): their 한/영 key toggles Hangul typing.
    public var isKorean: Bool { KeyboardLanguage(named: layout) == .kr }

    /// True when dead keys and Compose work (a compose table was found).
    public var hasCompose: Bool { composeTable != nil }

    /// The keymap for `layout`, or `us` after logging why `layout` cannot be used; nil (logged)
    /// when there is no XKB data at all.
    public static func load(layout: String) -> Keymap? {
        do { return try Keymap(layout: layout) } catch {
            Log.error("input: \(error)")
        }
        if layout != "us", let us = try? Keymap(layout: "us") {
            Log.error("input: using keyboard layout us instead")
            return us
        }
        Log.error("input: \(KeymapError.noData(root: dataRoot))")
        return nil
    }

    /// `LAYOUT` or `LAYOUT(VARIANT)`, each of letters, digits, `_` and `-`; nil otherwise.
    public static func parse(_ s: String) -> (layout: String, variant: String?)? {
        func ok(_ p: Substring) -> Bool {
            !p.isEmpty && p.count <= 64 && p.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" || $0 == "-" }
        }
        if let open = s.firstIndex(of: "(") {
            guard s.hasSuffix(")") else { return nil }
            let l = s[..<open], v = s[s.index(after: open)..<s.index(before: s.endIndex)]
            return ok(l) && ok(v) ? (String(l), String(v)) : nil
        }
        return ok(Substring(s)) ? (s, nil) : nil
    }

    /// The layout names in `rules/evdev.lst` ("! layout" section), in its order.
    public static func availableLayouts(root: String = dataRoot) -> [String] {
        guard let bytes = Syscall.readFile("\(root)/rules/evdev.lst") else { return [] }
        var out: [String] = [], inLayouts = false
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("!") { inLayouts = line.hasPrefix("! layout"); continue }
            if inLayouts, let word = line.split(separator: " ").first { out.append(String(word)) }
        }
        return out
    }

    /// The locale whose Compose file to read: LC_ALL, LC_CTYPE, then LANG; en_US.UTF-8 for C/POSIX/none.
    static func composeLocale(_ env: [String: String]) -> String {
        let l = [env["LC_ALL"], env["LC_CTYPE"], env["LANG"]].compactMap { $0 }.first { !$0.isEmpty } ?? ""
        return l.isEmpty || l == "C" || l == "POSIX" || l.hasPrefix("C.") ? "en_US.UTF-8" : l
    }

    /// True when the key with evdev code `code` repeats while held (letters, arrows; not Shift or Caps Lock).
    public func repeats(_ code: UInt16) -> Bool { xkb_keymap_key_repeats(keymap, xkb_keycode_t(code) + 8) != 0 }
}

/// One keyboard's modifier, lock and compose state over a ``Keymap``.
public final class XKBKeyboardState {
    public let keymap: Keymap
    private let state: OpaquePointer
    private let compose: OpaquePointer?
    /// What each held key sent on its press: its repeats and its release send the same.
    private var pressed: [UInt16: KeyPress] = [:]
    private var text = [CChar](repeating: 0, count: 64)

    /// NumLock starts on: a numeric keypad types digits (a PIN pad sends no NumLock of its own).
    public init(keymap: Keymap) {
        self.keymap = keymap
        state = xkb_state_new(keymap.keymap)
        compose = keymap.composeTable.flatMap { xkb_compose_state_new($0, XKB_COMPOSE_STATE_NO_FLAGS) }
        if keymap.numLock != XKB_MOD_INVALID {
            xkb_state_update_mask(state, 0, 0, 1 << keymap.numLock, 0, 0, 0)
        }
    }
    deinit {
        if let compose { xkb_compose_state_unref(compose) }
        xkb_state_unref(state)
    }

    /// The modifiers in effect now.
    public var modifiers: EventModifiers {
        var m: EventModifiers = []
        func on(_ i: xkb_mod_index_t) -> Bool { i != XKB_MOD_INVALID && xkb_state_mod_index_is_active(state, i, XKB_STATE_MODS_EFFECTIVE) > 0 }
        if on(keymap.shift) { m.insert(.shift) }
        if on(keymap.capsLock) { m.insert(.capsLock) }
        if on(keymap.control) { m.insert(.control) }
        if on(keymap.alt) { m.insert(.option) }
        if on(keymap.logo) { m.insert(.command) }
        return m
    }

    /// True while the key is held and sent a press.
    public func isPressed(_ code: UInt16) -> Bool { pressed[code] != nil }

    /// Evdev key `code` went down: the KeyPress it sends (nil for modifiers, keys of no meaning
    /// to kiosk, and dead keys and Compose sequences still being typed).
    public func press(_ code: UInt16) -> KeyPress? {
        let kc = xkb_keycode_t(code) + 8
        let sym = xkb_state_key_get_one_sym(state, kc)
        var out: KeyPress?
        if sym == 0xffea && keymap.isKorean {
            // Right Alt is the 한/영 key on Korean keyboards that send no KEY_HANGEUL (and on
            // 101/104-key ones): it switches Hangul and Latin, as `kr(ralt_hangul)` makes it.
            out = KeyPress(phase: .down, key: .hangulToggle, modifiers: modifiers)
            pressed[code] = out
        } else if sym != 0 && !KeySymbols.isModifier(sym) {
            out = translate(kc, sym)
            if let out { pressed[code] = out }
        }
        xkb_state_update_key(state, kc, XKB_KEY_DOWN)
        return out
    }

    /// The key's auto-repeat: what its press sent, as `.repeat`; nil when the press sent nothing.
    public func repeatPress(_ code: UInt16) -> KeyPress? {
        pressed[code].map { KeyPress(phase: .repeat, key: $0.key, characters: $0.characters, modifiers: $0.modifiers) }
    }

    /// Evdev key `code` went up: `.up` with the press's key, when the press sent one.
    public func release(_ code: UInt16) -> KeyPress? {
        xkb_state_update_key(state, xkb_keycode_t(code) + 8, XKB_KEY_UP)
        guard let p = pressed.removeValue(forKey: code) else { return nil }
        return KeyPress(phase: .up, key: p.key, characters: p.characters, modifiers: modifiers.union(p.modifiers.intersection(.numericPad)))
    }

    private func translate(_ kc: xkb_keycode_t, _ sym: xkb_keysym_t) -> KeyPress? {
        var mods = modifiers
        var keySym = sym
        var typed: String
        if let compose, xkb_compose_state_feed(compose, sym) == XKB_COMPOSE_FEED_ACCEPTED {
            let status = xkb_compose_state_get_status(compose)
            if status == XKB_COMPOSE_COMPOSING { return nil }
            if status == XKB_COMPOSE_CANCELLED { xkb_compose_state_reset(compose); return nil }
            if status == XKB_COMPOSE_COMPOSED {
                typed = utf8 { xkb_compose_state_get_utf8(compose, $0, $1) }
                keySym = xkb_compose_state_get_one_sym(compose)
                xkb_compose_state_reset(compose)
            } else {
                typed = utf8 { xkb_state_key_get_utf8(state, kc, $0, $1) }
            }
        } else {
            typed = utf8 { xkb_state_key_get_utf8(state, kc, $0, $1) }
        }
        if let (key, keypad) = KeySymbols.namedKey(keySym) {
            if keypad { mods.insert(.numericPad) }
            return KeyPress(phase: .down, key: key, modifiers: mods)
        }
        if KeySymbols.isKeypad(keySym) { mods.insert(.numericPad) }
        // Text only: C0/C1 controls (Ctrl-C's ETX) are not typed.
        let clean = String(String.UnicodeScalarView(typed.unicodeScalars.filter { $0.value >= 0x20 && !(0x7f...0x9f).contains($0.value) }))
        let scalar = xkb_keysym_to_utf32(keySym)
        let key: KeyEquivalent
        if scalar >= 0x20, let u = Unicode.Scalar(scalar), !(0x7f...0x9f).contains(scalar) { key = KeyEquivalent(Character(u)) }
        else if let c = clean.first { key = KeyEquivalent(c) }
        else { return nil }
        // Control, Alt and Super make shortcuts, not text (as iOS hardware keyboards do).
        let characters = mods.isDisjoint(with: [.control, .option, .command]) ? clean : ""
        return KeyPress(phase: .down, key: key, characters: characters, modifiers: mods)
    }

    /// The text `get` writes (NUL-terminated; it returns the length it needs): a reused 64-byte
    /// buffer, or a bigger one for a Compose result that long (a user's .XCompose may have any).
    private func utf8(_ get: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String {
        let n = text.withUnsafeMutableBufferPointer { Int(get($0.baseAddress!, $0.count)) }
        guard n > 0 else { return "" }
        if n < text.count { return text.withUnsafeBytes { String(decoding: $0.prefix(n), as: UTF8.self) } }
        var big = [CChar](repeating: 0, count: min(n + 1, 1 << 16))
        let m = big.withUnsafeMutableBufferPointer { Int(get($0.baseAddress!, $0.count)) }
        return big.withUnsafeBytes { String(decoding: $0.prefix(max(0, min(m, big.count - 1))), as: UTF8.self) }
    }
}
