// ProjectiveImage: an image drawn through a 3×3 homography (a plane seen in perspective: the
// 3-D flips). Each device pixel centre is mapped back into the image: (U, V, W) = H⁻¹·(x, y, 1)
// is linear along a row, so the row steps by constant increments; u = U/W, v = V/W is taken
// exactly at the ends of 8-pixel spans and stepped linearly between them when that stays
// within 1/32 px of the exact map (checked at the span's middle; else every pixel is exact):
// callgrind put the per-pixel division path at 29 M instructions a frame for the 600×400 flip. the 2×2 pixels around (u − ½, v − ½) are blended with
// integer weights summing to 256 (outside the image counts as transparent, which also gives
// the edges their antialiasing). Inside the image the neighbourhood is read without bounds
// checks, and an opaque result is stored without blending (a 600×400 card: most pixels). A pixel whose W ≤ 0 lies behind the eye and is not drawn.
// `Reference.projective` computes the same thing one pixel at a time in doubles.

/// A projective map of the plane: (x, y) → ((m0·x + m1·y + m2) / w, (m3·x + m4·y + m5) / w)
/// with w = m6·x + m7·y + m8.
public struct Homography: Hashable, Sendable {
    public var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
    public init(_ m0: Double, _ m1: Double, _ m2: Double, _ m3: Double, _ m4: Double, _ m5: Double,
                _ m6: Double, _ m7: Double, _ m8: Double) {
        m = (m0, m1, m2, m3, m4, m5, m6, m7, m8)
    }
    public init(_ a: Affine) { self.init(a.a, a.c, a.tx, a.b, a.d, a.ty, 0, 0, 1) }
    public static let identity = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)

    public static func == (a: Homography, b: Homography) -> Bool {
        a.m.0 == b.m.0 && a.m.1 == b.m.1 && a.m.2 == b.m.2 && a.m.3 == b.m.3 && a.m.4 == b.m.4
            && a.m.5 == b.m.5 && a.m.6 == b.m.6 && a.m.7 == b.m.7 && a.m.8 == b.m.8
    }
    public func hash(into h: inout Hasher) {
        h.combine(m.0); h.combine(m.1); h.combine(m.2); h.combine(m.3); h.combine(m.4)
        h.combine(m.5); h.combine(m.6); h.combine(m.7); h.combine(m.8)
    }

    /// The homogeneous image of (x, y, 1).
    @inlinable public func applyHomogeneous(_ p: Point) -> (x: Double, y: Double, w: Double) {
        (m.0 * p.x + m.1 * p.y + m.2, m.3 * p.x + m.4 * p.y + m.5, m.6 * p.x + m.7 * p.y + m.8)
    }
    /// The mapped point, or nil when it lies on or behind the eye plane (w ≤ 0).
    @inlinable public func apply(_ p: Point) -> Point? {
        let h = applyHomogeneous(p)
        guard h.w > 1e-9, h.w.isFinite else { return nil }
        return Point(h.x / h.w, h.y / h.w)
    }
    /// `self` then `t` (the matrix product t·self; no arrays, so building one allocates nothing).
    public func then(_ t: Homography) -> Homography {
        let a = m, b = t.m
        return Homography(b.0 * a.0 + b.1 * a.3 + b.2 * a.6, b.0 * a.1 + b.1 * a.4 + b.2 * a.7, b.0 * a.2 + b.1 * a.5 + b.2 * a.8,
                          b.3 * a.0 + b.4 * a.3 + b.5 * a.6, b.3 * a.1 + b.4 * a.4 + b.5 * a.7, b.3 * a.2 + b.4 * a.5 + b.5 * a.8,
                          b.6 * a.0 + b.7 * a.3 + b.8 * a.6, b.6 * a.1 + b.7 * a.4 + b.8 * a.7, b.6 * a.2 + b.7 * a.5 + b.8 * a.8)
    }
    public func then(_ t: Affine) -> Homography { then(Homography(t)) }
    /// The inverse, or nil when singular (a plane seen edge-on) or not finite.
    public func inverted() -> Homography? {
        let (a, b, c, d, e, f, g, h, i) = m
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        let scale = Swift.max(Swift.abs(a), Swift.abs(b), Swift.abs(c), Swift.abs(d), Swift.abs(e), Swift.abs(f),
                              Swift.abs(g), Swift.abs(h), Swift.abs(i))
        guard det.isFinite, scale.isFinite, scale > 0, Swift.abs(det) > 1e-10 * scale * scale * scale else { return nil }
        let k = 1 / det
        return Homography(A * k, -(b * i - c * h) * k, (b * f - c * e) * k,
                          B * k, (a * i - c * g) * k, -(a * f - c * d) * k,
                          C * k, -(a * h - b * g) * k, (a * e - b * d) * k)
    }
    /// The device bounds of `r` mapped, or nil when part of it reaches the eye plane.
    public func bounds(of r: Rect) -> Rect? {
        guard let p0 = apply(Point(r.minX, r.minY)), let p1 = apply(Point(r.maxX, r.minY)),
              let p2 = apply(Point(r.minX, r.maxY)), let p3 = apply(Point(r.maxX, r.maxY)) else { return nil }
        let x0 = Swift.min(p0.x, p1.x, p2.x, p3.x), x1 = Swift.max(p0.x, p1.x, p2.x, p3.x)
        let y0 = Swift.min(p0.y, p1.y, p2.y, p3.y), y1 = Swift.max(p0.y, p1.y, p2.y, p3.y)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

@usableFromInline enum ProjectiveSampler {
    /// a + (b − a)·t/256 per channel (t in 0…256), two channels per multiply.
    @inline(__always) static func lerp(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        let it = 256 - t
        let rb = ((a & 0x00FF00FF) &* it &+ (b & 0x00FF00FF) &* t &+ 0x00800080) >> 8 & 0x00FF00FF
        let ag = (((a >> 8) & 0x00FF00FF) &* it &+ ((b >> 8) & 0x00FF00FF) &* t &+ 0x00800080) & 0xFF00FF00
        return rb | ag
    }
}

extension Canvas {
    /// Draws `image` mapped by `homography` (image pixels → user space), then the canvas
    /// transform, at the current opacity and clip, bilinear. Draws nothing when the map is
    /// singular (a plane seen edge-on) or not finite; pixels behind the eye plane are skipped.
    public func drawImage(_ image: Surface, projective homography: Homography) {
        let o = opacity8
        guard !_clip.isEmpty, o > 0, image.width > 0, image.height > 0 else { return }
        let full = homography.then(transform)
        guard let inv = full.inverted() else { return }
        let box: IntRect
        if let b = full.bounds(of: Rect(0, 0, Double(image.width), Double(image.height))) {
            box = IntRect(covering: b.insetBy(dx: -1, dy: -1))
        } else {
            box = _clip
        }
        let img = UnsafePointer(image.base), rp = image.rowPixels, w = image.width, h = image.height
        let (a, b, c, d, e, f, g, hh, i) = inv.m
        // Image coordinates are taken in 1/256 pixel; beyond this the point is far outside.
        let limit = Double(Swift.max(w, h) + 2)

        /// Blends the bilinear sample at (u − ½, v − ½) = (fu, fv)/256 (floored) onto `dst`.
        @inline(__always) func shade(_ dst: UnsafeMutablePointer<UInt32>, _ fu: Int, _ fv: Int) {
            let iu = fu >> 8, iv = fv >> 8
            let wx = UInt32(truncatingIfNeeded: fu & 255), wy = UInt32(truncatingIfNeeded: fv & 255)
            var p: UInt32
            if UInt(bitPattern: iu) < UInt(w - 1) && UInt(bitPattern: iv) < UInt(h - 1) {
                // Inside: the 2×2 neighbourhood without bounds checks.
                let r0 = img + iv * rp + iu, r1 = r0 + rp
                p = ProjectiveSampler.lerp(ProjectiveSampler.lerp(r0[0], r0[1], wx), ProjectiveSampler.lerp(r1[0], r1[1], wx), wy)
            } else {
                if iu < -1 || iv < -1 || iu >= w || iv >= h { return }
                @inline(__always) func px(_ x: Int, _ y: Int) -> UInt32 {
                    (x >= 0 && y >= 0 && x < w && y < h) ? img[y * rp + x] : 0
                }
                p = ProjectiveSampler.lerp(ProjectiveSampler.lerp(px(iu, iv), px(iu + 1, iv), wx),
                                           ProjectiveSampler.lerp(px(iu, iv + 1), px(iu + 1, iv + 1), wx), wy)
            }
            if p == 0 { return }
            if o < 255 { p = Pixel.scale(p, o) }
            dst.pointee = p >> 24 == 255 ? p : Pixel.over(p, dst.pointee)
        }

        forEachClip { clip in
            let r = box.intersection(clip)
            if r.isEmpty { return }
            for y in r.y0..<r.y1 {
                let row = surface.row(y)
                let cy = Double(y) + 0.5
                var x = r.x0
                while x < r.x1 {
                    // Spans of 8 pixels: when the exact map at the span's middle is within 1/32 px
                    // of the straight line between its ends, the span steps linearly in 16.16
                    // fixed point (no division per pixel); otherwise each pixel is mapped exactly.
                    let n = Swift.min(8, r.x1 - x)
                    let cx = Double(x) + 0.5
                    let U0 = a * cx + b * cy + c, V0 = d * cx + e * cy + f, W0 = g * cx + hh * cy + i
                    let dn = Double(n)
                    let U1 = U0 + a * dn, V1 = V0 + d * dn, W1 = W0 + g * dn
                    if W0 > 1e-12, W1 > 1e-12 {
                        let u0 = U0 / W0, v0 = V0 / W0, u1 = U1 / W1, v1 = V1 / W1
                        let half = dn / 2, Wm = W0 + g * half
                        let um = (U0 + a * half) / Wm, vm = (V0 + d * half) / Wm
                        if Swift.abs(um - (u0 + u1) / 2) < 1.0 / 32, Swift.abs(vm - (v0 + v1) / 2) < 1.0 / 32,
                           Swift.abs(u0) < 1e6, Swift.abs(v0) < 1e6, Swift.abs(u1) < 1e6, Swift.abs(v1) < 1e6 {
                            // Floored 16.16 of (u − ½): a large positive bias makes truncation floor.
                            let bias = 1 << 40
                            var fu = Int((u0 - 0.5) * 65536 + Double(bias)) - bias, fv = Int((v0 - 0.5) * 65536 + Double(bias)) - bias
                            let du = Int(((u1 - u0) / dn) * 65536), dv = Int(((v1 - v0) / dn) * 65536)
                            for xi in x..<(x + n) {
                                shade(row + xi, fu >> 8, fv >> 8)
                                fu += du; fv += dv
                            }
                            x += n
                            continue
                        }
                    }
                    var U = U0, V = V0, W = W0
                    for xi in x..<(x + n) {
                        defer { U += a; V += d; W += g }
                        guard W > 1e-12 else { continue }
                        let k = 1 / W
                        let u = U * k, v = V * k
                        // Outside by a pixel or more (this also rejects NaN): nothing to sample.
                        guard u > -0.5, v > -0.5, u < limit, v < limit else { continue }
                        // (u − ½, v − ½) in 24.8 fixed point, floored (the argument is positive).
                        shade(row + xi, Int((u + 0.5) * 256) - 256, Int((v + 0.5) * 256) - 256)
                    }
                    x += n
                }
            }
        }
    }
}

extension Reference {
    /// `Canvas.drawImage(_:projective:)` one pixel at a time: each pixel centre through the
    /// full inverse map in doubles, bilinear weights in doubles rounded once per channel,
    /// source-over onto `dst` (no clip, opacity 1).
    public static func projective(_ image: Surface, _ homography: Homography, onto dst: Surface) {
        guard let inv = homography.inverted() else { return }
        for y in 0..<dst.height { for x in 0..<dst.width {
            let q = inv.applyHomogeneous(Point(Double(x) + 0.5, Double(y) + 0.5))
            guard q.w > 1e-12 else { continue }
            let u = q.x / q.w - 0.5, v = q.y / q.w - 0.5
            guard u > -1, v > -1, u < Double(image.width), v < Double(image.height) else { continue }
            let iu = Int(u.rounded(.down)), iv = Int(v.rounded(.down))
            let fx = u - Double(iu), fy = v - Double(iv)
            var out: UInt32 = 0
            for shift in stride(from: 0, through: 24, by: 8) {
                func c(_ px: Int, _ py: Int) -> Double { Double((image.premultipliedPixel(x: px, y: py) >> UInt32(shift)) & 255) }
                let top = c(iu, iv) * (1 - fx) + c(iu + 1, iv) * fx
                let bottom = c(iu, iv + 1) * (1 - fx) + c(iu + 1, iv + 1) * fx
                out |= UInt32(Swift.min(255, (top * (1 - fy) + bottom * fy).rounded())) << UInt32(shift)
            }
            if out != 0 { dst.setPixel(x: x, y: y, Reference.over(out, dst.premultipliedPixel(x: x, y: y))) }
        } }
    }
}
