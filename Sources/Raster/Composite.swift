// Compositing kernels: source-over of a premultiplied colour through coverage. Each fast kernel
// has a scalar reference below it (`Reference`), channel by channel with exact division, and
// RasterTests hold them equal for every input they try.

enum Blend {
    /// Stores one pixel value into `count` pixels, eight at a time. `update(repeating:)` on a
    /// pointer is an out-of-line stdlib call; on a 64 px checkerboard (15 short runs a row) the
    /// calls alone made the frame 1.5× cairo's.
    @inline(__always)
    static func fill(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ value: UInt32) {
        var i = 0
        if count >= 8 {
            let v = SIMD8<UInt32>(repeating: value)
            let raw = UnsafeMutableRawPointer(dst)
            while i + 8 <= count { raw.storeBytes(of: v, toByteOffset: i &* 4, as: SIMD8<UInt32>.self); i &+= 8 }
        }
        while i < count { dst[i] = value; i &+= 1 }
    }

    /// Source-over of one premultiplied colour onto `count` pixels.
    ///
    /// Eight pixels at a time as 16-bit lanes: each 32-bit pixel is two lanes (B|G<<8, R|A<<8);
    /// masking and shifting splits them into the even channels (B, R) and the odd ones (G, A),
    /// each ×(255−α) in 16 bits (pmullw) with exact rounding. Nothing converts between element
    /// types, so it stays in SSE2 registers; the 32-bit scalar form, which LLVM vectorised with
    /// pmuludq shuffles, ran a 1920×1080 OVER in 2.2 ms, this one in (see closing note).
    @inline(__always)
    static func overRun(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UInt32) {
        let a = src >> 24
        if a == 255 { fill(dst, count, src); return }
        if src == 0 { return }
        let ia = 255 &- a
        var i = 0
        if count >= 8 {
            let ia16 = SIMD16<UInt16>(repeating: UInt16(ia))
            let low = SIMD16<UInt16>(repeating: 0x00FF), half = SIMD16<UInt16>(repeating: 0x0080)
            let s = unsafeBitCast(SIMD8<UInt32>(repeating: src), to: SIMD16<UInt16>.self)
            let raw = UnsafeMutableRawPointer(dst)
            while i + 8 <= count {
                let d = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt16>.self)
                var e = (d & low) &* ia16 &+ half        // B, R
                e = (e &+ (e &>> 8)) &>> 8
                var o = (d &>> 8) &* ia16 &+ half        // G, A
                o = (o &+ (o &>> 8)) & ~low
                raw.storeBytes(of: s &+ (e | o), toByteOffset: i * 4, as: SIMD16<UInt16>.self)
                i += 8
            }
        }
        while i < count { dst[i] = src &+ Pixel.scale(dst[i], ia); i += 1 }
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
    /// `overMask`. `count` pixels of `dst` under coverage `mask`: four at a time, then one at a time. The
    /// four-pixel step is Pixel.scale's maths in 16-bit lanes (SIMD8<UInt16>: pmullw exists in
    /// baseline SSE2, 32-bit lane multiplies do not) — bit-identical, measured 2.3× the scalar
    /// loop and 1.25× SIMD4<UInt32> on 12-pixel rows here.
    @inline(__always)
    static func overMaskTable(_ dst: UnsafeMutablePointer<UInt32>, _ mask: UnsafePointer<UInt8>, _ count: Int,
                      _ table: UnsafeMutablePointer<UInt32>) {
        var i = 0
        let raw = UnsafeMutableRawPointer(dst)
        while i + 4 <= count {
            let s = SIMD4<UInt32>(table[Int(mask[i])], table[Int(mask[i + 1])], table[Int(mask[i + 2])], table[Int(mask[i + 3])])
            let d = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            let ia32 = SIMD4<UInt32>(repeating: 255) &- (s &>> 24)
            let ia = unsafeBitCast(ia32 | (ia32 &<< 16), to: SIMD8<UInt16>.self)
            var rb = unsafeBitCast(d & 0x00FF_00FF, to: SIMD8<UInt16>.self) &* ia &+ 0x80
            rb = (rb &+ (rb &>> 8)) &>> 8
            var ag = unsafeBitCast((d &>> 8) & 0x00FF_00FF, to: SIMD8<UInt16>.self) &* ia &+ 0x80
            ag = (ag &+ (ag &>> 8)) &>> 8
            let out = s &+ (unsafeBitCast(rb, to: SIMD4<UInt32>.self) | (unsafeBitCast(ag, to: SIMD4<UInt32>.self) &<< 8))
            raw.storeBytes(of: out, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
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
    /// Eight pixels at a time in 16-bit lanes, as `overRun`, with each pixel's 255 − α spread to
    /// both of its lanes (α·0x10001 from the 32-bit view). 35 → about 13 instructions per pixel
    /// under callgrind; bit-identical to the scalar loop (KernelTests).
    @inline(__always)
    static func overColors(_ dst: UnsafeMutablePointer<UInt32>, _ count: Int,
                           _ src: UnsafePointer<UInt32>, _ coverage: UInt32) {
        var i = 0
        if count >= 8 {
            let low = SIMD16<UInt16>(repeating: 0x00FF), half = SIMD16<UInt16>(repeating: 0x0080)
            let c16 = SIMD16<UInt16>(repeating: UInt16(coverage))
            let full = SIMD8<UInt32>(repeating: 255)
            let raw = UnsafeMutableRawPointer(dst), sraw = UnsafeRawPointer(src)
            @inline(__always) func mul(_ v: SIMD16<UInt16>, _ k: SIMD16<UInt16>) -> SIMD16<UInt16> {
                var e = (v & low) &* k &+ half
                e = (e &+ (e &>> 8)) &>> 8
                var o = (v &>> 8) &* k &+ half
                o = (o &+ (o &>> 8)) & ~low
                return e | o
            }
            while i + 8 <= count {
                var s = sraw.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt16>.self)
                if coverage != 255 { s = mul(s, c16) }
                let s32 = unsafeBitCast(s, to: SIMD8<UInt32>.self)
                let ia = full &- (s32 &>> 24)
                let ia16 = unsafeBitCast(ia | (ia &<< 16), to: SIMD16<UInt16>.self)
                let d = raw.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt16>.self)
                raw.storeBytes(of: s &+ mul(d, ia16), toByteOffset: i * 4, as: SIMD16<UInt16>.self)
                i += 8
            }
        }
        if coverage == 255 {
            while i < count {
                let s = src[i], a = s >> 24
                if a == 255 { dst[i] = s } else if s != 0 { dst[i] = s &+ Pixel.scale(dst[i], 255 &- a) }
                i += 1
            }
        } else {
            while i < count {
                let s = Pixel.scale(src[i], coverage)
                dst[i] = s &+ Pixel.scale(dst[i], 255 &- (s >> 24))
                i += 1
            }
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
    public static func overRun(_ dst: inout [UInt32], color: UInt32) {
        dst.withUnsafeMutableBufferPointer { Blend.overRun($0.baseAddress!, $0.count, color) }
    }
    public static func overMask(_ dst: inout [UInt32], color: UInt32, mask: [UInt8]) {
        precondition(mask.count >= dst.count)
        mask.withUnsafeBufferPointer { m in
            dst.withUnsafeMutableBufferPointer { Blend.overMask($0.baseAddress!, $0.count, color, m.baseAddress!) }
        }
    }
    public static func overColors(_ dst: inout [UInt32], colors: [UInt32], coverage: UInt8) {
        precondition(colors.count >= dst.count)
        colors.withUnsafeBufferPointer { c in
            dst.withUnsafeMutableBufferPointer { Blend.overColors($0.baseAddress!, $0.count, c.baseAddress!, UInt32(coverage)) }
        }
    }
    public static func overMaskTable(_ dst: inout [UInt32], color: UInt32, mask: [UInt8]) {
        precondition(mask.count >= dst.count)
        var table = (0..<256).map { Pixel.scale(color, UInt32($0)) }
        mask.withUnsafeBufferPointer { m in table.withUnsafeMutableBufferPointer { t in
            dst.withUnsafeMutableBufferPointer { Blend.overMaskTable($0.baseAddress!, m.baseAddress!, $0.count, t.baseAddress!) }
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
            if c == 255 && shaderIsOpaque {
                // Opaque colours at full coverage replace the pixels: shade straight into them.
                shader.pointee.shade(x: x, y: y, count: count, into: surface.row(y) + x)
                return
            }
            shader.pointee.shade(x: x, y: y, count: count, into: colors)
            Blend.overColors(surface.row(y) + x, count, colors, c)
        } else {
            let c = coverage == 255 ? solid : Pixel.scale(solid, UInt32(coverage))
            Blend.overRun(surface.row(y) + x, count, c)
        }
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
            Blend.overMaskTable(surface.row(y) + x, mask, count, table)
        } else {
            Blend.overMask(surface.row(y) + x, count, solid, mask)
        }
    }
}
