// Where the mounted on-screen keyboard's keys are on a screen, for tools that tap them (the typing
// benchmark, `kiosk-engine-bench --typing`). Underscored: not SwiftUI API.

import Raster

/// The mounted on-screen keyboard's key positions (the letters page of `layout`, `.default`
/// keyboard type), in screen pixels of a `width` × `height` screen with the keyboard fully up.
public enum _OnScreenKeyboardKeys {
    /// The keyboard's height on a screen `width` wide.
    public static func height(screenWidth width: Int) -> Double {
        Double(OnScreenKeyboard.height(forWidth: CGFloat(width), layout: "", type: .default))
    }

    /// The centre of the key typing `name` ("a", "ㅎ"; "space", "return", "delete", "hide" for
    /// those keys), or nil when the page has no such key.
    public static func centre(of name: String, screenWidth width: Int, screenHeight height: Int, layout: String = "us") -> Point? {
        let config = KeyboardConfiguration(language: KeyboardLanguage(named: layout), type: .default)
        let top = Double(height) - self.height(screenWidth: width)
        for k in KeyboardGeometry.keys(config, width: CGFloat(width)) {
            let match: Bool
            switch k.key.kind {
            case .character(let s, _): match = s == name
            case .returnKey: match = name == "return"
            case .delete: match = name == "delete"
            case .space: match = name == "space"
            case .hide: match = name == "hide"
            default: match = false
            }
            if match { return Point(Double(k.frame.midX), Double(k.frame.midY) + top) }
        }
        return nil
    }
}
