// TabView: SwiftUI's tab container. Its content is flattened the way a List's is (TupleView,
// ForEach, Group, if/else, Optional, AnyView give their children; every other view is a tab),
// and each tab's traits are read off its modifiers: `.tabItem { }` (the bar's label), `.tag(_:)`
// (its selection value) and `.badge(_:)`; iOS 18's `Tab("Title", systemImage:, value:) { }`
// carries the same three.
//
// Style `.automatic` (TabBar.swift): the selected tab's content above iOS's bottom tab bar.
// Only the selected tab is built; a tab once shown stays in the graph (not laid out, drawn or
// hit) so its @State lives on when another tab is chosen, as UITabBarController keeps its
// children's views — which is what SwiftUI's state persistence across tabs comes from. A tab
// never selected is never built. Differences: hidden tabs get no onDisappear/onAppear when the
// selection moves (their views stay), and tapping the selected tab does not pop its navigation.
// Style `.page` (PageTabView.swift): the tabs side by side, swiped horizontally.
//
// Selection: `TabView(selection:)` shows the tab whose tag equals the binding's value (a tab
// with no tag inside a ForEach is tagged with its ForEach id); a value no tab carries shows the
// first tab and leaves the binding as it is. Without a binding the view keeps its own selection,
// starting on the first tab.

/// A view that switches between multiple child views using interactive user interface elements.
///
/// ```swift
/// TabView(selection: $tab) {
///     HomeView().tabItem { Label("Home", systemImage: "house") }.tag(0)
///     InboxView().tabItem { Label("Inbox", systemImage: "bell") }.tag(1).badge(3)
/// }
/// ```
public struct TabView<SelectionValue: Hashable, Content: View>: View {
    let content: Content
    let selection: Binding<SelectionValue>?
    @State private var ownSelection: AnyHashable?
    @State private var memory = TabMemory()
    @Environment(\.tabViewStyleKind) private var style

    /// A tab view whose selection is `selection`: the tab whose `.tag` equals it shows.
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }

    public var body: some View {
        var tabs = TabEntries()
        tabs.add(content, path: .root, traits: TabTraits())
        let entries = tabs.items
        let selected = selectedIndex(in: entries)
        switch style {
        case .page(let indexMode):
            return AnyView(_PageTabView(entries: entries, selected: selected, indexDisplayMode: indexMode, select: select))
        case .automatic:
            let visited = memory.visit(entries, selected: selected)
            return AnyView(VStack(spacing: 0) {
                _TabContentHost(selected: visited.selected) {
                    ForEach(visited.entries) { entry in entry.view }
                }
                _TabBar(entries: entries, selected: selected, select: select)
            })
        }
    }

    /// The index of the shown tab (0 when nothing matches; -1 only for an empty TabView).
    func selectedIndex(in entries: [TabEntry]) -> Int {
        guard !entries.isEmpty else { return -1 }
        let value: AnyHashable? = selection.map { AnyHashable($0.wrappedValue) } ?? ownSelection
        guard let value else { return 0 }
        return entries.firstIndex { $0.selectionValue == value } ?? 0
    }

    /// Selects the tab at `index`: writes its tag to the binding (when the tag is a
    /// `SelectionValue`; SwiftUI ignores other tags) or to the view's own selection.
    func select(_ index: Int) {
        guard index >= 0 else { return }
        var tabs = TabEntries()
        tabs.add(content, path: .root, traits: TabTraits())
        guard index < tabs.items.count else { return }
        let value = tabs.items[index].selectionValue
        if let selection {
            if let typed = value.base as? SelectionValue { selection.wrappedValue = typed }
        } else {
            ownSelection = value
        }
    }
}

extension TabView where SelectionValue == Int {
    /// A tab view that keeps its own selection (the first tab to begin with).
    public init(@ViewBuilder content: () -> Content) {
        self.selection = nil
        self.content = content()
    }
}

/// The tabs a TabView has shown, in the order of its content (their views stay built).
final class TabMemory {
    private var shown: Set<AnyHashable> = []

    /// Notes the selected tab and returns the tabs to keep built, with the selected one's index
    /// among them. Called from the body: a plain class, so this write invalidates nothing.
    func visit(_ entries: [TabEntry], selected: Int) -> (entries: [TabEntry], selected: Int) {
        guard entries.indices.contains(selected) else { return ([], -1) }
        shown.insert(entries[selected].id)
        var kept: [TabEntry] = []
        var index = -1
        for (i, e) in entries.enumerated() where shown.contains(e.id) {
            if i == selected { index = kept.count }
            kept.append(e)
        }
        // Tabs no longer in the content are forgotten.
        if shown.count > kept.count { shown = Set(kept.map(\.id)) }
        return (kept, index)
    }
}

// MARK: Traits

/// A tab's badge: a number (0 shows none) or a short text.
struct TabBadge: Hashable {
    let text: String
}

/// What a tab tells its TabView.
struct TabTraits {
    var label: AnyView?
    var tag: AnyHashable?
    var badge: TabBadge??
}

/// One flattened tab.
struct TabEntry: Identifiable {
    let id: AnyHashable
    /// The value a selection binding matches: the tag, else the ForEach id, else the path.
    let selectionValue: AnyHashable
    let traits: TabTraits
    let view: AnyView
}

/// Views that give a tab its traits (the TabView reads them from modifiers and `Tab`).
protocol TabTraitSource {
    func addTabTraits(_ traits: inout TabTraits)
}

/// Flattens a TabView's content into tabs (as a List flattens rows).
struct TabEntries {
    private(set) var items: [TabEntry] = []

    mutating func add(_ view: any View, path: ListPath, traits: TabTraits) {
        if !(view is any ModifierCarrier), !(view is any TabTraitSource), let container = view as? any ListRowsContainer {
            var children = ChildList()
            container.makeChildren(&children)
            for child in children.views { add(child.view, path: path.appending(child.key), traits: traits) }
            return
        }
        // The traits are read through the tab's modifiers, outermost first (the outer one wins).
        var t = traits
        var peeled: any View = view
        while true {
            if let source = peeled as? any TabTraitSource { source.addTabTraits(&t) }
            if let carrier = peeled as? any ModifierCarrier {
                if let source = carrier.anyModifier as? any TabTraitSource { source.addTabTraits(&t) }
                peeled = carrier.anyContent
            } else {
                break
            }
        }
        let id = AnyHashable(path)
        let value = t.tag ?? path.last?.childKey?.anyHashable ?? id
        items.append(TabEntry(id: id, selectionValue: value, traits: t, view: AnyView(view)))
    }
}

/// The label a tab shows in the bar.
public struct _TabItemModifier: BuiltinModifier, PassThroughLayout, TabTraitSource {
    let label: AnyView
    func addTabTraits(_ traits: inout TabTraits) { if traits.label == nil { traits.label = label } }
}

/// A badge on a tab (inside a TabView; elsewhere kiosk shows nothing).
public struct _BadgeModifier: BuiltinModifier, PassThroughLayout, TabTraitSource {
    let badge: TabBadge?
    func addTabTraits(_ traits: inout TabTraits) { if traits.badge == nil { traits.badge = .some(badge) } }
}

extension _TagModifier: TabTraitSource {
    func addTabTraits(_ traits: inout TabTraits) { if traits.tag == nil { traits.tag = tag } }
}

extension View {
    /// Sets the tab bar item of this view inside a `TabView`: a `Label`, or an `Image` and a
    /// `Text` (other views show as they are).
    ///
    /// ```swift
    /// SettingsView().tabItem { Label("Settings", systemImage: "gearshape") }
    /// ```
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> ModifiedContent<Self, _TabItemModifier> {
        modifier(_TabItemModifier(label: AnyView(label())))
    }
    /// A number shown on this view's tab in a `TabView` (0 shows none). Kiosk shows badges on
    /// tabs only; SwiftUI also shows them on List rows.
    public func badge(_ count: Int) -> ModifiedContent<Self, _BadgeModifier> {
        modifier(_BadgeModifier(badge: count == 0 ? nil : TabBadge(text: String(count))))
    }
    /// A short text shown on this view's tab in a `TabView` (nil shows none).
    public func badge<S: StringProtocol>(_ label: S?) -> ModifiedContent<Self, _BadgeModifier> {
        modifier(_BadgeModifier(badge: label.map { TabBadge(text: String($0)) }))
    }
    /// A text shown on this view's tab in a `TabView` (nil shows none; kiosk shows its string).
    public func badge(_ label: Text?) -> ModifiedContent<Self, _BadgeModifier> {
        modifier(_BadgeModifier(badge: label.map { TabBadge(text: $0.string) }))
    }
}

// MARK: iOS 18's Tab

/// A tab of a `TabView` (iOS 18's syntax): content with a title, a symbol and a selection value.
///
/// ```swift
/// TabView(selection: $tab) {
///     Tab("Home", systemImage: "house", value: 0) { HomeView() }
///     Tab("Inbox", systemImage: "bell", value: 1) { InboxView() }.badge(2)
/// }
/// ```
public struct Tab<Value: Hashable, Content: View, Label: View>: View, TabTraitSource {
    let value: Value?
    let content: Content
    let label: Label

    /// A tab with a custom label.
    public init(value: Value, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.value = value; self.content = content(); self.label = label()
    }

    public var body: some View { content }

    func addTabTraits(_ traits: inout TabTraits) {
        if traits.label == nil { traits.label = AnyView(label) }
        if traits.tag == nil, let value { traits.tag = AnyHashable(value) }
    }
}

extension Tab where Label == Kiosk.Label<Text, Image> {
    /// A tab titled `title` with the symbol `systemImage`, selected when the selection is `value`.
    public init<S: StringProtocol>(_ title: S, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        self.init(value: value, content: content, label: { Kiosk.Label(title, systemImage: systemImage) })
    }
    /// A tab titled `title` with the PNG image `image`.
    public init<S: StringProtocol>(_ title: S, image: String, value: Value, @ViewBuilder content: () -> Content) {
        self.init(value: value, content: content, label: { Kiosk.Label(title, image: image) })
    }
}

extension Tab where Label == Kiosk.Label<Text, Image>, Value == Never {
    /// A tab with no selection value (for a TabView without a selection binding).
    public init<S: StringProtocol>(_ title: S, systemImage: String, @ViewBuilder content: () -> Content) {
        self.value = nil; self.content = content(); self.label = Kiosk.Label(title, systemImage: systemImage)
    }
}

extension Tab where Label == Text, Value == Never {
    /// A tab with a text title only.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.value = nil; self.content = content(); self.label = Text(title)
    }
}

// MARK: Styles

/// How a TabView shows its tabs (kiosk's erased form of the style).
public enum TabViewStyleKind: Hashable, Sendable {
    case automatic
    case page(PageTabViewStyle.IndexDisplayMode)
}

/// A style of TabView.
public protocol TabViewStyle { var _kind: TabViewStyleKind { get } }

/// The platform's style: iOS's bottom tab bar.
public struct DefaultTabViewStyle: TabViewStyle {
    public init() {}
    public var _kind: TabViewStyleKind { .automatic }
}

/// Tabs as pages swiped horizontally, with page dots at the bottom.
public struct PageTabViewStyle: TabViewStyle {
    /// When the page dots show.
    public struct IndexDisplayMode: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case automatic, always, never }
        let kind: Kind
        /// Shown when there is more than one page.
        public static let automatic = IndexDisplayMode(kind: .automatic)
        /// Always shown, even for one page.
        public static let always = IndexDisplayMode(kind: .always)
        /// Never shown.
        public static let never = IndexDisplayMode(kind: .never)
    }
    public let indexDisplayMode: IndexDisplayMode
    public init(indexDisplayMode: IndexDisplayMode = .automatic) { self.indexDisplayMode = indexDisplayMode }
    public var _kind: TabViewStyleKind { .page(indexDisplayMode) }
}

extension TabViewStyle where Self == DefaultTabViewStyle {
    public static var automatic: DefaultTabViewStyle { DefaultTabViewStyle() }
    /// iOS 18's bar-only style (the bottom bar here).
    public static var tabBarOnly: DefaultTabViewStyle { DefaultTabViewStyle() }
    /// iOS 18's sidebar-adaptable style (kiosk: the bottom bar).
    public static var sidebarAdaptable: DefaultTabViewStyle { DefaultTabViewStyle() }
}

extension TabViewStyle where Self == PageTabViewStyle {
    /// Pages swiped horizontally, dots shown when there is more than one page.
    public static var page: PageTabViewStyle { PageTabViewStyle() }
    /// Pages swiped horizontally, dots shown as `indexDisplayMode` says.
    public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> PageTabViewStyle {
        PageTabViewStyle(indexDisplayMode: indexDisplayMode)
    }
}

/// How a page TabView draws its page dots.
public protocol IndexViewStyle { var _background: PageIndexViewStyle.BackgroundDisplayMode { get } }

/// Page dots, optionally on a rounded backdrop.
public struct PageIndexViewStyle: IndexViewStyle {
    /// When the dots have a backdrop.
    public struct BackgroundDisplayMode: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case automatic, always, interactive, never }
        let kind: Kind
        /// As `.never` on iOS: dots only.
        public static let automatic = BackgroundDisplayMode(kind: .automatic)
        /// A translucent capsule behind the dots at all times.
        public static let always = BackgroundDisplayMode(kind: .always)
        /// The capsule while the pages are being swiped.
        public static let interactive = BackgroundDisplayMode(kind: .interactive)
        /// No capsule.
        public static let never = BackgroundDisplayMode(kind: .never)
    }
    public let backgroundDisplayMode: BackgroundDisplayMode
    public init(backgroundDisplayMode: BackgroundDisplayMode = .automatic) { self.backgroundDisplayMode = backgroundDisplayMode }
    public var _background: BackgroundDisplayMode { backgroundDisplayMode }
}

extension IndexViewStyle where Self == PageIndexViewStyle {
    public static var page: PageIndexViewStyle { PageIndexViewStyle() }
    public static func page(backgroundDisplayMode: PageIndexViewStyle.BackgroundDisplayMode) -> PageIndexViewStyle {
        PageIndexViewStyle(backgroundDisplayMode: backgroundDisplayMode)
    }
}

struct TabViewStyleKey: EnvironmentKey { static let defaultValue = TabViewStyleKind.automatic }
struct IndexBackgroundKey: EnvironmentKey { static let defaultValue = PageIndexViewStyle.BackgroundDisplayMode.automatic }

extension EnvironmentValues {
    var tabViewStyleKind: TabViewStyleKind {
        get { self[TabViewStyleKey.self] } set { self[TabViewStyleKey.self] = newValue }
    }
    var indexBackground: PageIndexViewStyle.BackgroundDisplayMode {
        get { self[IndexBackgroundKey.self] } set { self[IndexBackgroundKey.self] = newValue }
    }
}

extension View {
    /// Sets the style of tab views inside this view.
    ///
    /// ```swift
    /// TabView { … }.tabViewStyle(.page(indexDisplayMode: .always))
    /// ```
    public func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View { environment(\.tabViewStyleKind, style._kind) }
    /// Sets the style of page dots of page tab views inside this view.
    public func indexViewStyle<S: IndexViewStyle>(_ style: S) -> some View { environment(\.indexBackground, style._background) }
}

// MARK: Content host

/// Keeps every shown tab built and lays out, draws and hit-tests only the selected one.
struct _TabContentHost<Content: View>: View, PrimitiveView, LayoutBehavior {
    let selected: Int
    let content: Content
    init(selected: Int, @ViewBuilder content: () -> Content) { self.selected = selected; self.content = content() }
    var body: Never { bodyNeverCalled("_TabContentHost") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    var layoutBehavior: (any LayoutBehavior)? { self }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let size = proposal.replacingUnspecifiedDimensions()
        // Greedy like a page: the tab takes the space above the bar, whatever its content wants.
        return CGSize(width: size.width, height: size.height)
    }

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let items = node.layoutItems
        guard items.indices.contains(selected) else { return }
        // Centred in the space, as a root view is.
        let size = pass.size(items[selected], ProposedViewSize(width: bounds.width, height: bounds.height))
        pass.place(items[selected], in: CGRect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
                                               width: size.width, height: size.height))
    }

    func render(node: Node, pass: RenderPass) {
        let items = node.layoutItems
        guard items.indices.contains(selected) else { return }
        pass.render(items[selected])
    }
}
