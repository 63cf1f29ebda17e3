// Size classes: `horizontalSizeClass` and `verticalSizeClass`, taken from the screen's size
// unless a view sets them.
//
// iOS gives an iPhone in portrait compact width and regular height, in landscape compact
// height (and compact width, except the largest models), and an iPad regular in both. kiosk
// screens have no device model, so the classes follow the screen's size in points:
// - horizontal: compact below 600 pt wide (phones in portrait, a 480×800 portrait panel),
//   regular from 600 (tablets; 800×480, 1024×600 and 1920×1080 panels);
// - vertical: compact below 500 pt tall (phones in landscape; 800×480 and 320×240 panels),
//   regular from 500.
// So an 800×480 panel reads like a large iPhone in landscape (regular × compact), a 1080p
// screen like an iPad. A screen of zero size (before the first layout) reads as nil, which
// SwiftUI also uses for "unknown".

/// The size class of one dimension of the interface.
public enum UserInterfaceSizeClass: Hashable, Sendable {
    case compact, regular
}

/// Whether a view set the class, or it follows the screen.
private enum SizeClassSetting { case automatic, set(UserInterfaceSizeClass?) }
private struct HorizontalSizeClassKey: EnvironmentKey { static let defaultValue = SizeClassSetting.automatic }
private struct VerticalSizeClassKey: EnvironmentKey { static let defaultValue = SizeClassSetting.automatic }

extension UserInterfaceSizeClass {
    /// Screens narrower than this are horizontally compact.
    static let compactWidthLimit: CGFloat = 600
    /// Screens shorter than this are vertically compact.
    static let compactHeightLimit: CGFloat = 500
}

extension EnvironmentValues {
    /// The horizontal size class: compact below 600 points of screen width, otherwise regular
    /// (kiosk's rule; see SizeClass.swift). Setting it overrides the screen for the subtree.
    public var horizontalSizeClass: UserInterfaceSizeClass? {
        get {
            if case .set(let v) = self[HorizontalSizeClassKey.self] { return v }
            let w = screenSize.width
            guard w > 0 else { return nil }
            return w < UserInterfaceSizeClass.compactWidthLimit ? .compact : .regular
        }
        set { self[HorizontalSizeClassKey.self] = .set(newValue) }
    }
    /// The vertical size class: compact below 500 points of screen height, otherwise regular.
    public var verticalSizeClass: UserInterfaceSizeClass? {
        get {
            if case .set(let v) = self[VerticalSizeClassKey.self] { return v }
            let h = screenSize.height
            guard h > 0 else { return nil }
            return h < UserInterfaceSizeClass.compactHeightLimit ? .compact : .regular
        }
        set { self[VerticalSizeClassKey.self] = .set(newValue) }
    }
}
