// Image("name") with JPEG and WebP files: where names resolve (bundle, `images` setting, working
// directory; name, .png, .jpg, .jpeg, .webp), EXIF orientation on screen, reduced decoding for
// small frames, one decoded surface per file whatever name reached it, and the byte budget.
// Fixtures: Tests/RasterTests/ImageFixtures (made by its make-fixtures.py).
import Testing
@testable import Kiosk
import Raster
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

private func near(_ p: RGBA8, _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 30) -> Bool {
    abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance && abs(Int(p.b) - b) <= tolerance
}

/// A fresh folder holding copies of the named fixtures (renamed by `as`), removed by the caller.
private func folder(_ files: [(String, String)]) -> String { imageFolder(files, prefix: "kiosk-image-source") }

@Suite struct ImageSourceTests {
    @Test func bundlesNameTheirFolders() {
        #expect(ImageBundle(describing: FakeBundle("/opt/app/app_App.resources")).directories == ["/opt/app/app_App.resources"])
        // Not a path: the package's resources.
        #expect(ImageBundle(describing: FakeBundle("main")) == .module)
        let exe = ImageBundle.executableDirectory
        #expect(exe != nil)
        #expect(ImageBundle.main.directories == [exe!])
        #expect(ImageBundle.module.directories.last == exe)
        #expect(ImageBundle.module.directories.dropLast().allSatisfy { $0.hasSuffix(".resources") })
        let dir = folder([("lossless.webp", "icon.webp")])
        defer { _ = system("rm -rf '\(dir)'") }
        let host = HeadlessHost(width: 60, height: 40) { Image("icon", bundle: FakeBundle(dir)) }
        #expect(host.frames(of: Image.self).first?.size == CGSize(width: 40, height: 24))
    }

    @Test func bundleFolderFindsEveryExtensionInOrder() {
        let dir = folder([("orient-6.jpg", "photo.jpg"), ("lossy.webp", "tile.webp"), ("lossy.webp", "photo.webp"),
                          ("orient-1.jpg", "plain.jpeg")])
        defer { _ = system("rm -rf '\(dir)'") }
        let cache = ImageCache()
        let bundle = ImageBundle(path: dir)
        #expect(cache.source(named: "photo", bundle: bundle)?.path == dir + "/photo.jpg")   // .jpg before .webp
        #expect(cache.source(named: "tile", bundle: bundle)?.path == dir + "/tile.webp")
        #expect(cache.source(named: "plain", bundle: bundle)?.path == dir + "/plain.jpeg")
        #expect(cache.source(named: "photo.webp", bundle: bundle)?.path == dir + "/photo.webp")
        // Display size: orientation 6 is stored 24×40 and shown 40×24.
        #expect(cache.source(named: "photo", bundle: bundle).map { [$0.width, $0.height] } == [40, 24])
        Diagnostics.printsWarnings = false
        #expect(cache.source(named: "nothing", bundle: bundle) == nil)
    }

    @Test func imagesDirectorySetting() throws {
        let dir = folder([("alpha.webp", "badge.webp")])
        defer { _ = system("rm -rf '\(dir)'") }
        var settings = Settings()
        try settings.apply(key: "images", value: dir)
        try settings.apply(key: "image-cache", value: "8")
        #expect(settings.images == dir && settings.imageCacheBytes == 8 << 20)
        #expect(throws: ConfigError.self) { try settings.apply(key: "image-cache", value: "-1") }
        #expect(try KioskRunner.settings(from: settings.arguments[...], over: Settings()) == settings)
        let cache = ImageCache()
        cache.configure(directory: settings.images, budget: settings.imageCacheBytes)
        let box = cache.image(named: "badge")
        #expect(box?.surface.width == 40 && box?.surface.height == 24)
        #expect(box.map { !$0.surface.isOpaque } == true)
    }

    @Test func identicalSourcesShareOneDecodeAndSmallFramesDecodeReduced() throws {
        let dir = folder([("large.jpg", "big.jpg")])
        defer { _ = system("rm -rf '\(dir)'") }
        let cache = ImageCache()
        let bundle = ImageBundle(path: dir)
        let a = try #require(cache.source(named: "big", bundle: bundle))
        let b = try #require(cache.source(named: "big.jpg", bundle: bundle))
        #expect(a == b)
        let full = cache.image(a, drawnAt: nil), again = cache.image(b, drawnAt: nil)
        #expect(full != nil && full === again)
        #expect(full?.surface.width == 64)
        let quarter = cache.image(a, drawnAt: (16, 12))
        #expect(quarter?.surface.width == 16 && quarter?.surface.height == 12)
        #expect(cache.image(a, drawnAt: (15, 10)) === quarter)   // same reduction, same surface
        #expect(cache.decodedBytes == 64 * 48 * 4 + 16 * 12 * 4)
    }

    @Test func decodedImagesStayWithinTheBudget() throws {
        let dir = folder((0..<12).map { ("large.jpg", "p\($0).jpg") })
        defer { _ = system("rm -rf '\(dir)'") }
        let cache = ImageCache()
        let budget = 64 * 48 * 4 * 5   // five full-size decodes
        cache.configure(directory: dir, budget: budget)
        for i in 0..<12 {
            #expect(cache.image(named: "p\(i)") != nil)
            #expect(cache.decodedBytes <= budget)
        }
        #expect(cache.decodedBytes > 0)
    }

    @Test func brokenFileWarnsOnceAndDrawsNothing() {
        let dir = folder([("progressive.jpg", "ok.jpg")])
        defer { _ = system("rm -rf '\(dir)'") }
        // The header is whole, the pixels cut short: found, then refused when decoded.
        let bytes = Syscall.readFile(dir + "/ok.jpg") ?? []
        let f = fopen(dir + "/cut.jpg", "wb")
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count * 2 / 3, f) }
        fclose(f)
        Diagnostics.printsWarnings = false
        let cache = ImageCache()
        let source = cache.source(named: "cut", bundle: ImageBundle(path: dir))
        #expect(source != nil)
        if let source {
            #expect(cache.image(source, drawnAt: nil) == nil)
            #expect(cache.image(source, drawnAt: nil) == nil)
        }
        let garbage = folder([])
        defer { _ = system("rm -rf '\(garbage)'") }
        let g = fopen(garbage + "/junk.jpg", "wb"); fputs("<html>not a picture</html>", g); fclose(g)
        #expect(cache.source(named: "junk", bundle: ImageBundle(path: garbage)) == nil)
    }

    @Test func goldenPhotosOnScreen() throws {
        let dir = folder([("orient-3.jpg", "menu.jpg"), ("orient-8.jpg", "side.jpg"), ("alpha.webp", "badge.webp"),
                          ("large.jpg", "large.jpg")])
        defer { _ = system("rm -rf '\(dir)'") }
        let bundle = ImageBundle(path: dir)
        let host = HeadlessHost(width: 240, height: 80) {
            HStack(spacing: 8) {
                Image("menu", bundle: bundle)
                Image("side", bundle: bundle).resizable().frame(width: 60, height: 36)
                Image("badge", bundle: bundle)
                Image("large", bundle: bundle).resizable().scaledToFit().frame(width: 32, height: 24)
            }
        }
        let s = host.snapshot()
        let frames = host.frames(of: Image.self)
        #expect(frames.count == 4)
        if let menu = frames.first {
            #expect(menu.size == CGSize(width: 40, height: 24))
            // Upright: red top left, yellow bottom right.
            #expect(near(s.pixel(x: Int(menu.minX) + 10, y: Int(menu.minY) + 6), 255, 0, 0))
            #expect(near(s.pixel(x: Int(menu.minX) + 30, y: Int(menu.minY) + 18), 255, 230, 0))
        }
        expectGolden(s, "image-jpeg-webp-row", tolerance: 2)
    }
}
