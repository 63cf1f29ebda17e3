// ImageShader: an image through an affine transform. Each device pixel centre is mapped back
// into the image (device → image is affine, so along a row the image coordinates step by a
// constant) in 32.32 fixed point. Nearest takes the pixel containing the point; bilinear
// blends the 2×2 pixels around (u − ½, v − ½) with 8-bit weights, channels spread into the
// four 16-bit lanes of a UInt64 so one multiply weighs all four (two roundings, ≤ 1/255 off).
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
        } else if bilinear {
            bilinearSpan(U, V, dU, dV, count, out)
        } else {
            nearestSpan(U, V, dU, dV, count, out)
        }
        if alpha < 255 {
            let s = alpha
            for i in 0..<count { out[i] = Pixel.scale(out[i], s) }
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
            if UInt(bitPattern: ix) < w && UInt(bitPattern: iy) < h {
                out[i] = px[iy &* rp &+ ix]
            } else {
                out[i] = fetch(ix, iy)
            }
            U &+= dU; V &+= dV
        }
    }

    @inline(__always) func bilinearSpan(_ U0: Int64, _ V0: Int64, _ dU: Int64, _ dV: Int64, _ count: Int,
                                        _ out: UnsafeMutablePointer<UInt32>) {
        var U = U0, V = V0
        let px = pixels, rp = rowPixels, w1 = UInt(width - 1), h1 = UInt(height - 1)
        for i in 0..<count {
            let ix = Int(truncatingIfNeeded: U >> 32), iy = Int(truncatingIfNeeded: V >> 32)
            let wx = UInt64(truncatingIfNeeded: (U >> 24) & 255), wy = UInt64(truncatingIfNeeded: (V >> 24) & 255)
            let p00: UInt32, p10: UInt32, p01: UInt32, p11: UInt32
            if UInt(bitPattern: ix) < w1 && UInt(bitPattern: iy) < h1 {
                let r = px + (iy &* rp &+ ix)
                p00 = r[0]; p10 = r[1]; p01 = r[rp]; p11 = r[rp + 1]
            } else {
                p00 = fetch(ix, iy); p10 = fetch(ix + 1, iy); p01 = fetch(ix, iy + 1); p11 = fetch(ix + 1, iy + 1)
            }
            let left = Bilinear.lerp(Bilinear.spread(p00), Bilinear.spread(p01), wy)
            let right = Bilinear.lerp(Bilinear.spread(p10), Bilinear.spread(p11), wy)
            out[i] = Bilinear.pack(Bilinear.lerp(left, right, wx))
            U &+= dU; V &+= dV
        }
    }

    // MARK: reference

    /// Straightforward Double version: each pixel centre → image space; nearest takes the pixel
    /// containing it; bilinear weighs the four neighbours of (u − ½, v − ½) by the fraction
    /// rounded down to 1/256 (the kernel's weight precision, part of the definition) in Double;
    /// then × alpha/255 and rounded. The fast path equals it within ±1/255 per channel.
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
        let fx = ((uu - x0) * 256).rounded(.down) / 256, fy = ((vv - y0) * 256).rounded(.down) / 256
        let ix = clampIndex(x0), iy = clampIndex(y0)
        let p00 = fetch(ix, iy), p10 = fetch(ix + 1, iy), p01 = fetch(ix, iy + 1), p11 = fetch(ix + 1, iy + 1)
        func mix(_ c: Int) -> Double {
            (1 - fx) * (1 - fy) * channel(p00, c) + fx * (1 - fy) * channel(p10, c)
                + (1 - fx) * fy * channel(p01, c) + fx * fy * channel(p11, c)
        }
        return Pixel.pack(a: q(mix(0) * o), r: q(mix(1) * o), g: q(mix(2) * o), b: q(mix(3) * o))
    }

    private func q(_ v: Double) -> UInt32 { UInt32(Swift.min(Swift.max(v, 0), 255) + 0.5) }
}

/// Bilinear helpers: a pixel's four channels in the 16-bit lanes of a UInt64
/// (B at bit 0, R at 16, G at 32, A at 48), so one multiply weighs all four.
@usableFromInline enum Bilinear {
    @inlinable @inline(__always) static func spread(_ p: UInt32) -> UInt64 {
        let x = UInt64(p)
        return (x & 0x00FF_00FF) | ((x & 0xFF00_FF00) << 24)
    }
    @inlinable @inline(__always) static func pack(_ s: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: (s & 0x00FF_00FF) | ((s >> 24) & 0xFF00_FF00))
    }
    /// a·(256 − w)/256 + b·w/256 per lane, rounded; lanes stay ≤ 255·256 + 128 < 2¹⁶.
    @inlinable @inline(__always) static func lerp(_ a: UInt64, _ b: UInt64, _ w: UInt64) -> UInt64 {
        ((a &* (256 &- w) &+ b &* w &+ 0x0080_0080_0080_0080) >> 8) & 0x00FF_00FF_00FF_00FF
    }
}
