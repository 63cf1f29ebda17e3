// KeyboardHost: mounts the on-screen keyboard (issue 35) and gives the app the keyboard safe area.
//
// The graph's root `_PresentationRoot` has three children (PresentationLayer.swift):
//   0. `_KeyboardAvoidingRoot` around the app's view: it lays the app out in the screen minus the
//      keyboard's height while the keyboard shows (SwiftUI's keyboard avoidance), with the
//      keyboard's animation, so the app's frames glide up and down with it;
//   1. `_PresentationOverlay` (sheets, alerts, menus);
//   2. `_KeyboardHost`: the keyboard itself, placed by RootRenderer over the whole screen after
//      the overlay, so it is drawn above the app and above presentations (a sheet's field gets
//      it too) and its keys take touches first. Its only child, while a text field has focus and
//      `FocusManager.showsOnScreenKeyboard` says so, is the keyboard at the screen's bottom.
//
// The keyboard slides in from the bottom and out when focus leaves (a `.move(edge: .bottom)`
// transition with its own animation, `KeyboardAnimation.curve`). Moving focus from one field to
// another keeps the keyboard in place and only rebuilds its keys (`.id(field)`: shift, page and
// Hangul composition start afresh per field, as on iOS).
//
// Keys reach the field through the focus manager (one per screen, it outlives every body
// evaluation): `OnScreenKeyboard` is Equatable ignoring its `send`, so a closure capturing the
// field of one evaluation would keep typing into that field.

import Raster

/// The on-screen keyboard's slide (kiosk's approximation of UIKit's keyboard animation).
enum KeyboardAnimation {
    /// UIKit animates the keyboard over 0.25 s (`UIKeyboardAnimationDurationUserInfoKey`) on its
    /// private curve 7, which is a spring; kiosk uses the cubic Bézier commonly fitted to that
    /// curve, (0.38, 0.7) (0.125, 1), for 0.25 s: a fast start that settles without overshoot.
    /// Not measured against a device.
    static let curve = Animation.timingCurve(0.38, 0.7, 0.125, 1, duration: 0.25)
}

/// The app's view, laid out above the keyboard while it shows.
struct _KeyboardAvoidingRoot: View, PrimitiveView {
    let content: any View
    var body: Never { bodyNeverCalled("_KeyboardAvoidingRoot") }

    func makeChildren(_ list: inout ChildList) {
        let shown = ViewGraph.currentReader?.graph.focus.showsOnScreenKeyboard ?? false
        func open<V: View>(_ v: V) {
            list.append(v.modifier(_KeyboardSafeArea(keyboardShown: shown))
                .animation(KeyboardAnimation.curve, value: shown), key: 0)
        }
        open(content)
    }
}

/// Lays its content out in its bounds minus the keyboard's height (0 when the keyboard is
/// hidden), centred there as the root view is; records where the keyboard's top is for
/// `.ignoresSafeArea(.keyboard)`.
struct _KeyboardSafeArea: UnaryViewModifier, LayoutBehavior {
    let keyboardShown: Bool

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let inset = keyboardShown ? min(bounds.height, OnScreenKeyboard.height(forWidth: bounds.width, layout: "", type: .default)) : 0
        let focus = node.graph.focus
        focus.keyboardInset = inset
        focus.keyboardTop = bounds.maxY - inset
        var region = bounds
        region.size.height -= inset
        let items = node.layoutItems
        _ = pass.size(of: items, ProposedViewSize(region.size))
        pass.place(items: items, in: region)
    }
}

/// One keyboard to show: what its keys look like for the focused field.
struct _KeyboardPanel: View {
    /// The ForEach identity: one panel at a time, kept while focus moves between fields.
    let slot = 0
    let field: ObjectIdentifier
    let layout: String
    let keyboardType: UIKeyboardType
    let submitLabel: SubmitLabel
    let isMultiline: Bool
    weak var focus: FocusManager?

    var body: some View {
        let focus = self.focus
        OnScreenKeyboard(layout: layout, keyboardType: keyboardType, submitLabel: submitLabel, isMultiline: isMultiline,
                         wantsCapital: { focus?.focusedTarget?.textInput?.wantsCapital ?? false }) { action in
            focus?.focusedTarget?.textInput?.apply(action)
        }
        .id(field)
        .modifier(_KeepsTextFocus())
    }
}

/// The keyboard's place on the screen: over everything, its one child at the bottom.
struct _KeyboardHost: View, PrimitiveView, LayoutBehavior, Equatable {
    var body: Never { bodyNeverCalled("_KeyboardHost") }
    var layoutBehavior: (any LayoutBehavior)? { self }
    static func == (a: Self, b: Self) -> Bool { true }

    func makeChildren(_ list: inout ChildList) {
        var panels: [_KeyboardPanel] = []
        if let node = ViewGraph.currentReader {
            let focus = node.graph.focus
            if focus.showsOnScreenKeyboard, let field = focus.focusedTextField {
                panels.append(_KeyboardPanel(field: ObjectIdentifier(field), layout: focus.keyboardLayout,
                                             keyboardType: field.keyboardType, submitLabel: field.submitLabel,
                                             isMultiline: field.isMultiline, focus: focus))
            }
        }
        list.append(ForEach(panels, id: \.slot) { panel in
            panel.transition(AnyTransition.move(edge: .bottom).animation(KeyboardAnimation.curve))
        }, key: 0)
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    /// The keyboard spans the screen's width at the bottom, as tall as that width makes it.
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let h = min(bounds.height, OnScreenKeyboard.height(forWidth: bounds.width, layout: "", type: .default))
        let rect = CGRect(x: bounds.minX, y: bounds.maxY - h, width: bounds.width, height: h)
        for item in node.layoutItems {
            _ = pass.size(item, ProposedViewSize(rect.size))
            pass.place(item, in: rect)
        }
    }
}

extension FocusManager {
    /// Scrolls the focused field into view above the keyboard when it just took focus (or the
    /// keyboard just appeared): the innermost scroll view around it scrolls the least amount that
    /// shows it, with the keyboard's animation. Called by the renderer after layout.
    func revealFocusedFieldIfNeeded() {
        guard needsReveal else { return }
        needsReveal = false
        guard let node = focusedNode, focusedTarget?.textInput != nil else { return }
        let frame = node.layout != nil ? node.layoutFrame : FocusManager.layoutFrame(of: node)
        guard frame.width > 0 || frame.height > 0 else { return }
        var n = node.parent
        while let p = n {
            if let box = p.modifierState as? ScrollBox, p.primitive is any NodeGestureSource {
                box.scroll(toShow: frame, anchor: nil, transaction: Transaction(animation: KeyboardAnimation.curve))
                return
            }
            n = p.parent
        }
    }

    /// A node's model frame: its own, or its laid-out descendants' union.
    static func layoutFrame(of node: Node, depth: Int = 0) -> CGRect {
        if node.layout != nil || depth > 32 { return node.layoutFrame }
        var r = CGRect.null
        for c in node.children where !c.isRemoved {
            let f = layoutFrame(of: c, depth: depth + 1)
            if !f.isNull && (f.width > 0 || f.height > 0) { r = r.union(f) }
        }
        return r.isNull ? .zero : r
    }
}

extension RootRenderer {
    /// When the on-screen keyboard shows (the `keyboard` setting; `.auto` hides it while a
    /// hardware keyboard is attached).
    var onScreenKeyboard: OnScreenKeyboardMode {
        get { graph.focusIfMade?.keyboardMode ?? .auto }
        set { graph.focus.keyboardMode = newValue }
    }
    /// The on-screen keyboard's letters (the `keyboard-layout` setting: "us", "de", "fr", "kr").
    var keyboardLayout: String {
        get { graph.focusIfMade?.keyboardLayout ?? "us" }
        set { graph.focus.keyboardLayout = newValue }
    }
}

extension HeadlessHost {
    /// When the on-screen keyboard shows (the `keyboard` setting), as `--keyboard` sets it.
    public var onScreenKeyboard: OnScreenKeyboardMode {
        get { HeadlessHost.onMainQueue { renderer.onScreenKeyboard } }
        set { HeadlessHost.onMainQueue { renderer.onScreenKeyboard = newValue } }
    }
    /// The on-screen keyboard's layout (the `keyboard-layout` setting: "us", "de", "fr", "kr").
    public var keyboardLayout: String {
        get { HeadlessHost.onMainQueue { renderer.keyboardLayout } }
        set { HeadlessHost.onMainQueue { renderer.keyboardLayout = newValue } }
    }
}
