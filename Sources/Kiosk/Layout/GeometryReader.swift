// GeometryReader: content built from the size the reader is given. It takes all the space
// offered (10 points in an unspecified dimension, as SwiftUI) and places its content at the
// top-leading corner. The content closure runs during layout, once the size is known; the
// node is re-evaluated when the size changes.

/// The size and position of a GeometryReader.
public struct GeometryProxy {
    /// The reader's size.
    public let size: CGSize
    let globalFrame: CGRect
    /// Insets of the safe area; kiosk screens have none.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
    /// The reader's frame in a coordinate space (`.global` is the screen, `.local` the reader).
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        switch coordinateSpace {
        case .local: return CGRect(origin: .zero, size: size)
        case .global, .named: return globalFrame
        }
    }
}

/// A coordinate space for `GeometryProxy.frame(in:)`.
public enum CoordinateSpace: Hashable {
    case global, local
    case named(AnyHashable)
}

/// A view whose content is built from its own size.
///
/// ```swift
/// GeometryReader { proxy in Circle().frame(width: proxy.size.width / 2) }
/// ```
public struct GeometryReader<Content: View>: View, PrimitiveView, LayoutBehavior {
    public var content: (GeometryProxy) -> Content
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
    public var body: Never { bodyNeverCalled("GeometryReader") }

    func makeChildren(_ list: inout ChildList) {
        guard let node = ViewGraph.currentReader else { return }
        let frame = (node.modifierState as? GeometryBox)?.frame ?? .zero
        list.append(content(GeometryProxy(size: frame.size, globalFrame: frame)), key: 0)
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let box = (node.modifierState as? GeometryBox) ?? GeometryBox()
        node.modifierState = box
        if box.frame != bounds {
            box.frame = bounds
            node.graph.evaluate(node)
            pass.didChangeTree = true
        }
        // Each child is offered the whole space and put at the top-leading corner (several
        // children overlap, as in SwiftUI). A Spacer inside is not in the outer stack.
        let saved = pass.stackAxis
        pass.stackAxis = nil
        defer { pass.stackAxis = saved }
        for item in node.layoutItems {
            let s = pass.size(item, ProposedViewSize(bounds.size))
            pass.place(item, in: CGRect(origin: bounds.origin, size: s))
        }
    }
}

final class GeometryBox { var frame = CGRect.zero }
