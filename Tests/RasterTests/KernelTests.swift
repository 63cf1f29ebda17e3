// Every fast compositing kernel against its plain scalar reference, on random inputs.
import Testing
import Raster

@Suite struct KernelTests {
    func randomPremultiplied(_ rng: inout XorShift) -> UInt32 {
        let a = UInt32(rng.byte())
        // Edge alphas often: 0 and 255 are the fast-path cases.
        let alpha = [0, 255, a, a][rng.int(4)]
        return Pixel.pack(a: alpha, r: Pixel.mul255(UInt32(rng.byte()), alpha),
                          g: Pixel.mul255(UInt32(rng.byte()), alpha), b: Pixel.mul255(UInt32(rng.byte()), alpha))
    }

    @Test func scaleMatchesReferenceForAllInputs() {
        var mismatches: [String] = []
        for c in UInt32(0)...255 {
            for s in UInt32(0)...255 {
                let p = Pixel.pack(a: c, r: c, g: 255 - c, b: c / 2)
                if Pixel.scale(p, s) != Reference.scale(p, s) || Pixel.mul255(c, s) != Reference.mul(c, s) {
                    mismatches.append("c=\(c) s=\(s)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// Every run length through both fill paths (SIMD below the string-store threshold, `rep
    /// stosl` from it; tails as overlapping stores), at every alignment of a 64-byte line: the
    /// run and nothing around it.
    @Test func fillMatchesReferenceOnBothSidesOfTheThreshold() {
        let t = Kernels.fillStringStoreThreshold
        #expect(t >= 64 && t <= 4096)
        let lengths = Array(0...40) + [63, 64, 65, 100, 196, t - 17, t - 16, t - 9, t - 8, t - 1, t, t + 1, t + 15, 1920]
        for count in lengths {
            for start in 0..<16 {
                let before = (0..<(count + 48)).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) }
                var fast = before, slow = before
                Kernels.fill(&fast, from: start, count: count, value: 0xFFF2_F2F2)
                Reference.fill(&slow, from: start, count: count, value: 0xFFF2_F2F2)
                #expect(fast == slow, "count \(count) start \(start)")
            }
        }
    }

    /// Both long-run stores (the string store and the aligned vector loop; a CPU uses one of
    /// them) write exactly the run at every alignment, whichever this CPU picks for `fill`.
    @Test func bothLongRunStoresMatchReference() {
        for stringStore in [false, true] {
            for count in [16, 17, 19, 31, 32, 33, 47, 63, 64, 65, 79, 255, 256, 257, 571, 1920] {
                for start in 0..<16 {
                    let before = (0..<(count + 48)).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) }
                    var fast = before, slow = before
                    Kernels.fillLong(&fast, from: start, count: count, value: 0xFF12_3456, stringStore: stringStore)
                    Reference.fill(&slow, from: start, count: count, value: 0xFF12_3456)
                    #expect(fast == slow, "count \(count) start \(start) stringStore \(stringStore)")
                }
            }
        }
    }

    /// The full-coverage colour blend copies blocks of eight opaque source pixels and skips
    /// blocks of eight zero pixels: runs mixing such blocks with translucent ones, at every
    /// offset of the eight-pixel step, still equal the scalar reference.
    @Test func overColorsFullMatchesReferenceOnOpaqueAndEmptyBlocks() {
        var rng = XorShift(seed: 7)
        let k257 = SIMD8<UInt16>(repeating: 257)
        for _ in 0..<300 {
            let n = 1 + rng.int(70)
            let dst = (0..<n).map { _ in randomPremultiplied(&rng) }
            var colors: [UInt32] = []
            while colors.count < n {
                let kind = rng.int(3), run = 1 + rng.int(12)
                for _ in 0..<run {
                    switch kind {
                    case 0: colors.append(randomPremultiplied(&rng) | 0xFF00_0000)   // opaque
                    case 1: colors.append(0)                                          // empty
                    default: colors.append(randomPremultiplied(&rng))
                    }
                }
            }
            var out = dst
            Kernels.overColors(&out, colors: colors, coverage: 255, k257: k257)
            #expect(out == zip(dst, colors).map { Reference.paint($1, coverage: 255, over: $0) })
        }
    }

    @Test func runAndMaskKernelsMatchReference() {
        var rng = XorShift(seed: 42)
        let k257 = SIMD8<UInt16>(repeating: 257)
        for _ in 0..<200 {
            let n = 1 + rng.int(40)
            let dst = (0..<n).map { _ in randomPremultiplied(&rng) }
            let color = randomPremultiplied(&rng)
            let mask = (0..<n).map { _ in [0, 255, rng.byte()][rng.int(3)] }
            let colors = (0..<n).map { _ in randomPremultiplied(&rng) }
            let cov = rng.byte()

            var a = dst; Kernels.overRun(&a, color: color, k257: k257)
            #expect(a == dst.map { Reference.over(color, $0) })
            var b = dst; Kernels.overMask(&b, color: color, mask: mask)
            #expect(b == zip(dst, mask).map { Reference.paint(color, coverage: UInt32($1), over: $0) })
            var bt = dst; Kernels.overMaskTable(&bt, color: color, mask: mask, k257: k257)
            #expect(bt == b)
            var c = dst; Kernels.overColors(&c, colors: colors, coverage: cov, k257: k257)
            #expect(c == zip(dst, colors).map { Reference.paint($1, coverage: UInt32(cov), over: $0) })
            var cf = dst; Kernels.overColors(&cf, colors: colors, coverage: 255, k257: k257)     // the full-coverage loop
            #expect(cf == zip(dst, colors).map { Reference.paint($1, coverage: 255, over: $0) })
            var d = dst; Kernels.overColorsMask(&d, colors: colors, mask: mask)
            #expect(d == (0..<n).map { Reference.paint(colors[$0], coverage: UInt32(mask[$0]), over: dst[$0]) })
            let k = [255, rng.byte()][rng.int(2)]
            let eff = mask.map { k == 255 ? UInt32($0) : Reference.mul(UInt32($0), UInt32(k)) }
            var e = dst; Kernels.copyRun(&e, color: color, coverage: cov)
            #expect(e == dst.map { Reference.copy(color, coverage: UInt32(cov), onto: $0) })
            var f = dst; Kernels.copyMask(&f, color: color, mask: mask, opacity: k)
            #expect(f == (0..<n).map { Reference.copy(color, coverage: eff[$0], onto: dst[$0]) })
            var g = dst; Kernels.copyColors(&g, colors: colors, coverage: cov)
            #expect(g == (0..<n).map { Reference.copy(colors[$0], coverage: UInt32(cov), onto: dst[$0]) })
            var h = dst; Kernels.copyColorsMask(&h, colors: colors, mask: mask, opacity: k)
            #expect(h == (0..<n).map { Reference.copy(colors[$0], coverage: eff[$0], onto: dst[$0]) })
        }
    }

    @Test func premultiplyRoundTrip() {
        for a in UInt8(1)...255 {
            for v in stride(from: 0, through: 255, by: 5) {
                let c = RGBA8(r: UInt8(v), g: 255 - UInt8(v), b: a, a: a)
                let back = Pixel.unpremultiply(Pixel.premultiply(c))
                // Premultiplying loses precision at low alpha: at most 255/(2a) per channel.
                let tol = Int(255 / (2 * Int(a))) + 1
                #expect(abs(Int(back.r) - Int(c.r)) <= tol && abs(Int(back.g) - Int(c.g)) <= tol)
                #expect(back.a == a)
            }
        }
    }
}
