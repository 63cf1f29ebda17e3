// PresentationLayer: how a modifier deep in the tree (`.sheet`, `.alert`, `.confirmationDialog`,
// `Menu`) shows content above the whole screen. The graph's root node is `_PresentationRoot`: a
// transparent node whose children are the app's root view and `_PresentationOverlay`, a
// full-screen layout node the renderer places over the root view after it (so it is drawn last,
// its hit regions come last and take touches first, and no ancestor of the presenting view clips
// it). The overlay lists the entries of the graph's `PresentationRegistry` as layers: a dimming
// (or transparent) layer that covers the screen and swallows touches, and the panel above it.
// Layers come and go through a `ForEach`, so they are inserted and removed with the engine's
// transitions, each with its own spring (a transition's own animation wins over the
// transaction's): nothing under them is re-evaluated while they move.
//
// Presenters register through `_PresentationHook`, a lifecycle modifier: after each update of the
// presenting view it adds, refreshes or removes its entry. See ENGINE.md, "Presentations".

/// The graph's root: the app's view (laid out above the on-screen keyboard while it shows),
/// the presentation overlay, then the on-screen keyboard (Focus/Keyboard/KeyboardHost.swift).
struct _PresentationRoot: View, PrimitiveView {
    let content: any View
    var body: Never { bodyNeverCalled("_PresentationRoot") }
    func makeChildren(_ list: inout ChildList) {
        list.append(_KeyboardAvoidingRoot(content: content), key: 0)
        // Presentations are laid out above the on-screen keyboard too (a sheet's field moves up
        // with it; Focus/Keyboard/KeyboardHost.swift).
        list.append(_KeyboardAvoidingRoot(content: _PresentationOverlay()), key: 1)
        list.append(_KeyboardHost(), key: 2)
    }
}

/// What kind of presentation an entry is (its layers and transitions depend on it).
enum PresentationStyle: Equatable {
    case sheet, fullScreenCover, alert, dialog, menu
}

/// One presented thing: its content (built in the presenter's context), the presenter's
/// environment, and how to dismiss it (write the presenter's binding).
final class PresentationEntry: _UntrackedStateObject {
    let id: Int
    let style: PresentationStyle
    /// The presented view, made anew from the presenter's latest value.
    var content: () -> AnyView
    /// Bumped when the presenter gives new content (the panel re-evaluates it only then).
    var version = 0
    var environment: EnvironmentValues
    /// Writes the presenter's binding (isPresented = false, item = nil).
    var dismiss: () -> Void
    var onDismiss: (() -> Void)?
    /// A menu's anchor (its button's frame, screen coordinates).
    var anchor: CGRect = .zero
    /// The menu opens centred under its anchor (a navigation title's menu).
    var anchorCentred = false
    /// A sheet's detents, drag indicator and interactive-dismiss flag, written by its content.
    let sheet = SheetConfiguration()
    /// A `preferredColorScheme` stated inside the presented content (its panel and content
    /// use it; nil: the screen's scheme). Runtime/ColorSchemePreference.swift.
    var preferredColorScheme: ColorScheme?
    /// The `item:` form's identity (a new one replaces the presentation).
    var identity: AnyHashable?
    private(set) var isRemoved = false

    init(id: Int, style: PresentationStyle, content: @escaping () -> AnyView, environment: EnvironmentValues,
         dismiss: @escaping () -> Void) {
        self.id = id; self.style = style; self.content = content; self.environment = environment; self.dismiss = dismiss
    }
    func markRemoved() { isRemoved = true }
}

/// The presentations of one screen, bottom to top.
final class PresentationRegistry {
    private(set) var entries: [PresentationEntry] = []
    private var nextID = 1
    /// The overlay node (invalidated when the entries change).
    var hostLink: NodeLink?
    unowned(unsafe) let graph: ViewGraph
    /// More presentations than this at once are refused with a warning (a presenter that
    /// presents itself again in its own content, without end).
    static let limit = 64

    init(graph: ViewGraph) { self.graph = graph }

    func makeID() -> Int { defer { nextID += 1 }; return nextID }

    /// Adds `entry` on top. Returns false (and warns) past `limit`.
    @discardableResult
    func present(_ entry: PresentationEntry) -> Bool {
        guard entries.count < Self.limit else {
            Diagnostics.warn("more than \(Self.limit) presentations at once: this one is not shown")
            return false
        }
        entries.append(entry)
        changed()
        return true
    }

    /// Removes `entry` and every presentation above it (UIKit dismisses what a dismissed
    /// controller presented); those above get their bindings written false. Their removal
    /// transitions run; `onDismiss` runs now.
    func remove(_ entry: PresentationEntry) {
        guard let index = entries.firstIndex(where: { $0 === entry }) else { return }
        let removed = entries[index...]
        entries.removeSubrange(index...)
        for e in removed.reversed() {
            e.markRemoved()
            if e !== entry { e.dismiss() }
            e.onDismiss?()
        }
        changed()
    }

    /// The presenter was re-evaluated: its content may read new values.
    func contentChanged(_ entry: PresentationEntry) {
        entry.version &+= 1
        changed()
    }

    private func changed() {
        guard let node = hostLink?.node, !node.isRemoved else { return }
        if graph.isEvaluatingBody {
            graph.`defer` { [weak self] in self?.changed() }
            return
        }
        graph.stateWillChange()
        graph.invalidate(node)
    }

    /// The topmost entry.
    var top: PresentationEntry? { entries.last }
}

extension ViewGraph {
    /// This screen's presentations (made on first use; kept on the graph so the root's
    /// overlay and every presenter find the same one).
    var presentations: PresentationRegistry {
        if let r = presentationsIfMade { return r }
        let r = PresentationRegistry(graph: self)
        presentationsIfMade = r
        return r
    }
}

/// One layer of an entry: `dim` (covers the screen, swallows touches) or `panel`.
struct PresentationLayer: Identifiable {
    enum Part: Int { case dim = 0, panel = 1 }
    let entry: PresentationEntry
    let part: Part
    let order: Int
    var id: Int { entry.id &* 2 &+ part.rawValue }
}

/// Lays the presentations over the whole screen, bottom to top.
struct _PresentationOverlay: View, PrimitiveView, LayoutBehavior, Equatable {
    var body: Never { bodyNeverCalled("_PresentationOverlay") }
    var layoutBehavior: (any LayoutBehavior)? { self }
    static func == (a: Self, b: Self) -> Bool { true }

    func makeChildren(_ list: inout ChildList) {
        guard let node = ViewGraph.currentReader else { return }
        let registry = node.graph.presentations
        registry.hostLink = node.link
        var layers: [PresentationLayer] = []
        for (i, entry) in registry.entries.enumerated() {
            if entry.style != .fullScreenCover { layers.append(PresentationLayer(entry: entry, part: .dim, order: i * 2)) }
            layers.append(PresentationLayer(entry: entry, part: .panel, order: i * 2 + 1))
        }
        list.append(ForEach(layers) { layer in
            _PresentationLayerView(layer: layer)
                .transition(PresentationTransitions.transition(for: layer.entry.style, part: layer.part))
                .zIndex(Double(layer.order))
        }, key: 0)
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    /// Every layer gets the whole screen (it places its panel itself).
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        for item in node.layoutItems {
            _ = pass.size(item, ProposedViewSize(bounds.size))
            pass.place(item, in: bounds)
        }
    }
}

/// The springs and transitions of presentations (kiosk's choices, close to UIKit's look).
enum PresentationTransitions {
    /// Sheets, covers and action sheets slide on a critically damped spring (UIKit's sheet
    /// presentation settles in about half a second without overshoot).
    static let slide = Animation.spring(response: 0.45, dampingFraction: 1)
    /// Alerts and menus pop in on a slightly bouncy spring and fade out quickly.
    static let pop = Animation.spring(response: 0.35, dampingFraction: 0.8)
    static let fadeOut = Animation.easeOut(duration: 0.2)
    static let dimFade = Animation.easeInOut(duration: 0.3)

    static func transition(for style: PresentationStyle, part: PresentationLayer.Part) -> AnyTransition {
        if part == .dim { return AnyTransition.opacity.animation(dimFade) }
        switch style {
        case .sheet, .fullScreenCover, .dialog:
            return AnyTransition.move(edge: .bottom).animation(slide)
        case .alert:
            return .asymmetric(insertion: AnyTransition.scale(scale: 1.15).combined(with: .opacity).animation(pop),
                               removal: AnyTransition.opacity.animation(fadeOut))
        case .menu:
            return .asymmetric(insertion: AnyTransition.scale(scale: 0.6).combined(with: .opacity).animation(pop),
                               removal: AnyTransition.opacity.animation(fadeOut))
        }
    }
}

/// One layer: the dimming view or the panel of its entry's style.
struct _PresentationLayerView: View {
    let layer: PresentationLayer

    /// How dark each style's dimming view is (black at this opacity; iOS dims behind alerts and
    /// action sheets lightly and behind sheets a little more). Menus do not dim.
    static func dimOpacity(_ style: PresentationStyle) -> Double {
        switch style {
        case .alert, .dialog: return 0.2
        case .sheet: return 0.3
        case .fullScreenCover, .menu: return 0
        }
    }

    var body: some View {
        let entry = layer.entry
        if layer.part == .dim {
            Color.black.opacity(Self.dimOpacity(entry.style))
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .contentShape(Rectangle())
                .onTapGesture { Self.tappedOutside(entry) }
        } else {
            Group {
                switch entry.style {
                case .alert: _AlertPanel(entry: entry)
                case .dialog: _DialogPanel(entry: entry)
                case .sheet, .fullScreenCover: _SheetPanel(entry: entry)
                case .menu: _MenuPanel(entry: entry)
                }
            }
            .modifier(_PresentationSchemeModifier(scheme: entry.preferredColorScheme))
        }
    }

    /// A tap on the dimmed area: dismisses action sheets, menus and sheets that allow it
    /// (iOS), nothing for alerts. Either way the touch goes no further.
    static func tappedOutside(_ entry: PresentationEntry) {
        guard !entry.isRemoved else { return }
        switch entry.style {
        case .dialog, .menu: entry.dismiss()
        case .sheet: if !entry.sheet.interactiveDismissDisabled { entry.dismiss() }
        case .alert, .fullScreenCover: break
        }
    }
}

/// The presenter's content, re-evaluated only when the presenter gave a new version (a sheet
/// dragged re-evaluates its panel, not the content).
struct _PresentedContent: View, Equatable {
    let entry: PresentationEntry
    let version: Int
    static func == (a: Self, b: Self) -> Bool { a.entry === b.entry && a.version == b.version }
    var body: some View {
        entry.content().modifier(_PresentationEnvironment(entry: entry))
    }
}

/// The presenter's environment, with `dismiss` and `isPresented` for the presented content.
struct _PresentationEnvironment: EnvironmentModifier {
    let entry: PresentationEntry
    func transform(_ environment: inout EnvironmentValues) {
        var e = entry.environment
        e.navigationPush = nil
        e.navigationPage = nil
        e.buttonStyle = nil
        e.presentationEntry = entry
        let entry = self.entry
        e.dismiss = DismissAction { if !entry.isRemoved { entry.dismiss() } }
        e.isPresented = true
        if let scheme = entry.preferredColorScheme { e.colorScheme = scheme }
        environment = e
    }
}

/// Registers a presentation while `request` is non-nil (after each update of the presenter).
struct _PresentationHook: BuiltinModifier, LifecycleModifier {
    /// What to present, or nil when nothing is.
    let request: PresentationRequest?

    final class Box { var entry: PresentationEntry? }

    func updated(_ node: Node) {
        let box: Box
        if let b = node.modifierState as? Box { box = b } else { box = Box(); node.modifierState = box }
        let registry = node.graph.presentations
        if let e = box.entry, e.isRemoved { box.entry = nil }
        guard let request else {
            if let e = box.entry { box.entry = nil; registry.remove(e) }
            return
        }
        if let e = box.entry, e.style == request.style, request.identity == nil || e.identity == request.identity {
            e.content = request.content
            e.environment = node.environment
            e.dismiss = request.dismiss
            e.onDismiss = request.onDismiss
            e.anchor = request.anchor?() ?? e.anchor
            // The refresh re-evaluates the presented content in the next pass of this update: in
            // the transaction the presenter was evaluated in, so a change that animates the
            // presenter animates the content too (the keyboard's slide: a sheet's field glides
            // up with it instead of jumping; KeyboardHost.swift).
            let graph = node.graph
            if node.transactionStamp == graph.updateStamp, let animation = node.transaction.animation,
               !node.transaction.disablesAnimations {
                var t = Transaction()
                t.animation = animation
                withTransaction(t) { registry.contentChanged(e) }
            } else {
                registry.contentChanged(e)
            }
            return
        }
        if let e = box.entry { box.entry = nil; registry.remove(e) }
        let entry = PresentationEntry(id: registry.makeID(), style: request.style, content: request.content,
                                      environment: node.environment, dismiss: request.dismiss)
        entry.onDismiss = request.onDismiss
        entry.identity = request.identity
        entry.anchor = request.anchor?() ?? .zero
        entry.anchorCentred = request.anchorCentred
        if registry.present(entry) { box.entry = entry }
    }

    func disappeared(_ node: Node) {
        guard let box = node.modifierState as? Box, let e = box.entry else { return }
        box.entry = nil
        node.graphIfAlive?.presentations.remove(e)
    }
}

/// What a presenter asks for.
struct PresentationRequest {
    let style: PresentationStyle
    /// For `item:` forms: a new identity replaces the presentation.
    var identity: AnyHashable?
    let content: () -> AnyView
    let dismiss: () -> Void
    var onDismiss: (() -> Void)?
    /// A menu's anchor, read after layout.
    var anchor: (() -> CGRect)?
    /// Centred under the anchor rather than leading-aligned.
    var anchorCentred = false
}

struct PresentationEntryKey: EnvironmentKey { static let defaultValue: PresentationEntry? = nil }
extension EnvironmentValues {
    /// The presentation the view is in, if any.
    var presentationEntry: PresentationEntry? {
        get { self[PresentationEntryKey.self] } set { self[PresentationEntryKey.self] = newValue }
    }
}

/// A presentation's own `preferredColorScheme` on its panel (nil: the screen's scheme).
struct _PresentationSchemeModifier: EnvironmentModifier {
    let scheme: ColorScheme?
    func transform(_ environment: inout EnvironmentValues) { if let scheme { environment.colorScheme = scheme } }
}
