// BoxBlur: a Gaussian-like blur of premultiplied ARGB as three box blurs of half-width k in
// each direction (running sums, integers only). Three passes of a box of width 2k+1 have a
// variance of k(k+1), so k = radius/2 gives σ ≈ radius/2, the spread kiosk's shadows always
// had; a pixel's colour reaches 3k pixels away (`reach`), which is what damage must grow by.
// Outside the surface counts as transparent. The horizontal pass works in place on a copy of
// the row; the vertical pass walks rows (cache-friendly) with per-column running sums and a
// ring of the last k+1 original rows. All buffers live in a `BlurScratch` that only grows.

/// Scratch memory for `BoxBlur` (keep one; it only grows).
public final class BlurScratch {
    var line: UnsafeMutablePointer<UInt32>?
    var lineCount = 0
    var sums: UnsafeMutablePointer<UInt64>?
    var sumCount = 0
    var ring: UnsafeMutablePointer<UInt32>?
    var ringCount = 0
    public init() {}
    deinit { line?.deallocate(); sums?.deallocate(); ring?.deallocate() }

    func lineBuffer(_ n: Int) -> UnsafeMutablePointer<UInt32> {
        if n > lineCount { line?.deallocate(); line = .allocate(capacity: n); lineCount = n }
        return line!
    }
    func sumBuffer(_ n: Int) -> UnsafeMutablePointer<UInt64> {
        if n > sumCount { sums?.deallocate(); sums = .allocate(capacity: n); sumCount = n }
        return sums!
    }
    func ringBuffer(_ n: Int) -> UnsafeMutablePointer<UInt32> {
        if n > ringCount { ring?.deallocate(); ring = .allocate(capacity: n); ringCount = n }
        return ring!
    }
}

public enum BoxBlur {
    /// Radii above this act as this (a blur of 10⁶ would need a layer 3·10⁶ pixels wide).
    public static let maxRadius = 200.0
    /// The box half-width for a blur radius (0 for no blur; NaN and negatives are 0).
    @inlinable public static func halfWidth(radius: Double) -> Int {
        guard radius.isFinite, radius > 0 else { return 0 }
        return Swift.max(1, Int(Swift.min(radius, maxRadius) / 2))
    }
    /// How far, in pixels, the blur spreads colour: damage and layers grow by this.
    @inlinable public static func reach(radius: Double) -> Int { 3 * halfWidth(radius: radius) }

    /// round(sum / window) as the kernels compute it: a Q16 reciprocal (exact enough for
    /// windows up to 401, and the reference uses the same formula).
    @inlinable static func reciprocal(_ window: Int) -> UInt32 { UInt32((65536 + window / 2) / window) }

    /// Blurs `s` in place (three horizontal + vertical box passes of half-width `k`).
    public static func blur(_ s: Surface, halfWidth k: Int, scratch: BlurScratch) {
        let w = s.width, h = s.height
        guard k > 0, w > 0, h > 0 else { return }
        let inv = UInt64(reciprocal(2 * k + 1))
        let line = scratch.lineBuffer(w)
        let sums = scratch.sumBuffer(w)
        let ringRows = k + 1
        let ring = scratch.ringBuffer(ringRows * w)
        for _ in 0..<3 {
            for y in 0..<h { horizontal(s.row(y), count: w, k: k, inv: inv, line: line) }
            vertical(s, k: k, inv: inv, sums: sums, ring: ring, ringRows: ringRows)
        }
    }

    // The four channels of a pixel as 16-bit lanes of one UInt64 (b, r, g, a from the low
    // end), so a running sum adds and subtracts a pixel in one instruction each: a window of
    // up to 2·100 + 1 pixels sums to at most 201 · 255 = 51 255 per lane, below 2¹⁶. It was
    // SIMD4<UInt32>, which this toolchain lowered lane by lane: 88 M instructions a frame for
    // a 20-px blur of a 460×460 layer (callgrind), 70 per pixel and pass.
    @inline(__always) static func spread(_ p: UInt32) -> UInt64 {
        let c = UInt64(p)
        return (c | c << 24) & 0x00FF_00FF_00FF_00FF
    }
    /// round(lane / window) for all four lanes with two multiplies: lanes 0 and 2 (and then 1
    /// and 3) sit 32 bits apart, and each product is below 255 · 2¹⁶ · (1 + 1/window) < 2³²,
    /// so no carry crosses into the other lane. Bit for bit the per-lane Q16 formula.
    @inline(__always) static func pack(_ sum: UInt64, _ inv: UInt64) -> UInt32 {
        let lanes02: UInt64 = 0x0000_FFFF_0000_FFFF, round: UInt64 = 0x0000_8000_0000_8000
        let even = ((sum & lanes02) &* inv &+ round) >> 16 & 0x0000_00FF_0000_00FF          // b, g
        let odd = (((sum >> 16) & lanes02) &* inv &+ round) >> 16 & 0x0000_00FF_0000_00FF   // r, a
        let v = even | odd << 16                                  // b, r, g, a in 16-bit lanes
        return UInt32(truncatingIfNeeded: v | v >> 24)
    }

    static func horizontal(_ p: UnsafeMutablePointer<UInt32>, count n: Int, k: Int, inv: UInt64,
                           line: UnsafeMutablePointer<UInt32>) {
        line.update(from: p, count: n)
        var sum: UInt64 = 0
        for i in 0...Swift.min(k, n - 1) { sum &+= spread(line[i]) }
        // Three stretches, so the steady middle has no bounds tests.
        let lead = Swift.min(k, n), tail = Swift.max(lead, n - k - 1)
        for i in 0..<lead {
            p[i] = pack(sum, inv)
            if i + k + 1 < n { sum &+= spread(line[i + k + 1]) }
        }
        var i = lead
        var out = p + lead, add = line + lead + k + 1, sub = line + lead - k
        while i < tail {
            out.pointee = pack(sum, inv)
            sum = sum &+ spread(add.pointee) &- spread(sub.pointee)
            out += 1; add += 1; sub += 1; i &+= 1
        }
        while i < n {
            p[i] = pack(sum, inv)
            if i + k + 1 < n { sum &+= spread(line[i + k + 1]) }
            if i - k >= 0 { sum &-= spread(line[i - k]) }
            i += 1
        }
    }

    static func vertical(_ s: Surface, k: Int, inv: UInt64, sums: UnsafeMutablePointer<UInt64>,
                         ring: UnsafeMutablePointer<UInt32>, ringRows: Int) {
        let w = s.width, h = s.height
        sums.update(repeating: 0, count: w)
        for j in 0...Swift.min(k, h - 1) {
            let row = s.row(j)
            for x in 0..<w { sums[x] &+= spread(row[x]) }
        }
        for y in 0..<h {
            let row = s.row(y)
            let saved = ring + (y % ringRows) * w
            saved.update(from: row, count: w)
            for x in 0..<w { row[x] = pack(sums[x], inv) }
            let add = y + k + 1, sub = y - k
            if add < h && sub >= 0 {
                let a = s.row(add), old = ring + (sub % ringRows) * w
                for x in 0..<w { sums[x] = sums[x] &+ spread(a[x]) &- spread(old[x]) }
            } else if add < h {
                let a = s.row(add)
                for x in 0..<w { sums[x] &+= spread(a[x]) }
            } else if sub >= 0 {
                let old = ring + (sub % ringRows) * w
                for x in 0..<w { sums[x] &-= spread(old[x]) }
            }
        }
    }
}

extension Reference {
    /// The blur computed the slow, obvious way: per channel, per pass, each output the rounded
    /// mean of the 2k+1 inputs around it (outside = 0), with the kernels' Q16 rounding.
    public static func boxBlur(_ pixels: [UInt32], width w: Int, height h: Int, halfWidth k: Int) -> [UInt32] {
        guard k > 0, w > 0, h > 0 else { return pixels }
        let inv = UInt32((65536 + (2 * k + 1) / 2) / (2 * k + 1))
        var ch = (0..<4).map { c in pixels.map { ($0 >> UInt32(8 * c)) & 255 } }
        for _ in 0..<3 {
            for c in 0..<4 {
                var out = ch[c]
                for y in 0..<h { for x in 0..<w {
                    var s: UInt32 = 0
                    for i in (x - k)...(x + k) where i >= 0 && i < w { s += ch[c][y * w + i] }
                    out[y * w + x] = (s * inv + 32768) >> 16
                } }
                var out2 = out
                for y in 0..<h { for x in 0..<w {
                    var s: UInt32 = 0
                    for j in (y - k)...(y + k) where j >= 0 && j < h { s += out[j * w + x] }
                    out2[y * w + x] = (s * inv + 32768) >> 16
                } }
                ch[c] = out2
            }
        }
        return (0..<(w * h)).map { ch[0][$0] | ch[1][$0] << 8 | ch[2][$0] << 16 | ch[3][$0] << 24 }
    }
}
