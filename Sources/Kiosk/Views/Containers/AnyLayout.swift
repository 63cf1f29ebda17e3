// HStackLayout, VStackLayout, ZStackLayout and AnyLayout: the stacks as Layout values, so a
// view can switch between them and keep its children:
//
//     let layout = isWide ? AnyLayout(HStackLayout()) : AnyLayout(VStackLayout())
//     layout { Avatar(); Details() }
//
// The container keeps one node whatever layout it holds, so its children keep their identity
// and state, and a switch inside `withAnimation` moves them to their new frames with the
// transaction's animation (every child is placed again when the wrapped layout's type
// changes). In a container they lay out with HStack's/VStack's/ZStack's own code; called from
// another Layout (composition), they measure and place through the proxies.

/// A horizontal stack as a Layout value (the layout of `HStack`).
public struct HStackLayout: Layout, EngineLayout {
    public var alignment: VerticalAlignment
    public var spacing: CGFloat?
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment; self.spacing = spacing
    }
    public static var layoutProperties: LayoutProperties { var p = LayoutProperties(); p.stackOrientation = .horizontal; return p }
    var stack: StackLayout { StackLayout(axis: .horizontal, alignment: .center, verticalAlignment: alignment, spacing: spacing) }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.engine { items, pass in stack.size(items: items, proposal: proposal, pass: pass) } ?? .zero
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        _ = subviews.engine { items, pass in stack.place(items: items, in: bounds, proposal: proposal, pass: pass) { subviews.placeItem($0, in: $1) } }
    }
    func engineSize(_ proposal: ProposedViewSize, items: [Node], node: Node, pass: LayoutPass) -> CGSize {
        stack.size(items: items, proposal: proposal, pass: pass)
    }
    func enginePlace(in bounds: CGRect, items: [Node], node: Node, pass: LayoutPass, put: (Int, CGRect) -> Void) {
        stack.place(items: items, in: bounds, proposal: pass.placementProposal(of: node, bounds: bounds), pass: pass, put: put)
    }
}

/// A vertical stack as a Layout value (the layout of `VStack`).
public struct VStackLayout: Layout, EngineLayout {
    public var alignment: HorizontalAlignment
    public var spacing: CGFloat?
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment; self.spacing = spacing
    }
    public static var layoutProperties: LayoutProperties { var p = LayoutProperties(); p.stackOrientation = .vertical; return p }
    var stack: StackLayout { StackLayout(axis: .vertical, alignment: alignment, verticalAlignment: .center, spacing: spacing) }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.engine { items, pass in stack.size(items: items, proposal: proposal, pass: pass) } ?? .zero
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        _ = subviews.engine { items, pass in stack.place(items: items, in: bounds, proposal: proposal, pass: pass) { subviews.placeItem($0, in: $1) } }
    }
    func engineSize(_ proposal: ProposedViewSize, items: [Node], node: Node, pass: LayoutPass) -> CGSize {
        stack.size(items: items, proposal: proposal, pass: pass)
    }
    func enginePlace(in bounds: CGRect, items: [Node], node: Node, pass: LayoutPass, put: (Int, CGRect) -> Void) {
        stack.place(items: items, in: bounds, proposal: pass.placementProposal(of: node, bounds: bounds), pass: pass, put: put)
    }
}

/// An overlaying stack as a Layout value (the layout of `ZStack`).
public struct ZStackLayout: Layout, EngineLayout {
    public var alignment: Alignment
    public init(alignment: Alignment = .center) { self.alignment = alignment }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.engine { items, pass in ZStackLayout.size(items: items, proposal: proposal, pass: pass) } ?? .zero
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        _ = subviews.engine { items, pass in place(items: items, in: bounds, pass: pass) { subviews.placeItem($0, in: $1) } }
    }
    func engineSize(_ proposal: ProposedViewSize, items: [Node], node: Node, pass: LayoutPass) -> CGSize {
        ZStackLayout.size(items: items, proposal: proposal, pass: pass)
    }
    func enginePlace(in bounds: CGRect, items: [Node], node: Node, pass: LayoutPass, put: (Int, CGRect) -> Void) {
        place(items: items, in: bounds, pass: pass, put: put)
    }

    /// ZStack's rule: as large as the largest child, each child aligned inside.
    static func size(items: [Node], proposal: ProposedViewSize, pass: LayoutPass) -> CGSize {
        let saved = pass.stackAxis
        pass.stackAxis = nil
        defer { pass.stackAxis = saved }
        var result = CGSize.zero
        for item in items {
            let s = pass.size(item, proposal)
            result.width = max(result.width, s.width)
            result.height = max(result.height, s.height)
        }
        return result
    }
    func place(items: [Node], in bounds: CGRect, pass: LayoutPass, put: (Int, CGRect) -> Void) {
        let saved = pass.stackAxis
        pass.stackAxis = nil
        defer { pass.stackAxis = saved }
        for (i, item) in items.enumerated() {
            let s = pass.size(item, ProposedViewSize(bounds.size))
            put(i, CGRect(origin: alignment.origin(of: s, in: bounds), size: s))
        }
    }
}

extension LayoutSubviews {
    /// Runs a built-in layout's node code over these subviews (nil outside a layout call).
    func engine<R>(_ body: ([Node], LayoutPass) -> R) -> R? {
        guard let pass = context.activePass else {
            context.warnOnce("outside", "a built-in layout was called outside its container's layout methods; it does nothing")
            return nil
        }
        let nodes = startIndex == 0 && endIndex == items.count ? items : Array(items[startIndex..<endIndex])
        return body(nodes, pass)
    }
    /// Records the placement of the `i`-th subview of this collection.
    func placeItem(_ i: Int, in rect: CGRect) { self[startIndex + i].place(in: rect) }
}

// MARK: - AnyLayout

/// A type-erased layout: switch between layouts while the container keeps its children.
///
/// ```swift
/// let layout = isWide ? AnyLayout(HStackLayout()) : AnyLayout(VStackLayout())
/// layout { Text("One"); Text("Two") }
/// ```
/// The wrapped layout's own data does not animate (kiosk: `AnimatableData` is empty); the
/// children's frames do when the switch happens inside `withAnimation`.
public struct AnyLayout: Layout, EngineLayout {
    let storage: AnyLayoutStorage
    /// Wraps `layout` (an AnyLayout is unwrapped, not nested).
    public init<L: Layout>(_ layout: L) {
        if let any = layout as? AnyLayout { storage = any.storage } else { storage = TypedLayoutStorage(layout) }
    }

    /// The wrapped layout's cache, type-erased.
    public struct Cache {
        var box: AnyObject?
    }

    public static var layoutProperties: LayoutProperties { LayoutProperties() }
    public func makeCache(subviews: Subviews) -> Cache { storage.makeCache(subviews) }
    public func updateCache(_ cache: inout Cache, subviews: Subviews) { storage.updateCache(&cache, subviews) }
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing { storage.spacing(subviews, &cache) }
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
        storage.sizeThatFits(proposal, subviews, &cache)
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {
        storage.placeSubviews(bounds, proposal, subviews, &cache)
    }
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? {
        storage.explicitAlignment(horizontal: guide, bounds, proposal, subviews, &cache)
    }
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? {
        storage.explicitAlignment(vertical: guide, bounds, proposal, subviews, &cache)
    }

    func engineSize(_ proposal: ProposedViewSize, items: [Node], node: Node, pass: LayoutPass) -> CGSize {
        storage.engineSize(proposal, items: items, node: node, pass: pass)
    }
    func enginePlace(in bounds: CGRect, items: [Node], node: Node, pass: LayoutPass, put: (Int, CGRect) -> Void) {
        // Another layout type: every child is placed again (a clean child in the same rect
        // would otherwise keep what the old layout put inside it, e.g. a GridRow's cells).
        let type = storage.layoutType
        let state = node.modifierState as? LayoutStateBox
        if let last = state?.lastLayoutType, last != type {
            for item in items { item.needsLayout = true }
        }
        storage.enginePlace(in: bounds, items: items, node: node, pass: pass, put: put)
        if let s = node.modifierState as? LayoutStateBox {
            s.lastLayoutType = type
        } else {
            let s = LayoutStateBox()
            s.lastLayoutType = type
            node.modifierState = s
        }
    }
    func engineBaseline(items: [Node], node: Node, size: CGSize, last: Bool, pass: LayoutPass) -> CGFloat? {
        storage.engineBaseline(items: items, node: node, size: size, last: last, pass: pass)
    }
}

/// AnyLayout's wrapped layout (overridden by `TypedLayoutStorage<L>`).
class AnyLayoutStorage {
    var layoutType: ObjectIdentifier { fatalError() }
    func isSame(as other: AnyLayoutStorage) -> Bool { false }
    func makeCache(_ subviews: LayoutSubviews) -> AnyLayout.Cache { fatalError() }
    func updateCache(_ cache: inout AnyLayout.Cache, _ subviews: LayoutSubviews) {}
    func spacing(_ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> ViewSpacing { ViewSpacing() }
    func sizeThatFits(_ proposal: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> CGSize { .zero }
    func placeSubviews(_ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) {}
    func explicitAlignment(horizontal: HorizontalAlignment, _ bounds: CGRect, _ proposal: ProposedViewSize,
                           _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> CGFloat? { nil }
    func explicitAlignment(vertical: VerticalAlignment, _ bounds: CGRect, _ proposal: ProposedViewSize,
                           _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> CGFloat? { nil }
    func engineSize(_ proposal: ProposedViewSize, items: [Node], node: Node, pass: LayoutPass) -> CGSize { .zero }
    func enginePlace(in bounds: CGRect, items: [Node], node: Node, pass: LayoutPass, put: (Int, CGRect) -> Void) {}
    func engineBaseline(items: [Node], node: Node, size: CGSize, last: Bool, pass: LayoutPass) -> CGFloat? { nil }
}

/// The wrapped layout's cache, kept in a class so AnyLayout's cache can hold any type.
final class TypedLayoutCache<C> {
    var value: C
    init(_ value: C) { self.value = value }
}

final class TypedLayoutStorage<L: Layout>: AnyLayoutStorage {
    let layout: L
    init(_ layout: L) { self.layout = layout }

    override var layoutType: ObjectIdentifier { ObjectIdentifier(L.self) }
    override func isSame(as other: AnyLayoutStorage) -> Bool {
        guard let o = other as? TypedLayoutStorage<L> else { return false }
        return LayoutDriver.sameLayout(layout, o.layout)
    }

    /// The typed cache inside `cache`, made when it holds another layout's.
    private func typed(_ cache: inout AnyLayout.Cache, _ subviews: LayoutSubviews) -> TypedLayoutCache<L.Cache> {
        if let c = cache.box as? TypedLayoutCache<L.Cache> { return c }
        let c = TypedLayoutCache(layout.makeCache(subviews: subviews))
        cache.box = c
        return c
    }
    override func makeCache(_ subviews: LayoutSubviews) -> AnyLayout.Cache {
        AnyLayout.Cache(box: TypedLayoutCache(layout.makeCache(subviews: subviews)))
    }
    override func updateCache(_ cache: inout AnyLayout.Cache, _ subviews: LayoutSubviews) {
        if let c = cache.box as? TypedLayoutCache<L.Cache> { layout.updateCache(&c.value, subviews: subviews) }
        else { cache = makeCache(subviews) }
    }
    override func spacing(_ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> ViewSpacing {
        layout.spacing(subviews: subviews, cache: &typed(&cache, subviews).value)
    }
    override func sizeThatFits(_ proposal: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> CGSize {
        layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &typed(&cache, subviews).value)
    }
    override func placeSubviews(_ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) {
        layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &typed(&cache, subviews).value)
    }
    override func explicitAlignment(horizontal: HorizontalAlignment, _ bounds: CGRect, _ proposal: ProposedViewSize,
                                    _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> CGFloat? {
        layout.explicitAlignment(of: horizontal, in: bounds, proposal: proposal, subviews: subviews, cache: &typed(&cache, subviews).value)
    }
    override func explicitAlignment(vertical: VerticalAlignment, _ bounds: CGRect, _ proposal: ProposedViewSize,
                                    _ subviews: LayoutSubviews, _ cache: inout AnyLayout.Cache) -> CGFloat? {
        layout.explicitAlignment(of: vertical, in: bounds, proposal: proposal, subviews: subviews, cache: &typed(&cache, subviews).value)
    }
    override func engineSize(_ proposal: ProposedViewSize, items: [Node], node: Node, pass: LayoutPass) -> CGSize {
        LayoutDriver.size(layout, proposal, items: items, node: node, pass: pass)
    }
    override func enginePlace(in bounds: CGRect, items: [Node], node: Node, pass: LayoutPass, put: (Int, CGRect) -> Void) {
        if let engine = L.self as? any EngineLayout.Type {
            func run<E: EngineLayout>(_: E.Type) {
                withUnsafePointer(to: layout) { p in
                    UnsafeRawPointer(p).assumingMemoryBound(to: E.self).pointee.enginePlace(in: bounds, items: items, node: node, pass: pass, put: put)
                }
            }
            run(engine)
        } else {
            LayoutDriver.protocolPlace(layout, in: bounds, items: items, node: node, pass: pass)
        }
    }
    override func engineBaseline(items: [Node], node: Node, size: CGSize, last: Bool, pass: LayoutPass) -> CGFloat? {
        LayoutDriver.engineBaseline(layout, node: node, size: size, last: last, pass: pass)
            ?? (items.count == 1 ? pass.baseline(of: items[0], size: size, last: last) : nil)
    }
}
