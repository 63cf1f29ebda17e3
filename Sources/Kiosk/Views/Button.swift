// Button and Divider: the two controls nearly every screen uses. Button is SwiftUI's default
// style on iOS: the label in the accent colour (unless a foreground style is set), grey when
// disabled, the whole label rectangle tappable.

import Raster

/// A control that runs an action when tapped.
///
/// ```swift
/// Button("Buy ticket") { model.buy() }
/// Button(action: next) { Label… }
/// ```
public struct Button<Label: View>: View {
    let action: () -> Void
    let label: Label
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.foregroundStyle) private var foreground

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }

    public var body: some View {
        let style: AnyShapeStyle = isEnabled ? (foreground ?? AnyShapeStyle(Color.accentColor)) : AnyShapeStyle(Color.gray)
        label
            .modifier(_ForegroundStyleModifier(style: style))
            .contentShape(Rectangle())
            .onTapGesture(perform: action)
    }
}

extension Button where Label == Text {
    /// A button with a text label.
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }
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
