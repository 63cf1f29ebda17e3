// Confirmation dialogs: iOS's action sheet, from the bottom of the screen. A rounded 13-pt group
// holds the (optional) title and message in 13-pt grey and the actions as 57-pt rows in 20-pt
// type, stacked; the cancel action sits apart in its own rounded group below, semibold, 8 pt
// under the group and 8 pt above the bottom edge. The group is at most 8 pt from each side (and
// at most 400 pt wide on wide screens). A tap outside cancels (writes the binding false).
// Without a cancel action, kiosk adds one ("Cancel", as iOS does on iPhone).

import Raster

// `Visibility` (automatic / visible / hidden) is List.swift's.

extension View {
    /// Presents an action sheet titled `title` while `isPresented` is true.
    ///
    /// ```swift
    /// .confirmationDialog("Empty the bin?", isPresented: $asking, titleVisibility: .visible) {
    ///     Button("Empty Bin", role: .destructive) { empty() }
    /// } message: { Text("You can't undo this.") }
    /// ```
    public func confirmationDialog<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>,
                                                               titleVisibility: Visibility = .automatic,
                                                               @ViewBuilder actions: () -> A) -> some View {
        modifier(_DialogModifier(isPresented: isPresented, title: Text(title), titleVisibility: titleVisibility,
                                 actions: AnyView(actions()), message: nil))
    }
    /// Presents an action sheet with a message while `isPresented` is true.
    public func confirmationDialog<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>,
                                                                        titleVisibility: Visibility = .automatic,
                                                                        @ViewBuilder actions: () -> A,
                                                                        @ViewBuilder message: () -> M) -> some View {
        modifier(_DialogModifier(isPresented: isPresented, title: Text(title), titleVisibility: titleVisibility,
                                 actions: AnyView(actions()), message: AnyView(message())))
    }
    /// Presents an action sheet about `data` while `isPresented` is true and `data` is non-nil.
    public func confirmationDialog<S: StringProtocol, A: View, M: View, T>(_ title: S, isPresented: Binding<Bool>,
                                                                           titleVisibility: Visibility = .automatic,
                                                                           presenting data: T?,
                                                                           @ViewBuilder actions: (T) -> A,
                                                                           @ViewBuilder message: (T) -> M) -> some View {
        let shown = data.map { (AnyView(actions($0)), AnyView(message($0))) }
        return modifier(_DialogModifier(isPresented: isPresented, title: Text(title), titleVisibility: titleVisibility,
                                        actions: shown?.0 ?? AnyView(EmptyView()), message: shown?.1, hasData: shown != nil))
    }
}

struct _DialogModifier: ViewModifier {
    let isPresented: Binding<Bool>
    let title: Text
    let titleVisibility: Visibility
    let actions: AnyView
    let message: AnyView?
    var hasData = true

    func body(content: Content) -> some View {
        let shown = isPresented.wrappedValue && hasData
        let binding = isPresented
        let showsTitle = titleVisibility == .visible
        let (title, actions, message) = (self.title, self.actions, self.message)
        return content.modifier(_PresentationHook(request: shown ? PresentationRequest(
            style: .dialog, identity: nil,
            content: { AnyView(_DialogCard(title: showsTitle ? title : nil, message: message, actions: actions)) },
            dismiss: { binding.wrappedValue = false }) : nil))
    }
}

enum DialogMetrics {
    static let cornerRadius: CGFloat = 13
    static let rowHeight: CGFloat = 57
    static let margin: CGFloat = 8
    static let maxWidth: CGFloat = 400
}

/// The action sheet: the group of title, message and actions, and the cancel group below it.
struct _DialogCard: View {
    let title: Text?
    let message: AnyView?
    let actions: AnyView

    var body: some View {
        VStack(spacing: DialogMetrics.margin) {
            VStack(spacing: 0) {
                if title != nil || message != nil {
                    VStack(spacing: 4) {
                        if let title { title.font(.footnote.weight(.semibold)) }
                        if let message { message.font(.footnote) }
                    }
                    .foregroundColor(Color(hex: 0x8A8A8E, darkHex: 0x8D8D93))
                    .multilineTextAlignment(.center)
                    .padding(.horizontal, 16)
                    .padding(.vertical, 14)
                    .frame(maxWidth: .infinity)
                    AlertMetrics.separator.frame(height: 1)
                }
                _DialogActions(content: actions, part: .main)
            }
            .background(RoundedRectangle(cornerRadius: DialogMetrics.cornerRadius).fill(AlertMetrics.background))
            .clipShape(RoundedRectangle(cornerRadius: DialogMetrics.cornerRadius))
            _DialogActions(content: actions, part: .cancel)
                .background(RoundedRectangle(cornerRadius: DialogMetrics.cornerRadius).fill(Color(hex: 0xFFFFFF, darkHex: 0x2C2C2E)))
                .clipShape(RoundedRectangle(cornerRadius: DialogMetrics.cornerRadius))
        }
        .font(.title3)
        .environment(\.alertRowHeight, DialogMetrics.rowHeight)
        .environment(\.buttonStyle, AnyButtonStyle(alertRow: ()))
        .frame(maxWidth: DialogMetrics.maxWidth)
        .padding(.horizontal, DialogMetrics.margin)
        .padding(.bottom, DialogMetrics.margin)
    }
}

/// The dialog's main buttons (all but cancel, stacked) or its cancel button (one given, or one
/// made). Both list all the actions and lay out only their part: a button's view value is all
/// the layout sees, so the two groups split one list.
struct _DialogActions: View, PrimitiveView, LayoutBehavior {
    enum Part { case main, cancel }
    let content: AnyView
    let part: Part
    var body: Never { bodyNeverCalled("_DialogActions") }
    var layoutBehavior: (any LayoutBehavior)? { self }

    func makeChildren(_ list: inout ChildList) {
        list.append(content, key: 0)
        list.append(Button("Cancel", role: .cancel) {}, key: 1)
    }

    /// The rows of this part; the made Cancel only when no cancel action was given.
    func rows(_ node: Node) -> [Node] {
        let items = node.layoutItems
        guard let made = items.last else { return [] }
        let given = items.dropLast()
        switch part {
        case .main: return given.filter { _AlertActionsLayout.role($0) != .cancel }
        case .cancel:
            if let c = given.first(where: { _AlertActionsLayout.role($0) == .cancel }) { return [c] }
            return [made]
        }
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let width = proposal.width ?? 300
        let rows = self.rows(node)
        var h: CGFloat = 0
        for (i, row) in rows.enumerated() { h += (i == 0 ? 0 : 1) + pass.size(row, ProposedViewSize(width: width, height: nil)).height }
        return CGSize(width: width, height: h)
    }

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let rows = self.rows(node)
        var y = bounds.minY
        for (i, row) in rows.enumerated() {
            if i > 0 { y += 1 }
            let s = pass.size(row, ProposedViewSize(width: bounds.width, height: nil))
            pass.place(row, in: CGRect(x: bounds.minX, y: y, width: bounds.width, height: s.height))
            y += s.height
        }
        // The other part's rows take no space and draw nothing here.
        for item in node.layoutItems where !rows.contains(where: { $0 === item }) {
            _ = pass.size(item, ProposedViewSize(width: 0, height: 0))
            pass.place(item, in: CGRect(x: bounds.minX, y: bounds.minY, width: 0, height: 0))
        }
    }

    func render(node: Node, pass: RenderPass) {
        let rows = self.rows(node)
        let paint = AlertMetrics.separator.resolve(in: node.frame, environment: node.environment)
        let f = node.frame
        var index = 0
        if part == .main {
            // Hairlines between rows (the header draws its own under it).
            for row in rows.dropFirst() {
                let r = CGRect(x: f.minX, y: row.frame.minY - 1, width: f.width, height: 1)
                if r.minY >= f.minY - 1 { pass.emit(.fill(.rect(Raster.Rect(r)), paint, .nonZero), owner: node, index: index, localBounds: r) }
                index += 1
            }
        }
        // Only this part's rows are drawn (the others sit at zero size, but their text would not clip).
        pass.render(items: rows)
    }
}

/// The action sheet, at the bottom of the screen.
struct _DialogPanel: View {
    let entry: PresentationEntry
    var body: some View {
        _PresentedContent(entry: entry, version: entry.version)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottom)
    }
}
