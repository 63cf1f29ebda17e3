import Testing
@testable import Raster

/// The SIMD opacity pass equals `Pixel.scale` (its scalar reference) exactly.
@Suite struct ScaleSpanTests {
    @Test func equalsPixelScaleForEveryLengthAndFactor() {
        var r = TestRandom(seed: 0x5CA1E)
        for s in [0, 1, 77, 128, 204, 254, 255] as [UInt32] {
            for n in 0..<13 {
                let src = (0..<n).map { _ in r.color().premultiplied }
                var out = src
                out.withUnsafeMutableBufferPointer { ScaleSpan.apply($0.baseAddress!, n, s) }
                #expect(out == src.map { Pixel.scale($0, s) }, "s \(s) n \(n)")
            }
        }
    }

    @Test func bilinearWeightsSumTo256AndStayNonNegative() {
        for fx in 0..<256 {
            for fy in stride(from: 0, to: 256, by: 3) {
                let w = Bilinear.weights(fx: fx, fy: fy)
                #expect(w.w00 + w.w10 + w.w01 + w.w11 == 256)
                #expect(min(w.w00, w.w10, w.w01, w.w11) >= 0)
            }
        }
    }
}
