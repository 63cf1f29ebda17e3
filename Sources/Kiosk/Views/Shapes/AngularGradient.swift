// AngularGradient: SwiftUI's conic gradient (progress rings, spinners: 5 of 42 public animation
// programs in the corpus drew one), drawn by Raster's `ConicGradient`. Also the static
// shorthands `.linearGradient(…)`, `.radialGradient(…)`, `.angularGradient(…)` and
// `.conicGradient(…)` that `foregroundStyle`/`fill` take.

import Raster

/// A gradient that sweeps its colours around a centre: angle 0 points to the trailing edge and
/// angles grow clockwise. From `startAngle` to `endAngle` the colours go from the first stop to
/// the last; a sweep longer than a turn shows its last turn, and the gap of a shorter one is
/// filled half with the last colour and half with the first, as SwiftUI documents. Equal angles
/// sweep a whole turn.
///
/// ```swift
/// Circle().trim(from: 0, to: 0.8)
///     .stroke(AngularGradient(colors: [.blue, .purple], center: .center), lineWidth: 12)
/// ```
public struct AngularGradient: ShapeStyle, ResolvableStyle {
    var gradient: Gradient
    var center: UnitPoint
    var startAngle: Angle
    var endAngle: Angle

    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.gradient = gradient; self.center = center; self.startAngle = startAngle; self.endAngle = endAngle
    }
    public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
        self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A whole turn starting at `angle` (a conic gradient).
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
    }
    public init(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: Gradient(stops: stops), center: center, angle: angle)
    }

    func resolve(in rect: CGRect, environment: EnvironmentValues) -> DrawPaint {
        let a0 = startAngle.radians
        let a1 = endAngle.radians == a0 ? a0 + 2 * Double.pi : endAngle.radians
        return .conic(Raster.ConicGradient(center: Raster.Point(center.point(in: rect)), startAngle: a0, endAngle: a1,
                                           stops: gradient.rasterStops(environment.colorScheme)))
    }
}

/// Used as a view it fills the space offered, like Color.
extension AngularGradient: View, PrimitiveView, StyleView {
    public var body: Never { bodyNeverCalled("AngularGradient") }
}

extension ShapeStyle where Self == AngularGradient {
    /// `AngularGradient(gradient:center:startAngle:endAngle:)`.
    public static func angularGradient(_ gradient: Gradient, center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// `AngularGradient(colors:center:startAngle:endAngle:)`.
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// `AngularGradient(stops:center:startAngle:endAngle:)`.
    public static func angularGradient(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(stops: stops, center: center, startAngle: startAngle, endAngle: endAngle)
    }
    /// A whole turn from `angle`.
    public static func conicGradient(_ gradient: Gradient, center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(gradient: gradient, center: center, angle: angle)
    }
    /// A whole turn of `colors` from `angle`.
    public static func conicGradient(colors: [Color], center: UnitPoint, angle: Angle = .zero) -> AngularGradient {
        AngularGradient(colors: colors, center: center, angle: angle)
    }
}

extension ShapeStyle where Self == LinearGradient {
    /// `LinearGradient(gradient:startPoint:endPoint:)`.
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }
    /// `LinearGradient(colors:startPoint:endPoint:)`.
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
    /// `LinearGradient(stops:startPoint:endPoint:)`.
    public static func linearGradient(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(stops: stops, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    /// `RadialGradient(gradient:center:startRadius:endRadius:)`.
    public static func radialGradient(_ gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(gradient: gradient, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// `RadialGradient(colors:center:startRadius:endRadius:)`.
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
    /// `RadialGradient(stops:center:startRadius:endRadius:)`.
    public static func radialGradient(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(stops: stops, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension _ShapeView where Style == ForegroundStyle {
    /// `Circle().stroke(style: dashes).fill(.secondary)`: `stroke(style:)` and `stroke(lineWidth:)`
    /// without a style are a stroked *shape* in SwiftUI, so `fill` paints the stroke itself with
    /// `content` (3 of 42 public animation programs in the corpus draw their rings this way).
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> _ShapeView<Content, S> {
        switch mode {
        case .stroke(let stroke): return _ShapeView<Content, S>(shape: shape, style: content, mode: .stroke(stroke))
        case .fill: return _ShapeView<Content, S>(shape: shape, style: content, mode: .fill(style))
        }
    }
}

extension _ShapeView {
    /// iOS 17's fill after a stroke with a style (`Circle().stroke(.black, lineWidth: 4).fill(.green)`,
    /// SwiftUI's `StrokeShapeView.fill`): the shape filled with `content`, drawn beneath the stroke.
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> some View {
        ZStack { shape.fill(content, style: style); self }
    }
}
