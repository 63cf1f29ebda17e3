// ViewThatFits (SwiftUI, iOS 16): shows the first of its children whose ideal size fits the
// space offered in the chosen axes, or the last one when none does.
//
// kiosk builds every child (their nodes, state and onAppear exist, as SwiftUI evaluates them
// too) and lays out and draws only the chosen one; the others keep their last frames and
// are neither drawn nor hit. A child "fits" when its ideal size along each constrained axis
// is at most the proposal there (a nil or infinite proposal always fits).

/// Picks the first child that fits the available space.
///
/// ```swift
/// ViewThatFits(in: .horizontal) {
///     HStack { Text("Temperature"); Text("21 °C") }
///     Text("21 °C")
/// }
/// ```
public struct ViewThatFits<Content: View>: View, PrimitiveView, LayoutBehavior {
    let axes: Axis.Set
    let content: Content
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes; self.content = content()
    }
    public var body: Never { bodyNeverCalled("ViewThatFits") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }

    /// The index of the child shown for `proposal`.
    func choose(_ items: [Node], _ proposal: ProposedViewSize, pass: LayoutPass) -> Int {
        guard items.count > 1 else { return 0 }
        let saved = pass.stackAxis
        pass.stackAxis = nil
        defer { pass.stackAxis = saved }
        let ideal = ProposedViewSize(width: axes.contains(.horizontal) ? nil : proposal.width,
                                     height: axes.contains(.vertical) ? nil : proposal.height)
        func fits(_ v: CGFloat, _ p: CGFloat?) -> Bool {
            guard let p, p.isFinite else { return true }
            return v <= p + 0.001
        }
        for (i, item) in items.enumerated() {
            let s = pass.size(item, ideal)
            if (!axes.contains(.horizontal) || fits(s.width, proposal.width))
                && (!axes.contains(.vertical) || fits(s.height, proposal.height)) { return i }
        }
        return items.count - 1
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let items = node.layoutItems
        guard !items.isEmpty else { return .zero }
        return pass.size(items[choose(items, proposal, pass: pass)], proposal)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let items = node.layoutItems
        guard !items.isEmpty else { return }
        let i = choose(items, ProposedViewSize(bounds.size), pass: pass)
        let box = node.modifierState as? ViewThatFitsChoice ?? ViewThatFitsChoice()
        if box.index != i || node.modifierState !== box {
            box.index = i
            node.modifierState = box        // redraws: another child is shown
        }
        pass.place(aligned: [items[i]], in: bounds, alignment: .center)
    }
    func render(node: Node, pass: RenderPass) {
        let items = node.layoutItems
        guard !items.isEmpty else { return }
        let i = (node.modifierState as? ViewThatFitsChoice)?.index ?? 0
        pass.render(items[min(i, items.count - 1)])
    }
}

extension ViewThatFits: LayoutInputComparable {
    func laysOutLike(_ other: Self) -> Bool { axes == other.axes }
}

/// The child a ViewThatFits shows.
final class ViewThatFitsChoice {
    var index = 0
}
