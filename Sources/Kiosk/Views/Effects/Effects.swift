// Render effects: modifiers that change how the content is drawn (and hit-tested), not its
// layout: opacity, offset, rotation, scale, clipping, zIndex, hidden.
// Their parameters are plain numbers so that animation can interpolate them.

import Raster

/// A modifier that keeps its content's layout and changes only drawing.
protocol RenderEffect: BuiltinModifier, PassThroughLayout {
    func apply(node: Node, pass: RenderPass)
}

extension RenderEffect {
    func render(node: Node, pass: RenderPass) {
        pass.withSavedState {
            apply(node: node, pass: pass)
            pass.renderChildren(of: node)
        }
    }
}

/// Fades the content as one group: where its children overlap, only the front one shows
/// through (CALayer group opacity). A single drawn item is faded directly, without a layer.
public struct _OpacityEffect: BuiltinModifier, PassThroughLayout, Animatable {
    var opacity: Double
    public var animatableData: Double { get { opacity } set { opacity = newValue } }
    func render(node: Node, pass: RenderPass) {
        let opacity = node.presented(self).opacity
        let o = opacity.isFinite ? min(1, max(0, opacity)) : 1
        if o == 0 {
            // Nothing to see and, as in SwiftUI, nothing to tap (contentShape regions excepted).
            pass.withSavedState { pass.opacity = 0; pass.renderChildren(of: node) }
            return
        }
        let start = pass.items.count
        pass.withSavedState { pass.renderChildren(of: node) }
        let count = pass.items.count - start
        if o == 1 || count == 0 { return }
        if count == 1 || !RenderPass.overlap(pass.items[start...]) {
            pass.fadeItems(from: start, by: o)
        } else {
            let group = pass.takeItems(from: start)
            pass.insertGroup(.opacity(o), items: group, at: start, owner: node)
        }
    }
}

public struct _OffsetEffect: RenderEffect, Animatable {
    var offset: CGSize
    public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(Double(offset.width), Double(offset.height)) }
        set { offset = CGSize(width: newValue.first, height: newValue.second) }
    }
    func apply(node: Node, pass: RenderPass) {
        let offset = node.presented(self).offset
        guard offset.width.isFinite, offset.height.isFinite else { return }
        pass.transform = Affine.translation(Double(offset.width), Double(offset.height)).concatenating(pass.transform)
    }
}

/// Angles and unit points animate ×128 (as in SwiftUI): springs end on absolute velocity
/// thresholds, which would stop a small rotation early in radians.
let unitAnimationScale = 128.0

public struct _RotationEffect: RenderEffect, Animatable {
    var angle: Angle
    var anchor: UnitPoint
    public var animatableData: AnimatablePair<Double, AnimatablePair<Double, Double>> {
        get { AnimatablePair(angle.radians * unitAnimationScale, AnimatablePair(Double(anchor.x) * unitAnimationScale, Double(anchor.y) * unitAnimationScale)) }
        set {
            angle = .radians(newValue.first / unitAnimationScale)
            anchor = UnitPoint(x: newValue.second.first / unitAnimationScale, y: newValue.second.second / unitAnimationScale)
        }
    }
    func apply(node: Node, pass: RenderPass) {
        let e = node.presented(self)
        let angle = e.angle, anchor = e.anchor
        guard angle.radians.isFinite else { return }
        let p = anchor.point(in: node.frame)
        pass.transform = Affine.rotation(angle.radians, about: Raster.Point(p)).concatenating(pass.transform)
    }
}

public struct _ScaleEffect: RenderEffect, Animatable {
    var scale: CGSize
    var anchor: UnitPoint
    public var animatableData: AnimatablePair<AnimatablePair<Double, Double>, AnimatablePair<Double, Double>> {
        get {
            AnimatablePair(AnimatablePair(Double(scale.width), Double(scale.height)),
                           AnimatablePair(Double(anchor.x) * unitAnimationScale, Double(anchor.y) * unitAnimationScale))
        }
        set {
            scale = CGSize(width: newValue.first.first, height: newValue.first.second)
            anchor = UnitPoint(x: newValue.second.first / unitAnimationScale, y: newValue.second.second / unitAnimationScale)
        }
    }
    func apply(node: Node, pass: RenderPass) {
        let e = node.presented(self)
        let scale = e.scale, anchor = e.anchor
        guard scale.width.isFinite, scale.height.isFinite else { return }
        let p = anchor.point(in: node.frame)
        let t = Affine.translation(-Double(p.x), -Double(p.y)).concatenating(.scale(Double(scale.width), Double(scale.height)))
            .concatenating(.translation(Double(p.x), Double(p.y)))
        pass.transform = t.concatenating(pass.transform)
    }
}

/// Clips to a shape. A rectangle under an axis-aligned transform narrows the device clip
/// rectangle (free); any other shape draws the content into a layer masked by the shape.
/// The shape's data animates (`cornerRadius`, `clipShape(RoundedRectangle(…))`), and the clip
/// follows the node's animated frame.
public struct _ClipEffect<ClipShape: Shape>: BuiltinModifier, PassThroughLayout, Animatable {
    var shape: ClipShape
    public var animatableData: ClipShape.AnimatableData {
        get { shape.animatableData } set { shape.animatableData = newValue }
    }
    func render(node: Node, pass: RenderPass) {
        let shape = node.presented(self).shape
        let outline = ClipOutline.of(shape, node: node, transform: pass.transform)
        let device = outline.device
        pass.withSavedState {
            pass.narrowClip(to: outline.box)
            // A metatype comparison: `shape is Rectangle` on the unspecialized generic was a dynamic
            // cast through the conformance tables on every recording (1.4 k instructions a frame).
            let rectangular = ClipShape.self == Rectangle.self && pass.transform.isAxisAligned
            if rectangular { pass.narrowClip(to: outline.rect) }
            // The clip path is in device pixels; the group item holding it is moved whole by a
            // scroll (RangeShift moves the path with it), its content is not copied on its own.
            else { pass.clipPaths.append(device) }
            let start = pass.items.count
            pass.renderChildren(of: node)
            if !rectangular && pass.items.count > start {
                let group = pass.takeItems(from: start)
                pass.insertGroup(.clip(device), items: group, at: start, owner: node)
            }
        }
    }
}

/// A clip's outline in layout and device space, kept on the node while the (plain-data) shape,
/// the frame and the transform stay: the root's `.clipped()` is recorded again on every changed
/// frame, and building its path, device path and bounds was 3 path arrays a frame.
/// Only the node's cache holds one (`of` returns it for the caller to read), so a changed outline
/// is written into the cached object: a card clipped to a rounded rectangle that crosses a
/// scrolled viewport's edge is recorded again every frame at a new place (bench-grid-1000: 32
/// of a fling frame's 64 allocations were new outlines).
final class ClipOutline<S: Shape> {
    private(set) var shape: S
    private(set) var frame: CGRect
    private(set) var transform: Affine
    private(set) var device: Raster.Path
    /// The device path's covering rectangle, and the layout rectangle's under the transform.
    private(set) var box: IntRect
    private(set) var rect: IntRect

    init(shape: S, frame: CGRect, transform: Affine) {
        self.shape = shape; self.frame = frame; self.transform = transform
        device = Raster.Path(); box = .empty; rect = .empty
        make()
    }

    /// The paths and boxes of `shape` in `frame` under `transform`.
    private func make() {
        let local = shape.path(in: CGRect(origin: .zero, size: frame.size)).storage
            .applying(.translation(Double(frame.minX), Double(frame.minY)))
        device = local.applying(transform)
        box = IntRect(covering: device.isEmpty ? .zero : device.bounds)
        rect = IntRect(covering: transform.apply(local.bounds))
    }

    static func of(_ shape: S, node: Node, transform: Affine) -> ClipOutline {
        let frame = node.frame
        guard _isPOD(S.self) else { return ClipOutline(shape: shape, frame: frame, transform: transform) }
        if let c = node.renderCache as? ClipOutline<S> {
            if c.frame == frame, c.transform == transform, ShapeOutlineCache.sameBytes(c.shape, shape) { return c }
            c.shape = shape; c.frame = frame; c.transform = transform
            c.make()
            return c
        }
        let made = ClipOutline(shape: shape, frame: frame, transform: transform)
        node.renderCache = made
        return made
    }
}

/// Draws a blurred copy of the content's alpha behind it, in `color`, offset by (x, y).
public struct _ShadowEffect: BuiltinModifier, PassThroughLayout, Animatable {
    let color: Color
    var radius: CGFloat
    var offset: CGSize
    public var animatableData: AnimatablePair<Double, AnimatablePair<Double, Double>> {
        get { AnimatablePair(Double(radius), AnimatablePair(Double(offset.width), Double(offset.height))) }
        set { radius = newValue.first; offset = CGSize(width: newValue.second.first, height: newValue.second.second) }
    }
    func render(node: Node, pass: RenderPass) {
        let e = node.presented(self)
        let radius = e.radius, offset = e.offset
        let start = pass.items.count
        pass.renderChildren(of: node)
        guard pass.items.count > start, radius.isFinite, offset.width.isFinite, offset.height.isFinite else { return }
        let group = pass.copyItems(from: start)
        let d = pass.transform.applyVector(Raster.Point(Double(offset.width), Double(offset.height)))
        let r = Double(max(0, min(radius, 200))) * pass.transform.maxScale
        var shadow = color.resolved(node.environment.colorScheme)
        shadow.a *= min(1, pass.opacity)
        pass.insertGroup(.shadow(shadow, radius: r, dx: d.x, dy: d.y), items: group, at: start, owner: node,
                         grow: ShadowReach.pixels(radius: r) + 1, offset: (Int(d.x.rounded()), Int(d.y.rounded())))
    }
}

public struct _ZIndexModifier: BuiltinModifier, PassThroughLayout {
    let zIndex: Double
}

public struct _HiddenModifier: BuiltinModifier, PassThroughLayout {
    func render(node: Node, pass: RenderPass) {}
}

public struct _AllowsHitTestingModifier: RenderEffect {
    let enabled: Bool
    func apply(node: Node, pass: RenderPass) { if !enabled { pass.hitTestingEnabled = false } }
}

public struct _ContentShapeModifier<S: Shape>: RenderEffect {
    let shape: S
    /// The hit path is kept on the node while frame and (plain-data) shape stay: building it
    /// cost two allocations per frame on every animating screen with a `contentShape`.
    func apply(node: Node, pass: RenderPass) {
        let frame = node.frame
        if _isPOD(S.self), let cache = node.renderCache as? ShapeOutlineCache<S>, cache.frame == frame,
           ShapeOutlineCache.sameBytes(cache.shape, shape) {
            pass.addHitShape(cache.path)
            return
        }
        let path = shape.path(in: CGRect(origin: .zero, size: frame.size)).storage
            .applying(.translation(Double(frame.minX), Double(frame.minY)))
        if _isPOD(S.self) { node.renderCache = ShapeOutlineCache(shape: shape, frame: frame, path: path, bounds: .zero) }
        pass.addHitShape(path)
    }
}

struct _DisabledModifier: EnvironmentModifier {
    let disabled: Bool
    func transform(_ environment: inout EnvironmentValues) { if disabled { environment.isEnabled = false } }
}

extension View {
    /// Draws this view with an opacity in 0…1.
    public func opacity(_ opacity: Double) -> ModifiedContent<Self, _OpacityEffect> { modifier(_OpacityEffect(opacity: opacity)) }
    /// Moves the drawing (and hit-testing) of this view without changing its layout.
    public func offset(_ offset: CGSize) -> ModifiedContent<Self, _OffsetEffect> { modifier(_OffsetEffect(offset: offset)) }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _OffsetEffect> { offset(CGSize(width: x, height: y)) }
    /// Rotates the drawing around an anchor (the centre by default); clockwise on screen.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> ModifiedContent<Self, _RotationEffect> {
        modifier(_RotationEffect(angle: angle, anchor: anchor))
    }
    /// Scales the drawing around an anchor.
    public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> ModifiedContent<Self, _ScaleEffect> {
        modifier(_ScaleEffect(scale: scale, anchor: anchor))
    }
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> ModifiedContent<Self, _ScaleEffect> {
        scaleEffect(CGSize(width: s, height: s), anchor: anchor)
    }
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ModifiedContent<Self, _ScaleEffect> {
        scaleEffect(CGSize(width: x, height: y), anchor: anchor)
    }
    /// Clips this view to a shape (its bounding box for now; see `_ClipEffect`).
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> ModifiedContent<Self, _ClipEffect<S>> {
        modifier(_ClipEffect(shape: shape))
    }
    /// Clips this view to its frame.
    public func clipped(antialiased: Bool = false) -> ModifiedContent<Self, _ClipEffect<Rectangle>> { clipShape(Rectangle()) }
    /// Clips this view to a rounded rectangle.
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> ModifiedContent<Self, _ClipEffect<RoundedRectangle>> {
        clipShape(RoundedRectangle(cornerRadius: radius))
    }
    /// A drop shadow of what this view draws (default colour: black at 33%).
    ///
    /// ```swift
    /// RoundedRectangle(cornerRadius: 12).fill(.white).shadow(radius: 8, y: 4)
    /// ```
    public func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat,
                       x: CGFloat = 0, y: CGFloat = 0) -> ModifiedContent<Self, _ShadowEffect> {
        modifier(_ShadowEffect(color: color, radius: radius, offset: CGSize(width: x, height: y)))
    }
    /// Draw order among siblings: higher in front (default 0).
    public func zIndex(_ value: Double) -> ModifiedContent<Self, _ZIndexModifier> { modifier(_ZIndexModifier(zIndex: value)) }
    /// Keeps this view's space but draws nothing.
    public func hidden() -> ModifiedContent<Self, _HiddenModifier> { modifier(_HiddenModifier()) }
    /// When false, taps pass through this view to what is behind it.
    public func allowsHitTesting(_ enabled: Bool) -> ModifiedContent<Self, _AllowsHitTestingModifier> {
        modifier(_AllowsHitTestingModifier(enabled: enabled))
    }
    /// The shape that takes taps for this view, instead of what it draws.
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> ModifiedContent<Self, _ContentShapeModifier<S>> {
        modifier(_ContentShapeModifier(shape: shape))
    }
    /// Disables taps and drags on this view and its descendants.
    public func disabled(_ disabled: Bool) -> some View { modifier(_DisabledModifier(disabled: disabled)) }
}
