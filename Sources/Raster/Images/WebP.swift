// WebP: bytes → premultiplied surface through libwebp (lossy, lossless, alpha), decoding straight
// into the surface's rows as premultiplied B,G,R,A (MODE_bgrA, our memory order). A picture much
// larger than its drawn size is decoded reduced by libwebp's scaler (to the same 1/2, 1/4, 1/8
// steps as JPEG). Animated files go through libwebpdemux's animation decoder, which composes
// each frame onto the canvas (blending and disposal done by libwebp).
// Budget: the output must fit `maxPixels` — for an animation, all its frames together — checked
// on the header before anything is allocated.
import CWebP

/// The frames of an animated image, each a whole canvas, and how long each shows.
public struct DecodedAnimation: @unchecked Sendable {
    /// Every frame at the canvas size, composed as the viewer shows it.
    public var frames: [Surface]
    /// How long each frame shows, in milliseconds (same count as `frames`).
    public var durations: [Int]
    /// Times to play (0: forever).
    public var loopCount: Int
}

extension Surface {
    /// Decodes WebP bytes (lossy, lossless, with or without alpha) into a new premultiplied
    /// surface; an animated WebP gives its first frame (``decodeWebPAnimation(_:maxPixels:)``
    /// gives them all).
    ///
    /// ```swift
    /// let tile = try Surface.decodeWebP(bytes)
    /// ```
    /// - Parameters:
    ///   - maxPixels: the decode budget; larger throws ``ImageDecodeError/tooLarge(_:width:height:)``
    ///     before anything is allocated.
    ///   - fitting: the size it will be drawn at, if known (see ``decodeImage(_:maxPixels:fitting:)``).
    public static func decodeWebP(_ bytes: [UInt8], maxPixels: Int = Surface.defaultMaxPNGPixels,
                                  fitting: (width: Int, height: Int)? = nil) throws -> Surface {
        let features = try webPFeatures(bytes)
        if features.has_animation != 0 {
            guard let first = try decodeWebPAnimation(bytes, maxPixels: maxPixels, maxFrames: 1).frames.first else {
                throw ImageDecodeError.corrupt(.webp, message: "animation with no frames")
            }
            // libwebp's animation decoder cannot scale, so the first frame is reduced here, by the
            // same factor a still image would be (fuzz-webp: an animation asked to fit 4×4).
            let factor = reductionFactor(width: first.width, height: first.height, target: fitting)
            return factor > 1 ? try first.boxReduced(by: factor) : first
        }
        let w = Int(features.width), h = Int(features.height)
        let factor = reductionFactor(width: w, height: h, target: fitting)
        let ow = (w + factor - 1) / factor, oh = (h + factor - 1) / factor
        guard withinBudget(ow, oh, maxPixels) else { throw ImageDecodeError.tooLarge(.webp, width: w, height: h) }
        var surface = try Surface(width: ow, height: oh)
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw ImageDecodeError.corrupt(.webp, message: "libwebp version mismatch") }
        if factor > 1 {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(ow)
            config.options.scaled_height = Int32(oh)
        }
        config.output.colorspace = MODE_bgrA
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = UnsafeMutableRawPointer(surface.base).assumingMemoryBound(to: UInt8.self)
        config.output.u.RGBA.stride = Int32(surface.stride)
        config.output.u.RGBA.size = surface.stride * oh
        let status = bytes.withUnsafeBufferPointer { WebPDecode($0.baseAddress, $0.count, &config) }
        WebPFreeDecBuffer(&config.output)   // frees nothing but libwebp's bookkeeping (external memory)
        if status != VP8_STATUS_OK { throw webPError(status) }
        // Measured, not taken from the header: a lossless stream whose "alpha used" bit is clear
        // may still carry alpha, and libwebp outputs it (fuzz-webp, regressions/alpha-flag-clear).
        surface.isOpaque = surface.everyPixelIsOpaque()
        return surface
    }

    /// Decodes an animated (or still) WebP into its frames, each composed onto the full canvas.
    ///
    /// ```swift
    /// let animation = try Surface.decodeWebPAnimation(bytes)
    /// ```
    /// - Parameters:
    ///   - maxPixels: the budget for all frames together (canvas pixels × frames).
    ///   - maxFrames: frames beyond this are not decoded.
    ///   - reduction: 1, or 2, 4, 8 for frames that many times smaller on each side (rounded
    ///     up; each pixel the average of those it covers). libwebp's animation decoder cannot
    ///     scale, so each frame is composed at full size and reduced as it comes: only the
    ///     reduced frames are kept (for an animation drawn much smaller than it is).
    public static func decodeWebPAnimation(_ bytes: [UInt8], maxPixels: Int = Surface.defaultMaxPNGPixels,
                                           maxFrames: Int = 1000, reduction: Int = 1) throws -> DecodedAnimation {
        let reduction = [2, 4, 8].contains(reduction) ? reduction : 1
        // libwebp's animation decoder allocates two canvases as it starts (the frame being
        // composed and the previous one), before saying how many frames there are: those and the
        // first frame must fit before it is called (fuzz-webp: a 2.4 GB calloc from a mutated
        // canvas size).
        let features = try webPFeatures(bytes)
        let canvas = Int(features.width) * Int(features.height)
        guard withinBudget(Int(features.width), Int(features.height), maxPixels), canvas.multipliedReportingOverflow(by: 3).partialValue <= maxPixels else {
            throw ImageDecodeError.tooLarge(.webp, width: Int(features.width), height: Int(features.height))
        }
        return try bytes.withUnsafeBufferPointer { buffer -> DecodedAnimation in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw ImageDecodeError.corrupt(.webp, message: "libwebp version mismatch") }
            options.color_mode = MODE_bgrA
            options.use_threads = 0
            guard let decoder = WebPAnimDecoderNew(&data, &options) else {
                throw ImageDecodeError.corrupt(.webp, message: "the animation's chunks are malformed")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw ImageDecodeError.corrupt(.webp, message: "no animation info") }
            let w = Int(info.canvas_width), h = Int(info.canvas_height)
            let count = min(Int(info.frame_count), max(1, maxFrames))
            // libwebp's two canvases, the frame being reduced and our frames.
            let kept = ((w + reduction - 1) / reduction) * ((h + reduction - 1) / reduction)
            guard count > 0, withinBudget(w, h, maxPixels),
                  case let keptPixels = kept.multipliedReportingOverflow(by: count), !keptPixels.overflow,
                  keptPixels.partialValue + (reduction > 1 ? 3 : 2) * w * h <= maxPixels else {
                throw ImageDecodeError.tooLarge(.webp, width: w, height: h)
            }
            var frames: [Surface] = [], durations: [Int] = []
            var previous: Int32 = 0
            while frames.count < count, WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
                    throw ImageDecodeError.corrupt(.webp, message: "frame \(frames.count + 1) does not decode")
                }
                var frame = try Surface(width: w, height: h)
                UnsafeMutableRawPointer(frame.base).copyMemory(from: pixels, byteCount: w * h * 4)
                frame.isOpaque = frame.everyPixelIsOpaque()
                frames.append(reduction > 1 ? try frame.boxReduced(by: reduction) : frame)
                durations.append(max(0, Int(timestamp) - Int(previous)))
                previous = timestamp
            }
            guard !frames.isEmpty else { throw ImageDecodeError.corrupt(.webp, message: "animation with no frames") }
            return DecodedAnimation(frames: frames, durations: durations, loopCount: Int(info.loop_count))
        }
    }

    /// Whether `bytes` (a whole file, or its first bytes) are an animated WebP; false for
    /// anything else, still WebPs and bytes too broken to tell.
    public static func isAnimatedWebP(_ bytes: [UInt8]) -> Bool {
        ((try? webPFeatures(bytes))?.has_animation ?? 0) != 0
    }

    /// The header's features, or the typed error for bytes that are no WebP.
    static func webPFeatures(_ bytes: [UInt8]) throws -> WebPBitstreamFeatures {
        guard ImageFormat.sniff(bytes) == .webp else {
            if !bytes.isEmpty && bytes.count < 12 && Array("RIFF".utf8).starts(with: bytes.prefix(4)) { throw ImageDecodeError.truncated(.webp) }
            throw ImageDecodeError.unrecognizedFormat
        }
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        if status != VP8_STATUS_OK { throw webPError(status) }
        return features
    }
}

private func webPError(_ status: VP8StatusCode) -> ImageDecodeError {
    switch status {
    case VP8_STATUS_NOT_ENOUGH_DATA: return .truncated(.webp)
    case VP8_STATUS_OUT_OF_MEMORY: return .corrupt(.webp, message: "out of memory")
    case VP8_STATUS_UNSUPPORTED_FEATURE: return .corrupt(.webp, message: "uses a feature libwebp does not decode")
    case VP8_STATUS_INVALID_PARAM: return .corrupt(.webp, message: "invalid parameter")
    default: return .corrupt(.webp, message: "bitstream error")
    }
}

extension Surface {
    /// This surface made `factor` times smaller on each side (rounded up), each output pixel the
    /// average of the premultiplied pixels it covers (partial blocks at the right and bottom edges
    /// average only the pixels they have).
    func boxReduced(by factor: Int) throws -> Surface {
        precondition(factor >= 1)
        let ow = (width + factor - 1) / factor, oh = (height + factor - 1) / factor
        var out = try Surface(width: ow, height: oh)
        for oy in 0..<oh {
            let y0 = oy * factor, y1 = Swift.min(y0 + factor, height)
            let dst = out.row(oy)
            for ox in 0..<ow {
                let x0 = ox * factor, x1 = Swift.min(x0 + factor, width)
                var a = 0, r = 0, g = 0, b = 0
                for y in y0..<y1 {
                    let src = row(y)
                    for x in x0..<x1 {
                        let p = Int(src[x])
                        a += p >> 24; r += (p >> 16) & 255; g += (p >> 8) & 255; b += p & 255
                    }
                }
                let n = (y1 - y0) * (x1 - x0), half = n / 2
                // Rounding each channel the same way keeps colour ≤ alpha (premultiplied).
                dst[ox] = UInt32((a + half) / n) << 24 | UInt32((r + half) / n) << 16 | UInt32((g + half) / n) << 8 | UInt32((b + half) / n)
            }
        }
        out.isOpaque = isOpaque
        return out
    }
}
