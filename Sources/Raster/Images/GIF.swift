// GIF: bytes → premultiplied surfaces through giflib (libgif-dev), read record by record so that
// nothing is allocated past the decode budget and a file cut short keeps what decoded.
//
// Composition follows the GIF89a specification as browsers apply it: the canvas (the logical
// screen) starts transparent (browsers ignore the background colour); each image is drawn at its
// offset, clipped to the canvas, its transparent index leaving the canvas as it was; before the
// next image the previous one's disposal applies — 0 and 1 keep it, 2 clears its rectangle to
// transparent, 3 restores the canvas as it was before it was drawn. Indices past the colour
// table's end draw nothing (transparent). Delays under 20 ms (0 and 10 ms, "as fast as
// possible") show 100 ms, as browsers do. The NETSCAPE2.0 (or ANIMEXTS1.0) loop count n means
// n repetitions after the first pass, so n + 1 plays (0: forever); without it a GIF plays once.
// Budget: the canvas is checked before anything is allocated (three canvases: the one composed,
// the one kept for disposal 3, the frame being reduced), then each kept frame counts.
// Truncated: if the data ends inside the first image, the rows it had are kept (the rest
// transparent), as a browser shows a GIF still loading; inside a later image, the complete
// frames before it are the animation. No image at all is `truncated`.
import CGIF

extension Surface {
    /// Decodes a GIF's first image (composed on its canvas) into a new premultiplied surface,
    /// reduced by 2, 4 or 8 when `fitting` is that much smaller (as JPEG and WebP).
    ///
    /// ```swift
    /// let logo = try Surface.decodeGIF(bytes)
    /// ```
    public static func decodeGIF(_ bytes: [UInt8], maxPixels: Int = Surface.defaultMaxPNGPixels,
                                 fitting: (width: Int, height: Int)? = nil) throws -> Surface {
        let header = try gifScreenSize(bytes)
        let factor = reductionFactor(width: header.width, height: header.height, target: fitting)
        guard let first = try decodeGIFAnimation(bytes, maxPixels: maxPixels, maxFrames: 1, reduction: factor).frames.first else {
            throw ImageDecodeError.corrupt(.gif, message: "no image")
        }
        return first
    }

    /// Decodes an animated (or still) GIF into its frames, each composed onto the full canvas.
    ///
    /// ```swift
    /// let animation = try Surface.decodeGIFAnimation(bytes)
    /// ```
    /// - Parameters:
    ///   - maxPixels: the budget for the canvas (three of them while composing) and all kept
    ///     frames together; past it ``ImageDecodeError/tooLarge(_:width:height:)``.
    ///   - maxFrames: images beyond this are not decoded.
    ///   - reduction: 1, or 2, 4, 8: frames that many times smaller on each side (rounded up,
    ///     each pixel the average of those it covers); only the reduced frames are kept.
    public static func decodeGIFAnimation(_ bytes: [UInt8], maxPixels: Int = Surface.defaultMaxPNGPixels,
                                          maxFrames: Int = 1000, reduction: Int = 1) throws -> DecodedAnimation {
        let reduction = [2, 4, 8].contains(reduction) ? reduction : 1
        let screen = try gifScreenSize(bytes)
        let w = screen.width, h = screen.height
        let canvasPixels = w * h
        guard withinBudget(w, h, maxPixels), canvasPixels.multipliedReportingOverflow(by: 3).partialValue <= maxPixels else {
            throw ImageDecodeError.tooLarge(.gif, width: w, height: h)
        }
        let keptPixels = ((w + reduction - 1) / reduction) * ((h + reduction - 1) / reduction)
        return try bytes.withUnsafeBufferPointer { buffer -> DecodedAnimation in
            var reader = GIFMemoryReader(base: buffer.baseAddress!, count: buffer.count, offset: 0)
            return try withUnsafeMutablePointer(to: &reader) { readerPointer -> DecodedAnimation in
                var openError: Int32 = 0
                guard let gif = DGifOpen(readerPointer, gifRead, &openError) else { throw gifError(openError) }
                defer { DGifCloseFile(gif, nil) }
                var decoder = GIFComposer(width: w, height: h)
                var frames: [Surface] = [], durations: [Int] = []
                var loopCount = 1
                var control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
                var failure: ImageDecodeError?
                records: while frames.count < max(1, maxFrames) {
                    var type = UNDEFINED_RECORD_TYPE
                    guard DGifGetRecordType(gif, &type) == GIF_OK else { failure = gifError(gif.pointee.Error); break }
                    switch type {
                    case EXTENSION_RECORD_TYPE:
                        var code: Int32 = 0
                        var block: UnsafeMutablePointer<GifByteType>?
                        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { failure = gifError(gif.pointee.Error); break records }
                        var index = 0, application = false
                        while let b = block {
                            let length = Int(b[0])
                            if code == GRAPHICS_EXT_FUNC_CODE && index == 0 && length >= 4 {
                                _ = DGifExtensionToGCB(length, b + 1, &control)
                            } else if code == APPLICATION_EXT_FUNC_CODE && index == 0 && length == 11 {
                                let id = (1...11).map { b[$0] }
                                application = id == Array("NETSCAPE2.0".utf8) || id == Array("ANIMEXTS1.0".utf8)
                            } else if application && index == 1 && length >= 3 && b[1] == 1 {
                                let n = Int(b[2]) | Int(b[3]) << 8
                                loopCount = n == 0 ? 0 : n + 1
                            }
                            index += 1
                            guard DGifGetExtensionNext(gif, &block) == GIF_OK else { failure = gifError(gif.pointee.Error); break records }
                        }
                    case IMAGE_DESC_RECORD_TYPE:
                        guard DGifGetImageDesc(gif) == GIF_OK else { failure = gifError(gif.pointee.Error); break records }
                        // Each kept frame must fit beside the canvases.
                        guard case let total = (frames.count + 1).multipliedReportingOverflow(by: keptPixels), !total.overflow,
                              total.partialValue + 3 * canvasPixels <= maxPixels else {
                            throw ImageDecodeError.tooLarge(.gif, width: w, height: h)
                        }
                        let desc = gif.pointee.Image
                        // An image larger than the budget is refused before its rows are read (a
                        // 65535×65535 image descriptor over a small canvas).
                        guard withinBudget(Int(desc.Width), Int(desc.Height), maxPixels) || desc.Width <= 0 || desc.Height <= 0 else {
                            throw ImageDecodeError.tooLarge(.gif, width: Int(desc.Width), height: Int(desc.Height))
                        }
                        guard let map = desc.ColorMap ?? gif.pointee.SColorMap else {
                            failure = .corrupt(.gif, message: "image \(frames.count + 1) has no colour table"); break records
                        }
                        let complete = decoder.draw(gif, desc, map, control)
                        if !complete && !(frames.isEmpty && decoder.rowsDrawn > 0) {
                            failure = gifError(gif.pointee.Error); break records
                        }
                        var frame = try decoder.snapshot()
                        frame.isOpaque = frame.everyPixelIsOpaque()
                        frames.append(reduction > 1 ? try frame.boxReduced(by: reduction) : frame)
                        let ms = Int(control.DelayTime) * 10
                        durations.append(ms < 20 ? 100 : ms)
                        decoder.finish(control)
                        control = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
                        if !complete { break records }
                    case TERMINATE_RECORD_TYPE:
                        break records
                    default:
                        failure = .corrupt(.gif, message: "unknown record"); break records
                    }
                }
                // What decoded is kept; nothing decoded is the error.
                guard !frames.isEmpty else { throw failure ?? ImageDecodeError.corrupt(.gif, message: "no image") }
                return DecodedAnimation(frames: frames, durations: durations, loopCount: loopCount)
            }
        }
    }

    /// Whether `bytes` hold a GIF with more than one image: true, false, or nil when they end
    /// before that can be told (the caller reads the whole file). Walks the blocks without
    /// decoding anything.
    public static func gifHasSeveralImages(_ bytes: [UInt8]) -> Bool? {
        guard ImageFormat.sniff(bytes) == .gif else { return false }
        var i = 13
        guard bytes.count >= 13 else { return nil }
        if bytes[10] & 0x80 != 0 { i += 3 << (Int(bytes[10] & 7) + 1) }
        var images = 0
        /// Skips data sub-blocks from `i`; false when the bytes end first.
        func skipSubBlocks() -> Bool {
            while i < bytes.count {
                let n = Int(bytes[i]); i += 1
                if n == 0 { return true }
                i += n
            }
            return false
        }
        while i < bytes.count {
            switch bytes[i] {
            case 0x21:
                i += 2
                guard skipSubBlocks() else { return nil }
            case 0x2C:
                guard i + 10 <= bytes.count else { return nil }
                let packed = bytes[i + 9]
                i += 10
                if packed & 0x80 != 0 { i += 3 << (Int(packed & 7) + 1) }
                i += 1   // LZW minimum code size
                guard i <= bytes.count, skipSubBlocks() else { return nil }
                images += 1
                if images > 1 { return true }
            case 0x3B:
                return false
            default:
                return images > 1
            }
        }
        return nil
    }

    /// The logical screen's size, or the typed error for bytes that are no GIF.
    static func gifScreenSize(_ bytes: [UInt8]) throws -> (width: Int, height: Int) {
        guard ImageFormat.sniff(bytes) == .gif else {
            if !bytes.isEmpty && bytes.count < 6 && Array("GIF8".utf8).starts(with: bytes.prefix(4)) { throw ImageDecodeError.truncated(.gif) }
            throw ImageDecodeError.unrecognizedFormat
        }
        guard bytes.count >= 13 else { throw ImageDecodeError.truncated(.gif) }
        let w = Int(bytes[6]) | Int(bytes[7]) << 8, h = Int(bytes[8]) | Int(bytes[9]) << 8
        guard w > 0, h > 0 else { throw ImageDecodeError.corrupt(.gif, message: "the logical screen is \(w)×\(h)") }
        return (w, h)
    }
}

/// giflib reads through this: the file's bytes in memory.
private struct GIFMemoryReader {
    let base: UnsafePointer<UInt8>
    let count: Int
    var offset: Int
}

private let gifRead: InputFunc = { gif, out, wanted in
    guard let gif, let out, wanted > 0, let user = gif.pointee.UserData else { return 0 }
    let reader = user.assumingMemoryBound(to: GIFMemoryReader.self)
    let n = min(Int(wanted), reader.pointee.count - reader.pointee.offset)
    guard n > 0 else { return 0 }
    out.update(from: reader.pointee.base + reader.pointee.offset, count: n)
    reader.pointee.offset += n
    return Int32(n)
}

private func gifError(_ code: Int32) -> ImageDecodeError {
    switch code {
    case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON: return .truncated(.gif)
    case D_GIF_ERR_NOT_GIF_FILE: return .unrecognizedFormat
    default:
        let message = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        return .corrupt(.gif, message: message)
    }
}

/// The canvas frames are composed on (premultiplied ARGB, `width` pixels a row).
private struct GIFComposer {
    let width: Int, height: Int
    var canvas: [UInt32]
    /// The canvas before the last image, kept when that image's disposal is 3.
    var saved: [UInt32] = []
    /// The last image's rectangle on the canvas (clipped) and rows drawn of it.
    var x0 = 0, y0 = 0, x1 = 0, y1 = 0
    var rowsDrawn = 0
    var line: [UInt8] = []
    var palette = [UInt32](repeating: 0, count: 256)

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        canvas = [UInt32](repeating: 0, count: width * height)
    }

    /// Draws the image whose descriptor was just read; false when its rows ended early
    /// (`rowsDrawn` says how many arrived).
    mutating func draw(_ gif: UnsafeMutablePointer<GifFileType>, _ desc: GifImageDesc, _ map: UnsafeMutablePointer<ColorMapObject>,
                       _ control: GraphicsControlBlock) -> Bool {
        if control.DisposalMode == DISPOSE_PREVIOUS { saved = canvas }
        let fw = Int(max(0, desc.Width)), fh = Int(max(0, desc.Height))
        let left = Int(desc.Left), top = Int(desc.Top)
        x0 = min(width, left); y0 = min(height, top)
        x1 = min(width, left + fw); y1 = min(height, top + fh)
        rowsDrawn = 0
        for i in 0..<256 { palette[i] = 0 }
        if let colors = map.pointee.Colors {
            for i in 0..<min(256, Int(map.pointee.ColorCount)) {
                let c = colors[i]
                palette[i] = 0xFF00_0000 | UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
            }
        }
        let transparent = Int(control.TransparentColor)
        if transparent >= 0 && transparent < 256 { palette[transparent] = 0 }
        guard fw > 0, fh > 0 else {
            // No pixels: its data blocks are skipped, so the next record reads.
            var size: Int32 = 0
            var block: UnsafeMutablePointer<GifByteType>?
            guard DGifGetCode(gif, &size, &block) == GIF_OK else { return false }
            while block != nil { guard DGifGetCodeNext(gif, &block) == GIF_OK else { return false } }
            return true
        }
        if line.count < fw { line = [UInt8](repeating: 0, count: fw) }
        // Interlaced images send rows 0, 8, 16…, then 4, 12…, then 2, 6…, then 1, 3….
        let passes: [(start: Int, step: Int)] = desc.Interlace ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
        for pass in passes {
            var y = pass.start
            while y < fh {
                let ok = line.withUnsafeMutableBufferPointer { DGifGetLine(gif, $0.baseAddress, Int32(fw)) == GIF_OK }
                guard ok else { return false }
                rowsDrawn += 1
                let cy = top + y
                if cy < height && x0 < x1 {
                    let row = cy * width
                    for x in x0..<x1 {
                        let p = palette[Int(line[x - left])]
                        // Transparent (and out-of-table) indices leave the canvas as it was.
                        if p != 0 { canvas[row + x] = p }
                    }
                }
                y += pass.step
            }
        }
        return true
    }

    /// The canvas as a new surface.
    func snapshot() throws -> Surface {
        let s = try Surface(width: width, height: height)
        canvas.withUnsafeBufferPointer { c in
            for y in 0..<height { (s.base + y * s.rowPixels).update(from: c.baseAddress! + y * width, count: width) }
        }
        return s
    }

    /// Applies the image's disposal before the next one is drawn.
    mutating func finish(_ control: GraphicsControlBlock) {
        switch control.DisposalMode {
        case DISPOSE_BACKGROUND:
            guard x0 < x1 else { return }
            for y in y0..<y1 { for x in x0..<x1 { canvas[y * width + x] = 0 } }
        case DISPOSE_PREVIOUS where saved.count == canvas.count:
            swap(&canvas, &saved)
        default:
            break
        }
    }
}
