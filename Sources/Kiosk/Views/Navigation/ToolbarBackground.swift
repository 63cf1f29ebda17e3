// `.toolbarBackground(_:for:)`: the navigation bar's background, as iOS 16+ has it; and
// `.toolbar(_:for:)` / `.toolbarVisibility(_:for:)`, which hide or show the navigation bar. A style
// replaces the bar material where the background shows; `.visible` shows it at the scroll edge
// too (iOS 17 shows it only once content scrolls under the bar), `.hidden` never shows it (no
// fill, no hairline: the page shows through). Written into the enclosing page
// (NavigationPageInfo) like the bar's other flags; read by `_NavigationBarBackground`.
// Kiosk applies it to `.navigationBar` (and `.automatic`, which means the navigation bar in a
// page); `.tabBar` and `.bottomBar` are accepted and not applied (kiosk's tab bar and bottom
// toolbar keep their material).

/// The bars a toolbar modifier addresses.
public struct ToolbarPlacement: Hashable, Sendable {
    enum Bar: Hashable, Sendable { case automatic, navigationBar, tabBar, bottomBar }
    let bar: Bar
    /// The platform's bar for the context: in a navigation page, its navigation bar.
    public static let automatic = ToolbarPlacement(bar: .automatic)
    /// The navigation bar.
    public static let navigationBar = ToolbarPlacement(bar: .navigationBar)
    /// The tab bar (accepted; kiosk's tab bar keeps its own background).
    public static let tabBar = ToolbarPlacement(bar: .tabBar)
    /// The bottom toolbar (accepted; kept on the bar material).
    public static let bottomBar = ToolbarPlacement(bar: .bottomBar)

    /// Whether a modifier given `bars` addresses a page's navigation bar (none named: it does).
    static func includeNavigationBar(_ bars: [ToolbarPlacement]) -> Bool {
        bars.isEmpty || bars.contains { $0.bar == .navigationBar || $0.bar == .automatic }
    }
}

extension View {
    /// Fills the enclosing page's navigation bar with `style` wherever its background shows.
    ///
    /// ```swift
    /// .toolbarBackground(Color.indigo, for: .navigationBar)
    /// .toolbarBackground(.visible, for: .navigationBar)
    /// ```
    public func toolbarBackground<S: ShapeStyle>(_ style: S, for bars: ToolbarPlacement...) -> some View {
        modifier(_ToolbarBackgroundModifier(style: AnyShapeStyle(style), visibility: nil, bars: bars))
    }
    /// Shows (`.visible`), hides (`.hidden`) or leaves to the scroll position (`.automatic`) the
    /// background of the enclosing page's navigation bar.
    public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        modifier(_ToolbarBackgroundModifier(style: nil, visibility: visibility, bars: bars))
    }

    /// Hides (`.hidden`) or shows the enclosing page's navigation bar, as iOS 16's
    /// `.toolbar(_:for:)`: `.hidden` is `.navigationBarHidden(true)`, `.visible` and `.automatic`
    /// show it. `.tabBar` and `.bottomBar` are accepted and not applied (kiosk's tab bar and bottom
    /// toolbar stay).
    ///
    /// ```swift
    /// DetailView().toolbar(.hidden, for: .navigationBar)
    /// ```
    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        barVisibility(visibility, bars)
    }

    /// iOS 18's name for `.toolbar(_:for:)`.
    public func toolbarVisibility(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        barVisibility(visibility, bars)
    }

    private func barVisibility(_ visibility: Visibility, _ bars: [ToolbarPlacement]) -> some View {
        modifier(_NavigationBarFlagModifier(backButtonHidden: nil,
                                            barHidden: ToolbarPlacement.includeNavigationBar(bars) ? visibility == .hidden : nil))
    }
}

struct _ToolbarBackgroundModifier: ViewModifier {
    let style: AnyShapeStyle?
    let visibility: Visibility?
    let bars: [ToolbarPlacement]
    @Environment(\.navigationPage) private var page
    @Environment(\.self) private var environment

    func body(content: Content) -> some View {
        if ToolbarPlacement.includeNavigationBar(bars), let page {
            if let visibility, page.barBackgroundVisibility != visibility { page.barBackgroundVisibility = visibility }
            if let style {
                let key = style.resolvePaint(in: CGRect(x: 0, y: 0, width: 1, height: 1), environment: environment)
                page.barBackground = style
                if page.barBackgroundKey != key { page.barBackgroundKey = key }
            }
        }
        return content
    }
}
