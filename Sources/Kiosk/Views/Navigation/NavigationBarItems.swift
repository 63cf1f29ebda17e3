// The iOS 13 navigation bar spellings still common in public code: `.navigationBarItems(leading:
// trailing:)` — the toolbar's leading and trailing items (Toolbar.swift) — and
// `.navigationViewStyle(_:)`, accepted (a NavigationView is one stack on kiosk's screens; a
// NavigationSplitView is the way to two columns).

extension View {
    /// Puts `leading` and `trailing` in the navigation bar, as `.toolbar` items.
    public func navigationBarItems<L: View, T: View>(leading: L, trailing: T) -> some View {
        toolbar {
            ToolbarItem(placement: .navigationBarLeading) { leading }
            ToolbarItem(placement: .navigationBarTrailing) { trailing }
        }
    }
    /// Puts `leading` at the navigation bar's leading edge.
    public func navigationBarItems<L: View>(leading: L) -> some View {
        toolbar { ToolbarItem(placement: .navigationBarLeading) { leading } }
    }
    /// Puts `trailing` at the navigation bar's trailing edge.
    public func navigationBarItems<T: View>(trailing: T) -> some View {
        toolbar { ToolbarItem(placement: .navigationBarTrailing) { trailing } }
    }
    /// The style of the NavigationViews inside this view (accepted: each is one stack).
    public func navigationViewStyle<S: NavigationViewStyle>(_ style: S) -> some View { self }
}

/// How a NavigationView lays out (kiosk: one stack in every style).
public protocol NavigationViewStyle {}
/// One column of pushed pages.
public struct StackNavigationViewStyle: NavigationViewStyle { public init() {} }
/// iPad's two columns; kiosk shows one stack (use NavigationSplitView for columns).
public struct DoubleColumnNavigationViewStyle: NavigationViewStyle { public init() {} }
/// The platform's default.
public struct DefaultNavigationViewStyle: NavigationViewStyle { public init() {} }
extension NavigationViewStyle where Self == StackNavigationViewStyle { public static var stack: Self { .init() } }
extension NavigationViewStyle where Self == DoubleColumnNavigationViewStyle { public static var columns: Self { .init() } }
extension NavigationViewStyle where Self == DefaultNavigationViewStyle { public static var automatic: Self { .init() } }
