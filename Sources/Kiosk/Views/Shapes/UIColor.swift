// UIColor: UIKit's colour names, for SwiftUI code that writes `Color(.systemGray5)` or
// `Color(uiColor: .secondarySystemBackground)` (3 of 34 public animation programs in our corpus
// did). Only the colours come along, no UIKit: each is a kiosk `Color` with Apple's published
// light and dark values (Human Interface Guidelines, "Color": system grays, labels, fills and
// backgrounds), so it follows the host's colour scheme like `Color.blue` does.

/// A UIKit colour, as far as SwiftUI code uses one: a name for a `Color`.
///
/// ```swift
/// Circle().stroke(Color(.systemGray5), lineWidth: 10)
/// ```
public final class UIColor: Sendable {
    let color: Color
    init(_ color: Color) { self.color = color }
    private convenience init(_ light: UInt32, _ dark: UInt32, alpha: Double = 1, darkAlpha: Double? = nil) {
        func c(_ h: UInt32, _ a: Double) -> Color.RGBA {
            Color.RGBA(r: Double((h >> 16) & 255) / 255, g: Double((h >> 8) & 255) / 255, b: Double(h & 255) / 255, a: a)
        }
        self.init(Color(light: c(light, alpha), dark: c(dark, darkAlpha ?? alpha)))
    }

    /// A colour from sRGB components in 0…1.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(Color(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha)))
    }
    /// A grey from a white level in 0…1.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(Color(white: Double(white), opacity: Double(alpha)))
    }

    // System colours (adapt to the colour scheme).
    public static let systemRed = UIColor(Color.red)
    public static let systemOrange = UIColor(Color.orange)
    public static let systemYellow = UIColor(Color.yellow)
    public static let systemGreen = UIColor(Color.green)
    public static let systemMint = UIColor(Color.mint)
    public static let systemTeal = UIColor(Color.teal)
    public static let systemCyan = UIColor(Color.cyan)
    public static let systemBlue = UIColor(Color.blue)
    public static let systemIndigo = UIColor(Color.indigo)
    public static let systemPurple = UIColor(Color.purple)
    public static let systemPink = UIColor(Color.pink)
    public static let systemBrown = UIColor(Color.brown)
    public static let systemGray = UIColor(0x8E8E93, 0x8E8E93)
    public static let systemGray2 = UIColor(0xAEAEB2, 0x636366)
    public static let systemGray3 = UIColor(0xC7C7CC, 0x48484A)
    public static let systemGray4 = UIColor(0xD1D1D6, 0x3A3A3C)
    public static let systemGray5 = UIColor(0xE5E5EA, 0x2C2C2E)
    public static let systemGray6 = UIColor(0xF2F2F7, 0x1C1C1E)
    // Labels.
    public static let label = UIColor(0x000000, 0xFFFFFF)
    public static let secondaryLabel = UIColor(0x3C3C43, 0xEBEBF5, alpha: 0.6)
    public static let tertiaryLabel = UIColor(0x3C3C43, 0xEBEBF5, alpha: 0.3)
    public static let quaternaryLabel = UIColor(0x3C3C43, 0xEBEBF5, alpha: 0.18, darkAlpha: 0.16)
    public static let placeholderText = UIColor(0x3C3C43, 0xEBEBF5, alpha: 0.3)
    // Fills.
    public static let systemFill = UIColor(0x787880, 0x787880, alpha: 0.2, darkAlpha: 0.36)
    public static let secondarySystemFill = UIColor(0x787880, 0x787880, alpha: 0.16, darkAlpha: 0.32)
    public static let tertiarySystemFill = UIColor(0x767680, 0x767680, alpha: 0.12, darkAlpha: 0.24)
    public static let quaternarySystemFill = UIColor(0x747480, 0x767680, alpha: 0.08, darkAlpha: 0.18)
    // Backgrounds.
    public static let systemBackground = UIColor(0xFFFFFF, 0x000000)
    public static let secondarySystemBackground = UIColor(0xF2F2F7, 0x1C1C1E)
    public static let tertiarySystemBackground = UIColor(0xFFFFFF, 0x2C2C2E)
    public static let systemGroupedBackground = UIColor(0xF2F2F7, 0x000000)
    public static let secondarySystemGroupedBackground = UIColor(0xFFFFFF, 0x1C1C1E)
    public static let tertiarySystemGroupedBackground = UIColor(0xF2F2F7, 0x2C2C2E)
    public static let separator = UIColor(0x3C3C43, 0x545458, alpha: 0.29, darkAlpha: 0.6)
    public static let opaqueSeparator = UIColor(0xC6C6C8, 0x38383A)
    // Fixed colours (UIKit's plain names are the pure components, not the system colours).
    public static let black = UIColor(0x000000, 0x000000)
    public static let darkGray = UIColor(0x555555, 0x555555)
    public static let lightGray = UIColor(0xAAAAAA, 0xAAAAAA)
    public static let white = UIColor(0xFFFFFF, 0xFFFFFF)
    public static let gray = UIColor(0x808080, 0x808080)
    public static let red = UIColor(0xFF0000, 0xFF0000)
    public static let green = UIColor(0x00FF00, 0x00FF00)
    public static let blue = UIColor(0x0000FF, 0x0000FF)
    public static let cyan = UIColor(0x00FFFF, 0x00FFFF)
    public static let yellow = UIColor(0xFFFF00, 0xFFFF00)
    public static let magenta = UIColor(0xFF00FF, 0xFF00FF)
    public static let orange = UIColor(0xFF8000, 0xFF8000)
    public static let purple = UIColor(0x800080, 0x800080)
    public static let brown = UIColor(0x996633, 0x996633)
    public static let clear = UIColor(0x000000, 0x000000, alpha: 0)
}

/// `#colorLiteral(red:green:blue:alpha:)` makes a `UIColor`, as in UIKit, so
/// `Color(#colorLiteral(red: 1, green: 0.96, blue: 0.67, alpha: 1))` compiles unchanged (10 of 45
/// public animation programs in the corpus wrote it; without this typealias the compiler fails with
/// "failed to produce diagnostic for expression"). The components are sRGB in 0…1.
public typealias _ColorLiteralType = UIColor

extension UIColor: _ExpressibleByColorLiteral {
    public convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(Color(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha)))
    }
}

extension Color: _ExpressibleByColorLiteral {
    /// `let c: Color = #colorLiteral(…)`, as SwiftUI's `Color` allows.
    public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha))
    }
}

extension Color {
    /// A colour from a UIKit colour name (`Color(.systemGray5)`).
    public init(_ color: UIColor) { self = color.color }
    /// A colour from a UIKit colour (`Color(uiColor: .label)`).
    public init(uiColor: UIColor) { self = uiColor.color }
}
