// `.accentColor(_:)`: SwiftUI's first spelling of `.tint(_:)` (deprecated there, common in public
// code: `Slider(value: $v).accentColor(.orange)`). Kiosk treats it as `.tint`.

extension View {
    /// Colours the controls in this view with `accentColor` (nil: the default accent colour).
    public func accentColor(_ accentColor: Color?) -> some View { tint(accentColor) }
}
