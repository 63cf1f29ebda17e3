// `containerRelativeFrame` (iOS 17): a frame sized from the nearest container — here the
// nearest enclosing ScrollView's visible size, else the screen — rather than from the proposal.
//
//     ScrollView(.horizontal) {
//         LazyHStack(spacing: 10) {
//             ForEach(cards) { card in CardView(card).containerRelativeFrame(.horizontal, count: 3, span: 2, spacing: 10) }
//         }
//     }
//
// With `count` and `span`, the length is `(container − spacing × (count − 1)) / count × span +
// spacing × (span − 1)`, SwiftUI's documented grid rule. Containers, nearest first: a ScrollView
// (its viewport), a NavigationStack page (the space between its bars: the bars are the page's
// safe area, which SwiftUI subtracts), else the screen. Content margins are not subtracted.
//
// Sizes are cached per node and proposal (LayoutPass), and a view inside a ScrollView is often
// proposed the same size whatever the viewport's length (`nil` along the scrolled axis), so
// the cached answer would outlive a container that grew or shrank. A container that lays out
// at another size than last time therefore drops the cached sizes of its subtree
// (`ContainerRelativeFrameCache.containerResized`) — only once a relative frame has been laid
// out on the screen, and resizes are rare.

extension View {
    /// Sizes this view along `axes` to its container's length there.
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center) -> some View {
        modifier(_ContainerRelativeFrame(axes: axes, alignment: alignment, length: { length, _ in length }))
    }

    /// Sizes this view along `axes` to `span` of `count` columns (or rows) of its container,
    /// `spacing` apart.
    public func containerRelativeFrame(_ axes: Axis.Set, count: Int, span: Int = 1, spacing: CGFloat,
                                       alignment: Alignment = .center) -> some View {
        // A count below 1 is 1 and a span is kept within 1…count: no division by zero, no negative length.
        let count = max(1, count), span = min(max(1, span), count)
        let spacing = spacing.isFinite ? max(0, spacing) : 0
        return modifier(_ContainerRelativeFrame(axes: axes, alignment: alignment, length: { length, _ in
            let column = (length - spacing * CGFloat(count - 1)) / CGFloat(count)
            return max(0, column * CGFloat(span) + spacing * CGFloat(span - 1))
        }))
    }

    /// Sizes this view along `axes` to what `length` returns for the container's length on
    /// each axis.
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center,
                                       _ length: @escaping (CGFloat, Axis) -> CGFloat) -> some View {
        modifier(_ContainerRelativeFrame(axes: axes, alignment: alignment, length: length))
    }
}

struct _ContainerRelativeFrame: BuiltinModifier, LayoutBehavior {
    let axes: Axis.Set
    let alignment: Alignment
    let length: (CGFloat, Axis) -> CGFloat

    /// The container's size: the nearest ScrollView or navigation page around `node` (laid
    /// out before its content), else the screen.
    static func containerSize(of node: Node) -> CGSize {
        node.graph.usesContainerRelativeFrames = true
        var n = node.parent
        while let p = n {
            if let c = p.layout as? any RelativeFrameContainer, let size = c.containerSize(node: p) { return size }
            n = p.parent
        }
        return node.graph.rootEnvironment.screenSize
    }

    /// The proposal with the container-relative lengths written on `axes`.
    private func resolved(_ proposal: ProposedViewSize, node: Node) -> ProposedViewSize {
        let container = Self.containerSize(of: node)
        var p = proposal
        func fix(_ v: CGFloat) -> CGFloat { v.isFinite ? max(0, v) : 0 }
        if axes.contains(.horizontal) { p.width = fix(length(container.width, .horizontal)) }
        if axes.contains(.vertical) { p.height = fix(length(container.height, .vertical)) }
        return p
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let p = resolved(proposal, node: node)
        var size = pass.size(of: node.layoutItems, p)
        if let w = p.width, axes.contains(.horizontal) { size.width = w }
        if let h = p.height, axes.contains(.vertical) { size.height = h }
        return size
    }

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let items = node.layoutItems
        var p = ProposedViewSize(bounds.size)
        let r = resolved(p, node: node)
        p = ProposedViewSize(width: r.width ?? bounds.width, height: r.height ?? bounds.height)
        let s = pass.size(of: items, p)
        let rect = CGRect(origin: alignment.origin(of: s, in: bounds), size: s)
        if items.count == 1 { pass.place(items[0], in: rect) } else { pass.place(items: items, in: rect) }
    }
}

/// Layouts that are containers for `containerRelativeFrame` (ScrollView, a navigation page).
protocol RelativeFrameContainer {
    /// The size a relative frame inside sees (nil: not a container now, ask further out).
    func containerSize(node: Node) -> CGSize?
}

/// ScrollView: its viewport is the container.
protocol ScrollContainer: RelativeFrameContainer {}
extension ScrollContainer {
    func containerSize(node: Node) -> CGSize? { node.layoutFrame.size }
}

enum ContainerRelativeFrameCache {
    /// Call when the container `node` is about to lay out its content at `size`, having laid it
    /// out at `old` before: when they differ (and a relative frame was ever laid out on this
    /// screen), every node below drops its cached sizes and lays out again in this pass.
    static func containerResized(_ node: Node, from old: CGSize, to size: CGSize) {
        guard old != size, node.graph.usesContainerRelativeFrames else { return }
        func walk(_ n: Node) {
            for c in n.children where !c.isRemoved {
                c.sizeCache.removeAll(keepingCapacity: true)
                c.needsLayout = true
                walk(c)
            }
        }
        walk(node)
    }
}
