// The filter, blend and projective kernels against their scalar references.
import Testing
import Raster

@Suite struct FilterKernelTests {
    func randomPremultiplied(_ rng: inout XorShift) -> UInt32 {
        let a = UInt32(rng.byte())
        let alpha = [0, 255, a, a][rng.int(4)]
        return Pixel.pack(a: alpha, r: Pixel.mul255(UInt32(rng.byte()), alpha),
                          g: Pixel.mul255(UInt32(rng.byte()), alpha), b: Pixel.mul255(UInt32(rng.byte()), alpha))
    }
    func surface(_ pixels: [UInt32], _ w: Int, _ h: Int) throws -> Surface {
        let s = try Surface(width: w, height: h)
        for y in 0..<h { for x in 0..<w { s.setPixel(x: x, y: y, pixels[y * w + x]) } }
        return s
    }
    func contents(_ s: Surface) -> [UInt32] {
        var out: [UInt32] = []
        for y in 0..<s.height { for x in 0..<s.width { out.append(s.row(y)[x]) } }
        return out
    }

    @Test func colorMatrixKernelMatchesReference() throws {
        var rng = XorShift(seed: 7)
        let matrices: [ColorMatrix] = [.brightness(0.3), .brightness(-0.5), .contrast(1.8), .contrast(0), .saturation(0),
                                       .saturation(2.5), .hueRotation(1.2), .invert(), .multiply(r: 1, g: 0.5, b: 0.2, a: 0.7),
                                       ColorMatrix.brightness(0.2).then(.contrast(1.5)).then(.hueRotation(-2))]
        for m in matrices {
            let pixels = (0..<300).map { _ in randomPremultiplied(&rng) }
            let s = try surface(pixels, 30, 10)
            FilterKernels.colorMatrix(s, m.fixed)
            let f = m.fixed
            #expect(contents(s) == pixels.map { Reference.colorMatrix($0, f) }, "\(m)")
        }
    }

    @Test func colorMatrixKeepsPremultipliedInvariant() throws {
        var rng = XorShift(seed: 8)
        let pixels = (0..<500).map { _ in randomPremultiplied(&rng) }
        let s = try surface(pixels, 50, 10)
        FilterKernels.colorMatrix(s, ColorMatrix.brightness(0.9).then(.saturation(3)).fixed)
        for p in contents(s) {
            let a = p >> 24
            #expect((p >> 16) & 255 <= a && (p >> 8) & 255 <= a && p & 255 <= a)
        }
    }

    @Test func identityMatrixChangesNothing() throws {
        var rng = XorShift(seed: 9)
        let pixels = (0..<200).map { _ in randomPremultiplied(&rng) }
        let s = try surface(pixels, 20, 10)
        FilterKernels.colorMatrix(s, ColorMatrix.identity.fixed)
        #expect(contents(s) == pixels)
    }

    @Test func boxBlurMatchesReference() throws {
        var rng = XorShift(seed: 11)
        let scratch = BlurScratch()
        for (w, h, k) in [(17, 13, 1), (30, 9, 3), (8, 25, 5), (5, 5, 9), (1, 12, 2), (40, 40, 7)] {
            let pixels = (0..<(w * h)).map { _ in rng.int(3) == 0 ? 0 : randomPremultiplied(&rng) }
            let s = try surface(pixels, w, h)
            BoxBlur.blur(s, halfWidth: k, scratch: scratch)
            #expect(contents(s) == Reference.boxBlur(pixels, width: w, height: h, halfWidth: k), "\(w)×\(h) k=\(k)")
        }
    }

    @Test func boxBlurSpreadsExactlyItsReach() throws {
        let w = 61
        let s = try Surface(width: w, height: w)
        s.fill(IntRect(x: 26, y: 26, width: 9, height: 9), with: 0xFFFF_FFFF)
        let k = BoxBlur.halfWidth(radius: 8)
        BoxBlur.blur(s, halfWidth: k, scratch: BlurScratch())
        let reach = BoxBlur.reach(radius: 8)
        #expect(reach == 12)
        // Nothing lands beyond the reach of the block (26…34); something lands just inside it.
        for y in 0..<w { for x in 0..<w where x < 26 - reach || x > 34 + reach || y < 26 - reach || y > 34 + reach {
            #expect(s.row(y)[x] == 0, "(\(x), \(y))")
        } }
        #expect(s.row(30)[30] != 0)
        #expect(s.row(30)[26 - reach + 2] != 0)
    }

    @Test func blurRadiusBoundsAndBadInput() {
        #expect(BoxBlur.halfWidth(radius: .nan) == 0)
        #expect(BoxBlur.halfWidth(radius: -3) == 0)
        #expect(BoxBlur.halfWidth(radius: 0) == 0)
        #expect(BoxBlur.halfWidth(radius: 1e6) == 100)
        #expect(BoxBlur.halfWidth(radius: .infinity) == 0)
    }

    @Test func blendRowMatchesReferenceForEveryMode() {
        var rng = XorShift(seed: 13)
        for mode in PixelBlendMode.allCases {
            let n = 400
            let src = (0..<n).map { _ in randomPremultiplied(&rng) }
            let dst = (0..<n).map { _ in randomPremultiplied(&rng) }
            var fast = dst
            Kernels.blendRow(&fast, src, mode: mode)
            let reference = zip(src, dst).map { Reference.blend(mode, $0, onto: $1) }
            #expect(fast == reference, "\(mode)")
        }
    }

    @Test func blendModesKnownValues() {
        let red: UInt32 = 0xFFFF_0000, grey: UInt32 = 0xFF80_8080, white: UInt32 = 0xFFFF_FFFF
        #expect(Reference.blend(.normal, red, onto: grey) == red)
        #expect(Reference.blend(.multiply, red, onto: grey) == 0xFF80_0000)
        #expect(Reference.blend(.screen, red, onto: grey) == 0xFFFF_8080)
        #expect(Reference.blend(.difference, white, onto: grey) == 0xFF7F_7F7F)
        #expect(Reference.blend(.plusLighter, grey, onto: grey) == 0xFFFF_FFFF)
        #expect(Reference.blend(.destinationOut, red, onto: grey) == 0)
        #expect(Reference.blend(.multiply, 0, onto: grey) == grey)     // transparent source keeps what is there
    }

    @Test func projectiveDrawMatchesReference() throws {
        var rng = XorShift(seed: 17)
        let img = try Surface(width: 40, height: 30)
        for y in 0..<30 { for x in 0..<40 { img.setPixel(x: x, y: y, randomPremultiplied(&rng)) } }
        let maps: [Homography] = [
            Homography(1.2, 0.1, 5, -0.05, 0.9, 8, 0.002, 0.001, 1),
            Homography(-1, 0, 60, 0, 1, 4, -0.004, 0, 1),          // mirrored (a back face)
            Homography(Affine.rotation(0.4, about: Point(20, 15)).concatenating(.translation(10, 10))),
            Homography(0.3, 0, 30, 0.1, 1.1, 2, -0.01, 0.0005, 1),
        ]
        for h in maps {
            let fast = try Surface(width: 80, height: 60), slow = try Surface(width: 80, height: 60)
            fast.clear(0xFF20_4060); slow.clear(0xFF20_4060)
            Canvas(fast).drawImage(img, projective: h)
            Reference.projective(img, h, onto: slow)
            var worst = 0
            for y in 0..<60 { for x in 0..<80 {
                let a = fast.row(y)[x], b = slow.row(y)[x]
                for s in stride(from: 0, through: 24, by: 8) {
                    worst = max(worst, abs(Int((a >> UInt32(s)) & 255) - Int((b >> UInt32(s)) & 255)))
                }
            } }
            // Integer bilinear weights (1/256) against exact doubles: at most a couple of levels.
            #expect(worst <= 3, "\(h): worst channel difference \(worst)")
        }
    }

    @Test func projectiveDrawOfIdentityIsACopy() throws {
        var rng = XorShift(seed: 19)
        let img = try Surface(width: 16, height: 12)
        for y in 0..<12 { for x in 0..<16 { img.setPixel(x: x, y: y, randomPremultiplied(&rng) | 0xFF00_0000) } }
        let dst = try Surface(width: 16, height: 12)
        Canvas(dst).drawImage(img, projective: .identity)
        #expect(contents(dst) == contents(img))
    }

    @Test func singularAndNonFiniteMapsDrawNothing() throws {
        let img = try Surface(width: 10, height: 10)
        img.clear(0xFFFF_FFFF)
        let dst = try Surface(width: 20, height: 20)
        let c = Canvas(dst)
        c.drawImage(img, projective: Homography(0, 0, 5, 0, 1, 0, 0, 0, 1))      // edge-on: x collapses
        c.drawImage(img, projective: Homography(.nan, 0, 0, 0, 1, 0, 0, 0, 1))
        c.drawImage(img, projective: Homography(1, 0, 0, 0, 1, 0, .infinity, 0, 1))
        #expect(contents(dst).allSatisfy { $0 == 0 })
    }

    @Test func pixelsBehindTheEyeAreNotDrawn() throws {
        let img = try Surface(width: 10, height: 10)
        img.clear(0xFFFF_FFFF)
        let dst = try Surface(width: 40, height: 40)
        // w = 1 − x/5: the image's right half is behind the eye plane.
        Canvas(dst).drawImage(img, projective: Homography(1, 0, 0, 0, 1, 0, -0.2, 0, 1))
        var drawn = 0
        for y in 0..<40 { for x in 0..<40 where dst.row(y)[x] != 0 { drawn += 1 } }
        #expect(drawn > 0)
    }
}
