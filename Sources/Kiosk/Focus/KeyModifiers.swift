// `.onKeyPress` and `.keyboardShortcut`: key handlers registered with the screen's focus
// manager while their views are shown (FocusManager.handleKey decides who is asked).

/// `.onKeyPress(...)`: which keys and phases it takes, and its action.
struct _KeyPressModifier: BuiltinModifier, LifecycleModifier {
    let keys: Set<KeyEquivalent>?
    let characters: ((Character) -> Bool)?
    let phases: KeyPress.Phases
    let action: (KeyPress) -> KeyPress.Result

    func accepts(_ press: KeyPress) -> Bool {
        guard phases.contains(press.phase) || (press.phase == .repeat && phases.contains(.down) && phases == .down) else { return false }
        if let keys, !keys.contains(press.key) { return false }
        if let characters {
            guard let c = press.characters.first, press.characters.count == 1, characters(c) else { return false }
        }
        return true
    }
    func appeared(_ node: Node) { node.graph.focus.register(keyHandler: self, node: node) }
    func updated(_ node: Node) { node.graph.focus.register(keyHandler: self, node: node) }
    func disappeared(_ node: Node) { node.graph.focusIfMade?.unregister(keyHandlerNode: node) }
}

extension View {
    /// Runs `action` when `key` goes down (or repeats) while this view or one inside it has
    /// focus. Return `.handled` to stop the key there.
    ///
    /// ```swift
    /// .focusable().onKeyPress(.upArrow) { count += 1; return .handled }
    /// ```
    /// kiosk: with no view focused, handlers get keys in the order their views appeared (a
    /// keypad on a kiosk has nobody else to talk to).
    public func onKeyPress(_ key: KeyEquivalent, action: @escaping () -> KeyPress.Result) -> some View {
        modifier(_KeyPressModifier(keys: [key], characters: nil, phases: [.down, .repeat], action: { _ in action() }))
    }
    /// Runs `action` for `key` in the given phases.
    public func onKeyPress(_ key: KeyEquivalent, phases: KeyPress.Phases, action: @escaping (KeyPress) -> KeyPress.Result) -> some View {
        modifier(_KeyPressModifier(keys: [key], characters: nil, phases: phases, action: action))
    }
    /// Runs `action` for any of `keys` in the given phases.
    public func onKeyPress(keys: Set<KeyEquivalent>, phases: KeyPress.Phases = [.down, .repeat], action: @escaping (KeyPress) -> KeyPress.Result) -> some View {
        modifier(_KeyPressModifier(keys: keys, characters: nil, phases: phases, action: action))
    }
    /// Runs `action` for every key in the given phases.
    public func onKeyPress(phases: KeyPress.Phases = [.down, .repeat], action: @escaping (KeyPress) -> KeyPress.Result) -> some View {
        modifier(_KeyPressModifier(keys: nil, characters: nil, phases: phases, action: action))
    }
    /// Runs `action` for keys that type one character satisfying `characters` (kiosk's
    /// spelling of SwiftUI's `CharacterSet` form, which needs Foundation: pass a predicate).
    public func onKeyPress(characters: @escaping (Character) -> Bool, phases: KeyPress.Phases = [.down, .repeat], action: @escaping (KeyPress) -> KeyPress.Result) -> some View {
        modifier(_KeyPressModifier(keys: nil, characters: characters, phases: phases, action: action))
    }
}

/// A key and modifiers that trigger a button (`.keyboardShortcut`).
public struct KeyboardShortcut: Hashable, Sendable {
    public var key: KeyEquivalent
    public var modifiers: EventModifiers
    public init(_ key: KeyEquivalent, modifiers: EventModifiers = .command) {
        self.key = key
        self.modifiers = modifiers
    }
    /// Return, no modifiers: the default button.
    public static let defaultAction = KeyboardShortcut(.return, modifiers: [])
    /// Escape, no modifiers: the cancel button.
    public static let cancelAction = KeyboardShortcut(.escape, modifiers: [])

    /// Whether `press` is this shortcut (caps lock and the keypad flag are ignored; a letter
    /// matches either case).
    func matches(_ press: KeyPress) -> Bool {
        guard press.phase == .down else { return false }
        let relevant: EventModifiers = [.shift, .control, .option, .command]
        guard press.modifiers.intersection(relevant) == modifiers.intersection(relevant) else { return false }
        if press.key == key { return true }
        return String(press.key.character).lowercased() == String(key.character).lowercased()
    }
}

/// `.keyboardShortcut` on a Button: the button registers its action under the shortcut.
struct KeyboardShortcutKey: EnvironmentKey { static let defaultValue: KeyboardShortcut? = nil }
extension EnvironmentValues {
    /// The shortcut the enclosing `.keyboardShortcut` gives the buttons inside it.
    var keyboardShortcut: KeyboardShortcut? {
        get { self[KeyboardShortcutKey.self] } set { self[KeyboardShortcutKey.self] = newValue }
    }
}

extension View {
    /// Presses the buttons inside this view when `key` with `modifiers` is typed (on a hardware
    /// keyboard, a keypad, a VNC client). kiosk: the default modifier is none when the key is
    /// Return or Escape (`.defaultAction`, `.cancelAction`), `.command` otherwise, as SwiftUI.
    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> some View {
        environment(\.keyboardShortcut, KeyboardShortcut(key, modifiers: modifiers))
    }
    /// Presses the buttons inside this view when `shortcut` is typed.
    public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> some View {
        environment(\.keyboardShortcut, shortcut)
    }
    /// Presses the buttons inside this view when `shortcut` is typed; nil removes one.
    public func keyboardShortcut(_ shortcut: KeyboardShortcut?) -> some View {
        environment(\.keyboardShortcut, shortcut)
    }
}

/// A button's registration: its shortcut (from the environment) and its focus target, so Tab
/// reaches it and Return or space presses it.
struct _ButtonKeysModifier: BuiltinModifier, LifecycleModifier {
    let action: () -> Void
    /// Keys the control uses itself while focused (a stepper's left and right arrows).
    var keys: ((KeyPress) -> Bool)? = nil
    func appeared(_ node: Node) {
        let target = ButtonFocusTarget(action: action)
        target.keys = keys
        node.modifierState = target
        node.graph.focus.register(element: target, node: node)
        registerShortcut(node)
    }
    func updated(_ node: Node) {
        // The target stays (no allocation per update); only its action is new.
        if let target = node.modifierState as? ButtonFocusTarget {
            target.action = action
            target.keys = keys
        }
        registerShortcut(node)
    }
    func disappeared(_ node: Node) {
        node.graph.focusIfMade?.unregister(shortcutNode: node)
        node.graph.focusIfMade?.unregister(elementNode: node)
    }
    private func registerShortcut(_ node: Node) {
        if let shortcut = node.environment.keyboardShortcut {
            node.graph.focus.register(shortcut: shortcut, action: action, node: node)
        } else if let focus = node.graph.focusIfMade {
            focus.unregister(shortcutNode: node)
        }
    }
}

/// A focused button: Return or space presses it.
final class ButtonFocusTarget: FocusTarget {
    var action: () -> Void
    var keys: ((KeyPress) -> Bool)?
    init(action: @escaping () -> Void) { self.action = action }
    func activate() -> Bool { action(); return true }
    func handleKey(_ press: KeyPress) -> Bool { keys?(press) ?? false }
    var drawsRing: Bool { true }
}

/// Marks views whose touches keep a text field focused (the on-screen keyboard): a tap there
/// is typing, not a tap outside the field.
struct _KeepsTextFocus: BuiltinModifier {}
