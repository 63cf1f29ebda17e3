// NavigationStack: SwiftUI's push navigation, as pasted screens use it — a root view under a
// navigation bar, `NavigationLink`s that push their destination, a back button that pops.
//
// Each level is a page: its content above an opaque system-background fill, and a bar drawn
// over its top (`_NavigationPageLayout`: bar at its own height, content in the rest). The bar
// learns the page's title from the content: `.navigationTitle` and
// `.navigationBarTitleDisplayMode` write into the page's `NavigationPageInfo` (an @Observable
// class in the environment) while the content is evaluated, and the bar, listed after the
// content, reads it in the same pass (children are evaluated in list order), so the first frame
// already has its title; a title that changes later invalidates the bar through Observation.
// The bar follows iOS's metrics: a 44-pt row (back button: chevron + the root's title on the
// first pushed page, "Back" deeper or untitled, in the accent colour; an inline title centred in 17-pt semibold), plus, for a large title,
// a 52-pt row with the title in 34-pt bold, 16 pt from the leading edge. `.automatic` is large
// (SwiftUI's default for a stack's pages). Push and pop slide the page from/to the trailing
// edge (`.move(edge: .trailing)`) in 0.35 s ease-in-out (kiosk's choice; UIKit's push is a
// spring of about that length); a change of a bound path made outside `withAnimation` slides
// too (the stack animates changes of its depth). Navigation by value: NavigationPath.swift;
// toolbar items in the bar and a bottom toolbar: Toolbar.swift. Not modelled: the covered
// page's parallax shift, NavigationSplitView.

import Observation

/// A weak reference to a scroll view's box (`@Observable` classes cannot hold `weak` properties).
struct WeakScrollBox { weak var box: ScrollBox? }

/// What a page's content tells its navigation bar.
@Observable final class NavigationPageInfo {
    var title: String?
    var displayMode: NavigationBarItem.TitleDisplayMode = .automatic
    var backButtonHidden = false
    var barHidden = false
    /// `.toolbarBackground(.visible/.hidden, for: .navigationBar)`; `.automatic`: iOS 17's scroll-edge rule.
    var barBackgroundVisibility: Visibility = .automatic
    /// `.toolbarBackground(style, for: .navigationBar)`: what the bar shows in place of its material.
    @ObservationIgnored var barBackground: AnyShapeStyle?
    /// The style's paint in a unit square, to notice a change (styles cannot be compared).
    var barBackgroundKey: DrawPaint?
    /// Whether the page has a `.toolbarTitleMenu` (ToolbarTitleMenu.swift); its content, read
    /// when it opens, is not observed.
    var hasTitleMenu = false
    /// Whether the page shows a grouped List or Form (ListBackground sets it): the bar is then
    /// drawn in the grouped background, as iOS's bar is transparent over it at the scroll edge.
    var groupedContent = false
    /// Whether the page's content is scrolled under the bar (iOS 17: the bar is transparent at
    /// the scroll edge and shows the bar material, with its hairline, once content goes under
    /// it). Written by the page's first vertical ScrollView (`edgeScroller`) when it changes.
    var scrolledUnder = false
    @ObservationIgnored var edgeScroller = WeakScrollBox()
    @ObservationIgnored var titleMenu: AnyView?
    /// Bumped whenever a `.toolbar` on the page is evaluated: its items are views, which cannot
    /// be compared, so the bar and the bottom toolbar read them again.
    var toolbarVersion = 0
    /// Toolbar items by the token of the `.toolbar` modifier that gave them.
    @ObservationIgnored var toolbars: [Int: [ToolbarEntry]] = [:]
    init() {}

    /// Every toolbar item of the page, in the order of their modifiers.
    var toolbarItems: [ToolbarEntry] { toolbars.keys.sorted().flatMap { toolbars[$0]! } }
}

/// A view that displays a root view and enables you to present additional views over it.
///
/// ```swift
/// NavigationStack {
///     List { NavigationLink("Details") { DetailView() } }
///         .navigationTitle("Menu")
/// }
/// ```
public struct NavigationStack<Data, Root: View>: View {
    struct Entry: Identifiable {
        let id: Int
        let view: AnyView
        var onPop: (() -> Void)?
    }
    /// A page above the root: a path value or a pushed view.
    struct Page: Identifiable {
        enum ID: Hashable { case value(Int, AnyHashable), view(Int) }
        let id: ID
        let content: AnyView
    }
    let root: Root
    let path: Binding<NavigationPath>?
    @State private var ownPath = NavigationPath()
    @State private var pushed: [Entry] = []
    @State private var nextID = 0
    @State private var rootInfo = NavigationPageInfo()
    @State private var destinations = NavigationDestinations()

    /// Creates a navigation stack that manages its own navigation state.
    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath { self.root = root(); path = nil }

    /// A stack whose pages above the root are the values of `path`.
    ///
    /// ```swift
    /// NavigationStack(path: $path) {
    ///     List(recipes) { NavigationLink($0.name, value: $0) }
    ///         .navigationDestination(for: Recipe.self) { RecipeDetail(recipe: $0) }
    /// }
    /// ```
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) where Data == NavigationPath {
        self.root = root(); self.path = path
    }

    /// A stack whose pages above the root are the elements of `path` (all of one type).
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {
        self.root = root()
        self.path = Binding(get: { NavigationPath(path.wrappedValue) },
                            set: { path.wrappedValue = Data($0.elements.compactMap { $0.base as? Data.Element }) })
    }

    /// The push and pop animation.
    static var slide: Animation { .easeInOut(duration: 0.35) }

    private var currentPath: NavigationPath { path?.wrappedValue ?? ownPath }

    private func setPath(_ p: NavigationPath) {
        if let path { path.wrappedValue = p } else { ownPath = p }
    }

    public var body: some View {
        let values = currentPath.elements
        var pages: [Page] = []
        pages.reserveCapacity(values.count + pushed.count)
        for (i, v) in values.enumerated() {
            pages.append(Page(id: .value(i, v), content: AnyView(_NavigationValuePage(value: v, destinations: destinations))))
        }
        for e in pushed { pages.append(Page(id: .view(e.id), content: e.view)) }
        let actions = NavigationActions(append: append, present: present, dismiss: dismiss, destinations: destinations)
        return ZStack {
            _NavigationPageView(info: rootInfo, backTitle: nil, pop: nil, push: push, actions: actions, content: root)
            ForEach(Array(pages.enumerated()), id: \.element.id) { index, page in
                _NavigationPageView(info: nil, backTitle: index == 0 ? (rootInfo.title ?? "Back") : "Back",
                                    pop: pop, push: push, actions: actions, content: page.content)
                    .transition(.move(edge: .trailing))
                    .zIndex(Double(index + 1))
            }
        }
        .animation(Self.slide, value: pages.count)
    }

    private func push(_ view: AnyView) { _ = present(view, onPop: nil) }

    private func present(_ view: AnyView, onPop: (() -> Void)?) -> Int {
        let id = nextID
        nextID += 1
        withAnimation(Self.slide) { pushed.append(Entry(id: id, view: view, onPop: onPop)) }
        return id
    }

    private func dismiss(_ id: Int) {
        guard let i = pushed.firstIndex(where: { $0.id == id }) else { return }
        withAnimation(Self.slide) { _ = pushed.remove(at: i) }
    }

    private func append(_ value: AnyHashable) {
        var p = currentPath
        p.elements.append(value)
        withAnimation(Self.slide) { setPath(p) }
    }

    /// The back button: the top pushed view, else the path's last value.
    private func pop() {
        if let top = pushed.last {
            withAnimation(Self.slide) { _ = pushed.removeLast() }
            top.onPop?()
        } else if !currentPath.isEmpty {
            var p = currentPath
            p.removeLast()
            withAnimation(Self.slide) { setPath(p) }
        }
    }
}

/// The pre-iOS 16 spelling: a single-column navigation stack (kiosk shows no split view).
public struct NavigationView<Content: View>: View {
    let content: Content
    /// Creates a navigation view of `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: some View { NavigationStack { content } }
}

/// A view that pushes a destination onto the enclosing `NavigationStack` when tapped.
public struct NavigationLink<Label: View, Destination: View>: View {
    let label: Label
    let destination: Destination?
    let value: AnyHashable?
    @Environment(\.navigationPush) private var push
    @Environment(\.navigationActions) private var actions
    @Environment(\.isListRowContent) private var inListRow

    /// A link with a label that pushes `destination`.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.destination = destination(); self.label = label(); value = nil
    }
    /// A link with a label that pushes `destination` (the pre-iOS 16 spelling).
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.destination = destination; self.label = label(); value = nil
    }
    init(value: AnyHashable?, label: Label) { self.value = value; self.label = label; destination = nil }

    @ViewBuilder public var body: some View {
        if inListRow {
            // A List or Form row, as iOS draws it: the label in the primary colour (not the
            // tint) and a grey disclosure chevron at the trailing edge; the whole row takes the tap.
            Button(action: follow) {
                HStack(spacing: 0) {
                    label.frame(maxWidth: .infinity, alignment: .leading)
                    Image(systemName: "chevron.right")
                        .font(.system(size: 14, weight: .semibold))
                        .foregroundStyle(Color(uiColor: .tertiaryLabel))
                        .padding(.leading, 8)
                }
                .contentShape(Rectangle())
            }
            .buttonStyle(.plain)
            .disabled(destination == nil && value == nil)
        } else {
            Button(action: follow) { label }
                // A link with a nil value is disabled, as in SwiftUI.
                .disabled(destination == nil && value == nil)
        }
    }

    private func follow() {
        if let destination {
            if let push { push(AnyView(destination)) }
            else { Diagnostics.warn("NavigationLink outside a NavigationStack: nothing to push onto") }
        } else if let value {
            if let actions { actions.append(value) }
            else { Diagnostics.warn("NavigationLink(value:) outside a NavigationStack: nothing to push onto") }
        }
    }
}

extension NavigationLink where Label == Text {
    /// A link titled `title` that pushes `destination`.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination, label: { Text(title) })
    }
    /// A link titled `title` that pushes `destination` (the pre-iOS 16 spelling).
    public init<S: StringProtocol>(_ title: S, destination: Destination) {
        self.init(destination: destination, label: { Text(title) })
    }
}

/// Namespace of SwiftUI's navigation bar title modes.
public enum NavigationBarItem {
    /// How a navigation bar shows its title.
    public enum TitleDisplayMode: Hashable, Sendable {
        /// Inherit the mode (kiosk: large).
        case automatic
        /// A small title centred in the bar.
        case inline
        /// A large title below the bar's buttons.
        case large
    }
}

struct NavigationPageKey: EnvironmentKey { static let defaultValue: NavigationPageInfo? = nil }
struct NavigationPushKey: EnvironmentKey { static let defaultValue: ((AnyView) -> Void)? = nil }

extension EnvironmentValues {
    var navigationPage: NavigationPageInfo? {
        get { self[NavigationPageKey.self] } set { self[NavigationPageKey.self] = newValue }
    }
    var navigationPush: ((AnyView) -> Void)? {
        get { self[NavigationPushKey.self] } set { self[NavigationPushKey.self] = newValue }
    }
}

/// Writes the title (or display mode) into the enclosing page while the content is evaluated.
struct _NavigationTitleModifier: ViewModifier {
    let title: String?
    let displayMode: NavigationBarItem.TitleDisplayMode?
    @Environment(\.navigationPage) private var page

    func body(content: Content) -> some View {
        if let page {
            // Plain writes only when the value changes: a steady page writes nothing.
            if let title, page.title != title { page.title = title }
            if let displayMode, page.displayMode != displayMode { page.displayMode = displayMode }
        }
        return content
    }
}

extension View {
    /// Sets the title of the navigation bar of the enclosing `NavigationStack` page (outside a
    /// stack it shows nothing, as in SwiftUI).
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        modifier(_NavigationTitleModifier(title: String(title), displayMode: nil))
    }
    /// Sets the title from a `Text` (its verbatim string).
    public func navigationTitle(_ title: Text) -> some View {
        modifier(_NavigationTitleModifier(title: title.string, displayMode: nil))
    }
    /// The pre-iOS 14 spelling of `navigationTitle`.
    public func navigationBarTitle<S: StringProtocol>(_ title: S) -> some View { navigationTitle(title) }
    /// The pre-iOS 14 spelling with a display mode.
    public func navigationBarTitle<S: StringProtocol>(_ title: S, displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        modifier(_NavigationTitleModifier(title: String(title), displayMode: displayMode))
    }
    /// How the enclosing page's navigation bar shows its title.
    public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        modifier(_NavigationTitleModifier(title: nil, displayMode: displayMode))
    }
    /// Hides the back button of the enclosing page's navigation bar.
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
        modifier(_NavigationBarFlagModifier(backButtonHidden: hidesBackButton, barHidden: nil))
    }
    /// Hides the enclosing page's navigation bar (the content takes its space).
    public func navigationBarHidden(_ hidden: Bool) -> some View {
        modifier(_NavigationBarFlagModifier(backButtonHidden: nil, barHidden: hidden))
    }
}

/// Writes the back-button and bar visibility into the enclosing page.
struct _NavigationBarFlagModifier: ViewModifier {
    let backButtonHidden: Bool?
    let barHidden: Bool?
    @Environment(\.navigationPage) private var page

    func body(content: Content) -> some View {
        if let page {
            if let backButtonHidden, page.backButtonHidden != backButtonHidden { page.backButtonHidden = backButtonHidden }
            if let barHidden, page.barHidden != barHidden { page.barHidden = barHidden }
        }
        return content
    }
}

/// One level of a stack: content, bar, opaque background.
struct _NavigationPageView<Content: View>: View {
    let ownInfo: NavigationPageInfo?
    let backTitle: String?
    let pop: (() -> Void)?
    let push: (AnyView) -> Void
    let actions: NavigationActions
    let content: Content
    @State private var info = NavigationPageInfo()
    /// The page's edit mode (EditButton, List editing: ListEditing.swift), for its content and bar.
    @State private var editMode: EditMode = .inactive

    init(info: NavigationPageInfo?, backTitle: String?, pop: (() -> Void)?, push: @escaping (AnyView) -> Void,
         actions: NavigationActions, content: Content) {
        self.ownInfo = info; self.backTitle = backTitle; self.pop = pop; self.push = push; self.actions = actions
        self.content = content
    }

    var body: some View {
        let page = ownInfo ?? info
        _NavigationPageLayout {
            content
                .environment(\.navigationPage, page)
                .environment(\.navigationPush, push)
                .environment(\.navigationActions, actions)
            _NavigationBar(info: page, backTitle: backTitle, pop: pop)
            _BottomToolbar(info: page)
        }
        .environment(\.editMode, $editMode)
        .background(Color(.systemBackground))
    }
}

/// The bar: a 44-pt row with the back button and an inline title, and a 52-pt large title row.
struct _NavigationBar: View {
    let info: NavigationPageInfo
    let backTitle: String?
    let pop: (() -> Void)?

    static let rowHeight: CGFloat = 44
    static let largeTitleHeight: CGFloat = 52

    var body: some View {
        let title = info.title
        let large = info.displayMode != .inline && title != nil
        let _ = info.toolbarVersion
        let items = info.toolbarItems
        let principal = items.first { $0.placement.slot == .principal }
        let leading = items.filter { $0.placement.slot == .leading }
        let trailing = items.filter { $0.placement.slot == .trailing }
        let look = UINavigationBar.appearance().style(scrolledUnder: info.scrolledUnder)
        let tint = look.tint ?? .accentColor
        if info.barHidden {
            Color.clear.frame(height: 0)
        } else {
        VStack(alignment: .leading, spacing: 0) {
            ZStack {
                if let principal {
                    principal.view
                } else if !large, let title {
                    _NavigationTitleText(title: title, large: false, info: info)
                        .modifier(_OptionalForeground(color: look.title))
                }
                HStack(spacing: 0) {
                    if let pop, !info.backButtonHidden {
                        Button(action: pop) {
                            HStack(spacing: 4) {
                                Image(systemName: "chevron.left").font(.system(size: 17, weight: .semibold))
                                Text(backTitle ?? "Back").lineLimit(1)
                            }
                        }
                        .buttonStyle(.plain)
                        .foregroundColor(tint)
                        .padding(.leading, 8)
                    }
                    if !leading.isEmpty {
                        HStack(spacing: 16) { ForEach(leading) { $0.view } }
                            .padding(.leading, pop != nil && !info.backButtonHidden ? 12 : 16)
                    }
                    Spacer(minLength: 0)
                    if !trailing.isEmpty {
                        HStack(spacing: 16) { ForEach(trailing) { $0.view } }
                            .padding(.trailing, 16)
                    }
                }
                .tint(tint)
            }
            .frame(height: Self.rowHeight)
            if large, let title {
                _NavigationTitleText(title: title, large: true, info: info)
                    .modifier(_OptionalForeground(color: look.largeTitle ?? look.title))
                    .padding(.horizontal, 16)
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .frame(height: Self.largeTitleHeight)
            }
        }
        .frame(maxWidth: .infinity)
        .modifier(_NavigationBarBackground(grouped: info.groupedContent, scrolledUnder: info.scrolledUnder,
                                           visibility: info.barBackgroundVisibility,
                                           style: info.barBackgroundKey == nil ? nil : info.barBackground,
                                           appearance: look))
        }
    }
}

/// The bar's background (iOS 17's standard and scroll-edge appearances): at the scroll edge it is
/// transparent — the page's own background shows, grouped or plain, and no hairline —; once the
/// content is scrolled under it, the bar material (`_BarMaterial`'s fill) with a hairline along
/// its bottom edge. One view structure for both (only colours change), so the bar's items keep
/// their nodes when it turns.
/// `.toolbarBackground` (ToolbarBackground.swift) changes both: `.visible` shows the bar's
/// background at the scroll edge too, `.hidden` never (the content shows through, no hairline), and
/// a style replaces the material wherever the background shows.
struct _NavigationBarBackground: ViewModifier {
    let grouped: Bool
    let scrolledUnder: Bool
    var visibility: Visibility = .automatic
    var style: AnyShapeStyle? = nil
    /// What `UINavigationBar.appearance()` sets for this scroll state (UINavigationBarAppearance.swift).
    var appearance = UINavigationBar.Style()
    @Environment(\.colorScheme) private var scheme
    func body(content: Content) -> some View {
        // At the scroll edge iOS 15+ draws no background (the page's own shows; content laid
        // out under the bar with `.ignoresSafeArea` shows through); a grouped list's grey
        // background reaches under the bar, which kiosk paints as the bar's.
        let edge = grouped ? Color(uiColor: .systemGroupedBackground) : Color.clear
        let material = scheme == .dark ? Color(white: 0.086).opacity(0.94) : Color(white: 0.976).opacity(0.94)
        var hairline = scheme == .dark ? Color.white.opacity(0.16) : Color.black.opacity(0.3)
        // An appearance with a fill shows it in this state; without one, iOS 17's rule.
        var shown = visibility == .visible || (visibility == .automatic && (scrolledUnder || appearance.fill != nil))
        if visibility == .automatic, appearance.fill != nil, appearance.hairline == nil, !scrolledUnder { hairline = .clear }
        if let h = appearance.hairline { hairline = h }
        if visibility == .hidden { shown = false }
        let fill: AnyShapeStyle = visibility == .hidden ? AnyShapeStyle(Color.clear)
            : shown ? (style ?? appearance.fill.map { AnyShapeStyle($0) } ?? AnyShapeStyle(material)) : AnyShapeStyle(edge)
        return content
            .background(fill)
            .overlay(alignment: .bottom) { hairline.opacity(shown ? 1 : 0).frame(height: 1) }
    }
}

/// `.foregroundColor(color)` when there is one (the bar's title colours from the UIKit appearance).
struct _OptionalForeground: ViewModifier {
    let color: Color?
    func body(content: Content) -> some View {
        if let color { content.foregroundColor(color) } else { content }
    }
}

/// The space a navigation page gives its content, for `containerRelativeFrame`.
final class PageContainerBox { var size: CGSize? }

/// Lays its second child (the bar) across the top at its own height and its first child (the
/// page's content) in the space below; takes the whole proposal.
struct _NavigationPageLayout<Content: View>: View, PrimitiveView, LayoutBehavior, NavigationBarArea, RelativeFrameContainer {
    let content: Content
    init(@ViewBuilder content: () -> Content) { self.content = content() }
    var body: Never { bodyNeverCalled("_NavigationPageLayout") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    var layoutBehavior: (any LayoutBehavior)? { self }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func containerSize(node: Node) -> CGSize? { (node.modifierState as? PageContainerBox)?.size }

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let items = node.layoutItems
        // Content, bar and (when it has items) the bottom toolbar: an empty one lists nothing.
        guard items.count >= 2 else { pass.place(items: items, in: bounds); return }
        let bar = pass.size(items[1], ProposedViewSize(width: bounds.width, height: nil))
        let barHeight = min(bounds.height, bar.height)
        pass.place(items[1], in: CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: barHeight))
        // The bottom toolbar (zero high without items) at the bottom.
        var bottomHeight: CGFloat = 0
        if items.count >= 3 {
            let bottom = pass.size(items[2], ProposedViewSize(width: bounds.width, height: nil))
            bottomHeight = min(bounds.height - barHeight, bottom.height)
            pass.place(items[2], in: CGRect(x: bounds.minX, y: bounds.maxY - bottomHeight, width: bounds.width, height: bottomHeight))
        }
        // The content gets the space between and is centred in it (as a root view is).
        let space = CGRect(x: bounds.minX, y: bounds.minY + barHeight, width: bounds.width, height: bounds.height - barHeight - bottomHeight)
        // It is the container of `containerRelativeFrame`s inside (the bars are its safe area).
        let box: PageContainerBox
        if let b = node.modifierState as? PageContainerBox { box = b } else { box = PageContainerBox(); node.modifierState = box }
        ContainerRelativeFrameCache.containerResized(node, from: box.size ?? .zero, to: space.size)
        box.size = space.size
        let size = pass.size(items[0], ProposedViewSize(width: space.width, height: space.height))
        pass.place(items[0], in: CGRect(x: space.midX - size.width / 2, y: space.midY - size.height / 2,
                                        width: size.width, height: size.height))
    }
}
