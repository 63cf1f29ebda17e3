// matchedGeometryEffect and @Namespace: views in one group (namespace + id) share geometry.
//
// A layout modifier: it sizes as its content does (parents never see the shared geometry,
// SwiftUI's "only arranges for the geometry of the views to be linked") and places its content
// in a frame taken from the group:
// - a source (`isSource: true`) inserted in an animated transaction while another source of the
//   group is leaving (removed with a transition) first lays its content out in the leaving
//   view's frame, then in its own: the frame animators (LayoutPass.place) glide every node of
//   the content from the old geometry to the new with the transaction's animation. The leaving
//   view's content glides the other way, to the new view's frame, while its removal transition
//   runs (both interpolate "in window space", SwiftUI's words);
// - a view with `isSource: false` lays its content out in the group's source's frame (as of the
//   source's latest placement; a follower laid out before its source in the same pass uses the
//   source's previous frame).
// `properties` picks what is shared: `.position` (the anchor points coincide, own size kept),
// `.size` (own anchor point kept), `.frame` (both). A group with several inserted sources warns
// once (SwiftUI: "Multiple inserted views in matched geometry group … have `isSource: true`,
// results are undefined") and follows the first. Not modelled: a view removed with
// `.transition(.identity)` (gone at once, so nothing to match), and animating a follower when
// its source moves without the follower being laid out again.

/// A dynamic property type that allows access to a namespace defined by the persistent
/// identity of the object containing the property (e.g. a view).
///
/// ```swift
/// @Namespace private var cards
/// … .matchedGeometryEffect(id: card.id, in: cards)
/// ```
@propertyWrapper public struct Namespace: DynamicProperty {
    @State private var id = ID(value: Namespace.nextValue())
    public init() {}
    /// The namespace's identifier, stable for the life of the view that declares it.
    public var wrappedValue: ID { id }

    /// A namespace identifier.
    public struct ID: Hashable, Sendable, CustomStringConvertible {
        let value: Int
        public var description: String { "Namespace.ID(id: \(value))" }
    }

    nonisolated(unsafe) private static var counter = 0
    private static func nextValue() -> Int { counter += 1; return counter }
}

/// A set of view properties that may be synchronized between views using
/// `View.matchedGeometryEffect()`.
public struct MatchedGeometryProperties: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The view's position, in window coordinates.
    public static let position = MatchedGeometryProperties(rawValue: 1 << 0)
    /// The view's size, in local coordinates.
    public static let size = MatchedGeometryProperties(rawValue: 1 << 1)
    /// Both the position and size properties.
    public static let frame: MatchedGeometryProperties = [.position, .size]
}

extension View {
    /// Defines a group of views with synchronized geometry using an identifier and namespace
    /// that you provide.
    ///
    /// ```swift
    /// if expanded {
    ///     RoundedRectangle(cornerRadius: 20).matchedGeometryEffect(id: "card", in: ns).frame(height: 300)
    /// } else {
    ///     RoundedRectangle(cornerRadius: 8).matchedGeometryEffect(id: "card", in: ns).frame(width: 80, height: 80)
    /// }
    /// ```
    /// Toggled inside `withAnimation`, the inserted view's frame animates from the removed one's
    /// while the default `.opacity` transition cross-fades the two.
    public func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID,
                                                     properties: MatchedGeometryProperties = .frame,
                                                     anchor: UnitPoint = .center, isSource: Bool = true) -> some View {
        modifier(_MatchedGeometryEffect(key: _MatchedGeometryKey(id: AnyHashable(id), namespace: namespace),
                                        properties: properties, anchor: anchor, isSource: isSource))
    }
}

struct _MatchedGeometryKey: Hashable {
    let id: AnyHashable
    let namespace: Namespace.ID
}

/// The views of every group on one graph, with the frame each was last given.
final class MatchedGeometryGroups {
    struct Entry {
        private let nodeLink: NodeLink
        var node: Node? { nodeLink.node }
        var frame: CGRect
        var isSource: Bool
        init(node: Node, frame: CGRect, isSource: Bool) {
            nodeLink = node.link; self.frame = frame; self.isSource = isSource
        }
    }
    private var groups: [_MatchedGeometryKey: [Entry]] = [:]
    private var warned: Set<_MatchedGeometryKey> = []

    func record(_ key: _MatchedGeometryKey, _ node: Node, frame: CGRect, isSource: Bool) {
        var list = groups[key] ?? []
        list.removeAll { $0.node == nil || $0.node!.isRemoved }
        if let i = list.firstIndex(where: { $0.node === node }) {
            list[i].frame = frame
            list[i].isSource = isSource
        } else {
            list.append(Entry(node: node, frame: frame, isSource: isSource))
        }
        let inserted = list.filter { $0.isSource && !_MatchedGeometryEffect.isLeaving($0.node!) }
        if inserted.count > 1, !warned.contains(key) {
            warned.insert(key)
            Diagnostics.warn("Multiple inserted views in matched geometry group Pair(first: \(key.id.base), second: \(key.namespace)) have `isSource: true`, results are undefined.")
        }
        groups[key] = list
    }

    /// The group's inserted (not leaving) source other than `node`.
    func source(for key: _MatchedGeometryKey, excluding node: Node) -> Entry? {
        groups[key]?.first { e in
            guard let n = e.node, n !== node, !n.isRemoved, e.isSource else { return false }
            return !_MatchedGeometryEffect.isLeaving(n)
        }
    }

    /// A source of the group that is leaving (its removal transition running).
    func leavingSource(for key: _MatchedGeometryKey, excluding node: Node) -> Entry? {
        groups[key]?.first { e in
            guard let n = e.node, n !== node, !n.isRemoved, e.isSource else { return false }
            return _MatchedGeometryEffect.isLeaving(n)
        }
    }
}

/// A matched view's own record: whether it was placed before, and where a leaving view's
/// content is gliding to.
final class _MatchedGeometryState {
    var placed = false
    var leavingTarget: CGRect?
}

public struct _MatchedGeometryEffect: BuiltinModifier, PassThroughLayout {
    let key: _MatchedGeometryKey
    let properties: MatchedGeometryProperties
    let anchor: UnitPoint
    let isSource: Bool

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let graph = node.graph
        let state: _MatchedGeometryState
        if let s = node.modifierState as? _MatchedGeometryState { state = s } else {
            state = _MatchedGeometryState()
            node.modifierState = state
        }
        let first = !state.placed
        state.placed = true
        defer { graph.matchedGeometry.record(key, node, frame: bounds, isSource: isSource) }

        if _MatchedGeometryEffect.isLeaving(node), let target = state.leavingTarget {
            pass.place(items: node.layoutItems, in: target)
            return
        }
        var target = bounds
        if !isSource, let source = graph.matchedGeometry.source(for: key, excluding: node) {
            target = shared(own: bounds, from: source.frame)
        }
        if first, isSource, let old = graph.matchedGeometry.leavingSource(for: key, excluding: node) {
            let tx = pass.transaction.animation != nil ? pass.transaction : graph.layoutTransaction
            if tx.animation != nil {
                // Laid out once where the leaving view was (a first placement: no animation) …
                pass.place(items: node.layoutItems, in: shared(own: bounds, from: old.frame))
                // … then here, with the transaction's animation (the content was evaluated in
                // the insertion's first phase, without animation: give it the transaction).
                _MatchedGeometryEffect.retag(node, tx, stamp: graph.updateStamp)
                let outer = pass.transaction
                pass.transaction = tx
                defer { pass.transaction = outer }
                pass.place(items: node.layoutItems, in: target)
                // The leaving view's content glides to this one's frame.
                if let oldNode = old.node, let effect = (oldNode.view as? any ModifierCarrier)?.anyModifier as? _MatchedGeometryEffect {
                    let to = effect.shared(own: old.frame, from: bounds)
                    (oldNode.modifierState as? _MatchedGeometryState)?.leavingTarget = to
                    pass.place(items: oldNode.layoutItems, in: to)
                }
                return
            }
        }
        pass.place(items: node.layoutItems, in: target)
    }

    /// `own` with the group's `properties` taken from `other`, about `anchor`.
    func shared(own: CGRect, from other: CGRect) -> CGRect {
        let size = properties.contains(.size) ? other.size : own.size
        let point: CGPoint
        if properties.contains(.position) {
            point = CGPoint(x: other.minX + other.width * anchor.x, y: other.minY + other.height * anchor.y)
        } else {
            point = CGPoint(x: own.minX + own.width * anchor.x, y: own.minY + own.height * anchor.y)
        }
        return CGRect(x: point.x - size.width * anchor.x, y: point.y - size.height * anchor.y, width: size.width, height: size.height)
    }

    /// Inside a view whose removal transition is running.
    static func isLeaving(_ node: Node) -> Bool {
        var n: Node? = node
        while let current = n {
            if current.transitionHost?.phase == .didDisappear { return true }
            n = current.parent
        }
        return false
    }

    /// Nodes of a freshly inserted subtree carry the unanimated transaction of the insertion's
    /// first phase; layout would glide nothing with it.
    static func retag(_ node: Node, _ tx: Transaction, stamp: Int) {
        for child in node.children {
            if child.transactionStamp == stamp && child.transaction.animation == nil { child.transaction = tx }
            retag(child, tx, stamp: stamp)
        }
    }
}
