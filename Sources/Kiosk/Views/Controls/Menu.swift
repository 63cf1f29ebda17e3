// Menu: iOS's pull-down menu. The label is a button in the accent colour; a tap shows the menu's
// content as a 250-pt wide rounded (13 pt) panel of 44-pt rows, 8 pt below the label (above it
// when there is no room below), aligned with its leading edge and kept 8 pt inside the screen.
// Rows are the content's buttons (17-pt text, 16 pt in; destructive ones red) with hairlines
// between them; a tap closes the menu, then runs the button's action; a tap outside closes it.
// The screen is not dimmed. Kiosk draws the panel opaque (iOS blurs what is behind it).

import Raster

/// A control that shows a menu of actions when tapped.
///
/// ```swift
/// Menu("Sort") {
///     Button("By name") { order = .name }
///     Button("By date") { order = .date }
/// }
/// Menu { Button("Delete", role: .destructive) { delete() } } label: { Image(systemName: "ellipsis.circle") }
/// ```
public struct Menu<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    @State private var isPresented = false

    /// A menu with a custom label.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content(); self.label = label()
    }

    @Environment(\.menuCentredUnderLabel) private var centred

    public var body: some View {
        let anchor = ViewGraph.currentReader.map { WeakNode($0) }
        let content = AnyView(self.content)
        let binding = $isPresented
        Button(action: { isPresented = true }) { label }
            .modifier(_PresentationHook(request: isPresented ? PresentationRequest(
                style: .menu, identity: nil,
                content: { AnyView(_MenuCard(content: content)) },
                dismiss: { binding.wrappedValue = false },
                anchor: { anchor?.node.flatMap { ViewGraph.unionFrame(of: $0) } ?? .zero },
                anchorCentred: centred) : nil))
    }
}

extension Menu where Label == Text {
    /// A menu titled `title`.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

extension Menu where Label == Kiosk.Label<Text, Image> {
    /// A menu titled `title` with a symbol.
    public init<S: StringProtocol>(_ title: S, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Kiosk.Label(title, systemImage: systemImage) }
    }
}

struct MenuCentredKey: EnvironmentKey { static let defaultValue = false }
extension EnvironmentValues {
    /// Whether a Menu's panel opens centred under its label (the navigation title's menu,
    /// `toolbarTitleMenu`, as iOS 17 shows it) instead of aligned with its leading edge.
    var menuCentredUnderLabel: Bool {
        get { self[MenuCentredKey.self] } set { self[MenuCentredKey.self] = newValue }
    }
}

enum MenuMetrics {
    static let width: CGFloat = 250
    static let cornerRadius: CGFloat = 13
    static let gap: CGFloat = 8
    static let margin: CGFloat = 8
}

/// The menu's panel: its rows stacked.
struct _MenuCard: View {
    let content: AnyView
    var body: some View {
        _AlertActionsLayout(content: content, vertical: true, addsOK: false, firstLine: false)
            .environment(\.buttonStyle, AnyButtonStyle(menuRow: ()))
            .frame(width: MenuMetrics.width)
            .background(RoundedRectangle(cornerRadius: MenuMetrics.cornerRadius).fill(AlertMetrics.background)
                .shadow(color: Color(.sRGBLinear, white: 0, opacity: 0.15), radius: 16, x: 0, y: 4))
            .clipShape(RoundedRectangle(cornerRadius: MenuMetrics.cornerRadius))
    }
}

extension AnyButtonStyle {
    /// The style buttons get inside a menu: 44-pt rows, text leading.
    init(menuRow: ()) {
        makeButton = { input in AnyView(_AlertActionItem(role: input.role, content: _MenuButtonRow(input: input))) }
    }
}

/// One row of a menu: a tap closes the menu, then runs the action.
struct _MenuButtonRow: View {
    let input: ButtonInput
    @State private var isPressed = false
    @Environment(\.presentationEntry) private var entry

    var body: some View {
        let role = input.role
        let action = input.action
        let entry = self.entry
        ZStack(alignment: .leading) {
            (isPressed ? AlertMetrics.pressed : Color.clear)
            input.label
                .font(.body)
                .lineLimit(1)
                .foregroundColor(role == .destructive ? .red : .primary)
                .padding(.horizontal, 16)
        }
        .frame(maxWidth: .infinity)
        .frame(height: AlertMetrics.buttonHeight)
        .contentShape(Rectangle())
        .modifier(_GestureModifier(recipe: GestureRecipe(kind: .tap(count: 1), onTap: {
            if let entry, !entry.isRemoved { entry.dismiss() }
            action()
        }, onPressingChanged: { isPressed = $0 })))
    }
}

/// Places a menu's panel next to its anchor.
struct _MenuPanel: View {
    let entry: PresentationEntry
    var body: some View {
        _MenuPlacement(anchor: entry.anchor, centred: entry.anchorCentred) { _PresentedContent(entry: entry, version: entry.version) }
    }
}

struct _MenuPlacement<Content: View>: View, PrimitiveView, LayoutBehavior {
    let anchor: CGRect
    /// Centred under the anchor (a navigation title's menu) rather than leading-aligned.
    var centred = false
    let content: Content
    init(anchor: CGRect, centred: Bool = false, @ViewBuilder content: () -> Content) {
        self.anchor = anchor; self.centred = centred; self.content = content()
    }
    var body: Never { bodyNeverCalled("_MenuPlacement") }
    var layoutBehavior: (any LayoutBehavior)? { self }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    /// Below the anchor, leading-aligned (`centred`: centred under it); above it when it does
    /// not fit below; inside the screen.
    static func frame(of size: CGSize, anchor a: CGRect, in bounds: CGRect, centred: Bool = false) -> CGRect {
        let m = MenuMetrics.margin
        let anchor = a.minX.isFinite && a.minY.isFinite && a.width.isFinite && a.height.isFinite ? a : CGRect(x: bounds.midX, y: bounds.midY, width: 0, height: 0)
        let h = min(size.height, max(0, bounds.height - 2 * m))
        var x = centred ? anchor.midX - size.width / 2 : anchor.minX
        x = min(x, bounds.maxX - m - size.width)
        x = max(x, bounds.minX + m)
        var y = anchor.maxY + MenuMetrics.gap
        if y + h > bounds.maxY - m { y = anchor.minY - MenuMetrics.gap - h }
        y = max(bounds.minY + m, min(y, bounds.maxY - m - h))
        return CGRect(x: x, y: y, width: size.width, height: h)
    }

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        for item in node.layoutItems {
            let s = pass.size(item, ProposedViewSize(width: MenuMetrics.width, height: nil))
            pass.place(item, in: Self.frame(of: s, anchor: anchor, in: bounds, centred: centred))
        }
    }
}
