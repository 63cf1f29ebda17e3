// Image("name") with SVG files: found as name.svg where PNGs are, laid out at the intrinsic size,
// rasterized at the drawn pixel size (crisp: the same pixels as Raster drawing the icon at that
// size directly), cached per size, `currentColor` from the foreground style.
// Fixtures: Tests/RasterTests/ImageFixtures/icon-*.svg.
import Testing
@testable import Kiosk
import Raster
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder holding the named fixtures and extra files (name, text); removed by the caller.
private func folder(_ files: [(String, String)], extra: [(String, String)] = []) -> String {
    imageFolder(files, extra: extra, prefix: "kiosk-svg")
}

/// The largest channel difference between `s`'s pixels in `frame` and `expected`.
private func worstDifference(_ s: Surface, at frame: CGRect, _ expected: Surface) -> Int {
    var worst = 0
    for y in 0..<expected.height {
        for x in 0..<expected.width {
            let a = s.pixel(x: Int(frame.minX) + x, y: Int(frame.minY) + y), b = expected.pixel(x: x, y: y)
            worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
        }
    }
    return worst
}

@Suite struct SVGImageViewTests {
    let wide = ##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#1565c0"/></svg>"##

    @Test func svgResolvesLikeOtherImagesWithItsIntrinsicSize() throws {
        let dir = folder([("icon-gear.svg", "gear.svg"), ("lossless.webp", "photo.webp")], extra: [("wide.svg", wide)])
        defer { _ = system("rm -rf '\(dir)'") }
        let cache = ImageCache()
        cache.configure(directory: dir, budget: 1 << 20)   // the `images` setting
        let gear = try #require(cache.source(named: "gear"))
        #expect(gear.path == dir + "/gear.svg" && gear.isVector)
        #expect([gear.width, gear.height] == [24, 24])
        #expect(cache.source(named: "wide").map { [$0.width, $0.height] } == [40, 20])
        #expect(cache.source(named: "photo")?.isVector == false)
        // Rasterized per size, each size cached once.
        let a = cache.vectorImage(gear, pixels: (48, 48), currentColor: nil)
        #expect(a?.surface.width == 48)
        #expect(cache.vectorImage(gear, pixels: (48, 48), currentColor: nil) === a)
        #expect(cache.vectorImage(gear, pixels: (96, 96), currentColor: nil) !== a)
        #expect(cache.decodedBytes == 48 * 48 * 4 + 96 * 96 * 4)
        // Full size (GraphicsContext's resolve): the intrinsic size.
        #expect(cache.image(named: "gear")?.surface.width == 24)
    }

    @Test func renderedCrispAtTwoFrameSizes() throws {
        let dir = folder([("icon-gear.svg", "gear.svg"), ("icon-badge.svg", "badge.svg")], extra: [("wide.svg", wide)])
        defer { _ = system("rm -rf '\(dir)'") }
        let bundle = ImageBundle(path: dir)
        let host = HeadlessHost(width: 260, height: 110) {
            HStack(alignment: .top, spacing: 4) {
                Image("gear", bundle: bundle)
                Image("gear", bundle: bundle).resizable().frame(width: 96, height: 96)
                Image("badge", bundle: bundle).resizable().frame(width: 40, height: 40)
                Image("wide", bundle: bundle).resizable().scaledToFit().frame(width: 60, height: 60)
            }
        }
        let s = host.snapshot()
        let frames = host.frames(of: Image.self)
        #expect(frames.count == 4)
        guard frames.count == 4 else { return }
        #expect(frames[0].size == CGSize(width: 24, height: 24))        // intrinsic
        #expect(frames[1].size == CGSize(width: 96, height: 96))
        #expect(frames[3].size == CGSize(width: 60, height: 30))        // aspect ratio from width/height
        // Crisp: the same pixels as drawing the vectors at that size (not a 24 px raster scaled up).
        let gear = try SVGImage(Syscall.readFile(dir + "/gear.svg") ?? [])
        let bg = Raster.Color.white
        func onWhite(_ img: Surface) throws -> Surface {
            let out = try Surface(width: img.width, height: img.height)
            let c = Canvas(out); c.clear(bg); c.drawImage(img)
            return out
        }
        #expect(worstDifference(s, at: frames[0], try onWhite(try gear.rasterize(width: 24, height: 24))) <= 2)
        #expect(worstDifference(s, at: frames[1], try onWhite(try gear.rasterize(width: 96, height: 96))) <= 2)
        // Scaled up from 24 px instead, the 96 px gear's edges would differ by far more.
        let blurry = try Surface(width: 96, height: 96)
        let bc = Canvas(blurry); bc.clear(bg); bc.drawImage(try gear.rasterize(width: 24, height: 24), transform: .scale(4, 4))
        #expect(worstDifference(s, at: frames[1], blurry) > 40)
        expectGolden(s, "svg-images-in-views", tolerance: 2)
    }

    @Test func currentColorFollowsTheForegroundStyle() throws {
        let dir = folder([("icon-stroked.svg", "house.svg")])
        defer { _ = system("rm -rf '\(dir)'") }
        let bundle = ImageBundle(path: dir)
        let host = HeadlessHost(width: 100, height: 50) {
            HStack(spacing: 0) {
                Image("house", bundle: bundle).resizable().frame(width: 48, height: 48).foregroundStyle(Color(red: 1, green: 0, blue: 0))
                Image("house", bundle: bundle).resizable().frame(width: 48, height: 48).foregroundStyle(Color(red: 0, green: 0, blue: 1))
            }
        }
        let s = host.snapshot()
        let frames = host.frames(of: Image.self)
        guard frames.count == 2 else { Issue.record("\(frames.count) images"); return }
        // The roof's left slope (24,6)→(6,21) at 48 px: a point on it, in each image.
        for (i, f) in frames.enumerated() {
            let p = s.pixel(x: Int(f.minX) + 15, y: Int(f.minY) + 14)
            if i == 0 { #expect(p.r > 200 && p.b < 60, "\(p)") } else { #expect(p.b > 200 && p.r < 60, "\(p)") }
        }
    }

    @Test func brokenSVGWarnsAndShowsNothing() {
        let dir = folder([], extra: [("cut.svg", "<svg viewBox='0 0 10 10'><g><rect width='5'"), ("loop.svg", ##"<svg><use id="a" href="#a"/></svg>"##)])
        defer { _ = system("rm -rf '\(dir)'") }
        Diagnostics.printsWarnings = false
        let cache = ImageCache()
        #expect(cache.source(named: "cut", bundle: ImageBundle(path: dir)) == nil)
        #expect(cache.source(named: "loop", bundle: ImageBundle(path: dir)) == nil)
        let host = HeadlessHost(width: 40, height: 40) { Image("cut", bundle: ImageBundle(path: dir)) }
        #expect(host.frames(of: Image.self).first?.size == .zero)
    }
}
