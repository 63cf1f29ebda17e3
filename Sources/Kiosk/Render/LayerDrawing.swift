// LayerDrawing: effects that need the content drawn on its own first, then composited:
// clipping to a non-rectangular shape (rounded corners, circles) and drop shadows. The content
// is drawn into a scratch layer the size of the damaged part of its bounds; the clip shape
// becomes a coverage mask through which the layer is painted, or the layer's alpha is box-
// blurred (three passes ≈ a Gaussian) and painted in the shadow colour. Scratch memory is
// kept and only grows, so steady frames do not allocate.

import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A group effect on display items.
enum GroupEffect: Hashable {
    /// Clip to a path in device coordinates.
    case clip(Raster.Path)
    /// A shadow of the items' alpha: colour, blur radius, device offset.
    case shadow(Raster.Color, radius: Double, dx: Double, dy: Double)
    /// The items composited together, then faded (group opacity, as CALayer's).
    case opacity(Double)
    /// The items drawn as they are, in one item (a Canvas: one damage rectangle, one diff).
    case canvas
    /// The items' layer through a colour matrix (brightness, contrast, saturation, …).
    case colorMatrix(ColorMatrix)
    /// The items' layer blurred (device radius; see `BoxBlur`).
    case blur(radius: Double)
    /// The items' layer composited with a blend mode.
    case blend(PixelBlendMode)
    /// The items' layer shown through the alpha of the mask items (device coordinates).
    case mask([DisplayItem])
    /// The items' layer (their own device bounds) drawn through a homography into device space.
    case projection(Homography)
}

/// Blurred shadow masks by their unblurred alpha: the same shape moved by whole pixels (a card
/// sliding, a list of identical buttons) blurs to the same mask, so the blur — a third of a
/// frame in the LVGL card scenes — runs once. Hits are found by size, radius and a byte compare
/// of the alpha (≈ w·h/16 instructions against ≈ 60 per pixel for the blur). A few entries,
/// replaced round-robin; their buffers only grow, so steady frames do not allocate.
final class ShadowMaskCache {
    struct Entry {
        var width = 0, height = 0, radius = -1
        var alpha: UnsafeMutablePointer<UInt8>?
        var blurred: UnsafeMutablePointer<UInt8>?
        var capacity = 0
        /// The lookup that last used it (the least recently used entry is replaced).
        var used = 0
    }
    static let entryCount = 8
    /// Off, every blur is computed (tests compare the cached frames with that). One switch per
    /// cache, not a global: a test that turned a static switch off raced the renderers of the
    /// tests running beside it (ThreadSanitizer, `scripts/sanitize thread`).
    var isEnabled = true
    private var entries = [Entry](repeating: Entry(), count: ShadowMaskCache.entryCount)
    private var clock = 0
    private(set) var hits = 0, misses = 0

    deinit { for e in entries { e.alpha?.deallocate(); e.blurred?.deallocate() } }

    /// Replaces `mask` (w×h, unblurred) by its blur, from the cache or by `blur`.
    func blur(_ mask: UnsafeMutablePointer<UInt8>, width w: Int, height h: Int, radius: Int,
              blur: (UnsafeMutablePointer<UInt8>) -> Void) {
        let n = w * h
        guard isEnabled else { blur(mask); return }
        clock &+= 1
        var oldest = 0
        for i in entries.indices {
            let e = entries[i]
            if e.width == w, e.height == h, e.radius == radius, let a = e.alpha, let b = e.blurred,
               memcmp(a, mask, n) == 0 {
                mask.update(from: b, count: n)
                entries[i].used = clock
                hits &+= 1
                return
            }
            if e.used < entries[oldest].used { oldest = i }
        }
        misses &+= 1
        // Least recently used, not round-robin: a shadow cut by the screen's edge misses on
        // every frame it moves, and replacing in turn evicted the one every whole card hits
        // (scene 15: two or four misses a frame against eight entries).
        var e = entries[oldest]
        if e.capacity < n {
            e.alpha?.deallocate(); e.blurred?.deallocate()
            e.alpha = .allocate(capacity: n); e.blurred = .allocate(capacity: n); e.capacity = n
        }
        e.alpha!.update(from: mask, count: n)
        blur(mask)
        e.blurred!.update(from: mask, count: n)
        e.width = w; e.height = h; e.radius = radius; e.used = clock
        entries[oldest] = e
    }
}

final class LayerScratch {
    let shadows = ShadowMaskCache()
    private var storage: Surface?
    private var maskStorage: Surface?
    private var alpha: UnsafeMutablePointer<UInt8>?
    private var alphaCount = 0
    private var temp: UnsafeMutablePointer<UInt16>?
    private var tempCount = 0

    /// For groups inside groups: each level draws into its own layers.
    private(set) lazy var nested = LayerScratch()
    /// Blur buffers (they only grow).
    let blur = BlurScratch()
    /// Rendered 3-D layers kept while their content stays the same (a turning card redraws
    /// only its projection).
    let projections = ProjectionLayerCache()

    deinit { alpha?.deallocate(); temp?.deallocate() }

    private func surface(_ s: inout Surface?, width: Int, height: Int) -> Surface? {
        if let c = s, c.width >= width, c.height >= height { return c.subsurface(IntRect(x: 0, y: 0, width: width, height: height)) }
        let w = max(width, s?.width ?? 0), h = max(height, s?.height ?? 0)
        guard let fresh = try? Surface(width: w, height: h) else { return nil }
        s = fresh
        return fresh.subsurface(IntRect(x: 0, y: 0, width: width, height: height))
    }
    func layer(width: Int, height: Int) -> Surface? { surface(&storage, width: width, height: height) }
    /// A canvas on `surface` in its default state. One canvas per level, reset for each use:
    /// layers at one level are drawn one after another, and groups inside them draw through
    /// `nested`'s canvas.
    func canvas(on surface: Surface) -> Raster.Canvas {
        if let c = layerCanvas { c.reset(surface: surface); return c }
        let c = Raster.Canvas(surface)
        layerCanvas = c
        return c
    }
    private var layerCanvas: Raster.Canvas?
    func mask(width: Int, height: Int) -> Surface? { surface(&maskStorage, width: width, height: height) }
    func alphaBuffer(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        if count > alphaCount { alpha?.deallocate(); alpha = .allocate(capacity: count); alphaCount = count }
        return alpha!
    }
    func tempBuffer(_ count: Int) -> UnsafeMutablePointer<UInt16> {
        if count > tempCount { temp?.deallocate(); temp = .allocate(capacity: count); tempCount = count }
        return temp!
    }
}

/// Where a group's items land on the canvas it is drawn into: its items and effect geometry are
/// in device pixels; a group nested in another's layer is drawn `offset` whole pixels from there
/// (minus that layer's origin). The nesting group's `render` carries the offset in the nested
/// group item's transform (a group item's own transform is otherwise the identity).
typealias LayerOffset = (x: Int, y: Int)

enum LayerDrawing {
    /// The offset a group item's transform carries (see `LayerOffset`).
    static func offset(of groupItem: DisplayItem) -> LayerOffset {
        (Int(groupItem.transform.tx.rounded()), Int(groupItem.transform.ty.rounded()))
    }

    /// Draws `items` with `effect` into `canvas`, limited to `rect` (canvas pixels). `bounds`
    /// are the group's bounds on the canvas; the items are `offset` from device pixels.
    static func draw(_ items: [DisplayItem], effect: GroupEffect, bounds: IntRect, offset: LayerOffset = (0, 0), in rect: IntRect,
                     canvas: Raster.Canvas, scratch: LayerScratch, drawItem: (DisplayItem, IntRect, Raster.Canvas, LayerScratch) -> Void) {
        switch effect {
        case .clip(let path):
            let area = bounds.intersection(rect)
            guard !area.isEmpty, let maskSurface = scratch.mask(width: area.width, height: area.height) else { return }
            // One image at whole pixels (or its scaled copy) is painted through the mask
            // straight from its pixels, without a layer to clear and draw it into first.
            let direct = items.count == 1 ? directImage(items[0], offset: offset, canvas: canvas) : nil
            var layer: Surface?
            if direct == nil {
                guard let l = scratch.layer(width: area.width, height: area.height) else { return }
                render(items, into: l, origin: area, offset: offset, scratch: scratch, drawItem: drawItem)
                layer = l
            }
            let mc = scratch.canvas(on: maskSurface)
            mc.clear(.clear)
            mc.transform = .translation(Double(offset.x - area.x0), Double(offset.y - area.y0))
            mc.fill(path, with: .solid(.white))
            let mask = scratch.alphaBuffer(area.width * area.height)
            extractAlpha(maskSurface, into: mask)
            if let d = direct {
                composite(d.image, mask: mask, at: area, dx: 0, dy: 0,
                          paint: .image(ImagePattern(image: d.image, transform: .translation(Double(d.x), Double(d.y)), sampling: .nearest)),
                          canvas: canvas, clip: d.clip.map { rect.intersection($0) } ?? rect, opacity: d.opacity)
            } else if let layer {
                composite(layer, mask: mask, at: area, dx: 0, dy: 0, paint: nil, canvas: canvas, clip: rect)
            }
        case .opacity(let opacity):
            let area = bounds.intersection(rect)
            guard !area.isEmpty, let layer = scratch.layer(width: area.width, height: area.height) else { return }
            render(items, into: layer, origin: area, offset: offset, scratch: scratch, drawItem: drawItem)
            canvas.save()
            canvas.transform = .identity
            canvas.clip = canvas.clip.intersection(rect)
            canvas.opacity *= opacity
            canvas.drawImage(layer, transform: .translation(Double(area.x0), Double(area.y0)), sampling: .nearest)
            canvas.restore()
        case let .shadow(color, radius, dx, dy):
            let r = Int(max(0, min(radius, 200)).rounded(.up))
            // The three box passes spread the alpha 3·max(1, r/2) pixels (`BoxBlur.reach`),
            // farther than r: the layer must hold everything that reaches `rect`.
            let reach = r > 0 ? 3 * max(1, r / 2) : 0
            // The part of the content whose shadow can reach `rect`.
            let source = rect.offsetBy(-Int(dx.rounded()), -Int(dy.rounded())).insetBy(-reach)
            let area = bounds.insetBy(-reach).intersection(source)
            guard !area.isEmpty, let layer = scratch.layer(width: area.width, height: area.height) else { return }
            render(items, into: layer, origin: area, offset: offset, scratch: scratch, drawItem: drawItem)
            let mask = scratch.alphaBuffer(area.width * area.height)
            extractAlpha(layer, into: mask)
            scratch.shadows.blur(mask, width: area.width, height: area.height, radius: r) {
                boxBlur($0, width: area.width, height: area.height, radius: r, scratch: scratch)
            }
            composite(layer, mask: mask, at: area, dx: Int(dx.rounded()), dy: Int(dy.rounded()), paint: .solid(color),
                      canvas: canvas, clip: rect)
        case .canvas, .colorMatrix, .blur, .blend, .mask, .projection:
            LayerEffects.draw(items, effect: effect, bounds: bounds, offset: offset, in: rect, canvas: canvas, scratch: scratch, drawItem: drawItem)
        }
    }

    /// The pixels a clip group's only item draws when it is an image landing on whole pixels
    /// unscaled, or one with a scaled copy (ScaledImageCopies): where they go on the canvas,
    /// with the item's opacity and clip. Drawn into a transparent layer they would be the same
    /// pixels, so painting them through the clip's mask is what the layer's composite paints.
    static func directImage(_ item: DisplayItem, offset: LayerOffset, canvas: Raster.Canvas)
        -> (image: Surface, x: Int, y: Int, opacity: Double, clip: IntRect?)? {
        guard case let .image(box, r, sampling) = item.command, !box.extendsEdges, canvas.compositing == .sourceOver else { return nil }
        let image = box.surface
        guard let t = ImageDrawing.placement(of: image, in: r)?
            .concatenating(item.transform)
            .concatenating(.translation(Double(offset.x), Double(offset.y))) else { return nil }
        let clip = item.clip.map { $0.offsetBy(offset.x, offset.y) }
        if t.a == 1, t.d == 1, t.b == 0, t.c == 0, Swift.abs(t.tx) < 1e7, Swift.abs(t.ty) < 1e7,
           t.tx == t.tx.rounded(), t.ty == t.ty.rounded() {
            return (image, Int(t.tx), Int(t.ty), item.opacity, clip)
        }
        guard let (copy, x, y) = ScaledImageCopies.copy(of: box, device: t, sampling: sampling, canvas: canvas) else { return nil }
        return (copy, x, y, item.opacity, clip)
    }

    /// Draws `items` (device pixels moved by `offset`) into `layer`, whose pixel (0, 0) is
    /// `origin`'s top-left corner. A group among them gets the move in its transform, so its
    /// own items and geometry are moved the same way when it draws (nested groups: a shadow of
    /// a shadowed view, an opacity over a shadow).
    static func render(_ items: [DisplayItem], into layer: Surface, origin: IntRect, offset: LayerOffset = (0, 0), scratch: LayerScratch,
                       drawItem: (DisplayItem, IntRect, Raster.Canvas, LayerScratch) -> Void) {
        let lc = scratch.canvas(on: layer)
        lc.clear(.clear)
        let dx = offset.x - origin.x0, dy = offset.y - origin.y0
        let shift = Affine.translation(Double(dx), Double(dy))
        for var item in items {
            item.transform = item.transform.concatenating(shift)
            item.clip = item.clip.map { $0.offsetBy(dx, dy) }
            drawItem(item, IntRect(x: 0, y: 0, width: origin.width, height: origin.height), lc, scratch.nested)
        }
    }

    static func extractAlpha(_ s: Surface, into mask: UnsafeMutablePointer<UInt8>) {
        for y in 0..<s.height {
            let row = s.row(y), out = mask + y * s.width
            for x in 0..<s.width { out[x] = UInt8(truncatingIfNeeded: row[x] >> 24) }
        }
    }

    /// Three box blurs of half-width ≈ radius/2 in each direction (running sums, integers).
    static func boxBlur(_ m: UnsafeMutablePointer<UInt8>, width w: Int, height h: Int, radius: Int, scratch: LayerScratch) {
        let k = max(1, radius / 2)
        guard radius > 0, w > 0, h > 0 else { return }
        let line = scratch.tempBuffer(max(w, h))
        for _ in 0..<3 {
            for y in 0..<h { blurLine(m + y * w, count: w, step: 1, k: k, line: line) }
            for x in 0..<w { blurLine(m + x, count: h, step: w, k: k, line: line) }
        }
    }

    @inline(__always)
    private static func blurLine(_ p: UnsafeMutablePointer<UInt8>, count n: Int, step: Int, k: Int, line: UnsafeMutablePointer<UInt16>) {
        for i in 0..<n { line[i] = UInt16(p[i * step]) }
        let window = 2 * k + 1
        var sum = 0
        for i in -k...k where i >= 0 && i < n { sum += Int(line[i]) }
        for i in 0..<n {
            p[i * step] = UInt8(truncatingIfNeeded: (sum + window / 2) / window)
            let add = i + k + 1, sub = i - k
            if add < n { sum += Int(line[add]) }
            if sub >= 0 { sum -= Int(line[sub]) }
        }
    }

    /// Paints through `mask` at `area` + (dx, dy): the layer itself (paint nil) or a paint,
    /// at `opacity` times the canvas's.
    static func composite(_ layer: Surface, mask: UnsafeMutablePointer<UInt8>, at area: IntRect, dx: Int, dy: Int,
                                  paint: Paint?, canvas: Raster.Canvas, clip: IntRect, opacity: Double = 1) {
        canvas.save()
        canvas.transform = .identity
        canvas.clip = canvas.clip.intersection(clip)
        canvas.opacity *= opacity
        let p = paint ?? .image(ImagePattern(image: layer, transform: .translation(Double(area.x0 + dx), Double(area.y0 + dy)),
                                             sampling: .nearest))
        canvas.fillMask(mask, width: area.width, height: area.height, stride: area.width, x: area.x0 + dx, y: area.y0 + dy, with: p)
        canvas.restore()
    }
}

extension IntRect {
    func offsetBy(_ dx: Int, _ dy: Int) -> IntRect { IntRect(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy) }
    func insetBy(_ d: Int) -> IntRect { IntRect(x0: x0 + d, y0: y0 + d, x1: x1 - d, y1: y1 - d) }
}
