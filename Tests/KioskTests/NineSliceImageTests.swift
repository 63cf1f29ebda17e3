// `.resizable(capInsets:resizingMode:)` as nine slices (issue 40), and `Image(decorative:)`.
// The fixture is written at test time: a 24×24 PNG with 8-pixel caps — red, green, blue and
// yellow corners, each with a black pixel at its outer corner; top and bottom edges in
// vertical stripes (2 px black, 2 px white), left and right edges in horizontal stripes, a
// 4-pixel grey/white checkerboard in the centre — so a stretched edge shows wider stripes, a
// tiled one the same 2-pixel stripes, and a scaled corner its black pixel grown.
import Testing
@testable import Kiosk
import Raster
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

private let capsFixture: String = {
    let dir = "/tmp/kiosk-nine-slice-\(getpid())"
    mkdir(dir, 0o755)
    let s = try! Surface(width: 24, height: 24)
    func argb(_ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 { 0xFF00_0000 | r << 16 | g << 8 | b }
    let black = argb(0, 0, 0), white = argb(255, 255, 255), grey = argb(128, 128, 128)
    for y in 0..<24 {
        for x in 0..<24 {
            let cx = x < 8 ? 0 : x < 16 ? 1 : 2, cy = y < 8 ? 0 : y < 16 ? 1 : 2
            var p: UInt32
            switch (cx, cy) {
            case (0, 0): p = argb(230, 30, 30)
            case (2, 0): p = argb(30, 200, 30)
            case (0, 2): p = argb(30, 30, 230)
            case (2, 2): p = argb(230, 210, 30)
            case (1, 0), (1, 2): p = (x / 2) % 2 == 0 ? black : white
            case (0, 1), (2, 1): p = (y / 2) % 2 == 0 ? black : white
            default: p = ((x / 4) + (y / 4)) % 2 == 0 ? grey : white
            }
            s.setPixel(x: x, y: y, p)
        }
    }
    for (x, y) in [(0, 0), (23, 0), (0, 23), (23, 23)] { s.setPixel(x: x, y: y, black) }
    try! s.writePNG(to: dir + "/caps.png")
    return dir
}()

private let caps = EdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)

private func colour(_ p: RGBA8) -> (Int, Int, Int) { (Int(p.r), Int(p.g), Int(p.b)) }

@Suite struct NineSliceImageTests {
    @Test func cornersKeepTheirSizeAndEdgesStretchAlongTheirLength() {
        let bundle = ImageBundle(path: capsFixture)
        let host = HeadlessHost(width: 64, height: 40) {
            Image("caps", bundle: bundle).resizable(capInsets: caps).frame(width: 64, height: 40)
        }
        let s = host.snapshot()
        // Each corner is 8×8 at its own size: its colour up to 8 px in, its black pixel one pixel.
        #expect(colour(s.pixel(x: 7, y: 7)) == (230, 30, 30))
        #expect(colour(s.pixel(x: 56, y: 7)) == (30, 200, 30))
        #expect(colour(s.pixel(x: 7, y: 32)) == (30, 30, 230))
        #expect(colour(s.pixel(x: 56, y: 32)) == (230, 210, 30))
        #expect(colour(s.pixel(x: 0, y: 0)) == (0, 0, 0) && colour(s.pixel(x: 1, y: 1)) == (230, 30, 30))
        #expect(colour(s.pixel(x: 63, y: 39)) == (0, 0, 0) && colour(s.pixel(x: 62, y: 38)) == (230, 210, 30))
        // The top edge: 8 source pixels stretched over 48 (6 px each, bilinear), so its stripes
        // are 12 px wide, where the source's are 2.
        #expect(colour(s.pixel(x: 8 + 3, y: 2)) == (0, 0, 0))
        #expect(colour(s.pixel(x: 8 + 15, y: 2)) == (255, 255, 255))
        #expect(colour(s.pixel(x: 8 + 27, y: 2)) == (0, 0, 0))
        #expect(host.warnings.isEmpty, "\(host.warnings)")
    }

    @Test func tiledEdgesRepeatAtTheirPixelSize() {
        let bundle = ImageBundle(path: capsFixture)
        let host = HeadlessHost(width: 64, height: 40) {
            Image("caps", bundle: bundle).resizable(capInsets: caps, resizingMode: .tile).frame(width: 64, height: 40)
        }
        let s = host.snapshot()
        // The top edge's 2-pixel stripes repeat every 4 px from x = 8 to 56; the left edge's down.
        for x in 8..<56 {
            let expected = ((x - 8) / 2) % 2 == 0 ? (0, 0, 0) : (255, 255, 255)
            #expect(colour(s.pixel(x: x, y: 3)) == expected, "x \(x)")
        }
        for y in 8..<32 { #expect(colour(s.pixel(x: 3, y: y)) == (((y - 8) / 2) % 2 == 0 ? (0, 0, 0) : (255, 255, 255)), "y \(y)") }
        // Corners as in stretch mode.
        #expect(colour(s.pixel(x: 56, y: 32)) == (230, 210, 30))
        #expect(colour(s.pixel(x: 63, y: 39)) == (0, 0, 0))
    }

    /// The slices of an opaque image, as a template mask, fill every pixel of the frame: no
    /// seam where they meet (stretched or tiled; the frame's size is odd, so the stretched
    /// pieces scale by fractions and sample at their edges).
    @Test func slicesMeetWithoutSeams() {
        let bundle = ImageBundle(path: capsFixture)
        for mode in [Image.ResizingMode.stretch, .tile] {
            let host = HeadlessHost(width: 60, height: 50) {
                Image("caps", bundle: bundle).resizable(capInsets: caps, resizingMode: mode)
                    .renderingMode(.template).foregroundStyle(Color(red: 1, green: 0, blue: 0))
                    .frame(width: 41, height: 33).padding(.leading, 4).padding(.top, 3)
                    .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                    .background(Color.white)
            }
            let s = host.snapshot()
            var seams: [String] = []
            // The frame: x 4…44, y 3…35.
            for y in 3..<36 { for x in 4..<45 where colour(s.pixel(x: x, y: y)) != (255, 0, 0) { seams.append("(\(x), \(y)): \(s.pixel(x: x, y: y))") } }
            #expect(seams.isEmpty, "\(mode): \(seams.prefix(6))")
        }
    }

    @Test func capsShrinkInProportionInASmallerFrame() {
        let bundle = ImageBundle(path: capsFixture)
        let host = HeadlessHost(width: 12, height: 12) {
            Image("caps", bundle: bundle).resizable(capInsets: caps).frame(width: 12, height: 12)
        }
        let s = host.snapshot()
        // Four 6×6 corners, nothing of the edges or centre.
        #expect(s.pixel(x: 2, y: 3).r > 200 && s.pixel(x: 2, y: 3).g < 60)
        #expect(s.pixel(x: 9, y: 9).r > 200 && s.pixel(x: 9, y: 9).g > 180)
    }

    @Test func nineSliceGolden() {
        let bundle = ImageBundle(path: capsFixture)
        let host = HeadlessHost(width: 232, height: 64) {
            HStack(alignment: .top, spacing: 8) {
                Image("caps", bundle: bundle)
                Image("caps", bundle: bundle).resizable(capInsets: caps).frame(width: 64, height: 40)
                Image("caps", bundle: bundle).resizable(capInsets: caps, resizingMode: .tile).frame(width: 64, height: 40)
                Image("caps", bundle: bundle).resizable().frame(width: 40, height: 64)
                Image("caps", bundle: bundle).resizable(capInsets: EdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
                    .renderingMode(.template).foregroundStyle(Color(red: 0.1, green: 0.4, blue: 0.9)).frame(width: 16, height: 40)
            }
            .padding(4)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            .background(Color(red: 0.85, green: 0.9, blue: 0.85))
        }
        expectGolden(host.snapshot(), "image-nine-slice")
        #expect(host.warnings.isEmpty, "\(host.warnings)")
    }

    /// SwiftUI leaves a decorative image out of the accessibility tree; kiosk has none, so it
    /// must draw and lay out exactly as `Image(_:)`.
    @Test func aDecorativeImageDrawsAsANamedOne() {
        let bundle = ImageBundle(path: capsFixture)
        // Its size shows where the magenta bar after it starts.
        func draw(_ image: Image) -> Surface {
            HeadlessHost(width: 80, height: 40) {
                HStack(alignment: .top, spacing: 0) {
                    image
                    Color(red: 1, green: 0, blue: 1).frame(width: 4, height: 24)
                    image.resizable(capInsets: caps).frame(width: 40, height: 30)
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            }.snapshot()
        }
        let named = draw(Image("caps", bundle: bundle))
        let decorative = draw(Image(decorative: "caps", bundle: bundle))
        #expect(colour(decorative.pixel(x: 24, y: 10)) == (255, 0, 255) && colour(decorative.pixel(x: 23, y: 10)) != (255, 0, 255))
        var differing = 0
        for y in 0..<40 { for x in 0..<80 where named.premultipliedPixel(x: x, y: y) != decorative.premultipliedPixel(x: x, y: y) { differing += 1 } }
        #expect(differing == 0)
        #expect(colour(decorative.pixel(x: 3, y: 3)) == (230, 30, 30))
        // The plain spelling (no bundle) resolves the same way as `Image(_:)`: both missing here.
        Diagnostics.printsWarnings = false
        defer { Diagnostics.printsWarnings = true }
        let missing = HeadlessHost(width: 10, height: 10) { Image(decorative: "no-such-picture-\(getpid())") }
        #expect(missing.warnings.contains { $0.contains("no-such-picture") })
    }
}
