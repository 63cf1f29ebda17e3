// `.renderingMode(.template)` (issue 40): the image's alpha filled with the foreground style — a
// colour or a gradient — for bitmaps and SVGs; `.original` keeps the image's colours.
// Fixtures: alpha.webp (40×24: left half opaque, right half 50 % on top, clear below) and
// icon-badge.svg (64×64, its own gradients), Tests/RasterTests/ImageFixtures.
import Testing
@testable import Kiosk
import Raster
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

private let red = Color(red: 1, green: 0, blue: 0)
private let blue = Color(red: 0, green: 0, blue: 1)

private func near(_ p: RGBA8, _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 3) -> Bool {
    abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance && abs(Int(p.b) - b) <= tolerance
}

@Suite struct TemplateImageTests {
    @Test func aTemplateBitmapIsItsAlphaInTheForegroundColour() {
        let dir = imageFolder([("alpha.webp", "mark.webp")], prefix: "kiosk-template")
        defer { _ = system("rm -rf '\(dir)'") }
        let bundle = ImageBundle(path: dir)
        let host = HeadlessHost(width: 80, height: 24) {
            HStack(spacing: 0) {
                Image("mark", bundle: bundle).renderingMode(.template).foregroundStyle(red)
                Image("mark", bundle: bundle).renderingMode(.original).foregroundStyle(red)
            }
            .background(Color.white)
        }
        let s = host.snapshot()
        #expect(near(s.pixel(x: 5, y: 5), 255, 0, 0), "\(s.pixel(x: 5, y: 5))")          // opaque → the colour
        #expect(near(s.pixel(x: 30, y: 5), 255, 127, 127), "\(s.pixel(x: 30, y: 5))")    // 50 % → half over white
        #expect(near(s.pixel(x: 30, y: 20), 255, 255, 255), "\(s.pixel(x: 30, y: 20))")  // clear → nothing
        // `.original`: the image's own colours (alpha.webp's bottom-left quarter is blue).
        let original = s.pixel(x: 45, y: 18)
        #expect(original.b > 200 && original.r < 60, "\(original)")
        #expect(host.warnings.isEmpty, "\(host.warnings)")
    }

    @Test func aTemplateTakesAGradientAcrossItsFrame() {
        let dir = imageFolder([("alpha.webp", "mark.webp")], prefix: "kiosk-template")
        defer { _ = system("rm -rf '\(dir)'") }
        let host = HeadlessHost(width: 40, height: 24) {
            Image("mark", bundle: ImageBundle(path: dir)).renderingMode(.template)
                .foregroundStyle(LinearGradient(colors: [red, blue], startPoint: .leading, endPoint: .trailing))
                .background(Color.white)
        }
        let s = host.snapshot()
        let left = s.pixel(x: 1, y: 5), middle = s.pixel(x: 18, y: 5)
        #expect(left.r > 230 && left.b < 25, "\(left)")
        #expect(middle.r > 100 && middle.b > 100 && middle.g < 10, "\(middle)")   // half way: purple
        #expect(near(s.pixel(x: 35, y: 20), 255, 255, 255))                       // clear stays clear
    }

    @Test func aTemplateSVGIgnoresItsOwnColours() {
        let dir = imageFolder([("icon-badge.svg", "badge.svg")], prefix: "kiosk-template")
        defer { _ = system("rm -rf '\(dir)'") }
        let host = HeadlessHost(width: 64, height: 64) {
            Image("badge", bundle: ImageBundle(path: dir)).renderingMode(.template).foregroundStyle(blue).background(Color.white)
        }
        let s = host.snapshot()
        // The star's glow and the sky gradient are all one colour now; the corner is outside the disc.
        #expect(near(s.pixel(x: 32, y: 32), 0, 0, 255), "\(s.pixel(x: 32, y: 32))")
        #expect(near(s.pixel(x: 20, y: 40), 0, 0, 255), "\(s.pixel(x: 20, y: 40))")
        #expect(near(s.pixel(x: 1, y: 1), 255, 255, 255))
    }

    @Test func templatesGolden() {
        let dir = imageFolder([("alpha.webp", "mark.webp"), ("icon-badge.svg", "badge.svg")], prefix: "kiosk-template")
        defer { _ = system("rm -rf '\(dir)'") }
        let bundle = ImageBundle(path: dir)
        let host = HeadlessHost(width: 208, height: 48) {
            HStack(spacing: 8) {
                Image("mark", bundle: bundle)
                Image("mark", bundle: bundle).renderingMode(.template).foregroundStyle(Color(red: 0.9, green: 0.3, blue: 0.1))
                Image("mark", bundle: bundle).renderingMode(.template)
                    .foregroundStyle(LinearGradient(colors: [red, blue], startPoint: .leading, endPoint: .trailing))
                Image("badge", bundle: bundle).resizable().renderingMode(.template).frame(width: 40, height: 40).foregroundStyle(.green)
            }
            .frame(width: 208, height: 48)
            .background(Color.white)
        }
        expectGolden(host.snapshot(), "image-template", tolerance: 2)
    }
}

/// `.antialiased(false)`: an image placed on a half pixel has no half-covered edge column.
@Suite struct ImageAntialiasingTests {
    @Test func aliasedEdgesFallOnWholePixels() {
        let dir = imageFolder([("lossless.webp", "photo.webp")], prefix: "kiosk-aliased")
        defer { _ = system("rm -rf '\(dir)'") }
        let bundle = ImageBundle(path: dir)
        func leftEdge(_ antialiased: Bool) -> [RGBA8] {
            let host = HeadlessHost(width: 60, height: 24) {
                Image("photo", bundle: bundle).antialiased(antialiased).offset(x: 0.5).frame(width: 60, height: 24, alignment: .leading)
                    .background(Color.white)
            }
            let s = host.snapshot()
            return (0..<3).map { s.pixel(x: $0, y: 5) }
        }
        let smooth = leftEdge(true), hard = leftEdge(false)
        // Antialiased: column 0 is half image, half white (the image's top-left is red).
        #expect(smooth[0].g > 60 && smooth[0].g < 200, "\(smooth)")
        // Aliased: column 0 is all image or all white.
        #expect(hard[0].g < 20 || hard[0].g > 240, "\(hard)")
        #expect(hard[1].r > 230 && hard[1].g < 20, "\(hard)")
    }
}
