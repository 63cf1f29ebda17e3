import Testing
import Raster
@testable import Kiosk

@Suite struct ScanoutConversionTests {
    /// One pixel (premultiplied, opaque) through each format.
    @Test func formatsPackKnownColours() throws {
        let s = try Surface(width: 1, height: 1)
        s.setPixel(x: 0, y: 0, 0xFF12_3456)   // r 0x12, g 0x34, b 0x56
        func convert(_ f: PixelFormat) -> [UInt8] {
            var out = [UInt8](repeating: 0xEE, count: 8)
            out.withUnsafeMutableBytes { ScanoutCopy.copy(s, rect: s.bounds, to: $0.baseAddress!, dstStride: 8, format: f, rotation: .degrees0) }
            return Array(out.prefix(f.bytesPerPixel))
        }
        #expect(convert(.xrgb8888) == [0x56, 0x34, 0x12, 0xFF])
        #expect(convert(.xbgr8888) == [0x12, 0x34, 0x56, 0xFF])
        #expect(convert(.rgb888) == [0x56, 0x34, 0x12])
        // RGB565: r 0x12>>3 = 2, g 0x34>>2 = 13, b 0x56>>3 = 10 → 0b00010_001101_01010 = 0x11AA, little endian.
        #expect(convert(.rgb565) == [0xAA, 0x11])
        // BGR565: b in the top bits: 0b01010_001101_00010 = 0x51A2.
        #expect(convert(.bgr565) == [0xA2, 0x51])
        // White and black are exact in every format.
        s.setPixel(x: 0, y: 0, 0xFFFF_FFFF)
        #expect(convert(.rgb565) == [0xFF, 0xFF])
        s.setPixel(x: 0, y: 0, 0xFF00_0000)
        #expect(convert(.bgr565) == [0, 0])
    }

    @Test func fbdevFormatDetection() {
        #expect(PixelFormat.fbdev(bitsPerPixel: 32, redOffset: 16, greenOffset: 8, blueOffset: 0, redLength: 8, greenLength: 8, blueLength: 8) == .xrgb8888)
        #expect(PixelFormat.fbdev(bitsPerPixel: 32, redOffset: 0, greenOffset: 8, blueOffset: 16, redLength: 8, greenLength: 8, blueLength: 8) == .xbgr8888)
        #expect(PixelFormat.fbdev(bitsPerPixel: 16, redOffset: 11, greenOffset: 5, blueOffset: 0, redLength: 5, greenLength: 6, blueLength: 5) == .rgb565)
        #expect(PixelFormat.fbdev(bitsPerPixel: 16, redOffset: 0, greenOffset: 5, blueOffset: 11, redLength: 5, greenLength: 6, blueLength: 5) == .bgr565)
        #expect(PixelFormat.fbdev(bitsPerPixel: 24, redOffset: 16, greenOffset: 8, blueOffset: 0, redLength: 8, greenLength: 8, blueLength: 8) == .rgb888)
        // 15-bit, 8-bit palette and odd layouts are refused (FBDevDisplay then says what to do).
        #expect(PixelFormat.fbdev(bitsPerPixel: 16, redOffset: 10, greenOffset: 5, blueOffset: 0, redLength: 5, greenLength: 5, blueLength: 5) == nil)
        #expect(PixelFormat.fbdev(bitsPerPixel: 8, redOffset: 0, greenOffset: 0, blueOffset: 0, redLength: 8, greenLength: 8, blueLength: 8) == nil)
    }

    /// Rotated copies of a sub-rectangle equal the per-pixel definition, in every format, and touch
    /// nothing outside the rectangle's panel image.
    @Test(arguments: Rotation.allCases) func rotatedCopyMatchesReference(_ r: Rotation) throws {
        let lw = 7, lh = 5
        let src = try Surface(width: lw, height: lh)
        for y in 0..<lh { for x in 0..<lw { src.setPixel(x: x, y: y, 0xFF00_0000 | UInt32(x * 30) << 16 | UInt32(y * 40) << 8 | UInt32(x * y)) } }
        let (pw, ph) = r.logicalSize(panelWidth: lw, panelHeight: lh)
        let rect = IntRect(x: 1, y: 2, width: 4, height: 2)
        for f in PixelFormat.allCases {
            let stride = pw * f.bytesPerPixel + 3
            var dst = [UInt8](repeating: 0xEE, count: stride * ph)
            dst.withUnsafeMutableBytes { ScanoutCopy.copy(src, rect: rect, to: $0.baseAddress!, dstStride: stride, format: f, rotation: r) }
            let prect = r.physicalRect(rect, panelWidth: pw, panelHeight: ph)
            for py in 0..<ph {
                for px in 0..<pw {
                    let o = py * stride + px * f.bytesPerPixel
                    let got = Array(dst[o..<o + f.bytesPerPixel])
                    if prect.contains(x: px, y: py) {
                        let l = r.logicalPoint(Point(Double(px) + 0.5, Double(py) + 0.5), panelWidth: Double(pw), panelHeight: Double(ph))
                        let one = try Surface(width: 1, height: 1)
                        one.setPixel(x: 0, y: 0, src.premultipliedPixel(x: Int(l.x), y: Int(l.y)))
                        var want = [UInt8](repeating: 0, count: 4)
                        want.withUnsafeMutableBytes { ScanoutCopy.copy(one, rect: one.bounds, to: $0.baseAddress!, dstStride: 4, format: f, rotation: .degrees0) }
                        #expect(got == Array(want.prefix(f.bytesPerPixel)), "\(r) \(f) at (\(px),\(py))")
                    } else {
                        #expect(got.allSatisfy { $0 == 0xEE }, "\(r) \(f) wrote outside at (\(px),\(py))")
                    }
                }
            }
        }
    }
}
