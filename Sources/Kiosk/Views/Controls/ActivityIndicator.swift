// The spinner of ProgressView: UIActivityIndicatorView's iOS 13–17 look, drawn by the view
// itself rather than as eight shape views, so a step repaints one small rectangle and builds no
// views. Eight spokes, 45° apart, each a round-ended bar from 22 % to 50 % of the box's side
// and 12.5 % of it thick (2.5 × 5.6 points in the 20-point box, 4.6 × 10.4 in the 37-point one);
// the head spoke is opaque and the seven behind it (counter-clockwise) fade to 25 %. The head
// steps clockwise every 1/8 s, read from the screen's clock (`graph.time`), so every host —
// the panel, HeadlessHost, `kiosk snapshot` — draws the same frame at the same time.
//
// Frames cost: the spinner schedules its next step from `render`, which the render pass skips
// for a node a scroll view culls and which never runs for a node that is gone (a lazy row
// scrolled away, an `if` turned false): such a spinner asks for no frames. Scrolled back into
// view, it is recorded again (culling marks the recording position-dependent) and resumes.
// The eight outlines are kept on the node while its frame stays: a step allocates nothing.

import Raster

struct ActivityIndicator: View, PrimitiveView, LayoutBehavior {
    /// Steps (spokes) per second: one turn a second.
    static let stepsPerSecond = 8.0
    let large: Bool
    let color: Color

    var side: CGFloat { large ? 37 : 20 }
    var body: Never { bodyNeverCalled("ActivityIndicator") }

    /// A wake-up re-evaluates the node: its drawing depends on the time, so it is drawn again.
    func makeChildren(_ list: inout ChildList) {
        ViewGraph.currentReader?.invalidateRender()
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        CGSize(width: side, height: side)
    }

    /// The head spoke at `time` (0 points up, counting clockwise).
    static func head(at time: Double) -> Int {
        guard time.isFinite, time >= 0 else { return 0 }
        return Int((time * stepsPerSecond).rounded(.down).truncatingRemainder(dividingBy: 8))
    }

    /// The opacity of spoke `i` when `head` leads.
    static func opacity(spoke i: Int, head: Int) -> Double {
        let behind = ((head - i) % 8 + 8) % 8
        return 1 - Double(behind) * (0.75 / 7)
    }

    func render(node: Node, pass: RenderPass) {
        let frame = node.frame
        let paths = spokes(node: node, frame: frame)
        let time = node.graph.time
        let head = ActivityIndicator.head(at: time)
        let base = color.resolved(node.environment.colorScheme)
        for i in 0..<8 {
            var c = base
            c.a *= ActivityIndicator.opacity(spoke: i, head: head)
            pass.emit(.fill(paths[i], .solid(c), .nonZero), owner: node, index: i, localBounds: frame)
        }
        // The next step, asked for only by a spinner that was just drawn.
        let next = ((time * ActivityIndicator.stepsPerSecond).rounded(.down) + 1) / ActivityIndicator.stepsPerSecond
        if next.isFinite { node.graph.schedule(node, at: max(time + 0.001, next)) }
    }

    /// The eight outlines for `frame`, kept on the node while the frame stays.
    private func spokes(node: Node, frame: CGRect) -> [Raster.Path] {
        if let cache = node.renderCache as? SpokeCache, cache.frame == frame, cache.side == side { return cache.paths }
        let s = Double(side)
        let cx = Double(frame.midX), cy = Double(frame.midY)
        let thickness = s * 0.125, inner = s * 0.22, outer = s * 0.5
        var paths: [Raster.Path] = []
        paths.reserveCapacity(8)
        for i in 0..<8 {
            // A vertical bar above the centre, turned i × 45° clockwise about it.
            let bar = Raster.Path.roundedRect(Raster.Rect(x: cx - thickness / 2, y: cy - outer, width: thickness, height: outer - inner),
                                              cornerRadius: thickness / 2)
            var p = Raster.Path()
            let a = Double(i) * Double.pi / 4
            let turn = Affine.rotation(a, about: Raster.Point(cx, cy))
            p.addPath(bar, transform: turn)
            paths.append(p)
        }
        node.renderCache = SpokeCache(frame: frame, side: side, paths: paths)
        return paths
    }
}

final class SpokeCache {
    let frame: CGRect
    let side: CGFloat
    let paths: [Raster.Path]
    init(frame: CGRect, side: CGFloat, paths: [Raster.Path]) { self.frame = frame; self.side = side; self.paths = paths }
}
