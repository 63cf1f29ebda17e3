// PaintAnimation: colours and fills animate. A view that paints (a shape's `.fill`/`.stroke`,
// `Color` and gradients as views, `Text`) resolves its style — its own or the environment's
// foreground style — to an `AnimatableStyle`; when that changes inside an animated transaction,
// the node's *paint animator* (an effect kind: nothing re-evaluates) interpolates it, and the
// view draws `node.paint { … }`, the presented paint, until it ends.
//
// - A colour animates as `Color.Resolved` data: linear sRGB and opacity, × 128 (SwiftUI's,
//   iOS 18+ linkage). Steady frames of a colour animation allocate nothing: the data is four
//   Floats and the paint a `.solid` colour.
// - A gradient animates its stops (location, linear colour) and its geometry (unit points × 128,
//   radii) when the old and new gradients are of the same kind with the same number of stops;
//   otherwise it jumps. Its paint is rebuilt per frame (stop arrays), so it allocates.
// - A colour ↔ gradient change, or a style kiosk cannot interpolate, jumps.

import Raster

/// A style resolved into what an animation can interpolate.
enum AnimatableStyle: Equatable {
    case color(Color.Resolved)
    case gradient(GradientPaintData)
    /// A style without animatable data (its changes jump).
    case fixed
}

/// A style that resolves to animatable data (Color, Color.Resolved, gradients, the foreground style).
protocol AnimatableShapeStyle {
    func animatableStyle(in environment: EnvironmentValues) -> AnimatableStyle
}

extension ShapeStyle {
    func resolveAnimatableStyle(in environment: EnvironmentValues) -> AnimatableStyle {
        (self as? AnimatableShapeStyle)?.animatableStyle(in: environment) ?? .fixed
    }
}

/// A view that draws with a resolved style: its paint animates (ViewKinds.paint).
protocol PaintedView {
    /// The style this view paints with in `environment`.
    func paintStyle(in environment: EnvironmentValues) -> AnimatableStyle
}

/// A built-in Animatable view that draws from its presented data (`node.presented(self)`), so its
/// data animates as an effect, without re-evaluation.
protocol PresentedDrawingView {}

extension Color: AnimatableShapeStyle, PaintedView {
    func animatableStyle(in environment: EnvironmentValues) -> AnimatableStyle { .color(resolve(in: environment)) }
    func paintStyle(in environment: EnvironmentValues) -> AnimatableStyle { .color(resolve(in: environment)) }
}

extension Color.Resolved: AnimatableShapeStyle {
    func animatableStyle(in environment: EnvironmentValues) -> AnimatableStyle { .color(self) }
}

extension ForegroundStyle: AnimatableShapeStyle {
    func animatableStyle(in environment: EnvironmentValues) -> AnimatableStyle {
        if let style = environment.foregroundStyle { return style.resolveAnimatableStyle(in: environment) }
        return .color(Color.primary.resolve(in: environment))
    }
}

extension AnyShapeStyle: AnimatableShapeStyle {
    func animatableStyle(in environment: EnvironmentValues) -> AnimatableStyle { style.resolveAnimatableStyle(in: environment) }
}

extension LinearGradient: AnimatableShapeStyle, PaintedView {
    func animatableStyle(in environment: EnvironmentValues) -> AnimatableStyle {
        .gradient(GradientPaintData(kind: .linear, stops: gradient.animatableData(in: environment),
                                    geometry: AnimatablePair(startPoint.scaledData, endPoint.scaledData)))
    }
    func paintStyle(in environment: EnvironmentValues) -> AnimatableStyle { animatableStyle(in: environment) }
}

extension RadialGradient: AnimatableShapeStyle, PaintedView {
    func animatableStyle(in environment: EnvironmentValues) -> AnimatableStyle {
        .gradient(GradientPaintData(kind: .radial, stops: gradient.animatableData(in: environment),
                                    geometry: AnimatablePair(center.scaledData, AnimatablePair(Double(startRadius), Double(endRadius)))))
    }
    func paintStyle(in environment: EnvironmentValues) -> AnimatableStyle { animatableStyle(in: environment) }
}

extension _ShapeView: PaintedView {
    func paintStyle(in environment: EnvironmentValues) -> AnimatableStyle { style.resolveAnimatableStyle(in: environment) }
}

extension Text: PaintedView {
    func paintStyle(in environment: EnvironmentValues) -> AnimatableStyle {
        if let color { return .color(color.resolve(in: environment)) }
        return ForegroundStyle().animatableStyle(in: environment)
    }
}

extension Image: PaintedView {
    /// Symbols draw in the foreground style (and animate with it); PNGs have no style.
    func paintStyle(in environment: EnvironmentValues) -> AnimatableStyle {
        symbolName != nil ? ForegroundStyle().animatableStyle(in: environment) : .fixed
    }
}

extension UnitPoint {
    /// (x, y) × 128, as SwiftUI animates unit points.
    var scaledData: AnimatablePair<Double, Double> {
        AnimatablePair(Double(x) * unitAnimationScale, Double(y) * unitAnimationScale)
    }
    init(scaledData d: AnimatablePair<Double, Double>) {
        self.init(x: d.first / unitAnimationScale, y: d.second / unitAnimationScale)
    }
}

/// A gradient's animatable data: its stops (location, linear colour × 128) and geometry —
/// linear: (start, end) unit points × 128; radial: (centre × 128, (startRadius, endRadius)).
/// `kind` is not a number: arithmetic keeps the left operand's, equality ignores it (the engine
/// animates only between gradients of one kind).
struct GradientPaintData: VectorArithmetic {
    enum Kind: Equatable { case linear, radial }
    typealias Stops = AnimatableArray<AnimatablePair<Double, Color.Resolved.AnimatableData>>
    typealias Geometry = AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>>
    var kind: Kind
    var stops: Stops
    var geometry: Geometry

    static var zero: GradientPaintData { GradientPaintData(kind: .linear, stops: .zero, geometry: .zero) }
    static func + (a: GradientPaintData, b: GradientPaintData) -> GradientPaintData {
        GradientPaintData(kind: a.kind, stops: a.stops + b.stops, geometry: a.geometry + b.geometry)
    }
    static func - (a: GradientPaintData, b: GradientPaintData) -> GradientPaintData {
        GradientPaintData(kind: a.kind, stops: a.stops - b.stops, geometry: a.geometry - b.geometry)
    }
    static func += (a: inout GradientPaintData, b: GradientPaintData) { a.stops += b.stops; a.geometry += b.geometry }
    static func -= (a: inout GradientPaintData, b: GradientPaintData) { a.stops -= b.stops; a.geometry -= b.geometry }
    mutating func scale(by rhs: Double) { stops.scale(by: rhs); geometry.scale(by: rhs) }
    var magnitudeSquared: Double { stops.magnitudeSquared + geometry.magnitudeSquared }
    static func == (a: GradientPaintData, b: GradientPaintData) -> Bool { a.stops == b.stops && a.geometry == b.geometry }

    /// The paint of this gradient over `rect` (as LinearGradient/RadialGradient resolve it).
    func paint(in rect: CGRect, environment: EnvironmentValues) -> DrawPaint {
        let gradient = Gradient(animatableData: stops)
        switch kind {
        case .linear:
            return LinearGradient(gradient: gradient, startPoint: UnitPoint(scaledData: geometry.first),
                                  endPoint: UnitPoint(scaledData: geometry.second)).resolve(in: rect, environment: environment)
        case .radial:
            return RadialGradient(gradient: gradient, center: UnitPoint(scaledData: geometry.first),
                                  startRadius: geometry.second.first, endRadius: geometry.second.second)
                .resolve(in: rect, environment: environment)
        }
    }
}

extension Node {
    /// The paint a painting view draws with: the presented one while its paint animates,
    /// otherwise `resolve()`'s (kept in `cachedPaint`).
    func paint(_ resolve: () -> DrawPaint) -> DrawPaint {
        if let a = paintAnimator {
            if let c = a as? ValueAnimator<Color.Resolved.AnimatableData> {
                var color = Color.Resolved(red: 0, green: 0, blue: 0, opacity: 0)
                color.animatableData = c.presented
                return .solid(color.rasterColor)
            }
            if let g = a as? ValueAnimator<GradientPaintData> { return g.presented.paint(in: frame, environment: environment) }
        }
        return cachedPaint(resolve)
    }
}

extension ViewGraph {
    /// A painting node's view or environment changed from (`oldView`, `oldEnvironment`): if its
    /// resolved style changed in an animated transaction (or while its paint animates), animate
    /// the paint; a change that cannot be interpolated jumps (and ends a running paint animation).
    func paintMayChange(_ node: Node, from oldView: any View, in oldEnvironment: EnvironmentValues) {
        let running = node.paintAnimator
        // Cheap exit for the common case: nothing animates, so the paint just changes.
        guard transaction.effectiveAnimation != nil || running != nil else { return }
        guard let new = (node.view as? any PaintedView)?.paintStyle(in: node.environment) else { return }
        let old = (oldView as? any PaintedView)?.paintStyle(in: oldEnvironment) ?? new
        let view = node.view
        switch (old, new) {
        case (.color(let a), .color(let b)):
            if running != nil, !(running is ValueAnimator<Color.Resolved.AnimatableData>) { cancelPaintAnimation(of: node) }
            animateChange(node, view: view, from: a.animatableData, to: b.animatableData, kind: .effect, slot: \.paintAnimator) { _, _ in }
        case (.gradient(let a), .gradient(let b)) where a.kind == b.kind && a.stops.elements.count == b.stops.elements.count:
            if let g = running as? ValueAnimator<GradientPaintData> {
                if g.model.kind != b.kind || g.model.stops.elements.count != b.stops.elements.count { cancelPaintAnimation(of: node) }
            } else if running != nil {
                cancelPaintAnimation(of: node)
            }
            animateChange(node, view: view, from: a, to: b, kind: .effect, slot: \.paintAnimator) { _, _ in }
        default:
            if old != new { cancelPaintAnimation(of: node) }
        }
    }

    /// Ends a node's paint animation where it is: the model paint shows from the next frame.
    func cancelPaintAnimation(of node: Node) {
        guard let running = node.paintAnimator else { return }
        running.cancel()
        node.paintAnimator = nil
        animators.removeAll { $0 === running }
        needsRender = true
    }
}
