// mask: the content shows through the alpha of another view, laid out in the content's frame
// like an overlay. The mask never draws itself and takes no taps.

import Raster

public struct _MaskEffect<Mask: View>: BuiltinModifier, LayoutBehavior {
    let mask: Mask
    let alignment: Alignment

    func makeChildren<C: View>(content: C, _ list: inout ChildList) {
        list.append(content, key: 0)
        list.append(mask, key: 1)
    }
    private func content(_ node: Node) -> [Node] { node.children.first.map(itemsOf) ?? [] }
    private func maskItems(_ node: Node) -> [Node] { node.children.count > 1 ? itemsOf(node.children[1]) : [] }
    private func itemsOf(_ child: Node) -> [Node] { child.layout != nil ? [child] : child.layoutItems }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        pass.size(of: content(node), proposal)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        pass.place(aligned: content(node), in: bounds, alignment: .center)
        for item in maskItems(node) { pass.place(aligned: [item], in: bounds, alignment: alignment) }
    }
    func render(node: Node, pass: RenderPass) {
        let start = pass.items.count
        pass.render(items: content(node))
        guard pass.items.count > start else { return }
        let contentEnd = pass.items.count
        pass.withSavedState {
            pass.hitTestingEnabled = false
            pass.render(items: maskItems(node))
        }
        // An empty (or fully transparent) mask hides the content, as in SwiftUI.
        guard pass.items.count > contentEnd else { pass.removeItems(from: start); return }
        let maskBounds = pass.boundsOfItems(from: contentEnd)
        let mask = pass.takeItems(from: contentEnd)
        let bounds = pass.boundsOfItems(from: start).intersection(maskBounds)
        if bounds.isEmpty { pass.removeItems(from: start); return }
        pass.wrapItems(from: start, in: .mask(mask), owner: node, bounds: bounds)
    }
}

extension View {
    /// Shows this view only where `mask` is opaque (through its alpha), the mask laid out in
    /// this view's frame. An empty mask hides the view.
    ///
    /// ```swift
    /// LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)
    ///     .mask { Text("Sale").font(.largeTitle) }
    /// ```
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask)
        -> ModifiedContent<Self, _MaskEffect<Mask>> {
        modifier(_MaskEffect(mask: mask(), alignment: alignment))
    }
    /// The pre-iOS 15 spelling: `mask(Circle())`.
    public func mask<Mask: View>(_ mask: Mask) -> ModifiedContent<Self, _MaskEffect<Mask>> {
        modifier(_MaskEffect(mask: mask, alignment: .center))
    }
}
