// Color: SwiftUI's colour, with the system colours' light and dark values. A Color is also a
// view that fills the space it is offered.

import Raster

/// A colour that adapts to the colour scheme when it is one of the system colours.
///
/// ```swift
/// Color.blue
/// Color(red: 1, green: 0.5, blue: 0)
/// Color(hue: 0.6, saturation: 0.8, brightness: 0.9).opacity(0.5)
/// ```
public struct Color: Hashable, Sendable, CustomStringConvertible {
    struct RGBA: Hashable, Sendable { var r, g, b, a: Double }
    let light: RGBA
    let dark: RGBA

    init(light: RGBA, dark: RGBA) { self.light = light; self.dark = dark }
    init(hex: UInt32, darkHex: UInt32? = nil, alpha: Double = 1) {
        func c(_ h: UInt32) -> RGBA {
            RGBA(r: Double((h >> 16) & 255) / 255, g: Double((h >> 8) & 255) / 255, b: Double(h & 255) / 255, a: alpha)
        }
        self.init(light: c(hex), dark: c(darkHex ?? hex))
    }

    /// The colour space of component initialisers; kiosk treats all as sRGB.
    public enum RGBColorSpace: Hashable, Sendable { case sRGB, sRGBLinear, displayP3 }

    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func f(_ v: Double) -> Double { v.isFinite ? v : 0 }
        let rgba = RGBA(r: f(red), g: f(green), b: f(blue), a: min(1, max(0, f(opacity))))
        self.init(light: rgba, dark: rgba)
    }
    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }
    /// Hue, saturation and brightness in 0…1.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue.isFinite ? hue - hue.rounded(.down) : 0) * 6
        let s = min(1, max(0, saturation.isFinite ? saturation : 0)), v = min(1, max(0, brightness.isFinite ? brightness : 0))
        let i = Int(h) % 6, f = h - Double(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, opacity: opacity)
    }

    /// This colour with its opacity multiplied by `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        let o = opacity.isFinite ? min(1, max(0, opacity)) : 1
        var l = light, d = dark
        l.a *= o; d.a *= o
        return Color(light: l, dark: d)
    }

    func resolved(_ scheme: ColorScheme) -> Raster.Color {
        let c = scheme == .dark ? dark : light
        func u(_ v: Double) -> Double { min(1, max(0, v)) }
        return Raster.Color(u(c.r), u(c.g), u(c.b), u(c.a))
    }

    public var description: String { "Color(\(light.r), \(light.g), \(light.b), \(light.a))" }

    // System colours (iOS values: light, dark).
    public static let red = Color(hex: 0xFF3B30, darkHex: 0xFF453A)
    public static let orange = Color(hex: 0xFF9500, darkHex: 0xFF9F0A)
    public static let yellow = Color(hex: 0xFFCC00, darkHex: 0xFFD60A)
    public static let green = Color(hex: 0x34C759, darkHex: 0x30D158)
    public static let mint = Color(hex: 0x00C7BE, darkHex: 0x63E6E2)
    public static let teal = Color(hex: 0x30B0C7, darkHex: 0x40C8E0)
    public static let cyan = Color(hex: 0x32ADE6, darkHex: 0x64D2FF)
    public static let blue = Color(hex: 0x007AFF, darkHex: 0x0A84FF)
    public static let indigo = Color(hex: 0x5856D6, darkHex: 0x5E5CE6)
    public static let purple = Color(hex: 0xAF52DE, darkHex: 0xBF5AF2)
    public static let pink = Color(hex: 0xFF2D55, darkHex: 0xFF375F)
    public static let brown = Color(hex: 0xA2845E, darkHex: 0xAC8E68)
    public static let gray = Color(hex: 0x8E8E93)
    public static let black = Color(hex: 0x000000)
    public static let white = Color(hex: 0xFFFFFF)
    public static let clear = Color(hex: 0x000000, alpha: 0)
    /// Black in light mode, white in dark mode.
    public static let primary = Color(hex: 0x000000, darkHex: 0xFFFFFF)
    /// A grey for secondary content (60% of #3C3C43 light, #EBEBF5 dark).
    public static let secondary = Color(light: RGBA(r: 60 / 255, g: 60 / 255, b: 67 / 255, a: 0.6),
                                        dark: RGBA(r: 235 / 255, g: 235 / 255, b: 245 / 255, a: 0.6))
    /// The accent colour: as in an Xcode app, the colour named "AccentColor" (registered in
    /// NamedColors, or a colour set of an asset catalogue where images are found); else blue.
    /// Looked up once (`NamedColors.removeAll` and the `images` setting forget it).
    public static var accentColor: Color {
        if let c = appAccent.withLock({ $0 }) { return c }
        let c = NamedColors.color(named: "AccentColor")
            ?? AssetCatalog.color(named: "AccentColor", in: ImageCache.colorDirectories(bundle: nil)) ?? .blue
        appAccent.withLock { $0 = c }
        return c
    }
    static let appAccent = Locked<Color?>(nil)
}

extension Color: ShapeStyle, ResolvableStyle {
    func resolve(in rect: CGRect, environment: EnvironmentValues) -> DrawPaint {
        .solid(resolved(environment.colorScheme))
    }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var gray: Color { Color.gray }
    public static var black: Color { Color.black }
    public static var white: Color { Color.white }
    public static var clear: Color { Color.clear }
    public static var primary: Color { Color.primary }
    public static var secondary: Color { Color.secondary }
}

/// A Color used as a view fills the space offered (10 points where unspecified).
extension Color: View, PrimitiveView, StyleView {
    public typealias Body = Never
    public var body: Never { bodyNeverCalled("Color") }
}
