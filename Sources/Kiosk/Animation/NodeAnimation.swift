// NodeAnimation: a node's running animations, one per animated attribute — the view's (or its
// modifier's) animatableData and the layout frame. Each is an `AnimatorState` (the merge /
// combine chain) plus the model value it animates toward; presented = model − interval + offset.
//
// How each kind shows its presented value:
// - built-in effects (opacity, offset, rotation, scale, shadow, transition effects) read it
//   when drawing, through `node.presented(self)`: nothing re-evaluates, only the display list
//   is re-recorded;
// - custom Animatable views and modifiers (and shapes) get a copy of their value with the
//   presented animatableData written into it (so a `didSet` sees every frame, and the exact
//   target on the last one), and their body re-runs, as in SwiftUI;
// - frames: `node.frame` is the presented frame, `node.layoutFrame` the model.

/// What a running animator does with its presented value.
enum AnimatorKind {
    case effect, body, frame
}

/// One animated attribute of one node (type-erased: the graph keeps a list of them).
class AttributeAnimator {
    private let link: NodeLink
    var node: Node? { link.node }
    let kind: AnimatorKind
    init(node: Node, kind: AnimatorKind) { link = node.link; self.kind = kind }
    /// Samples at `time` and shows the value; false once finished (the model value shown).
    func tick(at time: Double, graph: ViewGraph) -> Bool { false }
    /// Stops without showing anything more (the node is gone): completions are told.
    func cancel() {}
    /// The presented value, for tests and diagnostics.
    var presentedValue: Any { () }
    /// Set while the animator only holds the model value on screen (a velocity tracker between
    /// drag changes or after a release with no animation): it wants no frames until then, when
    /// it ends. Any new change clears it.
    var holdsUntil: Double?
}

/// The frame of a node as animatable data: ((x, y), (width, height)).
typealias FrameData = AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>

extension CGRect {
    var frameData: FrameData {
        AnimatablePair(AnimatablePair(Double(origin.x), Double(origin.y)), AnimatablePair(Double(size.width), Double(size.height)))
    }
    init(frameData d: FrameData) {
        self.init(x: d.first.first, y: d.first.second, width: max(0, d.second.first), height: max(0, d.second.second))
    }
}

final class ValueAnimator<V: VectorArithmetic>: AttributeAnimator {
    /// The value animated toward (the latest model value).
    var model: V { didSet { holdsUntil = nil } }
    /// What is shown now.
    private(set) var presented: V
    private var state: AnimatorState<V>
    /// Writes the presented value into a copy of the node's model view (body kind).
    var write: ((Node, V) -> Void)?

    init(node: Node, kind: AnimatorKind, from: V, to: V, animation: Animation, at time: Double, listener: AnimationListener?) {
        model = to
        presented = from
        state = AnimatorState(animation: animation, interval: to - from, at: time, listener: listener)
        super.init(node: node, kind: kind)
    }

    /// A new animated change to `to` while running.
    func retarget(to: V, animation: Animation, at time: Double, listener: AnimationListener?) {
        state.retarget(animation: animation, interval: to - model, at: time, listener: listener)
        model = to
        holdsUntil = nil
    }

    // Prespecialised for the engine's common data (a number, an offset or point, a frame):
    // unspecialised, each tick looked up AnimatorState<V>'s, its forks' and AnimatablePair's
    // metadata for `model − interval + offset` (≈ 320 instructions a lookup, five a spring a
    // frame: ≈ 8 % of springs-500 under callgrind).
    @_specialize(exported: false, kind: full, where V == Double)
    @_specialize(exported: false, kind: full, where V == AnimatablePair<Double, Double>)
    @_specialize(exported: false, kind: full, where V == FrameData)
    override func tick(at time: Double, graph: ViewGraph) -> Bool {
        guard let node, !node.isRemoved else { cancel(); return false }
        let running: Bool
        let before = presented
        if let offset = state.sample(at: time) {
            var v = model - state.interval
            v += offset
            // A NaN from a user's CustomAnimation would poison every later frame.
            presented = v.magnitudeSquared.isFinite ? v : model
            running = true
        } else {
            presented = model
            running = false
        }
        // A tracker holding the model: nothing to show again, no frames until it ends (it kept
        // 2 s of frames coming, and re-ran bodies, after every drag released without animation).
        let holding = running && presented == model ? state.trackerEnd : nil
        // A hold whose end has passed is over (it was seen to stay in `animators` with its end
        // in the past, so `nextWakeup` stayed due and the typing bench drew ≈ 29 empty frames
        // after every caret blink).
        if let end = holding, time >= end - 1e-9 {
            holdsUntil = nil
            return false
        }
        if holding == nil || presented != before { show(node, graph: graph) }
        holdsUntil = holding
        return running
    }

    override func cancel() { state.cancel() }
    override var presentedValue: Any { presented }

    private func show(_ node: Node, graph: ViewGraph) {
        switch kind {
        case .effect:
            node.invalidateRender()
            graph.needsRender = true
        case .frame:
            if let v = presented as? FrameData { node.frame = CGRect(frameData: v) }
            node.invalidateRender()
            graph.needsRender = true
        case .body:
            write?(node, presented)
            graph.invalidate(node)
        }
    }
}

extension Node {
    /// `model` with its `animatableData` replaced by the presented (animating) value, or
    /// `model` itself when nothing animates. Built-in effects call this in `render`:
    ///
    ///     let effect = node.presented(self)
    func presented<M: Animatable>(_ model: M) -> M {
        guard let a = valueAnimator as? ValueAnimator<M.AnimatableData> else { return model }
        var copy = model
        copy.animatableData = a.presented
        return copy
    }

    /// Whether an animation of this node's frame or data is running.
    var isAnimating: Bool { valueAnimator != nil || frameAnimator != nil || paintAnimator != nil }
}

// MARK: - Which views animate

/// ModifiedContent whose modifier is Animatable: the modifier's data animates.
protocol AnimatableModifierContent {
    func animateModifier(in node: Node, old: any View, graph: ViewGraph)
}

extension ModifiedContent: AnimatableModifierContent where Content: View, Modifier: ViewModifier & Animatable {
    func animateModifier(in node: Node, old: any View, graph: ViewGraph) {
        let oldData: Modifier.AnimatableData = (old as? Self)?.modifier.animatableData ?? modifier.animatableData
        let builtin = Modifier.self is any BuiltinModifier.Type
        graph.animateChange(node, view: self, from: oldData, to: modifier.animatableData, kind: builtin ? .effect : .body) { node, v in
            guard var copy = node.animatorModelView as? Self else { return }
            copy.modifier.animatableData = v
            node.setPresentedView(copy)
        }
    }
}

extension Animatable {
    /// An Animatable view's own data (shapes, custom views).
    func animateView(in node: Node, old: any View, graph: ViewGraph) {
        guard let view = self as? any View else { return }
        let oldData = (old as? Self)?.animatableData ?? animatableData
        // Built-in drawing views (_ShapeView) draw their presented data: nothing re-evaluates.
        let kind: AnimatorKind = Self.self is any PresentedDrawingView.Type ? .effect : .body
        graph.animateChange(node, view: view, from: oldData, to: animatableData, kind: kind) { node, v in
            guard var copy = node.animatorModelView as? Self else { return }
            copy.animatableData = v
            if let copy = copy as? any View { node.setPresentedView(copy) }
        }
    }

    /// Whether this type's animatable data has anything in it.
    static var hasAnimatableData: Bool { AnimatableData.self != EmptyAnimatableData.self }
}

extension ViewKinds {
    /// The animation-related kinds of a view type (computed once per type).
    static func animationKinds(of view: any View) -> ViewKinds {
        var kinds: ViewKinds = []
        if view is any AnimatableModifierContent { kinds.insert(.animatableModifier) }
        else if let a = view as? any Animatable, type(of: a).hasAnimatableData { kinds.insert(.animatableView) }
        if view is any TransactionCarrier { kinds.insert(.transaction) }
        if view is any DynamicViewContainer { kinds.insert(.dynamicContainer) }
        if view is Text { kinds.insert(.text) }
        if view is any PaintedView { kinds.insert(.paint) }
        return kinds
    }
}

extension Node {
    /// Sets the view to a presented copy without counting it as a new model value.
    func setPresentedView(_ view: any View) { self.view = view }
}

// MARK: - The graph's side

extension ViewGraph {
    /// A node's view value and environment are about to change: animate its data (and its
    /// paint) if the transaction in effect has an animation, and set `node.view` (to the
    /// presented copy for body kinds while animating) and `node.environment`.
    ///
    /// Returns the node's previous value (the reconcile keeps it as the box to write the next
    /// value into).
    ///
    /// With no animation in the transaction and none running, a change of animatable data only
    /// replaces the value, so the casts to `any AnimatableModifierContent`/`any Animatable`
    /// (each boxing the value again, plus the write closure: 4 allocations per offset card or
    /// arc per frame in `lvgl-5`/`lvgl-10`) are not made.
    @discardableResult
    func setView(_ view: any View, of node: Node, environment: EnvironmentValues) -> any View {
        let old = node.view
        node.view = view
        if node.kinds.contains(.animatableModifier) {
            if node.valueAnimator != nil || transaction.effectiveAnimation != nil {
                (view as? any AnimatableModifierContent)?.animateModifier(in: node, old: old, graph: self)
            }
        } else if node.kinds.contains(.animatableView) {
            if node.valueAnimator != nil || transaction.effectiveAnimation != nil {
                (view as? any Animatable)?.animateView(in: node, old: old, graph: self)
            }
        } else if node.kinds.contains(.text), Swift.type(of: old) == Text.self, Swift.type(of: view) == Text.self {
            // Both are Text (checked by metadata, not by an `as?` cast per label per frame).
            textWillChange(node, from: old, to: view)
        }
        setEnvironment(environment, of: node, oldView: old)
        return old
    }

    /// The node's environment changes (its view may have changed too, from `oldView`): a
    /// painting view's resolved style may animate (PaintAnimation.swift).
    ///
    /// The same version is the same values (`EnvironmentValues.version`): the node keeps the
    /// environment it has, and its recording (every assignment marked the node for recording
    /// again: `lvgl-16`'s ticker re-made its page with the same environment every 16 ms).
    func setEnvironment(_ environment: EnvironmentValues, of node: Node, oldView: (any View)? = nil) {
        let same = node.environment.version == environment.version
        if same && oldView == nil { return }
        let oldEnvironment = node.environment
        if !same {
            if node.layout != nil { node.layoutInputChanged = true }
            node.environment = environment
        }
        if node.kinds.contains(.paint) { paintMayChange(node, from: oldView ?? node.view, in: oldEnvironment) }
    }

    /// Starts, retargets or (for a change without animation) re-bases the animation of one
    /// node's data. `node.view` already holds the new model value.
    /// `slot` is where the node keeps this attribute's animator (its data's or its paint's).
    func animateChange<V: VectorArithmetic>(_ node: Node, view: any View, from oldModel: V, to newModel: V, kind: AnimatorKind,
                                             slot: ReferenceWritableKeyPath<Node, AttributeAnimator?> = \.valueAnimator,
                                             write: @escaping (Node, V) -> Void) {
        let running = node[keyPath: slot] as? ValueAnimator<V>
        if kind == .body { node.animatorModelView = view }
        let from = running?.model ?? oldModel
        guard from != newModel else {
            if let running, kind == .body { write(node, running.presented) }
            return
        }
        let delta = newModel - from
        guard delta.magnitudeSquared.isFinite else {
            // Toward NaN or ∞: no animation can get there; the value jumps (and any running
            // animation of it ends).
            if let running { running.cancel(); node[keyPath: slot] = nil; animators.removeAll { $0 === running } }
            if kind == .body { write(node, newModel) }
            return
        }
        if let animation = transaction.effectiveAnimation {
            let listener = transaction.listener(graph: self)
            if let running {
                running.retarget(to: newModel, animation: animation, at: commitTime, listener: listener)
                if kind == .body { write(node, running.presented) }
            } else {
                let a = ValueAnimator(node: node, kind: kind, from: from, to: newModel, animation: animation, at: commitTime, listener: listener)
                a.write = kind == .body ? write : nil
                node[keyPath: slot] = a
                animators.append(a)
                // The commit frame shows the start value (written, for body kinds).
                if kind == .body { write(node, from) }
            }
        } else if let running {
            // A change without animation while animating: the running offset keeps decaying
            // around the new model value (SwiftUI's rule).
            running.model = newModel
            if kind == .body { write(node, running.presented) }
        }
    }

    /// Layout placed `node` at `rect` (its model frame) in `transaction`.
    func animateFrame(_ node: Node, from old: CGRect, to rect: CGRect, transaction: Transaction) {
        let running = node.frameAnimator as? ValueAnimator<FrameData>
        let to = rect.frameData
        guard old != rect, to.magnitudeSquared.isFinite else {
            if running == nil { node.frame = rect } else { running?.model = to }
            return
        }
        if let animation = transaction.effectiveAnimation {
            let listener = transaction.listener(graph: self)
            if let running {
                running.retarget(to: to, animation: animation, at: commitTime, listener: listener)
            } else {
                let a = ValueAnimator(node: node, kind: .frame, from: old.frameData, to: to, animation: animation, at: commitTime, listener: listener)
                node.frameAnimator = a
                animators.append(a)
                node.frame = old
            }
        } else if let running {
            running.model = to
        } else {
            node.frame = rect
        }
    }

    /// Samples every running animation at `time`; finished ones show their model value and
    /// are dropped (their completions are told).
    func tickAnimations(at time: Double) {
        guard !animators.isEmpty else { return }
        holdingAnimators = 0
        var kept = 0
        for i in animators.indices {
            let a = animators[i]
            if a.tick(at: time, graph: self) {
                animators[kept] = a
                kept += 1
                if a.holdsUntil != nil { holdingAnimators += 1 }
            } else if let node = a.node {
                if node.valueAnimator === a { node.valueAnimator = nil }
                if node.frameAnimator === a { node.frameAnimator = nil }
                if node.paintAnimator === a { node.paintAnimator = nil }
                if a.kind == .body { node.animatorModelView = nil }
            }
        }
        animators.removeSubrange(kept...)
        finishDueRemovals()
    }

    /// Drops the animations of a removed node (their completions are told at once).
    func cancelAnimations(of node: Node) {
        guard node.isAnimating else { return }
        node.valueAnimator?.cancel(); node.frameAnimator?.cancel(); node.paintAnimator?.cancel()
        let v = node.valueAnimator, f = node.frameAnimator, p = node.paintAnimator
        animators.removeAll { $0 === v || $0 === f || $0 === p }
        node.valueAnimator = nil; node.frameAnimator = nil; node.paintAnimator = nil; node.animatorModelView = nil
    }
}

extension Transaction {
    /// The listener that counts animations for this transaction's completions (nil: none).
    func listener(graph: ViewGraph) -> AnimationListener? {
        switch (completions.count, extraListeners.count) {
        case (0, 0): return nil
        case (1, 0): completions[0].graph = graph; return completions[0]
        case (0, 1): return extraListeners[0]
        default:
            for c in completions { c.graph = graph }
            return ListenerFanOut(completions + extraListeners)
        }
    }
}

/// Several completions registered on one transaction.
final class ListenerFanOut: AnimationListener {
    let listeners: [AnimationListener]
    init(_ listeners: [AnimationListener]) { self.listeners = listeners }
    func animationStarted() { for l in listeners { l.animationStarted() } }
    func animationLogicallyCompleted() { for l in listeners { l.animationLogicallyCompleted() } }
    func animationRemoved() { for l in listeners { l.animationRemoved() } }
}
