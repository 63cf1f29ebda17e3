// LazyVStack / LazyHStack: stacks that build only the rows inside the enclosing ScrollView's
// visible window (plus a quarter of the viewport each side), so a ForEach over 10 000 items
// keeps a few dozen nodes. Rows not built yet are assumed to be as long as the average built
// row (44 points before any is measured); measured rows keep their length. The stack takes the
// whole length offered across its axis (SwiftUI's lazy stacks fill it, unlike VStack), and
// places each row aligned across it.
//
// Laziness needs the rows one by one: content that is a `ForEach` directly is built lazily;
// any other content (a header beside a ForEach, a Group) is built whole and stacked like a
// VStack/HStack (documented limit). Outside a ScrollView everything is built.
// `pinnedViews` pins Sections' headers and footers to the scroll view's edges
// (PinnedSections.swift); a ForEach of Sections is built whole (a section is several items).
//
// When the window moves (a scroll frame), the stack is re-evaluated only if the range of rows
// it needs changed; otherwise a scroll frame touches nothing here.

/// A vertical stack that builds its rows as they scroll into view.
///
/// ```swift
/// ScrollView { LazyVStack(spacing: 12) { ForEach(0..<10_000) { Text("Row \($0)") } } }
/// ```
public struct LazyVStack<Content: View>: View, PrimitiveView, LayoutBehavior {
    let core: LazyStackCore
    let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        core = LazyStackCore(axis: .vertical, alignment: alignment.fraction, spacing: spacing)
        self.pinnedViews = pinnedViews
        self.content = content()
    }
    let pinnedViews: PinnedScrollableViews
    public var body: Never { bodyNeverCalled("LazyVStack") }
    func makeChildren(_ list: inout ChildList) { core.makeChildren(content, &list) }
    func render(node: Node, pass: RenderPass) {
        PinnedSections.render(node: node, pass: pass, axis: .vertical, pinned: pinnedViews)
    }
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        core.sizeThatFits(proposal, node: node, pass: pass)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) { core.placeChildren(in: bounds, node: node, pass: pass) }
}

/// A horizontal stack that builds its columns as they scroll into view.
public struct LazyHStack<Content: View>: View, PrimitiveView, LayoutBehavior {
    let core: LazyStackCore
    let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        core = LazyStackCore(axis: .horizontal, alignment: alignment.fraction, spacing: spacing)
        self.pinnedViews = pinnedViews
        self.content = content()
    }
    let pinnedViews: PinnedScrollableViews
    public var body: Never { bodyNeverCalled("LazyHStack") }
    func makeChildren(_ list: inout ChildList) { core.makeChildren(content, &list) }
    func render(node: Node, pass: RenderPass) {
        PinnedSections.render(node: node, pass: pass, axis: .horizontal, pinned: pinnedViews)
    }
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        core.sizeThatFits(proposal, node: node, pass: pass)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) { core.placeChildren(in: bounds, node: node, pass: pass) }
}

/// Which section views pin to the scroll view's edges (PinnedSections.swift).
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// Content that can list its children one index at a time (ForEach).
protocol LazyChildSource {
    var lazyCount: Int { get }
    /// The elements are Sections (several items each): not built lazily.
    var elementsAreSections: Bool { get }
    func appendLazyChildren(_ range: Range<Int>, to list: inout ChildList)
    func lazyIndex(of id: AnyHashable) -> Int?
}

extension ForEach: LazyChildSource {
    var lazyCount: Int { data.count }
    var elementsAreSections: Bool { Content.self is any ListSection.Type }
    func appendLazyChildren(_ range: Range<Int>, to list: inout ChildList) {
        var index = data.index(data.startIndex, offsetBy: range.lowerBound)
        for _ in range {
            let element = data[index]
            list.append(view(for: element), key: idOf(element))
            index = data.index(after: index)
        }
    }
    func lazyIndex(of id: AnyHashable) -> Int? {
        var i = 0
        for element in data {
            if AnyHashable(idOf(element)) == id { return i }
            i += 1
        }
        return nil
    }
}

/// The lazy stacks' shared layout (axis-generic).
struct LazyStackCore {
    let axis: Axis
    let alignment: CGFloat
    let spacing: CGFloat?
    var gap: CGFloat { spacing.map { $0.isFinite ? max(0, $0) : 0 } ?? StackLayout.defaultSpacing }
    var cross: Axis { axis == .horizontal ? .vertical : .horizontal }

    func makeChildren<Content: View>(_ content: Content, _ list: inout ChildList) {
        guard let node = ViewGraph.currentReader, let source = content as? any LazyChildSource, !source.elementsAreSections else {
            (ViewGraph.currentReader?.modifierState as? LazyStackBox)?.source = nil
            list.append(content, key: 0)
            return
        }
        let box = LazyStackBox.of(node)
        box.source = source
        box.resize(source.lazyCount)
        let r = box.range.clamped(to: 0..<box.count)
        box.range = r
        source.appendLazyChildren(r, to: &list)
    }

    private func plain() -> StackLayout {
        StackLayout(axis: axis, alignment: HorizontalAlignment(fraction: alignment), verticalAlignment: VerticalAlignment(fraction: alignment, baseline: nil), spacing: spacing)
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        guard let box = node.modifierState as? LazyStackBox, box.source != nil else {
            var s = plain().size(items: node.layoutItems, proposal: proposal, pass: pass)
            if let c = proposal[cross], c.isFinite { s[cross] = c }
            return s
        }
        var itemProposal = ProposedViewSize(width: nil, height: nil)
        itemProposal[cross] = proposal[cross]
        var maxCross: CGFloat = 0
        let items = node.layoutItems
        if items.count == box.range.count {
            for (k, item) in items.enumerated() {
                let s = pass.size(item, itemProposal)
                box.record(index: box.range.lowerBound + k, length: s[axis])
                maxCross = max(maxCross, s[cross])
            }
        }
        var result = CGSize.zero
        result[axis] = box.total(gap: gap)
        result[cross] = proposal[cross].flatMap { $0.isFinite ? $0 : nil } ?? maxCross
        return result
    }

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        guard let box = node.modifierState as? LazyStackBox, box.source != nil else {
            plain().place(items: node.layoutItems, in: bounds, pass: pass)
            return
        }
        box.core = self
        box.node = node
        let scroll = box.enclosingScroll(of: node)
        let wanted = scroll.map { box.range(for: $0.visibleRect, in: bounds, gap: gap) } ?? 0..<box.count
        if wanted != box.range {
            box.range = wanted
            node.graph.evaluate(node)
            pass.didChangeTree = true
        }
        var itemProposal = ProposedViewSize(width: nil, height: nil)
        itemProposal[cross] = bounds.size[cross]
        let items = node.layoutItems
        let before = box.total(gap: gap)
        var cursor = (axis == .vertical ? bounds.minY : bounds.minX) + box.start(of: box.range.lowerBound, gap: gap)
        for (k, item) in items.enumerated() {
            let s = pass.size(item, itemProposal)
            if items.count == box.range.count { box.record(index: box.range.lowerBound + k, length: s[axis]) }
            var origin = CGPoint.zero
            if axis == .vertical {
                origin = CGPoint(x: bounds.minX + (bounds.width - s.width) * alignment, y: cursor)
            } else {
                origin = CGPoint(x: cursor, y: bounds.minY + (bounds.height - s.height) * alignment)
            }
            pass.place(item, in: CGRect(origin: origin, size: s))
            cursor += s[axis] + gap
        }
        // Measured rows changed the estimate: lay out again (same frame) so the scroll view's
        // content length follows.
        if abs(box.total(gap: gap) - before) > 0.5 {
            node.graph.invalidate(node)
            node.invalidateLayout()
            pass.didChangeTree = true
        }
    }
}

/// A lazy stack's rows between frames: which are built, the lengths measured so far.
final class LazyStackBox {
    var node: Node? { get { nodeLink?.node } set { nodeLink = newValue?.link } }
    private var nodeLink: NodeLink?
    var core: LazyStackCore?
    var source: (any LazyChildSource)?
    /// For a lazy grid (LazyGrid.swift) the box's rows are lines of this many items; 1 for a stack.
    var itemsPerRow = 1
    private(set) var count = 0
    /// The built rows (indices into the source).
    var range = 0..<0
    /// Measured lengths (−1: not measured yet) and their running sum.
    private var lengths: [CGFloat] = []
    private var measuredSum: CGFloat = 0
    private var measuredCount = 0
    private weak var scroll: ScrollBox?
    static let defaultLength: CGFloat = 44
    /// The first build, before any viewport is known: enough rows for a screen.
    static let initialRows = 16

    static func of(_ node: Node) -> LazyStackBox {
        if let b = node.modifierState as? LazyStackBox { return b }
        let b = LazyStackBox()
        b.node = node
        b.range = 0..<initialRows
        node.modifierState = b
        return b
    }

    func resize(_ n: Int) {
        guard n != count else { return }
        if n < lengths.count {
            for l in lengths[n...] where l >= 0 { measuredSum -= l; measuredCount -= 1 }
            lengths.removeSubrange(n...)
        } else {
            lengths.append(contentsOf: repeatElement(-1, count: n - lengths.count))
        }
        count = n
    }

    func record(index: Int, length: CGFloat) {
        guard index >= 0, index < lengths.count, length.isFinite else { return }
        let old = lengths[index]
        if old == length { return }
        if old >= 0 { measuredSum -= old } else { measuredCount += 1 }
        measuredSum += length
        lengths[index] = length
    }

    var estimate: CGFloat { measuredCount > 0 ? measuredSum / CGFloat(measuredCount) : LazyStackBox.defaultLength }

    func length(_ i: Int) -> CGFloat { lengths[i] >= 0 ? lengths[i] : estimate }

    /// Where row `index` starts, from the stack's leading edge.
    func start(of index: Int, gap: CGFloat) -> CGFloat {
        let e = estimate
        var y: CGFloat = 0
        for i in 0..<min(index, count) { y += (lengths[i] >= 0 ? lengths[i] : e) + gap }
        return y
    }

    func total(gap: CGFloat) -> CGFloat {
        guard count > 0 else { return 0 }
        let unmeasured = CGFloat(count - measuredCount)
        return measuredSum + unmeasured * estimate + gap * CGFloat(count - 1)
    }

    /// The rows meeting `visible` (root coordinates) widened by a quarter of its length each
    /// side, for a stack laid out in `bounds`.
    func range(for visible: CGRect, in bounds: CGRect, gap: CGFloat) -> Range<Int> {
        guard count > 0, let axis = core?.axis else { return 0..<0 }
        let vertical = axis == .vertical
        let margin = (vertical ? visible.height : visible.width) / 4
        let lo = (vertical ? visible.minY - bounds.minY : visible.minX - bounds.minX) - margin
        let hi = (vertical ? visible.maxY - bounds.minY : visible.maxX - bounds.minX) + margin
        let e = estimate
        var y: CGFloat = 0
        var first = count, last = 0
        for i in 0..<count {
            let l = lengths[i] >= 0 ? lengths[i] : e
            if y + l >= lo && first == count { first = i }
            if y > hi { break }
            last = i + 1
            y += l + gap
        }
        return first < last ? first..<last : (first < count ? first..<(first + 1) : max(0, count - 1)..<count)
    }

    /// The scroll view this stack scrolls in (registered there so it hears of window moves).
    func enclosingScroll(of node: Node) -> ScrollBox? {
        if let scroll { return scroll }
        var n = node.parent
        while let p = n {
            if let box = p.modifierState as? ScrollBox, p.primitive is any NodeGestureSource {
                scroll = box
                box.lazyStacks.append(ScrollBox.WeakLazy(box: self))
                return box
            }
            n = p.parent
        }
        return nil
    }

    /// The scroll view's window moved without a layout: build other rows if it needs them.
    func visibleWindowMoved(_ visible: CGRect, inLayout: Bool) {
        guard !inLayout, let node, !node.isRemoved, let core, source != nil else { return }
        let wanted = range(for: visible, in: node.layoutFrame, gap: core.gap)
        guard wanted != range else { return }
        range = wanted
        node.graph.invalidate(node)
        node.invalidateLayout()
    }

    /// Where the row with `id` would start (root coordinates), built or not.
    func frame(ofID id: AnyHashable) -> CGRect? {
        guard let node, let core, let i = source?.lazyIndex(of: id) else { return nil }
        let f = node.layoutFrame
        let s = start(of: i, gap: core.gap), l = length(i)
        return core.axis == .vertical ? CGRect(x: f.minX, y: f.minY + s, width: f.width, height: l)
                                      : CGRect(x: f.minX + s, y: f.minY, width: l, height: f.height)
    }
}
