// Geometry effects: a projective transform of how a view is drawn (not of its layout).
// An affine result folds into the render transform (free, crisp). A true perspective result
// (rotation3DEffect) records the subtree as usual, then wraps its items in a `.projection`
// group: LayerEffects renders them into a layer at their unprojected device position and
// draws that layer through the device-space homography H = T⁻¹·O⁻¹·P·O·T (T: the render
// transform, O: the view's origin, P: the effect's ProjectionTransform).
// Taps still land on the unprojected view.

import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A 3×3 projective transform, in CoreGraphics' row-vector convention:
/// x' = (m11·x + m21·y + m31) / w, y' = (m12·x + m22·y + m32) / w, w = m13·x + m23·y + m33.
public struct ProjectionTransform: Hashable, Sendable {
    public var m11: CGFloat = 1, m12: CGFloat = 0, m13: CGFloat = 0
    public var m21: CGFloat = 0, m22: CGFloat = 1, m23: CGFloat = 0
    public var m31: CGFloat = 0, m32: CGFloat = 0, m33: CGFloat = 1

    public init() {}
    public init(_ m: CGAffineTransform) {
        m11 = m.a; m12 = m.b; m21 = m.c; m22 = m.d; m31 = m.tx; m32 = m.ty
    }
    public var isIdentity: Bool { self == ProjectionTransform() }
    /// True when there is no perspective (the last column is (0, 0, 1)).
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// `self` followed by `rhs`.
    public func concatenating(_ rhs: ProjectionTransform) -> ProjectionTransform {
        var r = ProjectionTransform()
        r.m11 = m11 * rhs.m11 + m12 * rhs.m21 + m13 * rhs.m31
        r.m12 = m11 * rhs.m12 + m12 * rhs.m22 + m13 * rhs.m32
        r.m13 = m11 * rhs.m13 + m12 * rhs.m23 + m13 * rhs.m33
        r.m21 = m21 * rhs.m11 + m22 * rhs.m21 + m23 * rhs.m31
        r.m22 = m21 * rhs.m12 + m22 * rhs.m22 + m23 * rhs.m32
        r.m23 = m21 * rhs.m13 + m22 * rhs.m23 + m23 * rhs.m33
        r.m31 = m31 * rhs.m11 + m32 * rhs.m21 + m33 * rhs.m31
        r.m32 = m31 * rhs.m12 + m32 * rhs.m22 + m33 * rhs.m32
        r.m33 = m31 * rhs.m13 + m32 * rhs.m23 + m33 * rhs.m33
        return r
    }

    /// Inverts in place; returns false (and leaves `self`) when singular.
    @discardableResult public mutating func invert() -> Bool {
        guard let h = homography.inverted() else { return false }
        self = ProjectionTransform(h)
        return true
    }
    /// The inverse, or `self` when singular (as CoreGraphics does).
    public func inverted() -> ProjectionTransform { var c = self; c.invert(); return c }

    /// Raster's column convention.
    var homography: Homography {
        Homography(Double(m11), Double(m21), Double(m31), Double(m12), Double(m22), Double(m32), Double(m13), Double(m23), Double(m33))
    }
    init(_ h: Homography) {
        let m = h.m
        m11 = m.0; m21 = m.1; m31 = m.2; m12 = m.3; m22 = m.4; m32 = m.5; m13 = m.6; m23 = m.7; m33 = m.8
    }
    var affine: CGAffineTransform { CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32) }
}

extension CGPoint {
    /// The point mapped by a projective transform.
    public func applying(_ m: ProjectionTransform) -> CGPoint {
        let w = m.m13 * x + m.m23 * y + m.m33
        return CGPoint(x: (m.m11 * x + m.m21 * y + m.m31) / w, y: (m.m12 * x + m.m22 * y + m.m32) / w)
    }
}

/// An effect that changes where a view is drawn through a projective transform of its size.
///
/// ```swift
/// struct Shake: GeometryEffect {
///     var travel: CGFloat = 10, shakes: CGFloat
///     var animatableData: CGFloat { get { shakes } set { shakes = newValue } }
///     func effectValue(size: CGSize) -> ProjectionTransform {
///         ProjectionTransform(CGAffineTransform(translationX: travel * sin(shakes * .pi * 2), y: 0))
///     }
/// }
/// ```
public protocol GeometryEffect: Animatable, ViewModifier {
    /// The transform for a view of `size` (origin at its top-left).
    func effectValue(size: CGSize) -> ProjectionTransform
}

extension GeometryEffect {
    /// Built in: the content drawn through `effectValue(size:)`.
    public func body(content: Content) -> ModifiedContent<Content, _GeometryEffectModifier<Self>> {
        content.modifier(_GeometryEffectModifier(effect: self))
    }
    /// Accepted: geometry effects never change layout on kiosk.
    public func ignoredByLayout() -> Self { self }
}

/// How a user's GeometryEffect is drawn. The user's effect animates as a custom modifier does
/// (its body re-runs with the presented data and builds this with it), so this one has no
/// animatable data of its own: forwarding it would animate the same change twice.
public struct _GeometryEffectModifier<Effect: GeometryEffect>: BuiltinModifier, PassThroughLayout, Animatable {
    public var effect: Effect
    public typealias AnimatableData = EmptyAnimatableData
    func render(node: Node, pass: RenderPass) {
        ProjectionDrawing.render(effect.effectValue(size: node.frame.size), node: node, pass: pass)
    }
}

/// Draws the content through a fixed projective transform.
public struct _ProjectionEffect: BuiltinModifier, PassThroughLayout, Animatable {
    public var transform: ProjectionTransform
    public typealias AnimatableData = EmptyAnimatableData
    func render(node: Node, pass: RenderPass) { ProjectionDrawing.render(transform, node: node, pass: pass) }
}

/// The content rotated in 3-D around an axis through an anchor, projected back onto the
/// view's plane with the eye `max(width, height) / perspective` in front of it (SwiftUI's
/// geometry). `perspective` 0 (or NaN) is an orthographic projection: no foreshortening.
/// Seen from behind (past 90°) the content shows mirrored, as in SwiftUI; exactly edge-on it
/// draws nothing. A zero axis draws the content unrotated.
public struct _Rotation3DEffect: BuiltinModifier, PassThroughLayout, Animatable {
    public var angle: Angle
    public var axis: (x: CGFloat, y: CGFloat, z: CGFloat)
    public var anchor: UnitPoint
    public var anchorZ: CGFloat
    public var perspective: CGFloat

    public var animatableData: AnimatablePair<Double, AnimatablePair<AnimatablePair<CGFloat, CGFloat>, AnimatablePair<CGFloat, CGFloat>>> {
        get { AnimatablePair(angle.radians, AnimatablePair(AnimatablePair(anchor.x, anchor.y), AnimatablePair(anchorZ, perspective))) }
        set {
            angle = .radians(newValue.first)
            anchor = UnitPoint(x: newValue.second.first.first, y: newValue.second.first.second)
            anchorZ = newValue.second.second.first; perspective = newValue.second.second.second
        }
    }

    public func effectValue(size: CGSize) -> ProjectionTransform {
        let len = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        guard len > 0, len.isFinite, angle.radians.isFinite else { return ProjectionTransform() }
        let x = axis.x / len, y = axis.y / len, z = axis.z / len
        let c = cos(angle.radians), s = sin(angle.radians), t = 1 - c
        let ax = anchor.x * size.width, ay = anchor.y * size.height, az = anchorZ.isFinite ? anchorZ : 0
        let maxSide = max(size.width, size.height)
        let p = perspective.isFinite ? perspective : 0
        let depth: CGFloat = maxSide > 0 ? -p / maxSide : 0          // −1 / eye distance
        // Row vectors (p' = p·M): M = translate(−anchor) · R · perspective(depth) · translate(anchor).
        // R's rows (Rodrigues, Core Animation's orientation):
        let r0 = (t * x * x + c, t * x * y + s * z, t * x * z - s * y)
        let r1 = (t * x * y - s * z, t * y * y + c, t * y * z + s * x)
        let r2 = (t * x * z + s * y, t * y * z - s * x, t * z * z + c)
        // Row 3 of translate(−anchor)·R: the anchor rotated, negated.
        let r3 = (-(ax * r0.0 + ay * r1.0 + az * r2.0), -(ax * r0.1 + ay * r1.1 + az * r2.1), -(ax * r0.2 + ay * r1.2 + az * r2.2))
        // ·perspective puts depth·z in w; ·translate(anchor) adds w·anchor to x and y. Only the
        // x, y and w columns and the x, y, translation rows matter for the plane.
        func row(_ r: (CGFloat, CGFloat, CGFloat), _ w0: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
            let w = r.2 * depth + w0
            return (r.0 + w * ax, r.1 + w * ay, w)
        }
        let x0 = row(r0, 0), y0 = row(r1, 0), t0 = row(r3, 1)
        var out = ProjectionTransform()
        out.m11 = x0.0; out.m12 = x0.1; out.m13 = x0.2
        out.m21 = y0.0; out.m22 = y0.1; out.m23 = y0.2
        out.m31 = t0.0; out.m32 = t0.1; out.m33 = t0.2
        return out
    }

    func render(node: Node, pass: RenderPass) {
        let e = node.presented(self)
        ProjectionDrawing.render(e.effectValue(size: node.frame.size), node: node, pass: pass)
    }
}

enum ProjectionDrawing {
    static func render(_ p: ProjectionTransform, node: Node, pass: RenderPass) {
        let finite = p.m11.isFinite && p.m12.isFinite && p.m13.isFinite && p.m21.isFinite && p.m22.isFinite
            && p.m23.isFinite && p.m31.isFinite && p.m32.isFinite && p.m33.isFinite
        guard finite else { pass.withSavedState { pass.renderChildren(of: node) }; return }
        let o = node.frame.origin
        let toLocal = Affine.translation(-Double(o.x), -Double(o.y)), fromLocal = Affine.translation(Double(o.x), Double(o.y))
        if p.isAffine {
            // No perspective: one more affine step in the render transform (no layer).
            pass.withSavedState {
                pass.transform = toLocal.concatenating(Affine(p.affine)).concatenating(fromLocal).concatenating(pass.transform)
                pass.renderChildren(of: node)
            }
            return
        }
        let start = pass.items.count
        pass.withSavedState { pass.renderChildren(of: node) }
        guard pass.items.count > start else { return }
        guard let inverse = pass.transform.inverted() else { pass.removeItems(from: start); return }
        let h = Homography(inverse).then(toLocal).then(p.homography).then(fromLocal).then(pass.transform)
        // Edge-on (singular) or degenerate: nothing to see.
        guard h.inverted() != nil else { pass.removeItems(from: start); return }
        let source = pass.boundsOfItems(from: start)
        let bounds = h.bounds(of: source.rect).map { IntRect(covering: $0).insetBy(-1) } ?? pass.clip
        pass.wrapItems(from: start, in: .projection(h), owner: node, bounds: bounds)
    }
}

extension View {
    /// Draws this view rotated in three dimensions around `axis` through `anchor` (and
    /// `anchorZ`), in perspective. See `_Rotation3DEffect` for edge-on, back faces and
    /// `perspective` 0.
    ///
    /// ```swift
    /// CardFace().rotation3DEffect(.degrees(flipped ? 180 : 0), axis: (x: 0, y: 1, z: 0))
    /// ```
    public func rotation3DEffect(_ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center,
                                 anchorZ: CGFloat = 0, perspective: CGFloat = 1) -> ModifiedContent<Self, _Rotation3DEffect> {
        modifier(_Rotation3DEffect(angle: angle, axis: axis, anchor: anchor, anchorZ: anchorZ, perspective: perspective))
    }
    /// Draws this view through a projective transform (origin at its top-left).
    public func projectionEffect(_ transform: ProjectionTransform) -> ModifiedContent<Self, _ProjectionEffect> {
        modifier(_ProjectionEffect(transform: transform))
    }
    /// Draws this view through an affine transform (origin at its top-left).
    public func transformEffect(_ transform: CGAffineTransform) -> ModifiedContent<Self, _ProjectionEffect> {
        modifier(_ProjectionEffect(transform: ProjectionTransform(transform)))
    }
}
