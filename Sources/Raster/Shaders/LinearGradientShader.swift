// LinearGradientShader: t is an affine function of the device pixel, t = A·x + B·y + C, so a
// span steps t by A per pixel in 32.32 fixed point and reads the lookup table — no division,
// no floating point inside the loop (callgrind: 11.5 instructions per pixel on the full-frame
// diagonal gradient of the benchmark). Axis-aligned gradients skip even that:
// - B = 0 (t depends on x only, e.g. a horizontal gradient): every row is the same, so the
//   first span computed is kept in `ShaderCache.row` and later rows copy it;
// - A = 0 (t depends on y only): a row is one colour.

/// Shades a `LinearGradient` under a user→device transform.
public struct LinearGradientShader: SpanShader {
    @usableFromInline enum Mode { case general, horizontal, vertical, solid(UInt32) }
    @usableFromInline let lut: UnsafePointer<UInt32>
    @usableFromInline let cache: ShaderCache
    @usableFromInline let a: Double, b: Double, c: Double
    @usableFromInline let spread: Spread
    @usableFromInline let mode: Mode
    public let isOpaque: Bool
    // The reference's own description of the geometry (user space, not the fast coefficients).
    @usableFromInline let inverse: Affine
    @usableFromInline let start: Point, delta: Point, lengthSquared: Double

    /// Prepares the shader, or nil when it paints nothing: no stops (after dropping NaN
    /// locations), a singular or non-finite transform, or non-finite gradient points.
    /// `start == end` paints the last stop with `.pad` and the average colour otherwise
    /// (t is ±∞ everywhere). `opacity` (0…1) multiplies every colour.
    public init?(_ g: LinearGradient, transform: Affine, opacity: Double, cache: ShaderCache) {
        guard let inv = transform.inverted(), g.start.isFinite, g.end.isFinite else { return nil }
        guard GradientLUT.build(g.stops, opacity: opacity, cache: cache) else { return nil }
        lut = UnsafePointer(cache.lut); self.cache = cache
        spread = g.spread; isOpaque = cache.lutIsOpaque
        inverse = inv; start = g.start
        let d = g.end - g.start
        delta = d; lengthSquared = d.x * d.x + d.y * d.y
        cache.invalidateRow()
        guard lengthSquared > 0, lengthSquared.isFinite else {
            a = 0; b = 0; c = 0
            mode = .solid(g.spread == .pad ? lut[GradientLUT.lastIndex] : GradientLUT.average(lut))
            return
        }
        // t(X, Y) = ((inv(X, Y) − start) · d) / |d|²
        a = (d.x * inv.a + d.y * inv.b) / lengthSquared
        b = (d.x * inv.c + d.y * inv.d) / lengthSquared
        c = (d.x * (inv.tx - g.start.x) + d.y * (inv.ty - g.start.y)) / lengthSquared
        guard a.isFinite, b.isFinite, c.isFinite else { return nil }
        mode = b == 0 ? .horizontal : (a == 0 ? .vertical : .general)
    }

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        switch mode {
        case .solid(let p):
            out.update(repeating: p, count: count)
        case .vertical:
            let t = b * (Double(y) + 0.5) + c
            let p = Swift.abs(t) < Fixed.limit ? GradientLUT.colorFixed(lut, Fixed.from(t), spread)
                                               : lut[GradientLUT.index(GradientLUT.spread(t, spread))]
            out.update(repeating: p, count: count)
        case .horizontal:
            shadeCachedRow(x: x, count: count, into: out)
        case .general:
            shadeSpan(x: x, y: y, count: count, into: out)
        }
    }

    /// Horizontal gradients: copy from the cached row when it covers the span, else compute and
    /// remember. Spans at x < 0 (never asked by a clipped compositor) are computed, not cached.
    @inline(__always)
    func shadeCachedRow(x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let end = x + count
        if x >= cache.rowValid0 && end <= cache.rowValid1 {
            out.update(from: cache.row + x, count: count)
            return
        }
        shadeSpan(x: x, y: 0, count: count, into: out)
        guard x >= 0 else { return }
        cache.reserveRow(end)
        (cache.row + x).update(from: out, count: count)
        if cache.rowValid1 > cache.rowValid0 && x <= cache.rowValid1 && end >= cache.rowValid0 {
            cache.rowValid0 = Swift.min(cache.rowValid0, x); cache.rowValid1 = Swift.max(cache.rowValid1, end)
        } else {
            cache.rowValid0 = x; cache.rowValid1 = end
        }
    }

    /// The general span: t stepped in 32.32 fixed point; the Double reference when t leaves
    /// the fixed-point range (|t| ≥ 2²⁴ — a gradient a few pixels long seen from far away).
    @inline(__always)
    func shadeSpan(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let t0 = a * (Double(x) + 0.5) + b * (Double(y) + 0.5) + c
        let t1 = t0 + a * Double(count - 1)
        guard Swift.abs(t0) < Fixed.limit, Swift.abs(t1) < Fixed.limit else {
            referenceShade(x: x, y: y, count: count, into: out)
            return
        }
        GradientLUT.fillSpan(lut, Fixed.from(t0), Fixed.from(a), count, spread, out)
    }

    // MARK: reference

    /// Straightforward Double version: maps each pixel centre to user space, projects it on the
    /// gradient axis, applies the spread and evaluates the stops at the table's resolution
    /// (t rounded to the nearest of 1024 samples — part of the definition, not an error).
    /// The fast path equals it within ±1/255 per channel (tests/LinearGradientShaderTests).
    public func referenceShade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        for i in 0..<count {
            out[i] = referenceColor(t: referenceT(x: Double(x + i) + 0.5, y: Double(y) + 0.5))
        }
    }

    /// The unspread gradient parameter at device point (x, y).
    func referenceT(x: Double, y: Double) -> Double {
        if case .solid = mode { return lengthSquared > 0 ? .nan : .infinity }
        let p = inverse.apply(Point(x, y))
        return ((p.x - start.x) * delta.x + (p.y - start.y) * delta.y) / lengthSquared
    }

    /// The colour for an unspread t, from the stops (not the table).
    func referenceColor(t: Double) -> UInt32 {
        if case .solid(let p) = mode { return p }
        var k = -1
        let tq = Double(GradientLUT.index(GradientLUT.spread(t, spread))) / Double(GradientLUT.lastIndex)
        return GradientLUT.pack(GradientLUT.color(at: tq, cache.stops, cache.stopCount, hint: &k), cache.lutOpacity)
    }
}
