// background and overlay: a secondary view sized to the content (the content decides the size;
// the secondary view is offered exactly that size and aligned in it).

public struct _BackgroundLayout<Background: View>: BuiltinModifier, LayoutBehavior {
    let background: Background
    let alignment: Alignment
    /// true: drawn in front of the content (overlay).
    let isOverlay: Bool

    func makeChildren<C: View>(content: C, _ list: inout ChildList) {
        list.append(content, key: 0)
        list.append(background, key: 1)
    }
    private func content(_ node: Node) -> [Node] { node.children.first.map(itemsOf) ?? [] }
    private func secondary(_ node: Node) -> [Node] { node.children.count > 1 ? itemsOf(node.children[1]) : [] }
    private func itemsOf(_ child: Node) -> [Node] { child.layout != nil ? [child] : child.layoutItems }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        pass.size(of: content(node), proposal)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        pass.place(aligned: content(node), in: bounds, alignment: .center)
        // Several secondary views overlap like a ZStack (SwiftUI's overlay/background builders).
        for item in secondary(node) { pass.place(aligned: [item], in: bounds, alignment: alignment) }
    }
    func render(node: Node, pass: RenderPass) {
        // Without building arrays: this ran for every background on every recorded frame (4
        // allocations each; a scroll frame of the 200-card bench records ~24 of them).
        guard let first = node.children.first else { return }
        let second = node.children.count > 1 ? node.children[1] : nil
        if isOverlay { renderChild(first, pass); if let second { renderChild(second, pass) } }
        else { if let second { renderChild(second, pass) }; renderChild(first, pass) }
    }
    private func renderChild(_ child: Node, _ pass: RenderPass) {
        if child.layout != nil { pass.render(child) } else { pass.render(items: child.layoutItems) }
    }
    func baseline(node: Node, size: CGSize, last: Bool, pass: LayoutPass) -> CGFloat? {
        let items = content(node)
        return items.count == 1 ? pass.baseline(of: items[0], size: size, last: last) : nil
    }
}

extension View {
    /// Puts `background` behind this view, sized to it.
    public func background<V: View>(_ background: V, alignment: Alignment = .center) -> ModifiedContent<Self, _BackgroundLayout<V>> {
        modifier(_BackgroundLayout(background: background, alignment: alignment, isOverlay: false))
    }
    /// Puts the built view behind this view: `.background { Color.blue }`.
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> ModifiedContent<Self, _BackgroundLayout<V>> {
        modifier(_BackgroundLayout(background: content(), alignment: alignment, isOverlay: false))
    }
    /// Fills the area behind this view with a style: `.background(.blue)`.
    @_disfavoredOverload
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        background(Rectangle().fill(style))
    }
    /// Fills `shape` behind this view: `.background(.white, in: RoundedRectangle(cornerRadius: 8))`.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> some View {
        background(shape.fill(style))
    }
    /// Puts `overlay` in front of this view, sized to it.
    public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> ModifiedContent<Self, _BackgroundLayout<V>> {
        modifier(_BackgroundLayout(background: overlay, alignment: alignment, isOverlay: true))
    }
    /// Puts the built view in front of this view.
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> ModifiedContent<Self, _BackgroundLayout<V>> {
        modifier(_BackgroundLayout(background: content(), alignment: alignment, isOverlay: true))
    }
    /// Fills the area in front of this view with a style.
    @_disfavoredOverload
    public func overlay<S: ShapeStyle>(_ style: S) -> some View { overlay(Rectangle().fill(style)) }
    /// Fills `shape` in front of this view: `.overlay(.black.opacity(0.3), in: Circle())`.
    public func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> some View {
        overlay(shape.fill(style))
    }
    /// A border of `width` points drawn inside this view's bounds, as SwiftUI's
    /// `.border(Color.gray)` / `.border(.red, width: 2)`: a rectangle stroked along the inside of
    /// the edge, over the content, taking no space of its own (add `.padding()` first for room).
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        overlay(Rectangle().strokeBorder(content, lineWidth: width))
    }
}
