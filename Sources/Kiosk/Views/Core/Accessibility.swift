// Accessibility modifiers. kiosk has no screen reader: these are accepted so SwiftUI code compiles
// unchanged, and change neither layout, drawing nor touch handling (each returns the view as is).

/// Traits a view can announce to assistive technologies (accepted, unused on kiosk).
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 4)
    public static let isImage = AccessibilityTraits(rawValue: 1 << 5)
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
    public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 7)
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 8)
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 9)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 12)
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 13)
    public static let isModal = AccessibilityTraits(rawValue: 1 << 14)
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 15)
}

extension View {
    /// The label a screen reader speaks for the view. Accepted; kiosk has no screen reader.
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> Self { self }
    /// The label as Text. Accepted; kiosk has no screen reader.
    public func accessibilityLabel(_ label: Text) -> Self { self }
    /// What happens when the view is activated. Accepted; kiosk has no screen reader.
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> Self { self }
    /// The hint as Text. Accepted; kiosk has no screen reader.
    public func accessibilityHint(_ hint: Text) -> Self { self }
    /// The view's value (a slider's "50 %"). Accepted; kiosk has no screen reader.
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> Self { self }
    /// The value as Text. Accepted; kiosk has no screen reader.
    public func accessibilityValue(_ value: Text) -> Self { self }
    /// Hides the view from assistive technologies. Accepted; the view is still drawn and touchable.
    public func accessibilityHidden(_ hidden: Bool) -> Self { self }
    /// Adds traits (`.isButton`, `.isHeader`). Accepted; kiosk has no screen reader.
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> Self { self }
    /// Removes traits. Accepted; kiosk has no screen reader.
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> Self { self }
    /// An identifier for UI tests. Accepted; unused.
    public func accessibilityIdentifier(_ identifier: String) -> Self { self }
}
