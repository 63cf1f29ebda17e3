// ScrollViewReader: gives its content a proxy whose `scrollTo(_:anchor:)` scrolls the scroll
// views inside the reader so the view with that id shows — ids from `.id(_:)` or a ForEach's
// elements, including rows of a LazyVStack/LazyHStack not built yet (their estimated place).
// Inside `withAnimation` the offset animates with that animation (completions are told when
// it ends); otherwise it jumps at the next frame. An id no view inside has is a no-op with a
// warning. With several scroll views around the view, the innermost scrolls.

/// Scrolls the scroll views inside a `ScrollViewReader`.
public struct ScrollViewProxy {
    let scope: ScrollReaderScope

    /// Scrolls so the view with `id` shows: with `anchor`, that point of the view is put at the
    /// same point of the viewport (`.top`: its top at the top); with nil, by the least amount
    /// that shows it whole.
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        guard let root = scope.node, !root.isRemoved else { return }
        let transaction = ThreadContext.current.transaction ?? Transaction()
        let wanted = AnyHashable(id), explicit = AnyHashable(ExplicitID(id: id))
        // A built view with that id.
        var found: Node? = nil
        func find(_ n: Node) {
            if found != nil || n.isRemoved { return }
            if n.key.key.anyHashable == wanted || n.key.key.anyHashable == explicit { found = n; return }
            n.children.forEach(find)
        }
        find(root)
        if let node = found, let (box, frame) = ScrollViewProxy.scrollBox(around: node) {
            box.scroll(toShow: frame, anchor: anchor, transaction: transaction)
            return
        }
        // A lazy row not built yet.
        var lazies: [LazyStackBox] = []
        func findLazy(_ n: Node) {
            if let l = n.modifierState as? LazyStackBox { lazies.append(l) }
            n.children.forEach(findLazy)
        }
        findLazy(root)
        for lazy in lazies {
            if let frame = lazy.frame(ofID: wanted), let node = lazy.node, let (box, _) = ScrollViewProxy.scrollBox(around: node) {
                box.scroll(toShow: frame, anchor: anchor, transaction: transaction)
                return
            }
        }
        root.graph.withSink { Diagnostics.warn("ScrollViewProxy.scrollTo: no view with id \(id) inside this ScrollViewReader; nothing scrolls") }
    }

    /// The innermost scroll view around `node`, and the frame of the node's laid-out content.
    private static func scrollBox(around node: Node) -> (ScrollBox, CGRect)? {
        var frameNode: Node? = node
        // A transparent node (ForEach row, .id) has no frame: use its first laid-out item.
        if node.layout == nil { frameNode = node.layoutItems.first }
        guard let frame = frameNode?.layoutFrame else { return nil }
        var n = node.parent
        while let p = n {
            if let box = p.modifierState as? ScrollBox, p.primitive is any NodeGestureSource { return (box, frame) }
            n = p.parent
        }
        return nil
    }
}

final class ScrollReaderScope {
    private var nodeLink: NodeLink?
    var node: Node? { get { nodeLink?.node } set { nodeLink = newValue?.link } }
}

/// Gives its content a `ScrollViewProxy` for the scroll views inside it.
///
/// ```swift
/// ScrollViewReader { proxy in
///     ScrollView { LazyVStack { ForEach(0..<100) { Text("Row \($0)").id($0) } } }
///     Button("Bottom") { withAnimation { proxy.scrollTo(99, anchor: .bottom) } }
/// }
/// ```
public struct ScrollViewReader<Content: View>: View, PrimitiveView {
    public var content: (ScrollViewProxy) -> Content
    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { self.content = content }
    public var body: Never { bodyNeverCalled("ScrollViewReader") }

    func makeChildren(_ list: inout ChildList) {
        let scope: ScrollReaderScope
        if let node = ViewGraph.currentReader {
            if let s = node.modifierState as? ScrollReaderScope { scope = s } else {
                scope = ScrollReaderScope()
                scope.node = node
                node.modifierState = scope
            }
        } else {
            scope = ScrollReaderScope()
        }
        list.append(content(ScrollViewProxy(scope: scope)), key: 0)
    }
}
