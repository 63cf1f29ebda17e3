// Gradient, LinearGradient, RadialGradient: styles and views, as in SwiftUI. Unit points are
// resolved against the rectangle being filled.

import Raster

/// Colour stops for a gradient.
public struct Gradient: Hashable, Sendable {
    /// One colour at a location in 0…1.
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) { self.color = color; self.location = location }
    }
    public var stops: [Stop]
    public init(stops: [Stop]) { self.stops = stops }
    /// Colours spread evenly from 0 to 1.
    public init(colors: [Color]) {
        let n = colors.count
        stops = colors.enumerated().map { Stop(color: $1, location: n > 1 ? CGFloat($0) / CGFloat(n - 1) : 0) }
    }

    func rasterStops(_ scheme: ColorScheme, map: (Double) -> Double = { $0 }) -> [GradientStop] {
        if stops.isEmpty { return [GradientStop(0, .clear), GradientStop(1, .clear)] }
        return stops.map { GradientStop(map(Double($0.location)), $0.color.resolved(scheme)) }
    }
}

/// A linear gradient between two unit points of the filled rectangle.
///
/// ```swift
/// LinearGradient(colors: [.blue, .green], startPoint: .topLeading, endPoint: .bottomTrailing)
/// ```
public struct LinearGradient: ShapeStyle, ResolvableStyle {
    var gradient: Gradient
    var startPoint: UnitPoint
    var endPoint: UnitPoint
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient; self.startPoint = startPoint; self.endPoint = endPoint
    }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
    func resolve(in rect: CGRect, environment: EnvironmentValues) -> DrawPaint {
        .linear(Raster.LinearGradient(start: Raster.Point(startPoint.point(in: rect)), end: Raster.Point(endPoint.point(in: rect)),
                                      stops: gradient.rasterStops(environment.colorScheme)))
    }
}

/// A radial gradient from `startRadius` to `endRadius` around a unit point.
///
/// ```swift
/// RadialGradient(colors: [.white, .blue], center: .center, startRadius: 0, endRadius: 100)
/// ```
public struct RadialGradient: ShapeStyle, ResolvableStyle {
    var gradient: Gradient
    var center: UnitPoint
    var startRadius: CGFloat
    var endRadius: CGFloat
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.gradient = gradient; self.center = center; self.startRadius = startRadius; self.endRadius = endRadius
    }
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }
    func resolve(in rect: CGRect, environment: EnvironmentValues) -> DrawPaint {
        let r1 = max(0, endRadius.isFinite ? Double(endRadius) : 0)
        let r0 = min(r1, max(0, startRadius.isFinite ? Double(startRadius) : 0))
        // Raster's radial gradient starts at the centre: remap stops into r0…r1.
        let map: (Double) -> Double = r1 > 0 ? { (r0 + $0 * (r1 - r0)) / r1 } : { $0 }
        return .radial(Raster.RadialGradient(center: Raster.Point(center.point(in: rect)), radius: max(r1, 1e-6),
                                             stops: gradient.rasterStops(environment.colorScheme, map: map)))
    }
}

/// Gradients used as views fill the space offered, like Color.
extension LinearGradient: View, PrimitiveView, StyleView {
    public var body: Never { bodyNeverCalled("LinearGradient") }
}

extension RadialGradient: View, PrimitiveView, StyleView {
    public var body: Never { bodyNeverCalled("RadialGradient") }
}

/// A radial gradient stretched to the filled rectangle: its centre and radii are fractions of the
/// rectangle (a unit square scaled to it), so on a wide rectangle its rings are ellipses — a radial
/// gradient under a scale (Raster's `RadialGradient` with `radiusY`). The radii are fractions of
/// the width (x) and of the height (y); the defaults reach the middle of each edge.
///
/// ```swift
/// Text("Thinking").foregroundStyle(EllipticalGradient(colors: [.blue, .indigo]))
/// ```
public struct EllipticalGradient: ShapeStyle, ResolvableStyle {
    var gradient: Gradient
    var center: UnitPoint
    var startRadiusFraction: CGFloat
    var endRadiusFraction: CGFloat
    public init(gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.gradient = gradient; self.center = center
        self.startRadiusFraction = startRadiusFraction; self.endRadiusFraction = endRadiusFraction
    }
    public init(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    func resolve(in rect: CGRect, environment: EnvironmentValues) -> DrawPaint {
        // Fractions as RadialGradient's radii in the unit square: t = 0 at the start fraction.
        let f1 = max(0, endRadiusFraction.isFinite ? Double(endRadiusFraction) : 0)
        let f0 = min(f1, max(0, startRadiusFraction.isFinite ? Double(startRadiusFraction) : 0))
        let map: (Double) -> Double = f1 > 0 ? { (f0 + $0 * (f1 - f0)) / f1 } : { $0 }
        let w = max(Double(rect.width), 1e-6), h = max(Double(rect.height), 1e-6)
        return .radial(Raster.RadialGradient(center: Raster.Point(center.point(in: rect)), radius: max(f1 * w, 1e-6),
                                             radiusY: max(f1 * h, 1e-6),
                                             stops: gradient.rasterStops(environment.colorScheme, map: map)))
    }
}

extension EllipticalGradient: View, PrimitiveView, StyleView {
    public var body: Never { bodyNeverCalled("EllipticalGradient") }
}

extension ShapeStyle where Self == EllipticalGradient {
    /// `EllipticalGradient(gradient:center:startRadiusFraction:endRadiusFraction:)`.
    public static func ellipticalGradient(_ gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(gradient: gradient, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    /// `EllipticalGradient(colors:center:startRadiusFraction:endRadiusFraction:)`.
    public static func ellipticalGradient(colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(colors: colors, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
    /// `EllipticalGradient(stops:center:startRadiusFraction:endRadiusFraction:)`.
    public static func ellipticalGradient(stops: [Gradient.Stop], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0,
                                          endRadiusFraction: CGFloat = 0.5) -> EllipticalGradient {
        EllipticalGradient(stops: stops, center: center, startRadiusFraction: startRadiusFraction, endRadiusFraction: endRadiusFraction)
    }
}
