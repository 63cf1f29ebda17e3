// Color.Resolved: a colour resolved for one environment (light or dark), stored as linear-sRGB
// components, and animatable as SwiftUI's is (notes §8, iOS 18+ linkage): the animatable data is
// (linearRed, (linearGreen, (linearBlue, opacity))) × 128 as Floats, so colours cross-fade in
// linear light and spring end thresholds see a colour change like a 128-point move.

import Raster
#if canImport(Glibc)
import Glibc
#endif

extension Color {
    /// A concrete colour: red, green, blue and opacity in the sRGB colour space.
    ///
    /// ```swift
    /// let resolved = Color.blue.resolve(in: environment)
    /// resolved.red   // 0.0
    /// ```
    public struct Resolved: Hashable, Sendable, CustomStringConvertible {
        /// The linear (light-proportional) components; `red` etc. are the sRGB-encoded ones.
        public var linearRed: Float
        public var linearGreen: Float
        public var linearBlue: Float
        public var opacity: Float

        /// A resolved colour from sRGB-encoded components (values outside 0…1 are extended
        /// sRGB). NaN components are 0.
        public init(colorSpace: RGBColorSpace = .sRGB, red: Float, green: Float, blue: Float, opacity: Float = 1) {
            func f(_ v: Float) -> Float { v.isNaN ? 0 : v }
            if colorSpace == .sRGBLinear {
                linearRed = f(red); linearGreen = f(green); linearBlue = f(blue)
            } else {
                linearRed = Self.linear(f(red)); linearGreen = Self.linear(f(green)); linearBlue = Self.linear(f(blue))
            }
            self.opacity = f(opacity)
        }

        /// The sRGB-encoded red component.
        public var red: Float { get { Self.encoded(linearRed) } set { linearRed = Self.linear(newValue) } }
        public var green: Float { get { Self.encoded(linearGreen) } set { linearGreen = Self.linear(newValue) } }
        public var blue: Float { get { Self.encoded(linearBlue) } set { linearBlue = Self.linear(newValue) } }

        public var description: String { "Color.Resolved(red: \(red), green: \(green), blue: \(blue), opacity: \(opacity))" }

        /// The sRGB transfer function (extended to negative values by symmetry).
        static func linear(_ c: Float) -> Float {
            let a = abs(c)
            let l = a <= 0.04045 ? a / 12.92 : powf((a + 0.055) / 1.055, 2.4)
            return c < 0 ? -l : l
        }
        static func encoded(_ l: Float) -> Float {
            let a = abs(l)
            let c = a <= 0.0031308 ? a * 12.92 : 1.055 * powf(a, 1 / 2.4) - 0.055
            return l < 0 ? -c : c
        }

        var rasterColor: Raster.Color {
            func u(_ v: Float) -> Double { min(1, max(0, Double(v))) }
            return Raster.Color(u(red), u(green), u(blue), u(opacity))
        }
    }

    /// This colour as it appears in `environment` (its light or dark value).
    public func resolve(in environment: EnvironmentValues) -> Resolved {
        let c = environment.colorScheme == .dark ? dark : light
        return Resolved(red: Float(c.r), green: Float(c.g), blue: Float(c.b), opacity: Float(c.a))
    }

    /// A colour that is `resolved` in every environment.
    public init(_ resolved: Resolved) {
        let rgba = RGBA(r: Double(resolved.red), g: Double(resolved.green), b: Double(resolved.blue), a: Double(resolved.opacity))
        self.init(light: rgba, dark: rgba)
    }
}

extension Color.Resolved: Animatable {
    /// (linearRed, (linearGreen, (linearBlue, opacity))) × 128.
    public var animatableData: AnimatablePair<Float, AnimatablePair<Float, AnimatablePair<Float, Float>>> {
        get { AnimatablePair(linearRed * 128, AnimatablePair(linearGreen * 128, AnimatablePair(linearBlue * 128, opacity * 128))) }
        set {
            linearRed = newValue.first / 128; linearGreen = newValue.second.first / 128
            linearBlue = newValue.second.second.first / 128; opacity = newValue.second.second.second / 128
        }
    }
}

extension Color.Resolved: ShapeStyle, ResolvableStyle {
    func resolve(in rect: CGRect, environment: EnvironmentValues) -> DrawPaint { .solid(rasterColor) }
}
