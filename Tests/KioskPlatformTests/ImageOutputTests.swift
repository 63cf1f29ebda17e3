import Testing
import Raster
@testable import Kiosk
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

    @Test func pngIsWellFormed() throws {
        let s = try Surface(width: 300, height: 300)   // > 65535 bytes of rows: several stored blocks
        s.clear(0xFF80_4020)
        let png = ImageFile.pngData(s)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])  // IEND + its CRC
        #expect(png.count > 300 * 300 * 4)
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
