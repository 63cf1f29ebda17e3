// TransitionHost: how the graph inserts and removes views with transitions. A transition is
// just an animation of modifiers between two phases (AnyTransition._apply gives the same
// structure in every phase), so the engine only has to put those modifiers around the view
// and change the phase inside the transaction:
//
//   parent ─ host H (the view's identity; transparent) ─ W: the transition's modifiers ─ N
//
// N is the view's real node, created (or kept) as usual; H takes N's place among the parent's
// children and *adopts* N as the innermost content of W (`_AdoptedNode`), so N keeps its state
// and its onAppear/onDisappear run once. Insertion: W is built in `.willAppear` without
// animation, then moves to `.identity` in the transaction (the attributes animate). Removal:
// H stays a child of the parent, out of its layout, drawn below the live siblings and still
// hit-testable (SwiftUI's rules), W moves to `.didDisappear`, and when every animation that
// removal started has ended, H is dropped and N's onDisappear runs. A view re-inserted while
// leaving goes back to `.identity` from where it is; one removed while appearing goes to
// `.didDisappear` from where it is.

/// The engine's record of a node shown through a transition.
final class TransitionHost {
    /// The view's real node (adopted inside the transition's modifiers).
    let content: Node
    var transition: AnyTransition
    var phase: TransitionPhase
    /// Counts the removal's animations; drops the host when they have ended.
    var removal: RemovalListener?
    /// Where a leaving view's transition modifiers are laid out (the view's last frame).
    var leavingFrame: CGRect?
    /// The view's own zIndex (written inside the transition's modifiers).
    var zIndex: Double = 0

    init(content: Node, transition: AnyTransition, phase: TransitionPhase) {
        self.content = content
        self.transition = transition
        self.phase = phase
    }
}

/// Stands for an existing node inside a transition's modifiers (the graph matches it to
/// `node` instead of building a view).
struct _AdoptedNode: View, PrimitiveView {
    unowned let node: Node
    /// The model view for the node, when it changed since the host's last evaluation.
    let view: (any View)?
    var body: Never { bodyNeverCalled("_AdoptedNode") }
}

/// Children of these containers are inserted and removed with transitions (SwiftUI's dynamic
/// containers: `if`/`else`, optional content, `ForEach`, `.id`).
protocol DynamicViewContainer {}
extension _ConditionalContent: DynamicViewContainer {}
extension Optional: DynamicViewContainer where Wrapped: View {}
extension _IDView: DynamicViewContainer {}
/// `.id` containers (their transition may be written around them).
protocol _IDViewMarker {}
extension _IDView: _IDViewMarker {}
extension ForEach: DynamicViewContainer {}

/// Counts the animations a removal started; when they have all ended the host is dropped.
final class RemovalListener: AnimationListener {
    weak var host: Node?
    private var pending = 0
    private(set) var started = 0
    var isCancelled = false
    init(host: Node) { self.host = host }
    func animationStarted() { pending += 1; started += 1 }
    func animationLogicallyCompleted() {}
    func animationRemoved() {
        pending -= 1
        // Not at once: this runs inside an animator's sample, which removal would cancel.
        if pending <= 0, !isCancelled, let host { host.graphIfAlive?.removalsDue.append(host) }
    }
}

extension ViewGraph {
    /// The child list of a host node: its transition's modifiers around the adopted view.
    func hostChildren(_ node: Node, _ host: TransitionHost, _ list: inout ChildList) {
        let changed = node.viewVersion != node.hostedViewVersion
        node.hostedViewVersion = node.viewVersion
        let adopted = _AdoptedNode(node: host.content, view: changed ? node.view : nil)
        list.append(host.transition._apply(to: adopted, phase: host.phase), key: 0)
    }

    /// The transaction a transition phase change runs in: the transition's own animation
    /// wins over the transaction's.
    private func transitionTransaction(_ t: AnyTransition, _ phase: TransitionPhase, base: Transaction) -> Transaction {
        var tx = base
        if let own = t._animation(for: phase) { tx.animation = own }
        return tx
    }

    /// Whether a change in `transaction` inserting or removing a child of `parent` runs a
    /// transition (then returns it).
    func transitionForChange(of child: Node, in parent: Node, insertion: Bool) -> AnyTransition? {
        // Only the outermost view of an inserted subtree transitions: a container built in this
        // very update (inside an inserted view) adds its children as they are.
        guard parent.kinds.contains(.dynamicContainer), parent.serial <= serialAtUpdateStart else { return nil }
        let t = child.transitionHost?.transition ?? _TransitionTraitModifier.effectiveTransition(of: child.view)
            ?? ViewGraph.transitionAround(parent) ?? .opacity
        guard !t._isIdentity else { return nil }
        let animation = t._animation(for: insertion ? .willAppear : .didDisappear) ?? transaction.animation
        return animation == nil ? nil : t
    }

    /// Wraps a freshly created child in a host and animates it in; returns the host.
    func insertWithTransition(_ child: Node, in parent: Node, transition: AnyTransition) -> Node {
        let host = makeHost(for: child, in: parent, transition: transition, phase: .willAppear)
        let outer = transaction
        // The first phase: built in its active state, recording it as the start value.
        transaction.animation = nil
        transaction.disablesAnimations = true
        evaluate(host)
        transaction = transitionTransaction(transition, .willAppear, base: outer)
        host.transitionHost!.phase = .identity
        evaluate(host)
        transaction = outer
        applyZIndex(host)
        return host
    }

    /// Starts a child's removal transition; returns the node that stays (leaving) among the
    /// parent's children, or nil when it goes at once.
    func removeWithTransition(_ child: Node, in parent: Node, transition: AnyTransition) -> Node {
        let host: Node
        if child.transitionHost != nil {
            host = child
        } else {
            host = makeHost(for: child, in: parent, transition: transition, phase: .identity)
            let outer = transaction
            transaction = Transaction()
            evaluate(host)
            transaction = outer
            host.transitionHost!.leavingFrame = ViewGraph.unionFrame(of: child)
            leavingToPlace.append(host)
        }
        let h = host.transitionHost!
        h.transition = transition
        h.phase = .didDisappear
        let listener = RemovalListener(host: host)
        h.removal = listener
        let outer = transaction
        transaction = transitionTransaction(transition, .didDisappear, base: outer)
        transaction.extraListeners.append(listener)
        evaluate(host)
        transaction = outer
        applyZIndex(host)
        if listener.started == 0 { finishRemovalLater(host) }
        return host
    }

    /// A leaving child listed again: back to identity from where it is.
    func reinsert(_ host: Node) {
        guard let h = host.transitionHost, h.phase == .didDisappear else { return }
        h.removal?.isCancelled = true
        h.removal = nil
        h.phase = .identity
        transaction = transitionTransaction(h.transition, .willAppear, base: transaction)
        structureDidChange()
    }

    /// The hosted view's zIndex orders the host's items among their siblings.
    private func applyZIndex(_ host: Node) {
        guard let z = host.transitionHost?.zIndex, z != 0 else { return }
        for item in host.layoutItems { item.zIndexOverride = z }
    }

    private func makeHost(for child: Node, in parent: Node, transition: AnyTransition, phase: TransitionPhase) -> Node {
        let host = Node(view: child.view, key: child.key, parent: parent, graph: self)
        let record = TransitionHost(content: child, transition: transition, phase: phase)
        record.zIndex = ViewGraph.zIndex(of: child.view)
        host.transitionHost = record
        host.environment = child.environment
        host.reconcileMark = child.reconcileMark
        host.hostedViewVersion = host.viewVersion
        return host
    }

    /// Drops a leaving host now (its removal animations ended): N's onDisappear runs.
    func finishRemoval(_ host: Node) {
        guard !host.isRemoved, let parent = host.parent else { return }
        parent.children.removeAll { $0 === host }
        let content = host.transitionHost?.content
        removeSubtree(host)
        if let content, !content.isRemoved { removeSubtree(content) }
        structureDidChange()
    }

    /// Drops the hosts whose removal animations ended (after the animators' tick).
    func finishDueRemovals() {
        guard !removalsDue.isEmpty else { return }
        let due = removalsDue
        removalsDue.removeAll()
        for host in due where host.transitionHost?.removal?.isCancelled == false { finishRemoval(host) }
    }

    /// A removal that started no animation (nothing changed between the phases) ends at the
    /// next update.
    private func finishRemovalLater(_ host: Node) {
        self.defer { [weak host] in if let host { self.finishRemoval(host) } }
    }

    /// `.id(x).transition(t)`: the trait is written around the `.id` container, not on its
    /// child; look on the modifier nodes wrapping the container (the innermost wins).
    static func transitionAround(_ container: Node) -> AnyTransition? {
        guard container.view is any _IDViewMarker else { return nil }
        var n = container.parent
        while let node = n, let m = node.view as? any ModifierCarrier {
            if let t = m.anyModifier as? _TransitionTraitModifier { return t.transition }
            n = node.parent
        }
        return nil
    }

    /// The union of the frames of a node's layout items (where a leaving view was).
    static func unionFrame(of node: Node) -> CGRect? {
        var items: [Node] = []
        node.appendLayoutItems(to: &items)
        guard var r = items.first?.layoutFrame else { return nil }
        for i in items.dropFirst() { r = r.union(i.layoutFrame) }
        return r
    }

    /// The zIndex written on a view value's modifier chain (outermost wins, as for siblings).
    static func zIndex(of view: any View) -> Double {
        var z: Double?
        forEachModifier(of: view) { if z == nil, let m = $0 as? _ZIndexModifier { z = m.zIndex } }
        return z ?? 0
    }
}
