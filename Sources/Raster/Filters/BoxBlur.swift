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
    var sums: UnsafeMutablePointer<SIMD4<UInt32>>?
    var sumCount = 0
    var ring: UnsafeMutablePointer<UInt32>?
    var ringCount = 0
    public init() {}
    deinit { line?.deallocate(); sums?.deallocate(); ring?.deallocate() }

    func lineBuffer(_ n: Int) -> UnsafeMutablePointer<UInt32> {
        if n > lineCount { line?.deallocate(); line = .allocate(capacity: n); lineCount = n }
        return line!
    }
    func sumBuffer(_ n: Int) -> UnsafeMutablePointer<SIMD4<UInt32>> {
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
        let inv = SIMD4<UInt32>(repeating: reciprocal(2 * k + 1))
        let line = scratch.lineBuffer(w)
        let sums = scratch.sumBuffer(w)
        let ringRows = k + 1
        let ring = scratch.ringBuffer(ringRows * w)
        for _ in 0..<3 {
            for y in 0..<h { horizontal(s.row(y), count: w, k: k, inv: inv, line: line) }
            vertical(s, k: k, inv: inv, sums: sums, ring: ring, ringRows: ringRows)
        }
    }

    @inline(__always) static func lanes(_ p: UInt32) -> SIMD4<UInt32> {
        SIMD4(p & 255, (p >> 8) & 255, (p >> 16) & 255, p >> 24)
    }
    @inline(__always) static func pack(_ sum: SIMD4<UInt32>, _ inv: SIMD4<UInt32>) -> UInt32 {
        let v = (sum &* inv &+ 32768) &>> 16
        return v[0] | v[1] << 8 | v[2] << 16 | v[3] << 24
    }

    static func horizontal(_ p: UnsafeMutablePointer<UInt32>, count n: Int, k: Int, inv: SIMD4<UInt32>,
                           line: UnsafeMutablePointer<UInt32>) {
        line.update(from: p, count: n)
        var sum = SIMD4<UInt32>(repeating: 0)
        for i in 0...Swift.min(k, n - 1) { sum &+= lanes(line[i]) }
        for i in 0..<n {
            p[i] = pack(sum, inv)
            let add = i + k + 1, sub = i - k
            if add < n { sum &+= lanes(line[add]) }
            if sub >= 0 { sum &-= lanes(line[sub]) }
        }
    }

    static func vertical(_ s: Surface, k: Int, inv: SIMD4<UInt32>, sums: UnsafeMutablePointer<SIMD4<UInt32>>,
                         ring: UnsafeMutablePointer<UInt32>, ringRows: Int) {
        let w = s.width, h = s.height
        sums.update(repeating: SIMD4(repeating: 0), count: w)
        for j in 0...Swift.min(k, h - 1) {
            let row = s.row(j)
            for x in 0..<w { sums[x] &+= lanes(row[x]) }
        }
        for y in 0..<h {
            let row = s.row(y)
            let saved = ring + (y % ringRows) * w
            saved.update(from: row, count: w)
            for x in 0..<w { row[x] = pack(sums[x], inv) }
            let add = y + k + 1, sub = y - k
            if add < h {
                let a = s.row(add)
                for x in 0..<w { sums[x] &+= lanes(a[x]) }
            }
            if sub >= 0 {
                let old = ring + (sub % ringRows) * w
                for x in 0..<w { sums[x] &-= lanes(old[x]) }
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
