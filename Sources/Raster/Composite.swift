// Compositing kernels: source-over of a premultiplied colour through coverage. Each fast kernel
// has a scalar reference below it (`Reference`), channel by channel with exact division, and
// RasterTests hold them equal for every input they try.
import CRasterCPU

enum Blend {
    /// Runs at least this long go to `fillLong`, which uses the CPU's string store (`rep
    /// stosl`) where it is the faster store and the aligned vector loop elsewhere. `rep stosl`
    /// has a start-up cost that differs by CPU: on the Intel Xeon it was tuned on, 64 px runs
    /// were already faster with it (checkerboard 0.279 → 0.253 ms); on AMD EPYC Zen 3 (family
    /// 25) it was 2.6× slower than 32-byte stores at 64 px and 1.4× at 128, faster only from
    /// 256 px up (6–20 % ahead); on AMD EPYC Zen 5 (family 26) it is slower at every length
    /// (`kiosk_string_store_is_fast` has the numbers). 256 keeps every length within 10 % of the
    /// better store on the first two.
    static let stringStoreThreshold = 256

    /// Whether this CPU's string store beats the vector loop from `stringStoreThreshold` up.
    static let stringStoreIsFast = kiosk_string_store_is_fast() != 0

    /// Stores one pixel value into `count` pixels. `update(repeating:)` on a pointer is an
    /// out-of-line stdlib call; on a 64 px checkerboard (15 short runs a row) the calls alone
    /// made the frame 1.5× cairo's. `Reference.fill` is the scalar version the tests compare.
    @inline(__always)
    static func fill(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ value: UInt32) {
        if count >= stringStoreThreshold { fillLong(dst, count, value); return }
        if count >= 16 { fillVector(dst, count, value); return }
        let raw = UnsafeMutableRawPointer(dst)
        if count >= 4 {
            // 4–15 pixels: two overlapping stores of 8 (or 4) cover them.
            if count >= 8 {
                let v = SIMD8<UInt32>(repeating: value)
                raw.storeBytes(of: v, toByteOffset: 0, as: SIMD8<UInt32>.self)
                raw.storeBytes(of: v, toByteOffset: (count &- 8) &* 4, as: SIMD8<UInt32>.self)
            } else {
                let v = SIMD4<UInt32>(repeating: value)
                raw.storeBytes(of: v, toByteOffset: 0, as: SIMD4<UInt32>.self)
                raw.storeBytes(of: v, toByteOffset: (count &- 4) &* 4, as: SIMD4<UInt32>.self)
            }
            return
        }
        var i = 0
        while i < count { dst[i] = value; i &+= 1 }
    }

    /// Fills `rows` rows of `count` pixels from `row` on, `stride` pixels apart. A fill this
    /// large (2 MB and more: past a core's L2) takes the string store on every x86 CPU: on Zen 5
    /// the vector loop wins while the rows stay in L2 (571×307 px: 0.0064 against 0.0066 ms;
    /// 800×300 at 32 bytes off a line: 0.0094 against 0.0106) and loses past it (1920×1080:
    /// 0.0957 against 0.0906 ms; 1904×1000: 0.0901 against 0.0823), gcc -O2, best of 11, the
    /// string store presumably writing whole lines without reading them first.
    @inline(__always)
    static func fillRows(_ row: UnsafeMutablePointer<UInt32>, stride: Int, rows: Int, count: Int, _ value: UInt32) {
        var p = row
        if count >= stringStoreThreshold && (stringStoreIsFast || rows &* count >= largeFill) {
            for _ in 0..<rows { kiosk_fill32(p, count, value); p += stride }
        } else {
            for _ in 0..<rows { fill(p, count, value); p += stride }
        }
    }
    /// Pixels from which `fillRows` takes the string store on any CPU (2 MB).
    static let largeFill = 1 << 19

    /// A run of 256 pixels or more: the string store where it is the faster one, else the
    /// vector loop. Out of line: the CPU test is a lazy global's once-check, which the short
    /// runs inlined into every row loop should not pay.
    @inline(never)
    static func fillLong(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ value: UInt32) {
        if stringStoreIsFast { kiosk_fill32(dst, count, value) } else { fillVector(dst, count, value) }
    }

    /// 16 pixels or more as 64-byte iterations of 16-byte stores that start at the first
    /// 16-byte boundary: one unaligned 64-byte store covers the head before it, another the
    /// tail (both over pixels stored again with the same value). Unaligned stores across the
    /// whole run cost up to 40 % more where the run starts off a 16-byte boundary (Zen 5, 256 px
    /// rows at 12 bytes past one: 0.0035 against 0.0026 ms) and nothing where it does not.
    @inline(__always)
    static func fillVector(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ value: UInt32) {
        let raw = UnsafeMutableRawPointer(dst)
        let v = SIMD16<UInt32>(repeating: value)
        let bytes = count &* 4
        raw.storeBytes(of: v, toByteOffset: 0, as: SIMD16<UInt32>.self)
        var i = (16 &- (Int(bitPattern: raw) & 15)) & 15
        while i &+ 64 <= bytes { raw.storeBytes(of: v, toByteOffset: i, as: SIMD16<UInt32>.self); i &+= 64 }
        // The rest as one store of the last 16 pixels: LVGL scene 4's 196 px rows ended in a
        // 4-pixel scalar loop, 7 % of the fill's instructions (callgrind).
        if i < bytes { raw.storeBytes(of: v, toByteOffset: bytes &- 64, as: SIMD16<UInt32>.self) }
    }

    /// 257 in every 16-bit lane, the multiplier of `div255`. The kernels take it as a parameter
    /// and the canvas passes the copy in its scratch memory (`RasterScratch.k257`), a value the
    /// optimiser cannot see: with a literal 257, LLVM rewrites ×257 as a shift and an add on
    /// 32-bit lanes (SSE2 has no 32-bit lane multiply) before it can form `pmulhuw`, and the
    /// loop is 2.5× longer. A literal gives the same results, only slower code.
    static let unit = SIMD8<UInt16>(repeating: 257)

    /// Lane-wise zero extension. Spelled lane by lane on purpose: the stdlib's generic
    /// `SIMD8<UInt32>(truncatingIfNeeded:)` is specialised into another file's object (the
    /// module is compiled on two threads), where LLVM cannot inline it — a call per use.
    @inline(__always)
    static func widen(_ t: SIMD8<UInt16>) -> SIMD8<UInt32> {
        SIMD8<UInt32>(UInt32(t[0]), UInt32(t[1]), UInt32(t[2]), UInt32(t[3]),
                      UInt32(t[4]), UInt32(t[5]), UInt32(t[6]), UInt32(t[7]))
    }

    /// round(x·y/255) per lane from t = x·y + 128 (x, y ≤ 255): (t·257) >> 16, which equals the
    /// textbook (t + t>>8) >> 8 for every t < 65536; LLVM makes it one `pmulhuw` (see `unit`).
    @inline(__always)
    static func div255(_ t: SIMD8<UInt16>, _ k257: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let p = (widen(t) &* widen(k257)) &>> 16
        return SIMD8<UInt16>(UInt16(truncatingIfNeeded: p[0]), UInt16(truncatingIfNeeded: p[1]),
                             UInt16(truncatingIfNeeded: p[2]), UInt16(truncatingIfNeeded: p[3]),
                             UInt16(truncatingIfNeeded: p[4]), UInt16(truncatingIfNeeded: p[5]),
                             UInt16(truncatingIfNeeded: p[6]), UInt16(truncatingIfNeeded: p[7]))
    }

    /// Every channel of four pixels × f/255, rounded to nearest, in 16-bit lanes (two per
    /// pixel: B|G<<8, R|A<<8) with f per lane (≤ 255): masking and shifting split the even
    /// channels (B, R) from the odd ones (G, A), each is multiplied in 16 bits (pmullw, baseline
    /// SSE2) and divided by `div255`.
    @inline(__always)
    static func scale4(_ v: SIMD8<UInt16>, _ f: SIMD8<UInt16>, _ k257: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let e = div255((v & 0x00FF) &* f &+ 0x0080, k257)        // B, R
        let o = div255((v &>> 8) &* f &+ 0x0080, k257)            // G, A
        return e | (o &<< 8)
    }

    /// 255 − α of four pixels, spread to both 16-bit lanes of each.
    @inline(__always)
    static func inverseAlpha4(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let ia = (unsafeBitCast(v, to: SIMD4<UInt32>.self) &>> 24) ^ 255
        return unsafeBitCast(ia | (ia &<< 16), to: SIMD8<UInt16>.self)
    }

    /// Source-over of one premultiplied colour onto `count` pixels: d = src + d·(255 − α)/255.
    /// Runs of 8 or more go to `overRunWide`.
    @inline(__always)
    static func overRun(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UInt32, _ k257: SIMD8<UInt16>) {
        let a = src >> 24
        if a == 255 { fill(dst, count, src); return }
        if src == 0 { return }
        if count >= 8 { overRunWide(dst, count, src, k257); return }
        let ia = 255 &- a
        var i = 0
        while i < count { dst[i] = src &+ Pixel.scale(dst[i], ia); i &+= 1 }
    }

    /// `overRun` of a translucent colour, sixteen pixels a step (`scale4` ×4), then four, then
    /// one. A call, not inlined: inside the big rasterizer loops the optimiser gave up inlining
    /// the loads and stores. Callgrind, scene (x) 1920×1080, instructions a pixel: 6.1 with
    /// overflow-checked indices and the (t + t>>8) >> 8 division, 5.2 with `&` arithmetic and
    /// 16 px a step, 3.8 with `div255`'s `pmulhuw` (pixman's SSE2 over_n_8888 loop: 4.25).
    @inline(never)
    static func overRunWide(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UInt32, _ k257: SIMD8<UInt16>) {
        let ia = 255 &- (src >> 24)
        let ia16 = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: ia))
        let s = unsafeBitCast(SIMD4<UInt32>(repeating: src), to: SIMD8<UInt16>.self)
        let raw = UnsafeMutableRawPointer(dst)
        var i = 0
        while i &+ 16 <= count {
            let o = i &* 4
            let d0 = raw.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt16>.self)
            let d1 = raw.loadUnaligned(fromByteOffset: o &+ 16, as: SIMD8<UInt16>.self)
            let d2 = raw.loadUnaligned(fromByteOffset: o &+ 32, as: SIMD8<UInt16>.self)
            let d3 = raw.loadUnaligned(fromByteOffset: o &+ 48, as: SIMD8<UInt16>.self)
            raw.storeBytes(of: s &+ scale4(d0, ia16, k257), toByteOffset: o, as: SIMD8<UInt16>.self)
            raw.storeBytes(of: s &+ scale4(d1, ia16, k257), toByteOffset: o &+ 16, as: SIMD8<UInt16>.self)
            raw.storeBytes(of: s &+ scale4(d2, ia16, k257), toByteOffset: o &+ 32, as: SIMD8<UInt16>.self)
            raw.storeBytes(of: s &+ scale4(d3, ia16, k257), toByteOffset: o &+ 48, as: SIMD8<UInt16>.self)
            i &+= 16
        }
        while i &+ 4 <= count {
            let d = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            raw.storeBytes(of: s &+ scale4(d, ia16, k257), toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            i &+= 4
        }
        while i < count { dst[i] = src &+ Pixel.scale(dst[i], ia); i &+= 1 }
    }

    /// Source-over of a colour scaled per pixel by `mask`.
    @inline(__always)
    static func overMask(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UInt32,
                         _ mask: UnsafePointer<UInt8>) {
        let opaque = (src >> 24) == 255
        for i in 0..<count {
            let m = UInt32(mask[i])
            if m == 0 { continue }
            if m == 255 && opaque { dst[i] = src; continue }
            let s = m == 255 ? src : Pixel.scale(src, m)
            dst[i] = s &+ Pixel.scale(dst[i], 255 &- (s >> 24))
        }
    }

    /// Source-over of one colour through `mask`, with `table[m]` = scale(colour, m) built once per
    /// colour (`table[255]` is the colour, `table[0]` is 0): branch-free, bit-identical to
    /// `overMask`. `count` pixels of `dst` under coverage `mask`: four at a time (`scale4`), then
    /// one at a time — bit-identical, measured 2.3× the scalar loop and 1.25× SIMD4<UInt32> on
    /// 12-pixel rows here; the `pmulhuw` division took the four-pixel step from 48 to 36
    /// instructions (callgrind, scene (d) 16 px).
    @inline(__always)
    static func overMaskTable(_ dst: UnsafeMutablePointer<UInt32>, _ mask: UnsafePointer<UInt8>, _ count: Int,
                      _ table: UnsafeMutablePointer<UInt32>, _ k257: SIMD8<UInt16>) {
        var i = 0
        let raw = UnsafeMutableRawPointer(dst)
        while i &+ 4 <= count {
            let s = unsafeBitCast(SIMD4<UInt32>(table[Int(mask[i])], table[Int(mask[i &+ 1])],
                                                table[Int(mask[i &+ 2])], table[Int(mask[i &+ 3])]), to: SIMD8<UInt16>.self)
            let d = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            raw.storeBytes(of: s &+ scale4(d, inverseAlpha4(s), k257), toByteOffset: i &* 4, as: SIMD8<UInt16>.self)
            i &+= 4
        }
        while i < count {
            let s = table[Int(mask[i])]
            dst[i] = s &+ Pixel.scale(dst[i], 255 &- (s >> 24))
            i &+= 1
        }
    }

    /// Source-over of per-pixel colours `src` scaled by a constant coverage (255 = none).
    ///
    /// Four pixels a register (`scale4`), each pixel's 255 − α spread to both of its lanes; one
    /// loop for full coverage and one that scales the source first, so the test is out of the
    /// loop. The loops are calls, one a span: inlined into the rasterizers beside everything
    /// else, the optimiser left even the loads out of line. Callgrind, scene (e') 640×480 at
    /// α 0.8, instructions a pixel: 14.6 with the coverage test in the loop and the image row
    /// copied into scratch first; 11.2 blending straight from the image (PaintSink.image) with
    /// the loops split; 8.7 with `div255`'s `pmulhuw`
    /// (pixman's over_8888_n_8888: 10.3). Bit-identical to the scalar loop (KernelTests).
    @inline(__always)
    static func overColors(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int,
                           _ src: UnsafePointer<UInt32>, _ coverage: UInt32, _ k257: SIMD8<UInt16>) {
        if coverage == 255 { overColorsFull(dst, count, src, k257) } else { overColorsScaled(dst, count, src, coverage, k257) }
    }

    /// Full coverage: eight pixels a step, and a step whose eight source pixels are all opaque
    /// is a copy (s + d·0) and one whose pixels are all zero leaves dst (0 + d·255/255) — an
    /// opaque image (LVGL's tiled wallpaper, scene 2) blits instead of blending. The test is
    /// one compare of the eight alphas; the blend it skips is ~40 instructions. LVGL scene 2
    /// at 1920×1080 (19 frames under callgrind): overColorsFull 519M → see the commit.
    @inline(never)
    static func overColorsFull(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UnsafePointer<UInt32>,
                               _ k257: SIMD8<UInt16>) {
        var i = 0
        let raw = UnsafeMutableRawPointer(dst), sraw = UnsafeRawPointer(src)
        let opaque = SIMD8<UInt32>(repeating: 0xFF00_0000)
        while i &+ 8 <= count {
            let o = i &* 4
            let s = sraw.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt32>.self)
            if s & opaque == opaque {
                raw.storeBytes(of: s, toByteOffset: o, as: SIMD8<UInt32>.self)
            } else if s != SIMD8<UInt32>() {
                let s0 = sraw.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt16>.self)
                let s1 = sraw.loadUnaligned(fromByteOffset: o &+ 16, as: SIMD8<UInt16>.self)
                let d0 = raw.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt16>.self)
                let d1 = raw.loadUnaligned(fromByteOffset: o &+ 16, as: SIMD8<UInt16>.self)
                raw.storeBytes(of: s0 &+ scale4(d0, inverseAlpha4(s0), k257), toByteOffset: o, as: SIMD8<UInt16>.self)
                raw.storeBytes(of: s1 &+ scale4(d1, inverseAlpha4(s1), k257), toByteOffset: o &+ 16, as: SIMD8<UInt16>.self)
            }
            i &+= 8
        }
        while i < count {
            let s = src[i]
            dst[i] = s &+ Pixel.scale(dst[i], 255 &- (s >> 24))
            i &+= 1
        }
    }

    @inline(never)
    static func overColorsScaled(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UnsafePointer<UInt32>,
                                 _ coverage: UInt32, _ k257: SIMD8<UInt16>) {
        let c16 = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: coverage))
        overColorsLoop(dst, count, src, k257, source4: { scale4($0, c16, k257) }, source: { Pixel.scale($0, coverage) })
    }

    /// The one loop of `overColorsFull`/`overColorsScaled`, eight pixels a step: `source4` turns
    /// four loaded source pixels into the colour to composite, `source` one pixel of the tail.
    /// Inlined into each, so each still gets its own straight loop (same instruction counts).
    @inline(__always)
    private static func overColorsLoop(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UnsafePointer<UInt32>,
                                       _ k257: SIMD8<UInt16>, source4: (SIMD8<UInt16>) -> SIMD8<UInt16>,
                                       source: (UInt32) -> UInt32) {
        var i = 0
        let raw = UnsafeMutableRawPointer(dst), sraw = UnsafeRawPointer(src)
        while i &+ 8 <= count {
            let o = i &* 4
            let s0 = source4(sraw.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt16>.self))
            let s1 = source4(sraw.loadUnaligned(fromByteOffset: o &+ 16, as: SIMD8<UInt16>.self))
            let d0 = raw.loadUnaligned(fromByteOffset: o, as: SIMD8<UInt16>.self)
            let d1 = raw.loadUnaligned(fromByteOffset: o &+ 16, as: SIMD8<UInt16>.self)
            raw.storeBytes(of: s0 &+ scale4(d0, inverseAlpha4(s0), k257), toByteOffset: o, as: SIMD8<UInt16>.self)
            raw.storeBytes(of: s1 &+ scale4(d1, inverseAlpha4(s1), k257), toByteOffset: o &+ 16, as: SIMD8<UInt16>.self)
            i &+= 8
        }
        while i < count {
            let s = source(src[i])
            dst[i] = s &+ Pixel.scale(dst[i], 255 &- (s >> 24))
            i &+= 1
        }
    }

    /// Source-over of per-pixel colours scaled per pixel by `mask`.
    @inline(__always)
    static func overColorsMask(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UnsafePointer<UInt32>,
                               _ mask: UnsafePointer<UInt8>, _ k: UInt32 = 255) {
        for i in 0..<count {
            let m = k == 255 ? UInt32(mask[i]) : Pixel.mul255(UInt32(mask[i]), k)
            if m == 0 { continue }
            let s = m == 255 ? src[i] : Pixel.scale(src[i], m)
            let a = s >> 24
            dst[i] = a == 255 ? s : s &+ Pixel.scale(dst[i], 255 &- a)
        }
    }
}

extension Blend {
    /// Source copy through constant coverage c: dst = src·c + dst·(1 − c) (cairo's SOURCE).
    @inline(__always)
    static func copyRun(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UInt32, _ c: UInt32) {
        if c == 255 { fill(dst, count, src); return }
        if c == 0 { return }
        let s = Pixel.scale(src, c), ic = 255 &- c
        for i in 0..<count { dst[i] = s &+ Pixel.scale(dst[i], ic) }
    }
    /// Source copy of one colour through per-pixel coverage mask·k/255 (k: global opacity).
    @inline(__always)
    static func copyMask(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UInt32,
                         _ mask: UnsafePointer<UInt8>, _ k: UInt32) {
        for i in 0..<count {
            let m = k == 255 ? UInt32(mask[i]) : Pixel.mul255(UInt32(mask[i]), k)
            if m == 0 { continue }
            dst[i] = m == 255 ? src : Pixel.scale(src, m) &+ Pixel.scale(dst[i], 255 &- m)
        }
    }
    /// Source copy of per-pixel colours through constant coverage c.
    @inline(__always)
    static func copyColors(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UnsafePointer<UInt32>, _ c: UInt32) {
        if c == 0 { return }
        if c == 255 { dst.update(from: src, count: count); return }
        let ic = 255 &- c
        for i in 0..<count { dst[i] = Pixel.scale(src[i], c) &+ Pixel.scale(dst[i], ic) }
    }
    /// Source copy of per-pixel colours through per-pixel coverage mask·k/255.
    @inline(__always)
    static func copyColorsMask(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UnsafePointer<UInt32>,
                               _ mask: UnsafePointer<UInt8>, _ k: UInt32) {
        for i in 0..<count {
            let m = k == 255 ? UInt32(mask[i]) : Pixel.mul255(UInt32(mask[i]), k)
            if m == 0 { continue }
            dst[i] = m == 255 ? src[i] : Pixel.scale(src[i], m) &+ Pixel.scale(dst[i], 255 &- m)
        }
    }
}

/// Plain, obviously-correct versions of the kernels, for tests.
public enum Reference {
    /// `count` pixels set to `value`, one at a time (Blend.fill's reference).
    public static func fill(_ dst: inout [UInt32], from start: Int, count: Int, value: UInt32) {
        for i in start..<(start + count) { dst[i] = value }
    }
    /// round(x·y/255) by exact division.
    public static func mul(_ x: UInt32, _ y: UInt32) -> UInt32 { (x * y * 2 + 255) / 510 }
    /// Scales each channel of a premultiplied pixel by s/255.
    public static func scale(_ p: UInt32, _ s: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) { out |= mul((p >> UInt32(shift)) & 255, s) << UInt32(shift) }
        return out
    }
    /// src over dst, channel by channel: s + d·(255 − αs)/255.
    public static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let ia = 255 - (src >> 24)
        var out: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let s = (src >> UInt32(shift)) & 255, d = (dst >> UInt32(shift)) & 255
            out |= Swift.min(255, s + mul(d, ia)) << UInt32(shift)
        }
        return out
    }
    /// Source copy: src·c + dst·(1 − c), channel by channel.
    public static func copy(_ src: UInt32, coverage c: UInt32, onto dst: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let s = (src >> UInt32(shift)) & 255, d = (dst >> UInt32(shift)) & 255
            out |= Swift.min(255, mul(s, c) + mul(d, 255 - c)) << UInt32(shift)
        }
        return out
    }
    /// The pixel after painting premultiplied `src` with 8-bit `coverage` over `dst`.
    public static func paint(_ src: UInt32, coverage: UInt32, over dst: UInt32) -> UInt32 {
        coverage == 0 ? dst : over(scale(src, coverage), dst)
    }
}

/// Entry points so tests can run the fast kernels on plain arrays.
public enum Kernels {
    /// Blend.fill on `count` pixels of `dst` from `start` (string store or SIMD by length).
    public static func fill(_ dst: inout [UInt32], from start: Int, count: Int, value: UInt32) {
        precondition(start >= 0 && count >= 0 && start + count <= dst.count)
        dst.withUnsafeMutableBufferPointer { Blend.fill($0.baseAddress! + start, count, value) }
    }
    /// The run length from which `fill` takes the long-run path (`fillLong`).
    public static var fillStringStoreThreshold: Int { Blend.stringStoreThreshold }
    /// Whether this CPU's long runs use the string store.
    public static var fillStringStoreIsFast: Bool { Blend.stringStoreIsFast }
    /// Both long-run stores, whichever this CPU uses, so the tests run each.
    public static func fillLong(_ dst: inout [UInt32], from start: Int, count: Int, value: UInt32, stringStore: Bool) {
        precondition(start >= 0 && count >= 16 && start + count <= dst.count)
        dst.withUnsafeMutableBufferPointer {
            if stringStore { kiosk_fill32($0.baseAddress! + start, count, value) } else { Blend.fillVector($0.baseAddress! + start, count, value) }
        }
    }
    /// `k257` is 257 in every lane; the tests pass it from their module so that, as from the
    /// canvas's scratch, the kernels are compiled for an unknown value (see `Blend.unit`).
    public static func overRun(_ dst: inout [UInt32], color: UInt32, k257: SIMD8<UInt16>) {
        dst.withUnsafeMutableBufferPointer { Blend.overRun($0.baseAddress!, $0.count, color, k257) }
    }
    public static func overMask(_ dst: inout [UInt32], color: UInt32, mask: [UInt8]) {
        precondition(mask.count >= dst.count)
        mask.withUnsafeBufferPointer { m in
            dst.withUnsafeMutableBufferPointer { Blend.overMask($0.baseAddress!, $0.count, color, m.baseAddress!) }
        }
    }
    public static func overColors(_ dst: inout [UInt32], colors: [UInt32], coverage: UInt8, k257: SIMD8<UInt16>) {
        precondition(colors.count >= dst.count)
        colors.withUnsafeBufferPointer { c in
            dst.withUnsafeMutableBufferPointer { Blend.overColors($0.baseAddress!, $0.count, c.baseAddress!, UInt32(coverage), k257) }
        }
    }
    public static func overMaskTable(_ dst: inout [UInt32], color: UInt32, mask: [UInt8], k257: SIMD8<UInt16>) {
        precondition(mask.count >= dst.count)
        var table = (0..<256).map { Pixel.scale(color, UInt32($0)) }
        mask.withUnsafeBufferPointer { m in table.withUnsafeMutableBufferPointer { t in
            dst.withUnsafeMutableBufferPointer { Blend.overMaskTable($0.baseAddress!, m.baseAddress!, $0.count, t.baseAddress!, k257) }
        } }
    }
    public static func copyRun(_ dst: inout [UInt32], color: UInt32, coverage: UInt8) {
        dst.withUnsafeMutableBufferPointer { Blend.copyRun($0.baseAddress!, $0.count, color, UInt32(coverage)) }
    }
    public static func copyMask(_ dst: inout [UInt32], color: UInt32, mask: [UInt8], opacity: UInt8) {
        precondition(mask.count >= dst.count)
        mask.withUnsafeBufferPointer { m in
            dst.withUnsafeMutableBufferPointer { Blend.copyMask($0.baseAddress!, $0.count, color, m.baseAddress!, UInt32(opacity)) }
        }
    }
    public static func copyColors(_ dst: inout [UInt32], colors: [UInt32], coverage: UInt8) {
        precondition(colors.count >= dst.count)
        colors.withUnsafeBufferPointer { c in
            dst.withUnsafeMutableBufferPointer { Blend.copyColors($0.baseAddress!, $0.count, c.baseAddress!, UInt32(coverage)) }
        }
    }
    public static func copyColorsMask(_ dst: inout [UInt32], colors: [UInt32], mask: [UInt8], opacity: UInt8) {
        precondition(colors.count >= dst.count && mask.count >= dst.count)
        colors.withUnsafeBufferPointer { c in mask.withUnsafeBufferPointer { m in
            dst.withUnsafeMutableBufferPointer { Blend.copyColorsMask($0.baseAddress!, $0.count, c.baseAddress!, m.baseAddress!, UInt32(opacity)) }
        } }
    }
    public static func overColorsMask(_ dst: inout [UInt32], colors: [UInt32], mask: [UInt8]) {
        precondition(colors.count >= dst.count && mask.count >= dst.count)
        colors.withUnsafeBufferPointer { c in mask.withUnsafeBufferPointer { m in
            dst.withUnsafeMutableBufferPointer { Blend.overColorsMask($0.baseAddress!, $0.count, c.baseAddress!, m.baseAddress!) }
        } }
    }
}

/// Paints a solid colour (premultiplied, × opacity) or a shader's spans through coverage.
/// One branch per span picks the path; the per-pixel loops are the kernels above.
struct PaintSink: CoverageSink {
    let surface: Surface
    let solid: UInt32
    /// For a solid colour under source-over: scale(solid, m) for m in 0…255.
    var table: UnsafeMutablePointer<UInt32>? = nil
    /// nil for a solid colour; else the canvas's slot holding this draw's shader.
    let shader: UnsafeMutablePointer<PaintShader>?
    /// Scratch for one span of shaded colours, at least the surface's width.
    let colors: UnsafeMutablePointer<UInt32>
    /// Source copy instead of source-over; then `opacity` (0…255) scales coverage, and the
    /// colour (or shader) is not pre-multiplied by it.
    var copy = false
    var opacity: UInt32 = 255
    /// Source-over with a shader made at opacity 1: coverage is scaled by this instead, which
    /// folds the opacity into the SIMD blend (one pass) rather than a separate pass over the
    /// shaded span. Used for pixel-aligned images (see Canvas.withSink).
    var coverageScale: UInt32 = 255
    /// The shader's `isOpaque`, read once per draw rather than per span.
    var shaderIsOpaque = false
    /// `Blend.unit` from the canvas's scratch (see there why not the literal).
    var k257 = Blend.unit
    /// A pixel-aligned image (integer translation, source-over): spans blend straight from its
    /// rows instead of being copied into `colors` first (a memcpy and a second pass over the
    /// span; see `Blend.overColors` for the counts). Its pixel (0, 0) lands on device
    /// pixel `imageOrigin`; spans outside it (clipping makes none) take the shader path.
    /// Raw pointer and sizes rather than the `Surface`, whose owner reference would be retained
    /// and released around every span.
    var image: UnsafePointer<UInt32>? = nil
    var imageRowPixels = 0, imageWidth = 0, imageHeight = 0
    var imageOrigin = (x: 0, y: 0)
    /// The aligned image's pixels are all opaque (`Surface.isOpaque`): a span at full
    /// coverage is a row copy.
    var imageIsOpaque = false
    @inline(__always) mutating func run(x: Int, y: Int, count: Int, coverage: UInt8) {
        if copy {
            let c = opacity == 255 ? UInt32(coverage) : Pixel.mul255(UInt32(coverage), opacity)
            if let shader {
                shader.pointee.shade(x: x, y: y, count: count, into: colors)
                Blend.copyColors(surface.row(y) + x, count, colors, c)
            } else {
                Blend.copyRun(surface.row(y) + x, count, solid, c)
            }
            return
        }
        if let shader {
            let c = coverageScale == 255 ? UInt32(coverage) : Pixel.mul255(UInt32(coverage), coverageScale)
            if let image {
                let ix = x &- imageOrigin.x, iy = y &- imageOrigin.y
                if ix >= 0 && iy >= 0 && iy < imageHeight && count <= imageWidth &- ix {
                    if c == 255 && imageIsOpaque {
                        (surface.row(y) + x).update(from: image + (iy &* imageRowPixels &+ ix), count: count)
                        return
                    }
                    Blend.overColors(surface.row(y) + x, count, image + (iy &* imageRowPixels &+ ix), c, k257)
                    return
                }
            }
            if c == 255 && shaderIsOpaque {
                // Opaque colours at full coverage replace the pixels: shade straight into them.
                shader.pointee.shade(x: x, y: y, count: count, into: surface.row(y) + x)
                return
            }
            shader.pointee.shade(x: x, y: y, count: count, into: colors)
            Blend.overColors(surface.row(y) + x, count, colors, c, k257)
        } else {
            let c = coverage == 255 ? solid : Pixel.scale(solid, UInt32(coverage))
            Blend.overRun(surface.row(y) + x, count, c, k257)
        }
    }
    /// An opaque solid colour under source-over (or copied at full opacity) replaces the
    /// pixels: one fill a row, without the per-row paint dispatch, coverage and prefetch.
    @inline(__always) mutating func fullRows(x: Int, y0: Int, y1: Int, count: Int) -> Bool {
        guard shader == nil, solid >> 24 == 255, !copy || opacity == 255 else { return false }
        Blend.fillRows(surface.row(y0) + x, stride: surface.rowPixels, rows: y1 - y0, count: count, solid)
        return true
    }
    @inline(__always) mutating func mask(x: Int, y: Int, count: Int, mask: UnsafePointer<UInt8>) {
        if copy {
            if let shader {
                shader.pointee.shade(x: x, y: y, count: count, into: colors)
                Blend.copyColorsMask(surface.row(y) + x, count, colors, mask, opacity)
            } else {
                Blend.copyMask(surface.row(y) + x, count, solid, mask, opacity)
            }
            return
        }
        if let shader {
            shader.pointee.shade(x: x, y: y, count: count, into: colors)
            Blend.overColorsMask(surface.row(y) + x, count, colors, mask, coverageScale)
        } else if let table {
            Blend.overMaskTable(surface.row(y) + x, mask, count, table, k257)
        } else {
            Blend.overMask(surface.row(y) + x, count, solid, mask)
        }
    }
}
