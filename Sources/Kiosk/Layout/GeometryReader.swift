// GeometryReader: content built from the size the reader is given. It takes all the space
// offered (10 points in an unspecified dimension, as SwiftUI) and places its content at the
// top-leading corner. The content closure runs during layout, once the size is known; the
// node is re-evaluated when the size changes.

/// The size and position of a GeometryReader.
///
/// As in SwiftUI, a proxy answers with the reader's current layout whenever it is read, also
/// after its closure ran: `Color.red.onAppear { print(geo.size) }` inside a 200×100 reader
/// prints (200.0, 100.0), and so does a later `DispatchQueue.main.async` block.
public struct GeometryProxy {
    /// A reader's proxy reads its node's box (written by each layout); `onGeometryChange`'s
    /// is a fixed snapshot made after placing.
    private enum Source {
        case live(GeometryBox)
        case fixed(CGRect)
    }
    private let source: Source
    init(size: CGSize, globalFrame: CGRect) { source = .fixed(CGRect(origin: globalFrame.origin, size: size)) }
    init(box: GeometryBox) { source = .live(box) }

    /// The reader's size.
    public var size: CGSize { globalFrame.size }
    var globalFrame: CGRect {
        switch source {
        case .live(let box): return box.frame
        case .fixed(let frame): return frame
        }
    }
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
        // The proxy keeps the node's box, so a closure that runs later (onAppear, a queued
        // block) reads the laid-out size, not this evaluation's (zero before the first layout).
        // Built once the size is known, as SwiftUI calls the closure during layout: content
        // made before the first layout would see a zero size in its onAppear.
        guard let box = node.modifierState as? GeometryBox, box.isPlaced else { return }
        list.append(content(GeometryProxy(box: box)), key: 0)
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let box = (node.modifierState as? GeometryBox) ?? GeometryBox()
        if node.modifierState !== box { node.modifierState = box }
        if box.frame != bounds || !box.isPlaced {
            box.frame = bounds
            box.isPlaced = true
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

/// A reader's frame from its last layout, shared with the proxies its closure was given.
final class GeometryBox {
    var frame = CGRect.zero
    /// False until the reader is first placed (its content is not built before).
    var isPlaced = false
}
