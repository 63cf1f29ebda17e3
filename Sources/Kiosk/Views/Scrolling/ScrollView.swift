// ScrollView: content laid out with an unbounded proposal along the scroll axes (the offered
// size across them), clipped to the viewport and drawn translated by the scroll offset.
//
// Why offset changes are cheap: the content is laid out once, at its unscrolled position; the
// offset lives in the view's `ScrollBox` and is applied only when the display list is
// recorded (one translation pushed before the children render), like the effect animators
// (`_OffsetEffect` under an animation): a scrolled frame re-evaluates no body and lays out
// nothing — it re-records the list and repaints the viewport. Hit testing and gesture
// coordinates follow from the recorded transforms.
//
// Touches: the whole viewport takes them (empty space between rows scrolls too). The scroll
// view is an outer drag (minimum distance 10, UIKit's pan hysteresis, subtracted so the content
// does not jump); gestures inside it are asked first, so a Slider or an inner DragGesture keeps
// its touches, and a nested scroll view takes only drags mostly along its own axis. A tap on a
// Button inside works when no drag started; once one starts, the button's press ends. A touch
// during momentum stops it (UIKit's catch). After the lift the offset moves on its own
// (ScrollMotion: momentum, rubber band, paging) on a `ScrollAnimator` in the graph's animator
// list, so the frame loop keeps drawing until it rests.
//
// Several views in the content are stacked as in a VStack (an HStack for `.horizontal`).
// Content shorter than the viewport sits at the top (leading) and is centred across the
// scroll axis. Indicators: 3-pt capsules 3 pt from the trailing (bottom) edge, black at 35 %
// (white in dark mode), drawn while scrolling and for 0.5 s after, as iOS's.
// Bad input: a NaN drag moves nothing; empty content scrolls nothing (the offset stays 0);
// a content size change clamps a resting offset into the new range.

import Raster

/// A scrollable view.
///
/// ```swift
/// ScrollView {
///     VStack { ForEach(items) { item in Row(item) } }
/// }
/// ScrollView(.horizontal, showsIndicators: false) { HStack { … } }
/// ```
public struct ScrollView<Content: View>: View, PrimitiveView, LayoutBehavior, NodeGestureSource, ScrollContainer {
    /// The scrollable axes.
    public var axes: Axis.Set
    /// Whether the indicators show while scrolling.
    public var showsIndicators: Bool
    public var content: Content

    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }
    public var body: Never { bodyNeverCalled("ScrollView") }

    func makeChildren(_ list: inout ChildList) {
        if axes == .horizontal { list.append(HStack { content }, key: 0) } else { list.append(VStack { content }, key: 0) }
    }

    private func margins(_ node: Node) -> EdgeInsets { node.environment.scrollContentMargins }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        if let w = proposal.width, let h = proposal.height { return CGSize(width: w, height: h) }
        let m = margins(node)
        let s = pass.size(of: node.layoutItems, contentProposal(proposal, m))
        return CGSize(width: proposal.width ?? s.width + m.leading + m.trailing, height: proposal.height ?? s.height + m.top + m.bottom)
    }

    private func contentProposal(_ p: ProposedViewSize, _ m: EdgeInsets) -> ProposedViewSize {
        ProposedViewSize(width: axes.contains(.horizontal) ? nil : p.width.map { max(0, $0 - m.leading - m.trailing) },
                         height: axes.contains(.vertical) ? nil : p.height.map { max(0, $0 - m.top - m.bottom) })
    }

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        // Content that ignores the keyboard safe area opts the scroll view out of it too: when
        // its bottom is at the on-screen keyboard's top, the viewport reaches under the keyboard
        // (scroll range and reveal as with no keyboard), as `.ignoresSafeArea(.keyboard)` outside.
        let bounds = _IgnoresKeyboardSafeArea.viewport(bounds, scrollView: node)
        let box = ScrollBox.of(node)
        box.axes = axes
        box.showsIndicators = showsIndicators
        let m = margins(node)
        ContainerRelativeFrameCache.containerResized(node, from: box.viewport.size, to: bounds.size)
        box.willLayOut(viewport: bounds, margins: m)
        box.claimBar(of: node.environment.navigationPage)
        let items = node.layoutItems
        var content = CGRect(origin: bounds.origin, size: .zero)
        if !items.isEmpty {
            let proposal = contentProposal(ProposedViewSize(bounds.size), m)
            let s = pass.size(of: items, proposal)
            var origin = CGPoint(x: bounds.minX + m.leading, y: bounds.minY + m.top)
            let innerW = bounds.width - m.leading - m.trailing, innerH = bounds.height - m.top - m.bottom
            if !axes.contains(.horizontal) { origin.x += (innerW - s.width) / 2 }
            if !axes.contains(.vertical) { origin.y += (innerH - s.height) / 2 }
            content = CGRect(origin: origin, size: s)
            pass.place(items: items, in: content, proposal: proposal)
        }
        box.didLayOut(viewport: bounds, content: content, margins: m, node: node)
    }

    func render(node: Node, pass: RenderPass) {
        guard let box = node.modifierState as? ScrollBox else { pass.renderChildren(of: node); return }
        let frame = node.frame
        let local = Raster.Rect(frame)
        pass.withSavedState {
            pass.pushGesture(node)
            pass.gestureTransforms[node.serial] = pass.transform
            // The viewport's rect path kept on the node while its frame stays (FrameRectPath, as
            // colour views do): a new path array every scrolled frame otherwise.
            pass.addHitShape(FrameRectPath.path(for: node))
            let device = pass.transform.apply(local)
            pass.narrowClip(to: IntRect(covering: device))
            if !pass.transform.isAxisAligned {
                pass.clipPaths.append(Raster.Path.rect(local).applying(pass.transform))
                pass.noteFixedPosition()
            }
            // Rows more than half a viewport away are not recorded (RenderPass.cullRect): a
            // scroll frame costs what is near the window, not the whole content (the 200-card
            // bench: 3530 allocations and 8 ms per frame without it).
            let cull = pass.cullRect
            pass.cullRect = Raster.Rect(x: device.x - device.width / 2, y: device.y - device.height / 2,
                                        width: device.width * 2, height: device.height * 2)
            // Whole points, as UIKit: text and edges stay crisp while the content moves.
            let o = box.offset
            pass.transform = Affine.translation(-Double(o.x).rounded(), -Double(o.y).rounded()).concatenating(pass.transform)
            pass.renderChildren(of: node)
            pass.cullRect = cull
        }
        pass.withSavedState {
            pass.hitTestingEnabled = false
            box.renderIndicators(node: node, pass: pass)
        }
    }

    func gestureRecipe(node: Node) -> GestureRecipe? {
        guard node.environment.isScrollEnabled, let box = node.modifierState as? ScrollBox else { return nil }
        return box.recipe
    }
}

/// A primitive that hands the touch router a gesture of its own (ScrollView's drag).
protocol NodeGestureSource {
    func gestureRecipe(node: Node) -> GestureRecipe?
}

/// Hands a running scroll's frames to the graph's animator list (ticked after layout each
/// frame, before the display list is recorded).
final class ScrollAnimator: AttributeAnimator {
    weak var box: ScrollBox?
    init(node: Node, box: ScrollBox) {
        self.box = box
        super.init(node: node, kind: .effect)
    }
    override func tick(at time: Double, graph: ViewGraph) -> Bool {
        guard let node, !node.isRemoved, let box else { return false }
        let running = box.tick(at: time, graph: graph)
        if !running { box.animator = nil }
        return running
    }
    override var presentedValue: Any { box?.offset ?? .zero }
}
