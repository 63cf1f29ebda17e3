// Node: one view's persistent identity in the graph. It keeps the latest view value, the
// view's @State cells, its environment, its children (keyed by structural identity) and the
// layout result. Composite views (those with a body) and transparent primitives are not laid
// out themselves: their layout items are their children's.

/// A node's identity among its siblings: the structural key plus the view's type, so that an
/// `AnyView` switching type, or a branch of an `if` flipping, makes a new node.
struct NodeKey: Hashable {
    var key: ChildKey
    var type: ObjectIdentifier
}

// The hot classes of a frame (Node, ViewGraph, LayoutPass, RenderPass, Raster's Canvas and
// ByteBudgetCache) mark their stored properties `@exclusivity(unchecked)`: the runtime's
// dynamic exclusivity checks on them (swift_beginAccess, a thread-local access set) were
// ~10 % of an `lvgl-8` frame, 1.3 M checks in 80 frames. No access to them overlaps another
// (scripts/test passes with the checks on; they are a debugging aid, not a guard the code
// relies on).
final class Node {
    /// Unique for the life of the process; orders display items and damage bookkeeping.
    let serial: Int
    unowned(unsafe) let graph: ViewGraph
    /// The graph, or nil once it is gone (for callbacks that may outlive it).
    var graphIfAlive: ViewGraph? { weakGraph }
    private weak var weakGraph: ViewGraph?
    /// What holds this node without keeping it (its children, animators, callbacks): see NodeLink.
    let link = NodeLink()
    @exclusivity(unchecked) private var parentLink: NodeLink?
    var parent: Node? {
        get { parentLink?.node }
        set { parentLink = newValue?.link }
    }
    let key: NodeKey
    /// Depth in the tree (a transition's host adopting a node moves it deeper).
    @exclusivity(unchecked) var depth: Int

    @exclusivity(unchecked) var view: any View {
        // A node without a layout draws nothing of its own: its children do, and a new body
        // reaches them as their own changes (a new value, environment or child list marks
        // them), so it marks nothing. A laid-out node is recorded again only when its new
        // value draws otherwise than the last (`ViewTypeInfo.updateLayout`'s `drawsSame`):
        // `lvgl-16`'s 16 ms ticker re-made the same page every tick, and each same value
        // marked the screen's chain, so the page was recorded and diffed again for nothing.
        didSet {
            let drawsSame = refreshKinds()
            viewVersion &+= 1
            if layout != nil && !drawsSame { invalidateRender() }
        }
    }
    /// Bumped whenever the node gets a new view value (render caches compare it).
    @exclusivity(unchecked) private(set) var viewVersion = 0
    /// What the graph knows about the view's type (its casts, found once per type; owned by
    /// the graph's `viewKinds`, which lives as long as the graph).
    @exclusivity(unchecked) private(set) unowned(unsafe) var info: ViewTypeInfo = ViewTypeInfo.opaque
    /// The view as a primitive, when it is one (projected through `info`, no runtime cast).
    var primitive: (any PrimitiveView)? { kinds.contains(.primitive) ? info.primitive(of: view) : nil }
    /// Its layout and drawing behaviour; nil for composite and transparent nodes.
    @exclusivity(unchecked) private(set) var layout: (any LayoutBehavior)?
    /// Lifecycle hooks (onAppear, onChange, task) of a modifier node.
    @exclusivity(unchecked) private(set) var lifecycle: (any LifecycleModifier)?
    /// Which of the casts succeed for the view's type.
    @exclusivity(unchecked) private(set) var kinds: ViewKinds = []

    @exclusivity(unchecked) var children: [Node] = [] { didSet { invalidateRender() } }
    /// The children's view values of the last evaluation, whose existential boxes the next one
    /// writes into (ChildList); emptied when the node is removed.
    @exclusivity(unchecked) var childList = ChildList()
    /// The environment this node's view sees.
    @exclusivity(unchecked) var environment = EnvironmentValues() { didSet { invalidateRender(asOrigin: layout != nil) } }
    /// An environment-writing modifier's last result and the version of the environment it was
    /// written into (`ViewGraph.childEnvironment`).
    @exclusivity(unchecked) var writtenEnvironment: (source: UInt64, result: EnvironmentValues)?
    /// @State storage in declaration order.
    @exclusivity(unchecked) var stateCells: [AnyObject] = []
    /// Storage for modifiers that remember values between updates (onChange, task).
    @exclusivity(unchecked) var modifierState: AnyObject? { didSet { invalidateRender() } }
    /// A view list's lifecycle modifiers (onAppear, task, onChange…) merged over its elements,
    /// one `LifecycleMerge` per modifier of the chain (ViewListModifiers.swift).
    @exclusivity(unchecked) var listLifecycles: LifecycleMerges?
    /// What the node's drawing keeps between frames (a shape's outline), owned by its view type.
    @exclusivity(unchecked) var renderCache: AnyObject?
    @exclusivity(unchecked) private var paintCache: (frame: CGRect, environment: UInt64, view: Int, paint: DrawPaint)?

    /// The node's resolved paint, kept while its view value, environment and frame stay (a
    /// paint depends on nothing else): resolving re-boxes the style as an existential and a
    /// gradient rebuilds its stops, every frame for every unchanged view otherwise.
    func cachedPaint(_ resolve: () -> DrawPaint) -> DrawPaint {
        if let c = paintCache, c.view == viewVersion, c.environment == environment.version, c.frame == frame { return c.paint }
        let paint = resolve()
        paintCache = (frame, environment.version, viewVersion, paint)
        return paint
    }

    /// An after-layout `appeared` callback ran for this node (its `disappeared` runs only then:
    /// a view inserted and removed before the layout never appears nor disappears).
    @exclusivity(unchecked) var appearanceRan = false
    @exclusivity(unchecked) var isDirty = false
    @exclusivity(unchecked) var isRemoved = false
    /// The parent's reconcile that last matched this node (ViewGraph.reconcile's bookkeeping).
    @exclusivity(unchecked) var reconcileMark = -1
    /// This node or a descendant changed since the last layout: its cached sizes are stale and
    /// it must be placed again. Clean subtrees keep their sizes and frames between frames, so
    /// one changed Text re-lays out only its ancestors' chain (and what they move).
    @exclusivity(unchecked) var needsLayout = true
    /// What this node's own layout depends on changed since its last evaluation: its layout
    /// behaviour's value (a frame's size, a Text's string or font; not a colour) or its
    /// environment. Set by `refreshKinds` and `ViewGraph.setEnvironment`; `evaluate` then marks
    /// the node and its ancestors for layout. A re-evaluated node whose layout inputs stayed
    /// (88 labels recoloured every 16 ms in `lvgl-8`) is not laid out again: its sizes and
    /// frames stay, as do its children's unless they changed themselves.
    @exclusivity(unchecked) var layoutInputChanged = false

    /// Marks this node and all its ancestors as needing layout (all the way up: transparent
    /// ancestors are never placed, so their flags cannot be trusted to stop the walk).
    func invalidateLayout() {
        var n: Node? = self
        while let node = n {
            node.needsLayout = true
            n = node.parent
        }
    }

    // Layout results, in root coordinates before render effects (offset, rotation, …).
    /// The frame drawn: the layout frame, or the animating one while a frame animation runs.
    @exclusivity(unchecked) var frame = CGRect.zero { didSet { if frame != oldValue { invalidateRender() } } }
    /// The frame layout gave (the model value; `frame` animates toward it).
    @exclusivity(unchecked) var layoutFrame = CGRect.zero
    /// Whether layout placed this node before (its first frame never animates).
    @exclusivity(unchecked) var wasPlaced = false

    // Animation (Animation/NodeAnimation.swift).
    /// The transaction this node was last evaluated in, and the graph update it was.
    @exclusivity(unchecked) var transaction = Transaction()
    @exclusivity(unchecked) var transactionStamp = -1
    /// The update in which a node below this one was invalidated (ViewGraph.update marks the
    /// ancestors of each dirty node): such a node is evaluated even when its value is equal,
    /// so the dirty ones below are evaluated in its transaction, as they were before skipping.
    @exclusivity(unchecked) var dirtyBelowStamp = -1
    /// The running animation of the view's (or its modifier's) animatableData.
    @exclusivity(unchecked) var valueAnimator: AttributeAnimator? { didSet { invalidateRender() } }
    /// The running animation of its frame.
    @exclusivity(unchecked) var frameAnimator: AttributeAnimator? { didSet { invalidateRender() } }
    /// The running animation of its paint: fill or stroke colour, gradient stops
    /// (Animation/PaintAnimation.swift).
    @exclusivity(unchecked) var paintAnimator: AttributeAnimator? { didSet { invalidateRender() } }
    /// While a body-kind animation runs: the latest model view (`view` holds presented copies).
    @exclusivity(unchecked) var animatorModelView: (any View)?

    // Transitions (Transitions/TransitionHost.swift).
    /// Set on the host node of a view inserted or removed with a transition: the node is then
    /// transparent and lists the transition's modifiers around the adopted real node.
    @exclusivity(unchecked) var transitionHost: TransitionHost? { didSet { refreshKinds(); invalidateRender() } }
    /// The view version the host last passed to its adopted node.
    @exclusivity(unchecked) var hostedViewVersion = -1
    /// A leaving (removed, still animating out) view: out of layout, drawn below its siblings.
    var isLeaving: Bool { transitionHost?.phase == .didDisappear }
    /// A Text's content change in flight (`contentTransition`), and the value the last
    /// `.numericText(value:)` change saw (its direction).
    @exclusivity(unchecked) var contentChange: TextContentChange? { didSet { invalidateRender() } }
    @exclusivity(unchecked) var lastNumericValue: Double?
    /// Paint order among siblings when it is not the node's own (a host's items take the
    /// zIndex written on the hosted view).
    @exclusivity(unchecked) var zIndexOverride: Double? { didSet { invalidateRender() } }
    @exclusivity(unchecked) var sizeCache: [(ProposedViewSize, CGSize)] = []
    /// The proposal of the last size question (LayoutPass.placementProposal: the parent asks
    /// last with the proposal it then places the node for).
    @exclusivity(unchecked) var lastProposal: ProposedViewSize?

    // Retained recording (Render/RetainedRecording.swift): the render generation of its last
    // change (`invalidateRender`) and of its last recording, and where that recording went.
    @exclusivity(unchecked) var renderDirtyGeneration = -1
    /// The render generation of the last patch that took it as an origin (`RenderPass.patch`:
    /// its descendants are recorded with it).
    @exclusivity(unchecked) var patchStamp = -1
    @exclusivity(unchecked) var renderRecordedGeneration = -2
    @exclusivity(unchecked) var recorded = RecordedRange()
    @exclusivity(unchecked) var sizeCachePass = -1
    /// Explicit alignment guide values forwarded through this node in layout pass
    /// `guideCachePass` (LayoutPass.explicitGuide): each is asked once per pass, not once per
    /// ancestor that places it.
    @exclusivity(unchecked) var guideCache: [(GuideQuery, CGFloat?)] = []
    @exclusivity(unchecked) var guideCachePass = -1

    // Counted so `kiosk soak` can tell nodes that outlive their views (a retain cycle) from a
    // tree that stays the same size: one add per node made, one weak load per node freed.
    deinit {
        link.node = nil
        weakGraph?.liveNodeCount -= 1
    }

    init(view: any View, key: NodeKey, parent: Node?, graph: ViewGraph) {
        graph.nextSerial += 1
        graph.liveNodeCount += 1
        serial = graph.nextSerial
        self.view = view
        self.key = key
        parentLink = parent?.link
        self.graph = graph
        weakGraph = graph
        depth = (parent?.depth ?? -1) + 1
        refreshKinds()
        // A new node needs layout (`needsLayout` starts true) and its parent's structure
        // change marks the ancestors (ViewGraph.reconcile).
        layoutInputChanged = false
        link.node = self
    }

    /// The casts depend on the view's type only: the graph keeps a `ViewTypeInfo` per type
    /// (ViewTypeInfo.swift), and a new value of the node's type is projected through it without
    /// asking the runtime (boxing a modifier as `Any` to ask whether it has lifecycle hooks cost
    /// an allocation per modified node per update; the conformance casts were 11 % of an
    /// `lvgl-8` frame).
    ///
    /// Returns whether the node's layout behaviour draws exactly as the one it replaces (false
    /// when unknown, or when it has none).
    @discardableResult
    func refreshKinds() -> Bool {
        if transitionHost != nil {
            if layout != nil { layoutInputChanged = true }
            info = ViewTypeInfo.opaque; layout = nil; lifecycle = nil; kinds = []
            return false
        }
        let type = ObjectIdentifier(Swift.type(of: view))
        if type != info.type {
            info = graph.typeInfo(of: view, type: type)
            kinds = info.kinds
        }
        // Written into the existing behaviour's box when it has the type (a new `any
        // LayoutBehavior` boxed a Text or a frame modifier per re-evaluated node: 171 of
        // `lvgl-8`'s 966 allocations per frame at 1080p).
        var drawsSame = false
        if kinds.contains(.layout) {
            let oldZ = layout?.zIndex ?? 0
            if !info.updateLayout(of: view, &layout, drawsSame: &drawsSame) {
                layoutInputChanged = true
                // The siblings' paint order is the laid-out parent's recording: a child's new
                // zIndex records the parent's children again, in the new order (a recording
                // that re-records only the changed child keeps it where it was).
                if layout?.zIndex ?? 0 != oldZ {
                    var p = parent
                    while let q = p, q.layout == nil { p = q.parent }
                    p?.invalidateRender()
                }
            }
        } else if layout != nil {
            layout = nil
            layoutInputChanged = true
        }
        lifecycle = kinds.contains(.lifecycle) ? info.lifecycle(of: view) : nil
        return drawsSame
    }

    /// The nodes that take part in the parent's layout: itself when it lays out, otherwise
    /// its children's items, flattened (Group, ForEach, if/else, composite bodies).
    func appendLayoutItems(to items: inout [Node]) {
        if layout != nil { items.append(self); return }
        items.append(contentsOf: layoutItems)
    }

    /// The children's layout items, flattened; cached until the graph's structure changes
    /// (layout asks for them several times per pass: rebuilding them was 15% of a frame).
    ///
    /// The version is the graph's, so any structure change anywhere (a key's bubble showing on
    /// the on-screen keyboard) makes every node check its items again: a node whose items are
    /// the same keeps its array (rebuilding them all was ≈ 44 % of a keystroke's allocations
    /// in the typing benchmark).
    var layoutItems: [Node] {
        if itemsVersion == graph.structureVersion { return cachedItems }
        itemsVersion = graph.structureVersion
        if layoutItemsUnchanged() { return cachedItems }
        var items: [Node] = []
        items.reserveCapacity(max(children.count, cachedItems.count))
        for child in children where !child.isLeaving { child.appendLayoutItems(to: &items) }
        cachedItems = items
        return items
    }
    @exclusivity(unchecked) private var cachedItems: [Node] = []
    @exclusivity(unchecked) private var itemsVersion = -1

    /// Whether the children's flattened items are still `cachedItems` (no allocation).
    private func layoutItemsUnchanged() -> Bool {
        let cached = cachedItems
        var i = 0
        for child in children where !child.isLeaving {
            if child.layout != nil {
                guard i < cached.count, cached[i] === child else { return false }
                i += 1
            } else {
                for item in child.layoutItems {
                    guard i < cached.count, cached[i] === item else { return false }
                    i += 1
                }
            }
        }
        return i == cached.count
    }

    /// Whether a leaving child is among the children's flattened items.
    private var hasLeavingItem: Bool {
        for child in children {
            if child.isLeaving { return true }
            if child.layout == nil && child.hasLeavingItem { return true }
        }
        return false
    }

    /// The children's items in paint order before zIndex: leaving views first (below the live
    /// ones), then the layout items. Equals `layoutItems` when nothing is leaving.
    var renderItems: [Node] {
        if renderItemsVersion == graph.structureVersion { return cachedRenderItems ?? layoutItems }
        renderItemsVersion = graph.structureVersion
        // Nothing leaving: the layout items (building both lists only to drop them allocated).
        guard hasLeavingItem else { cachedRenderItems = nil; return layoutItems }
        var below: [Node] = [], main: [Node] = []
        appendRenderItems(below: &below, main: &main, leaving: false)
        cachedRenderItems = below.isEmpty ? nil : below + main
        return cachedRenderItems ?? layoutItems
    }
    @exclusivity(unchecked) private var cachedRenderItems: [Node]?
    @exclusivity(unchecked) private var renderItemsVersion = -1

    private func appendRenderItems(below: inout [Node], main: inout [Node], leaving: Bool) {
        for child in children {
            let l = leaving || child.isLeaving
            if child.layout != nil {
                if l { below.append(child) } else { main.append(child) }
            } else {
                child.appendRenderItems(below: &below, main: &main, leaving: l)
            }
        }
    }

    /// The ancestors' chain as a readable path, for warnings.
    var path: String {
        var names: [String] = []
        var n: Node? = self
        while let node = n, names.count < 6 { names.append("\(type(of: node.view))"); n = node.parent }
        return names.reversed().joined(separator: " › ")
    }
}

/// ModifiedContent exposes its modifier (and content) to the graph through this.
protocol ModifierCarrier {
    var anyModifier: Any { get }
    var anyContent: any View { get }
}

extension ModifiedContent: ModifierCarrier where Content: View, Modifier: ViewModifier {
    var anyModifier: Any { modifier }
    var anyContent: any View { content }
}

/// A modifier with lifecycle callbacks, run after the update that inserted, changed or
/// removed its node.
protocol LifecycleModifier {
    func appeared(_ node: Node)
    func updated(_ node: Node)
    func disappeared(_ node: Node)
    /// The app's own appearance callbacks (onAppear, onDisappear, task) run after the layout of
    /// the update that inserted or removed the view, as SwiftUI's do: a change they make with an
    /// animation then animates from the laid-out first frame. The engine's own hooks (focus,
    /// subscriptions, presentations) run in the update, before layout.
    static var runsAfterLayout: Bool { get }
}

extension LifecycleModifier {
    static var runsAfterLayout: Bool { false }
    func appeared(_ node: Node) {}
    func updated(_ node: Node) {}
    func disappeared(_ node: Node) {}
}

/// Which of a view type's casts succeed (see Node.refreshKinds).
struct ViewKinds: OptionSet {
    let rawValue: UInt16
    static let primitive = ViewKinds(rawValue: 1)
    static let layout = ViewKinds(rawValue: 2)
    static let lifecycle = ViewKinds(rawValue: 4)
    /// A ModifiedContent whose modifier is Animatable (its data animates).
    static let animatableModifier = ViewKinds(rawValue: 8)
    /// An Animatable view (its data animates; its body re-runs with the presented value).
    static let animatableView = ViewKinds(rawValue: 16)
    /// A modifier that rewrites the transaction of its content (`.animation`, `.transaction`).
    static let transaction = ViewKinds(rawValue: 32)
    /// A container whose children come and go with transitions (if/else, ForEach, .id).
    static let dynamicContainer = ViewKinds(rawValue: 64)
    /// Text (its content changes may run a content transition).
    static let text = ViewKinds(rawValue: 128)
    /// A view that paints with a resolved style (shapes, Color, gradients, Text): its paint animates.
    static let paint = ViewKinds(rawValue: 256)
    /// An Equatable view: the reconcile may skip an equal value (asking `as? any Equatable`
    /// of every kept child was a conformance lookup per node per update).
    static let equatable = ViewKinds(rawValue: 512)
    /// A view whose size and placement never depend on what it reads (`RedrawsWithoutLayout`):
    /// invalidated on its own it is drawn again without laying anything out.
    static let redrawsWithoutLayout = ViewKinds(rawValue: 1024)
}

/// A primitive view whose layout depends only on its value and the proposal, never on what its
/// evaluation reads (a video's frames: VideoFrameSurface). A wake-up or `invalidate` of its node
/// re-records it without marking it and its ancestors for layout — a relayout of the stacks up
/// to the root was every video frame's allocations (VideoFrameAllocationTests: 46 a frame in a
/// debug build, the size caches' generic iteration among them).
protocol RedrawsWithoutLayout {}

/// A reference to a node that does not keep it alive and reads nil once it is gone: what a
/// `weak` reference gives, without making one. The runtime gives a weakly referenced object a
/// side table, and from then on every retain and release of that object takes the slow path
/// (`incrementSlow`, `doDecrementSlow`): with every node a child's weak `parent` and every
/// evaluated node an observation callback's `[weak node]`, that was 8.8 % of recording
/// `lvgl-4` and 4 % of a whole `lvgl-3` frame (callgrind). The node owns its link and clears
/// it in `deinit`; holders keep the link (strongly) and read `node`.
final class NodeLink {
    unowned(unsafe) fileprivate(set) var node: Node?
}

/// A node held through its link (a wake-up, a state's reader).
struct WeakNode {
    let link: NodeLink
    init(_ node: Node) { link = node.link }
    var node: Node? { link.node }
}
