import Testing
@testable import Raster
import TestSupport
import CPNG
#if canImport(Glibc)
import Glibc
#endif

/// CRC-32 as PNG chunks use it, so tests can forge well-formed headers.
private func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes {
        c ^= UInt32(b)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return ~c
}

private func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)] }

/// A PNG whose IHDR declares `width`×`height` (8-bit RGBA) followed by an empty IDAT and IEND.
private func forgedPNG(width: UInt32, height: UInt32) -> [UInt8] {
    var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    func chunk(_ type: String, _ data: [UInt8]) {
        out += be32(UInt32(data.count))
        let body = Array(type.utf8) + data
        out += body
        out += be32(crc32(body[...]))
    }
    chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
    chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
    chunk("IEND", [])
    return out
}

private func randomPremultiplied(_ rng: inout SplitMix64) -> UInt32 {
    let a = UInt32.random(in: 0...255, using: &rng)
    switch UInt32.random(in: 0..<4, using: &rng) {
    case 0: return 0
    case 1: return Pixel.pack(a: 255, r: .random(in: 0...255, using: &rng), g: .random(in: 0...255, using: &rng), b: .random(in: 0...255, using: &rng))
    default:
        return Pixel.pack(a: a, r: .random(in: 0...a, using: &rng), g: .random(in: 0...a, using: &rng), b: .random(in: 0...a, using: &rng))
    }
}

private func tempDir() -> String {
    var template = Array("/tmp/kiosk-png-XXXXXX".utf8CString)
    let p = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    return p.map { String(cString: $0) } ?? "/tmp"
}

@Suite struct PNGTests {
    /// Every valid premultiplied (c, a) pair (c ≤ a) survives encode → decode bit for bit.
    @Test func everyPremultipliedPairRoundTripsExactly() throws {
        let s = try Surface(width: 256, height: 256)
        for a in 0..<256 {
            for c in 0..<256 {
                let cc = UInt32(Swift.min(c, a))
                s.setPixel(x: c, y: a, Pixel.pack(a: UInt32(a), r: cc, g: UInt32(a) - cc, b: cc / 2))
            }
        }
        let back = try Surface.decodePNG(try s.pngData())
        #expect(back.width == 256 && back.height == 256)
        #expect(back.samePixels(as: s))
    }

    @Test(arguments: 0..<8)
    func randomImagesRoundTrip(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) + 1)
        let w = Int.random(in: 1...70, using: &rng), h = Int.random(in: 1...50, using: &rng)
        // A padded-stride view proves encoding honours the stride.
        let big = try Surface(width: w + 3, height: h)
        let s = big.subsurface(IntRect(x: 1, y: 0, width: w, height: h))
        for y in 0..<h { for x in 0..<w { s.setPixel(x: x, y: y, randomPremultiplied(&rng)) } }
        let bytes = try s.pngData(fast: seed % 2 == 1)
        let back = try Surface.decodePNG(bytes)
        #expect(back.width == w && back.height == h)
        #expect(back.samePixels(as: s))
    }

    /// Straight colours come back within 255/(2a) + 0.5 levels: premultiplying keeps a + 1 levels.
    @Test func straightColourToleranceIsAsDocumented() throws {
        var rng = SplitMix64(seed: 99)
        let s = try Surface(width: 64, height: 64)
        var want: [RGBA8] = []
        for y in 0..<64 {
            for x in 0..<64 {
                let c = RGBA8(r: .random(in: 0...255, using: &rng), g: .random(in: 0...255, using: &rng),
                              b: .random(in: 0...255, using: &rng), a: .random(in: 1...255, using: &rng))
                want.append(c)
                s.setPixel(x: x, y: y, Pixel.premultiply(c))
            }
        }
        let back = try Surface.decodePNG(try s.pngData())
        for y in 0..<64 {
            for x in 0..<64 {
                let w = want[y * 64 + x], g = back.pixel(x: x, y: y)
                let tol = 255.0 / (2 * Double(w.a)) + 0.5
                #expect(g.a == w.a)
                for (p, q) in [(g.r, w.r), (g.g, w.g), (g.b, w.b)] where Double(abs(Int(p) - Int(q))) > tol {
                    Issue.record("pixel \(x),\(y): got \(g) want \(w)")
                }
                if w.a == 255 { #expect(g == w) }
            }
        }
    }

    /// PNGs kiosk did not write: grey, grey+alpha and RGB, written by libpng itself, decode to
    /// the expected premultiplied pixels.
    @Test func otherColourTypesDecode() throws {
        func encode(_ pixels: [UInt8], width: Int, height: Int, format: Int32, channels: Int) -> [UInt8] {
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            image.width = png_uint_32(width); image.height = png_uint_32(height)
            image.format = png_uint_32(format)
            var size: png_alloc_size_t = 0
            _ = png_image_write_to_memory(&image, nil, &size, 0, pixels, png_int_32(width * channels), nil)
            var out = [UInt8](repeating: 0, count: Int(size))
            let ok = out.withUnsafeMutableBytes { png_image_write_to_memory(&image, $0.baseAddress, &size, 0, pixels, png_int_32(width * channels), nil) }
            #expect(ok != 0)
            return Array(out.prefix(Int(size)))
        }
        let grey = try Surface.decodePNG(encode([0, 128, 255], width: 3, height: 1, format: Int32(PNG_FORMAT_GRAY), channels: 1))
        #expect(grey.pixel(x: 1, y: 0) == RGBA8(r: 128, g: 128, b: 128, a: 255))
        #expect(grey.pixel(x: 2, y: 0) == RGBA8(r: 255, g: 255, b: 255, a: 255))
        let ga = try Surface.decodePNG(encode([200, 0, 200, 128], width: 2, height: 1, format: Int32(PNG_FORMAT_GA), channels: 2))
        #expect(ga.pixel(x: 0, y: 0).a == 0 && ga.premultipliedPixel(x: 0, y: 0) == 0)
        #expect(ga.premultipliedPixel(x: 1, y: 0) == Pixel.premultiply(RGBA8(r: 200, g: 200, b: 200, a: 128)))
        let rgb = try Surface.decodePNG(encode([255, 0, 0, 0, 255, 0], width: 1, height: 2, format: Int32(PNG_FORMAT_RGB), channels: 3))
        #expect(rgb.pixel(x: 0, y: 0) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(rgb.pixel(x: 0, y: 1) == RGBA8(r: 0, g: 255, b: 0, a: 255))
    }

    @Test func oneByOneAndEmpty() throws {
        let one = try Surface(width: 1, height: 1)
        one.setPixel(x: 0, y: 0, Pixel.pack(a: 128, r: 10, g: 128, b: 0))
        let back = try Surface.decodePNG(try one.pngData())
        #expect(back.samePixels(as: one))
        #expect(throws: PNGError.emptyImage(width: 0, height: 0)) { try Surface(width: 0, height: 0).pngData() }
        #expect(throws: PNGError.emptyImage(width: 5, height: 0)) { try Surface(width: 5, height: 0).pngData() }
    }

    @Test func garbageAndEmptyInputAreTyped() {
        #expect(throws: PNGError.notAPNG) { try Surface.decodePNG([]) }
        #expect(throws: PNGError.notAPNG) { try Surface.decodePNG(Array("GIF89a not a png at all".utf8)) }
        #expect(throws: PNGError.notAPNG) { try Surface.decodePNG([0xFF, 0xD8, 0xFF]) }   // JPEG start
        #expect(throws: PNGError.truncated) { try Surface.decodePNG([137, 80, 78]) }
        // A signature and nothing else.
        #expect(throws: PNGError.truncated) { try Surface.decodePNG([137, 80, 78, 71, 13, 10, 26, 10]) }
    }

    /// Every prefix of a valid PNG is an error (never a crash); cuts after the signature say truncated.
    @Test func everyTruncationIsTyped() throws {
        let s = try Surface(width: 9, height: 7)
        var rng = SplitMix64(seed: 5)
        for y in 0..<7 { for x in 0..<9 { s.setPixel(x: x, y: y, randomPremultiplied(&rng)) } }
        let bytes = try s.pngData()
        for n in 0..<(bytes.count - 12) {   // the last 12 bytes are IEND, which libpng need not read
            do {
                _ = try Surface.decodePNG(Array(bytes.prefix(n)))
                Issue.record("prefix of \(n)/\(bytes.count) bytes decoded")
            } catch let e as PNGError {
                if n == 0 { #expect(e == .notAPNG) } else { #expect(e == .truncated, "prefix \(n): \(e)") }
            }
        }
    }

    /// Random byte corruption anywhere: a typed error or a decoded image, never a crash.
    @Test func corruptBytesAreTyped() throws {
        let s = try Surface(width: 16, height: 16)
        var rng = SplitMix64(seed: 77)
        for y in 0..<16 { for x in 0..<16 { s.setPixel(x: x, y: y, randomPremultiplied(&rng)) } }
        let bytes = try s.pngData()
        var corrupt = 0
        for _ in 0..<300 {
            var b = bytes
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                b[Int.random(in: 8..<b.count, using: &rng)] = .random(in: 0...255, using: &rng)
            }
            do { _ = try Surface.decodePNG(b) } catch let e as PNGError {
                if case .corrupt(let m) = e { #expect(!m.isEmpty); corrupt += 1 }
            }
        }
        #expect(corrupt > 100)
        // A damaged header checksum names the chunk.
        var b = bytes
        b[16] ^= 0xFF   // IHDR width byte: CRC no longer matches
        #expect(throws: PNGError.self) { try Surface.decodePNG(b) }
        do { _ = try Surface.decodePNG(b) } catch { #expect("\(error)".contains("corrupt PNG")) }
    }

    @Test func hugeDeclaredSizeIsRefusedBeforeAllocating() {
        #expect(throws: PNGError.tooLarge(width: 100_000, height: 100_000)) { try Surface.decodePNG(forgedPNG(width: 100_000, height: 100_000)) }
        #expect(throws: PNGError.tooLarge(width: 40_000, height: 1)) { try Surface.decodePNG(forgedPNG(width: 40_000, height: 1)) }
        #expect(throws: PNGError.tooLarge(width: 20_000, height: 20_000)) { try Surface.decodePNG(forgedPNG(width: 20_000, height: 20_000)) }
        #expect(throws: PNGError.tooLarge(width: 100, height: 100)) { try Surface.decodePNG(forgedPNG(width: 100, height: 100), maxPixels: 9999) }
        // A sane forged header with no pixel data is truncated, not too large.
        #expect(throws: PNGError.self) { try Surface.decodePNG(forgedPNG(width: 4, height: 4)) }
        // libpng itself refuses sides above 1,000,000.
        #expect(throws: PNGError.self) { try Surface.decodePNG(forgedPNG(width: 0x7FFF_FFFF, height: 1)) }
    }

    @Test func filesRoundTripAndErrorsNameThePath() throws {
        let dir = tempDir()
        let path = dir + "/round.png"
        let s = try Surface(width: 3, height: 2)
        s.setPixel(x: 2, y: 1, Pixel.pack(a: 255, r: 255, g: 0, b: 0))
        s.setPixel(x: 0, y: 0, Pixel.pack(a: 64, r: 64, g: 10, b: 0))
        try s.writePNG(to: path)
        let back = try Surface(contentsOfPNG: path)
        #expect(back.samePixels(as: s))
        #expect(back.pixel(x: 2, y: 1) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        unlink(path)

        #expect(throws: PNGError.io(errno: ENOENT, path: dir + "/missing.png")) { try Surface(contentsOfPNG: dir + "/missing.png") }
        #expect(throws: PNGError.io(errno: ENOENT, path: dir + "/no/such/dir.png")) { try s.writePNG(to: dir + "/no/such/dir.png") }
        #expect(throws: PNGError.io(errno: EISDIR, path: dir)) { try Surface(contentsOfPNG: dir) }
        let msg = PNGError.io(errno: ENOENT, path: "/x.png").description
        #expect(msg.contains("/x.png") && msg.contains("No such file"))
        rmdir(dir)
    }
}
