// Button and Divider: the two controls nearly every screen uses. A Button draws through the
// button style in its environment (ButtonStyle.swift): by default SwiftUI's iOS look — the label
// in the tint colour (unless a foreground style is set), grey when disabled, faded while pressed,
// the whole label rectangle tappable. Pressing is tracked by the touch router: down on the button
// presses it, leaving it (beyond a 20-point margin) releases it, lifting on it runs the action.

import Raster

/// A control that runs an action when tapped.
///
/// ```swift
/// Button("Buy ticket") { model.buy() }
/// Button(role: .destructive, action: delete) { Label("Delete", systemImage: "trash") }
/// Button("Next", action: next).buttonStyle(.borderedProminent).tint(.green)
/// ```
public struct Button<Label: View>: View {
    let action: () -> Void
    let label: Label
    let role: ButtonRole?
    @Environment(\.buttonStyle) private var style

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
        role = nil
    }

    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
        self.role = role
    }

    public var body: some View {
        (style ?? AnyButtonStyle(primitive: DefaultButtonStyle())).makeButton(
            ButtonInput(label: ButtonStyleConfiguration.Label(content: AnyView(label)), role: role, action: action))
            // The ring while it has focus by keyboard (Focus/FocusRing.swift).
            ._focusRing(.rounded(8))
            // Tab reaches it, Return or space presses it, `.keyboardShortcut` names a key for it.
            .modifier(_ButtonKeysModifier(action: action))
    }
}

extension Button where Label == Text {
    /// A button with a text label.
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

extension Button where Label == Kiosk.Label<Text, Image> {
    /// A button whose label is a title and a symbol (`Label(title, systemImage:)`).
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping () -> Void) {
        self.init(action: action) { Kiosk.Label(title, systemImage: systemImage) }
    }
    public init<S: StringProtocol>(_ title: S, systemImage: String, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Kiosk.Label(title, systemImage: systemImage) }
    }
}

/// What a button means: a destructive one draws in red; cancel is accepted (kiosk has no
/// dialogs to place it in).
public struct ButtonRole: Hashable, Sendable {
    let kind: Int
    public static let destructive = ButtonRole(kind: 1)
    public static let cancel = ButtonRole(kind: 2)
}

/// A thin line separating content: horizontal in a VStack, vertical in an HStack.
public struct Divider: View, PrimitiveView, LayoutBehavior {
    public init() {}
    public var body: Never { bodyNeverCalled("Divider") }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        if pass.stackAxis == .horizontal { return CGSize(width: 1, height: proposal.height ?? 0) }
        return CGSize(width: proposal.width ?? 0, height: 1)
    }
    func render(node: Node, pass: RenderPass) {
        let separator = Color(light: .init(r: 60 / 255, g: 60 / 255, b: 67 / 255, a: 0.29),
                              dark: .init(r: 84 / 255, g: 84 / 255, b: 88 / 255, a: 0.6))
        pass.emit(.fill(.rect(Raster.Rect(node.frame)), separator.resolve(in: node.frame, environment: node.environment), .nonZero),
                  owner: node, index: 0, localBounds: node.frame)
    }
}
