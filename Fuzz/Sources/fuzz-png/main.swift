// fuzz-png: image bytes from outside (PNG through libpng's simplified API, PPM through ImageFile)
// and the animated-PNG writer's round trip. Seeds cover palette, grey, 16-bit, interlaced,
// truncated and wrong-CRC files; the fuzzer mutates headers into huge, zero and odd sizes.
// Checked: decoding throws or gives a surface whose pixels are valid premultiplied ARGB (no
// channel above alpha) that re-encodes and decodes to the same pixels; an APNG of N frames has
// N fcTL chunks with sequence numbers 0, 1, 2…, valid CRCs, and its first frame decodes (as any
// PNG viewer would) to the first surface appended.
import FuzzSupport
import Kiosk
import Raster
import TextFuzzing

/// Decoding is capped at 1 Mpixel here (the default is 64 Mpixel) so that a mutated header
/// costs milliseconds, not a 256 MiB allocation per run; the cap's own check is the same code.
let maxPixels = 1 << 20

func roundTrip(_ s: Surface, _ what: String) {
    guard s.width > 0, s.height > 0 else { return }
    let bytes: [UInt8]
    do { bytes = try s.pngData() } catch { fuzzFailure("\(what): encoding a \(s.width)×\(s.height) surface threw \(error)") }
    do {
        let back = try Surface.decodePNG(bytes, maxPixels: maxPixels)
        guard back.samePixels(as: s) else { fuzzFailure("\(what): encode → decode changed pixels") }
    } catch { fuzzFailure("\(what): decoding our own PNG threw \(error)") }
}

func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    switch input.byte() % 4 {
    case 0, 1:
        // Outside PNG bytes: typed error or a valid image.
        let bytes = input.rest()
        if let s = try? Surface.decodePNG(bytes, maxPixels: maxPixels) {
            guard s.width > 0, s.height > 0, s.width * s.height <= maxPixels else { fuzzFailure("decoded \(s.width)×\(s.height)") }
            checkPremultiplied(s, "decodePNG", checkingOpaque: false)
            roundTrip(s, "decodePNG")
        }
    case 2:
        // PPM (the QEMU screendump format).
        if let s = try? ImageFile.decodePPM(input.rest()) {
            checkPremultiplied(s, "decodePPM", checkingOpaque: false)
            roundTrip(s, "decodePPM")
        }
    default:
        // APNG writer: frames of one size (and sometimes one of another, which must be refused).
        let w = input.below(40), h = input.below(40)
        var apng = AnimatedPNG(framesPerSecond: Int(Int16(bitPattern: input.u16())))
        var first: Surface?
        let count = 1 + input.below(6)
        for i in 0..<count {
            let odd = i > 0 && input.byte() == 0xEE
            guard let s = try? Surface(width: odd ? w + 1 : w, height: h) else { fuzzFailure("surface \(w)×\(h)") }
            // Straight pixels from the input, premultiplied as a surface holds them.
            for y in 0..<h { for x in 0..<s.width {
                let a = UInt32(input.byte()), c = UInt32(input.byte())
                s.setPixel(x: x, y: y, Pixel.pack(a: a, r: Pixel.mul255(c, a), g: Pixel.mul255(255 - c, a), b: Pixel.mul255(c / 2, a)))
            } }
            // Accepted exactly when it has pixels and the first accepted frame's size.
            let fits = s.width > 0 && h > 0 && (first.map { $0.width == s.width && $0.height == h } ?? true)
            do {
                try apng.append(s)
                guard fits else { fuzzFailure("append accepted a \(s.width)×\(h) frame after \(first.map { "\($0.width)×\($0.height)" } ?? "none")") }
                if first == nil { first = s }
            } catch {
                guard !fits else { fuzzFailure("append threw \(error) for a \(s.width)×\(h) frame") }
            }
        }
        guard let first else {
            guard (try? apng.data()) == nil else { fuzzFailure("data() of no frames succeeded") }
            return 0
        }
        let bytes: [UInt8]
        do { bytes = try apng.data() } catch { fuzzFailure("data() threw \(error)") }
        var seq: [UInt32] = [], fctl = 0, end = false
        var o = 8
        while o + 12 <= bytes.count {
            let len = Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
            guard o + 12 + len <= bytes.count else { fuzzFailure("chunk at \(o) runs past the end") }
            let type = String(decoding: bytes[o + 4..<o + 8], as: UTF8.self)
            let crc = UInt32(bytes[o + 8 + len]) << 24 | UInt32(bytes[o + 9 + len]) << 16 | UInt32(bytes[o + 10 + len]) << 8 | UInt32(bytes[o + 11 + len])
            guard crc == AnimatedPNG.crc32(bytes[o + 4..<o + 8 + len]) else { fuzzFailure("\(type) CRC") }
            if type == "fcTL" || type == "fdAT" {
                seq.append(UInt32(bytes[o + 8]) << 24 | UInt32(bytes[o + 9]) << 16 | UInt32(bytes[o + 10]) << 8 | UInt32(bytes[o + 11]))
            }
            if type == "fcTL" { fctl += 1 }
            if type == "IEND" { end = true }
            o += 12 + len
        }
        guard end, o == bytes.count else { fuzzFailure("no IEND at the end") }
        guard fctl == apng.frameCount, seq == (0..<UInt32(seq.count)).map({ $0 }) else { fuzzFailure("fcTL \(fctl), sequence \(seq)") }
        do {
            let back = try Surface.decodePNG(bytes, maxPixels: maxPixels)
            guard back.samePixels(as: first) else { fuzzFailure("APNG first frame differs") }
        } catch { fuzzFailure("APNG does not decode as a PNG: \(error)") }
    }
    return 0
}

runFuzzer(fuzzPNG)
