// Modifiers that change what the content is offered or where it is put, not what it draws:
// fixedSize, position, layoutPriority, aspectRatio.

public struct _FixedSizeLayout: BuiltinModifier, LayoutBehavior {
    let horizontal: Bool
    let vertical: Bool
    private func adjust(_ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal ? nil : p.width, height: vertical ? nil : p.height)
    }
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        pass.size(of: node.layoutItems, adjust(proposal))
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let items = node.layoutItems
        let s = pass.size(of: items, adjust(ProposedViewSize(bounds.size)))
        let rect = CGRect(origin: Alignment.center.origin(of: s, in: bounds), size: s)
        if items.count == 1 { pass.place(items[0], in: rect) } else { pass.place(items: items, in: rect) }
    }
}

public struct _PositionLayout: BuiltinModifier, LayoutBehavior {
    let position: CGPoint
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let items = node.layoutItems
        let s = pass.size(of: items, ProposedViewSize(bounds.size))
        let rect = CGRect(x: bounds.minX + position.x - s.width / 2, y: bounds.minY + position.y - s.height / 2,
                          width: s.width, height: s.height)
        if items.count == 1 { pass.place(items[0], in: rect) } else { pass.place(items: items, in: rect) }
    }
}

public struct _PriorityLayout: BuiltinModifier, PassThroughLayout {
    let layoutPriority: Double
}

public struct _AspectRatioLayout: BuiltinModifier, LayoutBehavior {
    let ratio: CGFloat?
    let contentMode: ContentMode

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let items = node.layoutItems
        let ideal = pass.size(of: items, .unspecified)
        let r = ratio ?? (ideal.height > 0 ? ideal.width / ideal.height : 1)
        guard r > 0, r.isFinite else { return pass.size(of: items, proposal) }
        let p = proposal.replacingUnspecifiedDimensions(by: ideal)
        var w = p.width, h = p.width / r
        if (contentMode == .fit) == (h > p.height) { h = p.height; w = h * r }
        if !w.isFinite || !h.isFinite { return pass.size(of: items, ProposedViewSize(width: ideal.width, height: ideal.height)) }
        return pass.size(of: items, ProposedViewSize(width: w, height: h))
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        pass.place(aligned: node.layoutItems, in: bounds, alignment: .center)
    }
}

/// How content fills space when its aspect ratio differs: fit inside, or fill and overflow.
public enum ContentMode: Hashable, Sendable { case fit, fill }

extension View {
    /// Offers this view `nil` (its ideal size) in the chosen axes: text stops wrapping.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> ModifiedContent<Self, _FixedSizeLayout> {
        modifier(_FixedSizeLayout(horizontal: horizontal, vertical: vertical))
    }
    /// Fixes this view at its ideal size in both axes.
    public func fixedSize() -> ModifiedContent<Self, _FixedSizeLayout> { fixedSize(horizontal: true, vertical: true) }
    /// Centres this view at `position` in its parent's space; takes all the space offered.
    public func position(_ position: CGPoint) -> ModifiedContent<Self, _PositionLayout> {
        modifier(_PositionLayout(position: position))
    }
    /// Centres this view at (x, y) in its parent's space.
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _PositionLayout> {
        position(CGPoint(x: x, y: y))
    }
    /// Stacks offer space to higher priorities first (default 0).
    public func layoutPriority(_ value: Double) -> ModifiedContent<Self, _PriorityLayout> {
        modifier(_PriorityLayout(layoutPriority: value))
    }
    /// Constrains this view to an aspect ratio (width / height; nil keeps its ideal ratio).
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> ModifiedContent<Self, _AspectRatioLayout> {
        modifier(_AspectRatioLayout(ratio: aspectRatio, contentMode: contentMode))
    }
    /// Constrains this view to the aspect ratio of `size`.
    public func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> ModifiedContent<Self, _AspectRatioLayout> {
        modifier(_AspectRatioLayout(ratio: aspectRatio.height > 0 ? aspectRatio.width / aspectRatio.height : nil, contentMode: contentMode))
    }
    /// Scales to fit the space offered, keeping the aspect ratio.
    public func scaledToFit() -> ModifiedContent<Self, _AspectRatioLayout> { aspectRatio(contentMode: .fit) }
    /// Scales to fill the space offered, keeping the aspect ratio.
    public func scaledToFill() -> ModifiedContent<Self, _AspectRatioLayout> { aspectRatio(contentMode: .fill) }
}
