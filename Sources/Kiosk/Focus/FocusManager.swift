// FocusManager: which view of a screen has focus, and where keys go. One per graph, made the
// first time something focusable appears.
//
// Truth and its mirrors: the manager's `focusedSerial` is the truth; every `.focused` binding
// mirrors it and is written when focus moves. A binding written by the app (its value no
// longer what the manager last saw) asks for focus: after each update the manager compares
// (`sync`), focusing the view whose binding now matches, or giving focus up when the focused
// view's binding stopped matching.
//
// Keys (`handleKey`): the `onKeyPress` handlers from the focused view outward; then the focused
// view itself (a text field types, a button activates on Return or space); then keyboard
// shortcuts; then navigation: Tab and Shift-Tab (and arrows outside text) move focus in reading
// order, Escape gives it up. With nothing focused, `onKeyPress` handlers get the keys in the
// order their views appeared (a kiosk's keypad has nobody else to talk to), and typed text is
// dropped with one log line.

import Raster

/// Whether the on-screen keyboard shows when a text field takes focus (`keyboard` setting).
public enum OnScreenKeyboardMode: String, Equatable, Sendable, CaseIterable {
    /// When a text field has focus and no hardware keyboard (letter keys, or a barcode scanner,
    /// which looks the same) is attached.
    case auto
    /// Whenever a text field has focus, keyboards or not.
    case always
    /// Never: text comes from hardware keyboards and scanners only.
    case never
}

final class FocusManager: ReadTracked {
    unowned(unsafe) let graph: ViewGraph

    struct Element { let link: NodeLink; var target: any FocusTarget }
    struct BindingEntry { let link: NodeLink; var spec: FocusBindingSpec; var lastMatch: Bool }
    struct KeyHandler { let link: NodeLink; var modifier: _KeyPressModifier }
    struct Shortcut { let link: NodeLink; var shortcut: KeyboardShortcut; var action: () -> Void }

    @exclusivity(unchecked) private var elements: [Int: Element] = [:]
    @exclusivity(unchecked) private var bindings: [Int: BindingEntry] = [:]
    @exclusivity(unchecked) private var keyHandlers: [Int: KeyHandler] = [:]
    @exclusivity(unchecked) private var shortcuts: [Int: Shortcut] = [:]
    @exclusivity(unchecked) private(set) var focusedSerial: Int?
    /// Focus moves in this update (two fields focusing each other from onChange stop here).
    @exclusivity(unchecked) private var movesThisUpdate = 0
    static let maxMovesPerUpdate = 8
    private var warnedDropped = false
    /// How many times typed text with no focused field was logged (once per screen).
    private(set) var droppedTextLogs = 0
    private var warnedLoop = false

    /// The on-screen keyboard's policy and layout (settings `keyboard`, `keyboard-layout`).
    var keyboardMode: OnScreenKeyboardMode = .auto { didSet { if keyboardMode != oldValue { changed() } } }
    var keyboardLayout = "us" { didSet { if keyboardLayout != oldValue { changed() } } }
    /// Hardware letter keys type Hangul under `keyboard-layout = kr` (the 한/영 key, KEY_HANGEUL
    /// or Right Alt, flips it; Latin letters while false). Kept across fields, as a PC's IME.
    var hardwareHangul = true
    var hardwareKeyboardAttached = false { didSet { if hardwareKeyboardAttached != oldValue { needsReveal = true; changed() } } }
    /// The keyboard safe area as last laid out (KeyboardHost.swift): the keyboard's height (0
    /// when hidden) and its top edge, in root coordinates (read by `.ignoresSafeArea(.keyboard)`).
    var keyboardInset: CGFloat = 0
    var keyboardTop: CGFloat = .infinity
    /// A text field took focus: after the next layout, scroll it into view above the keyboard.
    var needsReveal = false

    init(graph: ViewGraph) { self.graph = graph }

    var focusedNode: Node? {
        guard let s = focusedSerial, let n = elements[s]?.link.node, !n.isRemoved else { return nil }
        return n
    }
    var focusedTarget: (any FocusTarget)? {
        guard let s = focusedSerial, let e = elements[s], let n = e.link.node, !n.isRemoved else { return nil }
        return e.target
    }
    /// The focused text field, if focus is on one (read by the keyboard host: records the read).
    var focusedTextField: TextFieldModel? {
        recordRead()
        return focusedTarget?.textInput
    }
    /// Whether the on-screen keyboard should show now (records the read).
    var showsOnScreenKeyboard: Bool {
        recordRead()
        return keyboardShows
    }

    /// `showsOnScreenKeyboard` without recording a read.
    private var keyboardShows: Bool {
        guard focusedTarget?.textInput != nil else { return false }
        switch keyboardMode {
        case .always: return true
        case .never: return false
        case .auto: return !hardwareKeyboardAttached
        }
    }

    private func changed() {
        invalidateReaders()
        graph.needsUpdate = true
        graph.wakeHandler?()
    }

    // MARK: The focus ring

    /// True while focus is shown by a ring: it moved by keyboard navigation (Tab, Shift-Tab, an
    /// arrow, a rotary encoder's detent), as iPadOS and tvOS show it with a hardware keyboard.
    /// A touch anywhere hides it (`touchBegan`); the next navigation key shows it again.
    private(set) var focusVisible = false
    /// The element drawing the ring now (FocusRing.swift), and the ring views that asked.
    private var ringElement: Int?
    private let ringReaders = ReadTracked()

    /// A finger (or the mouse) went down: focus stays where it is, its ring goes.
    func touchBegan() {
        guard focusVisible else { return }
        focusVisible = false
        refreshRing()
    }

    /// Keyboard navigation moved or kept focus: the focused control shows its ring.
    private func showRing() {
        guard !focusVisible else { return }
        focusVisible = true
        refreshRing()
    }

    /// Puts the ring on the focused control (a text field has none: its caret shows focus).
    func refreshRing() {
        let now = focusVisible && focusedTarget?.drawsRing == true ? focusedSerial : nil
        guard now != ringElement else { return }
        ringElement = now
        ringReaders.invalidateReaders()
    }

    /// Whether the ring view evaluated as `node` is inside the control that shows the ring: its
    /// nearest focusable ancestor is that control. Records the read.
    func ringShown(around node: Node) -> Bool {
        ringReaders.recordRead()
        guard let ring = ringElement else { return false }
        var p = node.parent
        var depth = 0
        while let q = p, depth < 32 {
            if elements[q.serial] != nil { return q.serial == ring }
            p = q.parent
            depth += 1
        }
        return false
    }

    // MARK: Registration (lifecycle callbacks of the modifiers)

    func register(element target: any FocusTarget, node: Node) {
        (target as? TextFieldModel)?.graph = graph
        elements[node.serial] = Element(link: node.link, target: target)
    }
    func unregister(elementNode node: Node) {
        guard elements.removeValue(forKey: node.serial) != nil else { return }
        if focusedSerial == node.serial { move(to: nil) }
    }
    func register(binding spec: FocusBindingSpec, node: Node) {
        if var e = bindings[node.serial] {
            e.spec = spec
            bindings[node.serial] = e
        } else {
            bindings[node.serial] = BindingEntry(link: node.link, spec: spec, lastMatch: false)
        }
    }
    func unregister(bindingNode node: Node) { bindings.removeValue(forKey: node.serial) }
    func register(keyHandler modifier: _KeyPressModifier, node: Node) {
        keyHandlers[node.serial] = KeyHandler(link: node.link, modifier: modifier)
    }
    func unregister(keyHandlerNode node: Node) { keyHandlers.removeValue(forKey: node.serial) }
    func register(shortcut: KeyboardShortcut, action: @escaping () -> Void, node: Node) {
        shortcuts[node.serial] = Shortcut(link: node.link, shortcut: shortcut, action: action)
    }
    func unregister(shortcutNode node: Node) { shortcuts.removeValue(forKey: node.serial) }

    // MARK: Moving focus

    /// Focuses the element registered for `target` (a tapped text field).
    func focus(_ target: any FocusTarget) {
        guard let serial = elements.first(where: { $0.value.target === target })?.key else { return }
        move(to: serial)
    }

    /// Gives focus up (a tap outside any field, Escape, the keyboard's hide key).
    func unfocus() { move(to: nil) }

    /// Moves focus and writes every binding to match.
    func move(to serial: Int?) {
        let target = serial.flatMap { s in elements[s].flatMap { e in isFocusable(e) ? s : nil } }
        guard target != focusedSerial else { return }
        movesThisUpdate += 1
        if movesThisUpdate > FocusManager.maxMovesPerUpdate {
            if !warnedLoop {
                warnedLoop = true
                Diagnostics.warn("focus moved more than \(FocusManager.maxMovesPerUpdate) times in one update (views focusing each other from onChange?); it stays where it is until the next input")
            }
            return
        }
        let old = focusedTarget
        focusedSerial = target
        old?.focusChanged(false)
        focusedTarget?.focusChanged(true)
        refreshRing()
        if focusedTarget?.textInput != nil { needsReveal = true }
        writeBindings()
        changed()
    }

    /// Each binding names the focused element (true / its value) or not (false / nil).
    private func writeBindings() {
        let focusedNode = self.focusedNode
        // Which bindings name the focused element (one identity may be shared by many entries).
        var selected = Set<ObjectIdentifier>()
        for key in bindings.keys.sorted() {
            guard let e = bindings[key], let node = e.link.node, !node.isRemoved else { continue }
            if let f = focusedNode, elementSerial(of: node) == f.serial {
                selected.insert(e.spec.identity)
                e.spec.select()
                bindings[key]?.lastMatch = true
            }
        }
        for key in bindings.keys.sorted() {
            guard let e = bindings[key], let node = e.link.node, !node.isRemoved else { continue }
            if !selected.contains(e.spec.identity) { e.spec.clear() }
            bindings[key]?.lastMatch = e.spec.matches()
        }
    }

    /// The element a `.focused` modifier's node stands for: the first focusable view inside it.
    private func elementSerial(of bindingNode: Node) -> Int? {
        if elements[bindingNode.serial] != nil { return bindingNode.serial }
        var best: Int? = nil
        for (serial, e) in elements {
            guard let n = e.link.node, !n.isRemoved, n.depth > bindingNode.depth else { continue }
            var p = n.parent
            while let q = p, q.depth >= bindingNode.depth {
                if q === bindingNode { if best.map({ serial < $0 }) ?? true { best = serial }; break }
                p = q.parent
            }
        }
        return best
    }

    private func isFocusable(_ e: Element) -> Bool {
        guard let n = e.link.node, !n.isRemoved else { return false }
        return n.environment.isEnabled
    }

    /// After each update: drop what is gone, then follow bindings the app wrote.
    func sync() {
        movesThisUpdate = 0
        for (k, e) in elements where e.link.node == nil || e.link.node!.isRemoved { elements.removeValue(forKey: k) }
        for (k, e) in bindings where e.link.node == nil || e.link.node!.isRemoved { bindings.removeValue(forKey: k) }
        for (k, e) in keyHandlers where e.link.node == nil || e.link.node!.isRemoved { keyHandlers.removeValue(forKey: k) }
        for (k, e) in shortcuts where e.link.node == nil || e.link.node!.isRemoved { shortcuts.removeValue(forKey: k) }
        if let s = focusedSerial, elements[s] == nil || !isFocusable(elements[s]!) { move(to: nil) }
        // Most screens bind no focus state (buttons alone register): no sorted key array then,
        // which was an allocation on every update of every screen with a button.
        guard !bindings.isEmpty else { return }
        for key in bindings.keys.sorted() {
            guard let e = bindings[key], let node = e.link.node else { continue }
            let now = e.spec.matches()
            guard now != e.lastMatch else { continue }
            bindings[key]?.lastMatch = now
            let element = elementSerial(of: node)
            if now {
                if let element, element != focusedSerial { move(to: element) }
            } else if let element, element == focusedSerial {
                move(to: nil)
            }
        }
    }

    /// Focusable views in reading order (top to bottom, then left to right).
    private func navigationOrder() -> [Int] {
        elements.compactMap { (serial, e) -> (Int, CGRect)? in
            guard isFocusable(e), let n = e.link.node else { return nil }
            let frame = FocusManager.frame(of: n)
            guard frame.width > 0 || frame.height > 0 else { return nil }
            return (serial, frame)
        }
        .sorted { a, b in
            let ay = a.1.minY.rounded(), by = b.1.minY.rounded()
            if ay != by { return ay < by }
            if a.1.minX != b.1.minX { return a.1.minX < b.1.minX }
            return a.0 < b.0
        }
        .map(\.0)
    }

    /// A node's frame: its own when it is laid out, else its laid-out descendants' union (a
    /// modifier node has no frame of its own).
    static func frame(of node: Node, depth: Int = 0) -> CGRect {
        if node.layout != nil || depth > 32 { return node.frame }
        var r = CGRect.null
        for c in node.children where !c.isRemoved {
            let f = frame(of: c, depth: depth + 1)
            if !f.isNull && (f.width > 0 || f.height > 0) { r = r.union(f) }
        }
        return r.isNull ? .zero : r
    }

    /// Moves focus `step` places along the reading order (wrapping).
    func advance(_ step: Int) {
        let order = navigationOrder()
        guard !order.isEmpty else { return }
        if let s = focusedSerial, let i = order.firstIndex(of: s) {
            move(to: order[((i + step) % order.count + order.count) % order.count])
        } else {
            move(to: step >= 0 ? order.first : order.last)
        }
    }

    // MARK: Keys

    /// Delivers one key; true when something used it.
    @discardableResult
    func handleKey(_ press: KeyPress) -> Bool {
        // 1. onKeyPress, from the focused view outward (or, with no focus, every handler).
        if let start = focusedNode {
            var node: Node? = start
            while let n = node {
                if let h = keyHandlers[n.serial], h.modifier.accepts(press), h.modifier.action(press) == .handled { return true }
                node = n.parent
            }
        } else {
            for key in keyHandlers.keys.sorted() {
                guard let h = keyHandlers[key], let n = h.link.node, !n.isRemoved, n.environment.isEnabled else { continue }
                if h.modifier.accepts(press), h.modifier.action(press) == .handled { return true }
            }
        }
        // 2. The focused view's own use.
        if let t = focusedTarget, t.handleKey(press) { return true }
        guard press.phase != .up else { return false }
        // The 한/영 key switches hardware typing between Hangul and Latin (a Korean layout only;
        // a focused field took it above, committing its syllable first).
        if press.key == .hangulToggle {
            guard press.phase == .down, KeyboardLanguage(named: keyboardLayout) == .kr else { return false }
            hardwareHangul.toggle()
            return true
        }
        // 3. Keyboard shortcuts.
        for key in shortcuts.keys.sorted() {
            guard let s = shortcuts[key], let n = s.link.node, !n.isRemoved, n.environment.isEnabled,
                  s.shortcut.matches(press) else { continue }
            s.action()
            return true
        }
        // 4. Navigation.
        let inText = focusedTarget?.textInput != nil
        switch press.key {
        case .tab:
            showRing()
            advance(press.modifiers.contains(.shift) ? -1 : 1)
            return true
        case .downArrow where !inText, .rightArrow where !inText:
            showRing()
            advance(1); return true
        case .upArrow where !inText, .leftArrow where !inText:
            showRing()
            advance(-1); return true
        case .escape:
            guard focusedSerial != nil else { return false }
            move(to: nil)
            return true
        case .return, .space:
            if let t = focusedTarget, t.activate() { return true }
        default:
            break
        }
        if focusedSerial == nil, !press.characters.isEmpty, !warnedDropped {
            warnedDropped = true
            droppedTextLogs += 1
            Log.info("keys: typed text with no focused field is dropped (a scanner scanning before a field has focus?); this is logged once")
        }
        return false
    }
}

/// A view that can take focus: what the manager asks of it.
protocol FocusTarget: AnyObject {
    /// Told when the view takes or loses focus.
    func focusChanged(_ focused: Bool)
    /// A key its `onKeyPress` handlers left: typing for a text field, Return or space for a
    /// button. True: used.
    func handleKey(_ press: KeyPress) -> Bool
    /// The text field model, when this is one.
    var textInput: TextFieldModel? { get }
    /// Runs the view's action (Return/space on a focused button); true when it has one.
    func activate() -> Bool
    /// Whether the view draws a focus ring while focus is shown by keyboard navigation.
    var drawsRing: Bool { get }
}

extension FocusTarget {
    func focusChanged(_ focused: Bool) {}
    func handleKey(_ press: KeyPress) -> Bool { false }
    var textInput: TextFieldModel? { nil }
    func activate() -> Bool { false }
    var drawsRing: Bool { false }
}

extension ViewGraph {
    /// The screen's focus manager (made on first use).
    var focus: FocusManager {
        if let f = focusIfMade { return f }
        let f = FocusManager(graph: self)
        focusIfMade = f
        return f
    }
}
