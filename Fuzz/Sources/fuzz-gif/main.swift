// fuzz-gif: GIF bytes from outside through giflib, composed by Raster (disposal, transparency,
// offsets, interlacing, local colour tables, loop counts). Seeds: the decoder tests' animated
// (five frames, every disposal) and still fixtures.
// Checked: a typed error or frames within the budget holding valid premultiplied pixels (no
// channel above alpha; isOpaque only when every pixel is), all of one size — the screen's, reduced
// when asked —, as many durations, each at least 20 ms; the first frame as a still image agrees.
import FuzzSupport
import Raster
import TextFuzzing

let maxPixels = 1 << 20

func fuzzGIF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.byte() % 2
    let target: (width: Int, height: Int)? = input.bool() ? (1 + input.below(300), 1 + input.below(300)) : nil
    let bytes = input.rest()
    do {
        if mode == 1 {
            let reduction = target.map { [2, 4, 8][$0.width % 3] } ?? 1
            let animation = try Surface.decodeGIFAnimation(bytes, maxPixels: maxPixels, maxFrames: 8, reduction: reduction)
            let first = checkAnimation(animation, maxFrames: 8, maxPixels: maxPixels)
            guard animation.durations.allSatisfy({ $0 >= 20 }), animation.loopCount >= 0 else { fuzzFailure("durations \(animation.durations), loops \(animation.loopCount)") }
            guard let screen = try? Surface.readImageHeader(bytes) else { fuzzFailure("decoded a GIF whose header does not read") }
            guard first.width == (screen.width + reduction - 1) / reduction, first.height == (screen.height + reduction - 1) / reduction else {
                fuzzFailure("screen \(screen.width)×\(screen.height) reduced by \(reduction) gave \(first.width)×\(first.height)")
            }
        } else {
            let s = try Surface.decodeImage(bytes, maxPixels: maxPixels, fitting: target)
            guard s.width > 0, s.height > 0, s.width * s.height <= maxPixels else { fuzzFailure("decoded \(s.width)×\(s.height)") }
            checkPremultiplied(s, "still")
            guard let header = try? Surface.readImageHeader(bytes) else { fuzzFailure("decoded an image whose header does not read") }
            if header.format == .gif {
                let f = Surface.reductionFactor(width: header.width, height: header.height, target: target)
                guard s.width == (header.width + f - 1) / f, s.height == (header.height + f - 1) / f else {
                    fuzzFailure("header \(header.width)×\(header.height), reduction \(f), decoded \(s.width)×\(s.height)")
                }
                // The scan that tells an animation from a still never disagrees with a decode
                // that found two images.
                if let several = Surface.gifHasSeveralImages(bytes), !several,
                   let two = try? Surface.decodeGIFAnimation(bytes, maxPixels: maxPixels, maxFrames: 2), two.frames.count > 1 {
                    fuzzFailure("gifHasSeveralImages said one image, the decoder found \(two.frames.count)")
                }
            }
        }
    } catch is ImageDecodeError {
    } catch { fuzzFailure("untyped error \(error)") }
    return 0
}

runFuzzer(fuzzGIF)
