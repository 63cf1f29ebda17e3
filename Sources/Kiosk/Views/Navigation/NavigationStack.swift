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
// spring of about that length). Not modelled: value-based links (`NavigationLink(value:)` and
// `navigationDestination`), `NavigationPath`, toolbars, the covered page's parallax shift.

import Observation

/// What a page's content tells its navigation bar.
@Observable final class NavigationPageInfo {
    var title: String?
    var displayMode: NavigationBarItem.TitleDisplayMode = .automatic
    init() {}
}

/// A view that displays a root view and enables you to present additional views over it.
///
/// ```swift
/// NavigationStack {
///     List { NavigationLink("Details") { DetailView() } }
///         .navigationTitle("Menu")
/// }
/// ```
public struct NavigationStack<Root: View>: View {
    struct Entry: Identifiable {
        let id: Int
        let view: AnyView
    }
    let root: Root
    @State private var pushed: [Entry] = []
    @State private var nextID = 0
    @State private var rootInfo = NavigationPageInfo()

    /// Creates a navigation stack that manages its own navigation state.
    public init(@ViewBuilder root: () -> Root) { self.root = root() }

    /// The push and pop animation.
    static var slide: Animation { .easeInOut(duration: 0.35) }

    public var body: some View {
        ZStack {
            _NavigationPageView(info: rootInfo, backTitle: nil, pop: nil, push: push, content: root)
            ForEach(Array(pushed.enumerated()), id: \.element.id) { index, entry in
                _NavigationPageView(info: nil, backTitle: index == 0 ? (rootInfo.title ?? "Back") : "Back",
                                    pop: pop, push: push, content: entry.view)
                    .transition(.move(edge: .trailing))
                    .zIndex(Double(index + 1))
            }
        }
    }

    private func push(_ view: AnyView) {
        let id = nextID
        nextID += 1
        withAnimation(Self.slide) { pushed.append(Entry(id: id, view: view)) }
    }

    private func pop() {
        guard !pushed.isEmpty else { return }
        withAnimation(Self.slide) { _ = pushed.removeLast() }
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
    let destination: Destination
    @Environment(\.navigationPush) private var push

    /// A link with a label that pushes `destination`.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.destination = destination(); self.label = label()
    }
    /// A link with a label that pushes `destination` (the pre-iOS 16 spelling).
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.destination = destination; self.label = label()
    }

    public var body: some View {
        Button(action: {
            if let push { push(AnyView(destination)) }
            else { Diagnostics.warn("NavigationLink outside a NavigationStack: nothing to push onto") }
        }) { label }
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
    /// Accepted: kiosk's navigation bar has no back button to hide but its own.
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View { self }
}

/// One level of a stack: content, bar, opaque background.
struct _NavigationPageView<Content: View>: View {
    let ownInfo: NavigationPageInfo?
    let backTitle: String?
    let pop: (() -> Void)?
    let push: (AnyView) -> Void
    let content: Content
    @State private var info = NavigationPageInfo()

    init(info: NavigationPageInfo?, backTitle: String?, pop: (() -> Void)?, push: @escaping (AnyView) -> Void, content: Content) {
        self.ownInfo = info; self.backTitle = backTitle; self.pop = pop; self.push = push; self.content = content
    }

    var body: some View {
        let page = ownInfo ?? info
        _NavigationPageLayout {
            content
                .environment(\.navigationPage, page)
                .environment(\.navigationPush, push)
            _NavigationBar(info: page, backTitle: backTitle, pop: pop)
        }
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
        VStack(alignment: .leading, spacing: 0) {
            ZStack {
                if !large, let title {
                    Text(title).font(.headline).lineLimit(1)
                }
                HStack(spacing: 0) {
                    if let pop {
                        Button(action: pop) {
                            HStack(spacing: 4) {
                                Image(systemName: "chevron.left").font(.system(size: 17, weight: .semibold))
                                Text(backTitle ?? "Back").lineLimit(1)
                            }
                        }
                        .buttonStyle(.plain)
                        .foregroundColor(.accentColor)
                        .padding(.leading, 8)
                    }
                    Spacer(minLength: 0)
                }
            }
            .frame(height: Self.rowHeight)
            if large, let title {
                Text(title).font(.largeTitle.bold()).lineLimit(1)
                    .padding(.horizontal, 16)
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .frame(height: Self.largeTitleHeight)
            }
        }
        .frame(maxWidth: .infinity)
        .background(Color(.systemBackground))
    }
}

/// Lays its second child (the bar) across the top at its own height and its first child (the
/// page's content) in the space below; takes the whole proposal.
struct _NavigationPageLayout<Content: View>: View, PrimitiveView, LayoutBehavior {
    let content: Content
    init(@ViewBuilder content: () -> Content) { self.content = content() }
    var body: Never { bodyNeverCalled("_NavigationPageLayout") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    var layoutBehavior: (any LayoutBehavior)? { self }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let items = node.layoutItems
        guard items.count == 2 else { pass.place(items: items, in: bounds); return }
        let bar = pass.size(items[1], ProposedViewSize(width: bounds.width, height: nil))
        let barHeight = min(bounds.height, bar.height)
        pass.place(items[1], in: CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: barHeight))
        // The content gets the space below the bar and is centred in it (as a root view is).
        let space = CGRect(x: bounds.minX, y: bounds.minY + barHeight, width: bounds.width, height: bounds.height - barHeight)
        let size = pass.size(items[0], ProposedViewSize(width: space.width, height: space.height))
        pass.place(items[0], in: CGRect(x: space.midX - size.width / 2, y: space.midY - size.height / 2,
                                        width: size.width, height: size.height))
    }
}
