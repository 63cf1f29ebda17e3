// Helpers for engine tests: find nodes by view type or text, read their frames.
@testable import Kiosk
import Raster

extension HeadlessHost {
    /// Every node in the graph, depth first.
    var allNodes: [Node] {
        var out: [Node] = []
        func walk(_ n: Node) { out.append(n); n.children.forEach(walk) }
        walk(renderer.graph.root)
        return out
    }

    /// The frame of the n-th laid-out Text showing `string`.
    func frame(ofText string: String, _ n: Int = 0) -> CGRect? {
        let nodes = allNodes.filter { ($0.view as? Text)?.string == string && !$0.isRemoved }
        return n < nodes.count ? nodes[n].frame : nil
    }

    /// Frames of the laid-out nodes whose view has type `T`, in tree order.
    func frames<T>(of type: T.Type) -> [CGRect] {
        allNodes.filter { $0.view is T && $0.layout != nil }.map(\.frame)
    }
}

/// Straight RGBA of a pixel, as a tuple for easy comparison.
func rgba(_ s: Surface, _ x: Int, _ y: Int) -> [UInt8] {
    let p = s.pixel(x: x, y: y)
    return [p.r, p.g, p.b, p.a]
}
