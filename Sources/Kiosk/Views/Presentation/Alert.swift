// Alerts: SwiftUI's `.alert` modifiers in iOS 17's look — a 270-pt wide panel with 14-pt
// corners, centred over a light dimming, the title in 17-pt semibold and the message in 13-pt,
// both centred, over 44-pt buttons separated by hairlines: side by side when there are two (the
// cancel one on the left), stacked otherwise (the cancel one at the bottom). A `.cancel` button
// is semibold, a `.destructive` one red, the others in the accent colour. An alert without
// actions gets an OK button. A tap on a button writes the binding false, then runs its action.
// Kiosk draws the panel opaque (iOS blurs what is behind it: no blur is cheap enough here).

import Raster

extension View {
    /// Presents an alert titled `title` while `isPresented` is true.
    ///
    /// ```swift
    /// .alert("Delete draft?", isPresented: $asking) {
    ///     Button("Delete", role: .destructive) { delete() }
    ///     Button("Cancel", role: .cancel) {}
    /// }
    /// ```
    public func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>,
                                                  @ViewBuilder actions: () -> A) -> some View {
        modifier(_AlertModifier(isPresented: isPresented, title: Text(title), actions: AnyView(actions()), message: nil))
    }
    /// Presents an alert with a `Text` title while `isPresented` is true.
    public func alert<A: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        modifier(_AlertModifier(isPresented: isPresented, title: title, actions: AnyView(actions()), message: nil))
    }
    /// Presents an alert with a message below the title while `isPresented` is true.
    ///
    /// ```swift
    /// .alert("Saved", isPresented: $saved) { Button("OK") {} } message: { Text("Your order is in.") }
    /// ```
    public func alert<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>,
                                                           @ViewBuilder actions: () -> A,
                                                           @ViewBuilder message: () -> M) -> some View {
        modifier(_AlertModifier(isPresented: isPresented, title: Text(title), actions: AnyView(actions()), message: AnyView(message())))
    }
    /// Presents an alert with a `Text` title and a message while `isPresented` is true.
    public func alert<A: View, M: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                        @ViewBuilder message: () -> M) -> some View {
        modifier(_AlertModifier(isPresented: isPresented, title: title, actions: AnyView(actions()), message: AnyView(message())))
    }
    /// Presents an alert about `data` while `isPresented` is true and `data` is non-nil
    /// (SwiftUI: nothing is shown while `data` is nil).
    ///
    /// ```swift
    /// .alert("Remove item?", isPresented: $asking, presenting: item) { item in
    ///     Button("Remove", role: .destructive) { remove(item) }
    /// } message: { item in Text(item.name) }
    /// ```
    public func alert<S: StringProtocol, A: View, M: View, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?,
                                                              @ViewBuilder actions: (T) -> A,
                                                              @ViewBuilder message: (T) -> M) -> some View {
        let shown = data.map { ($0, AnyView(actions($0)), AnyView(message($0))) }
        return modifier(_AlertModifier(isPresented: isPresented, title: Text(title), actions: shown?.1 ?? AnyView(EmptyView()),
                                       message: shown?.2, hasData: shown != nil))
    }
    /// Presents an alert about `data` with actions only.
    public func alert<S: StringProtocol, A: View, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?,
                                                     @ViewBuilder actions: (T) -> A) -> some View {
        let shown = data.map { AnyView(actions($0)) }
        return modifier(_AlertModifier(isPresented: isPresented, title: Text(title), actions: shown ?? AnyView(EmptyView()),
                                       message: nil, hasData: shown != nil))
    }
    /// Presents an alert for `error`, titled with its `errorDescription`, while `isPresented`
    /// is true and `error` is non-nil.
    ///
    /// ```swift
    /// .alert(isPresented: $failed, error: lastError) { _ in Button("OK") {} } message: { e in Text(e.recoverySuggestion ?? "") }
    /// ```
    public func alert<E: LocalizedError, A: View, M: View>(isPresented: Binding<Bool>, error: E?,
                                                           @ViewBuilder actions: (E) -> A,
                                                           @ViewBuilder message: (E) -> M) -> some View {
        let shown = error.map { (Text($0.errorDescription ?? "\($0)"), AnyView(actions($0)), AnyView(message($0))) }
        return modifier(_AlertModifier(isPresented: isPresented, title: shown?.0 ?? Text(""), actions: shown?.1 ?? AnyView(EmptyView()),
                                       message: shown?.2, hasData: shown != nil))
    }
    /// Presents an alert for `error` with actions only.
    public func alert<E: LocalizedError, A: View>(isPresented: Binding<Bool>, error: E?,
                                                  @ViewBuilder actions: () -> A) -> some View {
        let shown = error.map { Text($0.errorDescription ?? "\($0)") }
        return modifier(_AlertModifier(isPresented: isPresented, title: shown ?? Text(""), actions: AnyView(actions()),
                                       message: nil, hasData: shown != nil))
    }
}

/// Reads the binding (so writing it re-evaluates this modifier) and asks for the alert.
struct _AlertModifier: ViewModifier {
    let isPresented: Binding<Bool>
    let title: Text
    let actions: AnyView
    let message: AnyView?
    var hasData = true

    func body(content: Content) -> some View {
        let shown = isPresented.wrappedValue && hasData
        let binding = isPresented
        let (title, actions, message) = (self.title, self.actions, self.message)
        return content.modifier(_PresentationHook(request: shown ? PresentationRequest(
            style: .alert, identity: nil,
            content: { AnyView(_AlertCard(title: title, message: message, actions: actions)) },
            dismiss: { binding.wrappedValue = false }) : nil))
    }
}

/// iOS's alert metrics.
enum AlertMetrics {
    static let width: CGFloat = 270
    static let cornerRadius: CGFloat = 14
    static let buttonHeight: CGFloat = 44
    static let background = Color(hex: 0xF2F2F2, darkHex: 0x2C2C2E)
    static let pressed = Color(hex: 0xD8D8D8, darkHex: 0x3A3A3C)
    static let separator = Color(light: .init(r: 60 / 255, g: 60 / 255, b: 67 / 255, a: 0.29),
                                 dark: .init(r: 84 / 255, g: 84 / 255, b: 88 / 255, a: 0.6))
}

/// The alert's panel.
struct _AlertCard: View {
    let title: Text
    let message: AnyView?
    let actions: AnyView

    var body: some View {
        VStack(spacing: 0) {
            VStack(spacing: 2) {
                title.font(.headline)
                if let message { message.font(.footnote) }
            }
            .multilineTextAlignment(.center)
            .padding(.horizontal, 16)
            .padding(.top, 19)
            .padding(.bottom, 19)
            .frame(maxWidth: .infinity)
            _AlertActionsLayout(content: actions, vertical: false)
                .environment(\.buttonStyle, AnyButtonStyle(alertRow: ()))
        }
        .frame(width: AlertMetrics.width)
        .background(RoundedRectangle(cornerRadius: AlertMetrics.cornerRadius).fill(AlertMetrics.background))
        .clipShape(RoundedRectangle(cornerRadius: AlertMetrics.cornerRadius))
    }
}

extension AnyButtonStyle {
    /// The style buttons get inside an alert's or dialog's actions: each is a 44-pt row.
    init(alertRow: ()) {
        makeButton = { input in AnyView(_AlertActionItem(role: input.role, content: _AlertButtonRow(input: input))) }
    }
}

/// One button row of an alert or dialog: the title in the accent colour (red when destructive,
/// semibold when cancel); a tap writes the binding false, then runs the action.
struct _AlertButtonRow: View {
    let input: ButtonInput
    @State private var isPressed = false
    @Environment(\.presentationEntry) private var entry
    @Environment(\.tint) private var tint
    @Environment(\.alertRowHeight) private var height

    var body: some View {
        let role = input.role
        let color: Color = role == .destructive ? .red : (tint ?? .accentColor)
        let action = input.action
        let entry = self.entry
        ZStack {
            (isPressed ? AlertMetrics.pressed : Color.clear)
            input.label
                .font(role == .cancel ? .body.weight(.semibold) : .body)
                .lineLimit(1)
                .foregroundColor(color)
                .padding(.horizontal, 8)
        }
        .frame(maxWidth: .infinity)
        .frame(height: height)
        .contentShape(Rectangle())
        .modifier(_GestureModifier(recipe: GestureRecipe(kind: .tap(count: 1), onTap: {
            if let entry, !entry.isRemoved { entry.dismiss() }
            action()
        }, onPressingChanged: { isPressed = $0 })))
    }
}

struct AlertRowHeightKey: EnvironmentKey { static let defaultValue: CGFloat = AlertMetrics.buttonHeight }
extension EnvironmentValues {
    var alertRowHeight: CGFloat { get { self[AlertRowHeightKey.self] } set { self[AlertRowHeightKey.self] = newValue } }
}

/// Marks a row with its button's role, for the actions layout to order.
struct _AlertActionItem<Content: View>: View, PrimitiveView, LayoutBehavior, AlertActionRole {
    let role: ButtonRole?
    let content: Content
    var body: Never { bodyNeverCalled("_AlertActionItem") }
    var layoutBehavior: (any LayoutBehavior)? { self }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        pass.size(of: node.layoutItems, proposal)
    }
}

protocol AlertActionRole { var role: ButtonRole? { get } }

/// Lays out an alert's buttons: two side by side (cancel first), otherwise stacked (cancel
/// last), with hairlines between them and above. No buttons: an OK button.
/// `vertical`: always stacked (action sheets).
struct _AlertActionsLayout: View, PrimitiveView, LayoutBehavior {
    let content: AnyView
    let vertical: Bool
    /// Adds OK when there are no actions (alerts; not menus).
    var addsOK = true
    /// A hairline above the first row (alerts: under the message; not menus).
    var firstLine = true
    var body: Never { bodyNeverCalled("_AlertActionsLayout") }
    var layoutBehavior: (any LayoutBehavior)? { self }

    func makeChildren(_ list: inout ChildList) {
        list.append(content, key: 0)
        // An alert always has a way out: OK when no button was given (SwiftUI does the same).
        if addsOK, !ViewGraph.hasButtons(content) { list.append(Button("OK") {}, key: 1) }
    }

    /// The row's role: its item's, found through the wrappers a Button adds around its style's
    /// view (the focus ring's overlay).
    static func role(_ node: Node) -> ButtonRole? {
        var n: Node? = node
        var depth = 0
        while let m = n, depth < 8 {
            if let item = m.view as? any AlertActionRole { return item.role }
            n = m.children.first
            depth += 1
        }
        return nil
    }

    /// The items in display order, and whether they are side by side.
    func arranged(_ node: Node) -> (items: [Node], sideBySide: Bool) {
        var items = node.layoutItems
        let sideBySide = !vertical && items.count == 2
        if addsOK, let c = items.firstIndex(where: { Self.role($0) == .cancel }) {
            let cancel = items.remove(at: c)
            if sideBySide { items.insert(cancel, at: 0) } else { items.append(cancel) }
        }
        return (items, sideBySide)
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let width = proposal.width ?? AlertMetrics.width
        let (items, sideBySide) = arranged(node)
        if sideBySide { return CGSize(width: width, height: AlertMetrics.buttonHeight + 1) }
        var h: CGFloat = 0
        for (i, item) in items.enumerated() { h += (i > 0 || firstLine ? 1 : 0) + pass.size(item, ProposedViewSize(width: width, height: nil)).height }
        return CGSize(width: width, height: h)
    }

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let (items, sideBySide) = arranged(node)
        if sideBySide {
            let w = (bounds.width - 1) / 2
            for (i, item) in items.enumerated() {
                let r = CGRect(x: bounds.minX + CGFloat(i) * (w + 1), y: bounds.minY + 1, width: w, height: AlertMetrics.buttonHeight)
                _ = pass.size(item, ProposedViewSize(r.size))
                pass.place(item, in: r)
            }
            return
        }
        var y = bounds.minY
        for (i, item) in items.enumerated() {
            let s = pass.size(item, ProposedViewSize(width: bounds.width, height: nil))
            let r = CGRect(x: bounds.minX, y: y + (i > 0 || firstLine ? 1 : 0), width: bounds.width, height: s.height)
            pass.place(item, in: r)
            y = r.maxY
        }
    }

    /// Hairlines above each row (and between two side-by-side buttons).
    func render(node: Node, pass: RenderPass) {
        let (items, sideBySide) = arranged(node)
        let paint = AlertMetrics.separator.resolve(in: node.frame, environment: node.environment)
        var index = 0
        func line(_ r: CGRect) {
            pass.emit(.fill(.rect(Raster.Rect(r)), paint, .nonZero), owner: node, index: index, localBounds: r)
            index += 1
        }
        let f = node.frame
        if sideBySide {
            line(CGRect(x: f.minX, y: f.minY, width: f.width, height: 1))
            line(CGRect(x: f.minX + (f.width - 1) / 2, y: f.minY + 1, width: 1, height: f.height - 1))
        } else {
            for (i, item) in items.enumerated() where i > 0 || firstLine { line(CGRect(x: f.minX, y: item.frame.minY - 1, width: f.width, height: 1)) }
        }
        pass.renderChildren(of: node)
    }
}

extension ViewGraph {
    /// Whether a view's static structure holds a Button (an empty action builder is
    /// `EmptyView`; anything else is taken to hold buttons).
    static func hasButtons(_ view: AnyView) -> Bool {
        !(view.view is EmptyView)
    }
}

/// The alert, centred on the screen.
struct _AlertPanel: View {
    let entry: PresentationEntry
    var body: some View {
        _PresentedContent(entry: entry, version: entry.version)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}
