// LayoutSubviews / LayoutSubview: the proxies a custom Layout measures and places. A proxy
// is a node of the container's layout items and the container's `LayoutContext`, which holds
// the layout pass while one of the layout's methods runs and collects placements (applied
// after `placeSubviews` returns, so a subview placed twice moves once, to its last place).

/// The subviews of a custom layout's container, in view order.
public struct LayoutSubviews: RandomAccessCollection, Equatable {
    public typealias Element = LayoutSubview
    public typealias Index = Int
    public typealias SubSequence = LayoutSubviews

    let items: [Node]
    /// Each element's placement slot in the context (nil: its position in `items`).
    let slots: [Int]?
    let context: LayoutContext
    public let startIndex: Int
    public let endIndex: Int

    init(items: [Node], context: LayoutContext) {
        self.items = items; slots = nil; self.context = context
        startIndex = 0; endIndex = items.count
    }
    private init(items: [Node], slots: [Int]?, context: LayoutContext, range: Range<Int>) {
        self.items = items; self.slots = slots; self.context = context
        startIndex = range.lowerBound; endIndex = range.upperBound
    }

    public subscript(index: Int) -> LayoutSubview {
        precondition(index >= startIndex && index < endIndex, "LayoutSubviews index \(index) out of range \(startIndex)..<\(endIndex)")
        return LayoutSubview(node: items[index], slot: slots?[index] ?? index, context: context)
    }
    public subscript(bounds: Range<Int>) -> LayoutSubviews {
        LayoutSubviews(items: items, slots: slots, context: context, range: bounds.clamped(to: startIndex..<endIndex))
    }
    /// The subviews at `indices`, in that order.
    public subscript<S: Sequence>(indices: S) -> LayoutSubviews where S.Element == Int {
        var nodes: [Node] = [], picked: [Int] = []
        for i in indices where i >= startIndex && i < endIndex {
            nodes.append(items[i]); picked.append(slots?[i] ?? i)
        }
        return LayoutSubviews(items: nodes, slots: picked, context: context, range: 0..<nodes.count)
    }

    public static func == (a: LayoutSubviews, b: LayoutSubviews) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
    }
}

/// One subview of a custom layout: measure it, read its traits, place it.
public struct LayoutSubview: Equatable {
    let node: Node
    let slot: Int
    let context: LayoutContext

    /// The size the subview wants for `proposal`.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { context.measure(node, proposal) }

    /// The subview's size and alignment guides for `proposal`.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        ViewDimensions(size: context.measure(node, proposal), node: node, pass: context.activePass)
    }

    /// Its layout priority (`.layoutPriority(_:)`), 0 by default.
    public var priority: Double { LayoutTraits.priority(of: node) }

    /// The spacing it prefers around it: a custom layout's `spacing(subviews:cache:)`, otherwise `ViewSpacing()`.
    public var spacing: ViewSpacing {
        guard let pass = context.activePass, let provider = node.layout as? any ExplicitAlignmentProvider else { return ViewSpacing() }
        return provider.preferredSpacing(node: node, pass: pass)
    }

    /// The value set with `.layoutValue(key:value:)` on the subview, or the key's default.
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        LayoutTraits.value(key, of: node) ?? K.defaultValue
    }

    /// Puts the subview's `anchor` at `position` (in the container's coordinates, like
    /// `bounds`), sized for `proposal`. The last call wins; call it from `placeSubviews` only.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        context.place(slot: slot, node: node, at: position, anchor: anchor, proposal: proposal)
    }

    /// Places the subview in exactly `rect` (the built-in layouts, which already know sizes).
    func place(in rect: CGRect) { context.put(slot: slot, rect: rect) }

    public static func == (a: LayoutSubview, b: LayoutSubview) -> Bool { a.node === b.node }
}

/// A container's link to the layout pass while its layout runs, and the placements collected.
final class LayoutContext {
    /// Set only while one of the layout's methods runs (kept unowned: the renderer owns the pass).
    private(set) unowned(unsafe) var activePass: LayoutPass?
    private var depth = 0
    var stackAxis: Axis?
    /// Per slot: where `placeSubviews` put it, and how many times.
    private(set) var placements: [CGRect] = []
    private(set) var placeCounts: [Int32] = []
    private(set) var collecting = false
    var badPosition = false
    /// Warnings already given for this container (one each).
    var warned: Set<String> = []

    /// Runs `body` with the pass active and Spacers growing along `stackAxis`.
    func with<R>(_ pass: LayoutPass, _ body: () -> R) -> R {
        let outerPass = activePass
        activePass = pass
        depth += 1
        let saved = pass.stackAxis
        pass.stackAxis = stackAxis
        defer { pass.stackAxis = saved; depth -= 1; activePass = depth == 0 ? nil : outerPass }
        return body()
    }

    func measure(_ node: Node, _ proposal: ProposedViewSize) -> CGSize {
        guard let pass = activePass else {
            warnOnce("outside", "LayoutSubview measured outside its layout's methods; it reports .zero")
            return .zero
        }
        let saved = pass.stackAxis
        pass.stackAxis = stackAxis
        defer { pass.stackAxis = saved }
        return pass.size(node, proposal)
    }

    func beginPlacing(count: Int) {
        placements.removeAll(keepingCapacity: true)
        placeCounts.removeAll(keepingCapacity: true)
        placements.append(contentsOf: repeatElement(.zero, count: count))
        placeCounts.append(contentsOf: repeatElement(0, count: count))
        badPosition = false
        collecting = true
    }
    func endPlacing() { collecting = false }

    func place(slot: Int, node: Node, at position: CGPoint, anchor: UnitPoint, proposal: ProposedViewSize) {
        guard collecting, slot < placements.count else {
            warnOnce("place", "LayoutSubview.place called outside placeSubviews; ignored")
            return
        }
        guard position.x.isFinite, position.y.isFinite, anchor.x.isFinite, anchor.y.isFinite else {
            badPosition = true
            return
        }
        let s = measure(node, proposal)
        put(slot: slot, rect: CGRect(x: position.x - s.width * anchor.x, y: position.y - s.height * anchor.y,
                                     width: s.width, height: s.height))
    }

    func put(slot: Int, rect: CGRect) {
        guard collecting, slot < placements.count else { return }
        placements[slot] = rect
        placeCounts[slot] += 1
    }

    func warnOnce(_ kind: String, _ message: @autoclosure () -> String) {
        guard !warned.contains(kind) else { return }
        warned.insert(kind)
        Diagnostics.warn(message())
    }
}
