// ViewGraph: evaluates bodies, reconciles children by identity and runs lifecycle callbacks.
// Only nodes invalidated since the last update are re-evaluated (a @State cell invalidates the
// bodies that read it; an @Observable property the bodies whose tracking saw it); a
// re-evaluated node passes fresh view values to its children, which re-evaluate in turn.

import Raster

final class ViewGraph {
    /// The node whose body (or child list) is being evaluated on this thread: reads of state
    /// register on it.
    static var currentReader: Node? {
        get { ThreadContext.current.reader }
        set { ThreadContext.current.reader = newValue }
    }
    /// Serial numbers for this graph's nodes.
    var nextSerial = 0
    /// Nodes of this graph alive now (made minus freed), for `kiosk soak`'s leak check.
    var liveNodeCount = 0
    /// View types known to hold no dynamic properties (reflection is skipped for them).
    var plainTypes = Set<ObjectIdentifier>()
    /// Which casts succeed for each view type met (Node.refreshKinds).
    var viewKinds: [ObjectIdentifier: ViewKinds] = [:]
    /// Where each struct view type keeps its @State/@Environment (nil: found by Mirror).
    var propertyPlans: [ObjectIdentifier: PropertyPlan?] = [:]

    /// Deeper than this, a view tree is taken to recurse without end and is cut off.
    static let maxDepth = 400
    /// Update passes per frame (a pass runs lifecycle callbacks that may change state again).
    static let maxPassesPerFrame = 8

    private(set) var root: Node!
    private var dirty: [Node] = []
    private var deferred: [() -> Void] = []
    private var lifecycleQueue: [() -> Void] = []
    private var batchScratch: [Node] = []
    private var callbackScratch: [() -> Void] = []
    /// Child lists handed out to evaluations and taken back after reconciling (a recursion
    /// stack's worth), so listing children allocates no array once warmed up.
    private var childListPool: [ChildList] = []
    /// Bumped per reconcile: children matched in it carry this mark.
    private var reconcileMark = 0
    private var evaluationDepth = 0
    let warnings: WarningSink

    /// True while any body runs: state set now is deferred to the next frame.
    var isEvaluatingBody: Bool { evaluationDepth > 0 }
    /// Something changed since the last frame was drawn.
    var needsUpdate = true
    /// Bumped on every update that changed the tree; layout caches compare against it.
    private(set) var generation = 0
    /// Bumped whenever any node's children are reconciled (layout-item caches compare to it).
    private(set) var structureVersion = 0
    /// Virtual time in seconds (the presentation time of the frame being made).
    var time: Double = 0
    /// The wall-clock date at time 0, for TimelineView and `.task` clocks.
    var startDate = Date()
    /// Nodes that asked to be re-evaluated at a time (TimelineView schedules).
    private var wakeups: [(time: Double, node: WeakNode)] = []
    /// `.task`s started whose first step may not have run yet (HeadlessHost waits for them).
    var startedTasks: [TaskStart] = []
    /// The environment given to the root.
    var rootEnvironment = EnvironmentValues()

    init(root view: any View, environment: EnvironmentValues, warnings: WarningSink = WarningSink()) {
        self.warnings = warnings
        rootEnvironment = environment
        withSink {
            root = Node(view: view, key: NodeKey(key: 0, type: ObjectIdentifier(type(of: view))), parent: nil, graph: self)
            root.environment = environment
            evaluate(root)
        }
    }

    func withSink<T>(_ body: () -> T) -> T {
        let previous = Diagnostics.sink
        Diagnostics.sink = warnings
        defer { Diagnostics.sink = previous }
        return UIScreen.withBounds(CGRect(origin: .zero, size: rootEnvironment.screenSize), body)
    }

    // MARK: Invalidation

    func invalidate(_ node: Node) {
        needsUpdate = true
        guard !node.isDirty else { return }
        node.isDirty = true
        dirty.append(node)
    }

    func `defer`(_ action: @escaping () -> Void) {
        deferred.append(action)
        needsUpdate = true
    }

    /// Re-evaluates `node` at virtual time `time` (TimelineView).
    func schedule(_ node: Node, at time: Double) {
        wakeups.append((time, WeakNode(node)))
    }

    /// The earliest scheduled wake-up, if any.
    var nextWakeup: Double? { wakeups.lazy.filter { $0.node.node.map { !$0.isRemoved } ?? false }.map(\.time).min() }

    func setRootEnvironment(_ environment: EnvironmentValues) {
        rootEnvironment = environment
        root.environment = environment
        invalidate(root)
    }

    // MARK: Update

    /// Applies deferred changes and due wake-ups, re-evaluates dirty nodes top-down and runs
    /// lifecycle callbacks. Returns whether anything was re-evaluated.
    @discardableResult
    func update() -> Bool {
        withSink {
            var changed = false
            if !wakeups.isEmpty {
                let due = wakeups.filter { $0.time <= time + 1e-9 }
                wakeups.removeAll { $0.time <= time + 1e-9 || $0.node.node == nil }
                for wake in due { if let node = wake.node.node, !node.isRemoved { invalidate(node) } }
            }
            if !deferred.isEmpty {
                let actions = deferred
                deferred.removeAll()
                for action in actions { action() }
            }
            for pass in 0..<ViewGraph.maxPassesPerFrame {
                if dirty.isEmpty && lifecycleQueue.isEmpty { break }
                if pass == ViewGraph.maxPassesPerFrame - 1 {
                    Diagnostics.warn("state keeps changing in onAppear/onChange; the rest waits for the next frame")
                    needsUpdate = true
                    break
                }
                // Swapped with scratch arrays rather than copied: the queues keep their storage.
                swap(&dirty, &batchScratch)
                batchScratch.sort { $0.depth < $1.depth }
                for node in batchScratch where node.isDirty && !node.isRemoved {
                    evaluate(node)
                    changed = true
                }
                batchScratch.removeAll(keepingCapacity: true)
                swap(&lifecycleQueue, &callbackScratch)
                for callback in callbackScratch { callback() }
                callbackScratch.removeAll(keepingCapacity: true)
            }
            if changed { generation += 1 }
            needsUpdate = !deferred.isEmpty || !dirty.isEmpty
            return changed
        }
    }

    func enqueueLifecycle(_ action: @escaping () -> Void) { lifecycleQueue.append(action) }

    // MARK: Evaluation

    /// Installs the node's dynamic properties, runs its body (or lists its children) under
    /// read tracking, and reconciles the children.
    func evaluate(_ node: Node) {
        node.isDirty = false
        node.invalidateLayout()
        if node.depth > ViewGraph.maxDepth {
            Diagnostics.warn("view tree deeper than \(ViewGraph.maxDepth) levels at \(node.path): a body probably contains itself; the rest is not shown")
            reconcile(node, ChildList())
            return
        }
        PropertyInstaller.install(node.view, in: node)
        let context = ThreadContext.current
        let previousReader = context.reader
        context.reader = node
        evaluationDepth += 1
        var list = childListPool.popLast() ?? ChildList()
        withObservationTracking {
            if let primitive = node.primitive {
                primitive.makeChildren(&list)
            } else {
                list.append(ViewGraph.body(of: node.view), key: 0)
            }
        } onChange: { [weak node] in
            guard let node, let graph = node.graphIfAlive else { return }
            graph.invalidateFromObservation(node)
        }
        evaluationDepth -= 1
        context.reader = previousReader
        reconcile(node, list)
        list.views.removeAll(keepingCapacity: true)
        childListPool.append(list)
        if let lifecycle = node.lifecycle { enqueueLifecycle { [weak node] in
            if let node, !node.isRemoved { lifecycle.updated(node) }
        } }
    }

    /// Observation calls back from `willSet`, possibly during a body; defer to be safe.
    private func invalidateFromObservation(_ node: Node) {
        if isEvaluatingBody { self.defer { [weak node] in if let node { self.invalidate(node) } } }
        else { invalidate(node) }
    }

    private static func body<V: View>(of view: V) -> any View { view.body }

    /// Whether two view values are equal (only for Equatable views; others never are).
    static func equalViews(_ a: any View, _ b: any View) -> Bool {
        guard let a = a as? any Equatable else { return false }
        return a.isEqual(to: b)
    }

    /// Matches the new child list against the current children by key: kept children get the
    /// new view value and are re-evaluated; new ones are created (onAppear); the rest removed.
    ///
    /// The common update (the same children in the same order) allocates nothing: children are
    /// matched in place first, a key table is built only when the order changed, and the
    /// children array is replaced (and the layout-item caches invalidated) only when the
    /// structure really changed. Measured on the `views` scene: 5–8 allocations per node before.
    func reconcile(_ node: Node, _ list: ChildList) {
        var environment = node.environment
        node.primitive?.transformEnvironment(&environment)
        reconcileMark &+= 1
        let mark = reconcileMark
        let oldChildren = node.children
        var old: [NodeKey: Node]? = nil          // built only when a child is not where it was
        var used: Set<NodeKey>? = nil            // duplicate detection for long lists
        var kept: [Node]? = nil                  // nil while the result equals oldChildren's prefix
        var created: [Node] = []
        let views = list.views
        for index in views.indices {
            let (key, view) = views[index]
            var nodeKey = NodeKey(key: key, type: ObjectIdentifier(type(of: view)))
            if ViewGraph.isDuplicate(nodeKey, in: views, before: index, used: &used) {
                Diagnostics.warn("two children of \(node.path) have the same identity \(key); the later one gets its own")
                if used == nil { used = Set(views[..<index].map { NodeKey(key: $0.key, type: ObjectIdentifier(type(of: $0.view))) }) }
                var n = 1
                repeat { nodeKey.key = AnyHashable(DuplicateKey(id: key, occurrence: n)); n += 1 } while !used!.insert(nodeKey).inserted
            }
            var match: Node? = nil
            if index < oldChildren.count, oldChildren[index].key == nodeKey, oldChildren[index].reconcileMark != mark {
                match = oldChildren[index]
            } else if !oldChildren.isEmpty {
                if old == nil {
                    var table: [NodeKey: Node] = [:]
                    for child in oldChildren { table[child.key] = child }
                    old = table
                }
                if let candidate = old![nodeKey], candidate.reconcileMark != mark { match = candidate }
            }
            let child: Node
            if let existing = match {
                existing.reconcileMark = mark
                child = existing
                if !existing.isDirty, existing.environment.version == environment.version,
                   ViewGraph.equalViews(existing.view, view) {
                    // Same value, same environment, no state changed: its body would give the
                    // same children (SwiftUI skips these too). The old value keeps its installed state.
                } else {
                    existing.view = view
                    existing.environment = environment
                    evaluate(existing)
                }
            } else {
                child = Node(view: view, key: nodeKey, parent: node, graph: self)
                child.environment = environment
                child.reconcileMark = mark
                created.append(child)
            }
            if kept == nil {
                if index < oldChildren.count && oldChildren[index] === child { continue }
                var k = Array(oldChildren[..<min(index, oldChildren.count)])
                k.reserveCapacity(views.count)
                kept = k
            }
            kept!.append(child)
        }
        if kept == nil && views.count == oldChildren.count {
            // Same children, same order: nothing to remove, the structure is unchanged.
            for child in created { appear(child) }
            return
        }
        structureVersion &+= 1
        // Removed children go first so their state is gone before the new ones evaluate;
        // their onDisappear runs after the new children's onAppear (SwiftUI since iOS 14).
        let removed = oldChildren.filter { $0.reconcileMark != mark }
        node.children = kept ?? Array(oldChildren[..<views.count])
        for child in created { appear(child) }
        for child in removed { remove(child) }
    }

    /// Whether `key` equals an earlier child's key (a linear scan for short lists, a set for long).
    private static func isDuplicate(_ key: NodeKey, in views: [(key: AnyHashable, view: any View)], before index: Int,
                                    used: inout Set<NodeKey>?) -> Bool {
        if index == 0 { return false }
        if views.count <= 16 && used == nil {
            for i in 0..<index where views[i].key == key.key && ObjectIdentifier(type(of: views[i].view)) == key.type { return true }
            return false
        }
        if used == nil { used = Set(views[..<index].map { NodeKey(key: $0.key, type: ObjectIdentifier(type(of: $0.view))) }) }
        return !used!.insert(key).inserted
    }

    private func appear(_ child: Node) {
        if let lifecycle = child.lifecycle { enqueueLifecycle { [weak child] in
            if let child, !child.isRemoved { lifecycle.appeared(child) }
        } }
        evaluate(child)
    }

    private func remove(_ node: Node) {
        node.isRemoved = true
        if let lifecycle = node.lifecycle { enqueueLifecycle { lifecycle.disappeared(node) } }
        for child in node.children { remove(child) }
    }
}

extension Equatable {
    func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
