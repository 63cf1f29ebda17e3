// RenderPass: walks the laid-out nodes in paint order and records display items and hit
// regions, carrying the current transform, opacity and clip down the tree.

import Raster

final class RenderPass {
    // The state every draw reads and the lists it appends to skip dynamic exclusivity checks
    // (`@exclusivity(unchecked)`): one pass records on one thread, and a Canvas's draws made
    // ≈ 4 checked accesses each, ≈ 75 instructions apiece (callgrind, particles-2000).
    /// The items recorded so far. The renderer swaps the finished list out and the last
    /// frame's in, so the next `reset` reuses its storage.
    @exclusivity(unchecked) var items: [DisplayItem] = []
    @exclusivity(unchecked) var hitRegions: [HitRegion] = []

    /// Layout coordinates → device pixels.
    @exclusivity(unchecked) var transform = Affine.identity
    @exclusivity(unchecked) var opacity: Double = 1
    /// Device clip, always inside the surface.
    @exclusivity(unchecked) var clip: IntRect
    /// Gesture nodes enclosing what is being drawn, outermost first (a stack of the pass's
    /// own: hit regions get `gestureChain`, so popping it never copies a shared array).
    @exclusivity(unchecked) private(set) var gestureNodes: [Node] = []
    /// The same nodes as an array kept between frames (one per innermost gesture node), which
    /// hit regions share: a copy per region popped copy-on-write was an allocation a frame.
    @exclusivity(unchecked) private(set) var gestureChain: [Node] = []
    @exclusivity(unchecked) private var chains: [Int: (stamp: Int, nodes: [Node])] = [:]
    @exclusivity(unchecked) private var chainStamp = 0
    @exclusivity(unchecked) private var chainsUsed = 0
    /// The transform in effect at each gesture node (for local drag coordinates).
    @exclusivity(unchecked) var gestureTransforms: [Int: Affine] = [:]
    @exclusivity(unchecked) var hitTestingEnabled = true
    /// Non-rectangular clips in effect (device paths): taps outside them miss.
    @exclusivity(unchecked) var clipPaths: [Raster.Path] = []
    /// Inside a scroll view: laid-out subtrees whose frame lies wholly outside this device
    /// rectangle (the viewport grown by half its size each side) are not recorded.
    @exclusivity(unchecked) var cullRect: Raster.Rect?
    let text: TextMeasuring

    /// The whole surface.
    let root: IntRect

    init(size: IntRect, text: TextMeasuring) {
        clip = size
        root = size
        self.text = text
        items.reserveCapacity(256)
    }

    /// Starts another frame on the same surface, keeping every array's storage: a renderer
    /// keeps one pass, so recording a display list allocates nothing for the lists themselves.
    func reset() {
        items.removeAll(keepingCapacity: true)
        hitRegions.removeAll(keepingCapacity: true)
        gestureTransforms.removeAll(keepingCapacity: true)
        gestureNodes.removeAll(keepingCapacity: true)
        gestureChain = []
        // Chains of gesture nodes the last pass did not draw are dropped (they hold removed
        // nodes); the table is rebuilt only then, so a steady frame allocates nothing here.
        if chains.count > chainsUsed { chains = chains.filter { $0.value.stamp == chainStamp } }
        chainStamp += 1
        chainsUsed = 0
        clipPaths.removeAll(keepingCapacity: true)
        transform = .identity
        opacity = 1
        clip = root
        hitTestingEnabled = true
        cullRect = nil
    }

    /// Renders a node (its behaviour decides what it emits and how it recurses).
    func render(_ node: Node) {
        guard let layout = node.layout else { render(items: node.renderItems); return }
        if let cull = cullRect {
            let d = transform.apply(Raster.Rect(node.frame))
            if d.x > cull.x + cull.width || d.x + d.width < cull.x || d.y > cull.y + cull.height || d.y + d.height < cull.y { return }
        }
        layout.render(node: node, pass: self)
    }

    /// Renders siblings in paint order: by zIndex, then declaration order.
    func render(items nodes: [Node]) {
        if nodes.contains(where: { ($0.zIndexOverride ?? $0.layout?.zIndex ?? 0) != 0 }) {
            let sorted = nodes.enumerated().sorted {
                let a = $0.element.zIndexOverride ?? $0.element.layout?.zIndex ?? 0
                let b = $1.element.zIndexOverride ?? $1.element.layout?.zIndex ?? 0
                return a != b ? a < b : $0.offset < $1.offset
            }
            for (_, node) in sorted { render(node) }
        } else {
            for node in nodes { render(node) }
        }
    }

    func renderChildren(of node: Node) { render(items: node.renderItems) }

    /// Enters a gesture node: hits on what is drawn inside reach it.
    func pushGesture(_ node: Node) {
        gestureNodes.append(node)
        if let kept = chains[node.serial], kept.nodes.count == gestureNodes.count,
           zip(kept.nodes, gestureNodes).allSatisfy({ $0 === $1 }) {
            if kept.stamp != chainStamp { chains[node.serial]!.stamp = chainStamp; chainsUsed += 1 }
            gestureChain = kept.nodes
        } else {
            var nodes: [Node] = []
            nodes.reserveCapacity(gestureNodes.count)
            nodes.append(contentsOf: gestureNodes)
            chains[node.serial] = (chainStamp, nodes)
            chainsUsed += 1
            gestureChain = nodes
        }
    }

    /// Runs `body` with the transform/opacity/clip/gesture state restored afterwards.
    func withSavedState(_ body: () -> Void) {
        let t = transform, o = opacity, c = clip, g = gestureNodes.count, h = hitTestingEnabled, p = clipPaths.count
        let chain = gestureChain
        body()
        transform = t; opacity = o; clip = c; hitTestingEnabled = h
        if gestureNodes.count > g { gestureNodes.removeSubrange(g...); gestureChain = chain }
        // Only when something was pushed: removing an empty range still copies an array whose
        // storage a hit region shares.
        if clipPaths.count > p { clipPaths.removeSubrange(p...) }
    }

    /// Records a draw command in local coordinates; `localBounds` must cover what it paints.
    func emit(_ command: DrawCommand, owner: Node, index: Int, localBounds: CGRect, hitShape: Raster.Path? = nil) {
        let deviceBounds = IntRect(covering: transform.apply(Raster.Rect(localBounds)).insetBy(dx: -1, dy: -1)).intersection(clip)
        // Invisible content takes no taps (SwiftUI: Color.clear, opacity 0); contentShape does.
        if hitTestingEnabled && opacity > 0 && !command.isInvisible {
            hitRegions.append(HitRegion(shape: hitShape ?? Raster.Path.rect(Raster.Rect(localBounds)), transform: transform,
                                        clip: clip, gestureNodes: gestureChain, clipPaths: clipPaths))
        }
        guard opacity > 0, !deviceBounds.isEmpty else { return }
        items.append(DisplayItem(owner: owner.serial, index: index, command: command, transform: transform,
                                 opacity: min(1, opacity), clip: clip, bounds: deviceBounds))
    }

    /// Items emitted since `start`, removed from the list (to wrap them in a group).
    func takeItems(from start: Int) -> [DisplayItem] {
        let taken = Array(items[start...])
        items.removeSubrange(start...)
        return taken
    }

    /// Inserts a group item at `index` (its bounds: the items' union, grown by `grow`).
    func insertGroup(_ effect: GroupEffect, items group: [DisplayItem], at index: Int, owner: Node,
                     grow: Int = 0, offset: (Int, Int) = (0, 0), limit: IntRect? = nil) {
        guard var bounds = group.first?.bounds else { return }
        for item in group.dropFirst() { bounds = bounds.union(item.bounds) }
        bounds = bounds.insetBy(-grow).offsetBy(offset.0, offset.1)
        bounds = bounds.intersection(limit ?? clip).intersection(root)
        guard !bounds.isEmpty else { return }
        items.insert(DisplayItem(owner: owner.serial, index: 0, command: .group(effect, group), transform: .identity,
                                 opacity: 1, clip: nil, bounds: bounds), at: index)
    }

    /// Multiplies the opacity of the items emitted since `start`.
    func fadeItems(from start: Int, by factor: Double) {
        for i in start..<items.count { items[i].opacity *= factor }
    }

    /// Whether any two of the items' bounds overlap (then group opacity needs a layer).
    static func overlap(_ items: ArraySlice<DisplayItem>) -> Bool {
        let list = Array(items)
        if list.count > 64 { return true }
        for i in list.indices { for j in (i + 1)..<list.count where !list[i].bounds.intersection(list[j].bounds).isEmpty { return true } }
        return false
    }

    /// A region that takes hits without drawing (contentShape).
    func addHitShape(_ shape: Raster.Path) {
        guard hitTestingEnabled else { return }
        hitRegions.append(HitRegion(shape: shape, transform: transform, clip: clip, gestureNodes: gestureChain, clipPaths: clipPaths))
    }
}

/// Where a tap lands: a shape under a transform, and the gesture nodes around it.
struct HitRegion {
    var shape: Raster.Path
    var transform: Affine
    var clip: IntRect
    var gestureNodes: [Node]
    var clipPaths: [Raster.Path] = []

    func contains(_ p: Raster.Point) -> Bool {
        guard clip.contains(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down))),
              let inverse = transform.inverted() else { return false }
        for clipPath in clipPaths where !HitRegion.winds(clipPath, around: p) { return false }
        return HitRegion.winds(shape, around: inverse.apply(p))
    }

    /// Whether `q` is inside `shape` (non-zero winding of the flattened outline).
    static func winds(_ shape: Raster.Path, around q: Raster.Point) -> Bool {
        guard !shape.isEmpty, shape.bounds.insetBy(dx: -0.5, dy: -0.5).contains(q) else { return false }
        var winding = 0
        shape.forEachFlattened(tolerance: 0.25) { a, b in
            if a.y <= q.y {
                if b.y > q.y && (b.x - a.x) * (q.y - a.y) - (q.x - a.x) * (b.y - a.y) > 0 { winding += 1 }
            } else if b.y <= q.y && (b.x - a.x) * (q.y - a.y) - (q.x - a.x) * (b.y - a.y) < 0 {
                winding -= 1
            }
        }
        return winding != 0
    }
}

extension Raster.Rect {
    init(_ r: CGRect) { self.init(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height)) }
}
extension Raster.Point {
    init(_ p: CGPoint) { self.init(Double(p.x), Double(p.y)) }
}
extension CGRect {
    init(_ r: Raster.Rect) { self.init(x: r.x, y: r.y, width: r.width, height: r.height) }
}
