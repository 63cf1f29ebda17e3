// softLight and the non-separable blend modes (hue, saturation, color, luminosity): the integer
// kernel against the floating-point W3C reference, on random premultiplied pixels and on values
// worked out by hand.
import Testing
import Raster

@Suite struct BlendModeFloatTests {
    static let modes: [PixelBlendMode] = [.softLight, .hue, .saturation, .color, .luminosity]

    func randomPremultiplied(_ rng: inout XorShift) -> UInt32 {
        let a = UInt32(rng.byte())
        let alpha = [0, 255, a, a][rng.int(4)]
        return Pixel.pack(a: alpha, r: Pixel.mul255(UInt32(rng.byte()), alpha),
                          g: Pixel.mul255(UInt32(rng.byte()), alpha), b: Pixel.mul255(UInt32(rng.byte()), alpha))
    }

    func channels(_ p: UInt32) -> [Int] { [Int(p >> 24), Int((p >> 16) & 255), Int((p >> 8) & 255), Int(p & 255)] }

    @Test(arguments: modes) func kernelMatchesTheFloatReferenceWithinOne(_ mode: PixelBlendMode) {
        var rng = XorShift(seed: 29)
        let n = 20_000
        let src = (0..<n).map { _ in randomPremultiplied(&rng) }
        let dst = (0..<n).map { _ in randomPremultiplied(&rng) }
        var fast = dst
        Kernels.blendRow(&fast, src, mode: mode)
        var worst = 0, off = 0
        for i in 0..<n {
            let f = channels(fast[i]), r = channels(Reference.blendFloat(mode, src[i], onto: dst[i]))
            let d = zip(f, r).map { abs($0 - $1) }.max()!
            worst = max(worst, d)
            if d > 0 { off += 1 }
            // Still a valid premultiplied pixel.
            #expect(f[1] <= f[0] && f[2] <= f[0] && f[3] <= f[0])
        }
        #expect(worst <= 1, "\(mode): worst \(worst)")
        #expect(off < n / 10, "\(mode): \(off) of \(n) pixels differ by 1")
    }

    @Test func handWorkedValues() {
        let white: UInt32 = 0xFFFF_FFFF, grey: UInt32 = 0xFF80_8080, red: UInt32 = 0xFFFF_0000
        let blue: UInt32 = 0xFF00_00FF, black: UInt32 = 0xFF00_0000
        func near(_ a: UInt32, _ b: [Int]) -> Bool { zip(channels(a), b).allSatisfy { abs($0 - $1) <= 1 } }
        func both(_ mode: PixelBlendMode, _ s: UInt32, _ d: UInt32, _ want: [Int]) -> Bool {
            var row = [d]
            Kernels.blendRow(&row, [s], mode: mode)
            return near(row[0], want) && near(Reference.blendFloat(mode, s, onto: d), want)
        }
        // luminosity: white at blue's Lum 0.11 → 28.
        #expect(both(.luminosity, blue, white, [255, 28, 28, 28]))
        // color: red's hue and saturation at grey's Lum 0.502: SetLum gives (1.202, 0.202, 0.202),
        // clipped about 0.502 to (1, 0.2885, 0.2885).
        #expect(both(.color, red, grey, [255, 255, 74, 74]))
        // saturation of grey (0) onto red: grey at red's Lum 0.3 → 76.5.
        #expect(both(.saturation, grey, red, [255, 77, 77, 77]))
        // hue of blue onto red: red's saturation (1) and Lum (0.3) with blue's hue: (0, 0, 1)
        // lifted to Lum 0.3 → (0.19, 0.19, 1.19) → clipped (0.2093, 0.2093, 1)… worked: 0.3 + (−0.11)·0.7/0.89.
        #expect(both(.hue, blue, red, [255, Int((0.3 - 0.11 * 0.7 / 0.89) * 255 + 0.5), Int((0.3 - 0.11 * 0.7 / 0.89) * 255 + 0.5), 255]))
        // softLight: white lifts 0.502 to √0.502 = 0.7085 → 181; black darkens it to 0.502² → 64.
        #expect(both(.softLight, white, grey, [255, 181, 181, 181]))
        #expect(both(.softLight, black, grey, [255, 64, 64, 64]))
        // Transparent sources keep the destination, for every new mode.
        for mode in Self.modes { #expect(both(mode, 0, grey, [255, 128, 128, 128]), "\(mode)") }
    }
}
