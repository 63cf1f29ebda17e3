// Shape: a view described by a path in its frame. Filled with the foreground style unless
// `.fill`, `.stroke` or `.strokeBorder` says otherwise. Shapes take the space offered.

import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A 2-D shape drawn from `path(in:)`. Shapes are `Animatable`: a shape with `animatableData`
/// is redrawn from the interpolated data on every frame of an animation.
///
/// ```swift
/// struct Triangle: Shape {
///     func path(in rect: CGRect) -> Path {
///         Path { p in
///             p.move(to: CGPoint(x: rect.midX, y: rect.minY))
///             p.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
///             p.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
///             p.closeSubpath()
///         }
///     }
/// }
/// ```
public protocol Shape: Animatable, View {
    func path(in rect: CGRect) -> Path
}

/// A shape that can be inset, so `strokeBorder` keeps its stroke inside the frame.
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    func inset(by amount: CGFloat) -> InsetShape
}

extension Shape {
    public var body: _ShapeView<Self, ForegroundStyle> { _ShapeView(shape: self, style: ForegroundStyle(), mode: .fill(FillStyle())) }

    /// Fills the shape with a style.
    ///
    /// ```swift
    /// RoundedRectangle(cornerRadius: 30).fill(.blue)
    /// ```
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> _ShapeView<Self, S> {
        _ShapeView(shape: self, style: content, mode: .fill(style))
    }
    /// Fills the shape with the foreground style.
    public func fill(style: FillStyle = FillStyle()) -> _ShapeView<Self, ForegroundStyle> {
        _ShapeView(shape: self, style: ForegroundStyle(), mode: .fill(style))
    }
    /// Strokes the outline, centred on it.
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _ShapeView<Self, S> {
        _ShapeView(shape: self, style: content, mode: .stroke(style))
    }
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ShapeView<Self, S> {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }
    public func stroke(style: StrokeStyle) -> _ShapeView<Self, ForegroundStyle> { stroke(ForegroundStyle(), style: style) }
    public func stroke(lineWidth: CGFloat = 1) -> _ShapeView<Self, ForegroundStyle> { stroke(ForegroundStyle(), lineWidth: lineWidth) }
}

extension InsettableShape {
    /// Strokes the outline inside the frame (inset by half the line width).
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _ShapeView<InsetShape, S> {
        _ShapeView(shape: inset(by: style.lineWidth / 2), style: content, mode: .stroke(style))
    }
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ShapeView<InsetShape, S> {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth))
    }
    public func strokeBorder(lineWidth: CGFloat = 1) -> _ShapeView<InsetShape, ForegroundStyle> {
        strokeBorder(ForegroundStyle(), lineWidth: lineWidth)
    }
    /// Strokes the outline inside the frame with `style` in the foreground style (SwiftUI's
    /// `strokeBorder(_:style:)` with its `.foreground` default).
    public func strokeBorder(style: StrokeStyle) -> _ShapeView<InsetShape, ForegroundStyle> {
        strokeBorder(ForegroundStyle(), style: style)
    }
}

/// How a path is filled.
public struct FillStyle: Hashable, Sendable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) { isEOFilled = eoFill; isAntialiased = antialiased }
}

/// Line ends.
public enum CGLineCap: Int32, Hashable, Sendable { case butt, round, square }
/// Line corners.
public enum CGLineJoin: Int32, Hashable, Sendable { case miter, round, bevel }

/// How a path is stroked.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: CGFloat
    public var dash: [CGFloat]
    public var dashPhase: CGFloat
    public init(lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter,
                miterLimit: CGFloat = 10, dash: [CGFloat] = [], dashPhase: CGFloat = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.miterLimit = miterLimit; self.dash = dash; self.dashPhase = dashPhase
    }
    var parameters: StrokeParameters {
        StrokeParameters(lineWidth: lineWidth.isFinite ? max(0, Double(lineWidth)) : 0, lineCap: lineCap, lineJoin: lineJoin,
                         miterLimit: Double(miterLimit), dash: dash, dashPhase: Double(dashPhase))
    }
}

/// A shape drawn with a style: what `.fill` and `.stroke` return. Its shape's data and its
/// stroke style animate (drawn from the presented copy, nothing re-evaluates), and so does its
/// paint (Animation/PaintAnimation.swift).
public struct _ShapeView<Content: Shape, Style: ShapeStyle>: View, PrimitiveView, LayoutBehavior, Animatable, PresentedDrawingView {
    enum Mode { case fill(FillStyle), stroke(StrokeStyle) }
    public var shape: Content
    public var style: Style
    var mode: Mode
    public var body: Never { bodyNeverCalled("_ShapeView") }

    /// (the shape's data, the stroke's (lineWidth, (miterLimit, dashPhase))); a fill's stroke
    /// part is zero.
    public var animatableData: AnimatablePair<Content.AnimatableData, StrokeStyle.AnimatableData> {
        get {
            if case .stroke(let s) = mode { return AnimatablePair(shape.animatableData, s.animatableData) }
            return AnimatablePair(shape.animatableData, .zero)
        }
        set {
            shape.animatableData = newValue.first
            if case .stroke(var s) = mode { s.animatableData = newValue.second; mode = .stroke(s) }
        }
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    /// The outline in layout coordinates.
    func outline(in frame: CGRect) -> Raster.Path {
        var local = shape.path(in: CGRect(origin: .zero, size: frame.size)).storage
        // In place: the shape's fresh path is not shared, so no second element array.
        if frame.origin != .zero { local.transform(by: .translation(Double(frame.minX), Double(frame.minY))) }
        return local
    }

    func render(node: Node, pass: RenderPass) {
        if node.valueAnimator != nil { node.presented(self).draw(node: node, pass: pass) } else { draw(node: node, pass: pass) }
    }

    private func draw(node: Node, pass: RenderPass) {
        let (path, pathBounds) = cachedOutline(node: node)
        let paint = node.paint { style.resolvePaint(in: node.frame, environment: node.environment) }
        switch mode {
        case .fill(let fill):
            pass.emit(.fill(path, paint, fill.isEOFilled ? .evenOdd : .nonZero), owner: node, index: 0,
                      localBounds: pathBounds, hitShape: path)
        case .stroke(let stroke):
            let p = stroke.parameters
            let grow = p.lineWidth / 2 * Self.joinReach(path, p) + 1
            let bounds = path.isEmpty ? CGRect.zero : pathBounds.insetBy(dx: -grow, dy: -grow)
            pass.emit(.stroke(path, paint, p), owner: node, index: 0, localBounds: bounds, hitShape: path)
        }
    }

    /// How far past half the line width a join of `path`'s stroke reaches, in half widths: the
    /// miter limit for miters, except where the outline's joins turn at most 90° (a rectangle
    /// or rounded rectangle: √2). `LVGLCard`'s 2-px border was bounded 11 px out, so a moved
    /// card damaged 292 × (143 + its move) px for its 270 × 120 (`lvgl-11` at 1080p: 14 % of
    /// the screen against LVGL's 11.5 %).
    static func joinReach(_ path: Raster.Path, _ p: StrokeParameters) -> Double {
        guard p.lineJoin == .miter else { return 1 }
        let limit = max(1, p.miterLimit)
        if let reach = path.miterReach { return min(limit, reach) }
        return limit
    }

    /// The outline and its exact bounds, kept on the node while the shape value (compared
    /// bitwise; only plain-data shapes, whose path depends on nothing else) and the frame stay
    /// the same: building and flattening a rounded rectangle's path cost 14 allocations a frame
    /// on the `views` scene even when only the colour changed.
    private func cachedOutline(node: Node) -> (Raster.Path, CGRect) {
        let frame = node.frame
        if _isPOD(Content.self), let cache = node.renderCache as? ShapeOutlineCache<Content>, cache.frame == frame,
           ShapeOutlineCache.sameBytes(cache.shape, shape) {
            return (cache.path, cache.bounds)
        }
        let path = outline(in: frame)
        let bounds = path.isEmpty ? CGRect.zero : CGRect(path.bounds)
        if _isPOD(Content.self) {
            if let cache = node.renderCache as? ShapeOutlineCache<Content> {
                cache.shape = shape; cache.frame = frame; cache.path = path; cache.bounds = bounds
            } else {
                node.renderCache = ShapeOutlineCache(shape: shape, frame: frame, path: path, bounds: bounds)
            }
        }
        return (path, bounds)
    }
}

/// A shape node's last outline (see `_ShapeView.cachedOutline`).
final class ShapeOutlineCache<S: Shape> {
    var shape: S
    var frame: CGRect
    var path: Raster.Path
    var bounds: CGRect
    init(shape: S, frame: CGRect, path: Raster.Path, bounds: CGRect) {
        self.shape = shape; self.frame = frame; self.path = path; self.bounds = bounds
    }

    /// Bitwise equality of two plain-data values (no references inside, so bytes decide).
    static func sameBytes(_ a: S, _ b: S) -> Bool {
        withUnsafeBytes(of: a) { pa in withUnsafeBytes(of: b) { pb in
            pa.count == pb.count && (pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0)
        } }
    }
}

/// A rectangle filling its frame.
public struct Rectangle: InsettableShape {
    var insetAmount: CGFloat = 0
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    public func inset(by amount: CGFloat) -> Rectangle { var r = self; r.insetAmount += amount; return r }
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: InsettableShape {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius); self.style = style
    }
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) { self.cornerSize = cornerSize; self.style = style }
    public func path(in rect: CGRect) -> Path {
        let r = rect.insetBy(dx: insetAmount, dy: insetAmount)
        let radius = max(0, min(cornerSize.width, cornerSize.height) - insetAmount)
        return Path(roundedRect: r, cornerRadius: radius, style: style)
    }
    public func inset(by amount: CGFloat) -> RoundedRectangle { var r = self; r.insetAmount += amount; return r }
}

/// A circle centred in its frame, with the diameter of the frame's shorter side.
public struct Circle: InsettableShape {
    var insetAmount: CGFloat = 0
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let d = min(rect.width, rect.height)
        let square = CGRect(x: rect.midX - d / 2, y: rect.midY - d / 2, width: d, height: d)
        return Path(ellipseIn: square.insetBy(dx: insetAmount, dy: insetAmount))
    }
    public func inset(by amount: CGFloat) -> Circle { var c = self; c.insetAmount += amount; return c }
}

/// An ellipse filling its frame.
public struct Ellipse: InsettableShape {
    var insetAmount: CGFloat = 0
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    public func inset(by amount: CGFloat) -> Ellipse { var e = self; e.insetAmount += amount; return e }
}

/// A rectangle whose corner radius is half its shorter side.
public struct Capsule: InsettableShape {
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0
    public init(style: RoundedCornerStyle = .continuous) { self.style = style }
    public func path(in rect: CGRect) -> Path {
        let r = rect.insetBy(dx: insetAmount, dy: insetAmount)
        var p = Path()
        p.storage.addCapsule(in: Raster.Rect(r))
        return p
    }
    public func inset(by amount: CGFloat) -> Capsule { var c = self; c.insetAmount += amount; return c }
}
