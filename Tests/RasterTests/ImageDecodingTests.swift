// JPEG and WebP decoding (Sources/Raster/Images): fixtures from ImageFixtures/make-fixtures.py,
// bad input forged here from them.
import Testing
@testable import Raster
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A file of ImageFixtures (beside this file), read whole; shared by the image decoding suites.
func fixture(_ name: String, file: String = #filePath) -> [UInt8] {
    let dir = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    let path = dir + "/ImageFixtures/" + name
    guard let f = fopen(path, "rb") else { Issue.record("missing fixture \(path)"); return [] }
    defer { fclose(f) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n <= 0 { break }
        out += chunk[0..<n]
    }
    return out
}

/// Whether the pixel at x, y is within `tolerance` of straight r, g, b, a.
private func near(_ s: Surface, _ x: Int, _ y: Int, _ r: Int, _ g: Int, _ b: Int, _ a: Int = 255, tolerance: Int = 24) -> Bool {
    let p = s.pixel(x: x, y: y)
    return abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance && abs(Int(p.b) - b) <= tolerance && abs(Int(p.a) - a) <= tolerance
}

/// The fixtures' upright picture: red, green / blue, yellow quadrants, a white mark top-left.
private func expectUpright(_ s: Surface, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(s.width == 40 && s.height == 24, "\(what): \(s.width)×\(s.height)", sourceLocation: sourceLocation)
    guard s.width == 40, s.height == 24 else { return }
    #expect(near(s, 1, 1, 255, 255, 255), "\(what): mark", sourceLocation: sourceLocation)
    #expect(near(s, 12, 6, 255, 0, 0), "\(what): top left \(s.pixel(x: 12, y: 6))", sourceLocation: sourceLocation)
    #expect(near(s, 30, 6, 0, 200, 0), "\(what): top right \(s.pixel(x: 30, y: 6))", sourceLocation: sourceLocation)
    #expect(near(s, 10, 18, 0, 0, 255), "\(what): bottom left \(s.pixel(x: 10, y: 18))", sourceLocation: sourceLocation)
    #expect(near(s, 30, 18, 255, 230, 0), "\(what): bottom right \(s.pixel(x: 30, y: 18))", sourceLocation: sourceLocation)
}

/// `images` side by side, each enlarged `scale`× (nearest), 4 px apart on mid grey: one golden
/// a person can look at for several small decodes.
func strip(_ images: [Surface], scale: Int = 3) -> Surface {
    let w = images.reduce(4) { $0 + $1.width * scale + 4 }, h = 8 + scale * (images.map(\.height).max() ?? 0)
    let out = try! Surface(width: w, height: h)
    for y in 0..<h { for x in 0..<w { out.setPixel(x: x, y: y, 0xFF80_8080) } }
    var x0 = 4
    for im in images {
        for y in 0..<im.height * scale { for x in 0..<im.width * scale {
            let p = im.row(y / scale)[x / scale], a = p >> 24
            // Over the grey, so alpha shows.
            let bg = Pixel.mul255(0x80, 255 - a)
            let c = Pixel.pack(a: 255, r: ((p >> 16) & 255) + bg, g: ((p >> 8) & 255) + bg, b: (p & 255) + bg)
            out.setPixel(x: x0 + x, y: 4 + y, c)
        } }
        x0 += im.width * scale + 4
    }
    return out
}

@Suite struct JPEGDecodingTests {
    @Test func everyEXIFOrientationDecodesUpright() throws {
        var decoded: [Surface] = []
        for n in 1...8 {
            let bytes = fixture("orient-\(n).jpg")
            let stored = try Surface.decodeJPEG(bytes, applyOrientation: false)
            // 5–8 are stored with the sides swapped.
            #expect((stored.width == 24) == (n >= 5), "orientation \(n) stored \(stored.width)×\(stored.height)")
            let s = try Surface.decodeJPEG(bytes)
            #expect(s.isOpaque)
            expectUpright(s, "orientation \(n)")
            decoded.append(s)
        }
        expectGolden(strip(decoded), "jpeg-exif-orientations-1-8", tolerance: 2)
    }

    @Test func progressiveGreyAndCMYK() throws {
        let progressive = try Surface.decodeJPEG(fixture("progressive.jpg"))
        expectUpright(progressive, "progressive")
        let cmyk = try Surface.decodeJPEG(fixture("cmyk.jpg"))
        // Pillow's RGB→CMYK is naive (K = 0), so the colours come back as they were.
        expectUpright(cmyk, "cmyk")
        let gray = try Surface.decodeJPEG(fixture("gray.jpg"))
        #expect(gray.width == 40 && gray.height == 24)
        let p = gray.pixel(x: 12, y: 6)   // red's luma: 0.299 × 255
        #expect(p.r == p.g && p.g == p.b && abs(Int(p.r) - 76) <= 6, "\(p)")
        expectGolden(strip([progressive, cmyk, gray]), "jpeg-progressive-cmyk-gray", tolerance: 2)
    }

    @Test func reducedDecodingKeepsAtLeastTheTargetSize() throws {
        let bytes = fixture("large.jpg")   // 64×48
        let full = try Surface.decodeJPEG(bytes)
        #expect(full.width == 64 && full.height == 48)
        for (target, expected) in [((64, 48), (64, 48)), ((33, 10), (64, 48)), ((32, 24), (32, 24)),
                                   ((16, 12), (16, 12)), ((10, 10), (16, 12)), ((1, 1), (8, 6))] {
            let s = try Surface.decodeJPEG(bytes, fitting: (target.0, target.1))
            #expect(s.width == expected.0 && s.height == expected.1, "fitting \(target): \(s.width)×\(s.height)")
            #expect(near(s, s.width / 4, s.height / 4, 255, 0, 0, tolerance: 40))
        }
        // The target is in display orientation: orientation 6 stores 24×40, shows 40×24.
        let turned = try Surface.decodeJPEG(fixture("orient-6.jpg"), fitting: (20, 12))
        #expect(turned.width == 20 && turned.height == 12)
    }

    @Test func truncatedFilesThrowTruncated() throws {
        let bytes = fixture("progressive.jpg")
        for n in [1, 2, 20, bytes.count / 2, bytes.count - 2] {
            #expect(throws: ImageDecodeError.truncated(.jpeg)) { try Surface.decodeJPEG(Array(bytes.prefix(n))) }
        }
        let baseline = fixture("orient-1.jpg")
        #expect(throws: ImageDecodeError.truncated(.jpeg)) { try Surface.decodeJPEG(Array(baseline.prefix(baseline.count * 3 / 4))) }
        #expect(throws: ImageDecodeError.unrecognizedFormat) { try Surface.decodeJPEG([]) }
        #expect(throws: ImageDecodeError.unrecognizedFormat) { try Surface.decodeImage(Array("<html>".utf8)) }
    }

    @Test func hugeHeaderIsRefusedBeforeAllocating() throws {
        var bytes = fixture("orient-1.jpg")
        // The SOF0 segment: FF C0, length, precision, then height and width.
        guard let sof = (0..<bytes.count - 9).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) else {
            Issue.record("no SOF0"); return
        }
        for i in 5..<9 { bytes[sof + i] = 0xFF }
        // libjpeg itself refuses sides over 65500; a budget-sized one is refused by the budget.
        #expect(throws: ImageDecodeError.self) { try Surface.decodeJPEG(bytes) }
        bytes[sof + 5] = 0x3F; bytes[sof + 6] = 0xFF; bytes[sof + 7] = 0x3F; bytes[sof + 8] = 0xFF   // 16383×16383
        #expect(throws: ImageDecodeError.tooLarge(.jpeg, width: 16383, height: 16383)) { try Surface.decodeJPEG(bytes, maxPixels: 1 << 20) }
        // Reduced to 1/8 (2048×2048) it fits a 4 Mpixel budget. Its entropy data then ends at the
        // EOI marker long before the image does: libjpeg warns and pads with grey, as browsers
        // show such a file (a file cut short, with no EOI, is `truncated`: the test above).
        let reduced = try Surface.decodeJPEG(bytes, maxPixels: 1 << 22, fitting: (100, 100))
        #expect(reduced.width == 2048 && reduced.height == 2048)
    }

    /// fuzz-jpeg (Fuzz/regressions/fuzz-jpeg/soi-then-garbage): FF D8 then no marker decoded
    /// (libjpeg skips the garbage) but had no readable header; both now say it is no JPEG.
    @Test func startOfImageThenGarbageIsNoJPEG() {
        var bytes = fixture("orient-1.jpg")
        bytes[2] = 0xA1
        #expect(throws: ImageDecodeError.unrecognizedFormat) { try Surface.decodeJPEG(bytes) }
        #expect(throws: ImageDecodeError.unrecognizedFormat) { try Surface.readImageHeader(bytes) }
    }

    @Test func exifWithBadOffsetsHasNoOrientation() {
        let good: [UInt8] = Array("Exif".utf8) + [0, 0] + [0x49, 0x49, 42, 0, 8, 0, 0, 0] +
            [1, 0] + [0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0] + [0, 0, 0, 0]
        #expect(EXIFOrientation(exif: good) == .right)
        var bigEndian: [UInt8] = Array("Exif".utf8) + [0, 0] + [0x4D, 0x4D, 0, 42, 0, 0, 0, 8] +
            [0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0]
        #expect(EXIFOrientation(exif: bigEndian) == .left)
        bigEndian[6 + 19] = 9   // orientation 9: no such value
        #expect(EXIFOrientation(exif: bigEndian) == nil)
        var offset = good; offset[6 + 4] = 0xF0; offset[6 + 7] = 0x7F     // IFD far past the end
        #expect(EXIFOrientation(exif: offset) == nil)
        var count = good; count[6 + 8] = 0xFF; count[6 + 9] = 0xFF         // 65535 entries in 26 bytes,
        count[6 + 10] = 0x00                                               // the first not the orientation
        #expect(EXIFOrientation(exif: count) == nil)
        var type = good; type[6 + 8 + 2 + 2] = 4                           // LONG, not SHORT
        #expect(EXIFOrientation(exif: type) == nil)
        #expect(EXIFOrientation(exif: Array(good.prefix(15))) == nil)
        #expect(EXIFOrientation(exif: [UInt8]()) == nil)
        for cut in 0..<good.count { _ = EXIFOrientation(exif: Array(good.prefix(cut))) }
    }

    @Test func orientedTurnsEveryPixel() throws {
        // 3×2: 1 2 3 / 4 5 6, each orientation's display as EXIF defines it.
        let s = try Surface(width: 3, height: 2)
        for i in 0..<6 { s.setPixel(x: i % 3, y: i / 3, 0xFF00_0000 | UInt32(i + 1)) }
        func values(_ o: EXIFOrientation) throws -> [UInt32] {
            let t = try s.oriented(o)
            return (0..<t.height).flatMap { y in (0..<t.width).map { t.row(y)[$0] & 0xFF } }
        }
        #expect(try values(.up) == [1, 2, 3, 4, 5, 6])
        #expect(try values(.upMirrored) == [3, 2, 1, 6, 5, 4])
        #expect(try values(.down) == [6, 5, 4, 3, 2, 1])
        #expect(try values(.downMirrored) == [4, 5, 6, 1, 2, 3])
        #expect(try values(.leftMirrored) == [1, 4, 2, 5, 3, 6])
        #expect(try values(.right) == [4, 1, 5, 2, 6, 3])
        #expect(try values(.rightMirrored) == [6, 3, 5, 2, 4, 1])
        #expect(try values(.left) == [3, 6, 2, 5, 1, 4])
    }
}

@Suite struct WebPDecodingTests {
    @Test func lossyLosslessAndAlpha() throws {
        let lossy = try Surface.decodeWebP(fixture("lossy.webp"))
        expectUpright(lossy, "lossy")
        #expect(lossy.isOpaque)
        let lossless = try Surface.decodeWebP(fixture("lossless.webp"))
        expectUpright(lossless, "lossless")
        #expect(lossless.pixel(x: 12, y: 6) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        let alpha = try Surface.decodeWebP(fixture("alpha.webp"))
        #expect(!alpha.isOpaque)
        #expect(alpha.premultipliedPixel(x: 12, y: 6) == 0xFFFF_0000)
        #expect(alpha.premultipliedPixel(x: 30, y: 6) == Pixel.pack(a: 128, r: 0, g: Pixel.mul255(200, 128), b: 0))
        #expect(alpha.premultipliedPixel(x: 30, y: 18) == 0)
        expectGolden(strip([lossy, lossless, alpha]), "webp-lossy-lossless-alpha", tolerance: 2)
    }

    /// fuzz-webp (regressions/alpha-flag-clear): a lossless header saying "no alpha" over pixels
    /// with alpha made the surface claim opacity, so opaque draws would copy translucent pixels.
    @Test func opacityComesFromThePixelsNotTheHeader() throws {
        var bytes = fixture("alpha.webp")
        guard let v = (12..<bytes.count - 13).first(where: { bytes[$0..<$0 + 4].elementsEqual("VP8L".utf8) }) else {
            Issue.record("no VP8L chunk"); return
        }
        #expect(bytes[v + 12] & 0x10 != 0)
        bytes[v + 12] &= ~0x10   // bit 28 of the header: alpha_is_used
        let s = try Surface.decodeWebP(bytes)
        #expect(s.isOpaque == s.everyPixelIsOpaque())
        #expect(!s.isOpaque)
    }

    @Test func animationGivesEveryFrameAndItsDuration() throws {
        let bytes = fixture("animated.webp")
        let animation = try Surface.decodeWebPAnimation(bytes)
        #expect(animation.frames.count == 3)
        #expect(animation.durations == [100, 200, 300])
        #expect(animation.loopCount == 0)
        let colours = animation.frames.map { $0.premultipliedPixel(x: 8, y: 8) }
        #expect(colours == [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF])
        #expect(try Surface.decodeWebP(bytes).premultipliedPixel(x: 8, y: 8) == 0xFFFF_0000)
        // The budget counts every frame (and libwebp's canvas): 16×16×4 > 600.
        #expect(throws: ImageDecodeError.tooLarge(.webp, width: 16, height: 16)) { try Surface.decodeWebPAnimation(bytes, maxPixels: 900) }
    }

    /// fuzz-webp (Fuzz/regressions/fuzz-webp/animation-canvas-2gb): libwebp's animation decoder
    /// callocs two canvases before the budget was checked. They count now, checked first.
    @Test func animationCanvasesAreBudgetedBeforeLibwebpAllocates() throws {
        var bytes = fixture("animated.webp")
        // One 16×16 frame and libwebp's two canvases: 768 pixels.
        #expect(throws: ImageDecodeError.tooLarge(.webp, width: 16, height: 16)) { try Surface.decodeWebPAnimation(bytes, maxPixels: 700, maxFrames: 1) }
        #expect(try Surface.decodeWebPAnimation(bytes, maxPixels: 768, maxFrames: 1).frames.count == 1)
        // VP8X canvas width − 1 and height − 1, 24 bits each at 24 and 27: 16384×16384.
        #expect(bytes[12..<16].elementsEqual("VP8X".utf8))
        bytes[24] = 0xFF; bytes[25] = 0x3F; bytes[26] = 0; bytes[27] = 0xFF; bytes[28] = 0x3F; bytes[29] = 0
        #expect(throws: ImageDecodeError.tooLarge(.webp, width: 16384, height: 16384)) { try Surface.decodeWebPAnimation(bytes) }
        #expect(throws: ImageDecodeError.tooLarge(.webp, width: 16384, height: 16384)) { try Surface.decodeWebP(bytes) }
    }

    /// fuzz-webp (Fuzz/regressions/fuzz-webp/animation-not-reduced): an animation's first frame,
    /// asked to fit a quarter of its size, came back full size; it is reduced like a still image.
    @Test func animationFirstFrameIsReducedToFit() throws {
        let bytes = fixture("animated.webp")   // 16×16, red first
        let s = try Surface.decodeWebP(bytes, fitting: (4, 4))
        #expect(s.width == 4 && s.height == 4)
        #expect(s.premultipliedPixel(x: 2, y: 2) == 0xFFFF_0000)
        #expect(s.isOpaque)
        let odd = try Surface.decodeWebP(bytes, fitting: (3, 5))   // 16/3 → 2 is the most that keeps 5
        #expect(odd.width == 8 && odd.height == 8)
    }

    @Test func reducedDecoding() throws {
        let bytes = fixture("large.webp")   // 64×48
        let s = try Surface.decodeWebP(bytes, fitting: (16, 12))
        #expect(s.width == 16 && s.height == 12)
        #expect(near(s, 4, 3, 255, 0, 0, tolerance: 40))
        let auto = try Surface.decodeImage(bytes, fitting: (30, 20))
        #expect(auto.width == 32 && auto.height == 24)
    }

    @Test func badInputThrowsTypedErrors() throws {
        let bytes = fixture("lossless.webp")
        for n in [1, 4, 11, 20, bytes.count - 1] {
            #expect(throws: ImageDecodeError.truncated(.webp), "\(n) bytes") { try Surface.decodeWebP(Array(bytes.prefix(n))) }
        }
        let lossy = fixture("lossy.webp")
        #expect(throws: ImageDecodeError.self) { try Surface.decodeWebP(Array(lossy.prefix(lossy.count - 10))) }
        #expect(throws: ImageDecodeError.unrecognizedFormat) { try Surface.decodeWebP(fixture("orient-1.jpg")) }
        // A lossless header declaring 16384×16384: 14 bits each of width − 1 and height − 1.
        var huge = bytes
        guard let v = (12..<huge.count - 8).first(where: { huge[$0] == 0x56 && huge[$0 + 1] == 0x50 && huge[$0 + 2] == 0x38 && huge[$0 + 3] == 0x4C }) else {
            Issue.record("no VP8L chunk"); return
        }
        huge[v + 9] = 0xFF; huge[v + 10] = 0xFF; huge[v + 11] = 0xFF; huge[v + 12] = (huge[v + 12] & 0xF0) | 0x0F
        #expect(throws: ImageDecodeError.tooLarge(.webp, width: 16384, height: 16384)) { try Surface.decodeWebP(huge) }
    }
}
