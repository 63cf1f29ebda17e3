// fuzz-webp: WebP bytes from outside through libwebp (still images, lossy, lossless, alpha)
// and libwebpdemux (animations). Seeds: lossy, lossless, alpha, a three-frame animation.
// Checked: a typed error or surfaces within the budget holding valid premultiplied pixels (no
// channel above alpha), the header's size (reduced when a target is given); an animation's
// frames all have one size and as many durations.
import FuzzSupport
import Raster
import TextFuzzing

let maxPixels = 1 << 20

func fuzzWebP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.byte() % 3
    let target: (width: Int, height: Int)? = input.bool() ? (1 + input.below(300), 1 + input.below(300)) : nil
    let bytes = input.rest()
    do {
        if mode == 2 {
            // Reduced frames (an animation drawn small): the reduction comes from the target,
            // so the input format (and the corpus) stays as it was.
            let reduction = target.map { [2, 4, 8][$0.width % 3] } ?? 1
            let animation = try Surface.decodeWebPAnimation(bytes, maxPixels: maxPixels, maxFrames: 8, reduction: reduction)
            let first = checkAnimation(animation, maxFrames: 8, maxPixels: maxPixels)
            if let canvas = try? Surface.readImageHeader(bytes), reduction > 1,
               first.width != (canvas.width + reduction - 1) / reduction || first.height != (canvas.height + reduction - 1) / reduction {
                fuzzFailure("canvas \(canvas.width)×\(canvas.height) reduced by \(reduction) gave \(first.width)×\(first.height)")
            }
        } else {
            let s = try Surface.decodeWebP(bytes, maxPixels: maxPixels, fitting: target)
            guard s.width > 0, s.height > 0, s.width * s.height <= maxPixels else { fuzzFailure("decoded \(s.width)×\(s.height)") }
            checkPremultiplied(s, "still")
            guard let header = try? Surface.readImageHeader(bytes) else { fuzzFailure("decoded a WebP whose header does not read") }
            let f = Surface.reductionFactor(width: header.width, height: header.height, target: target)
            guard s.width == (header.width + f - 1) / f, s.height == (header.height + f - 1) / f else {
                fuzzFailure("header \(header.width)×\(header.height), reduction \(f), decoded \(s.width)×\(s.height)")
            }
        }
    } catch is ImageDecodeError {
    } catch { fuzzFailure("untyped error \(error)") }
    return 0
}

runFuzzer(fuzzWebP)
