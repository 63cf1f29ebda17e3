// NavigationSplitView: SwiftUI's two- and three-column navigation, as iPadOS lays it out in
// landscape. On a panel at least 700 points wide (a landscape kiosk screen; the same threshold
// as a regular horizontal size class there) the columns stand side by side: the sidebar 320
// points wide on the grouped background, a 320-point content column for three columns, the
// detail taking the rest, hairlines between them. Each column is its own NavigationStack, so
// `.navigationTitle` and NavigationLinks work in each. Narrower, it collapses as on iPhone: one
// NavigationStack showing the sidebar (or the column `preferredCompactColumn` names).
//
// `columnVisibility` is honoured for `.detailOnly` (the detail alone) and `.doubleColumn`
// (a three-column view hides its sidebar); `.all` and `.automatic` show every column.
// `.navigationSplitViewColumnWidth` sets a column's width; `.navigationSplitViewStyle` is
// accepted (`.prominentDetail` and `.balanced` lay out alike here). Not done: the sidebar's
// toggle button and sliding the sidebar over the detail in portrait.

/// A view of two or three columns, where choices in leading columns show in the ones after.
///
/// ```swift
/// NavigationSplitView {
///     List(rooms, selection: $room) { Text($0.name) }
/// } detail: {
///     if let room { RoomDetail(room: room) } else { Text("Choose a room") }
/// }
/// ```
public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View {
    let sidebar: Sidebar
    let content: Content?
    let detail: Detail
    let visibility: Binding<NavigationSplitViewVisibility>?
    let compactColumn: Binding<NavigationSplitViewColumn>?

    /// Two columns: a sidebar and a detail.
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) where Content == EmptyView {
        self.sidebar = sidebar(); content = nil; self.detail = detail(); visibility = nil; compactColumn = nil
    }
    /// Three columns: a sidebar, a content column and a detail.
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar(); self.content = content(); self.detail = detail(); visibility = nil; compactColumn = nil
    }
    /// Two columns whose sidebar's visibility is `columnVisibility`.
    public init(columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder detail: () -> Detail) where Content == EmptyView {
        self.sidebar = sidebar(); content = nil; self.detail = detail(); visibility = columnVisibility; compactColumn = nil
    }
    /// Three columns whose leading columns' visibility is `columnVisibility`.
    public init(columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar(); self.content = content(); self.detail = detail(); visibility = columnVisibility; compactColumn = nil
    }
    /// Two columns, showing `preferredCompactColumn` when collapsed to one.
    public init(preferredCompactColumn: Binding<NavigationSplitViewColumn>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder detail: () -> Detail) where Content == EmptyView {
        self.sidebar = sidebar(); content = nil; self.detail = detail(); visibility = nil; compactColumn = preferredCompactColumn
    }
    /// Three columns, showing `preferredCompactColumn` when collapsed to one.
    public init(preferredCompactColumn: Binding<NavigationSplitViewColumn>, @ViewBuilder sidebar: () -> Sidebar,
                @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar(); self.content = content(); self.detail = detail(); visibility = nil; compactColumn = preferredCompactColumn
    }
    /// Two columns with both bindings.
    public init(columnVisibility: Binding<NavigationSplitViewVisibility>, preferredCompactColumn: Binding<NavigationSplitViewColumn>,
                @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) where Content == EmptyView {
        self.sidebar = sidebar(); content = nil; self.detail = detail(); visibility = columnVisibility; compactColumn = preferredCompactColumn
    }

    /// The width from which the columns stand side by side.
    static var splitWidth: CGFloat { 700 }

    public var body: some View {
        let sidebar = AnyView(self.sidebar)
        let content = self.content.map { AnyView($0) }
        let detail = AnyView(self.detail)
        let vis = visibility?.wrappedValue ?? .automatic
        let compact = compactColumn?.wrappedValue ?? .sidebar
        return GeometryReader { geo in
            if geo.size.width >= Self.splitWidth {
                _SplitColumns(sidebar: sidebar, content: content, detail: detail, visibility: vis)
            } else {
                switch compact {
                case .detail: NavigationStack { detail }
                case .content: NavigationStack { content ?? sidebar }
                default: NavigationStack { sidebar }
                }
            }
        }
    }
}

/// The columns side by side.
struct _SplitColumns: View {
    let sidebar: AnyView
    let content: AnyView?
    let detail: AnyView
    let visibility: NavigationSplitViewVisibility
    @Environment(\.colorScheme) private var scheme

    var body: some View {
        let showsSidebar = visibility != .detailOnly && !(visibility == .doubleColumn && content != nil)
        let showsContent = content != nil && visibility != .detailOnly
        HStack(spacing: 0) {
            if showsSidebar {
                _SplitColumn(view: sidebar, defaultWidth: 320)
                    .background(Color(uiColor: .systemGroupedBackground))
                Color(uiColor: .separator).frame(width: 1)
            }
            if showsContent, let content {
                _SplitColumn(view: content, defaultWidth: 320)
                Color(uiColor: .separator).frame(width: 1)
            }
            NavigationStack { detail }
                .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
    }
}

/// A leading column: its own NavigationStack at the width it asks for.
struct _SplitColumn: View {
    let view: AnyView
    let defaultWidth: CGFloat
    @State private var width: CGFloat? = nil
    var body: some View {
        NavigationStack { view }
            .environment(\.splitColumnWidth, $width)
            .frame(width: width ?? defaultWidth)
            .frame(maxHeight: .infinity)
    }
}

struct SplitColumnWidthKey: EnvironmentKey { static let defaultValue: Binding<CGFloat?>? = nil }
extension EnvironmentValues {
    /// Where `.navigationSplitViewColumnWidth` inside a leading column writes its width.
    var splitColumnWidth: Binding<CGFloat?>? {
        get { self[SplitColumnWidthKey.self] } set { self[SplitColumnWidthKey.self] = newValue }
    }
}

/// Which columns of a NavigationSplitView show.
public struct NavigationSplitViewVisibility: Hashable, Sendable, Codable {
    let raw: Int
    /// Every column.
    public static let all = NavigationSplitViewVisibility(raw: 0)
    /// The content and detail columns (two columns: the sidebar and the detail).
    public static let doubleColumn = NavigationSplitViewVisibility(raw: 1)
    /// The detail column alone.
    public static let detailOnly = NavigationSplitViewVisibility(raw: 2)
    /// The platform's choice: every column on a wide panel.
    public static let automatic = NavigationSplitViewVisibility(raw: 3)
}

/// A column of a NavigationSplitView.
public enum NavigationSplitViewColumn: Hashable, Sendable { case sidebar, content, detail }

/// How a NavigationSplitView shares its width (kiosk lays every style out alike).
public protocol NavigationSplitViewStyle {}
public struct AutomaticNavigationSplitViewStyle: NavigationSplitViewStyle { public init() {} }
public struct BalancedNavigationSplitViewStyle: NavigationSplitViewStyle { public init() {} }
public struct ProminentDetailNavigationSplitViewStyle: NavigationSplitViewStyle { public init() {} }
extension NavigationSplitViewStyle where Self == AutomaticNavigationSplitViewStyle { public static var automatic: Self { .init() } }
extension NavigationSplitViewStyle where Self == BalancedNavigationSplitViewStyle { public static var balanced: Self { .init() } }
extension NavigationSplitViewStyle where Self == ProminentDetailNavigationSplitViewStyle { public static var prominentDetail: Self { .init() } }

/// Sets the enclosing column's width when it appears (the column lays out again with it).
struct _SplitColumnWidthModifier: ViewModifier {
    let width: CGFloat
    @Environment(\.splitColumnWidth) private var column
    func body(content: Content) -> some View {
        let column = self.column
        let width = self.width
        return content.onAppear {
            if let column, width.isFinite, width > 0, column.wrappedValue != width { column.wrappedValue = width }
        }
    }
}

extension View {
    /// The style of the NavigationSplitViews inside this view (accepted; kiosk lays them out alike).
    public func navigationSplitViewStyle<S: NavigationSplitViewStyle>(_ style: S) -> some View { self }
    /// This column's width in a NavigationSplitView (a NaN, infinite or negative width is ignored).
    public func navigationSplitViewColumnWidth(_ width: CGFloat) -> some View {
        modifier(_SplitColumnWidthModifier(width: width))
    }
    /// This column's width: `ideal` is used (kiosk's columns are not resizable).
    public func navigationSplitViewColumnWidth(min: CGFloat? = nil, ideal: CGFloat, max: CGFloat? = nil) -> some View {
        modifier(_SplitColumnWidthModifier(width: ideal))
    }
}
