// GraphicsContext: what a Canvas's renderer draws with. A value type, as SwiftUI's: copying
// it and changing the copy's transform, opacity, clip or filters leaves the original as it
// was. Every draw becomes a display item of the canvas's node (owner, next index) in device
// coordinates; a draw under filters, a path clip or a blend mode is wrapped in the matching
// group item. The Canvas then wraps all of them in one `.canvas` group, so the frame diffs
// one item and damages one rectangle however many particles it draws.
// Bad input is dropped, never drawn as garbage: non-finite transforms, points and sizes draw
// nothing (Raster drops sub-paths holding NaN).

import Raster

/// The drawing state shared by a Canvas's contexts during one render.
final class CanvasRecorder {
    let pass: RenderPass
    let node: Node
    let environment: EnvironmentValues
    /// The canvas's opacity and the base device transform (canvas origin → device).
    let opacity: Double
    @exclusivity(unchecked) var nextIndex = 1   // bumped by every draw: no dynamic check
    /// The Canvas's symbols by tag (see CanvasSymbols.swift).
    var symbols: [AnyHashable: RecordedSymbol] = [:]
    /// The environment's colour scheme, read once: looking it up per draw was ≈ 600
    /// instructions of each particle of particles-2000 (callgrind).
    let colorScheme: ColorScheme
    init(pass: RenderPass, node: Node, environment: EnvironmentValues, opacity: Double) {
        self.pass = pass; self.node = node; self.environment = environment; self.opacity = opacity
        colorScheme = environment.colorScheme
    }
    func index() -> Int { defer { nextIndex += 1 }; return nextIndex }
}

/// An immediate-mode drawing destination, passed to a `Canvas`'s renderer.
///
/// ```swift
/// Canvas { context, size in
///     context.fill(Path(ellipseIn: CGRect(origin: .zero, size: size)), with: .color(.orange))
///     context.draw(Text("Hi"), at: CGPoint(x: size.width / 2, y: size.height / 2))
/// }
/// ```
public struct GraphicsContext {
    let recorder: CanvasRecorder
    /// Canvas coordinates → device pixels.
    let base: Affine
    /// Device clip rectangle.
    var clipRect: IntRect
    /// Device clip paths (non-rectangular clips), innermost last.
    var clipPaths: [Raster.Path] = []
    /// Layer masks from `clipToLayer`, in device space.
    var clipMasks: [[DisplayItem]] = []
    var filters: [Filter] = []

    /// The user → canvas transform. Default identity.
    public var transform: CGAffineTransform = .identity
    /// The opacity of drawing, 0…1 (multiplied into each draw). Default 1.
    public var opacity: Double = 1
    /// How drawing composites onto what is already there. Default `.normal`.
    public var blendMode: BlendMode = .normal
    /// The environment of the Canvas.
    public var environment: EnvironmentValues { recorder.environment }

    init(recorder: CanvasRecorder, base: Affine, clip: IntRect) {
        self.recorder = recorder; self.base = base; clipRect = clip
    }

    var deviceTransform: Affine { Affine(transform).concatenating(base) }

    // MARK: Transform

    /// Scales subsequent drawing.
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform = transform.scaledBy(x: x, y: y) }
    /// Moves subsequent drawing.
    public mutating func translateBy(x: CGFloat, y: CGFloat) { transform = transform.translatedBy(x: x, y: y) }
    /// Rotates subsequent drawing around the origin (clockwise on screen for positive angles).
    public mutating func rotate(by angle: Angle) { transform = transform.rotated(by: angle.radians) }
    /// Applies `matrix` before the current transform.
    public mutating func concatenate(_ matrix: CGAffineTransform) { transform = matrix.concatenating(transform) }

    // MARK: Clipping

    /// Options for clipping (`inverse` is accepted and not drawn: the clip is ignored with a warning).
    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static var inverse: ClipOptions { ClipOptions(rawValue: 1) }
    }

    /// Clips subsequent drawing to `path` (in user coordinates).
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {
        if options.contains(.inverse) { Diagnostics.warn("GraphicsContext.clip(options: .inverse) is not supported; clip ignored"); return }
        let t = deviceTransform
        guard t.isInvertible else { clipRect = .empty; return }
        let device = path.storage.applying(t)
        if device.isEmpty { clipRect = .empty; return }
        let b = device.bounds
        // A pixel-aligned rectangle narrows the clip rectangle; anything else clips through a layer.
        if t.isAxisAligned, path.storage == Raster.Path.rect(path.storage.bounds),
           b.minX == b.minX.rounded(), b.minY == b.minY.rounded(), b.maxX == b.maxX.rounded(), b.maxY == b.maxY.rounded() {
            clipRect = clipRect.intersection(IntRect(covering: b))
        } else {
            clipRect = clipRect.intersection(IntRect(covering: b))
            clipPaths.append(device)
        }
    }

    /// The clip's bounds in user coordinates.
    public var clipBoundingRect: CGRect {
        guard !clipRect.isEmpty, let inv = deviceTransform.inverted() else { return .zero }
        return CGRect(inv.apply(clipRect.rect))
    }

    /// Clips subsequent drawing to the alpha of what `content` draws (at `opacity`).
    public mutating func clipToLayer(opacity: Double = 1, options: ClipOptions = ClipOptions(),
                                     content: (inout GraphicsContext) throws -> Void) rethrows {
        let pass = recorder.pass
        let start = pass.items.count
        var layer = self
        layer.opacity = opacity; layer.blendMode = .normal; layer.filters = []; layer.clipPaths = []; layer.clipMasks = []
        try content(&layer)
        let mask = pass.takeItems(from: start)
        if mask.isEmpty { clipRect = .empty; return }
        var b = IntRect.empty
        for item in mask { b = b.union(item.bounds) }
        clipRect = clipRect.intersection(b)
        clipMasks.append(mask)
    }

    // MARK: Filters

    /// Adds a filter applied to everything drawn afterwards. Filters added later apply first
    /// (closest to the drawing), as in SwiftUI.
    public mutating func addFilter(_ filter: Filter, options: FilterOptions = FilterOptions()) { filters.append(filter) }

    /// Options for filters (accepted; kiosk draws every filter in 8-bit sRGB).
    public struct FilterOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static var linearColor: FilterOptions { FilterOptions(rawValue: 1) }
    }

    /// A filter for `addFilter`.
    public struct Filter {
        enum Kind {
            case matrix(ColorMatrix)
            case colorMultiply(Color)
            case blur(CGFloat)
            case shadow(Color, CGFloat, CGFloat, CGFloat)
        }
        let kind: Kind
        /// A Gaussian-like blur (as `View.blur(radius:)`).
        public static func blur(radius: CGFloat, options: BlurOptions = BlurOptions()) -> Filter { Filter(kind: .blur(radius)) }
        public static func brightness(_ amount: Double) -> Filter { Filter(kind: .matrix(.brightness(finite(amount, 0)))) }
        public static func contrast(_ amount: Double) -> Filter { Filter(kind: .matrix(.contrast(finite(amount, 1)))) }
        public static func saturation(_ amount: Double) -> Filter { Filter(kind: .matrix(.saturation(finite(amount, 1)))) }
        public static func grayscale(_ amount: Double) -> Filter { Filter(kind: .matrix(.saturation(1 - finite(amount, 0)))) }
        public static func hueRotation(_ angle: Angle) -> Filter { Filter(kind: .matrix(.hueRotation(finite(angle.radians, 0)))) }
        public static func colorInvert(_ amount: Double = 1) -> Filter { Filter(kind: .matrix(.invert(finite(amount, 0)))) }
        public static func colorMultiply(_ color: Color) -> Filter { Filter(kind: .colorMultiply(color)) }
        /// A colour matrix in SwiftUI's ColorMatrix layout is not available; use the named filters.
        public static func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat,
                                  x: CGFloat = 0, y: CGFloat = 0, blendMode: BlendMode = .normal,
                                  options: ShadowOptions = ShadowOptions()) -> Filter {
            Filter(kind: .shadow(color, radius, x, y))
        }
        static func finite(_ v: Double, _ fallback: Double) -> Double { v.isFinite ? v : fallback }
    }
    public struct BlurOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static var opaque: BlurOptions { BlurOptions(rawValue: 1) }
        public static var dithersResult: BlurOptions { BlurOptions(rawValue: 2) }
    }
    public struct ShadowOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static var shadowAbove: ShadowOptions { ShadowOptions(rawValue: 1) }
        public static var shadowOnly: ShadowOptions { ShadowOptions(rawValue: 2) }
        public static var invertsAlpha: ShadowOptions { ShadowOptions(rawValue: 4) }
        public static var disablesGroup: ShadowOptions { ShadowOptions(rawValue: 8) }
    }

    // MARK: Blend modes

    /// How drawing composites onto the canvas (SwiftUI's GraphicsContext blend modes, every
    /// one drawn with the W3C formulas).
    public struct BlendMode: Hashable, Sendable {
        let mode: PixelBlendMode
        public static let normal = BlendMode(mode: .normal)
        public static let multiply = BlendMode(mode: .multiply)
        public static let screen = BlendMode(mode: .screen)
        public static let overlay = BlendMode(mode: .overlay)
        public static let darken = BlendMode(mode: .darken)
        public static let lighten = BlendMode(mode: .lighten)
        public static let colorDodge = BlendMode(mode: .colorDodge)
        public static let colorBurn = BlendMode(mode: .colorBurn)
        public static let softLight = BlendMode(mode: .softLight)
        public static let hardLight = BlendMode(mode: .hardLight)
        public static let difference = BlendMode(mode: .difference)
        public static let exclusion = BlendMode(mode: .exclusion)
        public static let hue = BlendMode(mode: .hue)
        public static let saturation = BlendMode(mode: .saturation)
        public static let color = BlendMode(mode: .color)
        public static let luminosity = BlendMode(mode: .luminosity)
        public static let clear = BlendMode(mode: .clear)
        public static let copy = BlendMode(mode: .copy)
        public static let sourceIn = BlendMode(mode: .sourceIn)
        public static let sourceOut = BlendMode(mode: .sourceOut)
        public static let sourceAtop = BlendMode(mode: .sourceAtop)
        public static let destinationOver = BlendMode(mode: .destinationOver)
        public static let destinationIn = BlendMode(mode: .destinationIn)
        public static let destinationOut = BlendMode(mode: .destinationOut)
        public static let destinationAtop = BlendMode(mode: .destinationAtop)
        public static let xor = BlendMode(mode: .xor)
        public static let plusDarker = BlendMode(mode: .plusDarker)
        public static let plusLighter = BlendMode(mode: .plusLighter)
    }

    // MARK: Shading

    /// A colour, gradient or style to fill or stroke with.
    public struct Shading {
        enum Kind {
            /// Colours are kept as they are: boxing a 64-byte Color in an AnyShapeStyle and
            /// casting it back cost 3 of the ~13 allocations per particle of a 2000-dot canvas.
            case color(Color)
            case style(AnyShapeStyle)
            case linear(Gradient, CGPoint, CGPoint)
            case radial(Gradient, CGPoint, CGFloat, CGFloat)
        }
        let kind: Kind
        public static func color(_ color: Color) -> Shading { Shading(kind: .color(color)) }
        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double,
                                 opacity: Double = 1) -> Shading {
            color(Color(colorSpace, red: red, green: green, blue: blue, opacity: opacity))
        }
        public static func color(_ colorSpace: Color.RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) -> Shading {
            color(Color(colorSpace, white: white, opacity: opacity))
        }
        public static func style<S: ShapeStyle>(_ style: S) -> Shading { Shading(kind: .style(AnyShapeStyle(style))) }
        public static var foreground: Shading { Shading(kind: .style(AnyShapeStyle(ForegroundStyle()))) }
        public static func linearGradient(_ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .linear(gradient, startPoint, endPoint))
        }
        public static func radialGradient(_ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat,
                                          options: GradientOptions = GradientOptions()) -> Shading {
            Shading(kind: .radial(gradient, center, startRadius, endRadius))
        }

        /// `paint(in:environment:)` in the recorder's environment; a colour without looking it up.
        func paint(in rect: CGRect, recorder: CanvasRecorder) -> DrawPaint {
            if case .color(let c) = kind { return .solid(c.resolved(recorder.colorScheme)) }
            return paint(in: rect, environment: recorder.environment)
        }

        /// The paint for a draw whose user-space bounds are `rect` (styles resolve against it).
        func paint(in rect: CGRect, environment env: EnvironmentValues) -> DrawPaint {
            switch kind {
            case .color(let c): return .solid(c.resolved(env.colorScheme))
            case .style(let s): return s.resolvePaint(in: rect, environment: env)
            case let .linear(g, a, b):
                return .linear(Raster.LinearGradient(start: Raster.Point(a), end: Raster.Point(b), stops: g.rasterStops(env.colorScheme)))
            case let .radial(g, c, r0, r1):
                let gradient = RadialGradient(gradient: g, center: .topLeading, startRadius: r0, endRadius: r1)
                let p = gradient.resolve(in: CGRect(origin: c, size: .zero), environment: env)
                return p
            }
        }
    }
    public struct GradientOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static var `repeat`: GradientOptions { GradientOptions(rawValue: 1) }
        public static var mirror: GradientOptions { GradientOptions(rawValue: 2) }
        public static var linearColor: GradientOptions { GradientOptions(rawValue: 4) }
    }

    // MARK: Drawing

    /// Fills `path` with `shading`.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        guard !path.isEmpty else { return }
        // Control-point bounds: exact bounds flatten the path, which allocated 20 times per
        // small ellipse (a 2000-dot canvas: 16 000 allocations a frame).
        let b = CGRect(path.storage.controlPointBounds)
        record(.fill(path.storage, shading.paint(in: b, recorder: recorder), style.isEOFilled ? .evenOdd : .nonZero),
               localBounds: b)
    }

    /// Strokes `path` with `shading` and `style`.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        guard !path.isEmpty else { return }
        let p = style.parameters
        guard p.lineWidth > 0 else { return }
        let b = CGRect(path.storage.controlPointBounds)
        let grow = p.lineWidth / 2 * (p.lineJoin == .miter ? max(1, p.miterLimit.isFinite ? p.miterLimit : 1) : 1) + 1
        record(.stroke(path.storage, shading.paint(in: b, recorder: recorder), p), localBounds: b.insetBy(dx: -grow, dy: -grow))
    }

    /// Strokes `path` with `shading` at `lineWidth`.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Text laid out once, to measure before drawing.
    public struct ResolvedText {
        let text: Kiosk.ResolvedText
        let color: Color?
        let measurer: TextMeasuring
        /// The style the text is drawn in (its own colour, else the foreground style).
        public var shading: Shading
        /// The size the text takes when offered `size` (wrapping to its width).
        public func measure(in size: CGSize) -> CGSize {
            measurer.measure(text, maxWidth: size.width.isFinite ? size.width : nil).size
        }
        /// Distance from the top to the first baseline, when offered `size`.
        public func firstBaseline(in size: CGSize) -> CGFloat {
            measurer.measure(text, maxWidth: size.width.isFinite ? size.width : nil).firstBaseline
        }
        public func lastBaseline(in size: CGSize) -> CGFloat {
            measurer.measure(text, maxWidth: size.width.isFinite ? size.width : nil).lastBaseline
        }
    }

    /// Resolves `text` in this context's environment.
    public func resolve(_ text: Text) -> ResolvedText {
        ResolvedText(text: text.resolved(environment), color: text.color, measurer: recorder.pass.text,
                     shading: text.color.map { .color($0) } ?? .foreground)
    }

    /// Draws `text` with `anchor` (a unit point of its box, the centre by default) at `point`.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) { draw(resolve(text), at: point, anchor: anchor) }
    /// Draws `text` wrapped to `rect`'s width, its top-left at `rect`'s origin.
    public func draw(_ text: Text, in rect: CGRect) { draw(resolve(text), in: rect) }

    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        let size = text.measure(in: CGSize(width: CGFloat.infinity, height: .infinity))
        let origin = CGPoint(x: point.x - anchor.x * size.width, y: point.y - anchor.y * size.height)
        drawText(text, origin: origin, size: size)
    }
    public func draw(_ text: ResolvedText, in rect: CGRect) {
        let size = text.measure(in: rect.size)
        drawText(text, origin: rect.origin, size: CGSize(width: rect.width.isFinite ? rect.width : size.width, height: size.height))
    }

    private func drawText(_ text: ResolvedText, origin: CGPoint, size: CGSize) {
        guard origin.x.isFinite, origin.y.isFinite, size.width.isFinite, size.height.isFinite, !text.text.string.isEmpty else { return }
        var moved = self
        moved.transform = transform.translatedBy(x: origin.x, y: origin.y)
        let paint = text.shading.paint(in: CGRect(origin: .zero, size: size), environment: environment)
        let overhang = CGFloat(text.text.font.size) * 0.25
        moved.record(.text(text.text, width: Double(size.width), paint: paint),
                     localBounds: CGRect(x: -overhang, y: -overhang, width: size.width + 2 * overhang, height: size.height + 2 * overhang))
    }

    /// An image ready to draw, with its size.
    public struct ResolvedImage {
        let box: ImageBox?
        let sampling: Sampling
        /// The image's size in pixels (zero when it could not be loaded).
        public var size: CGSize { box.map { CGSize(width: $0.surface.width, height: $0.surface.height) } ?? .zero }
        public var baseline: CGFloat { size.height }
    }
    /// The image's pixels, decoded on this thread (a Canvas draws what it has when it draws).
    /// An animated image gives the frame due on the graph's clock, counted from the screen's
    /// start (a Canvas has no "first appeared" time): the frame changes when the Canvas draws
    /// again, inside a `TimelineView(.animation)` for instance; a Canvas asks for no wake-ups.
    public func resolve(_ image: Image) -> ResolvedImage {
        if image.decoded == nil, image.symbolName == nil, let source = image.source, source.animated,
           let animation = ImageCache.shared.animation(source) {
            let frame = animation.frame(at: recorder.node.graph.time).index
            return ResolvedImage(box: animation.frames[frame], sampling: image.sampling)
        }
        return ResolvedImage(box: image.surface, sampling: image.sampling)
    }

    /// Draws `image` stretched into `rect`.
    public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) { draw(resolve(image), in: rect, style: style) }
    /// Draws `image` at its size with `anchor` at `point`.
    public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) { draw(resolve(image), at: point, anchor: anchor) }
    public func draw(_ image: ResolvedImage, in rect: CGRect, style: FillStyle = FillStyle()) {
        guard let box = image.box, !Raster.Rect(rect).isEmpty else { return }
        record(.image(box, Raster.Rect(rect), image.sampling), localBounds: rect)
    }
    public func draw(_ image: ResolvedImage, at point: CGPoint, anchor: UnitPoint = .center) {
        let s = image.size
        draw(image, in: CGRect(x: point.x - anchor.x * s.width, y: point.y - anchor.y * s.height, width: s.width, height: s.height))
    }

    /// Draws into a new transparency layer (inheriting transform and clip rectangle), then
    /// composites the layer with this context's opacity, filters, clips and blend mode.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        let pass = recorder.pass
        let start = pass.items.count
        var layer = self
        layer.opacity = 1; layer.blendMode = .normal; layer.filters = []; layer.clipPaths = []; layer.clipMasks = []
        try content(&layer)
        guard pass.items.count > start else { return }
        let o = opacity.isFinite ? min(1, max(0, opacity)) : 1
        if o <= 0 { pass.removeItems(from: start); return }
        // A layer is isolated: a blend mode inside it meets the layer, not the canvas.
        let isolated = pass.items.count - start > 1 || { if case .group = pass.items[start].command { return true }; return false }()
        if o < 1 || isolated {
            pass.wrapItems(from: start, in: .opacity(o), owner: recorder.node, index: recorder.index())
        }
        applyEffects(from: start)
    }

    // MARK: Recording

    /// Emits one draw in user coordinates (`localBounds` covers what it paints).
    func record(_ command: DrawCommand, localBounds: CGRect) {
        let pass = recorder.pass
        let t = deviceTransform
        guard t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite,
              !Raster.Rect(localBounds).isEmpty else { return }
        let o = opacity.isFinite ? min(1, max(0, opacity)) : 1
        let start = pass.items.count
        pass.transform = t
        pass.opacity = recorder.opacity * o
        pass.clip = clipRect
        pass.emit(command, owner: recorder.node, index: recorder.index(), localBounds: localBounds)
        applyEffects(from: start)
    }

    /// Wraps the items since `start` in this context's filters (last added innermost), clips
    /// and blend mode.
    func applyEffects(from start: Int) {
        let pass = recorder.pass
        guard pass.items.count > start else { return }
        // The plain case (most draws) returns before anything is set up.
        if filters.isEmpty && clipPaths.isEmpty && clipMasks.isEmpty && blendMode == .normal { return }
        let scale = deviceTransform.maxScale
        var pendingMatrix: ColorMatrix? = nil
        func flushMatrix() {
            if let m = pendingMatrix, !m.isIdentity { pass.wrapItems(from: start, in: .colorMatrix(m), owner: recorder.node, index: recorder.index()) }
            pendingMatrix = nil
        }
        for filter in filters.reversed() {
            guard pass.items.count > start else { return }
            switch filter.kind {
            case .matrix(let m): pendingMatrix = (pendingMatrix ?? .identity).then(m)
            case .colorMultiply(let color):
                let c = color.resolved(environment.colorScheme)
                pendingMatrix = (pendingMatrix ?? .identity).then(.multiply(r: c.r, g: c.g, b: c.b, a: c.a))
            case .blur(let radius):
                flushMatrix()
                let r = Double(radius) * scale
                let k = BoxBlur.halfWidth(radius: r)
                if k > 0 { pass.wrapItems(from: start, in: .blur(radius: r), owner: recorder.node, index: recorder.index(), grow: 3 * k) }
            case let .shadow(color, radius, x, y):
                flushMatrix()
                guard radius.isFinite, x.isFinite, y.isFinite else { continue }
                let d = deviceTransform.applyVector(Raster.Point(Double(x), Double(y)))
                let r = Double(max(0, min(radius, 200))) * scale
                let reach = 3 * BoxBlur.halfWidth(radius: r) + 1
                let content = pass.copyItems(from: start)
                var shadow = color.resolved(environment.colorScheme)
                shadow.a *= min(1, recorder.opacity)
                let union = pass.boundsOfItems(from: start)
                pass.wrapItems(from: start, in: .shadow(shadow, radius: r, dx: d.x, dy: d.y), owner: recorder.node,
                               index: recorder.index(), bounds: union.insetBy(-reach).offsetBy(Int(d.x.rounded()), Int(d.y.rounded())))
                // The shadow item first, then the drawing itself on top of it.
                pass.appendItems(content)
                pass.recycleItems(content)
                pass.wrapItems(from: start, in: .canvas, owner: recorder.node, index: recorder.index())
            }
        }
        flushMatrix()
        for path in clipPaths.reversed() where pass.items.count > start {
            pass.wrapItems(from: start, in: .clip(path), owner: recorder.node, index: recorder.index())
        }
        for mask in clipMasks.reversed() where pass.items.count > start {
            pass.wrapItems(from: start, in: .mask(mask), owner: recorder.node, index: recorder.index())
        }
        if blendMode.mode != .normal, pass.items.count > start {
            pass.wrapItems(from: start, in: .blend(blendMode.mode), owner: recorder.node, index: recorder.index())
        }
    }
}

extension Affine {
    init(_ t: CGAffineTransform) { self.init(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty)) }
}

extension Diagnostics {
    nonisolated(unsafe) private static var warnedOnce = Set<String>()
    /// A warning printed once per process (draw-time warnings would otherwise repeat every frame).
    static func warnOnce(_ message: String) {
        guard !warnedOnce.contains(message) else { return }
        warnedOnce.insert(message)
        warn(message)
    }
}
