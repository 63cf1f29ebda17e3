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
