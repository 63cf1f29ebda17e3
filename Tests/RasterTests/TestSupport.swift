import Raster

/// xorshift32, the benchmark's generator: deterministic random numbers for property tests.
struct XorShift {
    var state: UInt32
    init(seed: UInt32) { state = seed == 0 ? 0x9E3779B9 : seed }
    mutating func next() -> UInt32 {
        state ^= state << 13; state ^= state >> 17; state ^= state << 5
        return state
    }
    mutating func unit() -> Double { Double(next()) / 4294967296.0 }
    mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt32(n)) }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 24) }
}

/// A surface filled with random valid premultiplied pixels.
func randomSurface(_ w: Int, _ h: Int, seed: UInt32) -> Surface {
    var rng = XorShift(seed: seed)
    let s = try! Surface(width: w, height: h)
    for y in 0..<h {
        for x in 0..<w {
            let a = UInt32(rng.byte())
            let c = { (v: UInt8) in Pixel.mul255(UInt32(v), a) }
            s.setPixel(x: x, y: y, Pixel.pack(a: a, r: c(rng.byte()), g: c(rng.byte()), b: c(rng.byte())))
        }
    }
    return s
}
