// OnScreenKeyboard: the keyboard kiosk draws inside the app's frame when a text field takes focus
// and no hardware keyboard is attached (issue 35). It draws iOS's light keyboard with the
// engine's own views, at the width it is given, and sends what the keys mean to the focused
// field as `KeyboardAction`s: characters as `.insert`, the Hangul syllable being composed as
// `.mark`, `.deleteBackward`, `.submit` (return) and `.dismiss` (the hide key).
//
// Touch, as iOS: one drag gesture over the whole keyboard follows the finger; the key under it
// shows pressed (letter keys pop up their bubble), a finger that slides to another key types
// that key when it lifts, delete deletes at touch down and repeats while held (after 0.5 s, every
// 0.1 s, on the screen's clock), shift applies to one letter and a double tap locks it.
//
// Cheap to press: the keys read only page, shift and language; the pressed key is a
// @GestureState read only by the press layer, so a press re-evaluates that layer and its bubble,
// and damages the bubble's rectangle (OnScreenKeyboardTests.pressCost holds the bound).

import Raster

/// The on-screen keyboard (internal: the focus system mounts it).
///
/// ```swift
/// OnScreenKeyboard(layout: "kr", keyboardType: .default, submitLabel: .done, isMultiline: false) { action in
///     field.apply(action)
/// }
/// ```
struct OnScreenKeyboard: View {
    let language: KeyboardLanguage
    let keyboardType: UIKeyboardType
    let submitLabel: SubmitLabel
    let isMultiline: Bool
    let send: (KeyboardAction) -> Void
    /// Whether the field wants a capital next (its autocapitalization; TextFieldModel.wantsCapital).
    let wantsCapital: () -> Bool

    @State private var state: KeyboardState
    @GestureState private var touch: TouchedKey? = nil

    /// A keyboard with the letters of `layout` (xkb's names: "us", "de", "fr", "kr"; others give
    /// US English) for a field asking for `keyboardType`; the return key is labelled from
    /// `submitLabel` ("return" in a multi-line field, where it types a newline).
    /// `wantsCapital` is asked when the keyboard appears and after each key that edits: shift
    /// turns on for one letter where it says so (autocapitalization, as iOS's keyboard).
    init(layout: String, keyboardType: UIKeyboardType, submitLabel: SubmitLabel, isMultiline: Bool,
         wantsCapital: @escaping () -> Bool = { false }, send: @escaping (KeyboardAction) -> Void) {
        language = KeyboardLanguage(named: layout)
        self.keyboardType = keyboardType
        self.submitLabel = submitLabel
        self.isMultiline = isMultiline
        self.send = send
        self.wantsCapital = wantsCapital
        let state = KeyboardState()
        state.autoShift(wantsCapital(), config: state.configuration(language: language, type: keyboardType))
        _state = State(initialValue: state)
    }

    /// The keyboard's height at `width` (what the host lifts the focused field above). Every
    /// layout and type has four rows, so only the width matters (KeyboardGeometry.swift); 0 for
    /// a width that is not positive.
    static func height(forWidth width: CGFloat, layout: String, type: UIKeyboardType) -> CGFloat {
        KeyboardMetrics(width: width).height
    }

    var body: some View {
        GeometryReader { proxy in
            keyboard(width: proxy.size.width)
        }
        .modifier(KeyboardSizing())
    }

    private func keyboard(width: CGFloat) -> some View {
        let m = KeyboardMetrics(width: width)
        let config = state.configuration(language: language, type: keyboardType)
        let placed = KeyboardGeometry.keys(config, width: m.width)
        let shift = state.shift
        let returnCaption = isMultiline ? SubmitLabel.return.keyCaption : submitLabel.keyCaption
        let looks = placed.map { OnScreenKeyboard.look(of: $0.key, config: config, shift: shift, returnCaption: returnCaption) }
        let touch = $touch, send = send, state = state, wantsCapital = wantsCapital
        return ZStack(alignment: .topLeading) {
            KeyboardColors.background.frame(width: m.width, height: m.height)
            ForEach(0..<placed.count) { i in
                KeyCap(caption: looks[i].caption, face: looks[i].face, keyHeight: m.keyHeight)
                    .equatable()
                    .frame(width: placed[i].frame.width, height: placed[i].frame.height)
                    .offset(x: placed[i].frame.minX, y: placed[i].frame.minY)
            }
            KeyPressLayer(touched: { touch.wrappedValue }, keys: placed, looks: looks, metrics: m)
        }
        .frame(width: m.width, height: m.height, alignment: .topLeading)
        .contentShape(Rectangle())
        .gesture(DragGesture(minimumDistance: 0)
            .updating(touch) { value, current, _ in
                if current == nil { state.touchSerial += 1 }
                let index = KeyboardGeometry.key(at: value.location, in: placed, gap: m.gap) ?? -1
                let now = TouchedKey(index: index, serial: state.touchSerial)
                if now != current, index >= 0, placed[index].key.kind == .delete {
                    for a in state.deletePressed() { send(a) }
                    state.autoShift(wantsCapital(), config: config)
                    OnScreenKeyboard.repeatDelete(now, touch: touch, state: state, send: send, after: KeyboardState.repeatDelay)
                }
                current = now
            }
            .onEnded { value in
                state.cancelRepeat()
                guard let i = KeyboardGeometry.key(at: value.location, in: placed, gap: m.gap),
                      placed[i].key.kind != .delete else { return }
                let time = value.time.timeIntervalSinceReferenceDate
                for a in state.lifted(placed[i].key, config: config, time: time) { send(a) }
                switch placed[i].key.kind {
                case .character, .space, .returnKey: state.autoShift(wantsCapital(), config: config)
                default: break
                }
            })
    }

    /// Deletes again after `delay` while the same touch is still on the same delete key.
    private static func repeatDelete(_ pressed: TouchedKey, touch: GestureState<TouchedKey?>, state: KeyboardState,
                                     send: @escaping (KeyboardAction) -> Void, after delay: Double) {
        state.cancelRepeat()
        let entry = GraphClock.scheduleOnCurrent(after: delay, .block {
            state.repeatClock = nil
            guard touch.wrappedValue == pressed else { return }
            for a in state.deletePressed() { send(a) }
            repeatDelete(pressed, touch: touch, state: state, send: send, after: KeyboardState.repeatInterval)
        })
        state.repeatClock = entry?.clock
        state.repeatEntry = entry?.seq ?? -1
    }

    /// A key's caption, face, and whether it pops up a bubble when pressed.
    struct Look: Equatable {
        var caption: KeyCaption
        var face: KeyFace
        var popsUp: Bool
    }

    static func look(of key: KeyboardKey, config: KeyboardConfiguration, shift: ShiftState, returnCaption: String) -> Look {
        switch key.kind {
        case .character(let s, let shifted):
            if config.pad != nil, s.first?.isNumber == true {
                return Look(caption: .digit(s, letters: key.subtitle), face: .white, popsUp: false)
            }
            return Look(caption: .text(shift == .off ? s : shifted), face: .white, popsUp: config.pad == nil)
        case .space:
            return Look(caption: .text(spaceCaption(config.letters)), face: .white, popsUp: false)
        case .shift:
            let symbol = shift == .off ? "shift" : shift == .once ? "shift.fill" : "capslock.fill"
            return Look(caption: .symbol(symbol), face: shift == .off ? .grey : .white, popsUp: false)
        case .delete: return Look(caption: .symbol("delete.left"), face: .grey, popsUp: false)
        case .returnKey:
            return Look(caption: .text(returnCaption), face: returnCaption == SubmitLabel.return.keyCaption ? .grey : .blue, popsUp: false)
        case .hide: return Look(caption: .symbol("keyboard.chevron.compact.down"), face: .grey, popsUp: false)
        case .globe: return Look(caption: .symbol("globe"), face: .grey, popsUp: false)
        case .page(_, let caption): return Look(caption: .text(caption), face: .grey, popsUp: false)
        case .gap, .covered: return Look(caption: .none, face: .grey, popsUp: false)
        }
    }

    /// The space bar's caption in the language of the letters, as iOS labels it.
    static func spaceCaption(_ language: KeyboardLanguage) -> String {
        switch language {
        case .us: "space"
        case .de: "Leerzeichen"
        case .fr: "espace"
        case .kr: "스페이스"
        }
    }
}

extension OnScreenKeyboard: Equatable {
    /// Compares what the keys show, not `send` (closures cannot be compared). The graph skips an
    /// equatable child whose value is unchanged, so when the host's body re-evaluates (each
    /// keystroke changes the field's text) the keyboard is not re-evaluated: 5 nodes instead of 90
    /// (OnScreenKeyboardTests.keystrokeInsideAHost). The kept value keeps its first `send`, so
    /// `send` must reach the field through something that outlives one body evaluation (a
    /// @State's or @Binding's storage, an object), not a value captured at that evaluation.
    static func == (a: OnScreenKeyboard, b: OnScreenKeyboard) -> Bool {
        a.language == b.language && a.keyboardType == b.keyboardType && a.submitLabel == b.submitLabel
            && a.isMultiline == b.isMultiline
    }
}

/// The pressed key drawn over the keys: a letter key's bubble, or a function key in its pressed
/// face. The only part of the keyboard that reads the touch.
struct KeyPressLayer: View {
    let touched: () -> TouchedKey?
    let keys: [PlacedKey]
    let looks: [OnScreenKeyboard.Look]
    let metrics: KeyboardMetrics

    var body: some View {
        if let t = touched(), t.index >= 0, t.index < keys.count, t.index < looks.count {
            let frame = keys[t.index].frame, look = looks[t.index]
            if look.popsUp {
                let g = KeyPopupGeometry(key: frame, keyboardWidth: metrics.width)
                KeyPopup(caption: look.caption, geometry: g, keyHeight: metrics.keyHeight)
                    .frame(width: g.frame.width, height: g.frame.height)
                    .offset(x: g.frame.minX, y: g.frame.minY)
            } else {
                KeyCap(caption: look.caption, face: look.face.pressed, keyHeight: metrics.keyHeight)
                    .frame(width: frame.width, height: frame.height)
                    .offset(x: frame.minX, y: frame.minY)
            }
        }
    }
}

/// Sizes the keyboard: the width offered (375 when none is), and the height that width gives.
struct KeyboardSizing: BuiltinModifier, LayoutBehavior {
    static func width(_ proposal: ProposedViewSize) -> CGFloat {
        guard let w = proposal.width, w.isFinite else { return 375 }
        return max(0, w)
    }
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let w = KeyboardSizing.width(proposal)
        return CGSize(width: w, height: KeyboardMetrics(width: w).height)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let items = node.layoutItems
        _ = pass.size(of: items, ProposedViewSize(bounds.size))
        if items.count == 1 { pass.place(items[0], in: bounds) } else { pass.place(items: items, in: bounds) }
    }
}
