// Helpers shared by the shader tests: a seeded random source and pixel comparison.
@testable import Raster

/// xorshift32, so every failure reproduces.
struct TestRandom {
    var state: UInt32
    init(seed: UInt32) { state = seed == 0 ? 1 : seed }
    mutating func next() -> UInt32 { state ^= state << 13; state ^= state >> 17; state ^= state << 5; return state }
    mutating func unit() -> Double { Double(next()) / 4294967296.0 }
    mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt32(n)) }
    mutating func color() -> Color { Color(unit(), unit(), unit(), unit() < 0.3 ? 1 : unit()) }
    mutating func spread() -> Spread { [Spread.pad, .repeat, .reflect][int(3)] }
    /// Rotation, non-uniform scale, shear and translation, all invertible.
    mutating func transform() -> Affine {
        var t = Affine.rotation(range(-3.2, 3.2))
        t = t.concatenating(Affine(a: range(0.3, 3), b: range(-0.5, 0.5), c: range(-0.5, 0.5), d: range(0.3, 3),
                                   tx: range(-200, 200), ty: range(-200, 200)))
        return t
    }
}

/// Largest per-channel difference between two premultiplied pixels.
func channelDistance(_ p: UInt32, _ q: UInt32) -> Int {
    var m = 0
    for s in stride(from: 0, to: 32, by: 8) {
        m = Swift.max(m, abs(Int((p >> UInt32(s)) & 255) - Int((q >> UInt32(s)) & 255)))
    }
    return m
}

/// Shades one span into an array.
func shadeSpan(_ s: some SpanShader, x: Int, y: Int, count: Int) -> [UInt32] {
    var out = [UInt32](repeating: 0xDEAD_BEEF, count: count)
    out.withUnsafeMutableBufferPointer { s.shade(x: x, y: y, count: count, into: $0.baseAddress!) }
    return out
}
