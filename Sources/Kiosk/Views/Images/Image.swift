// Image: a PNG, JPEG, WebP or SVG file. `Image("logo")` looks for logo, logo.png, logo.jpg,
// logo.jpeg, logo.webp, logo.svg in the bundle given, the `images` directory setting, the working
// directory and the folder named by $KIOSK_ASSETS (SwiftUI's asset catalogue has no counterpart
// here; ImageCache.swift resolves and decodes). A missing file logs a warning and shows nothing
// (zero size), as SwiftUI does.

import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A PNG, JPEG, WebP or SVG image; fixed at its pixel size (an SVG's intrinsic size) unless
/// `.resizable()`. A JPEG is shown upright by its EXIF orientation; a photo drawn much smaller
/// than it is decoded reduced; an SVG is drawn as vectors at the size it is shown, with
/// `currentColor` in the foreground colour.
///
/// ```swift
/// Image("logo").resizable().scaledToFit().frame(width: 120)
/// ```
public struct Image: View, PrimitiveView, LayoutBehavior {
    /// A name to resolve to a file, or pixels decoded already (AsyncImage's image). An enum of a
    /// String and a reference is 17 bytes, so the Image still fits an `any View` inline (23 bytes).
    let content: Content
    enum Content { case named(String), decoded(DecodedImage) }
    /// The name given (empty for a decoded image).
    var name: String { if case .named(let n) = content { return n } else { return "" } }
    /// The pixels of an image made from decoded data, nil for a named one.
    var decoded: DecodedImage? { if case .decoded(let d) = content { return d } else { return nil } }
    /// The bundle, interned (`ImageBundle.intern`): a name, a 16-bit bundle number, two flags and
    /// the sampling fit the three words an `any View` holds inline, so re-evaluating an Image
    /// boxes nothing (WholeFrameAllocationTests); an `ImageBundle?` made it four.
    var bundleID: UInt16 = 0
    var bundle: ImageBundle? { ImageBundle.interned(bundleID) }
    /// `.resizable(capInsets:)`'s insets, interned the same way (0: none; `ImageCapInsets`).
    var capsID: UInt16 = 0
    var sampling: Sampling = .bilinear
    /// `.resizable()`, its `.tile` mode, `.renderingMode(.template)` and `.antialiased(false)`,
    /// in one byte (each as a Bool would make the Image larger than an `any View` holds inline).
    var drawFlags: UInt8 = 0
    static let templateFlag: UInt8 = 1, aliasedFlag: UInt8 = 2, resizableFlag: UInt8 = 4, tiledFlag: UInt8 = 8
    var isResizable: Bool { drawFlags & Image.resizableFlag != 0 }
    var isTiled: Bool { drawFlags & Image.tiledFlag != 0 }
    /// Cap insets to draw as nine slices (resizable only).
    var capInsets: EdgeInsets? { isResizable && capsID != 0 ? ImageCapInsets.interned(capsID) : nil }
    /// `.renderingMode(.template)`: the image's alpha filled with the foreground style.
    var isTemplate: Bool { drawFlags & Image.templateFlag != 0 }
    /// `.antialiased(false)`: edges on whole device pixels.
    var isAliased: Bool { drawFlags & Image.aliasedFlag != 0 }

    public init(_ name: String) { content = .named(name) }
    /// The image `name` in `bundle`'s folders first (`.module`: the package's resources).
    public init(_ name: String, bundle: ImageBundle?) { content = .named(name); bundleID = ImageBundle.intern(bundle) }
    /// The image `name` in a Foundation `Bundle` (in files that import Foundation), found by its
    /// path; see ``ImageBundle``.
    public init<B: AnyObject>(_ name: String, bundle: B?) {
        content = .named(name); bundleID = ImageBundle.intern(bundle.map { ImageBundle(describing: $0) })
    }
    /// A decorative image: drawn as `init(_:)` draws it; SwiftUI leaves it out of the
    /// accessibility tree (kiosk has no accessibility tree, so there is nothing more to it).
    public init(decorative name: String) { content = .named(name) }
    /// A decorative image from `bundle` (see `init(_:bundle:)`).
    public init(decorative name: String, bundle: ImageBundle?) { content = .named(name); bundleID = ImageBundle.intern(bundle) }
    /// A symbol drawn as paths in the foreground style, sized from the font: a small set of
    /// common SF Symbols names (listed in SystemSymbols.swift); others draw a placeholder and warn.
    public init(systemName: String) { content = .named("systemName:" + systemName) }
    /// Pixels decoded already, shown at `scale` pixels per point (AsyncImage's `.success` image).
    init(decoded: DecodedImage) { content = .decoded(decoded) }
    public var body: Never { bodyNeverCalled("Image") }

    /// Lets the image take the size it is offered: stretched, or with `.tile` repeated at its
    /// pixel size from the top-left corner. With `capInsets` (in the image's points) it is drawn
    /// in nine slices: the corners at their own size, the edges stretched (or tiled) along
    /// their length, the centre stretched (or tiled) both ways — a button or a speech bubble
    /// from a small picture. When the frame is smaller than two opposite insets together, those
    /// corners shrink in proportion.
    ///
    /// ```swift
    /// Image("bubble").resizable(capInsets: EdgeInsets(top: 12, leading: 12, bottom: 12, trailing: 12))
    /// ```
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var i = self
        i.drawFlags |= Image.resizableFlag
        if resizingMode == .tile { i.drawFlags |= Image.tiledFlag } else { i.drawFlags &= ~Image.tiledFlag }
        i.capsID = ImageCapInsets.intern(capInsets)
        return i
    }
    /// `.none` samples the nearest pixel (pixel art); anything else is bilinear.
    public func interpolation(_ interpolation: Interpolation) -> Image {
        var i = self; i.sampling = interpolation == .none ? .nearest : .bilinear; return i
    }
    /// `.template` draws the image's alpha (its shape) filled with the foreground style — a
    /// colour or a gradient — as SwiftUI does; `.original` and nil draw its own colours.
    /// Symbols (`Image(systemName:)`) always draw in the foreground style.
    ///
    /// ```swift
    /// Image("logo").renderingMode(.template).foregroundStyle(.blue)
    /// ```
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image {
        var i = self
        if renderingMode == .template { i.drawFlags |= Image.templateFlag } else { i.drawFlags &= ~Image.templateFlag }
        return i
    }
    /// `false` draws the image's edges on whole device pixels (no partly covered pixels around
    /// it) when it is not rotated or skewed; a rotated image keeps antialiased edges. The pixels
    /// inside are sampled as `.interpolation` says. `true` (the default) antialiases its edges.
    public func antialiased(_ isAntialiased: Bool) -> Image {
        var i = self
        if isAntialiased { i.drawFlags &= ~Image.aliasedFlag } else { i.drawFlags |= Image.aliasedFlag }
        return i
    }
    public enum TemplateRenderingMode: Hashable, Sendable { case template, original }
    public enum ResizingMode: Hashable, Sendable { case tile, stretch }
    public enum Interpolation: Hashable, Sendable { case none, low, medium, high }

    /// The decoded image at full size.
    var surface: ImageBox? { decoded?.box ?? ImageCache.shared.image(named: name, bundle: bundle) }
    /// The file and its display size (from the header alone).
    var source: ImageCache.Source? { ImageCache.shared.source(named: name, bundle: bundle) }

    /// The source for this node's value, kept on the node while the name and bundle stay, with
    /// the decoded picture at the size last drawn: the shared cache's lookups hash under a lock,
    /// on every layout and recording of the node (`lvgl-5`: 12.6 k instructions a frame at
    /// 800×480). A kept picture outlives its eviction from the byte-bounded cache only while
    /// its view is on screen.
    func lookup(for node: Node) -> ImageLookup {
        if let kept = node.renderCache as? ImageLookup, kept.name == name, kept.bundleID == bundleID { return kept }
        let l = ImageLookup(name: name, bundleID: bundleID, source: source)
        node.renderCache = l
        return l
    }

    /// A wake-up re-evaluates the node; an animated image's drawing depends on the time, so it
    /// is drawn again (as ActivityIndicator), and so is an image whose pixels just arrived from
    /// the decode queue (`ViewGraph.collectImageArrivals`). Still images keep their recording.
    func makeChildren(_ list: inout ChildList) {
        guard let node = ViewGraph.currentReader, let kept = node.renderCache as? ImageLookup,
              kept.animation != nil || kept.arrived else { return }
        kept.arrived = false
        node.invalidateRender()
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        if symbolName != nil {
            let side = Image.symbolSide(node.environment)
            return isResizable ? proposal.replacingUnspecifiedDimensions(by: CGSize(width: side, height: side)) : CGSize(width: side, height: side)
        }
        if let decoded {
            return isResizable ? proposal.replacingUnspecifiedDimensions(by: decoded.size) : decoded.size
        }
        guard let source = lookup(for: node).source else { return .zero }
        let intrinsic = source.pointSize
        return isResizable ? proposal.replacingUnspecifiedDimensions(by: intrinsic) : intrinsic
    }

    func render(node: Node, pass: RenderPass) {
        if let symbol = symbolName { renderSymbol(node.environment.symbolVariants.apply(to: symbol), node: node, pass: pass); return }
        if let decoded { emitImage(decoded.box, node: node, pass: pass, pointSize: decoded.size); return }
        let kept = lookup(for: node)
        guard let source = kept.source else { return }
        if source.isVector { renderVector(source, kept: kept, node: node, pass: pass); return }
        // Tiles repeat at the image's own size, so they need every pixel; a stretched image
        // needs as many as it covers (reduced decoding picks 1/2, 1/4 or 1/8 only when that
        // still covers the frame). Animations are reduced the same way.
        let scale = node.environment.displayScale
        func pixels(_ v: CGFloat) -> Int? { let p = v * scale; return p.isFinite && p >= 1 && p < 1e6 ? Int(p.rounded(.up)) : nil }
        var drawn: (width: Int, height: Int)?
        if isResizable && !isTiled && capsID == 0, let w = pixels(node.frame.width), let h = pixels(node.frame.height) { drawn = (w, h) }
        if source.animated && !kept.animationFailed {
            let key = ImageCache.key(source, drawnAt: drawn, animated: true)
            if kept.animationKey != key { request(key, source, kept, node) }
            if let animation = kept.animation { renderAnimated(animation, kept, node: node, pass: pass); return }
            if !kept.animationFailed { return }   // nothing until the frames arrive
        }
        let key = ImageCache.key(source, drawnAt: drawn)
        if kept.reduction != key.reduction { request(key, source, kept, node) }
        // Until the new reduction arrives the last one (if any) stays on screen.
        guard let image = kept.box else { return }
        emitImage(image, node: node, pass: pass, pointSize: source.pointSize)
    }

    /// Takes `key`'s pixels from the cache, or asks for them once (they arrive through the
    /// graph's `ImageArrivals` and `ImageLookup.receive`).
    private func request(_ key: ImageCache.DecodedKey, _ source: ImageCache.Source, _ kept: ImageLookup, _ node: Node) {
        guard kept.requested != key else { return }
        let waiter = ImageWaiter(arrivals: node.graph.imageArrivals, lookup: kept, node: WeakNode(node))
        switch ImageCache.shared.request(key, source, waiter: waiter) {
        case .ready(let decoded): kept.receive(key, decoded); kept.arrived = false   // drawn now
        case .failed: kept.receive(key, nil); kept.arrived = false
        case .pending: kept.requested = key
        }
    }

    /// Emits `image` in the node's frame — stretched, tiled at its pixel size, or in nine slices
    /// by its cap insets (`pointSize`: the image's size in points, which the insets count in;
    /// nil: its pixel size) — and for a template image its alpha as the mask of a rectangle
    /// filled with the foreground style (`_MaskEffect`'s grouping: the fill, then the image as
    /// the mask's item).
    func emitImage(_ image: ImageBox, node: Node, pass: RenderPass, pointSize: CGSize? = nil) {
        var f = node.frame
        if isAliased { f = Image.snappedToDevicePixels(f, pass.transform) }
        let caps = capInsets
        func content(_ index: Int) {
            if let caps {
                emitSlices(image, caps: caps, pointSize: pointSize, frame: f, node: node, pass: pass, firstIndex: index)
                return
            }
            let command: DrawCommand = isResizable && isTiled ? .tiledImage(image, Raster.Rect(f), sampling)
                                                              : .image(image, Raster.Rect(f), sampling)
            pass.emit(command, owner: node, index: index, localBounds: f)
        }
        guard isTemplate else { content(0); return }
        let paint = node.paint { ForegroundStyle().resolvePaint(in: f, environment: node.environment) }
        let start = pass.items.count
        pass.emit(.fill(Raster.Path.rect(Raster.Rect(f)), paint, .nonZero), owner: node, index: 0, localBounds: f)
        guard pass.items.count > start else { return }
        let contentEnd = pass.items.count
        pass.withSavedState {
            pass.hitTestingEnabled = false
            // Nine slices take indices 3…11 (2 is the mask's group).
            content(caps == nil ? 1 : 3)
        }
        guard pass.items.count > contentEnd else { pass.removeItems(from: start); return }
        let bounds = pass.boundsOfItems(from: start)
        let mask = pass.takeItems(from: contentEnd)
        _ = pass.wrapItems(from: start, in: .mask(mask), owner: node, index: 2, bounds: bounds)
    }

    /// The nine slices of `image` by `caps` over `frame`, from item `firstIndex` on: corners at
    /// their size, edges and centre stretched (or tiled). The slices are views of the image's
    /// pixels (`Surface.subsurface`), made once per image and insets (`ImageSlices`). Their
    /// inner edges fall on whole device pixels under an axis-aligned transform, so slices
    /// meet without seams.
    func emitSlices(_ image: ImageBox, caps: EdgeInsets, pointSize: CGSize?, frame f: CGRect, node: Node, pass: RenderPass, firstIndex: Int) {
        let pw = image.surface.width, ph = image.surface.height
        guard pw > 0, ph > 0, f.width > 0, f.height > 0 else { return }
        let size = pointSize.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil } ?? CGSize(width: pw, height: ph)
        // The insets in the image's pixels (a reduced or 2× image has more or fewer per point).
        let kx = Double(pw) / Double(size.width), ky = Double(ph) / Double(size.height)
        func px(_ v: CGFloat, _ k: Double, _ limit: Int) -> Int { min(limit, max(0, Int((Double(v) * k).rounded()))) }
        let l = px(caps.leading, kx, pw), r = px(caps.trailing, kx, pw - l)
        let t = px(caps.top, ky, ph), b = px(caps.bottom, ky, ph - t)
        // On screen, in points: shrunk in proportion when the frame is narrower than the caps.
        var dl = Double(l) / kx, dr = Double(r) / kx, dt = Double(t) / ky, db = Double(b) / ky
        if dl + dr > Double(f.width) { let s = Double(f.width) / (dl + dr); dl *= s; dr *= s }
        if dt + db > Double(f.height) { let s = Double(f.height) / (dt + db); dt *= s; db *= s }
        var xs = (Double(f.minX), Double(f.minX) + dl, Double(f.maxX) - dr, Double(f.maxX))
        var ys = (Double(f.minY), Double(f.minY) + dt, Double(f.maxY) - db, Double(f.maxY))
        let tr = pass.transform
        if tr.b == 0, tr.c == 0, tr.a != 0, tr.d != 0 {
            func snap(_ v: Double, _ a: Double, _ o: Double) -> Double {
                let d = (v * a + o).rounded()
                return d.isFinite ? (d - o) / a : v
            }
            xs.1 = snap(xs.1, tr.a, tr.tx); xs.2 = max(xs.1, snap(xs.2, tr.a, tr.tx))
            ys.1 = snap(ys.1, tr.d, tr.ty); ys.2 = max(ys.1, snap(ys.2, tr.d, tr.ty))
        }
        let slices = ImageSlices.of(node)
        slices.prepare(image, left: l, right: r, top: t, bottom: b)
        // (Tuples, not arrays: recording allocates nothing.)
        func at(_ v: (Double, Double, Double, Double), _ i: Int) -> Double { i == 0 ? v.0 : i == 1 ? v.1 : i == 2 ? v.2 : v.3 }
        for row in 0..<3 {
            let y0 = at(ys, row), y1 = at(ys, row + 1)
            guard y1 > y0 else { continue }
            for col in 0..<3 {
                let x0 = at(xs, col), x1 = at(xs, col + 1)
                guard x1 > x0, let slice = slices.boxes[row * 3 + col] else { continue }
                let rect = CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                let corner = row != 1 && col != 1
                let command: DrawCommand = isTiled && !corner ? .tiledImage(slice, Raster.Rect(rect), sampling)
                                                              : .image(slice, Raster.Rect(rect), sampling)
                pass.emit(command, owner: node, index: firstIndex + row * 3 + col, localBounds: rect)
            }
        }
    }

    /// `frame` moved and sized so that its device rectangle has whole-pixel edges, for a
    /// transform without rotation or skew (others: unchanged).
    static func snappedToDevicePixels(_ frame: CGRect, _ t: Affine) -> CGRect {
        guard t.b == 0, t.c == 0, t.a != 0, t.d != 0, t.a.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite else { return frame }
        let x0 = (Double(frame.minX) * t.a + t.tx).rounded(), x1 = (Double(frame.maxX) * t.a + t.tx).rounded()
        let y0 = (Double(frame.minY) * t.d + t.ty).rounded(), y1 = (Double(frame.maxY) * t.d + t.ty).rounded()
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return frame }
        let lx0 = (x0 - t.tx) / t.a, lx1 = (x1 - t.tx) / t.a, ly0 = (y0 - t.ty) / t.d, ly1 = (y1 - t.ty) / t.d
        return CGRect(x: min(lx0, lx1), y: min(ly0, ly1), width: abs(lx1 - lx0), height: abs(ly1 - ly0))
    }

    /// The frame of `animation` due now on the graph's clock (counted from the first time the
    /// image was drawn), and one wake-up at the next change while the image shows on screen
    /// (AnimatedImage.swift).
    private func renderAnimated(_ animation: AnimatedImage, _ kept: ImageLookup, node: Node, pass: RenderPass) {
        let graph = node.graph
        let now = graph.time
        let start = kept.animationStart ?? now
        kept.animationStart = start
        let (index, next) = animation.frame(at: now - start)
        emitImage(animation.frames[index], node: node, pass: pass)
        guard let next else { return }
        // Off screen (clipped or scrolled away, or transparent): no wake-ups. Drawn again when it
        // comes back, it catches up with the clock and asks again.
        let device = IntRect(covering: pass.transform.apply(Raster.Rect(node.frame)))
        guard pass.opacity > 0, !device.intersection(pass.clip).isEmpty else { return }
        let at = start + next
        if kept.wakeAt != at {
            kept.wakeAt = at
            graph.schedule(node, at: at)
        }
    }
}

extension Image {
    /// An SVG: rasterized at the frame's size in device pixels (a tiled one at its intrinsic
    /// size), so it is crisp at any size; `currentColor` in it takes the foreground colour.
    func renderVector(_ source: ImageCache.Source, kept: ImageLookup, node: Node, pass: RenderPass) {
        let f = node.frame
        let tiled = isResizable && (isTiled || capsID != 0)
        let scale = node.environment.displayScale
        func pixels(_ v: CGFloat) -> Int? { let p = v * scale; return p.isFinite && p >= 1 && p < 1e6 ? Int(p.rounded(.up)) : nil }
        let w: Int, h: Int
        if tiled { w = source.width; h = source.height } else {
            guard let pw = pixels(f.width), let ph = pixels(f.height) else { return }
            w = pw; h = ph
        }
        guard w > 0, h > 0 else { return }
        // A template SVG is drawn as a mask (its own colours do not matter); otherwise
        // `currentColor` takes the foreground colour.
        var tint: Raster.Color?
        if !isTemplate, case .solid(let c) = node.paint({ ForegroundStyle().resolvePaint(in: f, environment: node.environment) }) { tint = c }
        let t = tint?.premultiplied ?? 0
        if kept.vectorWidth != w || kept.vectorHeight != h || kept.vectorTint != t || kept.box == nil {
            kept.box = ImageCache.shared.vectorImage(source, pixels: (w, h), currentColor: tint)
            kept.vectorWidth = w; kept.vectorHeight = h; kept.vectorTint = t
        }
        guard let image = kept.box else { return }
        emitImage(image, node: node, pass: pass, pointSize: source.pointSize)
    }
}

/// `.resizable(capInsets:)`'s insets, numbered from 1 (0: none) so an Image keeps them in two
/// bytes. A program uses a handful; past 65 535 different ones the rest draw without caps.
enum ImageCapInsets {
    private static let table = InternTable<EdgeInsets>()

    static func intern(_ insets: EdgeInsets) -> UInt16 {
        func clean(_ v: CGFloat) -> CGFloat { v.isFinite && v > 0 ? v : 0 }
        let i = EdgeInsets(top: clean(insets.top), leading: clean(insets.leading), bottom: clean(insets.bottom), trailing: clean(insets.trailing))
        guard i != EdgeInsets() else { return 0 }
        guard let id = table.number(i) else {
            Diagnostics.warn("more than 65 535 different cap insets: \(i) draws without caps")
            return 0
        }
        return id
    }

    static func interned(_ id: UInt16) -> EdgeInsets { id == 0 ? EdgeInsets() : table.value(id) }
}

/// The nine slices of one image for one set of cap insets (in pixels), as views of its pixels;
/// kept on the node (its `ImageLookup`, or the render cache of a decoded image) and made again
/// only when the image or the insets change.
final class ImageSlices {
    private(set) var boxes = [ImageBox?](repeating: nil, count: 9)
    private weak var image: ImageBox?
    private var insets = (0, 0, 0, 0)

    static func of(_ node: Node) -> ImageSlices {
        if let kept = node.renderCache as? ImageLookup {
            if let s = kept.slices { return s }
            let s = ImageSlices(); kept.slices = s; return s
        }
        if let s = node.renderCache as? ImageSlices { return s }
        let s = ImageSlices(); node.renderCache = s; return s
    }

    func prepare(_ box: ImageBox, left: Int, right: Int, top: Int, bottom: Int) {
        guard box !== image || insets != (left, right, top, bottom) else { return }
        image = box; insets = (left, right, top, bottom)
        let s = box.surface
        let xs = [0, left, s.width - right, s.width], ys = [0, top, s.height - bottom, s.height]
        for row in 0..<3 {
            for col in 0..<3 {
                let r = IntRect(x0: xs[col], y0: ys[row], x1: xs[col + 1], y1: ys[row + 1])
                guard r.width > 0, r.height > 0 else { boxes[row * 3 + col] = nil; continue }
                var sub = s.subsurface(r)
                sub.isOpaque = s.isOpaque
                boxes[row * 3 + col] = ImageBox(sub, extendsEdges: true)
            }
        }
    }
}

/// A node's image source and its decoded picture at the last drawn size (`Image.lookup(for:)`).
final class ImageLookup {
    let name: String
    let bundleID: UInt16
    let source: ImageCache.Source?
    var reduction = -1
    var box: ImageBox?
    /// An SVG's last raster: its pixel size and the foreground colour it was drawn with.
    var vectorWidth = -1, vectorHeight = -1
    var vectorTint: UInt32 = 0
    /// An animated file's frames (at `animationKey`'s reduction), when it first appeared (graph
    /// time), and the wake-up asked for; `animationFailed` when its frames do not decode (the
    /// first frame is then drawn as a still image, if it decodes).
    var animation: AnimatedImage?
    var animationKey: ImageCache.DecodedKey?
    var animationFailed = false
    var animationStart: Double?
    var wakeAt = -1.0
    /// The decode asked for and not yet arrived (asked once), and whether pixels arrived since
    /// the node was last drawn (its next evaluation draws it again).
    var requested: ImageCache.DecodedKey?
    var arrived = false
    /// `.resizable(capInsets:)`'s slices of `box`.
    var slices: ImageSlices?
    init(name: String, bundleID: UInt16, source: ImageCache.Source?) { self.name = name; self.bundleID = bundleID; self.source = source }

    /// The pixels for `key` (nil: it does not decode), from the cache or the decode queue.
    func receive(_ key: ImageCache.DecodedKey, _ decoded: ImageCache.Decoded?) {
        if requested == key { requested = nil }
        if key.animated {
            animationKey = key
            if let frames = decoded?.frames { animation = frames } else { animationFailed = animation == nil }
        } else {
            reduction = key.reduction
            box = decoded?.still
        }
        arrived = true
    }
}

/// Pixels decoded ahead of drawing (AsyncImage decodes off the main thread) and their size in
/// points: the pixel size divided by the scale.
final class DecodedImage {
    let box: ImageBox
    let size: CGSize
    convenience init(_ surface: Surface, scale: CGFloat) { self.init(box: ImageBox(surface), scale: scale) }
    init(box: ImageBox, scale: CGFloat) {
        self.box = box
        let s = scale.isFinite && scale > 0 ? scale : 1
        size = CGSize(width: CGFloat(box.surface.width) / s, height: CGFloat(box.surface.height) / s)
    }
}
