// ShapeStyle: what fills a shape or text: a Color, a gradient, or the foreground style.

import Raster

/// A colour or pattern used to fill shapes and text.
public protocol ShapeStyle {}

/// Internal: turns a style into a paint for a rectangle, given the environment.
protocol ResolvableStyle {
    func resolve(in rect: CGRect, environment: EnvironmentValues) -> DrawPaint
}

extension ShapeStyle {
    func resolvePaint(in rect: CGRect, environment: EnvironmentValues) -> DrawPaint {
        // The metatype is cast, not the value: `self as? ResolvableStyle` boxed a value larger
        // than an existential's inline buffer (a `Color`), one allocation per changed shape a
        // frame (LVGL scene 10). `Self` is the type found, so the value is read as it.
        if let type = Self.self as? any ResolvableStyle.Type { return resolve(as: type, in: rect, environment: environment) }
        Diagnostics.warn("\(type(of: self)) is not a style kiosk can draw; using the foreground colour")
        return ForegroundStyle().resolve(in: rect, environment: environment)
    }

    private func resolve<T: ResolvableStyle>(as type: T.Type, in rect: CGRect, environment: EnvironmentValues) -> DrawPaint {
        withUnsafePointer(to: self) { p in
            p.withMemoryRebound(to: T.self, capacity: 1) { $0.pointee.resolve(in: rect, environment: environment) }
        }
    }
}

/// The current foreground style (`.foregroundStyle`/`.foregroundColor`; primary by default).
public struct ForegroundStyle: ShapeStyle, ResolvableStyle {
    public init() {}
    func resolve(in rect: CGRect, environment: EnvironmentValues) -> DrawPaint {
        if let style = environment.foregroundStyle { return style.resolvePaint(in: rect, environment: environment) }
        return Color.primary.resolve(in: rect, environment: environment)
    }
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The foreground style of the environment.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

/// A type-erased style.
public struct AnyShapeStyle: ShapeStyle, ResolvableStyle {
    let style: any ShapeStyle
    public init<S: ShapeStyle>(_ style: S) { self.style = style }
    func resolve(in rect: CGRect, environment: EnvironmentValues) -> DrawPaint {
        style.resolvePaint(in: rect, environment: environment)
    }
}

/// A style used as a view (Color, gradients): fills the space offered, 10 points where
/// unspecified, as SwiftUI.
protocol StyleView: LayoutBehavior, ResolvableStyle {}

extension StyleView {
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }
    func render(node: Node, pass: RenderPass) {
        // The fill is also the hit shape (what emit would build from the same bounds).
        let path = FrameRectPath.path(for: node)
        let paint = node.paint { resolve(in: node.frame, environment: node.environment) }
        pass.emit(.fill(path, paint, .nonZero),
                  owner: node, index: 0, localBounds: node.frame, hitShape: path)
    }
}

/// A style view's frame as a path, kept on the node while the frame stays (two path arrays per
/// colour or gradient per frame otherwise).
final class FrameRectPath {
    let frame: CGRect
    let path: Raster.Path
    init(frame: CGRect, path: Raster.Path) { self.frame = frame; self.path = path }

    static func path(for node: Node) -> Raster.Path {
        if let cache = node.renderCache as? FrameRectPath, cache.frame == node.frame { return cache.path }
        let path = Raster.Path.rect(Raster.Rect(node.frame))
        node.renderCache = FrameRectPath(frame: node.frame, path: path)
        return path
    }
}

struct ForegroundStyleKey: EnvironmentKey { static let defaultValue: AnyShapeStyle? = nil }

extension EnvironmentValues {
    var foregroundStyle: AnyShapeStyle? {
        get { self[ForegroundStyleKey.self] } set { self[ForegroundStyleKey.self] = newValue }
    }
}

struct _ForegroundStyleModifier: EnvironmentModifier {
    let style: AnyShapeStyle?
    func transform(_ environment: inout EnvironmentValues) { environment.foregroundStyle = style }
}

extension View {
    /// Sets the colour of text and unstyled shapes inside this view.
    public func foregroundColor(_ color: Color?) -> some View {
        modifier(_ForegroundStyleModifier(style: color.map(AnyShapeStyle.init)))
    }
    /// Sets the style of text and unstyled shapes inside this view.
    ///
    /// ```swift
    /// Text("Hi").foregroundStyle(.red)
    /// ```
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        modifier(_ForegroundStyleModifier(style: AnyShapeStyle(style)))
    }
}
