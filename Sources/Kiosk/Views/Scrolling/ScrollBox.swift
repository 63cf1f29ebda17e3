// ScrollBox: a ScrollView's state between frames (node.modifierState) — the offset, the
// finger's drag, the motion after the lift, a `scrollTo` animation, the indicators, and the
// lazy stacks inside that build rows for the visible window. See ScrollView.swift.

import Raster

final class ScrollBox {
    var node: Node? { get { nodeLink?.node } set { nodeLink = newValue?.link } }
    private var nodeLink: NodeLink?
    var axes: Axis.Set = .vertical
    var showsIndicators = true
    /// The scroll view's frame and its content's (root coordinates, unscrolled).
    private(set) var viewport = CGRect.zero
    private(set) var content = CGRect.zero
    private(set) var margins = EdgeInsets()
    /// What is shown: the content moved up/left by this much.
    private(set) var offset = CGPoint.zero
    var animator: ScrollAnimator?
    private var motion = (x: ScrollMotion(), y: ScrollMotion())
    private var dragging = false
    private var dragStart = CGPoint.zero
    private var dragBase = CGSize.zero
    /// An animated `scrollTo` (withAnimation): its animation state toward `animationTarget`.
    private var animation: AnimatorState<AnimatablePair<Double, Double>>?
    private var animationTarget = CGPoint.zero
    /// The last time the offset moved (indicators linger 0.5 s after it).
    private var lastMove = -Double.infinity
    private var indicatorsShown = false
    static let indicatorLinger = 0.5
    /// Lazy stacks inside, told when the visible window moves.
    var lazyStacks: [WeakLazy] = []
    struct WeakLazy { weak var box: LazyStackBox? }

    static func of(_ node: Node) -> ScrollBox {
        if let b = node.modifierState as? ScrollBox { return b }
        let b = ScrollBox()
        b.node = node
        node.modifierState = b
        return b
    }

    /// The largest offset on each axis (0 when the content fits).
    var maximum: CGPoint {
        CGPoint(x: max(0, content.width + margins.leading + margins.trailing - viewport.width),
                y: max(0, content.height + margins.top + margins.bottom - viewport.height))
    }
    /// The part of the content shown, in root (unscrolled) coordinates.
    var visibleRect: CGRect { viewport.offsetBy(dx: offset.x, dy: offset.y) }
    var isMoving: Bool { motion.x.isMoving || motion.y.isMoving || animation != nil }

    /// Before the content is placed: the viewport lazy stacks inside compute their rows from.
    func willLayOut(viewport: CGRect, margins: EdgeInsets) {
        self.viewport = viewport
        self.margins = margins
    }

    func didLayOut(viewport: CGRect, content: CGRect, margins: EdgeInsets, node: Node) {
        self.viewport = viewport
        self.content = content
        self.margins = margins
        if !dragging && !isMoving {
            let m = maximum
            let clamped = CGPoint(x: min(max(0, offset.x), m.x), y: min(max(0, offset.y), m.y))
            if clamped != offset { offset = clamped; if page != nil { updateBar() } }
        }
        notifyLazy(graph: node.graph, inLayout: true)
    }

    // MARK: The drag

    private(set) lazy var recipe: GestureRecipe = {
        var r = GestureRecipe(kind: .drag(minimumDistance: 10))
        r.onTouchDown = { [weak self] in self?.touchDown() }
        r.onChanged = { [weak self] in self?.dragChanged($0) }
        r.onEnded = { [weak self] in self?.dragEnded($0) }
        r.onFail = { [weak self] in self?.dragEnded(nil) }
        r.accepts = { [weak self] t in
            guard let self else { return false }
            if self.axes == .vertical { return abs(t.height) >= abs(t.width) }
            if self.axes == .horizontal { return abs(t.width) >= abs(t.height) }
            return true
        }
        return r
    }()

    private var graph: ViewGraph? { node?.graphIfAlive }
    private var now: Double { graph?.clock.currentTime ?? 0 }

    private func touchDown() {
        guard isMoving else { return }
        // A finger on moving content stops it where it is.
        motion.x.mode = .rest; motion.y.mode = .rest
        animation = nil
        changed()
    }

    private func dragChanged(_ value: DragGesture.Value) {
        let t = value.translation
        guard t.width.isFinite, t.height.isFinite else { return }
        if !dragging {
            dragging = true
            motion.x.mode = .rest; motion.y.mode = .rest
            animation = nil
            dragStart = offset
            dragBase = t
        }
        let m = maximum
        func follow(_ start: CGFloat, _ moved: CGFloat, _ maximum: CGFloat, _ length: CGFloat) -> CGFloat {
            let raw = Double(start - moved)
            if raw < 0 { return CGFloat(-ScrollMotion.rubberBand(-raw, length: Double(length))) }
            if raw > Double(maximum) { return maximum + CGFloat(ScrollMotion.rubberBand(raw - Double(maximum), length: Double(length))) }
            return CGFloat(raw)
        }
        var o = offset
        if axes.contains(.horizontal) { o.x = follow(dragStart.x, t.width - dragBase.width, m.x, viewport.width) }
        if axes.contains(.vertical) { o.y = follow(dragStart.y, t.height - dragBase.height, m.y, viewport.height) }
        setOffset(o)
    }

    /// The lift (nil: the touch was cancelled, no velocity).
    private func dragEnded(_ value: DragGesture.Value?) {
        guard dragging else { return }
        dragging = false
        var v = value?.velocity ?? .zero
        if !v.width.isFinite { v.width = 0 }
        if !v.height.isFinite { v.height = 0 }
        let time = now
        let m = maximum
        let behavior = node?.environment.scrollTargetBehavior ?? .none
        if axes.contains(.horizontal) {
            let target = snapTarget(axis: .horizontal, offset: Double(offset.x), velocity: -Double(v.width), behavior: behavior)
            motion.x.release(from: Double(offset.x), velocity: -Double(v.width), at: time, maximum: Double(m.x), target: target)
        }
        if axes.contains(.vertical) {
            let target = snapTarget(axis: .vertical, offset: Double(offset.y), velocity: -Double(v.height), behavior: behavior)
            motion.y.release(from: Double(offset.y), velocity: -Double(v.height), at: time, maximum: Double(m.y), target: target)
        }
        lastMove = time
        startAnimating()
    }

    /// Where paging or view alignment wants a release to settle (nil: free momentum).
    private func snapTarget(axis: Axis, offset x: Double, velocity v: Double, behavior: ScrollTargetBehaviorKind) -> Double? {
        let length = Double(axis == .horizontal ? viewport.width : viewport.height)
        switch behavior {
        case .none:
            return nil
        case .paging:
            guard length > 0 else { return nil }
            let page = x / length
            // A flick (UIKit: anything faster than a slow drag) turns the page; otherwise the
            // nearest page wins.
            let target: Double
            if v > 300 { target = page.rounded(.down) + 1 } else if v < -300 { target = page.rounded(.up) - 1 } else { target = page.rounded() }
            return target * length
        case .viewAligned:
            let targets = alignmentTargets(axis: axis)
            guard !targets.isEmpty else { return nil }
            let end = ScrollMotion.projectedEnd(from: x, velocity: v)
            return targets.min { abs($0 - end) < abs($1 - end) }
        }
    }

    /// The leading edges (offsets) of the scroll target layout's children, or of the content's
    /// direct children when no `.scrollTargetLayout()` is marked.
    private func alignmentTargets(axis: Axis) -> [Double] {
        guard let node else { return [] }
        var layout: Node? = nil
        func find(_ n: Node) {
            if layout != nil { return }
            if ((n.primitive as? any ModifierCarrier)?.anyModifier) is _ScrollTargetLayoutModifier { layout = n; return }
            n.children.forEach(find)
        }
        find(node)
        var items: [Node] = []
        if let layout { for item in layout.layoutItems { items.append(contentsOf: item.layoutItems) } }
        if items.isEmpty { for item in node.layoutItems { items.append(contentsOf: item.layoutItems) } }
        let base = axis == .horizontal ? viewport.minX + margins.leading : viewport.minY + margins.top
        return items.map { Double((axis == .horizontal ? $0.layoutFrame.minX : $0.layoutFrame.minY) - base) }
    }

    // MARK: Programmatic scrolling

    /// Scrolls so that `frame` (root coordinates, unscrolled) shows at `anchor` of the viewport,
    /// or, with no anchor, by the least amount that shows it whole. Animated when `transaction`
    /// has an animation.
    func scroll(toShow frame: CGRect, anchor: UnitPoint?, transaction: Transaction) {
        let m = maximum
        var target = offset
        func axisTarget(_ lo: CGFloat, _ hi: CGFloat, _ vlo: CGFloat, _ vlen: CGFloat, _ current: CGFloat, _ a: CGFloat?) -> CGFloat {
            let itemStart = lo - vlo, itemEnd = hi - vlo
            if let a { return itemStart + (itemEnd - itemStart) * a - vlen * a }
            if itemStart < current { return itemStart }
            if itemEnd > current + vlen { return min(itemStart, itemEnd - vlen) }
            return current
        }
        if axes.contains(.horizontal) {
            target.x = axisTarget(frame.minX, frame.maxX, viewport.minX, viewport.width, offset.x, anchor.map { $0.x })
        }
        if axes.contains(.vertical) {
            target.y = axisTarget(frame.minY, frame.maxY, viewport.minY, viewport.height, offset.y, anchor.map { $0.y })
        }
        target = CGPoint(x: min(max(0, target.x), m.x), y: min(max(0, target.y), m.y))
        guard target.x.isFinite, target.y.isFinite else { return }
        scroll(to: target, transaction: transaction)
    }

    func scroll(to target: CGPoint, transaction: Transaction) {
        motion.x.mode = .rest; motion.y.mode = .rest
        lastMove = now
        if let a = transaction.animation, !transaction.disablesAnimations, let graph {
            let interval = AnimatablePair(Double(target.x - offset.x), Double(target.y - offset.y))
            animation = AnimatorState(animation: a, interval: interval, at: now, listener: transaction.listener(graph: graph))
            animationTarget = target
            startAnimating()
        } else {
            animation = nil
            setOffset(target)
            startAnimating()        // for the indicators' linger
        }
    }

    // MARK: Frames

    private func startAnimating() {
        guard animator == nil, let node, let graph else { changed(); return }
        let a = ScrollAnimator(node: node, box: self)
        animator = a
        graph.animators.append(a)
        changed()
    }

    /// One frame of motion; false once at rest with the indicators hidden.
    func tick(at time: Double, graph: ViewGraph) -> Bool {
        let m = maximum
        var o = offset
        if let x = motion.x.position(at: time, maximum: Double(m.x)) { o.x = CGFloat(x) }
        if let y = motion.y.position(at: time, maximum: Double(m.y)) { o.y = CGFloat(y) }
        if var a = animation {
            if let s = a.sample(at: time) {
                o = CGPoint(x: animationTarget.x - CGFloat(a.interval.first - s.first), y: animationTarget.y - CGFloat(a.interval.second - s.second))
                animation = a
            } else {
                o = animationTarget
                animation = nil
            }
        }
        if o != offset { setOffset(o, at: time) }
        let visible = showsIndicators(at: time)
        if visible != indicatorsShown { indicatorsShown = visible; changed() }
        return isMoving || dragging || visible
    }

    /// The navigation page whose bar this scroll view turns (its first vertical ScrollView).
    weak var page: NavigationPageInfo?

    /// Claims the page's bar (at layout) when no other live scroll view has it.
    func claimBar(of page: NavigationPageInfo?) {
        guard axes.contains(.vertical), let page else { return }
        if page.edgeScroller.box == nil || page.edgeScroller.box === self {
            if page.edgeScroller.box !== self { page.edgeScroller.box = self }
            self.page = page
            updateBar()
        }
    }

    /// Content under the bar: scrolled down by more than half a point (the rubber band at the
    /// top is the scroll edge still). Writes the page only on a change.
    private func updateBar() {
        guard let page, page.edgeScroller.box === self else { return }
        let under = offset.y > 0.5
        if page.scrolledUnder != under { page.scrolledUnder = under }
    }

    private func setOffset(_ o: CGPoint, at time: Double? = nil) {
        guard o.x.isFinite, o.y.isFinite else { return }
        offset = o
        if page != nil { updateBar() }
        lastMove = time ?? now
        indicatorsShown = showsIndicators(at: lastMove)
        changed()
        if let graph { notifyLazy(graph: graph, inLayout: false) }
    }

    /// The display list must be recorded again (nothing re-evaluates or re-lays out).
    private func changed() {
        guard let graph else { return }
        graph.needsRender = true
        graph.needsUpdate = true
    }

    private func notifyLazy(graph: ViewGraph, inLayout: Bool) {
        guard !lazyStacks.isEmpty else { return }
        lazyStacks.removeAll { $0.box == nil }
        let visible = visibleRect
        for l in lazyStacks { l.box?.visibleWindowMoved(visible, inLayout: inLayout) }
    }

    // MARK: Indicators

    private func showsIndicators(at time: Double) -> Bool {
        guard showsIndicators, let env = node?.environment else { return false }
        let v = env.scrollIndicatorVisibility
        if v == .hidden || v == .never { return false }
        return dragging || isMoving || time - lastMove < ScrollBox.indicatorLinger
    }

    func renderIndicators(node: Node, pass: RenderPass) {
        guard indicatorsShown else { return }
        let frame = node.frame
        let dark = node.environment.colorScheme == .dark
        let color: Raster.Color = dark ? Raster.Color(r: 1, g: 1, b: 1, a: 0.35) : Raster.Color(r: 0, g: 0, b: 0, a: 0.35)
        let m = maximum
        let thickness: CGFloat = 3, inset: CGFloat = 3, minimumLength: CGFloat = 36
        func bar(length: CGFloat, contentLength: CGFloat, offset: CGFloat, maximum: CGFloat) -> (start: CGFloat, length: CGFloat) {
            let track = length - 2 * inset
            var l = max(minimumLength, track * length / max(length, contentLength))
            // Past an edge the indicator shrinks (UIKit), but never below its thickness.
            let over = offset < 0 ? -offset : (offset > maximum ? offset - maximum : 0)
            l = max(thickness * 2, min(l, track) - over)
            let fraction = maximum > 0 ? min(1, max(0, offset / maximum)) : 0
            return (inset + (track - l) * fraction, l)
        }
        var index = 1000
        if axes.contains(.vertical) && m.y > 0 {
            let b = bar(length: frame.height, contentLength: content.height + margins.top + margins.bottom, offset: offset.y, maximum: m.y)
            let r = CGRect(x: frame.maxX - inset - thickness, y: frame.minY + b.start, width: thickness, height: b.length)
            pass.emit(.fill(.roundedRect(Raster.Rect(r), cornerRadius: Double(thickness / 2)), .solid(color), .nonZero),
                      owner: node, index: index, localBounds: r)
            index += 1
        }
        if axes.contains(.horizontal) && m.x > 0 {
            let b = bar(length: frame.width, contentLength: content.width + margins.leading + margins.trailing, offset: offset.x, maximum: m.x)
            let r = CGRect(x: frame.minX + b.start, y: frame.maxY - inset - thickness, width: b.length, height: thickness)
            pass.emit(.fill(.roundedRect(Raster.Rect(r), cornerRadius: Double(thickness / 2)), .solid(color), .nonZero),
                      owner: node, index: index, localBounds: r)
        }
    }
}
