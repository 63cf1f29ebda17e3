// Scaled copies of still images (ScaledImageCopies) and the clip group that paints one image
// through its mask without a layer (LayerDrawing.directImage): both draw what the direct,
// layered drawing draws, to ±2/255 per channel (the copy's pixels are rounded before the
// opacity scales them; the fixed-point steps start at another pixel).
// bench-grid-1000's thumbnails were half of every fling frame before (ImageShader.shade).
import Testing
@testable import Kiosk
import Raster

@Suite struct ScaledImageCopyTests {
    /// A 40×30 picture: a colour ramp with a translucent band (so edges and alpha both show).
    static func picture(opaque: Bool = false) throws -> Surface {
        var s = try Surface(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 {
                let a: UInt32 = !opaque && (10..<14).contains(y) ? 128 : 255
                let r = UInt32(x * 6) * a / 255, g = UInt32(y * 8) * a / 255, b = UInt32((x + y) * 3) * a / 255
                s.base[y * s.rowPixels + x] = a << 24 | r << 16 | g << 8 | b
            }
        }
        s.isOpaque = opaque
        return s
    }

    static func canvas(_ w: Int = 200, _ h: Int = 150) throws -> (Surface, Raster.Canvas) {
        let s = try Surface(width: w, height: h)
        let c = Raster.Canvas(s)
        c.clear(Raster.Color(r: 0.2, g: 0.3, b: 0.9, a: 1))
        return (s, c)
    }

    /// The largest difference of any channel of any pixel.
    static func maxDifference(_ a: Surface, _ b: Surface) -> Int {
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.base[y * a.rowPixels + x], q = b.base[y * b.rowPixels + x]
                for k in stride(from: 0, to: 32, by: 8) {
                    worst = max(worst, abs(Int((p >> UInt32(k)) & 255) - Int((q >> UInt32(k)) & 255)))
                }
            }
        }
        return worst
    }

    static func draw(_ box: ImageBox, _ rect: Raster.Rect, _ sampling: Sampling, on c: Raster.Canvas,
                     transform: Affine = .identity, opacity: Double = 1, clip: IntRect? = nil) {
        c.save()
        c.transform = transform
        c.opacity = opacity
        if let clip { c.clip = clip }
        ImageDrawing.draw(box, in: rect, sampling: sampling, canvas: c)
        c.restore()
    }

    @Test(arguments: [Sampling.bilinear, .nearest])
    func theSecondDrawAtASizeMakesACopyThatDrawsWhatTheImageDraws(sampling: Sampling) throws {
        let pixels = try Self.picture()
        let still = ImageBox(pixels, isStill: true), moving = ImageBox(pixels)
        // Scaled up at a fractional place, under a translation, a clip and an opacity.
        let rect = Raster.Rect(10.3, 7.6, 123.7, 55.2)
        let t = Affine.translation(4, 9), clip = IntRect(x: 20, y: 12, width: 150, height: 70)
        let (expected, e) = try Self.canvas()
        Self.draw(moving, rect, sampling, on: e, transform: t, opacity: 0.6, clip: clip)
        for k in 1...3 {
            let (drawn, c) = try Self.canvas()
            Self.draw(still, rect, sampling, on: c, transform: t, opacity: 0.6, clip: clip)
            #expect(still.scaledCopies?.count == (k == 1 ? 0 : 1), "draw \(k)")
            #expect(Self.maxDifference(drawn, expected) <= 2, "draw \(k)")
        }
        // Moved by whole pixels the copy is used as it is; a box refilled in place gets none.
        let (moved, c) = try Self.canvas()
        Self.draw(still, rect, sampling, on: c, transform: .translation(-3, 20), opacity: 0.6, clip: clip)
        let (movedExpected, me) = try Self.canvas()
        Self.draw(moving, rect, sampling, on: me, transform: .translation(-3, 20), opacity: 0.6, clip: clip)
        #expect(still.scaledCopies?.count == 1)
        #expect(Self.maxDifference(moved, movedExpected) <= 2)
        #expect(moving.scaledCopies == nil)
    }

    @Test func copiesStayWithinTheBudgetAndGoWithTheirImage() throws {
        var box: ImageBox? = ImageBox(try Self.picture(opaque: true), isStill: true)
        weak var copies: ScaledImageCopies?
        let (_, c) = try Self.canvas()
        // Three sizes, each drawn twice: the two most recent are kept.
        for w in [80.0, 120, 160] {
            Self.draw(box!, Raster.Rect(0, 0, w, 60), .bilinear, on: c)
            Self.draw(box!, Raster.Rect(0, 0, w, 60), .bilinear, on: c)
        }
        #expect(box!.scaledCopies?.count == 2)
        #expect(box!.scaledCopies?.byteCount == (120 * 60 + 160 * 60) * 4)
        // Scaled up with bilinear sampling the edge pixels fade: not opaque. Scaled down, a
        // photo's copy is opaque (copied row by row where fully covered).
        #expect(box!.scaledCopies?.surfaces.allSatisfy { !$0.isOpaque } == true)
        for _ in 0..<2 { Self.draw(box!, Raster.Rect(0, 0, 20, 15), .bilinear, on: c) }
        #expect(box!.scaledCopies?.surfaces.first.map { $0.width == 20 && $0.isOpaque } == true)
        copies = box!.scaledCopies
        // A size animated frame by frame is asked for once each: no copy is made.
        for k in 0..<20 { Self.draw(box!, Raster.Rect(0, 0, 60 + Double(k), 40), .bilinear, on: c) }
        #expect(box!.scaledCopies?.count == 2)
        box = nil
        #expect(copies == nil, "the copies go with their image")
        // Larger than a copy may be (2100² pixels), the image is drawn directly.
        let huge = ImageBox(try Self.picture(), isStill: true)
        let (_, small) = try Self.canvas(64, 64)
        for _ in 0..<2 { Self.draw(huge, Raster.Rect(0, 0, 2100, 2100), .bilinear, on: small) }
        #expect(huge.scaledCopies?.count == 0)
    }

    /// A clip group of one image paints it through the mask without a layer; the same group
    /// with a second item that draws nothing goes through the layer: the pixels agree.
    @Test(arguments: [(1.0, 0.0), (1.7, 0.0), (0.6, 0.5)])
    func aClippedImageIsPaintedThroughTheMaskAsTheLayerPaintsIt(scale: Double, phase: Double) throws {
        let box = ImageBox(try Self.picture(), isStill: true)
        let rect = Raster.Rect(12 + phase, 8, 40 * scale, 30 * scale)
        let image = DisplayItem(owner: 1, index: 0, command: .image(box, rect, .bilinear), transform: .translation(5, 6),
                                opacity: 0.8, clip: IntRect(x: 0, y: 0, width: 90, height: 70), bounds: IntRect(x: 0, y: 0, width: 140, height: 120))
        let nothing = DisplayItem(owner: 1, index: 1, command: .fill(Raster.Path.rect(Raster.Rect(0, 0, 4, 4)), .solid(.clear), .nonZero),
                                  transform: .identity, opacity: 1, clip: nil, bounds: IntRect(x: 0, y: 0, width: 4, height: 4))
        let shape = Raster.Path.roundedRect(Raster.Rect(14, 10, 70, 50), cornerRadius: 12)
        func drawItem(_ item: DisplayItem, _ r: IntRect, _ c: Raster.Canvas, _ s: LayerScratch) {
            c.save(); defer { c.restore() }
            c.transform = item.transform
            c.opacity = item.opacity
            c.clip = item.clip.map { $0.intersection(r) } ?? r
            switch item.command {
            case let .image(b, r, sampling): ImageDrawing.draw(b, in: r, sampling: sampling, canvas: c)
            case let .fill(p, paint, rule): c.fill(p, with: paint.paint, rule: rule)
            default: Issue.record("unexpected item")
            }
        }
        let bounds = IntRect(x: 0, y: 0, width: 120, height: 100), screen = IntRect(x: 0, y: 0, width: 200, height: 150)
        let (layered, lc) = try Self.canvas()
        LayerDrawing.draw([image, nothing], effect: .clip(shape), bounds: bounds, offset: (3, 2), in: screen, canvas: lc,
                          scratch: LayerScratch(), drawItem: drawItem)
        let scratch = LayerScratch()
        for k in 1...3 {
            let (direct, dc) = try Self.canvas()
            LayerDrawing.draw([image], effect: .clip(shape), bounds: bounds, offset: (3, 2), in: screen, canvas: dc,
                              scratch: scratch, drawItem: drawItem)
            #expect(Self.maxDifference(direct, layered) <= 2, "draw \(k)")
        }
        #expect((box.scaledCopies?.count ?? 0) == (scale == 1 ? 0 : 1))
    }
}

@Suite struct MaskRowRunTests {
    /// `fillMask` sends stretches of full coverage through the sink's run: the pixels are what
    /// the mask path alone paints (the mask sent in 16-pixel columns, each below the run's
    /// 32-pixel minimum).
    @Test(arguments: [(true, 1.0), (false, 1.0), (false, 0.55)])
    func fullStretchesPaintWhatTheMaskPathPaints(opaque: Bool, opacity: Double) throws {
        let w = 240, h = 12
        var mask = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                // Full runs of several lengths, partial edges, holes and a lone 255.
                let v: UInt8 = x < 3 ? 0 : x < 7 ? UInt8(40 * x) : x < 7 + 20 + y * 9 ? 255 : x % 37 == 0 ? 255 : x > 150 && x < 220 ? 255 : UInt8(x & 255)
                mask[y * w + x] = v
            }
        }
        var image = try Surface(width: 300, height: 40)
        for i in 0..<(300 * 40) {
            let a: UInt32 = opaque ? 255 : UInt32(60 + i % 190)
            image.base[i] = a << 24 | (UInt32(i) % a) << 16 | (UInt32(i / 3) % a) << 8 | (UInt32(i / 7) % a)
        }
        image.isOpaque = opaque
        let pattern = Paint.image(ImagePattern(image: image, transform: .translation(-20, -5), sampling: .nearest))
        func paint(columns: Bool) throws -> Surface {
            let s = try Surface(width: 300, height: 40)
            let c = Raster.Canvas(s)
            c.clear(Raster.Color(r: 0.5, g: 0.1, b: 0.3, a: 0.7))
            c.opacity = opacity
            try mask.withUnsafeBufferPointer { m in
                let base = try #require(m.baseAddress)
                if columns {
                    for x0 in stride(from: 0, to: w, by: 16) {
                        c.save(); c.clip = IntRect(x: 10 + x0, y: 0, width: 16, height: 40)
                        c.fillMask(base, width: w, height: h, stride: w, x: 10, y: 20, with: pattern)
                        c.restore()
                    }
                } else {
                    c.fillMask(base, width: w, height: h, stride: w, x: 10, y: 20, with: pattern)
                }
            }
            return s
        }
        let runs = try paint(columns: false), masked = try paint(columns: true)
        #expect(ScaledImageCopyTests.maxDifference(runs, masked) == 0)
    }
}
