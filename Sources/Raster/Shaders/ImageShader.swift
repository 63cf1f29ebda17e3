// ImageShader: an image through an affine transform. Each device pixel centre is mapped back
// into the image (device → image is affine, so along a row the image coordinates step by a
// constant) in 32.32 fixed point. Nearest takes the pixel containing the point; bilinear
// blends the 2×2 pixels around (u − ½, v − ½) with integer weights summing to 256, in SSE
// registers (`SIMD8<UInt16>`: two pixels' channels per register, weights computed as vectors).
// Outside the image pixels are transparent (bilinear fades over the edge pixel) unless
// `extendEdges`, which clamps to the edge pixels. Input and output are premultiplied.
//
// Fast paths: a span whose step is exactly one image pixel along x with no vertical step and
// no sub-pixel weight (an unscaled, unrotated image at an integer offset — also bilinear) is a
// row copy (× opacity).

/// Shades an `ImagePattern` under a user→device transform.
public struct ImageShader: SpanShader {
    @usableFromInline let pixels: UnsafePointer<UInt32>
    @usableFromInline let rowPixels: Int, width: Int, height: Int
    @usableFromInline let owner: AnyObject?
    /// device → image: (u, v) = M·(X, Y).
    @usableFromInline let m: Affine
    @usableFromInline let bilinear: Bool
    @usableFromInline let extend: Bool
    /// Opacity as an 8-bit factor (255 = none): applied with `Pixel.scale`.
    @usableFromInline let alpha: UInt32
    /// Images report false: knowing would need a scan of every pixel on every draw.
    public var isOpaque: Bool { false }

    /// Prepares the shader, or nil when it paints nothing: an empty image, or a singular or
    /// non-finite transform (pattern's or canvas's). `opacity` (0…1) is quantised to 8 bits.
    public init?(_ p: ImagePattern, transform: Affine, opacity: Double) {
        guard p.image.width > 0, p.image.height > 0 else { return nil }
        guard let inv = p.transform.concatenating(transform).inverted(),
              inv.a.isFinite, inv.b.isFinite, inv.c.isFinite, inv.d.isFinite else { return nil }
        pixels = UnsafePointer(p.image.base); rowPixels = p.image.rowPixels
        width = p.image.width; height = p.image.height; owner = p.image.owner
        m = inv; bilinear = p.sampling == .bilinear; extend = p.extendEdges
        alpha = Pixel.unit8(opacity)
    }

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        let fx = Double(x) + 0.5, fy = Double(y) + 0.5
        var u = m.a * fx + m.c * fy + m.tx, v = m.b * fx + m.d * fy + m.ty
        if bilinear { u -= 0.5; v -= 0.5 }
        let n = Double(count - 1)
        let u1 = u + m.a * n, v1 = v + m.b * n
        let lim = Fixed.limit
        guard Swift.abs(u) < lim, Swift.abs(v) < lim, Swift.abs(u1) < lim, Swift.abs(v1) < lim else {
            referenceShade(x: x, y: y, count: count, into: out)     // absurdly far from the image
            return
        }
        let U = Fixed.from(u), V = Fixed.from(v), dU = Fixed.from(m.a), dV = Fixed.from(m.b)
        if dU == Fixed.one && dV == 0 && (!bilinear || (U & 0xFF00_0000 == 0 && V & 0xFF00_0000 == 0)) {
            copySpan(ix0: Int(truncatingIfNeeded: U >> 32), iy: Int(truncatingIfNeeded: V >> 32), count: count, out)
            ScaleSpan.apply(out, count, alpha)
        } else if bilinear {
            bilinearSpan(U, V, dU, dV, count, out)
        } else {
            nearestSpan(U, V, dU, dV, count, out)
            ScaleSpan.apply(out, count, alpha)
        }
    }

    /// Image pixel (ix, iy) by the edge rule: transparent outside, or clamped with `extend`.
    @inline(__always) func fetch(_ ix: Int, _ iy: Int) -> UInt32 {
        if UInt(bitPattern: ix) < UInt(width) && UInt(bitPattern: iy) < UInt(height) {
            return pixels[iy &* rowPixels &+ ix]
        }
        guard extend else { return 0 }
        return pixels[Swift.min(Swift.max(iy, 0), height - 1) * rowPixels + Swift.min(Swift.max(ix, 0), width - 1)]
    }

    /// Image row iy from column ix0 onwards, one pixel per device pixel.
    @inline(__always) func copySpan(ix0: Int, iy: Int, count: Int, _ out: UnsafeMutablePointer<UInt32>) {
        guard extend || (iy >= 0 && iy < height) else { out.update(repeating: 0, count: count); return }
        let lo = Swift.min(Swift.max(-ix0, 0), count), hi = Swift.max(Swift.min(width - ix0, count), lo)
        if lo > 0 { out.update(repeating: fetch(-1, iy), count: lo) }
        if hi > lo {
            let yy = Swift.min(Swift.max(iy, 0), height - 1)
            (out + lo).update(from: pixels + yy * rowPixels + ix0 + lo, count: hi - lo)
        }
        if count > hi { (out + hi).update(repeating: fetch(width, iy), count: count - hi) }
    }

    @inline(__always) func nearestSpan(_ U0: Int64, _ V0: Int64, _ dU: Int64, _ dV: Int64, _ count: Int,
                                       _ out: UnsafeMutablePointer<UInt32>) {
        var U = U0, V = V0
        let px = pixels, rp = rowPixels, w = UInt(width), h = UInt(height)
        for i in 0..<count {
            let ix = Int(truncatingIfNeeded: U >> 32), iy = Int(truncatingIfNeeded: V >> 32)
            out[i] = UInt(bitPattern: ix) < w && UInt(bitPattern: iy) < h ? px[iy &* rp &+ ix] : fetch(ix, iy)
            U &+= dU; V &+= dV
        }
    }

    /// Bilinear: the four neighbours weighed by integer weights summing to 256 (see
    /// `Bilinear.weights`), one rounding, then × alpha — in SSE through `SIMD8<UInt16>`: each
    /// row pair (p00 p10, p01 p11) is one 8-byte load widened to 16-bit lanes. Measured on the
    /// (e) rot30 ×1.5 spans (callgrind, instructions per pixel, opacity included): UInt64-lane
    /// scalar ≈ 90, SIMD with scalar weights 75, SIMD weights (`Bilinear.blend`) 64, border
    /// blocks out of line 62. Nearest is 21 (gather 16 + `ScaleSpan` 5).
    @inline(__always) func bilinearSpan(_ U0: Int64, _ V0: Int64, _ dU: Int64, _ dV: Int64, _ count: Int,
                                        _ out: UnsafeMutablePointer<UInt32>) {
        var U = U0, V = V0
        let px = UnsafeRawPointer(pixels), rowBytes = rowPixels &* 4
        let w1 = UInt(width - 1), h1 = UInt(height - 1), alpha = UInt16(truncatingIfNeeded: self.alpha)
        for i in 0..<count {
            let ix = Int(truncatingIfNeeded: U >> 32), iy = Int(truncatingIfNeeded: V >> 32)
            let wx = UInt16(truncatingIfNeeded: (U >> 24) & 255), wy = UInt16(truncatingIfNeeded: (V >> 24) & 255)
            let top: UInt64, bottom: UInt64
            if UInt(bitPattern: ix) < w1 && UInt(bitPattern: iy) < h1 {
                let r = px + (iy &* rowBytes &+ ix &* 4)
                top = r.loadUnaligned(as: UInt64.self)
                bottom = r.loadUnaligned(fromByteOffset: rowBytes, as: UInt64.self)
            } else {
                (top, bottom) = edgeBlock(ix, iy)
            }
            out[i] = Bilinear.blend(top, bottom, wx, wy, alpha)
            U &+= dU; V &+= dV
        }
    }

    /// The 2×2 block at (ix, iy) by the edge rule, as (p00 | p10 << 32, p01 | p11 << 32).
    /// Out of line: it runs only along the image's border, and inlined it made the hot loop
    /// spill its pointers to the stack.
    @inline(never) func edgeBlock(_ ix: Int, _ iy: Int) -> (UInt64, UInt64) {
        (UInt64(fetch(ix, iy)) | UInt64(fetch(ix + 1, iy)) << 32,
         UInt64(fetch(ix, iy + 1)) | UInt64(fetch(ix + 1, iy + 1)) << 32)
    }

    // MARK: reference

    /// Straightforward Double version: each pixel centre → image space; nearest takes the pixel
    /// containing it; bilinear weighs the four neighbours of (u − ½, v − ½) by
    /// `Bilinear.weights` of the fractions rounded down to 1/256 (the kernel's weight precision,
    /// part of the definition) and blends in Double; then × alpha/255 and rounded once.
    /// The fast path (two roundings) equals it within ±1/255 per channel.
    public func referenceShade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        for i in 0..<count {
            let p = m.apply(Point(Double(x + i) + 0.5, Double(y) + 0.5))
            out[i] = referenceSample(u: p.x, v: p.y)
        }
    }

    /// The reference colour at image point (u, v).
    func referenceSample(u: Double, v: Double) -> UInt32 {
        let o = Double(alpha) / 255
        // Far outside the image every index behaves like -2 or 40000 (beyond 32767).
        func clampIndex(_ d: Double) -> Int { d.isNaN ? -2 : Int(Swift.min(Swift.max(d, -2), 40000)) }
        func channel(_ p: UInt32, _ c: Int) -> Double { Double((p >> UInt32(24 - 8 * c)) & 255) }
        if !bilinear {
            let p = fetch(clampIndex(u.rounded(.down)), clampIndex(v.rounded(.down)))
            return Pixel.pack(a: q(channel(p, 0) * o), r: q(channel(p, 1) * o),
                              g: q(channel(p, 2) * o), b: q(channel(p, 3) * o))
        }
        let uu = u - 0.5, vv = v - 0.5
        let x0 = uu.rounded(.down), y0 = vv.rounded(.down)
        let w = Bilinear.weights(fx: Int(((uu - x0) * 256).rounded(.down)), fy: Int(((vv - y0) * 256).rounded(.down)))
        let ix = clampIndex(x0), iy = clampIndex(y0)
        let p00 = fetch(ix, iy), p10 = fetch(ix + 1, iy), p01 = fetch(ix, iy + 1), p11 = fetch(ix + 1, iy + 1)
        func mix(_ c: Int) -> Double {
            (Double(w.w00) * channel(p00, c) + Double(w.w10) * channel(p10, c)
                + Double(w.w01) * channel(p01, c) + Double(w.w11) * channel(p11, c)) / 256
        }
        return Pixel.pack(a: q(mix(0) * o), r: q(mix(1) * o), g: q(mix(2) * o), b: q(mix(3) * o))
    }

    private func q(_ v: Double) -> UInt32 { UInt32(Swift.min(Swift.max(v, 0), 255) + 0.5) }
}

/// Bilinear weights and the blend of a 2×2 block.
@usableFromInline enum Bilinear {
    /// Blends the pixel pairs `top` (p00 | p10 << 32) and `bottom` (p01 | p11 << 32) with the
    /// weights of 8-bit fractions wx, wy, rounds once, then scales by `alpha` (Pixel.scale's
    /// rounding). Widening bytes to `SIMD8<UInt16>` compiles to punpcklbw/pmullw/packuswb
    /// (checked in the disassembly: no generic calls).
    @inlinable @inline(__always)
    static func blend(_ top: UInt64, _ bottom: UInt64, _ wx: UInt16, _ wy: UInt16, _ alpha: UInt16) -> UInt32 {
        // Weights as vectors (see `weights`): hx = [256 − wx ×4, wx ×4]; bottom row
        // wb = (hx·wy + 128) >> 8; top row wt = hx − wb. Broadcasts + 3 vector ops instead of
        // scalar maths and four lane inserts.
        let hx = SIMD8<UInt16>(256, 256, 256, 256, 0, 0, 0, 0)
            &+ SIMD8<UInt16>(repeating: wx) &* SIMD8<UInt16>(0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 1, 1, 1, 1)
        let wb = (hx &* wy &+ 128) &>> 8
        let wt = hx &- wb
        let t = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(top, to: SIMD8<UInt8>.self))
        let b = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(bottom, to: SIMD8<UInt8>.self))
        let acc = t &* wt &+ b &* wb
        var s = (acc.lowHalf &+ acc.highHalf &+ 128) &>> 8          // ≤ 255·256 + 128 < 2¹⁶
        if alpha != 255 {
            let m = s &* alpha &+ 128
            s = (m &+ (m &>> 8)) &>> 8
        }
        return unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: s), to: UInt32.self)
    }
    /// The four bilinear weights for 8-bit fractions fx, fy (0…255): the bottom row is
    /// ((256 − fx)·fy + 128) >> 8 and (fx·fy + 128) >> 8, the top row what is left of 256 − fx
    /// and fx, so columns sum exactly; all ≥ 0, total 256, so a weighted sum of 8-bit lanes
    /// stays ≤ 255·256 + 128 < 2¹⁶ and fits a 16-bit lane.
    @inlinable static func weights(fx: Int, fy: Int) -> (w00: Int, w10: Int, w01: Int, w11: Int) {
        let w01 = ((256 - fx) * fy + 128) >> 8, w11 = (fx * fy + 128) >> 8
        return (256 - fx - w01, fx - w11, w01, w11)
    }
}
