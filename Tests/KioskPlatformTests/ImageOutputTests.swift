import Testing
import Raster
@testable import Kiosk
@testable import KioskScenes
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ImageOutputTests {
    @Test func ppmRoundTrip() throws {
        let s = try Surface(width: 3, height: 2)
        s.setPixel(x: 0, y: 0, 0xFF10_2030); s.setPixel(x: 2, y: 1, 0xFFFF_0080)
        let back = try ImageFile.decodePPM(ImageFile.ppmData(s))
        #expect(back.premultipliedPixel(x: 0, y: 0) == 0xFF10_2030)
        #expect(back.premultipliedPixel(x: 2, y: 1) == 0xFFFF_0080)
        #expect(back.premultipliedPixel(x: 1, y: 0) == 0xFF00_0000)
        #expect(throws: ImageFileError.self) { try ImageFile.decodePPM(Array("P6\n3 2\n255\n".utf8)) }
        #expect(throws: ImageFileError.self) { try ImageFile.decodePPM(Array("P3\n1 1\n255\n0 0 0".utf8)) }
    }

    @Test func pngWrittenThroughRasterReadsBack() throws {
        let s = try Surface(width: 30, height: 20)
        s.clear(0xFF80_4020)
        let path = "/tmp/kiosk-image-test-\(getpid()).png"
        try ImageFile.write(s, to: path)
        defer { unlink(path) }
        let back = try Surface(contentsOfPNG: path)
        #expect(back.samePixels(as: s))
        #expect(throws: PlatformError.self) { try ImageFile.write(s, to: "/nonexistent/dir/x.png") }
    }

    /// The offscreen display writes the panel image, turned, and only copies damage.
    @Test func offscreenRotatesLikeTheScreen() throws {
        let dir = "/tmp/kiosk-offscreen-test-\(getpid())"
        let d = try OffscreenDisplay(directory: dir, width: 4, height: 2, rotation: .degrees90)
        #expect(d.panel.width == 2 && d.panel.height == 4)
        let s = try Surface(width: 4, height: 2)
        s.clear(0xFF00_0000)
        s.setPixel(x: 0, y: 0, 0xFFFF_FFFF)   // logical top-left → panel top-right under 90°
        try d.present(s, damage: [s.bounds])
        #expect(d.panel.premultipliedPixel(x: 1, y: 0) == 0xFFFF_FFFF)
        #expect(d.panel.premultipliedPixel(x: 0, y: 0) == 0xFF00_0000)
        s.setPixel(x: 3, y: 1, 0xFF00_FF00)  // changed but not in the damage: must not be copied
        try d.present(s, damage: [])
        #expect(d.panel.premultipliedPixel(x: 0, y: 3) == 0xFF00_0000)
        d.close()
        #expect(access("\(dir)/last.png", F_OK) == 0)
        unlink("\(dir)/last.png"); rmdir(dir)
    }
}

@Suite struct AnimatedPNGTests {
    @Test func framesChunksAndCRCsAreValid() throws {
        let run = try VirtualRun(source: PulseScene(width: 64, height: 40), width: 64, height: 40, frameInterval: 0.1)
        var apng = AnimatedPNG(framesPerSecond: 10)
        var firstFrame: Surface?
        for _ in 0..<3 {
            run.step()
            if firstFrame == nil { firstFrame = run.surface.copy() }
            try apng.append(run.surface)
            run.advance()
        }
        let bytes = try apng.data()
        var types: [String] = []
        var crcOK = true
        var o = 8
        while o + 12 <= bytes.count {
            let len = Int(UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 3]))
            let crc = UInt32(bytes[o + 8 + len]) << 24 | UInt32(bytes[o + 9 + len]) << 16 | UInt32(bytes[o + 10 + len]) << 8 | UInt32(bytes[o + 11 + len])
            crcOK = crcOK && crc == AnimatedPNG.crc32(bytes[o + 4..<o + 8 + len])
            types.append(String(decoding: bytes[o + 4..<o + 8], as: UTF8.self))
            o += 12 + len
        }
        #expect(crcOK && o == bytes.count)
        #expect(types == ["IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND"])
        // A plain PNG decoder shows the first frame.
        let decoded = try Surface.decodePNG(bytes)
        #expect(decoded.samePixels(as: firstFrame!))
        #expect(AnimatedPNG.crc32(Array("IEND".utf8)[...]) == 0xAE42_6082)
    }

    @Test func mismatchedFrameSizesAndEmptyAnimationsAreRefused() throws {
        var apng = AnimatedPNG(framesPerSecond: 30)
        #expect(throws: ConfigError.self) { try apng.data() }
        let a = try Surface(width: 4, height: 4); a.clear(0xFF00_0000)
        let b = try Surface(width: 5, height: 4); b.clear(0xFF00_0000)
        try apng.append(a)
        #expect(throws: ConfigError.self) { try apng.append(b) }
    }
}
