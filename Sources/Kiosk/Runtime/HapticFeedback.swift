// HapticFeedback: UIKit's feedback generators, which SwiftUI code calls in button actions
// (`import SwiftUI` brings UIKit on iOS). A kiosk panel has no haptic engine, so every call is
// accepted and does nothing (no warning: a tap that would buzz on a phone is not an error here).

/// Haptics for an impact (kiosk: accepted, no effect — panels have no haptic engine).
public final class UIImpactFeedbackGenerator {
    /// The weight of the impact.
    public enum FeedbackStyle: Int, Sendable { case light, medium, heavy, soft, rigid }
    public let style: FeedbackStyle
    public init(style: FeedbackStyle = .medium) { self.style = style }
    public func prepare() {}
    public func impactOccurred() {}
    public func impactOccurred(intensity: CGFloat) {}
}

/// Haptics for a success, warning or error (kiosk: accepted, no effect).
public final class UINotificationFeedbackGenerator {
    /// What happened.
    public enum FeedbackType: Int, Sendable { case success, warning, error }
    public init() {}
    public func prepare() {}
    public func notificationOccurred(_ notificationType: FeedbackType) {}
}

/// Haptics for a selection change (kiosk: accepted, no effect).
public final class UISelectionFeedbackGenerator {
    public init() {}
    public func prepare() {}
    public func selectionChanged() {}
}
