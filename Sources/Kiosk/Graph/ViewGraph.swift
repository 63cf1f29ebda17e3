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
    @exclusivity(unchecked) var nextSerial = 0
    /// Nodes of this graph alive now (made minus freed), for `kiosk soak`'s leak check.
    @exclusivity(unchecked) var liveNodeCount = 0
    /// Bumped by each recorded display list; `Node.invalidateRender` stamps changes with it.
    @exclusivity(unchecked) var renderGeneration = 0
    /// View types known to hold no dynamic properties (reflection is skipped for them).
    @exclusivity(unchecked) var plainTypes = Set<ObjectIdentifier>()
    /// Which casts succeed for each view type met (Node.refreshKinds).
    @exclusivity(unchecked) var viewKinds: [ObjectIdentifier: ViewTypeInfo] = [:]
    /// Where each struct view type keeps its @State/@Environment (nil: found by Mirror).
    @exclusivity(unchecked) var propertyPlans: [ObjectIdentifier: PropertyPlan?] = [:]

    /// Whether kept children that are not Equatable but hold the same fields skip evaluation
    /// (SwiftUI's rule; ViewFieldEquality.swift). On by default; `KIOSK_FIELDWISE=0` turns it
    /// off for every graph (to compare), a graph's `fieldwiseEquality` for one.
    static let fieldwiseByDefault: Bool = {
        guard let v = getenv("KIOSK_FIELDWISE") else { return true }
        return String(cString: v) != "0"
    }()
    @exclusivity(unchecked) var fieldwiseEquality = ViewGraph.fieldwiseByDefault
    /// Deeper than this, a view tree is taken to recurse without end and is cut off.
    static let maxDepth = 400
    /// Update passes per frame (a pass runs lifecycle callbacks that may change state again).
    static let maxPassesPerFrame = 8
    /// Frames that ran out of passes (state changing in a loop), for warning at powers of two.
    private var stateLoopFrames = 0

    @exclusivity(unchecked) private(set) var root: Node!
    @exclusivity(unchecked) private var dirty: [Node] = []
    @exclusivity(unchecked) private var deferred: [() -> Void] = []
    @exclusivity(unchecked) private var lifecycleQueue: [() -> Void] = []
    @exclusivity(unchecked) private var batchScratch: [Node] = []
    @exclusivity(unchecked) private var callbackScratch: [() -> Void] = []
    /// Bumped per reconcile: children matched in it carry this mark.
    @exclusivity(unchecked) private var reconcileMark = 0
    @exclusivity(unchecked) private var evaluationDepth = 0
    let warnings: WarningSink

    /// True while any body runs: state set now is deferred to the next frame.
    var isEvaluatingBody: Bool { evaluationDepth > 0 }
    /// Something changed since the last frame was drawn.
    @exclusivity(unchecked) var needsUpdate = true
    /// Bumped on every update that changed the tree; layout caches compare against it.
    @exclusivity(unchecked) private(set) var generation = 0
    /// Bumped whenever any node's children are reconciled (layout-item caches compare to it).
    @exclusivity(unchecked) private(set) var structureVersion = 0
    /// Virtual time in seconds (the presentation time of the frame being made).
    @exclusivity(unchecked) var time: Double = 0
    /// The wall-clock date at time 0, for TimelineView and `.task` clocks.
    @exclusivity(unchecked) var startDate = Date()
    /// Nodes that asked to be re-evaluated at a time (TimelineView schedules).
    @exclusivity(unchecked) private var wakeups: [(time: Double, node: WeakNode)] = []
    /// `.task`s started whose first step may not have run yet (HeadlessHost waits for them).
    @exclusivity(unchecked) var startedTasks: [TaskStart] = []
    /// The environment given to the root.
    @exclusivity(unchecked) var rootEnvironment = EnvironmentValues()
    /// UIKit's `overrideUserInterfaceStyle` on the root view (Runtime/UIApplication.swift) and the
    /// scheme it replaced.
    var interfaceStyleOverride: UIUserInterfaceStyle = .unspecified
    var schemeBeforeOverride: ColorScheme?
    /// Timers and delayed blocks on this screen's clock (GraphClock.swift), made on first use:
    /// a screen without timers keeps the heap it had (FrameAllocationTests counts are sensitive to it).
    @exclusivity(unchecked) private(set) var clockIfMade: GraphClock?
    /// The screen's focus manager, once something focusable appeared (Focus/FocusManager.swift).
    @exclusivity(unchecked) var focusIfMade: FocusManager?
    /// The host's "now" (HeadlessHost's virtual time, the panel's elapsed time) for the clock.
    @exclusivity(unchecked) var hostNow: (() -> Double)?
    /// A virtual clock (HeadlessHost, `kiosk snapshot`/`record`): a video frame drawn waits for
    /// the decoder to have the frame due (VideoFrameBuffer); on the panel it never waits.
    @exclusivity(unchecked) var waitsForVideo = false
    var clock: GraphClock {
        if let c = clockIfMade { return c }
        let c = GraphClock()
        clockIfMade = c
        c.attach(to: self)
        return c
    }

    // MARK: Animation state (Animation/NodeAnimation.swift, Transaction.swift)
    /// Every running attribute animation.
    @exclusivity(unchecked) var animators: [AttributeAnimator] = []
    /// How many of `animators` held their model at the last tick (see hasRunningAnimators).
    @exclusivity(unchecked) var holdingAnimators = 0
    /// An effect or frame animation moved: the display list must be recorded again.
    @exclusivity(unchecked) var needsRender = false
    /// The nodes `Node.invalidateRender` was called on in render generation
    /// `renderOriginsGeneration` (since the last recording began), at most
    /// `renderOriginLimit`; past that `renderOriginsOverflow`. A frame whose only changes they
    /// are may be patched in place (`RenderPass.patch`). Held by their links (retained), not
    /// themselves, in slots allocated once: noting one is on the path of every change, and
    /// array appends there allocated in debug builds (the allocation tests run those).
    private let originSlots = UnsafeMutablePointer<Unmanaged<NodeLink>>.allocate(capacity: ViewGraph.renderOriginLimit)
    @exclusivity(unchecked) private(set) var renderOriginCount = 0
    @exclusivity(unchecked) private(set) var renderOriginsGeneration = -1
    @exclusivity(unchecked) private(set) var renderOriginsOverflow = false
    static let renderOriginLimit = 16

    func noteRenderOrigin(_ node: Node, generation g: Int) {
        if renderOriginsGeneration != g {
            clearRenderOrigins()
            renderOriginsGeneration = g
            renderOriginsOverflow = false
        }
        guard !renderOriginsOverflow else { return }
        let link = node.link
        for i in 0..<renderOriginCount where originSlots[i].takeUnretainedValue() === link { return }
        if renderOriginCount < Self.renderOriginLimit {
            originSlots[renderOriginCount] = .passRetained(link)
            renderOriginCount += 1
        } else {
            renderOriginsOverflow = true
        }
    }

    deinit {
        clearRenderOrigins()
        originSlots.deallocate()
    }

    private func clearRenderOrigins() {
        for i in 0..<renderOriginCount { originSlots[i].release() }
        renderOriginCount = 0
    }

    /// The origins of this generation, if they are all of them (valid until the next change
    /// is noted in another generation).
    var currentRenderOrigins: UnsafeBufferPointer<Unmanaged<NodeLink>>? {
        renderOriginsGeneration == renderGeneration && !renderOriginsOverflow && renderOriginCount > 0
            ? UnsafeBufferPointer(start: originSlots, count: renderOriginCount) : nil
    }

    /// Drops origins of generations already recorded.
    func dropStaleRenderOrigins() {
        if renderOriginsGeneration != renderGeneration { clearRenderOrigins() }
    }

    /// The transaction of the evaluation in progress (a stack: evaluate saves and restores it).
    @exclusivity(unchecked) var transaction = Transaction()
    /// The transaction of the last update pass that evaluated something (layout animates
    /// frame changes with it, unless a node evaluated in the update says otherwise).
    @exclusivity(unchecked) private(set) var layoutTransaction = Transaction()
    /// Bumped per update; nodes evaluated in it carry the stamp.
    @exclusivity(unchecked) private(set) var updateStamp = 0
    /// The transaction of state writes not yet applied, its withTransaction id, and the time
    /// of the first of them (animations begin at their commit: the next frame already moves).
    @exclusivity(unchecked) private var pendingTransaction: Transaction?
    @exclusivity(unchecked) private var pendingTransactionID = 0
    @exclusivity(unchecked) private(set) var commitTime: Double = 0
    @exclusivity(unchecked) private(set) var isUpdating = false
    /// Applies pending writes now, layout included (the renderer sets it): a write in another
    /// transaction than the pending ones commits those first.
    @exclusivity(unchecked) var flushHandler: (() -> Void)?
    /// Animation completions due, run after the frame.
    @exclusivity(unchecked) private(set) var completionQueue: [() -> Void] = []
    /// Leaving views whose transition modifiers were built at their removal: layout places
    /// them once, at the view's last frame.
    @exclusivity(unchecked) var leavingToPlace: [Node] = []
    /// `preferredColorScheme` writers and the host's own scheme (Runtime/ColorSchemePreference.swift).
    private(set) lazy var colorSchemes = ColorSchemePreferences(graph: self, hostScheme: rootEnvironment.colorScheme)
    /// Sheets, alerts, dialogs and menus shown over the root (Views/Presentation/).
    @exclusivity(unchecked) var presentationsIfMade: PresentationRegistry?
    /// Set once a `containerRelativeFrame` was laid out: containers that change size then drop
    /// their subtree's cached sizes (Layout/ContainerRelativeFrame.swift).
    @exclusivity(unchecked) var usesContainerRelativeFrames = false
    /// matchedGeometryEffect groups (Views/MatchedGeometryEffect.swift).
    let matchedGeometry = MatchedGeometryGroups()
    /// The last node serial before the current update (nodes past it were made in it).
    @exclusivity(unchecked) var serialAtUpdateStart = Int.max
    /// Leaving views whose removal animations have all ended (dropped after the tick).
    @exclusivity(unchecked) var removalsDue: [Node] = []
    /// Completions of transactions applied in this frame, checked after its layout (a change
    /// that animates nothing completes then).
    @exclusivity(unchecked) private var completionsToCheck: [AnimationCompletionListener] = []

    init(root view: any View, environment: EnvironmentValues, warnings: WarningSink = WarningSink(), startDate: Date? = nil) {
        self.warnings = warnings
        if let startDate { self.startDate = startDate }
        rootEnvironment = environment
        GraphClock.created(self)
        withSink {
            // The app's view under a root that also holds the presentation overlay
            // (Views/Presentation/PresentationLayer.swift).
            let top = _PresentationRoot(content: view)
            root = Node(view: top, key: NodeKey(key: ChildKey(0), type: ObjectIdentifier(type(of: top))), parent: nil, graph: self)
            root.environment = environment
            // The root's own onAppear too (`Color.red.onAppear { … }` as a host's whole content).
            enqueueAppeared(root)
            evaluate(root)
        }
    }

    func withSink<T>(_ body: () -> T) -> T {
        let context = ThreadContext.current
        let previous = context.sink, previousGraph = context.graph
        context.sink = warnings
        context.graph = self
        defer { context.sink = previous; context.graph = previousGraph }
        return UIScreen.withBounds(CGRect(origin: .zero, size: rootEnvironment.screenSize), body)
    }

    // MARK: Invalidation

    /// Called when the graph goes from idle to needing an update outside an update (the frame
    /// loop's wake: state set by a queued block or a completion must get a frame).
    @exclusivity(unchecked) var wakeHandler: (() -> Void)?

    /// Decoded images arriving from `ImageCache`'s decode queue for this graph's nodes.
    let imageArrivals = ImageArrivals()

    /// Hands arrived images to their nodes and re-evaluates them (so they draw again); called
    /// at each `needsFrame`, on the graph's thread.
    func collectImageArrivals() {
        let arrived = imageArrivals.take()
        guard !arrived.isEmpty else { return }
        withSink {
            for a in arrived {
                if let w = a.warning { Diagnostics.warn(w) }
                a.lookup.receive(a.key, a.result)
                guard let node = a.node.node, !node.isRemoved, node.renderCache === a.lookup else { continue }
                invalidate(node)
            }
        }
    }

    /// Marks `node`'s ancestors as having a node to evaluate below them in this update.
    private func markDirtyBelow(_ node: Node) {
        let stamp = updateStamp
        var n = node.parent
        while let p = n, p.dirtyBelowStamp != stamp {
            p.dirtyBelowStamp = stamp
            n = p.parent
        }
    }

    func invalidate(_ node: Node) {
        if !needsUpdate && !isUpdating { wakeHandler?() }
        needsUpdate = true
        guard !node.isDirty else { return }
        node.isDirty = true
        dirty.append(node)
    }

    /// A state write is about to invalidate readers: note its transaction. Writes of another
    /// `withAnimation`/`withTransaction` call than the pending ones commit those first, so
    /// `x = 1; withAnimation { x = 2 }` animates from 1.
    func stateWillChange() {
        let context = ThreadContext.current
        let id = context.transactionID
        if pendingTransaction != nil && id != pendingTransactionID && !isUpdating && !isEvaluatingBody, let flush = flushHandler {
            flush()
        }
        if pendingTransaction == nil || id != pendingTransactionID {
            pendingTransaction = context.transaction ?? Transaction()
            pendingTransactionID = id
            commitTime = isUpdating ? time : max(time, hostNow?() ?? time)
        }
        claimCompletions()
        needsUpdate = true
    }

    /// withAnimation completions made on this thread since the last update belong to this graph.
    private func claimCompletions() {
        let context = ThreadContext.current
        guard !context.unclaimedCompletions.isEmpty else { return }
        for c in context.unclaimedCompletions { c.graph = self }
        completionsToCheck += context.unclaimedCompletions
        context.unclaimedCompletions.removeAll()
    }

    /// Fires completions whose transactions started nothing (after an update and its layout).
    func checkCompletions() {
        claimCompletions()
        guard !completionsToCheck.isEmpty else { return }
        let list = completionsToCheck
        completionsToCheck.removeAll()
        for c in list { c.fireIfDone() }
    }

    func enqueueCompletion(_ action: @escaping () -> Void) {
        if completionQueue.isEmpty && !isUpdating { wakeHandler?() }
        completionQueue.append(action)
    }

    /// Runs due completions (after a frame; they may change state for the next one).
    func runCompletions() {
        guard !completionQueue.isEmpty else { return }
        let actions = completionQueue
        completionQueue.removeAll()
        withSink { for action in actions { action() } }
    }

    /// Whether animations or completions want another frame. Animators that only hold their
    /// model (`holdsUntil`) want none: they wake the loop when they end (`nextWakeup`).
    var hasAnimationWork: Bool {
        hasRunningAnimators || !completionQueue.isEmpty || !completionsToCheck.isEmpty || !ThreadContext.current.unclaimedCompletions.isEmpty
    }

    func `defer`(_ action: @escaping () -> Void) {
        deferred.append(action)
        needsUpdate = true
    }

    /// Re-evaluates `node` at virtual time `time` (TimelineView).
    func schedule(_ node: Node, at time: Double) {
        wakeups.append((time, WeakNode(node)))
    }

    /// Whether an animator wants frames: more animators than the last tick found holding, or
    /// one of those was changed since (a release spring retargets a holding tracker).
    var hasRunningAnimators: Bool {
        guard !animators.isEmpty else { return false }
        if animators.count > holdingAnimators { return true }
        return animators.contains { $0.holdsUntil == nil }
    }

    /// The earliest scheduled wake-up, if any (a holding animator's end among them).
    var nextWakeup: Double? {
        var view = wakeups.lazy.filter { $0.node.node.map { !$0.isRemoved } ?? false }.map(\.time).min()
        if holdingAnimators > 0, let hold = animators.lazy.compactMap(\.holdsUntil).min() { view = min(view ?? hold, hold) }
        guard let timer = clockIfMade?.nextTime else { return view }
        return min(view ?? timer, timer)
    }

    func setRootEnvironment(_ environment: EnvironmentValues) {
        rootEnvironment = environment
        root.environment = environment
        root.layoutInputChanged = true
        invalidate(root)
    }

    // MARK: Update

    /// Applies deferred changes and due wake-ups, re-evaluates dirty nodes top-down and runs
    /// lifecycle callbacks. Returns whether anything was re-evaluated.
    @discardableResult
    func update() -> Bool {
        withSink {
            isUpdating = true
            defer { isUpdating = false }
            updateStamp &+= 1
            serialAtUpdateStart = nextSerial
            var changed = false, evaluated = false
            clockIfMade?.fireDue(at: time)
            if !wakeups.isEmpty {
                // Invalidated in place, then dropped: `filter` built a new array of the due
                // wake-ups, the one allocation of every steady TimelineView frame (`lvgl-3`).
                let limit = time + 1e-9
                for wake in wakeups where wake.time <= limit {
                    if let node = wake.node.node, !node.isRemoved { invalidate(node) }
                }
                wakeups.removeAll { $0.time <= limit || $0.node.node == nil }
            }
            if !deferred.isEmpty {
                let actions = deferred
                deferred.removeAll()
                for action in actions { action() }
            }
            for pass in 0..<ViewGraph.maxPassesPerFrame {
                if dirty.isEmpty && lifecycleQueue.isEmpty { break }
                if pass == ViewGraph.maxPassesPerFrame - 1 {
                    // A loop that never settles would say so every frame: the 1st, 2nd, 4th, 8th… time.
                    stateLoopFrames += 1
                    if stateLoopFrames & (stateLoopFrames - 1) == 0 {
                        Diagnostics.warn("state keeps changing in onAppear/onChange; the rest waits for the next frame"
                                         + (stateLoopFrames > 1 ? " (\(stateLoopFrames) frames so far)" : ""))
                    }
                    needsUpdate = true
                    break
                }
                // Each pass applies the writes made before it (in handlers, or in the previous
                // pass's callbacks) in their transaction; re-evaluations an animation frame
                // asks for get an empty one.
                // A pass with no state write pending (focus moved, an observed object's read
                // invalidated, a clock wake) commits now: the last write's time, kept from
                // before, started the on-screen keyboard's transition seconds in the past, so
                // after a quiet moment it showed at once instead of sliding.
                if pendingTransaction == nil { commitTime = max(time, hostNow?() ?? time) }
                transaction = pendingTransaction ?? Transaction()
                pendingTransaction = nil
                pendingTransactionID = 0
                if !dirty.isEmpty { layoutTransaction = transaction }
                completionsToCheck += transaction.completions
                // Swapped with scratch arrays rather than copied: the queues keep their storage.
                swap(&dirty, &batchScratch)
                ViewGraph.sortByDepth(&batchScratch)
                // Ancestors of the dirty nodes are not skipped as equal: a skipped one would leave
                // a dirty node below to be evaluated on its own, in its own write's transaction
                // (a focused field's plain one), not in the one its ancestors pass down (the
                // keyboard inset's animation), and its frame would jump.
                for i in batchScratch.indices { markDirtyBelow(batchScratch[i]) }
                for node in batchScratch where node.isDirty && !node.isRemoved {
                    evaluate(node)
                    evaluated = true
                    // A redraw-only node (RedrawsWithoutLayout) re-recorded itself: no layout
                    // pass (the root's pass re-asks sizes even of clean nodes), only a render.
                    if node.kinds.contains(.redrawsWithoutLayout) && !node.needsLayout { needsRender = true } else { changed = true }
                }
                batchScratch.removeAll(keepingCapacity: true)
                transaction = Transaction()
                swap(&lifecycleQueue, &callbackScratch)
                for callback in callbackScratch { callback() }
                callbackScratch.removeAll(keepingCapacity: true)
            }
            // Focus follows bindings the app wrote (and drops views that left); a move writes
            // bindings, whose readers update next pass or frame.
            focusIfMade?.sync()
            if changed { generation += 1 }
            needsUpdate = !deferred.isEmpty || !dirty.isEmpty
            return evaluated
        }
    }

    func enqueueLifecycle(_ action: @escaping () -> Void) { lifecycleQueue.append(action) }

    /// Orders dirty nodes parents first, keeping the order among nodes of one depth (a stable
    /// sort), without allocating in the usual cases: already in order (the nodes a timeline
    /// or a list of animated rows dirties are often all of one depth), or few enough for an
    /// insertion sort. The standard library's stable sort takes a scratch buffer past 20
    /// elements: two allocations a frame in LVGL scene 10 at 1080p (66 tickers).
    static func sortByDepth(_ nodes: inout [Node]) {
        let n = nodes.count
        guard n > 1 else { return }
        nodes.withUnsafeMutableBufferPointer { b in
            var sorted = true
            for i in 1..<n where b[i].depth < b[i - 1].depth { sorted = false; break }
            if sorted { return }
            if n <= 256 {
                for i in 1..<n {
                    let x = b[i], d = x.depth
                    var j = i
                    while j > 0 && d < b[j - 1].depth { b[j] = b[j - 1]; j -= 1 }
                    b[j] = x
                }
                return
            }
            b.sort { $0.depth < $1.depth }
        }
    }

    // MARK: Evaluation

    /// Installs the node's dynamic properties, runs its body (or lists its children) under
    /// read tracking, and reconciles the children.
    ///
    /// `parentEvaluated`: called from the parent's reconcile (the new value came from the
    /// parent, so `Node.layoutInputChanged` says whether layout must run again).
    func evaluate(_ node: Node, parentEvaluated: Bool = false) {
        node.isDirty = false
        // Only what changes layout lays out again (Node.layoutInputChanged); a new child list
        // of another structure marks the node in `reconcile`. A laid-out node invalidated on
        // its own (state, a schedule, `invalidate`) is marked as before: what it read may be
        // anything.
        if node.layoutInputChanged || (!parentEvaluated && node.layout != nil && !node.kinds.contains(.redrawsWithoutLayout)) {
            node.layoutInputChanged = false
            node.invalidateLayout()
        }
        node.transaction = transaction
        node.transactionStamp = updateStamp
        let outerTransaction = transaction
        if node.kinds.contains(.transaction) { (node.view as? any TransactionCarrier)?.transformTransaction(&transaction, node: node) }
        defer { transaction = outerTransaction }
        if node.depth > ViewGraph.maxDepth {
            Diagnostics.warn("view tree deeper than \(ViewGraph.maxDepth) levels at \(node.path): a body probably contains itself; the rest is not shown")
            var empty = ChildList()
            reconcile(node, &empty)
            return
        }
        if node.transitionHost == nil { PropertyInstaller.install(node.view, in: node) }
        let context = ThreadContext.current
        let previousReader = context.reader
        context.reader = node
        evaluationDepth += 1
        // The node's own list, taken while it is filled and reconciled (ChildList: its entries
        // are last evaluation's values, whose boxes the new values are written into).
        var list = ChildList()
        swap(&list, &node.childList)
        list.reset()
        withObservationTracking {
            if let host = node.transitionHost {
                hostChildren(node, host, &list)
            } else if node.kinds.contains(.primitive) {
                node.info.makeChildren(of: node.view, &list)
            } else {
                ViewGraph.appendBody(of: node.view, to: &list)
            }
        } onChange: { [link = node.link] in
            guard let node = link.node, let graph = node.graphIfAlive else { return }
            graph.invalidateFromObservation(node)
        }
        evaluationDepth -= 1
        context.reader = previousReader
        reconcile(node, &list)
        list.trim()
        if !node.isRemoved { swap(&list, &node.childList) }
        if let lifecycle = node.lifecycle { enqueueLifecycle { [link = node.link] in
            if let node = link.node, !node.isRemoved { lifecycle.updated(node) }
        } }
    }

    /// Observation calls back from `willSet`, possibly during a body; defer to be safe.
    private func invalidateFromObservation(_ node: Node) {
        if isEvaluatingBody { self.defer { [link = node.link] in if let node = link.node { self.invalidate(node) } } }
        else { stateWillChange(); invalidate(node) }
    }

    /// A composite view's body, listed as its concrete type (boxed once, into the kept entry;
    /// returning it as `any View` first boxed it twice).
    private static func appendBody(of view: any View, to list: inout ChildList) {
        func open<V: View>(_ v: V) { list.append(v.body, key: 0) }
        open(view)
    }

    /// The environment a node's children see. An environment-writing modifier re-evaluated into
    /// the environment it saw last time, writing the value its last result already holds (a
    /// `.font(f)` re-made by its parent's body with the same `f`), gives that result again: the
    /// same version, so the children's environment is not replaced and their Equatable views
    /// are not re-evaluated for it. Writing it again copied the environment's storage and boxed
    /// the value (2 allocations per write per frame in `lvgl-9`) and gave a new version.
    private func childEnvironment(of node: Node) -> EnvironmentValues {
        var environment = node.environment
        guard node.kinds.contains(.primitive) else { return environment }
        guard node.info.writesEnvironment else {
            node.info.transformEnvironment(of: node.view, &environment)
            return environment
        }
        if let last = node.writtenEnvironment, last.source == environment.version,
           node.info.environmentWrite(of: node.view, isIn: last.result) {
            return last.result
        }
        node.info.transformEnvironment(of: node.view, &environment)
        node.writtenEnvironment = (node.environment.version, environment)
        return environment
    }

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
    func reconcile(_ node: Node, _ list: inout ChildList) {
        let environment = childEnvironment(of: node)
        reconcileMark &+= 1
        let mark = reconcileMark
        let oldChildren = node.children
        var old: [NodeKey: Node]? = nil          // built only when a child is not where it was
        var used: Set<NodeKey>? = nil            // duplicate detection for long lists
        var kept: [Node]? = nil                  // nil while the result equals oldChildren's prefix
        var created: [Node] = []
        let count = list.count
        for index in 0..<count {
            let (key, view) = list[index]
            if type(of: view) == _AdoptedNode.self, let adopted = view as? _AdoptedNode {
                // A transition host's real node, inside the transition's modifiers (the kept
                // entry must not hold it: a list outlives the evaluation).
                var empty: any View = EmptyView()
                list.swapView(&empty, at: index)
                let child = adopted.node
                child.reconcileMark = mark
                if child.parent !== node { child.parent = node; ViewGraph.setDepth(child, node.depth + 1) }
                if let v = adopted.view {
                    setView(v, of: child, environment: environment)
                    evaluate(child, parentEvaluated: true)
                } else if child.environment.version != environment.version {
                    setEnvironment(environment, of: child)
                    evaluate(child, parentEvaluated: true)
                }
                if kept == nil {
                    if index < oldChildren.count && oldChildren[index] === child { continue }
                    kept = Array(oldChildren[..<min(index, oldChildren.count)])
                }
                kept!.append(child)
                continue
            }
            var nodeKey = NodeKey(key: key, type: ObjectIdentifier(type(of: view)))
            // While the list matches the old children in place, a key equal to the old one at
            // this index cannot repeat an earlier key (the old keys are distinct): the check
            // (a Set of every key for lists over 16, per update) is needed only past that prefix.
            let inPlace = kept == nil && used == nil && index < oldChildren.count && oldChildren[index].key == nodeKey
            if !inPlace, ViewGraph.isDuplicate(nodeKey, in: list, before: index, used: &used) {
                Diagnostics.warn("two children of \(node.path) have the same identity \(key); the later one gets its own")
                if used == nil { used = Set((0..<index).map { NodeKey(key: list[$0].key, type: ObjectIdentifier(type(of: list[$0].view))) }) }
                var n = 1
                repeat { nodeKey.key = ChildKey(DuplicateKey(id: key, occurrence: n)); n += 1 } while !used!.insert(nodeKey).inserted
            }
            var match: Node? = nil
            if inPlace || (index < oldChildren.count && oldChildren[index].key == nodeKey), oldChildren[index].reconcileMark != mark {
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
                let outer = transaction
                defer { transaction = outer }
                let wasLeaving = existing.isLeaving
                if wasLeaving { reinsert(existing) }
                if !existing.isDirty, !wasLeaving, existing.environment.version == environment.version,
                   existing.dirtyBelowStamp != updateStamp,
                   existing.kinds.contains(.equatable) ? existing.info.isEqual(existing.view, view)
                       : fieldwiseEquality && existing.info.fieldsEqual(existing.view, view) {
                    // Same value (Equatable's ==, else the same fields: ViewFieldEquality.swift),
                    // same environment, no state changed: its body would give the same children
                    // (SwiftUI skips these too). The old value keeps its installed state.
                    // It still takes this update's transaction, as an evaluation would: its
                    // subtree may move (a parent's new inset, a sheet's slide), and the layout
                    // pass animates a node by the transaction of its nearest stamped ancestor.
                    existing.transaction = transaction
                    existing.transactionStamp = updateStamp
                } else {
                    // The child's old value goes back into the entry: its box is the one the
                    // next evaluation writes into.
                    var old = setView(view, of: existing, environment: environment)
                    list.swapView(&old, at: index)
                    evaluate(existing, parentEvaluated: true)
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
                k.reserveCapacity(count)
                kept = k
            }
            kept!.append(child)
        }
        if kept == nil && count == oldChildren.count {
            // Same children, same order: nothing to remove, the structure is unchanged.
            for child in created { appear(child) }
            return
        }
        structureVersion &+= 1
        node.invalidateLayout()
        // Removed children go first so their state is gone before the new ones evaluate;
        // their onDisappear runs after the new children's onAppear (SwiftUI since iOS 14).
        let removed = oldChildren.filter { $0.reconcileMark != mark }
        var children = kept ?? Array(oldChildren[..<count])
        for child in created { appear(child) }
        if node.kinds.contains(.dynamicContainer) {
            // Inserted inside an animated transaction: in with the view's transition.
            for child in created {
                guard let t = transitionForChange(of: child, in: node, insertion: true),
                      let i = children.firstIndex(where: { $0 === child }) else { continue }
                children[i] = insertWithTransition(child, in: node, transition: t)
            }
        }
        for child in removed {
            if child.isLeaving { children.append(child); continue }      // already on its way out
            if let t = transitionForChange(of: child, in: node, insertion: false) {
                children.append(removeWithTransition(child, in: node, transition: t))
            } else {
                remove(child)
            }
        }
        node.children = children
    }

    /// The structure changed outside a reconcile (a leaving view dropped or re-inserted).
    func structureDidChange() {
        structureVersion &+= 1
        generation &+= 1
        needsUpdate = true
        if !isUpdating { wakeHandler?() }
    }

    /// Marks a subtree removed (its onDisappear callbacks run after the update).
    func removeSubtree(_ node: Node) { remove(node) }

    static func setDepth(_ node: Node, _ depth: Int) {
        guard node.depth != depth else { return }
        node.depth = depth
        for child in node.children { setDepth(child, depth + 1) }
    }

    /// Whether `key` equals an earlier child's key (a linear scan for short lists, a set for long).
    private static func isDuplicate(_ key: NodeKey, in views: ChildList, before index: Int,
                                    used: inout Set<NodeKey>?) -> Bool {
        if index == 0 { return false }
        if views.count <= 16 && used == nil {
            for i in 0..<index where views[i].key == key.key && ObjectIdentifier(type(of: views[i].view)) == key.type { return true }
            return false
        }
        if used == nil { used = Set((0..<index).map { NodeKey(key: views[$0].key, type: ObjectIdentifier(type(of: views[$0].view))) }) }
        return !used!.insert(key).inserted
    }

    private func appear(_ child: Node) {
        enqueueAppeared(child)
        evaluate(child, parentEvaluated: true)
    }

    private func enqueueAppeared(_ node: Node) {
        guard let lifecycle = node.lifecycle else { return }
        if type(of: lifecycle).runsAfterLayout {
            appearanceQueue.append { [link = node.link] in
                if let node = link.node, !node.isRemoved { node.appearanceRan = true; lifecycle.appeared(node) }
            }
        } else {
            enqueueLifecycle { [link = node.link] in
                if let node = link.node, !node.isRemoved { lifecycle.appeared(node) }
            }
        }
    }

    private func remove(_ node: Node) {
        node.isRemoved = true
        node.childList.clear()
        cancelAnimations(of: node)
        if let lifecycle = node.lifecycle {
            if type(of: lifecycle).runsAfterLayout {
                appearanceQueue.append { if node.appearanceRan { node.appearanceRan = false; lifecycle.disappeared(node) } }
            } else {
                enqueueLifecycle { lifecycle.disappeared(node) }
            }
        }
        for child in node.children { remove(child) }
    }

    // MARK: Appearance callbacks (after layout)

    /// onAppear/onDisappear/task callbacks queued by updates, in order; the renderer runs them
    /// after the layout that follows (`runAppearanceCallbacks`).
    @exclusivity(unchecked) private var appearanceQueue: [() -> Void] = []
    @exclusivity(unchecked) private var appearanceScratch: [() -> Void] = []
    var hasAppearanceCallbacks: Bool { !appearanceQueue.isEmpty }

    /// Runs the queued appearance callbacks (those they queue in turn wait for the next call).
    func runAppearanceCallbacks() {
        guard !appearanceQueue.isEmpty else { return }
        withSink {
            swap(&appearanceQueue, &appearanceScratch)
            for callback in appearanceScratch { callback() }
            appearanceScratch.removeAll(keepingCapacity: true)
        }
    }
}

extension Equatable {
    func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
