// Pixel and animation checks shared by the image harnesses (fuzz-png, fuzz-webp, fuzz-gif,
// fuzz-svg): one definition of "a valid decoded surface", so the formats are held to the same rule.
import FuzzSupport
import Raster

/// Every pixel is valid premultiplied ARGB (no colour channel above alpha); with `checkingOpaque`,
/// a surface that says it is opaque has alpha 255 everywhere.
public func checkPremultiplied(_ s: Surface, _ what: String, checkingOpaque: Bool = true) {
    for y in 0..<s.height {
        let row = s.row(y)
        for x in 0..<s.width {
            let p = row[x], a = p >> 24
            guard (p >> 16) & 255 <= a, (p >> 8) & 255 <= a, p & 255 <= a else {
                fuzzFailure("\(what): pixel \(x),\(y) = \(String(p, radix: 16)) has a channel above alpha")
            }
            if checkingOpaque && s.isOpaque && a != 255 { fuzzFailure("\(what): isOpaque with alpha \(a)") }
        }
    }
}

/// A decoded animation: at most `maxFrames` frames, one duration each, all of the first frame's
/// size, valid pixels, and within the pixel budget. Returns the first frame.
@discardableResult
public func checkAnimation(_ animation: DecodedAnimation, maxFrames: Int, maxPixels: Int) -> Surface {
    guard let first = animation.frames.first, animation.frames.count == animation.durations.count,
          animation.frames.count <= maxFrames else {
        fuzzFailure("\(animation.frames.count) frames, \(animation.durations.count) durations")
    }
    for f in animation.frames {
        guard f.width == first.width, f.height == first.height else { fuzzFailure("frame sizes differ") }
        checkPremultiplied(f, "animation")
    }
    guard animation.frames.count * first.width * first.height <= maxPixels else { fuzzFailure("over budget") }
    return first
}
