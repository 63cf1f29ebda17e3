import Testing
@testable import Raster

/// Image patterns: the 32.32 nearest/bilinear kernels against the Double reference, edges,
/// the aligned copy path, opacity and singular transforms.
///
/// Tolerance: ±1/255 per channel on every pixel, except pixels whose image coordinate lies
/// within 1e-6 of (but not on) a sampling boundary (a pixel edge for nearest, a 1/256 weight step for
/// bilinear), where 32.32 stepping and Double may round apart; those are counted and must stay
/// under 1 %.
@Suite struct ImageShaderTests {
    /// A random premultiplied image with some fully transparent and some opaque pixels.
    static func randomImage(_ r: inout TestRandom, width: Int, height: Int) -> Surface {
        let s = try! Surface(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let c = r.color()
                s.setPixel(x: x, y: y, r.unit() < 0.1 ? 0 : c.premultiplied)
            }
        }
        return s
    }

    static func nearBoundary(_ v: Double, steps: Double) -> Bool {
        // Exactly on a boundary is exact in both; only just beside one can they round apart.
        let d = Swift.abs(v * steps - (v * steps).rounded())
        return d > 0 && d < 1e-6 * steps
    }

    @Test func fastEqualsReference() {
        var r = TestRandom(seed: 0xFEED_BEEF)
        var skipped = 0, compared = 0
        for trial in 0..<200 {
            let img = Self.randomImage(&r, width: 1 + r.int(40), height: 1 + r.int(40))
            let pattern = ImagePattern(image: img, transform: trial % 4 == 0 ? .translation(Double(r.int(20)), 3) : r.transform(),
                                       sampling: r.unit() < 0.5 ? .nearest : .bilinear, extendEdges: r.unit() < 0.3)
            let canvas = trial % 3 == 0 ? Affine.identity : r.transform()
            guard let s = ImageShader(pattern, transform: canvas, opacity: r.unit() < 0.5 ? 1 : r.unit()) else {
                Issue.record("image \(trial) unexpectedly paints nothing"); continue
            }
            var bad = 0
            for _ in 0..<4 {
                let x = r.int(120) - 20, y = r.int(120) - 20, n = 1 + r.int(150)
                let fast = shadeSpan(s, x: x, y: y, count: n)
                var ref = [UInt32](repeating: 0, count: n)
                ref.withUnsafeMutableBufferPointer { s.referenceShade(x: x, y: y, count: n, into: $0.baseAddress!) }
                for i in 0..<n {
                    let p = s.m.apply(Point(Double(x + i) + 0.5, Double(y) + 0.5))
                    let (u, v) = s.bilinear ? (p.x - 0.5, p.y - 0.5) : (p.x, p.y)
                    let steps = s.bilinear ? 256.0 : 1.0
                    if Self.nearBoundary(u, steps: steps) || Self.nearBoundary(v, steps: steps) { skipped += 1; continue }
                    compared += 1
                    if channelDistance(fast[i], ref[i]) > 1 {
                        bad += 1
                        if bad == 1 { Issue.record("image \(trial) (\(s.bilinear ? "bilinear" : "nearest")): pixel (\(x + i), \(y)) fast \(String(fast[i], radix: 16)) ref \(String(ref[i], radix: 16))") }
                    }
                }
            }
            #expect(bad == 0)
        }
        #expect(skipped * 100 < compared, "\(skipped) of \(compared) pixels sat on a sampling boundary")
    }

    @Test func alignedImageIsCopiedExactly() {
        var r = TestRandom(seed: 77)
        let img = Self.randomImage(&r, width: 30, height: 20)
        for sampling in [Sampling.nearest, .bilinear] {
            let s = ImageShader(ImagePattern(image: img, transform: .translation(5, 7), sampling: sampling), transform: .identity, opacity: 1)!
            for y in [6, 7, 15, 26, 27] {
                let row = shadeSpan(s, x: 0, y: y, count: 50)
                for x in 0..<50 {
                    #expect(row[x] == img.premultipliedPixel(x: x - 5, y: y - 7), "\(sampling) (\(x), \(y))")
                }
            }
        }
    }

    /// Canvas draws of a pixel-aligned image blend straight from the image's rows (PaintSink
    /// `image`); every pixel must be the reference blend of the image pixel at the draw's
    /// opacity, under clips, off the surface's edges, and (through the shader fallback) for
    /// spans that reach past the image when a bigger rectangle is filled with the pattern.
    @Test func alignedImageDrawsBlendLikeTheReference() throws {
        var r = TestRandom(seed: 91)
        let img = Self.randomImage(&r, width: 37, height: 23)
        let background = Self.randomImage(&r, width: 64, height: 48)
        struct Case { var dx: Int, dy: Int, opacity: Double, clip: IntRect?, fillAll: Bool, extend: Bool }
        let cases = [
            Case(dx: 5, dy: 7, opacity: 0.8, clip: nil, fillAll: false, extend: false),
            Case(dx: 5, dy: 7, opacity: 1, clip: nil, fillAll: false, extend: false),
            Case(dx: 11, dy: 3, opacity: 0.3, clip: IntRect(x: 14, y: 0, width: 17, height: 19), fillAll: false, extend: false),
            Case(dx: -9, dy: -4, opacity: 0.8, clip: nil, fillAll: false, extend: false),
            Case(dx: 40, dy: 30, opacity: 0.55, clip: nil, fillAll: false, extend: false),
            Case(dx: 5, dy: 7, opacity: 0.8, clip: nil, fillAll: true, extend: false),
            Case(dx: 5, dy: 7, opacity: 0.8, clip: nil, fillAll: true, extend: true),
        ]
        for c in cases {
            let surface = try Surface(width: 64, height: 48)
            for y in 0..<48 { for x in 0..<64 { surface.setPixel(x: x, y: y, background.premultipliedPixel(x: x, y: y)) } }
            let canvas = Canvas(surface)
            canvas.opacity = c.opacity
            if let clip = c.clip { canvas.clip = clip }
            let t = Affine.translation(Double(c.dx), Double(c.dy))
            if c.fillAll {
                canvas.fill(Rect(0, 0, 64, 48), with: .image(ImagePattern(image: img, transform: t, extendEdges: c.extend)))
            } else {
                canvas.drawImage(img, transform: t)
            }
            let k = Pixel.unit8(c.opacity)
            var wrong = 0
            for y in 0..<48 {
                for x in 0..<64 {
                    let bg = background.premultipliedPixel(x: x, y: y)
                    var ix = x - c.dx, iy = y - c.dy
                    if c.extend { ix = min(max(ix, 0), 36); iy = min(max(iy, 0), 22) }
                    let inside = ix >= 0 && ix < 37 && iy >= 0 && iy < 23
                    let drawn = (c.fillAll || inside) && (c.clip.map { $0.contains(x: x, y: y) } ?? true)
                    let expected = drawn && inside ? Reference.paint(img.premultipliedPixel(x: ix, y: iy), coverage: k, over: bg) : bg
                    if surface.premultipliedPixel(x: x, y: y) != expected { wrong += 1 }
                }
            }
            #expect(wrong == 0, "\(c): \(wrong) pixels differ from the reference")
        }
    }

    @Test func outsideIsTransparentUnlessEdgesExtend() {
        let img = try! Surface(width: 4, height: 4)
        img.clear(Color.red.premultiplied)
        let far = Affine.translation(100, 100)
        for sampling in [Sampling.nearest, .bilinear] {
            let clear = ImageShader(ImagePattern(image: img, transform: far, sampling: sampling), transform: .identity, opacity: 1)!
            #expect(shadeSpan(clear, x: 0, y: 0, count: 20).allSatisfy { $0 == 0 })
            let ext = ImageShader(ImagePattern(image: img, transform: far, sampling: sampling, extendEdges: true), transform: .identity, opacity: 1)!
            #expect(shadeSpan(ext, x: 0, y: 0, count: 20).allSatisfy { $0 == Color.red.premultiplied })
            // Rotated and scaled: still only red or transparent-to-red blends, never garbage.
            let rot = ImageShader(ImagePattern(image: img, transform: .rotation(0.7), sampling: sampling, extendEdges: true),
                                  transform: .scale(3, 3), opacity: 1)!
            #expect(shadeSpan(rot, x: -50, y: 5, count: 100).allSatisfy { $0 == Color.red.premultiplied })
        }
        // Bilinear fades across the edge pixel: half-way between the last pixel and outside.
        let s = ImageShader(ImagePattern(image: img, sampling: .bilinear), transform: .identity, opacity: 1)!
        let row = shadeSpan(s, x: 0, y: 1, count: 6)
        #expect(row[3] == Color.red.premultiplied)
        #expect(row[4] == 0)
    }

    @Test func opacityScalesPremultipliedPixels() {
        let img = try! Surface(width: 2, height: 2)
        img.clear(Color(0.2, 0.6, 1, 1).premultiplied)
        let s = ImageShader(ImagePattern(image: img, sampling: .nearest), transform: .identity, opacity: 0.5)!
        let p = shadeSpan(s, x: 0, y: 0, count: 1)[0]
        #expect(p == Pixel.scale(img.premultipliedPixel(x: 0, y: 0), 128))
        #expect(!s.isOpaque)
    }

    @Test func singularTransformOrEmptyImagePaintsNothing() {
        let cache = ShaderCache()
        let img = try! Surface(width: 8, height: 8)
        for t in [Affine.scale(0, 0), Affine(a: 2, b: 1, c: 4, d: 2, tx: 0, ty: 0), Affine(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0)] {
            #expect(makeShader(for: .image(ImagePattern(image: img, transform: t)), transform: .identity, opacity: 1, cache: cache) == nil)
            #expect(makeShader(for: .image(ImagePattern(image: img)), transform: t, opacity: 1, cache: cache) == nil)
        }
        let empty = try! Surface(width: 0, height: 5)
        #expect(makeShader(for: .image(ImagePattern(image: empty)), transform: .identity, opacity: 1, cache: cache) == nil)
        #expect(makeShader(for: .image(ImagePattern(image: img)), transform: .identity, opacity: 0, cache: cache) == nil)
        #expect(makeShader(for: .image(ImagePattern(image: img)), transform: .identity, opacity: .nan, cache: cache) == nil)
    }

    @Test func hugeCoordinatesTakeTheSafePath() {
        // 1e12 px away: beyond 32.32 range, answered by the Double path without overflow.
        let img = try! Surface(width: 3, height: 3)
        img.clear(Color.green.premultiplied)
        let s = ImageShader(ImagePattern(image: img, transform: .translation(-1e12, 0), sampling: .bilinear, extendEdges: true),
                            transform: .identity, opacity: 1)!
        #expect(shadeSpan(s, x: 0, y: 1, count: 10).allSatisfy { $0 == Color.green.premultiplied })
    }
}
