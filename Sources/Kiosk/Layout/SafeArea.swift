// Safe areas: a kiosk screen has none — no status bar, notch, home indicator or on-screen
// keyboard — so every safe-area inset is zero (GeometryProxy.safeAreaInsets says so too), and
// a view that ignores the safe area lays out exactly as one that respects it. The modifiers
// are SwiftUI's, so pasted code compiles (2 of 34 corpus programs used them); each returns
// the view unchanged because that *is* their effect with zero insets.

/// A set of symbolic safe area regions.
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The safe area defined by the device and containers within the user interface.
    public static let container = SafeAreaRegions(rawValue: 1 << 0)
    /// The safe area matching the current extent of any software keyboard.
    public static let keyboard = SafeAreaRegions(rawValue: 1 << 1)
    /// All safe area regions.
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

extension View {
    /// Expands the safe area of a view (kiosk: the safe area is empty, so nothing changes).
    ///
    /// ```swift
    /// Color.black.ignoresSafeArea()
    /// ```
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> Self { self }

    /// Changes the view's proposed area to extend outside the screen's safe areas (deprecated
    /// spelling of `ignoresSafeArea`; kiosk: the safe area is empty, so nothing changes).
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> Self { self }
}
