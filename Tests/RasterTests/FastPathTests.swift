// The canvas's shortcuts against the general paths they stand for: the opaque-image row blit
// (PaintSink.blit) against the per-pixel box path, the straight rows of a stroked rounded rect
// (Canvas.strokedRoundedRectRows) against filling the stroke outline, and pooled scratch
// (RasterScratch.pool) against fresh canvases.
import Testing
@testable import Raster

@Suite struct FastPathTests {
    /// A surface of random opaque pixels (`isOpaque` set as decodePNG sets it), or random
    /// premultiplied ones.
    static func image(_ w: Int, _ h: Int, opaque: Bool, rng: inout XorShift) throws -> Surface {
        var s = try Surface(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let a: UInt32 = opaque ? 255 : UInt32(rng.byte())
                let r = UInt32(rng.byte()) * a / 255, g = UInt32(rng.byte()) * a / 255, b = UInt32(rng.byte()) * a / 255
                s.setPixel(x: x, y: y, a << 24 | r << 16 | g << 8 | b)
            }
        }
        s.isOpaque = opaque
        return s
    }

    static func pixels(_ s: Surface) -> [UInt32] {
        var out: [UInt32] = []
        for y in 0..<s.height { for x in 0..<s.width { out.append(s.row(y)[x]) } }
        return out
    }

    static func background(_ s: Surface) {
        for y in 0..<s.height { for x in 0..<s.width { s.row(y)[x] = 0xFF10_2030 &+ UInt32(x &* 7 &+ y &* 13) & 0xFF } }
    }

    /// Opaque images at integer offsets, inside and across the canvas edges, clipped, whole or
    /// as a sub-rectangle (a partial tile): every pixel is the image pixel under it and the rest
    /// is untouched — what the box path wrote before the blit existed, pixel for pixel.
    @Test func opaqueImageBlitCopiesExactlyTheImagePixels() throws {
        var rng = XorShift(seed: 77)
        let img = try Self.image(23, 17, opaque: true, rng: &rng)
        for round in 0..<200 {
            let surface = try Surface(width: 40, height: 30)
            Self.background(surface)
            let before = Self.pixels(surface)
            let canvas = Canvas(surface)
            let ox = rng.int(50) - 15, oy = rng.int(40) - 12
            // A sub-rectangle of the image, at whole pixels (a tile cut at the wallpaper's edge).
            let sx = rng.int(6), sy = rng.int(6)
            let sw = 1 + rng.int(23 - sx), sh = 1 + rng.int(17 - sy)
            if round % 3 == 0 { canvas.clip = IntRect(x: rng.int(20), y: rng.int(15), width: 5 + rng.int(30), height: 5 + rng.int(20)) }
            let clip = canvas.clip
            let pattern = ImagePattern(image: img, transform: .translation(Double(ox), Double(oy)))
            canvas.fill(Rect(x: Double(ox + sx), y: Double(oy + sy), width: Double(sw), height: Double(sh)), with: .image(pattern))
            for y in 0..<30 {
                for x in 0..<40 {
                    let inside = x >= ox + sx && x < ox + sx + sw && y >= oy + sy && y < oy + sy + sh
                        && x >= clip.x0 && x < clip.x1 && y >= clip.y0 && y < clip.y1
                    let want = inside ? img.row(y - oy)[x - ox] : before[y * 40 + x]
                    #expect(surface.row(y)[x] == want, "round \(round) at (\(x), \(y))")
                }
            }
        }
    }

    /// Where the blit does not apply (translucent image, opacity below 1, a fractional edge or
    /// offset) the result is the box path's, unchanged: the same draw through a rectangle path
    /// (RectListRasterizer, not Canvas.fill(Rect)) gives the same pixels.
    @Test func nonBlitCasesKeepTheBoxPath() throws {
        var rng = XorShift(seed: 91)
        let opaque = try Self.image(20, 20, opaque: true, rng: &rng)
        let translucent = try Self.image(20, 20, opaque: false, rng: &rng)
        let cases: [(Surface, Double, Double, Double)] = [
            (translucent, 3, 1, 1), (opaque, 3, 0.5, 1), (opaque, 2.25, 1, 1), (opaque, 3, 1, 0.75), (opaque, 3, 1, 1),
        ]
        for (img, offset, edge, opacity) in cases {
            let a = try Surface(width: 32, height: 32), b = try Surface(width: 32, height: 32)
            Self.background(a); Self.background(b)
            let ca = Canvas(a), cb = Canvas(b)
            ca.opacity = opacity; cb.opacity = opacity
            let pattern = ImagePattern(image: img, transform: .translation(offset, offset))
            let r = Rect(x: offset + edge, y: offset, width: 15, height: 16 - edge)
            ca.fill(r, with: .image(pattern))
            cb.fill(Path.rect(r), with: .image(pattern))
            #expect(Self.pixels(a) == Self.pixels(b), "offset \(offset) edge \(edge) opacity \(opacity)")
        }
    }

    /// Worst channel difference between two surfaces.
    static func worst(_ a: Surface, _ b: Surface) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.row(y)[x], q = b.row(y)[x]
                for s in stride(from: 0, to: 32, by: 8) {
                    worst = max(worst, abs(Int((p >> UInt32(s)) & 255) - Int((q >> UInt32(s)) & 255)))
                }
            }
        }
        return worst
    }

    /// Stroked rounded rects (sub-pixel positions, radii from 0 to past the half width, widths
    /// from hairlines to thick, scaled, clipped) drawn with the straight-row boxes and as a fill
    /// of the same outline through the sweep: both compute exact areas (in Float and Double), so
    /// a pixel may differ by 1/255 and no more.
    @Test func strokedRoundedRectRowsMatchTheOutlineFill() throws {
        var rng = XorShift(seed: 4242)
        var banded = 0
        for round in 0..<1000 {
            let a = try Surface(width: 64, height: 64), b = try Surface(width: 64, height: 64)
            Self.background(a); Self.background(b)
            let ca = Canvas(a), cb = Canvas(b)
            let scale = round % 4 == 0 ? rng.range(0.5, 2) : 1
            let t = Affine(a: scale, b: 0, c: 0, d: scale * rng.range(0.8, 1.2), tx: rng.range(-4, 4), ty: rng.range(-4, 4))
            ca.transform = t; cb.transform = t
            if round % 5 == 0 {
                let clip = IntRect(x: rng.int(30), y: rng.int(30), width: 4 + rng.int(40), height: 4 + rng.int(40))
                ca.clip = clip; cb.clip = clip
            }
            let rect = Rect(x: rng.range(-6, 20), y: rng.range(-6, 20), width: rng.range(4, 50), height: rng.range(4, 50))
            let radius = round % 7 == 0 ? 0 : round % 3 == 0 ? rng.range(0, 5) : rng.range(4, 14)
            let path = Path.roundedRect(rect, cornerRadius: radius)
            let style = StrokeStyle(lineWidth: round % 6 == 0 ? rng.range(0.2, 1) : rng.range(1, 9),
                                    lineJoin: [LineJoin.miter, .round, .bevel][rng.int(3)])
            let color = Color(r: rng.unit(), g: rng.unit(), b: rng.unit(), a: round % 2 == 0 ? 1 : rng.range(0.2, 1))
            if ca.strokedRoundedRectRows(path, style: style) != nil { banded += 1 }
            ca.stroke(path, with: .solid(color), style: style)
            cb.fill(path.stroked(style, tolerance: cb.flatness / t.maxScale), with: .solid(color))
            var off: [String] = []
            for y in 0..<64 { for x in 0..<64 where a.row(y)[x] != b.row(y)[x] { off.append("(\(x),\(y)) \(String(a.row(y)[x], radix: 16)) \(String(b.row(y)[x], radix: 16))") } }
            let rows = ca.strokedRoundedRectRows(path, style: style)
            #expect(Self.worst(a, b) <= 1, "round \(round): \(rect) r \(radius) w \(style.lineWidth) t \(t) rows \(String(describing: rows)) \(off.prefix(12))")
        }
        #expect(banded > 300)
    }

    /// Dashed strokes, square corners and strips that would meet keep the outline fill.
    @Test func strokedRoundedRectRowsOnlyWhereTheyApply() {
        let canvas = Canvas(try! Surface(width: 8, height: 8))
        let rr = Path.roundedRect(Rect(x: 0, y: 0, width: 40, height: 30), cornerRadius: 6)
        #expect(canvas.strokedRoundedRectRows(rr, style: StrokeStyle(lineWidth: 2)) != nil)
        #expect(canvas.strokedRoundedRectRows(rr, style: StrokeStyle(lineWidth: 2, dash: [3, 2])) == nil)
        #expect(canvas.strokedRoundedRectRows(Path.roundedRect(Rect(x: 0, y: 0, width: 40, height: 30), cornerRadius: 0),
                                              style: StrokeStyle(lineWidth: 2)) == nil)
        #expect(canvas.strokedRoundedRectRows(rr, style: StrokeStyle(lineWidth: 13)) == nil)     // radius < half width
        #expect(canvas.strokedRoundedRectRows(Path.roundedRect(Rect(x: 0.5, y: 0, width: 12.3, height: 30), cornerRadius: 6),
                                              style: StrokeStyle(lineWidth: 12)) == nil)       // the strips share a pixel
        #expect(canvas.strokedRoundedRectRows(Path.ellipse(in: Rect(x: 0, y: 0, width: 9, height: 9)),
                                              style: StrokeStyle(lineWidth: 2)) == nil)
        canvas.transform = Affine(a: 0.9, b: 0.1, c: -0.1, d: 0.9, tx: 0, ty: 0)
        #expect(canvas.strokedRoundedRectRows(rr, style: StrokeStyle(lineWidth: 2)) == nil)
    }

    /// A canvas made after others are gone takes their scratch (no fresh accumulation strip)
    /// and draws exactly what a canvas with fresh scratch draws.
    @Test func pooledScratchDrawsLikeFreshScratch() throws {
        func draw(_ canvas: Canvas) {
            canvas.fill(Path.ellipse(in: Rect(x: 3.3, y: 2.7, width: 41, height: 37)), with: .solid(Color(r: 0.2, g: 0.5, b: 0.9, a: 0.8)))
            canvas.stroke(Path.roundedRect(Rect(x: 5.5, y: 6.25, width: 30, height: 25), cornerRadius: 7),
                          with: .solid(Color(r: 0.9, g: 0.1, b: 0.1, a: 1)), style: StrokeStyle(lineWidth: 3))
            // Gradient tables come pooled too (forgotten on the way back).
            let g = LinearGradient(start: Point(0, 0), end: Point(40, 10),
                                   stops: [GradientStop(0, Color(r: 1, g: 0.5, b: 0, a: 0.7)), GradientStop(1, .blue)])
            canvas.fill(Path.rect(Rect(x: 2, y: 30, width: 44, height: 12)), with: .linearGradient(g))
        }
        let reference = try Surface(width: 48, height: 48)
        draw(Canvas(reference))             // gone at once: its scratch is pooled
        for _ in 0..<4 {
            let s = try Surface(width: 48, height: 48)
            let canvas = Canvas(s)
            // Every cell the sweep reads starts zero, pooled or not.
            #expect((0..<canvas.scratch.accumulation.capacity).allSatisfy { canvas.scratch.accumulation.base[$0] == 0 })
            draw(canvas)
            #expect(Self.pixels(s) == Self.pixels(reference))
        }
        var fresh: [Canvas] = []
        for _ in 0..<RasterScratch.poolLimit + 2 { fresh.append(Canvas(try Surface(width: 4, height: 4))) }
        #expect(Set(fresh.map { ObjectIdentifier($0.scratch) }).count == fresh.count)   // never shared
    }
}
