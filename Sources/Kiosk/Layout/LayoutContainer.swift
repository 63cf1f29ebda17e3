// The container a Layout makes (`MyLayout { … }`), and the driver that runs a Layout's methods
// in kiosk's layout pass. The built-in layouts (HStackLayout, VStackLayout, ZStackLayout,
// GridLayout, and AnyLayout around them) are `EngineLayout`s: their container lays the nodes
// out with the same code as HStack/VStack/ZStack/Grid, with no proxies and no cache.
//
// State between passes lives on the container's node (`LayoutBox`, in `modifierState`): the
// layout's cache and the `LayoutContext` whose placement arrays are reused, so a frame that
// lays a custom layout out again allocates nothing of its own.

/// The view `Layout.callAsFunction` returns.
public struct _LayoutContainer<L: Layout, Content: View>: View, PrimitiveView, LayoutBehavior {
    let layout: L
    let content: Content
    public var body: Never { bodyNeverCalled("Layout container") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        LayoutDriver.size(layout, proposal, items: node.layoutItems, node: node, pass: pass)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        LayoutDriver.place(layout, in: bounds, items: node.layoutItems, node: node, pass: pass)
    }
    func baseline(node: Node, size: CGSize, last: Bool, pass: LayoutPass) -> CGFloat? {
        if L.self is any EngineLayout.Type {
            return LayoutDriver.engineBaseline(layout, node: node, size: size, last: last, pass: pass)
        }
        let guide: VerticalAlignment = last ? .lastTextBaseline : .firstTextBaseline
        if let v = explicitGuide(vertical: guide, size: size, node: node, pass: pass) { return v }
        let items = node.layoutItems
        return items.count == 1 ? pass.baseline(of: items[0], size: size, last: last) : nil
    }
}

extension _LayoutContainer: ExplicitAlignmentProvider {
    func explicitGuide(horizontal guide: HorizontalAlignment, size: CGSize, node: Node, pass: LayoutPass) -> CGFloat? {
        LayoutDriver.withProtocol(layout, items: node.layoutItems, node: node, pass: pass) { subviews, cache in
            layout.explicitAlignment(of: guide, in: CGRect(origin: .zero, size: size), proposal: ProposedViewSize(size),
                                     subviews: subviews, cache: &cache)
        }.flatMap { $0.isFinite ? $0 : nil }
    }
    func explicitGuide(vertical guide: VerticalAlignment, size: CGSize, node: Node, pass: LayoutPass) -> CGFloat? {
        LayoutDriver.withProtocol(layout, items: node.layoutItems, node: node, pass: pass) { subviews, cache in
            layout.explicitAlignment(of: guide, in: CGRect(origin: .zero, size: size), proposal: ProposedViewSize(size),
                                     subviews: subviews, cache: &cache)
        }.flatMap { $0.isFinite ? $0 : nil }
    }
    func preferredSpacing(node: Node, pass: LayoutPass) -> ViewSpacing {
        LayoutDriver.withProtocol(layout, items: node.layoutItems, node: node, pass: pass) { subviews, cache in
            layout.spacing(subviews: subviews, cache: &cache)
        }
    }
}

// Re-evaluating a container with the same layout value lays nothing out again (its children
// mark themselves when they change): plain-data layouts compare by bytes, AnyLayout by the
// wrapped layout's type and bytes, anything else counts as changed.
extension _LayoutContainer: LayoutInputComparable {
    func laysOutLike(_ other: Self) -> Bool { LayoutDriver.sameLayout(layout, other.layout) }
}

/// A built-in layout the container runs over nodes directly.
protocol EngineLayout: Layout {
    func engineSize(_ proposal: ProposedViewSize, items: [Node], node: Node, pass: LayoutPass) -> CGSize
    /// Places the items in `bounds`: `put(i, rect)` for each item it places (the container puts them).
    func enginePlace(in bounds: CGRect, items: [Node], node: Node, pass: LayoutPass, put: (Int, CGRect) -> Void)
    func engineBaseline(items: [Node], node: Node, size: CGSize, last: Bool, pass: LayoutPass) -> CGFloat?
}

extension EngineLayout {
    func engineBaseline(items: [Node], node: Node, size: CGSize, last: Bool, pass: LayoutPass) -> CGFloat? {
        items.count == 1 ? pass.baseline(of: items[0], size: size, last: last) : nil
    }
}

/// What a container node keeps between passes for a layout of type `L`.
/// What any container node keeps: the type of the layout that last placed its children.
class LayoutStateBox {
    var lastLayoutType: ObjectIdentifier?
}

final class LayoutBox<L: Layout>: LayoutStateBox {
    let context = LayoutContext()
    var cache: L.Cache?
    /// The pass in which the cache was last made or updated.
    var cachePass = -1
}

enum LayoutDriver {
    // MARK: Dispatch

    static func size<L: Layout>(_ layout: L, _ proposal: ProposedViewSize, items: [Node], node: Node, pass: LayoutPass) -> CGSize {
        if let engine = L.self as? any EngineLayout.Type {
            func run<E: EngineLayout>(_: E.Type) -> CGSize {
                withUnsafePointer(to: layout) { p in
                    UnsafeRawPointer(p).assumingMemoryBound(to: E.self).pointee.engineSize(proposal, items: items, node: node, pass: pass)
                }
            }
            return run(engine)
        }
        return protocolSize(layout, proposal, items: items, node: node, pass: pass)
    }

    static func place<L: Layout>(_ layout: L, in bounds: CGRect, items: [Node], node: Node, pass: LayoutPass) {
        if let engine = L.self as? any EngineLayout.Type {
            func run<E: EngineLayout>(_: E.Type) {
                withUnsafePointer(to: layout) { p in
                    UnsafeRawPointer(p).assumingMemoryBound(to: E.self).pointee
                        .enginePlace(in: bounds, items: items, node: node, pass: pass) { i, rect in pass.place(items[i], in: rect) }
                }
            }
            run(engine)
            return
        }
        protocolPlace(layout, in: bounds, items: items, node: node, pass: pass)
    }

    static func engineBaseline<L: Layout>(_ layout: L, node: Node, size: CGSize, last: Bool, pass: LayoutPass) -> CGFloat? {
        guard let engine = L.self as? any EngineLayout.Type else { return nil }
        func run<E: EngineLayout>(_: E.Type) -> CGFloat? {
            withUnsafePointer(to: layout) { p in
                UnsafeRawPointer(p).assumingMemoryBound(to: E.self).pointee
                    .engineBaseline(items: node.layoutItems, node: node, size: size, last: last, pass: pass)
            }
        }
        return run(engine)
    }

    // MARK: The protocol path

    static func box<L: Layout>(_: L.Type, of node: Node) -> LayoutBox<L> {
        if let b = node.modifierState as? LayoutBox<L> { return b }
        let b = LayoutBox<L>()
        node.modifierState = b
        return b
    }

    /// Runs `body` with the subviews' proxies and the cache made or brought up to date (once
    /// per pass in which the container's subtree changed: SwiftUI's "the layout or its
    /// subviews changed").
    static func withProtocol<L: Layout, R>(_ layout: L, items: [Node], node: Node, pass: LayoutPass,
                                           _ body: (LayoutSubviews, inout L.Cache) -> R) -> R {
        let b = box(L.self, of: node)
        b.context.stackAxis = L.layoutProperties.stackOrientation
        let subviews = LayoutSubviews(items: items, context: b.context)
        return b.context.with(pass) {
            if b.cache == nil {
                b.cache = layout.makeCache(subviews: subviews)
                b.cachePass = pass.number
            } else if b.cachePass != pass.number && node.needsLayout {
                layout.updateCache(&b.cache!, subviews: subviews)
                b.cachePass = pass.number
            }
            return body(subviews, &b.cache!)
        }
    }

    static func protocolSize<L: Layout>(_ layout: L, _ proposal: ProposedViewSize, items: [Node], node: Node, pass: LayoutPass) -> CGSize {
        let size = withProtocol(layout, items: items, node: node, pass: pass) { subviews, cache in
            layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &cache)
        }
        return checked(size, proposal, L.self, node: node)
    }

    /// A non-finite or negative dimension becomes the proposed one when that is finite, else 0.
    static func checked<L: Layout>(_ size: CGSize, _ proposal: ProposedViewSize, _: L.Type, node: Node) -> CGSize {
        func fix(_ v: CGFloat, _ p: CGFloat?) -> CGFloat {
            if v.isFinite && v >= 0 { return v }
            if let p, p.isFinite, p >= 0 { return p }
            return 0
        }
        let fixed = CGSize(width: fix(size.width, proposal.width), height: fix(size.height, proposal.height))
        if fixed != size, let b = node.modifierState as? LayoutBox<L> {
            b.context.warnOnce("size", "\(L.self).sizeThatFits returned \(size) for \(proposal); using \(fixed) (a size must be finite and not negative)")
        }
        return fixed
    }

    static func protocolPlace<L: Layout>(_ layout: L, in bounds: CGRect, items: [Node], node: Node, pass: LayoutPass) {
        let proposal = pass.placementProposal(of: node, bounds: bounds)   // the one it was sized with, as SwiftUI gives it
        let b = box(L.self, of: node)
        let context = b.context
        withProtocol(layout, items: items, node: node, pass: pass) { subviews, cache in
            context.beginPlacing(count: items.count)
            layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
            context.endPlacing()
        }
        apply(context, items: items, bounds: bounds, name: "\(L.self)", pass: pass)
    }

    /// Puts each item where the layout placed it; an item never placed is centred in `bounds`
    /// at the container's proposal (SwiftUI's rule).
    static func apply(_ context: LayoutContext, items: [Node], bounds: CGRect, name: @autoclosure () -> String, pass: LayoutPass) {
        var unplaced = 0, twice = 0
        for (i, item) in items.enumerated() {
            let n = context.placeCounts[i]
            if n == 0 {
                unplaced += 1
                let s = context.with(pass) { context.measure(item, ProposedViewSize(bounds.size)) }
                pass.place(item, in: CGRect(origin: Alignment.center.origin(of: s, in: bounds), size: s))
            } else {
                if n > 1 { twice += 1 }
                pass.place(item, in: context.placements[i])
            }
        }
        if context.badPosition {
            context.warnOnce("position", "\(name()).placeSubviews placed a subview at a non-finite position; that placement is ignored")
        }
        if unplaced > 0 {
            context.warnOnce("unplaced", "\(name()).placeSubviews did not place \(unplaced) of \(items.count) subviews; they are centred in the container, as SwiftUI does")
        }
        if twice > 0 {
            context.warnOnce("twice", "\(name()).placeSubviews placed \(twice) subviews more than once; the last placement counts")
        }
    }

    // MARK: Comparing layout values

    static func sameLayout<L: Layout>(_ a: L, _ b: L) -> Bool {
        if let x = a as? AnyLayout, let y = b as? AnyLayout { return x.storage.isSame(as: y.storage) }
        guard _isPOD(L.self) else { return false }
        let size = MemoryLayout<L>.size
        guard size > 0 else { return true }
        return withUnsafePointer(to: a) { pa in withUnsafePointer(to: b) { pb in memcmp(pa, pb, size) == 0 } }
    }
}
