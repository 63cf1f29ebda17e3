// ProjectiveImage: an image drawn through a 3×3 homography (a plane seen in perspective: the
// 3-D flips). Each device pixel centre is mapped back into the image: (U, V, W) = H⁻¹·(x, y, 1)
// is linear along a row, so the row steps by constant increments and each pixel costs one
// reciprocal for u = U/W, v = V/W; the 2×2 pixels around (u − ½, v − ½) are blended with
// integer weights summing to 256 (outside the image counts as transparent, which also gives
// the edges their antialiasing). A pixel whose W ≤ 0 lies behind the eye and is not drawn.
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

    public static func == (a: Homography, b: Homography) -> Bool { a.array == b.array }
    public func hash(into h: inout Hasher) { h.combine(array) }
    var array: [Double] { [m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8] }

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
    /// `self` then `t`.
    public func then(_ t: Homography) -> Homography {
        let a = array, b = t.array
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { r[i * 3 + j] = b[i * 3] * a[j] + b[i * 3 + 1] * a[3 + j] + b[i * 3 + 2] * a[6 + j] } }
        return Homography(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8])
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
    /// The bilinear sample at image point (u, v) (pixel centres at +½), transparent outside.
    @inline(__always) static func sample(_ img: UnsafePointer<UInt32>, _ rowPixels: Int, _ w: Int, _ h: Int,
                                         _ u: Double, _ v: Double) -> UInt32 {
        let fu = u - 0.5, fv = v - 0.5
        guard fu > -1, fv > -1, fu < Double(w), fv < Double(h) else { return 0 }
        let iu = Int((fu + 1).rounded(.down)) - 1, iv = Int((fv + 1).rounded(.down)) - 1
        let wx = UInt32(((fu - Double(iu)) * 256).rounded(.down)), wy = UInt32(((fv - Double(iv)) * 256).rounded(.down))
        @inline(__always) func px(_ x: Int, _ y: Int) -> UInt32 {
            (x >= 0 && y >= 0 && x < w && y < h) ? img[y * rowPixels + x] : 0
        }
        let p00 = px(iu, iv), p10 = px(iu + 1, iv), p01 = px(iu, iv + 1), p11 = px(iu + 1, iv + 1)
        return lerp(lerp(p00, p10, wx), lerp(p01, p11, wx), wy)
    }

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
        forEachClip { clip in
            let r = box.intersection(clip)
            if r.isEmpty { return }
            for y in r.y0..<r.y1 {
                let row = surface.row(y)
                let cx = Double(r.x0) + 0.5, cy = Double(y) + 0.5
                var U = a * cx + b * cy + c, V = d * cx + e * cy + f, W = g * cx + hh * cy + i
                for x in r.x0..<r.x1 {
                    if W > 1e-12 {
                        let k = 1 / W
                        var p = ProjectiveSampler.sample(img, rp, w, h, U * k, V * k)
                        if p != 0 {
                            if o < 255 { p = Pixel.scale(p, o) }
                            row[x] = Pixel.over(p, row[x])
                        }
                    }
                    U += a; V += d; W += g
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
