// TextFieldModel: a text field's editing state between frames — the text, caret, selection and
// marked text (TextEditingState), whether it has focus and its caret blink, and the caret
// geometry its last layout measured (so a tap maps to a grapheme boundary). The field's view
// reads it (recording the read) and re-evaluates when it changes; every edit writes the text to
// the binding at once, as iOS does on every keystroke.

import Raster

final class TextFieldModel: ReadTracked, FocusTarget {
    private(set) var editing = TextEditingState()
    /// The binding's value as last seen or written: a different value means code wrote it.
    private var lastBound: String?
    var binding: Binding<String>?
    var isSecure = false
    var isMultiline = false
    var keyboardType = UIKeyboardType.default
    var submitLabel = SubmitLabel.return
    var autocapitalization = TextInputAutocapitalization.sentences
    var submitActions: [() -> Void] = []
    var onEditingChanged: ((Bool) -> Void)?
    /// A formatted field's text being edited (nil: it shows the formatted value).
    var formattedText: String?
    /// The screen (set when the field registers with the focus manager).
    weak var graph: ViewGraph?

    private(set) var isFocused = false
    private(set) var caretVisible = true
    private var blinkToken = 0
    /// iOS's caret blink: shown and hidden half a second each; solid while typing.
    static let blinkInterval = 0.5
    private var warnedLong = false
    /// Hangul typed on a hardware keyboard with `keyboard-layout = kr` (the 2-set automaton the
    /// on-screen keyboard uses): the syllable being built, shown as marked text.
    private var hangul = HangulComposer()

    // Written by the field's layout and recording (EditableText).
    var geometry = CaretGeometry.empty
    var textWidth: CGFloat = 0
    var scroll = CGPoint.zero
    var frame = CGRect.zero
    var deviceTransform = Affine.identity

    /// Adopts the binding's value when code changed it: the text is replaced and the caret goes
    /// to the end.
    func adopt(_ text: String) {
        guard text != lastBound else { return }
        lastBound = text
        if text != editing.text {
            editing.reset(to: text)
            if text.count > TextEditingState.maxLength && !warnedLong {
                warnedLong = true
                Diagnostics.warn("TextField: the bound text has \(text.count) characters; the field shows and edits the first \(TextEditingState.maxLength) (an edit writes the shortened text back)")
            }
        }
    }

    /// What the view draws (records the read, so edits re-evaluate the field).
    var state: (editing: TextEditingState, focused: Bool, caretShown: Bool) {
        recordRead()
        return (editing, isFocused, isFocused && caretVisible)
    }

    /// Whether the on-screen keyboard turns shift on for the next letter (the field's
    /// autocapitalization and the text before the caret, or before a selection).
    var wantsCapital: Bool {
        let start = editing.selection.lowerBound
        return autocapitalization.wantsCapital(after: editing.characters[..<min(start, editing.count)])
    }

    // MARK: Edits

    private func edited() {
        let t = editing.text
        lastBound = t
        if let binding, binding.wrappedValue != t { binding.wrappedValue = t }
        restartBlink()
        invalidateReaders()
    }

    func insert(_ s: String) {
        let clean = TextEditingState.sanitized(s, multiline: isMultiline)
        guard !clean.isEmpty else { return }
        editing.insert(clean)
        edited()
    }

    func apply(_ action: KeyboardAction) {
        switch action {
        case .insert(let s):
            if s == "\n" && !isMultiline { submit(); return }
            insert(s)
        case .mark(let s):
            editing.setMarked(TextEditingState.sanitized(s, multiline: false))
            edited()
        case .deleteBackward:
            editing.deleteBackward()
            edited()
        case .submit:
            if isMultiline { insert("\n") } else { submit() }
        case .dismiss:
            editing.unmark()
            graph?.focusIfMade?.unfocus()
        }
    }

    /// Return in a one-line field: the keyboard closes (focus leaves), then `onSubmit` runs
    /// (so it may focus the next field).
    func submit() {
        editing.unmark()
        graph?.focusIfMade?.unfocus()
        for action in submitActions { action() }
    }

    // MARK: FocusTarget

    var textInput: TextFieldModel? { self }

    func focusChanged(_ focused: Bool) {
        let was = isFocused
        isFocused = focused
        if was != focused { onEditingChanged?(focused) }
        if !focused { editing.unmark(); editing.moveCaret(to: editing.caret) }
        hangul.reset()
        restartBlink()
        invalidateReaders()
    }

    func handleKey(_ press: KeyPress) -> Bool {
        guard press.phase != .up else { return false }
        let m = press.modifiers
        if m.contains(.control) || m.contains(.command) {
            if String(press.key.character).lowercased() == "a" { editing.selectAll(); changedSelection(); return true }
            return false
        }
        if let handled = composeHangul(press) { return handled }
        switch press.key {
        case .delete: editing.deleteBackward(); edited()
        case .deleteForward: editing.deleteForward(); edited()
        case .leftArrow: editing.moveLeft(); changedSelection()
        case .rightArrow: editing.moveRight(); changedSelection()
        case .home: editing.moveCaret(to: 0); changedSelection()
        case .end: editing.moveCaret(to: editing.count); changedSelection()
        case .upArrow, .downArrow:
            guard isMultiline else { return false }
            moveLine(press.key == .upArrow ? -1 : 1)
        case .return:
            if isMultiline { insert("\n") } else { submit() }
        case .tab, .escape:
            return false
        default:
            guard !press.characters.isEmpty else { return false }
            insert(press.characters)
        }
        return true
    }

    // MARK: Hangul from hardware keys

    /// True when hardware letter keys compose Hangul: the `keyboard-layout` setting is Korean and
    /// the field takes Korean letters (the on-screen keyboard's rule: not URL, email, ASCII or
    /// pad fields; not secure fields, whose keyboards are Latin on iOS).
    private var composesHangul: Bool {
        guard !isSecure, let focus = graph?.focusIfMade, focus.hardwareHangul,
              KeyboardLanguage(named: focus.keyboardLayout) == .kr else { return false }
        switch keyboardType {
        case .default, .namePhonePad, .twitter, .webSearch: return true
        default: return false
        }
    }

    /// A hardware key while `keyboard-layout = kr`: a letter key types its 2-set jamo through
    /// `HangulComposer` (the syllable being built is marked text), backspace takes the syllable
    /// apart jamo by jamo, and any other key first commits the syllable, then does what it does
    /// (returns nil: the caller handles it). Returns whether the key was used.
    private func composeHangul(_ press: KeyPress) -> Bool? {
        let composing = hangul.isComposing
        if press.key == .hangulToggle {
            // 한/영: the syllable being built is committed; the focus manager flips the mode.
            if composing { applyComposed(hangul.commit()) }
            return false
        }
        guard composing || composesHangul else { return nil }
        if composesHangul, press.characters.count == 1, let c = press.characters.first,
           HangulComposer.jamo(forKey: c) != nil {
            applyComposed(hangul.input(key: c))
            return true
        }
        guard composing else { return nil }
        if press.key == .delete {
            applyComposed(hangul.deleteBackward())
            return true
        }
        // Anything else ends the syllable: it becomes ordinary text, then the key acts.
        applyComposed(hangul.commit())
        return nil
    }

    private func applyComposed(_ actions: [KeyboardAction]) {
        for action in actions {
            switch action {
            case .mark(let s): editing.setMarked(TextEditingState.sanitized(s, multiline: false))
            case .insert(let s): editing.unmark(); editing.insert(s)
            case .deleteBackward: editing.deleteBackward()
            case .submit, .dismiss: apply(action)
            }
        }
        edited()
    }

    private func changedSelection() {
        hangul.reset()
        restartBlink()
        invalidateReaders()
    }

    private func moveLine(_ step: Int) {
        let p = geometry.point(editing.caret)
        let target = CGPoint(x: p.x, y: p.y + CGFloat(step) * geometry.lineHeight + geometry.lineHeight / 2)
        editing.moveCaret(to: target.y < 0 ? 0 : geometry.offset(nearest: target))
        changedSelection()
    }

    // MARK: Touch

    /// A tap at a screen point: focus, then the caret at the nearest grapheme boundary (a second
    /// tap selects the word, a third everything).
    func tapped(atScreen p: CGPoint, count: Int) {
        if !isFocused { graph?.focus.focus(self) }
        let offset = offset(atScreen: p)
        switch count {
        case 2: editing.selectWord(at: offset)
        case 3...: editing.selectAll()
        default: editing.moveCaret(to: offset)
        }
        changedSelection()
    }

    /// A drag on the focused field moves the caret with the finger.
    func dragged(toScreen p: CGPoint) {
        guard isFocused else { return }
        editing.moveCaret(to: offset(atScreen: p))
        changedSelection()
    }

    /// A long press selects the word under the finger.
    func longPressed(atScreen p: CGPoint) {
        if !isFocused { graph?.focus.focus(self) }
        editing.selectWord(at: offset(atScreen: p))
        changedSelection()
    }

    private func offset(atScreen p: CGPoint) -> Int {
        var q = Raster.Point(p)
        if let inverse = deviceTransform.inverted() { q = inverse.apply(q) }
        let local = CGPoint(x: CGFloat(q.x) - frame.minX + scroll.x, y: CGFloat(q.y) - frame.minY + scroll.y)
        return geometry.offset(nearest: local)
    }

    // MARK: Blink

    /// The pending blink on the screen's clock. Each edit restarts the blink and cancels it: left
    /// there, the blinks scheduled by the keys of the last half second each woke the screen for
    /// an empty frame after typing stopped (the typing benchmark's 19 "caret-blink" frames in
    /// 3 s instead of 6).
    private var blinkEntry = -1

    private func restartBlink() {
        caretVisible = true
        blinkToken &+= 1
        graph?.clock.cancel(blinkEntry)
        blinkEntry = -1
        guard isFocused, let graph else { return }
        let token = blinkToken
        blinkEntry = graph.clock.schedule(after: TextFieldModel.blinkInterval, .block { [weak self] in self?.blink(token) })
    }

    private func blink(_ token: Int) {
        guard token == blinkToken, isFocused, let graph else { return }
        caretVisible.toggle()
        invalidateReaders()
        blinkEntry = graph.clock.schedule(after: TextFieldModel.blinkInterval, .block { [weak self] in self?.blink(token) })
    }
}
