// GIF decoding through giflib (Sources/Raster/Images/GIF.swift): fixtures from
// ImageFixtures/make-gifs.py (written byte by byte), bad input forged here from them.
// animated.gif: a 24×16 canvas, five frames — blue all over (disposal 1, 100 ms); a red square at
// (2,2) with a transparent 4×4 hole (disposal 2, delay 0 → 100 ms); green at (12,4) (disposal 3,
// delay 10 ms → 100 ms); an interlaced yellow stripe at the bottom with white rows 1 and 4
// (500 ms); magenta from a local colour table at (16,0) (20 ms). NETSCAPE loop 2: three plays.
import Testing
@testable import Raster
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

private let blue: UInt32 = 0xFF00_00FF, red: UInt32 = 0xFFFF_0000, green: UInt32 = 0xFF00_C800
private let yellow: UInt32 = 0xFFFF_E600, white: UInt32 = 0xFFFF_FFFF, magenta: UInt32 = 0xFFFF_00FF, clear: UInt32 = 0

@Suite struct GIFDecodingTests {
    @Test func framesAreComposedWithEachDisposalTransparencyAndOffset() throws {
        let animation = try Surface.decodeGIFAnimation(fixture("animated.gif"))
        #expect(animation.frames.count == 5)
        #expect(animation.durations == [100, 100, 100, 500, 20])
        #expect(animation.loopCount == 3)
        guard animation.frames.count == 5 else { return }
        let f = animation.frames
        for s in f { #expect(s.width == 24 && s.height == 16) }
        func at(_ i: Int, _ x: Int, _ y: Int) -> UInt32 { f[i].premultipliedPixel(x: x, y: y) }
        // 1: blue everywhere, opaque.
        #expect(at(0, 0, 0) == blue && at(0, 23, 15) == blue && f[0].isOpaque)
        // 2: the red square over it; its transparent hole shows the blue under it.
        #expect(at(1, 2, 2) == red && at(1, 9, 9) == red && at(1, 5, 5) == blue && at(1, 10, 10) == blue)
        // 3: the red square's rectangle cleared (disposal 2: transparent), green drawn at (12,4).
        #expect(at(2, 2, 2) == clear && at(2, 5, 5) == clear && at(2, 9, 9) == clear && at(2, 10, 10) == blue)
        #expect(at(2, 12, 4) == green && at(2, 19, 11) == green && at(2, 20, 12) == blue)
        #expect(!f[2].isOpaque)
        // 4: the green gone again (disposal 3: the canvas from before it), the stripe at the
        // bottom with its white rows where the interlaced order puts them.
        #expect(at(3, 12, 4) == blue && at(3, 5, 5) == clear)
        #expect(at(3, 0, 10) == yellow && at(3, 0, 11) == white && at(3, 0, 12) == yellow && at(3, 0, 14) == white && at(3, 23, 15) == yellow)
        // 5: magenta from the image's own colour table, top right; the rest as before.
        #expect(at(4, 16, 0) == magenta && at(4, 23, 7) == magenta && at(4, 15, 0) == blue && at(4, 0, 11) == white)
        // The frames as a person sees them (each 3×, over grey where transparent).
        expectGolden(strip(f), "gif-frames-disposal-transparency", tolerance: 0)
    }

    @Test func aStillGIFDecodesLikeAnyImage() throws {
        let bytes = fixture("still.gif")
        #expect(ImageFormat.sniff(bytes) == .gif)
        #expect(try Surface.readImageHeader(bytes) == ImageHeader(format: .gif, width: 12, height: 8))
        let s = try Surface.decodeImage(bytes)
        #expect(s.width == 12 && s.height == 8 && s.isOpaque)
        #expect(s.premultipliedPixel(x: 0, y: 0) == red && s.premultipliedPixel(x: 11, y: 7) == blue)
        // No NETSCAPE block: one play.
        #expect(try Surface.decodeGIFAnimation(bytes).loopCount == 1)
        #expect(Surface.gifHasSeveralImages(bytes) == false)
        #expect(Surface.gifHasSeveralImages(fixture("animated.gif")) == true)
        // Its first 40 bytes end inside the image: not yet known.
        #expect(Surface.gifHasSeveralImages(Array(fixture("animated.gif").prefix(40))) == nil)
    }

    @Test func reducedWhenDrawnSmall() throws {
        let bytes = fixture("animated.gif")
        let small = try Surface.decodeGIFAnimation(bytes, reduction: 2)
        #expect(small.frames.count == 5)
        for s in small.frames { #expect(s.width == 12 && s.height == 8) }
        // The green square's 2×2 blocks are all green.
        #expect(small.frames[2].premultipliedPixel(x: 7, y: 3) == green)
        let first = try Surface.decodeImage(bytes, fitting: (6, 4))
        #expect(first.width == 6 && first.height == 4)
        #expect(first.premultipliedPixel(x: 3, y: 2) == blue)
    }

    @Test func aTruncatedFileKeepsWhatDecoded() throws {
        let bytes = fixture("animated.gif")
        // Each cut either gives the frames before it (the first one possibly partial) or a
        // typed error; never more frames, never a crash.
        var counts: [Int] = []
        for n in 0..<bytes.count {
            do {
                let a = try Surface.decodeGIFAnimation(Array(bytes.prefix(n)))
                #expect(a.frames.count >= 1 && a.frames.count <= 5 && a.durations.count == a.frames.count)
                counts.append(a.frames.count)
            } catch let e as ImageDecodeError {
                if n >= 6 && n < 13 { #expect(e == .truncated(.gif), "cut at \(n): \(e)") }
                counts.append(0)
            }
        }
        // Frame counts only grow as more of the file is there, up to all five.
        #expect(counts == counts.sorted())
        #expect(counts.last == 5)
        #expect(try Surface.decodeGIFAnimation(bytes).frames.count == 5)
        // Cut inside the first image's rows, after three 32-byte data sub-blocks (192 codes: 153
        // pixels, six whole rows): those rows, the rest transparent.
        let header = 13 + 24 + 19 + 8   // screen, colour table, NETSCAPE, graphics control
        let partial = try Surface.decodeGIFAnimation(Array(bytes.prefix(header + 10 + 1 + 3 * 33 + 5)))
        #expect(partial.frames.count == 1)
        #expect(partial.frames[0].premultipliedPixel(x: 0, y: 0) == blue)
        #expect(partial.frames[0].premultipliedPixel(x: 23, y: 5) == blue)
        #expect(partial.frames[0].premultipliedPixel(x: 0, y: 7) == clear)
        #expect(partial.frames[0].premultipliedPixel(x: 23, y: 15) == clear)
        #expect(throws: ImageDecodeError.truncated(.gif)) { try Surface.decodeGIF(Array(bytes.prefix(8))) }
    }

    @Test func hugeHeadersAreRefusedBeforeAllocating() throws {
        var bytes = fixture("still.gif")
        // The logical screen: 65535×65535.
        bytes[6] = 0xFF; bytes[7] = 0xFF; bytes[8] = 0xFF; bytes[9] = 0xFF
        #expect(throws: ImageDecodeError.tooLarge(.gif, width: 65535, height: 65535)) { try Surface.decodeImage(bytes) }
        #expect(throws: ImageDecodeError.tooLarge(.gif, width: 65535, height: 65535)) { try Surface.decodeGIFAnimation(bytes) }
        // A 65535×65535 image on the 12×8 canvas.
        var image = fixture("still.gif")
        let d = 13 + 24   // the image descriptor
        #expect(image[d] == 0x2C)
        image[d + 5] = 0xFF; image[d + 6] = 0xFF; image[d + 7] = 0xFF; image[d + 8] = 0xFF
        #expect(throws: ImageDecodeError.tooLarge(.gif, width: 65535, height: 65535)) { try Surface.decodeGIFAnimation(image) }
        // The budget counts every kept frame and three canvases: 24×16 × (3 + 5) = 3072 pixels.
        let animated = fixture("animated.gif")
        #expect(throws: ImageDecodeError.tooLarge(.gif, width: 24, height: 16)) { try Surface.decodeGIFAnimation(animated, maxPixels: 3071) }
        #expect(try Surface.decodeGIFAnimation(animated, maxPixels: 3072).frames.count == 5)
        #expect(try Surface.decodeGIFAnimation(animated, maxPixels: 4 * 384, maxFrames: 1).frames.count == 1)
    }

    @Test func otherBadInputGivesTypedErrors() throws {
        #expect(throws: ImageDecodeError.corrupt(.gif, message: "image 1 has no colour table")) { try Surface.decodeGIFAnimation(fixture("no-colour-table.gif")) }
        var zero = fixture("still.gif")
        zero[6] = 0; zero[7] = 0
        #expect(throws: ImageDecodeError.corrupt(.gif, message: "the logical screen is 0×8")) { try Surface.decodeImage(zero) }
        #expect(throws: ImageDecodeError.unrecognizedFormat) { try Surface.decodeGIFAnimation(Array("GIF is a format".utf8)) }
        // Garbage where the image data should be: an error or what decoded, never a crash.
        var noise = fixture("animated.gif")
        var x: UInt32 = 7
        for i in 80..<noise.count { x = x &* 1103515245 &+ 12345; noise[i] = UInt8(truncatingIfNeeded: x >> 16) }
        do { _ = try Surface.decodeGIFAnimation(noise) } catch is ImageDecodeError {}
    }
}
