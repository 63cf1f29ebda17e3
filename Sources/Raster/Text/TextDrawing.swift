// TextDrawing: FontLibrary.draw — laid-out glyphs onto a Canvas. Under a plain translation
// (scale and rotation within 1/1000 of identity) each glyph is a cached coverage mask at a
// quarter-pixel phase, composited through the canvas's own paint sink (Canvas.withSink, the one
// fillMask uses) or, for solid colours, SolidGlyphBlender — bit-identical to fillMask, tested —
// so paint, opacity, clip and clipRegion behave as for paths. Under any other transform, and
// above 256 px, glyph outlines become one Path filled through the path rasterizer: rotated or
// zooming text stays sharp and moves smoothly instead of snapping.

extension FontLibrary {
    /// Largest deviation of the transform's linear part from identity still drawn with bitmaps
    /// (at 48 px it moves a glyph edge by < 0.05 px).
    public static let bitmapTransformTolerance = 1e-3

    /// Largest font size, in device pixels, drawn from cached glyph masks; larger text is
    /// filled as outlines, which costs in proportion to the visible part. A whole mask of a
    /// 2048 px glyph is about 4 MB to render and run-encode however little of it shows, and it
    /// would evict the rest of the glyph cache (fuzz-text: glyphs of 200–2048 px on a 48×24
    /// surface were 82 % of its instructions under callgrind, the run-encoding of their masks 57 %).
    public static let maxMaskSize = 256.0

    /// Draws `layout` with its top-left corner at `origin` (user space, under `canvas.transform`).
    ///
    ///     fonts.draw(layout, in: canvas, at: Point(20, 40), paint: .solid(.white))
    public func draw(_ layout: TextLayout, in canvas: Canvas, at origin: Point, paint: Paint) {
        guard origin.isFinite, !layout.runs.isEmpty else { return }
        let t = canvas.transform
        let tol = Self.bitmapTransformTolerance
        if abs(t.a - 1) <= tol && abs(t.d - 1) <= tol && abs(t.b) <= tol && abs(t.c) <= tol,
           layout.runs.allSatisfy({ Double($0.size64) <= Self.maxMaskSize * 64 }) {
            drawMasks(layout, in: canvas, at: origin, paint: paint)
        } else {
            canvas.fill(outlinePath(layout, at: origin, visibleIn: canvas), with: paint)
            drawColorGlyphImages(layout, in: canvas, at: origin)
        }
    }

    /// Colour glyphs (emoji) under a transform or above `maxMaskSize`: each the cached bitmap of
    /// its strike (or of `maxMaskSize` for COLR fonts), drawn as an image through the transform,
    /// bilinear, at the canvas's opacity. They have no outlines to fill.
    private func drawColorGlyphImages(_ layout: TextLayout, in canvas: Canvas, at origin: Point) {
        // As outlinePath: a transform that draws nothing draws no image either.
        let ct = canvas.transform
        let det = ct.determinant
        guard det.isFinite, det != 0, ct.maxScale.isFinite, ct.tx.isFinite, ct.ty.isFinite, !canvas.clip.isEmpty else { return }
        let clip = Rect(x: Double(canvas.clip.x0) - 1, y: Double(canvas.clip.y0) - 1,
                        width: Double(canvas.clip.width) + 2, height: Double(canvas.clip.height) + 2)
        for run in layout.runs where run.face.hasColor {
            let face = run.face
            let size = Double(run.size64) / 64
            let native = face.isColorBitmap ? (face.strikes.max() ?? size) : min(size, Self.maxMaskSize)
            let native64 = Int32((native * 64).rounded())
            guard native64 > 0 else { continue }
            let k = size / (Double(native64) / 64)
            for i in run.glyphs.indices {
                let glyph = run.glyphs[i]
                let key = GlyphCache.key(face: face.id, size64: native64, glyph: glyph, phase: 0)
                let b = glyphCache.bitmap(key) { GlyphRasterizer.renderColor(face: face, size64: native64, glyph: glyph) }
                guard let color = b.color, b.width > 0, b.height > 0,
                      let image = try? Surface(wrapping: UnsafeMutableRawPointer(color), width: Int(b.width), height: Int(b.height),
                                               stride: Int(b.width) * 4) else { continue }
                let t = Affine(a: k, b: 0, c: 0, d: k, tx: origin.x + run.xs[i] + Double(b.left) * k,
                               ty: origin.y + run.ys[i] - Double(b.top) * k)
                // Glyphs wholly outside the clip are skipped (30 000 of them, rotated, under fuzz-text-long).
                let box = t.concatenating(ct).apply(Rect(0, 0, Double(b.width), Double(b.height)))
                if box.maxX < clip.minX || box.minX > clip.maxX || box.maxY < clip.minY || box.minY > clip.maxY { continue }
                canvas.drawImage(image, transform: t)
            }
        }
    }

    /// The layout's glyph outlines as one path in user space (top-left of the box at `origin`).
    public func outlinePath(_ layout: TextLayout, at origin: Point) -> Path {
        outlinePath(layout, at: origin, visibleIn: nil)
    }

    /// With `canvas`, only the glyphs whose outline box, under the canvas transform, meets the
    /// canvas clip: 30 000 rotated glyphs of which a few are visible took > 10 s to outline and
    /// fill under fuzz-text (ASan), nearly all of it for glyphs off the surface.
    /// Under a transform that draws nothing — non-finite (the fill drops every point) or singular
    /// (every outline maps onto a line: no area) — it is empty, not 30 000 glyphs for the fill to
    /// drop (a quarter of fuzz-text-long's time replaying its corpus, perf).
    func outlinePath(_ layout: TextLayout, at origin: Point, visibleIn canvas: Canvas?) -> Path {
        var path = Path()
        if let t = canvas?.transform {
            let det = t.determinant   // ≠ 0 also means the fill's maxScale > 0
            guard det.isFinite, det != 0, t.maxScale.isFinite, t.tx.isFinite, t.ty.isFinite else { return path }
        }
        let clip = canvas.map { c in
            Rect(x: Double(c.clip.x0) - 1, y: Double(c.clip.y0) - 1, width: Double(c.clip.width) + 2, height: Double(c.clip.height) + 2)
        }
        for run in layout.runs {
            let s = Double(run.size64) / 64 / run.face.unitsPerEm
            for i in run.glyphs.indices {
                let outline = outlines.outline(face: run.face, glyph: run.glyphs[i])
                if outline.isEmpty { continue }
                let g = Affine(a: s, b: 0, c: 0, d: -s, tx: origin.x + run.xs[i], ty: origin.y + run.ys[i])
                if let canvas, let clip {
                    let box = g.concatenating(canvas.transform).apply(outline.bounds)
                    // Comparisons with NaN are false: a non-finite box is kept, for fill to judge.
                    if box.maxX < clip.minX || box.minX > clip.maxX || box.maxY < clip.minY || box.minY > clip.maxY { continue }
                }
                path.addPath(outline.path, transform: g)
            }
        }
        return path
    }

    /// Every glyph as a cached mask at a quarter-pixel phase. The paint is resolved once per
    /// call, not once per glyph; solid colours go through `SolidGlyphBlender` (bit-identical to
    /// Canvas.fillMask's sink, branch-free), other paints through the canvas's own sink.
    private func drawMasks(_ layout: TextLayout, in canvas: Canvas, at origin: Point, paint: Paint) {
        if canvas.clip.isEmpty || canvas.opacity8 == 0 { return }
        if case .solid(let c) = paint {
            let color = Pixel.scale(c.premultiplied, canvas.opacity8)
            if color == 0 { return }
            var sink = SolidGlyphBlender(surface: canvas.surface, color: color,
                                         table: blendTable, k257: canvas.scratch.k257)
            drawMasks(layout, canvas: canvas, at: origin, sink: &sink)
        } else {
            canvas.withSink(paint) { sink in drawMasks(layout, canvas: canvas, at: origin, sink: &sink) }
        }
    }

    private func drawMasks<S: GlyphRowSink>(_ layout: TextLayout, canvas: Canvas, at origin: Point, sink: inout S) {
        let t = canvas.transform
        let clip = canvas.clip
        let cache = glyphCache
        for run in layout.runs {
            let face = run.face, size64 = run.size64
            let colorFace = face.hasColor
            // Glyphs reach at most ~2 em from their pen position; cheaper to skip than to render.
            let reach = Double(size64) / 32 + 2
            run.glyphs.withUnsafeBufferPointer { glyphs in
            run.xs.withUnsafeBufferPointer { xs in
            run.ys.withUnsafeBufferPointer { ys in
                for i in 0..<glyphs.count {
                    let ux = origin.x + xs[i], uy = origin.y + ys[i]
                    let dx = t.a * ux + t.c * uy + t.tx
                    let dy = t.b * ux + t.d * uy + t.ty
                    guard dy + reach > Double(clip.y0), dy - reach < Double(clip.y1),
                          dx + 2 * reach > Double(clip.x0), dx - reach < Double(clip.x1) else { continue }
                    // Nearest quarter pixel; colour glyphs (one phase) at the nearest pixel.
                    let q = colorFace ? Int((dx + 0.5).rounded(.down)) << 2 : Int((dx * 4 + 0.5).rounded(.down))
                    let phase = q & 3
                    let glyph = glyphs[i]
                    let key = GlyphCache.key(face: face.id, size64: size64, glyph: glyph, phase: phase)
                    let b = cache.bitmap(key) {
                        colorFace ? GlyphRasterizer.renderColor(face: face, size64: size64, glyph: glyph)
                            : GlyphRasterizer.render(face: face, size64: size64, glyph: glyph, phase: phase)
                    }
                    if let color = b.color {
                        drawColorGlyph(color, b, x0: (q >> 2) + Int(b.left), y0: Int((dy + 0.5).rounded(.down)) - Int(b.top), canvas: canvas)
                        continue
                    }
                    if b.spans == nil { continue }
                    let x0 = (q >> 2) + Int(b.left), y0 = Int((dy + 0.5).rounded(.down)) - Int(b.top)
                    let box = IntRect(x: x0, y: y0, width: Int(b.stride), height: Int(b.height))   // padding is zero
                    canvas.forEachClip { clip in            // the clip rectangle ∩ each clipRegion rect
                        let r = box.intersection(clip)
                        if r.isEmpty { return }
                        sink.glyph(b, left: x0, top: y0, clip: r)
                    }
                }
            } } }
        }
    }

    /// A colour glyph's pixels composited source-over at the canvas's opacity (the paint is not
    /// used: emoji keep their colours), inside the clip and each clip-region rectangle.
    @inline(__always)
    private func drawColorGlyph(_ color: UnsafeMutablePointer<UInt32>, _ b: GlyphBitmap, x0: Int, y0: Int, canvas: Canvas) {
        let opacity = canvas.opacity8, k257 = canvas.scratch.k257
        let surface = canvas.surface, w = Int(b.width)
        let box = IntRect(x: x0, y: y0, width: w, height: Int(b.height))
        canvas.forEachClip { clip in
            let r = box.intersection(clip)
            if r.isEmpty { return }
            for y in r.y0..<r.y1 {
                Blend.overColors(surface.row(y) + r.x0, r.width, color + (y - y0) * w + (r.x0 - x0), opacity, k257)
            }
        }
    }
}
