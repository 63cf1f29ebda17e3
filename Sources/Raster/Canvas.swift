// Canvas: the drawing API over one Surface. Holds the graphics state (transform, clip,
// opacity) with save/restore, and the scratch memory every draw reuses, so that drawing in a
// steady state allocates nothing. Not thread-safe: one Canvas per thread.

/// Draws paths, rectangles, images and masks onto a surface.
///
///     let canvas = Canvas(surface)
///     canvas.fill(.roundedRect(Rect(10, 10, 100, 40), cornerRadius: 8), with: .solid(.blue))
public final class Canvas {
    /// The surface drawn into.
    public let surface: Surface
    /// User → device transform applied to paths and paints. Default identity.
    public var transform: Affine = .identity
    /// Device pixels that may change; always intersected with the surface bounds.
    public var clip: IntRect {
        get { _clip }
        set { _clip = newValue.intersection(surface.bounds) }
    }
    /// Global alpha multiplier in 0…1 (NaN counts as 0). Default 1.
    public var opacity: Double = 1
    /// Maximum distance, in device pixels, between a curve and the lines that replace it. Default 0.1.
    public var flatness: Double = 0.1

    var _clip: IntRect
    struct State { var transform: Affine; var clip: IntRect; var opacity: Double }
    var stack: [State] = []
    let scratch = RasterScratch()

    public init(_ surface: Surface) {
        self.surface = surface
        _clip = surface.bounds
        stack.reserveCapacity(16)
    }

    /// Pushes transform, clip and opacity.
    public func save() { stack.append(State(transform: transform, clip: _clip, opacity: opacity)) }
    /// Pops what the matching `save()` pushed; an unmatched restore does nothing.
    public func restore() {
        guard let s = stack.popLast() else { return }
        transform = s.transform; _clip = s.clip; opacity = s.opacity
    }
    /// Intersects the clip with a device rectangle.
    public func clip(to r: IntRect) { clip = _clip.intersection(r) }

    /// Opacity as 0…255.
    var opacity8: UInt32 { Pixel.unit8(opacity) }

    /// Replaces every pixel inside the clip with `color` (source copy; ignores opacity).
    public func clear(_ color: Color) { surface.fill(_clip, with: color.premultiplied) }

    /// Fills `path` with `paint` under the current transform, clip and opacity.
    public func fill(_ path: Path, with paint: Paint, rule: FillRule = .nonZero) {
        if _clip.isEmpty || opacity8 == 0 { return }
        if let r = path.axisAlignedRect, transform.b == 0, transform.c == 0 {
            fill(r, with: paint); return
        }
        if path.elements.count >= 10, let n = RectListRasterizer.collect(path, transform: transform, scratch: scratch) {
            withSink(paint) { sink in RectListRasterizer.fill(count: n, clip: _clip, rule: rule, scratch: scratch, sink: &sink) }
            return
        }
        guard let bounds = Rasterizer.buildSegments(path, transform: transform, tolerance: flatness, scratch: scratch) else { return }
        withSink(paint) { sink in
            Rasterizer.sweep(scratch: scratch, bounds: bounds, clip: _clip, rule: rule, sink: &sink)
        }
    }

    /// Fills a rectangle. Axis-aligned transforms take a fast path with exact edge coverage and
    /// no scan conversion; others fill the transformed rectangle as a path.
    public func fill(_ rect: Rect, with paint: Paint) {
        if _clip.isEmpty || opacity8 == 0 { return }
        guard transform.b == 0, transform.c == 0 else { fill(Path.rect(rect), with: paint); return }
        let d = transform.apply(rect.standardized)
        if d.isEmpty { return }
        withSink(paint) { sink in BoxRasterizer.fill(d, clip: _clip, sink: &sink) }
    }

    /// Composites an 8-bit coverage mask whose top-left pixel lands on device pixel (x, y),
    /// painting `paint` through it (source-over, × opacity, clipped). The transform is ignored:
    /// callers place masks (glyph bitmaps) in device space.
    public func fillMask(_ mask: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int,
                         x: Int, y: Int, with paint: Paint) {
        if _clip.isEmpty || opacity8 == 0 || width <= 0 || height <= 0 { return }
        let r = IntRect(x: x, y: y, width: width, height: height).intersection(_clip)
        if r.isEmpty { return }
        withSink(paint) { sink in
            for yy in r.y0..<r.y1 {
                sink.mask(x: r.x0, y: yy, count: r.width, mask: mask + (yy - y) * stride + (r.x0 - x))
            }
        }
    }

    /// Runs `body` with the coverage sink for `paint` at the current opacity.
    @inline(__always) func withSink(_ paint: Paint, _ body: (inout SolidSink) -> Void) {
        switch paint {
        case .solid(let c):
            var sink = SolidSink(surface: surface, color: Pixel.scale(c.premultiplied, opacity8))
            body(&sink)
        default:
            // Gradients and images arrive with the shader kernels.
            break
        }
    }
}

extension Path {
    /// The rectangle this path is, when it is exactly one closed axis-aligned rectangle.
    var axisAlignedRect: Rect? {
        let e = elements
        guard e.count == 5 || e.count == 6, case .move(let p0) = e[0],
              case .line(let p1) = e[1], case .line(let p2) = e[2], case .line(let p3) = e[3] else { return nil }
        if e.count == 6 { guard case .line(let p4) = e[4], p4 == p0, case .close = e[5] else { return nil } }
        else { guard case .close = e[4] else { return nil } }
        let h = p0.y == p1.y && p1.x == p2.x && p2.y == p3.y && p3.x == p0.x
        let v = p0.x == p1.x && p1.y == p2.y && p2.x == p3.x && p3.y == p0.y
        guard h || v, p0.isFinite, p2.isFinite else { return nil }
        return Rect(corners: p0, p2)
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
        var one: UInt8 = 0
        for y in box.y0..<box.y1 {
            let cy = overlap(y, y0, y1)
            if cl < 1 {
                one = UInt8(truncatingIfNeeded: Int32(cl * cy * 255 + 0.5))
                if one != 0 { withUnsafePointer(to: &one) { sink.mask(x: box.x0, y: y, count: 1, mask: $0) } }
            }
            if interiorEnd > interiorStart {
                let v = UInt8(truncatingIfNeeded: Int32(cy * 255 + 0.5))
                if v != 0 { sink.run(x: interiorStart, y: y, count: interiorEnd - interiorStart, coverage: v) }
            }
            if cr < 1 && box.x1 - 1 >= interiorStart && !(box.x1 - 1 == box.x0 && cl < 1) {
                one = UInt8(truncatingIfNeeded: Int32(cr * cy * 255 + 0.5))
                if one != 0 { withUnsafePointer(to: &one) { sink.mask(x: box.x1 - 1, y: y, count: 1, mask: $0) } }
            }
        }
    }
}
