// Material: SwiftUI's translucent backgrounds (`.background(.ultraThinMaterial)`).
//
// iOS blurs what is behind a material (UIVisualEffectView, radius ≈ 30 pt) and tints it: light
// with a white-grey wash, dark with a near-black one, the thicker the more opaque. Kiosk's
// renderer blurs a view's own content (`.blur(radius:)`), not what lies behind a view, so a
// material is drawn as its tint alone: a translucent fill of the system colour the blur would
// average towards, a little more opaque than iOS's tint so that text behind it stays as muted as
// under a blur. Over a flat colour the result matches iOS closely; over a photo the photo's
// detail shows through sharp where iOS would smear it.
//
// Opacities (light / dark), from thinnest to thickest: 0.42/0.50, 0.62/0.68, 0.76/0.80,
// 0.88/0.90, 0.95/0.96; `.bar` is the tab and tool bars' fill (0.94).

/// A translucent background style.
///
/// ```swift
/// Text("Now playing").padding().background(.ultraThinMaterial, in: RoundedRectangle(cornerRadius: 12))
/// ```
public struct Material: ShapeStyle, Hashable, Sendable {
    let light: Double
    let dark: Double

    /// The thinnest: most of what is behind shows through.
    public static let ultraThin = Material(light: 0.42, dark: 0.50)
    /// Thinner than regular.
    public static let thin = Material(light: 0.62, dark: 0.68)
    /// The default material.
    public static let regular = Material(light: 0.76, dark: 0.80)
    /// Thicker than regular.
    public static let thick = Material(light: 0.88, dark: 0.90)
    /// The thickest: little shows through.
    public static let ultraThick = Material(light: 0.95, dark: 0.96)
    /// The material of bars (tab bar, toolbar).
    public static let bar = Material(light: 0.94, dark: 0.94)

    /// The colour this material is drawn as in `scheme`.
    func color(_ scheme: ColorScheme) -> Color {
        scheme == .dark ? Color(.sRGB, red: 0.11, green: 0.11, blue: 0.12, opacity: dark)
                        : Color(.sRGB, red: 0.976, green: 0.976, blue: 0.98, opacity: light)
    }
}

extension Material: ResolvableStyle {
    func resolve(in rect: CGRect, environment: EnvironmentValues) -> DrawPaint {
        color(environment.colorScheme).resolve(in: rect, environment: environment)
    }
}

extension ShapeStyle where Self == Material {
    /// `Material.ultraThin`.
    public static var ultraThinMaterial: Material { .ultraThin }
    /// `Material.thin`.
    public static var thinMaterial: Material { .thin }
    /// `Material.regular`.
    public static var regularMaterial: Material { .regular }
    /// `Material.thick`.
    public static var thickMaterial: Material { .thick }
    /// `Material.ultraThick`.
    public static var ultraThickMaterial: Material { .ultraThick }
    /// `Material.bar`.
    public static var bar: Material { Material(light: 0.94, dark: 0.94) }
}
