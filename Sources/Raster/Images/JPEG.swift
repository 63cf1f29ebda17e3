// JPEG: bytes → premultiplied surface through libjpeg-turbo (CJPEG's shim turns its fatal errors
// into return codes). Baseline and progressive; grey and YCbCr come out as B,G,R,A straight from
// libjpeg-turbo (JCS_EXT_BGRA, our memory order, alpha 255), CMYK and YCCK come out as CMYK and
// are converted here; EXIF orientation is applied; a picture much larger than the size it is
// drawn at is decoded reduced in the IDCT (scale 1/2, 1/4, 1/8), which is also much faster.
//
// Budget: the output (after reduction) must fit `maxPixels`, checked after reading the header
// and before any pixel is allocated; libjpeg's own memory (a progressive file keeps every DCT
// coefficient of the image: 2 bytes × 1.5–3 samples a pixel) is capped by max_memory_to_use,
// and scans are capped too.
import CJPEG

extension Surface {
    /// libjpeg's own allocations are refused beyond this: a 64 Mpixel progressive 4:4:4 file
    /// needs 384 MiB of coefficients, more than a kiosk should spend on a picture.
    public static let jpegMemoryLimit = 256 << 20
    /// Progressive files with more scans are refused (ordinary encoders write ≤ 12).
    public static let jpegMaxScans = 500

    /// Decodes JPEG bytes into a new premultiplied (opaque) surface, turned upright by its EXIF
    /// orientation.
    ///
    /// ```swift
    /// let photo = try Surface.decodeJPEG(bytes, fitting: (480, 270))
    /// ```
    /// - Parameters:
    ///   - maxPixels: the decode budget for the output; larger throws
    ///     ``ImageDecodeError/tooLarge(_:width:height:)`` before anything is allocated.
    ///   - fitting: the display size it will be drawn at (after orientation), if known.
    ///   - applyOrientation: false keeps the pixels as stored.
    public static func decodeJPEG(_ bytes: [UInt8], maxPixels: Int = Surface.defaultMaxPNGPixels,
                                  fitting: (width: Int, height: Int)? = nil,
                                  applyOrientation: Bool = true) throws -> Surface {
        guard ImageFormat.sniff(bytes) == .jpeg else {
            if !bytes.isEmpty && bytes.count < 3 && ([0xFF, 0xD8] as [UInt8]).starts(with: bytes) { throw ImageDecodeError.truncated(.jpeg) }
            throw ImageDecodeError.unrecognizedFormat
        }
        guard let k = kiosk_jpeg_create(jpegMemoryLimit, Int32(jpegMaxScans)) else {
            throw ImageDecodeError.corrupt(.jpeg, message: "out of memory")
        }
        defer { kiosk_jpeg_destroy(k) }
        // libjpeg reads `bytes` between read_header and destroy; the let parameter stays alive
        // and unmoved for the whole call, and withUnsafeBufferPointer spans every use.
        return try bytes.withUnsafeBufferPointer { buffer -> Surface in
            let (w, h, stored) = try readJPEGHeader(k, buffer)
            let orientation = applyOrientation ? stored : .up
            let target = fitting.map { orientation.swapsSides ? (width: $0.height, height: $0.width) : $0 }
            let factor = reductionFactor(width: w, height: h, target: target)
            let space = k.pointee.cinfo.jpeg_color_space
            let cmyk = space == JCS_CMYK || space == JCS_YCCK
            if kiosk_jpeg_set_output(k, UInt32(factor), cmyk ? JCS_CMYK : JCS_EXT_BGRA) != 0 { throw jpegError(k) }
            let ow = Int(k.pointee.cinfo.output_width), oh = Int(k.pointee.cinfo.output_height)
            guard withinBudget(ow, oh, maxPixels) else { throw ImageDecodeError.tooLarge(.jpeg, width: w, height: h) }
            var surface = try Surface(width: ow, height: oh)
            let raw = UnsafeMutableRawPointer(surface.base).assumingMemoryBound(to: UInt8.self)
            if kiosk_jpeg_decode(k, raw, surface.stride) != 0 { throw jpegError(k) }
            if k.pointee.warning == Int32(JWRN_JPEG_EOF.rawValue) { throw ImageDecodeError.truncated(.jpeg) }
            if cmyk { surface.convertCMYKInPlace(inverted: kiosk_jpeg_saw_adobe(k) != 0) }
            surface.isOpaque = true
            return orientation == .up ? surface : try surface.oriented(orientation)
        }
    }

    /// The stored size and EXIF orientation of JPEG bytes, from the header alone.
    static func jpegHeader(_ bytes: [UInt8]) throws -> (width: Int, height: Int, orientation: EXIFOrientation) {
        guard ImageFormat.sniff(bytes) == .jpeg else { throw ImageDecodeError.unrecognizedFormat }
        guard let k = kiosk_jpeg_create(jpegMemoryLimit, Int32(jpegMaxScans)) else {
            throw ImageDecodeError.corrupt(.jpeg, message: "out of memory")
        }
        defer { kiosk_jpeg_destroy(k) }
        return try bytes.withUnsafeBufferPointer { try readJPEGHeader(k, $0) }
    }

    /// C,M,Y,K bytes (in B,G,R,A positions) → opaque RGB by the usual naive formula
    /// R = (1 − C)(1 − K). Adobe's files store the channels inverted, so there R = C·K.
    mutating func convertCMYKInPlace(inverted: Bool) {
        for y in 0..<height {
            let row = self.row(y)
            for x in 0..<width {
                let p = row[x]
                var c = p & 255, m = (p >> 8) & 255, yy = (p >> 16) & 255, kk = p >> 24
                if !inverted { c = 255 - c; m = 255 - m; yy = 255 - yy; kk = 255 - kk }
                row[x] = Pixel.pack(a: 255, r: Pixel.mul255(c, kk), g: Pixel.mul255(m, kk), b: Pixel.mul255(yy, kk))
            }
        }
    }
}

/// Reads the header from `buffer` (which must outlive `k`'s use of it): stored size, orientation.
private func readJPEGHeader(_ k: UnsafeMutablePointer<kiosk_jpeg>, _ buffer: UnsafeBufferPointer<UInt8>) throws -> (Int, Int, EXIFOrientation) {
    if kiosk_jpeg_read_header(k, buffer.baseAddress, UInt(buffer.count)) != 0 { throw jpegError(k) }
    var length: UInt32 = 0
    var orientation = EXIFOrientation.up
    if let exif = kiosk_jpeg_exif(k, &length) {
        orientation = EXIFOrientation(exif: UnsafeBufferPointer(start: exif, count: Int(length))) ?? .up
    }
    return (Int(k.pointee.cinfo.image_width), Int(k.pointee.cinfo.image_height), orientation)
}

/// The error of a failed call: libjpeg's message, with the data running out called truncation.
private func jpegError(_ k: UnsafeMutablePointer<kiosk_jpeg>) -> ImageDecodeError {
    let message = withUnsafeBytes(of: &k.pointee.message) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    let code = k.pointee.err.msg_code
    if code == Int32(JERR_INPUT_EMPTY.rawValue) || code == Int32(JERR_INPUT_EOF.rawValue) || k.pointee.warning == Int32(JWRN_JPEG_EOF.rawValue) {
        return .truncated(.jpeg)
    }
    return .corrupt(.jpeg, message: message.isEmpty ? "unknown error" : message)
}
