// AnyGradient: `Color.gradient` (iOS 16) and `AnyGradient(Gradient)`. As a shape style it draws a
// linear gradient from the top centre (0.5, 0) to the bottom centre (0.5, 1), as Apple documents.
//
// Apple does not document which colours `Color.gradient` derives. kiosk's choice (nothing was
// measured on a device): the colour mixed 20 % toward white at the top, the colour itself at the
// bottom, per colour scheme — the "subtle top-to-bottom" look, lighter above, never darker than
// the colour, so `.fill(.red.gradient)` still reads as red. Opacity is kept at both ends.

import Raster

/// A colour gradient; as a `ShapeStyle` it draws top to bottom.
///
/// ```swift
/// Circle().fill(.blue.gradient)
/// RoundedRectangle(cornerRadius: 12).fill(AnyGradient(Gradient(colors: [.pink, .orange])))
/// ```
public struct AnyGradient: ShapeStyle, ResolvableStyle, Hashable, Sendable {
    let gradient: Gradient

    /// Creates a gradient style from `gradient`.
    public init(_ gradient: Gradient) { self.gradient = gradient }

    var linear: LinearGradient { LinearGradient(gradient: gradient, startPoint: .top, endPoint: .bottom) }

    func resolve(in rect: CGRect, environment: EnvironmentValues) -> DrawPaint {
        linear.resolve(in: rect, environment: environment)
    }
}

extension AnyGradient: AnimatableShapeStyle {
    func animatableStyle(in environment: EnvironmentValues) -> AnimatableStyle { linear.animatableStyle(in: environment) }
}

extension Color {
    /// The share of white mixed into the top of `gradient`.
    static let gradientLightening = 0.2

    /// A standard gradient for this colour: lighter at the top, the colour itself at the bottom.
    public var gradient: AnyGradient {
        func lighter(_ c: RGBA) -> RGBA {
            let k = Color.gradientLightening
            return RGBA(r: c.r + (1 - c.r) * k, g: c.g + (1 - c.g) * k, b: c.b + (1 - c.b) * k, a: c.a)
        }
        let top = Color(light: lighter(light), dark: lighter(dark))
        return AnyGradient(Gradient(colors: [top, self]))
    }
}

extension Gradient {
    /// This gradient as a style drawn top to bottom (SwiftUI: the gradient in a colour space).
    public func colorSpace(_ space: ColorSpace) -> AnyGradient { AnyGradient(self) }

    /// How a gradient interpolates between its colours (kiosk: always in sRGB, premultiplied).
    public struct ColorSpace: Hashable, Sendable {
        let id: Int
        /// Interpolation in the device's colour space.
        public static let device = ColorSpace(id: 0)
        /// Interpolation in a perceptual colour space (kiosk: as `.device`).
        public static let perceptual = ColorSpace(id: 1)
    }
}

/// A `Gradient` is a shape style too (iOS 16): top to bottom, as `AnyGradient` draws it.
extension Gradient: ShapeStyle, ResolvableStyle {
    func resolve(in rect: CGRect, environment: EnvironmentValues) -> DrawPaint {
        AnyGradient(self).resolve(in: rect, environment: environment)
    }
}
