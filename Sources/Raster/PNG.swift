// PNG: Surface ↔ PNG bytes through libpng's simplified API (png_image_*), which reports errors
// through its return value and `message` instead of longjmp, so nothing unwinds through Swift.
//
// Surfaces hold premultiplied ARGB; PNG holds straight RGBA. Encoding un-premultiplies with
// `Pixel.unpremultiply` (rounded division), decoding premultiplies with `Pixel.premultiply`
// (rounded x·a/255). A premultiplied pixel survives encode→decode exactly: premultiply inverts
// unpremultiply's rounding for every (c, a) with c ≤ a (all 8-bit pairs, checked exhaustively in
// PNGTests). A straight pixel survives decode→encode exactly when a = 255; with a < 255 its colour
// comes back within 255/(2a) + 0.5 levels, since premultiplication keeps only a + 1 levels.
//
// Bytes are read and written as B,G,R,A (`PNG_FORMAT_BGRA`), which is the memory order of our
// little-endian ARGB words, so decoding writes straight into the surface and premultiplies in
// place. File helpers use plain open/read/write: Raster does not import Foundation.

import CPNG
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a PNG could not be decoded, encoded, read or written.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    /// The bytes do not start with the PNG signature (empty input included).
    case notAPNG
    /// The data is a PNG but damaged; `message` is libpng's reason.
    case corrupt(message: String)
    /// The data ends before the image does.
    case truncated
    /// The declared size is larger than kiosk decodes (see ``Surface/decodePNG(_:maxPixels:)``).
    case tooLarge(width: Int, height: Int)
    /// A surface with no pixels: PNG needs at least 1×1.
    case emptyImage(width: Int, height: Int)
    /// A file could not be opened, read or written; `errno` is the system's reason.
    case io(errno: Int32, path: String)

    public var description: String {
        switch self {
        case .notAPNG:
            return "not a PNG: the data does not start with the PNG signature; check that the file is a PNG image (not JPEG, not empty)"
        case .corrupt(let m):
            return "corrupt PNG (libpng: \(m)); re-export or re-copy the image"
        case .truncated:
            return "truncated PNG: the data ends before the image does; the file was probably cut short while being written or copied, so write or copy it again"
        case let .tooLarge(w, h):
            return "PNG is \(w)×\(h), larger than kiosk decodes (each side ≤ \(Surface.maxSide), at most \(Surface.defaultMaxPNGPixels) pixels unless maxPixels says otherwise); scale the image down"
        case let .emptyImage(w, h):
            return "cannot encode a \(w)×\(h) surface: PNG needs at least 1×1 pixels; skip empty surfaces before writing"
        case let .io(e, path):
            return "\(path): \(String(cString: strerror(e))) (errno \(e)); check that the path exists and that this process may read or write it"
        }
    }
}

extension Surface {
    /// Largest image `decodePNG` accepts by default: 64 Mpixel (256 MiB of pixels), far above any
    /// screen, so that a hostile header cannot make us allocate gigabytes.
    public static let defaultMaxPNGPixels = 1 << 26

    /// The surface encoded as a PNG (8-bit straight RGBA).
    ///
    /// ```swift
    /// let bytes = try surface.pngData()
    /// ```
    /// Throws ``PNGError/emptyImage(width:height:)`` for a surface with no pixels.
    /// - Parameter fast: trade size for speed (libpng's `PNG_IMAGE_FLAG_FAST`): for snapshots
    ///   that are read back, not shipped. Default false.
    public func pngData(fast: Bool = false) throws -> [UInt8] {
        guard width > 0, height > 0 else { throw PNGError.emptyImage(width: width, height: height) }
        // Un-premultiply into a packed scratch copy (the surface may be a scanout buffer we must
        // not modify, and its stride may have padding).
        let count = width * height
        let straight = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        defer { straight.deallocate() }
        for y in 0..<height {
            let src = row(y), dst = straight + y * width
            for x in 0..<width {
                let p = src[x]
                let a = p >> 24
                if a == 255 || a == 0 { dst[x] = a == 0 ? 0 : p; continue }
                let c = Pixel.unpremultiply(p)
                dst[x] = Pixel.pack(a: a, r: UInt32(c.r), g: UInt32(c.g), b: UInt32(c.b))
            }
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = png_uint_32(PNG_FORMAT_BGRA)
        if fast { image.flags = png_uint_32(PNG_IMAGE_FLAG_FAST) }
        // First try with a buffer that fits typical UI images (they compress well); libpng tells
        // us the exact size when it is too small, and the second try cannot fail for that reason.
        var capacity = count * 2 + 1024
        for _ in 0..<2 {
            var out = [UInt8](repeating: 0, count: capacity)
            var size = png_alloc_size_t(capacity)
            let ok = out.withUnsafeMutableBytes { buf in
                png_image_write_to_memory(&image, buf.baseAddress, &size, 0, straight, png_int_32(width * 4), nil)
            }
            if ok != 0 {
                out.removeLast(out.count - Int(size))
                return out
            }
            let message = pngMessage(&image)
            png_image_free(&image)
            if Int(size) > capacity { capacity = Int(size); continue }
            throw PNGError.corrupt(message: message.isEmpty ? "write failed" : message)
        }
        throw PNGError.corrupt(message: "write failed: output size changed between attempts")
    }

    /// Writes the surface as a PNG file, replacing any file at `path`; `fast` as in `pngData`.
    ///
    /// ```swift
    /// try frame.writePNG(to: "/tmp/frame.png")
    /// ```
    public func writePNG(to path: String, fast: Bool = false) throws {
        let bytes = try pngData(fast: fast)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { throw PNGError.io(errno: errno, path: path) }
        var done = 0
        let failure: Int32? = bytes.withUnsafeBytes { buf in
            while done < buf.count {
                let n = write(fd, buf.baseAddress! + done, buf.count - done)
                if n < 0 { if errno == EINTR { continue }; return errno }
                done += n
            }
            return nil
        }
        let closed = close(fd)
        if let e = failure { throw PNGError.io(errno: e, path: path) }
        if closed != 0 { throw PNGError.io(errno: errno, path: path) }
    }

    /// Decodes PNG bytes into a new premultiplied surface. Any PNG colour type and bit depth is
    /// accepted (libpng converts to 8-bit RGBA).
    ///
    /// ```swift
    /// let image = try Surface.decodePNG(bytes)
    /// ```
    /// - Parameter maxPixels: images with more pixels, or a side over ``Surface/maxSide``, throw
    ///   ``PNGError/tooLarge(width:height:)`` before anything is allocated.
    public static func decodePNG(_ bytes: [UInt8], maxPixels: Int = Surface.defaultMaxPNGPixels) throws -> Surface {
        let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        if bytes.count < signature.count {
            // A prefix of the signature is a PNG cut short; anything else is not a PNG.
            if !bytes.isEmpty && Array(signature.prefix(bytes.count)) == bytes { throw PNGError.truncated }
            throw PNGError.notAPNG
        }
        if Array(bytes.prefix(8)) != signature { throw PNGError.notAPNG }

        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let began = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        if began == 0 { throw decodeError(&image) }
        let w = Int(image.width), h = Int(image.height)
        if w > Surface.maxSide || h > Surface.maxSide || w * h > maxPixels {
            png_image_free(&image)
            throw PNGError.tooLarge(width: w, height: h)
        }
        image.format = png_uint_32(PNG_FORMAT_BGRA)
        var surface: Surface
        do { surface = try Surface(width: w, height: h) } catch {
            png_image_free(&image)
            throw PNGError.tooLarge(width: w, height: h)
        }
        // libpng keeps pointers into `bytes` between begin and finish; `bytes` is a let parameter,
        // alive and unmoved for this whole call.
        let finished = png_image_finish_read(&image, nil, surface.base, png_int_32(surface.stride), nil)
        if finished == 0 { throw decodeError(&image) }
        surface.premultiplyInPlace()
        surface.isOpaque = surface.everyPixelIsOpaque()
        return surface
    }

    /// Reads and decodes a PNG file.
    ///
    /// ```swift
    /// let icon = try Surface(contentsOfPNG: "/usr/share/kiosk/icon.png")
    /// ```
    public init(contentsOfPNG path: String) throws {
        self = try Surface.decodePNG(try readWholeFile(path))
    }

    /// Straight → premultiplied, in place; opaque and transparent pixels are left as they are.
    func premultiplyInPlace() {
        for y in 0..<height {
            let r = row(y)
            for x in 0..<width {
                let p = r[x]
                let a = p >> 24
                if a == 255 { continue }
                if a == 0 { r[x] = 0; continue }
                r[x] = Pixel.pack(a: a, r: Pixel.mul255((p >> 16) & 255, a),
                                  g: Pixel.mul255((p >> 8) & 255, a), b: Pixel.mul255(p & 255, a))
            }
        }
    }
}

/// libpng's message, and the image's resources freed (png_image_free is idempotent).
private func pngMessage(_ image: inout png_image) -> String {
    withUnsafeBytes(of: &image.message) { raw in
        let bytes = raw.prefix { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}

private func decodeError(_ image: inout png_image) -> PNGError {
    let m = pngMessage(&image)
    png_image_free(&image)
    // libpng's memory reader says "read beyond end of data" when the input stops early; a
    // stream that ends inside IDAT says "Not enough image data".
    if contains(m, "beyond end of data") || contains(m, "Not enough image data") {
        return .truncated
    }
    return .corrupt(message: m.isEmpty ? "unknown error" : m)
}

/// Substring test on UTF-8 bytes. `String.contains(_: String)` lives in _StringProcessing, which
/// would link the regex engine (≈ 1.2 MB) into every static binary for this one check.
private func contains(_ haystack: String, _ needle: String) -> Bool {
    let h = Array(haystack.utf8), n = Array(needle.utf8)
    guard !n.isEmpty, h.count >= n.count else { return n.isEmpty }
    for start in 0...(h.count - n.count) where h[start..<start + n.count].elementsEqual(n) { return true }
    return false
}

/// Files larger than this are refused with EFBIG: no PNG we decode needs more.
private let maxPNGFileBytes = 1 << 30

/// The whole file at `path`; retries EINTR, works for pipes and files whose size changes.
private func readWholeFile(_ path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 { throw PNGError.io(errno: errno, path: path) }
    defer { close(fd) }
    var st = stat()
    var capacity = 64 * 1024
    if fstat(fd, &st) == 0 && st.st_size > 0 { capacity = Int(st.st_size) + 1 }
    if capacity > maxPNGFileBytes { throw PNGError.io(errno: EFBIG, path: path) }
    var bytes = [UInt8](repeating: 0, count: capacity)
    var used = 0
    while true {
        if used == bytes.count {
            if bytes.count >= maxPNGFileBytes { throw PNGError.io(errno: EFBIG, path: path) }
            bytes.append(contentsOf: repeatElement(0, count: bytes.count))
        }
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + used, $0.count - used) }
        if n < 0 {
            if errno == EINTR { continue }
            throw PNGError.io(errno: errno, path: path)
        }
        if n == 0 { break }
        used += n
    }
    bytes.removeLast(bytes.count - used)
    return bytes
}

extension Surface {
    /// Whether every pixel's alpha is 255 (one pass over the pixels).
    public func everyPixelIsOpaque() -> Bool {
        for y in 0..<height {
            let row = base + y * (stride / 4)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= row[x] }
            if all & 0xFF00_0000 != 0xFF00_0000 { return false }
        }
        return true
    }
}
