// ImageDecoding: what JPEG, WebP and GIF decoding share — the format sniffed from the first bytes,
// one typed error, the decode budget and the choice of a reduced size. PNG keeps its own
// `PNGError` (PNG.swift); `Surface.decodeImage` dispatches on the signature.

/// An encoded image format kiosk decodes.
public enum ImageFormat: String, Sendable, Equatable {
    case png, jpeg, webp, gif

    /// The format whose signature starts `bytes`, or nil.
    public static func sniff<C: Collection>(_ bytes: C) -> ImageFormat? where C.Element == UInt8 {
        let b = Array(bytes.prefix(12))
        if b.count >= 8 && b[0] == 0x89 && b[1] == 0x50 && b[2] == 0x4E && b[3] == 0x47 { return .png }
        if b.count >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF { return .jpeg }
        if b.count >= 12 && b[0] == 0x52 && b[1] == 0x49 && b[2] == 0x46 && b[3] == 0x46
            && b[8] == 0x57 && b[9] == 0x45 && b[10] == 0x42 && b[11] == 0x50 { return .webp }   // RIFF....WEBP
        if b.count >= 6 && b[0] == 0x47 && b[1] == 0x49 && b[2] == 0x46 && b[3] == 0x38
            && (b[4] == 0x37 || b[4] == 0x39) && b[5] == 0x61 { return .gif }                      // GIF87a, GIF89a
        return nil
    }
}

/// Why a JPEG, WebP or GIF image could not be decoded.
public enum ImageDecodeError: Error, Equatable, CustomStringConvertible {
    /// The bytes do not start with a JPEG, PNG, WebP or GIF signature (empty input included).
    case unrecognizedFormat
    /// The data ends before the image does.
    case truncated(ImageFormat)
    /// The data is damaged or uses something the library does not decode; `message` is its reason.
    case corrupt(ImageFormat, message: String)
    /// The header declares more pixels than the decode budget allows (checked before anything
    /// is allocated); `width`×`height` is the size as stored.
    case tooLarge(ImageFormat, width: Int, height: Int)

    public var description: String {
        switch self {
        case .unrecognizedFormat:
            return "not an image kiosk decodes: the data starts with no PNG, JPEG, WebP or GIF signature; check the file is one of those (not empty, not HTML)"
        case .truncated(let f):
            return "truncated \(f.rawValue.uppercased()): the data ends before the image does; the file was probably cut short while being written or copied, so copy it again"
        case let .corrupt(f, m):
            return "corrupt \(f.rawValue.uppercased()) (\(m)); re-export the image"
        case let .tooLarge(f, w, h):
            return "\(f.rawValue.uppercased()) is \(w)×\(h), more than kiosk's decode budget (\(Surface.defaultMaxPNGPixels) pixels after scaling, each side ≤ \(Surface.maxSide)); scale the image down"
        }
    }
}

extension Surface {
    /// Decodes PNG, JPEG, WebP or GIF bytes (sniffed from the signature) into a premultiplied
    /// surface. JPEG EXIF orientation is applied. An animated WebP or GIF gives its first frame.
    ///
    /// ```swift
    /// let photo = try Surface.decodeImage(bytes, fitting: (960, 540))
    /// ```
    /// - Parameters:
    ///   - maxPixels: the decode budget: larger images throw `tooLarge` before allocating.
    ///   - fitting: the size the image will be drawn at, if known; JPEG and WebP images at least
    ///     twice as large on both sides are decoded reduced (1/2, 1/4 or 1/8) but never below it.
    public static func decodeImage(_ bytes: [UInt8], maxPixels: Int = Surface.defaultMaxPNGPixels,
                                   fitting: (width: Int, height: Int)? = nil) throws -> Surface {
        switch ImageFormat.sniff(bytes) {
        case .png: return try decodePNG(bytes, maxPixels: maxPixels)
        case .jpeg: return try decodeJPEG(bytes, maxPixels: maxPixels, fitting: fitting)
        case .webp: return try decodeWebP(bytes, maxPixels: maxPixels, fitting: fitting)
        case .gif: return try decodeGIF(bytes, maxPixels: maxPixels, fitting: fitting)
        case nil:
            // A prefix of a signature is a file cut short.
            if bytes.count < 3 && !bytes.isEmpty && ([0xFF, 0xD8, 0xFF] as [UInt8]).starts(with: bytes) { throw ImageDecodeError.truncated(.jpeg) }
            throw ImageDecodeError.unrecognizedFormat
        }
    }
}

/// The reduction (1, 2, 4 or 8) for a `width`×`height` image drawn at `target`: the largest that
/// keeps both sides at least the target's (a reduced image is only ever drawn scaled down).
func reductionFactor(width: Int, height: Int, target: (width: Int, height: Int)?) -> Int {
    guard let t = target, t.width > 0, t.height > 0 else { return 1 }
    for f in [8, 4, 2] where (width + f - 1) / f >= t.width && (height + f - 1) / f >= t.height { return f }
    return 1
}

/// Whether a `width`×`height` output fits the budget (each side ≤ maxSide, pixels ≤ maxPixels).
func withinBudget(_ width: Int, _ height: Int, _ maxPixels: Int) -> Bool {
    width > 0 && height > 0 && width <= Surface.maxSide && height <= Surface.maxSide
        && width.multipliedReportingOverflow(by: height).partialValue <= maxPixels
}

/// What an image's header says, read without decoding its pixels.
public struct ImageHeader: Equatable, Sendable {
    public var format: ImageFormat
    /// The size as displayed: for a JPEG with EXIF orientation 5–8, the stored sides swapped.
    public var width: Int, height: Int
}

extension Surface {
    /// The format and display size of PNG, JPEG, WebP or GIF bytes, from their header alone (for a
    /// 12-megapixel JPEG: microseconds, where decoding takes tens of milliseconds).
    ///
    /// ```swift
    /// let header = try Surface.readImageHeader(bytes)   // .jpeg, 4000×3000
    /// ```
    public static func readImageHeader(_ bytes: [UInt8]) throws -> ImageHeader {
        switch ImageFormat.sniff(bytes) {
        case .png:
            guard bytes.count >= 24 else { throw PNGError.truncated }
            func be32(_ o: Int) -> Int { Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3]) }
            return ImageHeader(format: .png, width: be32(16), height: be32(20))
        case .jpeg:
            let (w, h, orientation) = try jpegHeader(bytes)
            return orientation.swapsSides ? ImageHeader(format: .jpeg, width: h, height: w) : ImageHeader(format: .jpeg, width: w, height: h)
        case .webp:
            let f = try webPFeatures(bytes)
            return ImageHeader(format: .webp, width: Int(f.width), height: Int(f.height))
        case .gif:
            let (w, h) = try gifScreenSize(bytes)
            return ImageHeader(format: .gif, width: w, height: h)
        case nil:
            throw ImageDecodeError.unrecognizedFormat
        }
    }

    /// The reduction (1, 2, 4 or 8) JPEG and WebP decoding use for a `width`×`height` image
    /// drawn at `target` pixels: the largest that keeps both sides at least the target's.
    public static func reductionFactor(width: Int, height: Int, target: (width: Int, height: Int)?) -> Int {
        Raster.reductionFactor(width: width, height: height, target: target)
    }
}
