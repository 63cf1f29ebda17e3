// SVGImage: an SVG icon parsed once into a display list of paths with their transforms and
// paints, then drawn at any size (`draw(on:in:)`, `rasterize(width:height:)`) without parsing
// again. Pure: bytes in, no file or network access. The subset is documented in README
// ("SVG icons"); what it does not draw (text, filters, masks, clip paths, images, patterns,
// markers, CSS beyond simple selectors) is skipped and counted in `unsupported`. A PDF's first
// page reads into the same display list (`init(pdf:)`, Raster/PDF), which is why it also has
// clip layers, soft-mask layers and pictures.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A parsed SVG document, ready to draw at any size.
///
/// ```swift
/// let icon = try SVGImage(bytes)
/// let pixels = try icon.rasterize(width: 48, height: 48)
/// ```
public struct SVGImage: @unchecked Sendable {
    /// The intrinsic size in pixels: from `width`/`height`, else the viewBox, else 300×150.
    public let width: Double, height: Double
    /// The user-space rectangle mapped onto the drawing area.
    public let viewBox: Rect
    /// `preserveAspectRatio` of the root element.
    public let aspect: SVGAspect
    /// What the file holds that is not drawn, with how often: "element <text>", "attribute
    /// filter", "paint <pattern>", "entity &name;" …
    public let unsupported: [String: Int]
    /// Number of shapes in the display list.
    public var shapeCount: Int { items.reduce(0) { if case .shape = $1 { return $0 + 1 }; return $0 } }

    let items: [SVGItem]

    /// Parses SVG bytes. Throws `SVGError` for input that is not a well-formed SVG document,
    /// a value that cannot be read, a `use` cycle or anything over `SVGLimits`.
    public init(_ bytes: [UInt8]) throws {
        guard bytes.count <= SVGLimits.maxBytes else { throw SVGError(.tooComplex, "the file is over \(SVGLimits.maxBytes) bytes") }
        var reader = XMLReader(bytes)
        let root = try reader.parseDocument()
        guard root.name == "svg" else { throw SVGError(.notSVG, "the root element is <\(root.name)>, not <svg>", line: root.line) }
        var b = SVGBuilder(root: root)
        for e in reader.unexpanded { b.note("entity &\(e);") }
        try b.buildRoot()
        width = b.width; height = b.height; viewBox = b.viewBox; aspect = b.aspect
        items = b.items; unsupported = b.unsupported
    }

    /// A display list made by another reader (PDF: `init(pdf:)`).
    init(width: Double, height: Double, viewBox: Rect, aspect: SVGAspect, items: [SVGItem], unsupported: [String: Int]) {
        self.width = width; self.height = height; self.viewBox = viewBox; self.aspect = aspect
        self.items = items; self.unsupported = unsupported
    }

    /// Whether these bytes look like SVG text (an XML declaration, comment, DOCTYPE or `<svg`
    /// after optional spaces and a byte-order mark).
    public static func sniff(_ bytes: [UInt8]) -> Bool {
        var i = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
        while i < bytes.count && XMLReader.isSpace(bytes[i]) { i += 1 }
        let rest = bytes[i...].prefix(5)
        return rest.starts(with: Array("<svg".utf8)) || rest.starts(with: Array("<?xml".utf8)) || rest.starts(with: Array("<!".utf8))
    }

    /// The transform from the viewBox to `rect` by `preserveAspectRatio`.
    public func viewBoxTransform(to rect: Rect) -> Affine {
        aspect.transform(from: viewBox, to: rect)
    }

    /// Draws the image into `rect` (user space of `canvas`, under its transform, clip and
    /// opacity). `currentColor`: what `currentColor` paints where the document sets no `color`
    /// (default black). The canvas's state is restored afterwards.
    public func draw(on canvas: Canvas, in rect: Rect, currentColor: Color? = nil) {
        guard viewBox.width > 0, viewBox.height > 0, rect.width > 0, rect.height > 0 else { return }
        let vp = viewBoxTransform(to: rect)
        let topOpacity = canvas.opacity
        canvas.save()
        defer { canvas.restore() }
        drawItems(items, on: canvas, base: vp.concatenating(canvas.transform), opacity: topOpacity, currentColor: currentColor)
    }

    /// The display list `list` drawn on `canvas`, `base` mapping viewBox coordinates to its pixels.
    private func drawItems(_ list: [SVGItem], on canvas: Canvas, base: Affine, opacity topOpacity: Double, currentColor: Color?) {
        struct Layer {
            var canvas: Canvas; var base: Affine
            /// Opacity of shapes drawn on this layer's canvas; of the layer when composited.
            var shapeOpacity: Double; var layerOpacity: Double
            var origin: (Int, Int); var surface: Surface?; var dead: Bool
            /// A clip layer's outline (device space of the layer's surface) and rule.
            var clip: (path: Path, transform: Affine, rule: FillRule)? = nil
            /// A soft-mask layer's mask: its display list, and whether its luminosity (else its alpha) counts.
            var mask: (items: [SVGItem], luminosity: Bool)? = nil
        }
        var stack: [Layer] = [Layer(canvas: canvas, base: base, shapeOpacity: topOpacity,
                                    layerOpacity: 1, origin: (0, 0), surface: nil, dead: false)]
        for item in list {
            let top = stack[stack.count - 1]
            switch item {
            case .beginLayer(let opacity):
                let clip = top.canvas.clip
                guard !top.dead, !clip.isEmpty, let s = try? Surface(width: clip.width, height: clip.height) else {
                    var d = top; d.dead = true; stack.append(d)   // nothing of it can show
                    continue
                }
                let shift = Affine.translation(-Double(clip.x0), -Double(clip.y0))
                stack.append(Layer(canvas: Canvas(s), base: top.base.concatenating(shift), shapeOpacity: 1, layerOpacity: opacity,
                                   origin: (clip.x0, clip.y0), surface: s, dead: false))
            case .beginClip(let path, let transform, let rule):
                // Drawn offscreen over the outline's pixels only, then cut to it at `endClip`.
                let total = transform.concatenating(top.base)
                let area = IntRect(covering: total.apply(path.bounds)).intersection(top.canvas.clip)
                guard !top.dead, !area.isEmpty, let s = try? Surface(width: area.width, height: area.height) else {
                    var d = top; d.dead = true; d.clip = nil; stack.append(d)
                    continue
                }
                // The layer covers `area` of its parent's surface (origins are the parent's pixels).
                let shift = Affine.translation(-Double(area.x0), -Double(area.y0))
                stack.append(Layer(canvas: Canvas(s), base: top.base.concatenating(shift), shapeOpacity: top.shapeOpacity, layerOpacity: 1,
                                   origin: (area.x0, area.y0), surface: s, dead: false,
                                   clip: (path, transform.concatenating(top.base.concatenating(shift)), rule)))
            case .beginMask(let maskItems, let luminosity):
                let clip = top.canvas.clip
                guard !top.dead, !clip.isEmpty, let s = try? Surface(width: clip.width, height: clip.height) else {
                    var d = top; d.dead = true; d.clip = nil; d.mask = nil; stack.append(d)
                    continue
                }
                let shift = Affine.translation(-Double(clip.x0), -Double(clip.y0))
                stack.append(Layer(canvas: Canvas(s), base: top.base.concatenating(shift), shapeOpacity: top.shapeOpacity, layerOpacity: 1,
                                   origin: (clip.x0, clip.y0), surface: s, dead: false, mask: (maskItems, luminosity)))
            case .endLayer, .endClip:
                guard stack.count > 1 else { continue }
                let layer = stack.removeLast()
                guard !layer.dead, let s = layer.surface else { continue }
                if let clip = layer.clip { Self.cut(s, to: clip.path, transform: clip.transform, rule: clip.rule) }
                if let mask = layer.mask, let m = try? Surface(width: s.width, height: s.height) {
                    // Luminosity: the group over an opaque black backdrop; alpha: the group alone.
                    if mask.luminosity { m.clear(0xFF00_0000) }
                    drawItems(mask.items, on: Canvas(m), base: layer.base, opacity: 1, currentColor: currentColor)
                    for y in 0..<s.height {
                        let row = s.row(y), mr = m.row(y)
                        for x in 0..<s.width {
                            let p = mr[x]
                            let v = mask.luminosity ? (((p >> 16) & 255) * 77 + ((p >> 8) & 255) * 151 + (p & 255) * 28) >> 8 : p >> 24
                            if v != 255 { row[x] = v == 0 ? 0 : Pixel.scale(row[x], v) }
                        }
                    }
                }
                let parent = stack[stack.count - 1]
                parent.canvas.save()
                parent.canvas.transform = .translation(Double(layer.origin.0), Double(layer.origin.1))
                // A clip or mask layer's shapes carried their opacity already.
                parent.canvas.opacity = layer.clip == nil && layer.mask == nil ? parent.shapeOpacity * layer.layerOpacity : 1
                parent.canvas.drawImage(s, sampling: .nearest)
                parent.canvas.restore()
            case .image(let picture, let transform, let opacity):
                guard !top.dead else { continue }
                let c = top.canvas
                c.opacity = top.shapeOpacity * opacity
                c.transform = top.base
                c.drawImage(picture, transform: transform, sampling: .bilinear)
            case .shape(let shape):
                guard !top.dead else { continue }
                let c = top.canvas
                c.opacity = top.shapeOpacity * shape.opacity
                let total = shape.transform.concatenating(top.base)
                if let fill = shape.fill { paint(fill, path: shape.path, rule: shape.fillRule, stroke: nil, total: total, on: c, currentColor: currentColor) }
                if let stroke = shape.stroke { paint(stroke, path: shape.path, rule: .nonZero, stroke: shape.strokeStyle, total: total, on: c, currentColor: currentColor) }
            }
        }
    }

    /// Keeps of `s` only what lies inside the outline: each pixel scaled by its coverage.
    private static func cut(_ s: Surface, to path: Path, transform: Affine, rule: FillRule) {
        guard let mask = try? Surface(width: s.width, height: s.height) else { return }
        let c = Canvas(mask)
        c.transform = transform
        c.fill(path, with: .solid(.white), rule: rule)
        for y in 0..<s.height {
            let row = s.row(y), m = mask.row(y)
            for x in 0..<s.width {
                let a = m[x] >> 24
                if a != 255 { row[x] = a == 0 ? 0 : Pixel.scale(row[x], a) }
            }
        }
    }

    private func paint(_ p: SVGPaint, path: Path, rule: FillRule, stroke: StrokeStyle?, total: Affine, on c: Canvas, currentColor: Color?) {
        func solid(_ color: Color) {
            c.transform = total
            if let stroke { c.stroke(path, with: .solid(color), style: stroke) } else { c.fill(path, with: .solid(color), rule: rule) }
        }
        func gradient(_ g: Paint, _ m: Affine) {
            // The gradient is drawn in its own space (m: gradient → shape), the outline mapped there.
            guard let inv = m.inverted() else { return }
            var outline = path
            if let stroke { outline = strokedPath(path, style: stroke, tolerance: c.flatness / Swift.max(total.maxScale, 1e-9)) }
            c.transform = m.concatenating(total)
            c.fill(outline.applying(inv), with: g, rule: stroke == nil ? rule : .nonZero)
        }
        switch p {
        case .solid(let color): solid(color)
        case .currentColor(let set, let alpha):
            let base = set ?? currentColor ?? .black
            solid(base.withAlpha(base.a * alpha))
        case .linear(let g, let m): gradient(.linearGradient(g), m)
        case .radial(let g, let m): gradient(.radialGradient(g), m)
        }
    }

    /// The image drawn into a new `width`×`height` surface (transparent background). Throws
    /// `SVGError.tooLarge` when the size is not positive or over `maxPixels`/`Surface.maxSide`.
    public func rasterize(width w: Int, height h: Int, currentColor: Color? = nil,
                          maxPixels: Int = Surface.defaultMaxPNGPixels) throws -> Surface {
        guard withinBudget(w, h, maxPixels) else {
            throw SVGError(.tooLarge, "a \(w)×\(h) raster is outside the budget (\(maxPixels) pixels, each side 1…\(Surface.maxSide))")
        }
        let s = try Surface(width: w, height: h)
        draw(on: Canvas(s), in: Rect(0, 0, Double(w), Double(h)), currentColor: currentColor)
        return s
    }
}

/// `preserveAspectRatio`: how the viewBox fits the drawing area.
public struct SVGAspect: Hashable, Sendable {
    public enum Align: Hashable, Sendable { case min, mid, max }
    /// nil: `none` (stretch both ways).
    public var x: Align?, y: Align?
    /// true: `slice` (cover), false: `meet` (fit).
    public var slice: Bool
    public static let `default` = SVGAspect(x: .mid, y: .mid, slice: false)
    public init(x: Align?, y: Align?, slice: Bool) { self.x = x; self.y = y; self.slice = slice }

    init(parsing s: String) {
        var words = s.split(separator: " ").map(String.init)
        if words.first == "defer" { words.removeFirst() }
        guard let a = words.first else { self = .default; return }
        if a == "none" { self.init(x: nil, y: nil, slice: false); return }
        func al(_ t: Substring) -> Align? { t == "Min" ? .min : t == "Mid" ? .mid : t == "Max" ? .max : nil }
        guard a.count == 8, a.hasPrefix("x"), let ax = al(a.dropFirst(1).prefix(3)), let ay = al(a.dropFirst(5).prefix(3)) else { self = .default; return }
        self.init(x: ax, y: ay, slice: words.count > 1 && words[1] == "slice")
    }

    /// viewBox → rect.
    public func transform(from vb: Rect, to r: Rect) -> Affine {
        guard vb.width > 0, vb.height > 0 else { return .identity }
        var sx = r.width / vb.width, sy = r.height / vb.height
        guard let ax = x, let ay = y else {
            return Affine(a: sx, b: 0, c: 0, d: sy, tx: r.minX - vb.minX * sx, ty: r.minY - vb.minY * sy)
        }
        let s = slice ? Swift.max(sx, sy) : Swift.min(sx, sy)
        sx = s; sy = s
        func off(_ a: Align, _ room: Double) -> Double { a == .min ? 0 : a == .mid ? room / 2 : room }
        let tx = r.minX - vb.minX * s + off(ax, r.width - vb.width * s)
        let ty = r.minY - vb.minY * s + off(ay, r.height - vb.height * s)
        return Affine(a: s, b: 0, c: 0, d: s, tx: tx, ty: ty)
    }
}

/// A paint in the display list; opacities already multiplied in.
enum SVGPaint {
    case solid(Color)
    /// `currentColor`: the document's `color` when one is set (else the colour given at draw
    /// time), times `alpha`.
    case currentColor(Color?, alpha: Double)
    /// A gradient in its own coordinates; the transform maps them to the shape's.
    case linear(LinearGradient, Affine)
    case radial(RadialGradient, Affine)
}

struct SVGShape {
    var path: Path
    /// Shape coordinates → viewBox coordinates.
    var transform: Affine
    var fill: SVGPaint?
    var fillRule: FillRule
    var stroke: SVGPaint?
    var strokeStyle: StrokeStyle
    var opacity: Double
}

enum SVGItem {
    case shape(SVGShape)
    /// Items up to the matching `endLayer` are drawn offscreen, then composited at `opacity`.
    case beginLayer(opacity: Double)
    case endLayer
    /// Items up to the matching `endClip` are drawn offscreen, kept only inside `path` (under
    /// `transform`, filled by `rule`), then composited (PDF's clipping paths).
    case beginClip(path: Path, transform: Affine, rule: FillRule)
    case endClip
    /// A picture (PDF's image XObjects): its pixels placed by `transform` (image pixels →
    /// viewBox coordinates), drawn bilinear at `opacity`.
    case image(Surface, transform: Affine, opacity: Double)
    /// Items up to the matching `endClip` are drawn offscreen, then scaled by a soft mask: the
    /// alpha, or the luminosity over black, of `items` (viewBox coordinates) — PDF's /SMask.
    case beginMask(items: [SVGItem], luminosity: Bool)
}

extension SVGImage {
    /// SVG path data ("M0 0h10v10z", every command) as a Path; arcs become cubics.
    ///
    /// ```swift
    /// let heart = try SVGImage.path(fromData: "M12 21 3 12a5 5 0 0 1 9-6 5 5 0 0 1 9 6z")
    /// ```
    public static func path(fromData d: String) throws -> Path {
        var p = Path()
        try SVGValues.pathData(d, into: &p, line: 0)
        return p
    }
    /// An SVG transform list ("translate(4 0) rotate(45)") as an Affine.
    public static func transform(parsing s: String) throws -> Affine { try SVGValues.transform(s, line: 0) }
    /// An SVG/CSS colour ("#rgb", "rgb()", "hsl()", a name), or nil.
    public static func color(parsing s: String) -> Color? { SVGValues.color(s) }
}
