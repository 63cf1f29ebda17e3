// LayoutPass: one run of SwiftUI's layout protocol over the graph. A parent proposes a size,
// the child answers with the size it wants (`sizeThatFits`), and the parent places it
// (`place`). Answers are cached per node and proposal for the pass because stacks ask each
// child several times (for its minimum, maximum and share); without the cache nested stacks
// cost exponential time.

/// How a built-in view takes part in layout and drawing.
protocol LayoutBehavior {
    /// The size this view wants for `proposal`.
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize
    /// Places the children inside `bounds` (the node's own frame, already stored).
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass)
    /// Emits draw commands for the node and its children.
    func render(node: Node, pass: RenderPass)
    /// The stack distributes space to higher priorities first.
    var layoutPriority: Double { get }
    /// Draw order among siblings.
    var zIndex: Double { get }
    /// Distance from the top to the first/last text baseline, when the view has text.
    func baseline(node: Node, size: CGSize, last: Bool, pass: LayoutPass) -> CGFloat?
    /// True for Spacer: stacks give spacers no cross-axis size and their default spacing rule.
    var isSpacer: Bool { get }
}

extension LayoutBehavior {
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        pass.place(items: node.layoutItems, in: bounds)
    }
    func render(node: Node, pass: RenderPass) { pass.renderChildren(of: node) }
    var layoutPriority: Double { 0 }
    var zIndex: Double { 0 }
    func baseline(node: Node, size: CGSize, last: Bool, pass: LayoutPass) -> CGFloat? {
        let items = node.layoutItems
        guard items.count == 1 else { return nil }
        return pass.baseline(of: items[0], size: size, last: last)
    }
    var isSpacer: Bool { false }
}

/// A layout that sizes to its single content (or a vertical group of several).
protocol PassThroughLayout: LayoutBehavior {}
extension PassThroughLayout {
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        pass.size(of: node.layoutItems, proposal)
    }
}

final class LayoutPass {
    /// Sizes past this are clamped (a frame of 1e300 would overflow integer pixel maths).
    static let maxDimension: CGFloat = 1_000_000

    @exclusivity(unchecked) private(set) var number: Int
    let text: TextMeasuring
    /// The axis of the stack whose children are being measured (for Spacer).
    @exclusivity(unchecked) var stackAxis: Axis?
    /// Set when layout re-evaluated a node (GeometryReader): lifecycle callbacks may be pending.
    @exclusivity(unchecked) var didChangeTree = false
    /// The transaction frame changes animate with: the graph's layout transaction, replaced
    /// on the way down by that of each node evaluated in the latest update.
    @exclusivity(unchecked) var transaction = Transaction()

    init(number: Int, text: TextMeasuring) {
        self.number = number
        self.text = text
    }

    /// Begins another pass with this object (the renderer keeps one: no allocation per layout).
    func start(number: Int, transaction: Transaction = Transaction()) {
        self.number = number
        self.transaction = transaction
        stackAxis = nil
        didChangeTree = false
    }

    /// The size `node` wants for `proposal` (cached for this pass).
    func size(_ node: Node, _ proposal: ProposedViewSize) -> CGSize {
        guard let layout = node.layout else { return size(of: node.layoutItems, proposal) }
        let proposal = LayoutPass.sanitize(proposal)
        node.lastProposal = proposal
        if node.sizeCachePass != number && node.needsLayout {
            // Stale answers from an earlier pass; a clean node keeps them (same subtree, same sizes).
            node.sizeCache.removeAll(keepingCapacity: true)
        }
        node.sizeCachePass = number
        for (p, s) in node.sizeCache where p == proposal { return s }
        if node.sizeCache.count >= 16 { node.sizeCache.removeFirst(8) }
        var result = layout.sizeThatFits(proposal, node: node, pass: self)
        if !(result.width >= 0) { result.width = 0 }    // NaN or negative
        if !(result.height >= 0) { result.height = 0 }
        node.sizeCache.append((proposal, result))
        return result
    }

    /// The proposal `node` is placed for: SwiftUI's `placeSubviews` gets the proposal the parent
    /// sized the view with, not its bounds' size. The parent's last size question is that one
    /// (it measures, then places); when its answer is not the size placed (a parent that placed
    /// elsewhere), the bounds' size. A stack sized for nil (`.fixedSize()`, a horizontal
    /// ScrollView) is thus placed with its children's ideal sizes: re-dividing its own width
    /// from the least flexible child on would give a text a third of it and cut it.
    func placementProposal(of node: Node, bounds: CGRect) -> ProposedViewSize {
        if let p = node.lastProposal, node.layout != nil, p != ProposedViewSize(bounds.size), size(node, p) == bounds.size { return p }
        return ProposedViewSize(bounds.size)
    }

    /// Stores `rect` as the node's frame and places its children.
    func place(_ node: Node, in rect: CGRect) {
        let rect = LayoutPass.clamp(rect)
        guard let layout = node.layout else { place(items: node.layoutItems, in: rect); return }
        if !node.needsLayout && node.layoutFrame == rect { return }   // clean and not moved: children stay
        let outer = transaction
        if node.transactionStamp == node.graph.updateStamp { transaction = node.transaction }
        defer { transaction = outer }
        if node.wasPlaced {
            // A moved or resized view glides there when the change was animated.
            if node.layoutFrame != rect || node.frameAnimator != nil {
                node.graph.animateFrame(node, from: node.layoutFrame, to: rect, transaction: transaction)
            }
        } else {
            node.frame = rect
            node.wasPlaced = true
        }
        node.layoutFrame = rect
        layout.placeChildren(in: rect, node: node, pass: self)
        node.needsLayout = false
    }

    /// Several items where one view is expected (a modifier on a Group, a multi-view body at
    /// the root) are stacked vertically with default spacing, as SwiftUI does at the root.
    func size(of items: [Node], _ proposal: ProposedViewSize) -> CGSize {
        switch items.count {
        case 0: return .zero
        case 1: return size(items[0], proposal)
        default: return StackLayout(axis: .vertical, alignment: .center, verticalAlignment: .center, spacing: nil)
            .size(items: items, proposal: proposal, pass: self)
        }
    }

    /// Places `items` in `rect`, sized for `proposal` — the rect's size when nil; a parent that
    /// measured its content for another proposal (a ScrollView along its axis: nil) passes that
    /// one, so the content is placed as measured, not re-proposed the rect's size.
    func place(items: [Node], in rect: CGRect, proposal: ProposedViewSize? = nil) {
        let offered = proposal ?? ProposedViewSize(rect.size)
        switch items.count {
        case 0: return
        case 1:
            // A single child is centred in the rect.
            let s = size(items[0], offered)
            place(items[0], in: CGRect(origin: Alignment.center.origin(of: s, in: rect), size: s))
        default:
            // The implicit VStack is centred in the rect like a single child (a two-view body at
            // the root sits in the middle of the screen on iOS, not at its top).
            let stack = StackLayout(axis: .vertical, alignment: .center, verticalAlignment: .center, spacing: nil)
            let s = stack.size(items: items, proposal: offered, pass: self)
            stack.place(items: items, in: CGRect(origin: Alignment.center.origin(of: s, in: rect), size: s), proposal: proposal, pass: self)
        }
    }

    func baseline(of node: Node, size: CGSize, last: Bool) -> CGFloat? {
        node.layout?.baseline(node: node, size: size, last: last, pass: self)
    }

    /// NaN proposals become nil (ideal size), negative ones 0, huge ones the maximum.
    static func sanitize(_ p: ProposedViewSize) -> ProposedViewSize {
        func fix(_ v: CGFloat?) -> CGFloat? {
            guard let v else { return nil }
            if v.isNaN { return nil }
            if v < 0 { return 0 }
            if v > maxDimension && v != .infinity { return maxDimension }
            return v
        }
        return ProposedViewSize(width: fix(p.width), height: fix(p.height))
    }

    static func clamp(_ r: CGRect) -> CGRect {
        func fix(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : Swift.min(Swift.max(v, -maxDimension), maxDimension) }
        return CGRect(x: fix(r.origin.x), y: fix(r.origin.y),
                      width: Swift.max(0, fix(r.size.width)), height: Swift.max(0, fix(r.size.height)))
    }
}

/// Measures text for layout. The real one is the text team's FontLibrary; tests without fonts
/// can use the fixed-advance fallback.
protocol TextMeasuring: AnyObject {
    func measure(_ text: ResolvedText, maxWidth: CGFloat?) -> TextMetrics
}

/// What layout needs from text.
struct TextMetrics: Hashable {
    var size: CGSize
    var firstBaseline: CGFloat
    var lastBaseline: CGFloat
}
