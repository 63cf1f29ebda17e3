// fuzz-jpeg: JPEG bytes from outside through libjpeg-turbo (CJPEG's setjmp shim), the EXIF
// orientation parser and the header reader. Seeds: baseline with each EXIF orientation,
// progressive, grey, CMYK (Adobe). Checked: decoding throws a typed error or gives an opaque
// surface within the budget whose size is the header's display size (reduced by 1, 2, 4 or 8
// when a target is given, never below it); the EXIF parser never reads past its input.
import FuzzSupport
import Raster

/// 1 Mpixel, as fuzz-png: a mutated header costs milliseconds, not a 256 MiB allocation.
let maxPixels = 1 << 20

func checkOpaque(_ s: Surface) {
    for y in 0..<s.height {
        let row = s.row(y)
        for x in 0..<s.width where row[x] >> 24 != 255 { fuzzFailure("pixel \(x),\(y) = \(String(row[x], radix: 16)) is not opaque") }
    }
}

func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    switch input.byte() % 4 {
    case 0, 1:
        let target: (width: Int, height: Int)? = input.bool() ? (1 + input.below(300), 1 + input.below(300)) : nil
        let bytes = input.rest()
        let header = try? Surface.readImageHeader(bytes)
        do {
            let s = try Surface.decodeJPEG(bytes, maxPixels: maxPixels, fitting: target)
            guard s.width > 0, s.height > 0, s.width * s.height <= maxPixels else { fuzzFailure("decoded \(s.width)×\(s.height)") }
            checkOpaque(s)
            guard let header else { fuzzFailure("decoded a JPEG whose header does not read") }
            let f = Surface.reductionFactor(width: header.width, height: header.height, target: target)
            guard s.width == (header.width + f - 1) / f, s.height == (header.height + f - 1) / f else {
                fuzzFailure("header \(header.width)×\(header.height), reduction \(f), decoded \(s.width)×\(s.height)")
            }
            if let target, f > 1, s.width < target.width || s.height < target.height { fuzzFailure("reduced below the target") }
        } catch is ImageDecodeError {
        } catch { fuzzFailure("untyped error \(error)") }
    case 2:
        // The EXIF block alone, with its prefix so the parser goes past the first check.
        let exif = Array("Exif".utf8) + [0, 0] + input.rest()
        if let o = EXIFOrientation(exif: exif), !(1...8).contains(o.rawValue) { fuzzFailure("orientation \(o.rawValue)") }
    default:
        // Orientation applied to a small surface: sizes and pixels move, never lost.
        let w = 1 + input.below(9), h = 1 + input.below(9)
        guard let o = EXIFOrientation(rawValue: 1 + input.below(8)), let s = try? Surface(width: w, height: h) else { return 0 }
        for y in 0..<h { for x in 0..<w { s.setPixel(x: x, y: y, 0xFF00_0000 | UInt32(y * w + x)) } }
        guard let t = try? s.oriented(o) else { fuzzFailure("oriented threw") }
        guard (t.width, t.height) == (o.swapsSides ? (h, w) : (w, h)) else { fuzzFailure("oriented size") }
        var seen = Set<UInt32>()
        for y in 0..<t.height { for x in 0..<t.width { seen.insert(t.row(y)[x] & 0xFFFF) } }
        guard seen.count == w * h else { fuzzFailure("orientation \(o.rawValue) lost pixels") }
    }
    return 0
}

runFuzzer(fuzzJPEG)
