// Padding: insets the content; SwiftUI's default padding is 16 points on each chosen edge.

public struct _PaddingLayout: BuiltinModifier, LayoutBehavior {
    let insets: EdgeInsets

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let dx = insets.leading + insets.trailing, dy = insets.top + insets.bottom
        let p = ProposedViewSize(width: proposal.width.map { max(0, $0 - dx) }, height: proposal.height.map { max(0, $0 - dy) })
        let child = pass.size(of: node.layoutItems, p)
        return CGSize(width: child.width + dx, height: child.height + dy)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let inner = CGRect(x: bounds.minX + insets.leading, y: bounds.minY + insets.top,
                           width: max(0, bounds.width - insets.leading - insets.trailing),
                           height: max(0, bounds.height - insets.top - insets.bottom))
        pass.place(aligned: node.layoutItems, in: inner, alignment: .topLeading)
    }
    func baseline(node: Node, size: CGSize, last: Bool, pass: LayoutPass) -> CGFloat? {
        let items = node.layoutItems
        guard items.count == 1 else { return nil }
        let inner = CGSize(width: max(0, size.width - insets.leading - insets.trailing),
                           height: max(0, size.height - insets.top - insets.bottom))
        return pass.baseline(of: items[0], size: inner, last: last).map { $0 + insets.top }
    }
}

extension View {
    /// Pads the chosen edges by `length` (16 points when nil, SwiftUI's default).
    ///
    /// ```swift
    /// Text("Tap").padding(.horizontal, 50)
    /// ```
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> ModifiedContent<Self, _PaddingLayout> {
        var l = length ?? 16
        if !l.isFinite {
            Diagnostics.warn("padding \(l) is not finite; using 0")
            l = 0
        }
        return modifier(_PaddingLayout(insets: EdgeInsets(top: edges.contains(.top) ? l : 0, leading: edges.contains(.leading) ? l : 0,
                                                          bottom: edges.contains(.bottom) ? l : 0, trailing: edges.contains(.trailing) ? l : 0)))
    }
    /// Pads every edge by `length`.
    public func padding(_ length: CGFloat) -> ModifiedContent<Self, _PaddingLayout> { padding(.all, length) }
    /// Pads each edge by its inset.
    public func padding(_ insets: EdgeInsets) -> ModifiedContent<Self, _PaddingLayout> { modifier(_PaddingLayout(insets: insets)) }
}
