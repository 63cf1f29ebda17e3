// Canvas: the drawing API over one Surface. Holds the graphics state (transform, clip,
// opacity) with save/restore, and the scratch memory every draw reuses, so that drawing in a
// steady state allocates nothing. Not thread-safe: one Canvas per thread.

/// How a draw combines with the pixels under it.
public enum CompositeOperator: Hashable, Sendable {
    /// Paint over what is there (premultiplied source-over). The default.
    case sourceOver
    /// Replace what is there, in proportion to coverage × opacity: src·c + dst·(1 − c), as
    /// cairo's SOURCE operator. Use it to punch transparent holes or reset a region.
    case copy
}

/// Draws paths, rectangles, images and masks onto a surface.
///
///     let canvas = Canvas(surface)
///     canvas.fill(.roundedRect(Rect(10, 10, 100, 40), cornerRadius: 8), with: .solid(.blue))
public final class Canvas {
    // The graphics state and reused paths skip dynamic exclusivity checks (`@exclusivity(unchecked)`):
    // a Canvas is used from one thread and no draw re-enters another. Checked, each access cost
    // ≈ 75 instructions in swift_beginAccess plus its thread-local access set; save() and
    // restore() made 5 each, ≈ 1 500 instructions per Canvas draw of particles-2000 (callgrind).
    // The public state is computed over that storage: a public stored property set from
    // another module is checked in the caller, whatever the attribute says.
    @exclusivity(unchecked) public private(set) var surface: Surface
    /// User → device transform applied to paths and paints. Default identity.
    public var transform: Affine { get { _transform } set { _transform = newValue } }
    /// Device pixels that may change; always intersected with the surface bounds.
    public var clip: IntRect {
        get { _clip }
        set { _clip = newValue.intersection(surface.bounds) }
    }
    /// An extra clip: only pixels inside these rectangles (and `clip`) change. Damage-driven
    /// redraws set it to the frame's dirty region. Default nil (no extra clip).
    public var clipRegion: Region? { get { _clipRegion } set { _clipRegion = newValue } }
    /// How drawing combines with what is there. Default `.sourceOver`.
    public var compositing: CompositeOperator { get { _compositing } set { _compositing = newValue } }
    /// Global alpha multiplier in 0…1 (NaN counts as 0). Default 1.
    public var opacity: Double { get { _opacity } set { _opacity = newValue } }
    /// Maximum distance, in device pixels, between a curve and the lines that replace it. Default 0.1.
    public var flatness: Double { get { _flatness } set { _flatness = newValue } }

    @exclusivity(unchecked) var _transform: Affine = .identity
    @exclusivity(unchecked) var _clipRegion: Region?
    @exclusivity(unchecked) var _compositing: CompositeOperator = .sourceOver
    @exclusivity(unchecked) var _opacity: Double = 1
    @exclusivity(unchecked) var _flatness: Double = 0.1
    @exclusivity(unchecked) var _clip: IntRect
    struct State { var transform: Affine; var clip: IntRect; var clipRegion: Region?; var opacity: Double
                   var compositing: CompositeOperator }
    @exclusivity(unchecked) var stack: [State] = []
    let scratch = RasterScratch.take()
    /// The scratch's, pooled with it.
    var shaderCache: ShaderCache { scratch.shaders }
    @exclusivity(unchecked) var stroker = Stroker()
    /// The outline the last stroke drew from (empty when it built none: it could not show).
    var strokeOutline: Path { lastStrokeSlot.map { strokeCache[$0].outline } ?? Path() }
    @exclusivity(unchecked) var lastStrokeSlot: Int? = nil
    /// The outlines of recent strokes, by path, style and tolerance (`strokeOutline(of:)`).
    @exclusivity(unchecked) var strokeCache: [StrokeCacheEntry] = []
    @exclusivity(unchecked) var strokeCacheNext = 0
    @exclusivity(unchecked) var quad = Path()
    /// The current draw's shader lives here and the sink points at it: copying a PaintShader
    /// into the sink per span cost an outlined copy with retains (24 M instructions of memcpy
    /// on 1000 rrects under callgrind).
    let shaderSlot = UnsafeMutablePointer<PaintShader>.allocate(capacity: 1)
    @exclusivity(unchecked) var shaderSlotLive = false

    deinit {
        if shaderSlotLive { shaderSlot.deinitialize(count: 1) }
        shaderSlot.deallocate()
        RasterScratch.give(scratch)
    }

    public init(_ surface: Surface) {
        self.surface = surface
        _clip = surface.bounds
        stack.reserveCapacity(16)
    }

    /// Points the canvas at another surface with the default graphics state (identity
    /// transform, whole-surface clip, no clip region, opacity 1, source-over, flatness 0.1),
    /// keeping its scratch memory. A layer drawn per frame should reuse one canvas this way: a
    /// new Canvas zeroes ≈ 130 KB of coverage scratch and makes a dozen allocations (13 % of
    /// the LVGL benchmark's scrolling-containers frame at 1920×1080, under callgrind).
    public func reset(surface: Surface) {
        self.surface = surface
        _clip = surface.bounds
        _transform = .identity
        _clipRegion = nil
        _compositing = .sourceOver
        _opacity = 1
        _flatness = 0.1
        stack.removeAll(keepingCapacity: true)
        shaderCache.invalidateRow()
    }

    /// Pushes transform, clip, clip region, opacity and compositing.
    public func save() { stack.append(State(transform: transform, clip: _clip, clipRegion: clipRegion, opacity: opacity,
                                       compositing: compositing)) }
    /// Pops what the matching `save()` pushed; an unmatched restore does nothing.
    public func restore() {
        guard let s = stack.popLast() else { return }
        transform = s.transform; _clip = s.clip; clipRegion = s.clipRegion; opacity = s.opacity
        compositing = s.compositing
    }
    /// Intersects the clip with a device rectangle.
    public func clip(to r: IntRect) { clip = _clip.intersection(r) }

    /// Opacity as 0…255.
    var opacity8: UInt32 { Pixel.unit8(opacity) }

    /// Replaces every pixel inside the clip with `color` (source copy; ignores opacity).
    public func clear(_ color: Color) {
        let p = color.premultiplied
        forEachClip { surface.fill($0, with: p) }
    }

    /// Calls `body` with each device rectangle drawing may touch: the clip, or its intersection
    /// with each rectangle of `clipRegion` (disjoint, so nothing is painted twice).
    @inline(__always) func forEachClip(_ body: (IntRect) -> Void) {
        guard let region = clipRegion else { if !_clip.isEmpty { body(_clip) }; return }
        for r in region.rects {
            let c = r.intersection(_clip)
            if !c.isEmpty { body(c) }
        }
    }

    /// The device rectangle `path` covers under the current transform when it is exactly one
    /// axis-aligned rectangle (what `fill` draws as a box), else nil. The engine uses it to
    /// skip clearing damage an opaque rectangle will cover anyway.
    public func deviceRectangle(of path: Path) -> Rect? {
        guard RectListRasterizer.collect(path, transform: transform, scratch: scratch) == 1 else { return nil }
        let b = scratch.boxes.base
        return Rect(x: b[0], y: b[1], width: b[2] - b[0], height: b[3] - b[1])
    }

    /// Fills `path` with `paint` under the current transform, clip and opacity.
    public func fill(_ path: Path, with paint: Paint, rule: FillRule = .nonZero) {
        if _clip.isEmpty || opacity8 == 0 { return }
        // A ring segment (two arcs and a close) under a similarity: analytic coverage, a few
        // runs and edge pixels a row (SectorRasterizer). Either fill rule: it is one simple
        // region. Chosen by the path and transform alone, never the clip.
        if let hint = path.sector, let s = DeviceSector(hint, transform: transform) { fill(s, with: paint); return }
        if let n = RectListRasterizer.collect(path, transform: transform, scratch: scratch) {
            if n == 1 {
                // One rectangle: exact edge coverage as a box, no band bookkeeping.
                let b = scratch.boxes.base
                let d = Rect(x: b[0], y: b[1], width: b[2] - b[0], height: b[3] - b[1])
                if !d.isEmpty { withSink(paint) { sink in forEachClip { BoxRasterizer.fill(d, clip: $0, sink: &sink) } } }
                return
            }
            withSink(paint) { sink in
                forEachClip { RectListRasterizer.fill(count: n, clip: $0, rule: rule, scratch: scratch, sink: &sink) }
            }
            return
        }
        guard let bounds = Rasterizer.buildSegments(path, transform: transform, tolerance: flatness, clip: _clip, scratch: scratch) else { return }
        // A few pixels across: one accumulation over the whole box (TinyRasterizer). Rounded
        // rects keep their own path below (boxes for the straight rows).
        let area = IntRect(covering: Rect(corners: Point(bounds.0, bounds.1), Point(bounds.2, bounds.3)))
        // The box drawn is the shape's within the clip: a large shape repainted in a small damage
        // rectangle (a changed arc's few pixels) is as tiny as a small one. Exact either way: a
        // pixel's value does not depend on the rasterizer or the clip that draws it.
        if path.roundedRect == nil, TinyRasterizer.takes(area) || (clipRegion == nil && TinyRasterizer.takes(area.intersection(_clip))) {
            withSink(paint) { sink in
                forEachClip { clip in
                    let box = area.intersection(clip)
                    if !box.isEmpty { TinyRasterizer.sweep(scratch: scratch, box: box, rule: rule, sink: &sink) }
                }
            }
            return
        }
        // A rounded rectangle under a scale+translate: only the rows holding corners need scan
        // conversion; the rows between are exact boxes (pixel coverage = horizontal overlap).
        // Measured on 1000 rrects of 16–256 px: see the closing note of issue 2.
        var band: StraightRows? = nil
        if let rr = path.roundedRect, transform.b == 0, transform.c == 0, transform.a > 0, transform.d > 0 {
            let d = transform.apply(rr.rect)
            let top = d.minY + Swift.max(rr.radii.topLeft, rr.radii.topRight) * transform.d
            let bottom = d.maxY - Swift.max(rr.radii.bottomLeft, rr.radii.bottomRight) * transform.d
            if d.width > 0, let rows = StraightRows.rows(top, bottom) {
                band = StraightRows(rows: rows, first: Rect(x: d.minX, y: Double(rows.0), width: d.width, height: Double(rows.1 - rows.0)))
            }
        }
        scanSegments(bounds: bounds, rule: rule, paint: paint, band: band)
    }

    /// A ring segment's analytic fill (SectorRasterizer).
    func fill(_ s: DeviceSector, with paint: Paint) {
        scratch.coverage.reserve(_clip.width)
        let cov = scratch.coverage.base
        withSink(paint) { sink in forEachClip { SectorRasterizer.fill(s, clip: $0, cov: cov, sink: &sink) } }
    }

    /// Rows `rows.0 ..< rows.1` of a shape that are one or two exact boxes (`first`, `second`),
    /// the rest scan-converted from the segments in the scratch.
    struct StraightRows {
        var rows: (Int, Int)
        var first: Rect
        var second: Rect? = nil

        /// The whole device rows between `top` and `bottom`, or nil when there are none (or the
        /// values are not usable numbers).
        static func rows(_ top: Double, _ bottom: Double) -> (Int, Int)? {
            guard top.isFinite, bottom.isFinite, Swift.abs(top) < 1e9, Swift.abs(bottom) < 1e9 else { return nil }
            let y0 = Int(top.rounded(.up)), y1 = Int(bottom.rounded(.down))
            return y1 > y0 ? (y0, y1) : nil
        }
    }

    /// Scan-converts the segments in the scratch (device bounds `bounds`) with `paint`; rows in
    /// `band` are its boxes instead.
    func scanSegments(bounds: (Double, Double, Double, Double), rule: FillRule, paint: Paint, band: StraightRows?) {
        // One chain down and one up (rounded rects, ellipses, convex polygons): rows walk the
        // chains instead of bucketing segments into strips.
        let downChain = MonotoneRasterizer.chains(scratch)
        withSink(paint) { sink in
            @inline(__always) func scan(_ clip: IntRect, _ sink: inout PaintSink) {
                if let nd = downChain {
                    MonotoneRasterizer.sweep(scratch: scratch, downCount: nd, bounds: bounds, clip: clip, rule: rule, sink: &sink)
                } else {
                    Rasterizer.sweep(scratch: scratch, bounds: bounds, clip: clip, rule: rule, sink: &sink)
                }
            }
            forEachClip { clip in
                guard let band else { scan(clip, &sink); return }
                let (y0, y1) = band.rows
                // Scan-convert above and below the straight rows only; they are boxes.
                let above = IntRect(x0: clip.x0, y0: clip.y0, x1: clip.x1, y1: Swift.min(clip.y1, y0))
                let below = IntRect(x0: clip.x0, y0: Swift.max(clip.y0, y1), x1: clip.x1, y1: clip.y1)
                if !above.isEmpty { scan(above, &sink) }
                BoxRasterizer.fill(band.first, clip: clip, sink: &sink)
                if let second = band.second { BoxRasterizer.fill(second, clip: clip, sink: &sink) }
                if !below.isEmpty { scan(below, &sink) }
            }
        }
    }

    /// Strokes `path` with `paint` and `style` (line width and dashes in user units, so they
    /// scale with the transform, as in SwiftUI and cairo). The outline is flattened at
    /// `flatness / transform.maxScale` so it stays smooth when scaled up, then filled nonzero.
    /// Reuses the canvas's stroker and outline path: no allocation once they have grown.
    public func stroke(_ path: Path, with paint: Paint, style: StrokeStyle) {
        // A long outline not kept in the cache is let go now (see `strokeOutline(of:)`).
        if let s = lastStrokeSlot, strokeCache[s].tolerance.isNaN { strokeCache[s].outline = Path() }
        lastStrokeSlot = nil
        if _clip.isEmpty || opacity8 == 0 { return }
        let scale = transform.maxScale
        guard scale.isFinite, scale > 0 else { return }
        if strokeCannotShow(path, style: style, scale: scale) { return }
        // One arc (as `addArc` or a trimmed circle makes it) stroked with flat or round ends is
        // a ring segment (with a disc at each end): drawn analytically, no outline.
        if style.dash.isEmpty, let h = path.sector,
           let s = DeviceSector(stroking: h, width: style.lineWidth, cap: style.lineCap, transform: transform) {
            fill(s, with: paint)
            return
        }
        let strokeOutline = strokeOutline(of: path, style: style, tolerance: flatness / scale)
        if let band = strokedRoundedRectRows(path, style: style) {
            guard let bounds = Rasterizer.buildSegments(strokeOutline, transform: transform, tolerance: flatness,
                                                        clip: _clip, scratch: scratch) else { return }
            scanSegments(bounds: bounds, rule: .nonZero, paint: paint, band: band)
            return
        }
        fill(strokeOutline, with: paint, rule: .nonZero)
    }

    /// How many stroke outlines the canvas keeps.
    static let strokeCacheSize = 64
    /// Outlines longer than this are built for the call and not kept.
    static let strokeCacheMaxElements = 4096

    /// The outline `stroker` makes of `path` — from the cache when a recent stroke had the
    /// same path, style and tolerance (the outline is in the path's own coordinates, so a
    /// moved or scrolled border is the same outline). Replaced round-robin; a replaced entry's
    /// storage is reused, so a steady frame allocates nothing here. LVGL scene 16 at 800×480:
    /// 8 376 strokes of panel borders and text areas rebuilt every frame, 133 M of its 3.67 G
    /// instructions in the stroker (callgrind).
    func strokeOutline(of path: Path, style: StrokeStyle, tolerance: Double) -> Path {
        for i in strokeCache.indices where strokeCache[i].tolerance == tolerance && strokeCache[i].path == path && strokeCache[i].style == style {
            lastStrokeSlot = i
            return strokeCache[i].outline
        }
        let slot: Int
        if strokeCache.count < Self.strokeCacheSize {
            strokeCache.append(StrokeCacheEntry(path: path, style: style, tolerance: tolerance, outline: Path()))
            slot = strokeCache.count - 1
        } else {
            slot = strokeCacheNext
            strokeCacheNext = (strokeCacheNext + 1) % Self.strokeCacheSize
            strokeCache[slot].path = path
            strokeCache[slot].style = style
            strokeCache[slot].tolerance = tolerance
        }
        strokeCache[slot].outline.removeAll(keepingCapacity: true)
        stroker.stroke(path, style: style, tolerance: tolerance, into: &strokeCache[slot].outline)
        lastStrokeSlot = slot
        if strokeCache[slot].outline.stored.count > Self.strokeCacheMaxElements {
            // Not kept (64 such outlines would hold megabytes): it never matches, and the next
            // stroke lets its storage go.
            strokeCache[slot].path = Path()
            strokeCache[slot].tolerance = .nan
        }
        return strokeCache[slot].outline
    }

    /// The rows of a solid stroke of a rounded rectangle (under a scale+translate) where the
    /// outline is just the two vertical sides' strips: a half width below the top corners and
    /// above the bottom ones. With every radius at least the half width, the corner arcs and their inner offsets
    /// stay within their corners' rows, so those rows are two exact boxes instead of a sweep
    /// over the whole width with four edges a row. Card borders (LVGL scenes 11–15, 270×120,
    /// radius 10, 2 px): see ENGINE.md. Nil when the stroke is dashed, a radius is below the
    /// half width (the stroker's inner offsets then reach the straight rows: measured 3–5/255
    /// off in the tests), or the strips would share a pixel column.
    func strokedRoundedRectRows(_ path: Path, style: StrokeStyle) -> StraightRows? {
        guard let rr = path.roundedRect, style.dash.isEmpty, transform.b == 0, transform.c == 0,
              transform.a > 0, transform.d > 0 else { return nil }
        let r = rr.radii, hw = style.lineWidth / 2
        guard Swift.min(Swift.min(r.topLeft, r.topRight), Swift.min(r.bottomLeft, r.bottomRight)) >= hw,
              hw > 0, rr.rect.width > 2 * hw, rr.rect.height > 2 * hw else { return nil }
        let t = transform
        // A half width of margin past the corners: the stroker joins each arc to its side
        // through points up to a half width away (rows next to a corner were 8/255 off without).
        let top = t.d * (rr.rect.minY + Swift.max(r.topLeft, r.topRight) + hw) + t.ty
        let bottom = t.d * (rr.rect.maxY - Swift.max(r.bottomLeft, r.bottomRight) - hw) + t.ty
        guard let rows = StraightRows.rows(top, bottom) else { return nil }
        let w = t.a * 2 * hw, h = Double(rows.1 - rows.0)
        let left = t.a * (rr.rect.minX - hw) + t.tx, right = t.a * (rr.rect.maxX - hw) + t.tx
        // Each box paints its pixels once: two boxes sharing a pixel would blend it twice.
        guard left.isFinite, right.isFinite, w.isFinite, (left + w).rounded(.up) <= right.rounded(.down) else { return nil }
        return StraightRows(rows: rows, first: Rect(x: left, y: Double(rows.0), width: w, height: h),
                            second: Rect(x: right, y: Double(rows.0), width: w, height: h))
    }

    /// Whether a stroke is known to draw nothing before its outline is built: its half width
    /// is past the rasterizer's ±10¹⁵ device pixels (documented on `StrokeStyle`), or the
    /// outline cannot reach the clip — it lies within the control points' box grown by the
    /// farthest a join or cap goes from the path (the miter limit, or √2 for square caps and
    /// slight turns, times half the width). A 10³⁰-wide stroke of a 10³⁰-sized curve made a
    /// 174 640-element outline that was then dropped: 2.7 s of one fuzz-path input under ASan.
    func strokeCannotShow(_ path: Path, style: StrokeStyle, scale: Double) -> Bool {
        let hw = style.lineWidth / 2
        // The smallest singular value of the linear part: how short a mapped unit vector gets.
        let t = transform
        let p = t.a * t.a + t.b * t.b, q = t.c * t.c + t.d * t.d, r = t.a * t.c + t.b * t.d
        let minScale = Swift.max(0, (p + q) * 0.5 - ((p - q) * (p - q) * 0.25 + r * r).squareRoot()).squareRoot()
        if hw * minScale > SubpathFlattener.deviceLimit { return true }
        let limit = style.lineJoin == .miter && style.miterLimit >= 1 ? style.miterLimit : 1
        let reach = hw * Swift.max(2.0.squareRoot(), limit) * scale * 1.001 + 2
        let b = path.controlPointBounds
        let c0 = t.apply(Point(b.minX, b.minY)), c1 = t.apply(Point(b.maxX, b.minY))
        let c2 = t.apply(Point(b.minX, b.maxY)), c3 = t.apply(Point(b.maxX, b.maxY))
        let x0 = Swift.min(Swift.min(c0.x, c1.x), Swift.min(c2.x, c3.x)), x1 = Swift.max(Swift.max(c0.x, c1.x), Swift.max(c2.x, c3.x))
        let y0 = Swift.min(Swift.min(c0.y, c1.y), Swift.min(c2.y, c3.y)), y1 = Swift.max(Swift.max(c0.y, c1.y), Swift.max(c2.y, c3.y))
        // Comparisons with NaN are false: a box that is not a number culls nothing.
        return x1 + reach < Double(_clip.x0) || x0 - reach > Double(_clip.x1)
            || y1 + reach < Double(_clip.y0) || y0 - reach > Double(_clip.y1)
    }

    /// Fills a rectangle. Axis-aligned transforms take a fast path with exact edge coverage and
    /// no scan conversion; others fill the transformed rectangle as a path.
    public func fill(_ rect: Rect, with paint: Paint) {
        if _clip.isEmpty || opacity8 == 0 { return }
        guard transform.b == 0, transform.c == 0 else { fill(Path.rect(rect), with: paint); return }
        let d = transform.apply(rect.standardized)
        if d.isEmpty { return }
        withSink(paint) { sink in
            if sink.blits(d) { forEachClip { sink.blit(d, clip: $0) }; return }
            forEachClip { BoxRasterizer.fill(d, clip: $0, sink: &sink) }
        }
    }

    /// Composites an 8-bit coverage mask whose top-left pixel lands on device pixel (x, y),
    /// painting `paint` through it (source-over, × opacity, clipped). The transform is ignored:
    /// callers place masks (glyph bitmaps) in device space.
    public func fillMask(_ mask: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int,
                         x: Int, y: Int, with paint: Paint) {
        if _clip.isEmpty || opacity8 == 0 || width <= 0 || height <= 0 { return }
        let box = IntRect(x: x, y: y, width: width, height: height)
        withSink(paint) { sink in
            forEachClip { clip in
                let r = box.intersection(clip)
                if r.isEmpty { return }
                for yy in r.y0..<r.y1 {
                    Self.maskRow(&sink, x: r.x0, y: yy, count: r.width, mask: mask + (yy - y) * stride + (r.x0 - x))
                }
            }
        }
    }

    /// One row of a mask: stretches of full coverage (32 pixels or more) go through `run`, the
    /// rest through `mask`. A shape clip's mask is full inside the shape, and a run blends an
    /// aligned image straight from its rows (an opaque one is a row copy) where `mask` shades
    /// it into the colour buffer first and weighs every pixel: bench-grid-1000's rounded
    /// thumbnails, composited through their clip, were a quarter of a frame.
    @inline(__always)
    static func maskRow(_ sink: inout PaintSink, x: Int, y: Int, count: Int, mask: UnsafePointer<UInt8>) {
        guard count >= 32 else { sink.mask(x: x, y: y, count: count, mask: mask); return }
        let raw = UnsafeRawPointer(mask)
        var start = 0, i = 0
        while i + 8 <= count {
            guard raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) == ~0 else { i += 8; continue }
            var j = i + 8
            while j + 8 <= count && raw.loadUnaligned(fromByteOffset: j, as: UInt64.self) == ~0 { j += 8 }
            while j < count && mask[j] == 255 { j += 1 }
            var k = i
            while k > start && mask[k - 1] == 255 { k -= 1 }
            if j - k >= 32 {
                if k > start { sink.mask(x: x + start, y: y, count: k - start, mask: mask + start) }
                sink.run(x: x + k, y: y, count: j - k, coverage: 255)
                start = j
            }
            i = j
        }
        if count > start { sink.mask(x: x + start, y: y, count: count - start, mask: mask + start) }
    }

    /// Draws `image` placed by `transform` (image pixels → user space, then the canvas
    /// transform), at the current opacity and clip. Default: at the origin, bilinear.
    public func drawImage(_ image: Surface, transform t: Affine = .identity, sampling: Sampling = .bilinear) {
        if image.width == 0 || image.height == 0 { return }
        let pattern = ImagePattern(image: image, transform: t, sampling: sampling)
        let r = Rect(0, 0, Double(image.width), Double(image.height))
        if t.b == 0 && t.c == 0 { fill(t.apply(r), with: .image(pattern)); return }
        // The transformed quad, in a path the canvas keeps (Path.rect(r).applying(t) cost
        // 4 allocations per draw).
        quad.removeAll(keepingCapacity: true)
        quad.move(to: t.apply(Point(0, 0))); quad.line(to: t.apply(Point(r.maxX, 0)))
        quad.line(to: t.apply(Point(r.maxX, r.maxY))); quad.line(to: t.apply(Point(0, r.maxY))); quad.close()
        fill(quad, with: .image(pattern))
    }

    /// Runs `body` with the coverage sink for `paint` at the current opacity; not at all when
    /// the paint draws nothing (transparent, no stops, singular pattern transform).
    @inline(__always) func withSink(_ paint: Paint, _ body: (inout PaintSink) -> Void) {
        var sink: PaintSink
        let copy = compositing == .copy
        var coverageScale: UInt32 = 255
        if case .solid(let c) = paint {
            // Source-over folds opacity into the colour; copy folds it into coverage.
            let p = copy ? c.premultiplied : Pixel.scale(c.premultiplied, opacity8)
            if p == 0 && !copy { return }
            sink = PaintSink(surface: surface, solid: p, shader: nil, colors: scratch.colors.base)
            if !copy {
                // Coverage → scaled colour table for branch-free masks; rebuilt only when the
                // colour changes (table[255] is the colour it was built for).
                let t = scratch.maskTable.base
                if t[255] != p { for m in 0..<256 { t[m] = Pixel.scale(p, UInt32(m)) } }
                sink.table = t
            }
        } else {
            // A pixel-aligned image (integer translation only) is copied row by row; its opacity
            // then goes into the blend's coverage instead of a second pass over each span:
            // (e') 640×480 at α 0.8 went from 16 to 13 instructions a pixel (callgrind); the
            // spans then blend straight from the image's rows (PaintSink.image): 8.7.
            var alignedImage = false
            var imageOrigin = (x: 0, y: 0)
            if !copy, case .image(let p) = paint {
                let t = p.transform.concatenating(transform)
                alignedImage = t.isTranslation && t.tx == t.tx.rounded() && t.ty == t.ty.rounded()
                    && Swift.abs(t.tx) < 1e9 && Swift.abs(t.ty) < 1e9     // NaN and ±inf fail these
                if alignedImage { imageOrigin = (Int(t.tx), Int(t.ty)) }
            }
            guard let shader = makeShader(for: paint, transform: transform, opacity: copy || alignedImage ? 1 : opacity,
                                          cache: shaderCache) else {
                // A paint that draws nothing (no stops, singular pattern) is transparent: under
                // copy it still replaces the covered pixels, with transparent black.
                if copy { withSink(.solid(.clear), body) }
                return
            }
            if shaderSlotLive { shaderSlot.pointee = shader } else { shaderSlot.initialize(to: shader); shaderSlotLive = true }
            scratch.colors.reserve(Swift.max(surface.width, 1))
            sink = PaintSink(surface: surface, solid: 0, shader: shaderSlot, colors: scratch.colors.base)
            sink.shaderIsOpaque = shader.isOpaque
            if alignedImage, case .image(let p) = paint {
                // Spans blend straight from the image's rows (PaintSink.image).
                coverageScale = opacity8
                sink.image = UnsafePointer(p.image.base)
                sink.imageRowPixels = p.image.rowPixels
                sink.imageWidth = p.image.width; sink.imageHeight = p.image.height
                sink.imageOrigin = imageOrigin
                sink.imageIsOpaque = p.image.isOpaque
            }
        }
        if copy { sink.copy = true; sink.opacity = opacity8 }
        sink.coverageScale = coverageScale
        sink.k257 = scratch.k257
        body(&sink)
    }
}


/// Exact coverage of an axis-aligned rectangle in device space: pixel coverage is the product of
/// its horizontal and vertical overlap with the rectangle, so edges are as exact as the general
/// rasterizer's and interiors are plain runs.
enum BoxRasterizer {
    static func fill<Sink: CoverageSink>(_ d: Rect, clip: IntRect, sink: inout Sink) {
        let box = IntRect(covering: d).intersection(clip)
        if box.isEmpty { return }
        let x0 = d.minX, x1 = d.maxX, y0 = d.minY, y1 = d.maxY
        @inline(__always) func overlap(_ i: Int, _ a: Double, _ b: Double) -> Double {
            Swift.min(b, Double(i + 1)) - Swift.max(a, Double(i))
        }
        // Columns: first and last may be partial.
        let cl = overlap(box.x0, x0, x1), cr = overlap(box.x1 - 1, x0, x1)
        let interiorStart = cl < 1 ? box.x0 + 1 : box.x0
        let interiorEnd = (cr < 1 && box.x1 - 1 >= interiorStart) ? box.x1 - 1 : box.x1
        @inline(__always) func byte(_ v: Double) -> UInt8 { UInt8(truncatingIfNeeded: Int32(v * 255 + 0.5)) }
        let left = cl < 1, right = cr < 1 && box.x1 - 1 >= interiorStart && !(box.x1 - 1 == box.x0 && cl < 1)
        let interior = interiorEnd - interiorStart
        // Rows wholly inside (all but the first and last) have the same three coverages.
        let fullLeft = byte(cl), fullRight = byte(cr)
        @inline(__always) func rows(_ from: Int, _ to: Int, _ sink: inout Sink) {
            for y in from..<to {
                // Two rows ahead (beyond the box too: a rounded rect's bottom corners follow).
                sink.prefetch(x: box.x0, y: y &+ 2, count: box.width)
                let cy = overlap(y, y0, y1)
                let whole = cy == 1
                if left {
                    let v = whole ? fullLeft : byte(cl * cy)
                    if v != 0 { sink.pixel(x: box.x0, y: y, coverage: v) }
                }
                if interior > 0 {
                    let v = whole ? 255 : byte(cy)
                    if v != 0 { sink.run(x: interiorStart, y: y, count: interior, coverage: v) }
                }
                if right {
                    let v = whole ? fullRight : byte(cr * cy)
                    if v != 0 { sink.pixel(x: box.x1 - 1, y: y, coverage: v) }
                }
            }
        }
        // Rows wholly inside a box on whole columns are full-coverage runs of one length: the
        // sink may fill them without the loop above (LVGL scene 3, a 571×307 opaque rectangle,
        // spent a quarter of its fill time on that loop's per-row dispatch).
        if !left && !right && interior > 0 {
            // The rows y with y0 ≤ y and y + 1 ≤ y1, within the box.
            let w0 = y0 <= Double(box.y0) ? box.y0 : Swift.min(box.y1, box.y0 &+ 1)
            let w1 = y1 >= Double(box.y1) ? box.y1 : Swift.max(w0, box.y1 &- 1)
            if w1 > w0 && sink.fullRows(x: interiorStart, y0: w0, y1: w1, count: interior) {
                rows(box.y0, w0, &sink)
                rows(w1, box.y1, &sink)
                return
            }
        }
        rows(box.y0, box.y1, &sink)
    }
}

/// One stroke outline of `Canvas.strokeCache`.
struct StrokeCacheEntry {
    var path: Path
    var style: StrokeStyle
    var tolerance: Double
    var outline: Path
}
