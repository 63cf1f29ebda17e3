// Filter and compositing effects: blur, the colour filters, blend modes, compositing groups.
// Each is a built-in modifier that records its content, then wraps those items in one group
// item (LayerEffects draws it through a layer). Parameters are plain numbers and each
// modifier is `Animatable`; render code reads them through `node.presented(self)`.
// Colour filters next to each other do not merge (each is one pass over its layer: a 400×400
// layer costs ≈ 1 ms per filter pass on this machine's class of CPU); a stack of them in one
// Canvas context does (GraphicsContext multiplies their matrices).

import Raster

/// Blurs the content: a Gaussian-like blur (three box passes, σ ≈ radius / 2, spreading
/// colour up to 1.5 × radius). Radii above 200 act as 200; 0, negative and NaN draw unblurred.
public struct _BlurEffect: BuiltinModifier, PassThroughLayout, Animatable {
    public var radius: CGFloat
    public var isOpaque: Bool
    public var animatableData: CGFloat { get { radius } set { radius = newValue } }

    func render(node: Node, pass: RenderPass) {
        let e = node.presented(self)
        let start = pass.items.count
        pass.renderChildren(of: node)
        let r = Double(e.radius) * pass.transform.maxScale
        let k = BoxBlur.halfWidth(radius: r)
        guard k > 0 else { return }
        pass.wrapItems(from: start, in: .blur(radius: r), owner: node, grow: 3 * k)
    }
}

/// A colour filter as a matrix on premultiplied colour (see Raster's `ColorMatrix`).
public struct _ColorMatrixEffect: BuiltinModifier, PassThroughLayout, Animatable {
    enum Kind: Hashable { case brightness, contrast, saturation, hueRotation, invert }
    let kind: Kind
    public var amount: Double
    public var animatableData: Double { get { amount } set { amount = newValue } }

    var matrix: ColorMatrix {
        let a = amount.isFinite ? amount : (kind == .brightness || kind == .hueRotation ? 0 : 1)
        switch kind {
        case .brightness: return .brightness(a)
        case .contrast: return .contrast(a)
        case .saturation: return .saturation(a)
        case .hueRotation: return .hueRotation(a)
        case .invert: return .invert(a)
        }
    }

    func render(node: Node, pass: RenderPass) {
        let e = node.presented(self)
        let start = pass.items.count
        pass.renderChildren(of: node)
        let m = e.matrix
        if m.isIdentity { return }
        pass.wrapItems(from: start, in: .colorMatrix(m), owner: node)
    }
}

/// Multiplies every colour (and alpha) by a colour.
public struct _ColorMultiplyEffect: BuiltinModifier, PassThroughLayout, Animatable {
    public var color: Color
    public typealias AnimatableData = EmptyAnimatableData
    func render(node: Node, pass: RenderPass) {
        let start = pass.items.count
        pass.renderChildren(of: node)
        let c = color.resolved(node.environment.colorScheme)
        pass.wrapItems(from: start, in: .colorMatrix(.multiply(r: c.r, g: c.g, b: c.b, a: c.a)), owner: node)
    }
}

/// Modes for composing a view onto what is behind it.
public enum BlendMode: Hashable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight,
         difference, exclusion, hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut,
         plusDarker, plusLighter

    /// The Raster mode (W3C formulas; softLight and the four non-separable modes too).
    var pixelMode: PixelBlendMode {
        switch self {
        case .normal: return .normal
        case .multiply: return .multiply
        case .screen: return .screen
        case .overlay: return .overlay
        case .darken: return .darken
        case .lighten: return .lighten
        case .colorDodge: return .colorDodge
        case .colorBurn: return .colorBurn
        case .hardLight: return .hardLight
        case .difference: return .difference
        case .exclusion: return .exclusion
        case .sourceAtop: return .sourceAtop
        case .destinationOver: return .destinationOver
        case .destinationOut: return .destinationOut
        case .plusDarker: return .plusDarker
        case .plusLighter: return .plusLighter
        case .softLight: return .softLight
        case .hue: return .hue
        case .saturation: return .saturation
        case .color: return .color
        case .luminosity: return .luminosity
        }
    }
}

/// Composites the content onto what is behind it with a blend mode.
public struct _BlendModeEffect: BuiltinModifier, PassThroughLayout, Animatable {
    public var blendMode: BlendMode
    public typealias AnimatableData = EmptyAnimatableData
    func render(node: Node, pass: RenderPass) {
        let start = pass.items.count
        pass.renderChildren(of: node)
        let mode = blendMode.pixelMode
        if mode == .normal { return }
        pass.wrapItems(from: start, in: .blend(mode), owner: node)
    }
}

/// Composites the content on its own before it meets what is behind it: blend modes inside
/// apply against the group, not the background (a group opacity of 1).
public struct _CompositingGroupEffect: BuiltinModifier, PassThroughLayout, Animatable {
    public typealias AnimatableData = EmptyAnimatableData
    func render(node: Node, pass: RenderPass) {
        let start = pass.items.count
        pass.renderChildren(of: node)
        pass.wrapItems(from: start, in: .opacity(1), owner: node)
    }
}

extension View {
    /// Blurs this view (σ ≈ radius / 2; see `_BlurEffect`). `opaque` is accepted and ignored:
    /// edges always fade into transparency.
    ///
    /// ```swift
    /// Image("photo").blur(radius: isFocused ? 0 : 20)
    /// ```
    public func blur(radius: CGFloat, opaque: Bool = false) -> ModifiedContent<Self, _BlurEffect> {
        modifier(_BlurEffect(radius: radius, isOpaque: opaque))
    }
    /// Brightens (positive, up to 1 = white) or darkens (negative) this view.
    public func brightness(_ amount: Double) -> ModifiedContent<Self, _ColorMatrixEffect> {
        modifier(_ColorMatrixEffect(kind: .brightness, amount: amount))
    }
    /// Scales contrast around mid-grey: 1 unchanged, 0 grey, negative inverts.
    public func contrast(_ amount: Double) -> ModifiedContent<Self, _ColorMatrixEffect> {
        modifier(_ColorMatrixEffect(kind: .contrast, amount: amount))
    }
    /// Scales colour saturation: 1 unchanged, 0 grey.
    public func saturation(_ amount: Double) -> ModifiedContent<Self, _ColorMatrixEffect> {
        modifier(_ColorMatrixEffect(kind: .saturation, amount: amount))
    }
    /// Removes colour: 0 unchanged, 1 fully grey (saturation 1 − amount).
    public func grayscale(_ amount: Double) -> ModifiedContent<Self, _ColorMatrixEffect> {
        modifier(_ColorMatrixEffect(kind: .saturation, amount: 1 - amount))
    }
    /// Rotates every hue by an angle.
    public func hueRotation(_ angle: Angle) -> ModifiedContent<Self, _ColorMatrixEffect> {
        modifier(_ColorMatrixEffect(kind: .hueRotation, amount: angle.radians))
    }
    /// Inverts the colours of this view.
    public func colorInvert() -> ModifiedContent<Self, _ColorMatrixEffect> {
        modifier(_ColorMatrixEffect(kind: .invert, amount: 1))
    }
    /// Multiplies every pixel of this view by a colour.
    public func colorMultiply(_ color: Color) -> ModifiedContent<Self, _ColorMultiplyEffect> {
        modifier(_ColorMultiplyEffect(color: color))
    }
    /// Composites this view onto what is behind it with `blendMode`.
    ///
    /// ```swift
    /// Circle().fill(.red).blendMode(.multiply)
    /// ```
    public func blendMode(_ blendMode: BlendMode) -> ModifiedContent<Self, _BlendModeEffect> {
        modifier(_BlendModeEffect(blendMode: blendMode))
    }
    /// Composites this view's content on its own first (blend modes inside meet the group).
    public func compositingGroup() -> ModifiedContent<Self, _CompositingGroupEffect> { modifier(_CompositingGroupEffect()) }
    /// Renders this view into one layer before compositing it (on kiosk, the same as
    /// `compositingGroup()`: everything is drawn by the CPU already).
    public func drawingGroup(opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear)
        -> ModifiedContent<Self, _CompositingGroupEffect> { modifier(_CompositingGroupEffect()) }
}

/// The colour space a drawing group works in; kiosk always blends 8-bit sRGB.
public enum ColorRenderingMode: Hashable, Sendable { case nonLinear, linear, extendedLinear }
