// GradientLUT: gradient stops → a 1024-entry table of premultiplied ARGB8888, plus the spread
// modes, in a fixed-point form for the fast shaders and a Double form for their references.
//
// Interpolation happens in **premultiplied** space, as CSS Images 4 and SVG 2 specify: a stop
// fading to transparent keeps its hue instead of darkening through the transparent stop's RGB.
// (pixman's gradient walker interpolates straight colour and premultiplies afterwards, so
// cairo's output differs from ours only between stops of different alpha.)
//
// 1024 entries rather than 256: a full-HD-wide gradient then changes entry every ~2 px and each
// entry differs from the exact colour by at most (colour change across the gradient)/2046.

/// A cleaned stop: location clamped to 0…1, colour premultiplied, components clamped to 0…1.
@usableFromInline struct PreparedStop {
    @usableFromInline var location: Double
    @usableFromInline var a: Double, r: Double, g: Double, b: Double
    @usableFromInline init(location: Double, a: Double, r: Double, g: Double, b: Double) {
        self.location = location; self.a = a; self.r = r; self.g = g; self.b = b
    }
}

/// Builds and reads gradient lookup tables.
@usableFromInline enum GradientLUT {
    /// Table entries; entry i holds the colour at t = i / 1023.
    @usableFromInline static let size = 1024
    @usableFromInline static let lastIndex = 1023

    /// Cleans `stops` into `cache.stops`: NaN locations are dropped, others clamped to 0…1,
    /// then sorted stably (equal locations keep their order and make a hard edge).
    /// Returns the number of stops kept.
    @usableFromInline static func prepare(_ stops: [GradientStop], into cache: ShaderCache) -> Int {
        cache.reserveStops(stops.count)
        let out = cache.stops
        var n = 0
        for s in stops where !s.location.isNaN {
            let a = unit(s.color.a)
            let p = PreparedStop(location: Swift.min(Swift.max(s.location, 0), 1), a: a,
                                 r: unit(s.color.r) * a, g: unit(s.color.g) * a, b: unit(s.color.b) * a)
            // Insertion sort: stable, allocation-free, and gradients have a handful of stops.
            var j = n
            while j > 0 && out[j - 1].location > p.location { out[j] = out[j - 1]; j -= 1 }
            out[j] = p
            n += 1
        }
        cache.stopCount = n
        return n
    }

    /// 0…1 with NaN → 0.
    @inlinable static func unit(_ v: Double) -> Double { v > 0 ? (v < 1 ? v : 1) : 0 }

    /// The premultiplied colour at `t` (0…1) of `n` prepared stops. `k` is a search hint: the
    /// index of the last stop at or before an earlier, smaller t (start with -1).
    /// At a hard edge (equal locations) t at the edge takes the later stop.
    @usableFromInline static func color(at t: Double, _ s: UnsafePointer<PreparedStop>, _ n: Int,
                                        hint k: inout Int) -> (a: Double, r: Double, g: Double, b: Double) {
        while k + 1 < n && s[k + 1].location <= t { k += 1 }
        if k < 0 { return (s[0].a, s[0].r, s[0].g, s[0].b) }
        if k == n - 1 { return (s[k].a, s[k].r, s[k].g, s[k].b) }
        let l = s[k], h = s[k + 1]
        let f = (t - l.location) / (h.location - l.location)   // h.location > t >= l.location
        return (l.a + (h.a - l.a) * f, l.r + (h.r - l.r) * f, l.g + (h.g - l.g) * f, l.b + (h.b - l.b) * f)
    }

    /// Packs a premultiplied Double colour × opacity into ARGB8888 (rounded to nearest).
    @usableFromInline static func pack(_ c: (a: Double, r: Double, g: Double, b: Double), _ o: Double) -> UInt32 {
        func q(_ v: Double) -> UInt32 { UInt32(unit(v * o) * 255 + 0.5) }
        return Pixel.pack(a: q(c.a), r: q(c.r), g: q(c.g), b: q(c.b))
    }

    /// Fills `cache.lut` from `stops` × `opacity` unless it already holds exactly that.
    /// Returns false when there are no usable stops (the gradient paints nothing).
    @usableFromInline static func build(_ stops: [GradientStop], opacity: Double, cache: ShaderCache) -> Bool {
        if let last = cache.lutStops, last == stops, cache.lutOpacity == opacity {
            return cache.stopCount > 0
        }
        let n = prepare(stops, into: cache)
        cache.lutStops = stops; cache.lutOpacity = opacity
        guard n > 0 else { cache.lutIsOpaque = false; return false }
        var k = -1
        var alphaAnd: UInt32 = 0xFF00_0000
        let lut = cache.lut, s = UnsafePointer(cache.stops)
        for i in 0..<size {
            let p = pack(color(at: Double(i) / Double(lastIndex), s, n, hint: &k), opacity)
            lut[i] = p
            alphaAnd &= p
        }
        cache.lutIsOpaque = alphaAnd == 0xFF00_0000
        return true
    }

    /// The average of the table: what a repeating gradient of zero period shows.
    @usableFromInline static func average(_ lut: UnsafePointer<UInt32>) -> UInt32 {
        var a = 0, r = 0, g = 0, b = 0
        for i in 0..<size {
            let p = lut[i]
            a += Int(p >> 24); r += Int((p >> 16) & 255); g += Int((p >> 8) & 255); b += Int(p & 255)
        }
        func avg(_ v: Int) -> UInt32 { UInt32((v + size / 2) / size) }
        return Pixel.pack(a: avg(a), r: avg(r), g: avg(g), b: avg(b))
    }

    // MARK: spread, Double (references)

    /// Maps any t to 0…1 by the spread mode. NaN maps to 0.
    @usableFromInline static func spread(_ t: Double, _ mode: Spread) -> Double {
        guard t.isFinite else { return t == .infinity && mode == .pad ? 1 : 0 }
        switch mode {
        case .pad: return Swift.min(Swift.max(t, 0), 1)
        case .repeat: return t - t.rounded(.down)
        case .reflect:
            let m = t - 2 * (t * 0.5).rounded(.down)
            return m > 1 ? 2 - m : m
        }
    }

    /// Table index of a t already in 0…1 (nearest entry).
    @usableFromInline static func index(_ t: Double) -> Int {
        Swift.min(Swift.max(Int((t * Double(lastIndex) + 0.5).rounded(.down)), 0), lastIndex)
    }

    // MARK: spread, fixed point (fast shaders)

    /// Table index of a 32.32 t in 0…1 (`m` in 0...2³²).
    @inlinable @inline(__always) static func index(fixed m: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: m) &* 1023 &+ 0x8000_0000) >> 32)
    }

    /// Writes `count` table colours for t = t0 + i·dt (32.32), mapped by `mode`.
    /// The spread switch sits outside the loops: one loop per mode.
    @inlinable @inline(__always)
    static func fillSpan(_ lut: UnsafePointer<UInt32>, _ t0: Int64, _ dt: Int64, _ count: Int,
                         _ mode: Spread, _ out: UnsafeMutablePointer<UInt32>) {
        var t = t0
        switch mode {
        case .pad:
            for i in 0..<count {
                let m = Swift.min(Swift.max(t, 0), Fixed.one)
                out[i] = lut[index(fixed: m)]
                t &+= dt
            }
        case .repeat:
            for i in 0..<count {
                out[i] = lut[index(fixed: t & 0xFFFF_FFFF)]
                t &+= dt
            }
        case .reflect:
            for i in 0..<count {
                var m = t & 0x1_FFFF_FFFF
                if m > Fixed.one { m = 2 &* Fixed.one &- m }
                out[i] = lut[index(fixed: m)]
                t &+= dt
            }
        }
    }

    /// The colour for one fixed-point t.
    @inlinable @inline(__always)
    static func colorFixed(_ lut: UnsafePointer<UInt32>, _ t: Int64, _ mode: Spread) -> UInt32 {
        var m: Int64
        switch mode {
        case .pad: m = Swift.min(Swift.max(t, 0), Fixed.one)
        case .repeat: m = t & 0xFFFF_FFFF
        case .reflect:
            m = t & 0x1_FFFF_FFFF
            if m > Fixed.one { m = 2 &* Fixed.one &- m }
        }
        return lut[index(fixed: m)]
    }
}
