// UIKit's attributed-string keys and the segmented control's title attributes, for SwiftUI code
// that styles its segmented Picker through `UISegmentedControl.appearance()` (see
// Kiosk/Views/Controls/UISegmentedControlAppearance.swift). They live here because
// `NSAttributedString.Key` is Foundation's (swift-corelibs-foundation has the type but not
// UIKit's keys), and `import Kiosk` stays without Foundation.

extension NSAttributedString.Key {
    /// The text colour (a `UIColor`); kiosk's segmented Picker draws it.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The background colour behind text (a `UIColor`); kept, not drawn by kiosk's controls.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// The font (UIKit's `UIFont`, which kiosk has not); kept, not drawn.
    public static let font = NSAttributedString.Key("NSFont")
}

extension UISegmentedControl {
    /// Sets the segment titles' attributes for `state`. Kiosk draws `.foregroundColor` (a
    /// `UIColor`) for `.normal` and `.selected`; other keys are kept and returned by
    /// `titleTextAttributes(for:)`. `nil` clears the state's attributes.
    public func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        _setTitleColor(attributes?[.foregroundColor] as? UIColor, for: state)
        _setAttributes(attributes.map { Dictionary(uniqueKeysWithValues: $0.map { (AnyHashable($0.key), $0.value) }) }, for: state)
    }

    /// The attributes set for `state`, or nil.
    public func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        guard let stored = _attributes(for: state) else { return nil }
        var out: [NSAttributedString.Key: Any] = [:]
        for (k, v) in stored { if let key = k.base as? NSAttributedString.Key { out[key] = v } }
        return out
    }
}

// The navigation bar's title attributes (Kiosk/Views/Navigation/UINavigationBarAppearance.swift):
// `.foregroundColor` colours the titles; other keys are kept and returned.
extension UINavigationBarAppearance {
    /// The inline title's attributes; kiosk draws `.foregroundColor` (a `UIColor`).
    public var titleTextAttributes: [NSAttributedString.Key: Any] {
        get { Self.typed(_attributes(large: false)) }
        set { _setTitleColor(newValue[.foregroundColor] as? UIColor, large: false); _setAttributes(Self.erased(newValue), large: false) }
    }
    /// The large title's attributes; kiosk draws `.foregroundColor` (a `UIColor`).
    public var largeTitleTextAttributes: [NSAttributedString.Key: Any] {
        get { Self.typed(_attributes(large: true)) }
        set { _setTitleColor(newValue[.foregroundColor] as? UIColor, large: true); _setAttributes(Self.erased(newValue), large: true) }
    }
    static func erased(_ a: [NSAttributedString.Key: Any]) -> [AnyHashable: Any] {
        Dictionary(uniqueKeysWithValues: a.map { (AnyHashable($0.key), $0.value) })
    }
    static func typed(_ a: [AnyHashable: Any]) -> [NSAttributedString.Key: Any] {
        var out: [NSAttributedString.Key: Any] = [:]
        for (k, v) in a { if let key = k.base as? NSAttributedString.Key { out[key] = v } }
        return out
    }
}

extension UINavigationBar {
    /// The pre-iOS 15 title attributes on the proxy; kiosk draws `.foregroundColor`.
    public var titleTextAttributes: [NSAttributedString.Key: Any]? {
        get { _attributes(large: false).map(UINavigationBarAppearance.typed) }
        set { _setTitleColor(newValue?[.foregroundColor] as? UIColor, large: false); _setAttributes(newValue.map(UINavigationBarAppearance.erased), large: false) }
    }
    /// The pre-iOS 15 large title attributes on the proxy; kiosk draws `.foregroundColor`.
    public var largeTitleTextAttributes: [NSAttributedString.Key: Any]? {
        get { _attributes(large: true).map(UINavigationBarAppearance.typed) }
        set { _setTitleColor(newValue?[.foregroundColor] as? UIColor, large: true); _setAttributes(newValue.map(UINavigationBarAppearance.erased), large: true) }
    }
}
