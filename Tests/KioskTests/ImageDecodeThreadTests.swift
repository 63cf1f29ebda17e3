// Named images decode off the main thread (issue 40): a screen shows nothing where a photo goes
// until its pixels arrive, then only the image is repainted; the same file asked for by several
// views is decoded once; a file that does not decode warns once and shows nothing; animated
// images are decoded reduced when drawn small; still images and animations share one byte budget;
// GraphicsContext draws an animation's current frame.
import Testing
@testable import Kiosk
import Raster
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ImageDecodeThreadTests {
    @Test func nothingShowsUntilThePixelsArriveThenOnlyTheImageRepaints() throws {
        let dir = imageFolder([("large.jpg", "photo.jpg")], prefix: "kiosk-decode")
        defer { _ = system("rm -rf '\(dir)'") }
        let bundle = ImageBundle(path: dir)
        let host = HeadlessHost(width: 200, height: 100, text: nil, waitsForImages: false) {
            HStack(spacing: 0) {
                Color(red: 0, green: 0, blue: 1).frame(width: 100, height: 100)
                Image("photo", bundle: bundle).resizable().frame(width: 100, height: 100)
            }
        }
        let rect = try #require(host.frames(of: Image.self).first)
        #expect(rect == CGRect(x: 100, y: 0, width: 100, height: 100))   // laid out from the header alone
        let before = host.snapshot().pixel(x: 150, y: 50)
        #expect(before.a == 0 || (before.r == 255 && before.g == 255 && before.b == 255), "nothing drawn yet: \(before)")
        #expect(host.waitForImages(timeout: 60))
        let after = host.snapshot().pixel(x: 150, y: 50)
        #expect(after != before, "the photo shows")
        #expect(!host.lastDamage.isEmpty && host.lastDamage.allSatisfy { $0.x0 >= 99 }, "only the image repainted: \(host.lastDamage)")
        #expect(host.snapshot().pixel(x: 50, y: 50).b == 255)
    }

    @Test func theWaitingHostShowsTheImageOnItsFirstFrame() throws {
        let dir = imageFolder([("orient-1.jpg", "photo.jpg")], prefix: "kiosk-decode")
        defer { _ = system("rm -rf '\(dir)'") }
        let host = HeadlessHost(width: 40, height: 24) { Image("photo", bundle: ImageBundle(path: dir)) }
        #expect(host.waitsForImages)
        let p = host.snapshot().pixel(x: 20, y: 12)
        #expect(p.a == 255 && !(p.r == 255 && p.g == 255 && p.b == 255), "\(p)")
        // `Image(decorative:)` (no accessibility label) finds and draws the same picture.
        let decorative = HeadlessHost(width: 40, height: 24) { Image(decorative: dir + "/photo") }
        #expect(decorative.snapshot().pixel(x: 20, y: 12) == p)
    }

    @Test func oneDecodeServesEveryViewOfTheFile() throws {
        let dir = imageFolder([("lossy.webp", "a.webp")], prefix: "kiosk-decode")
        defer { _ = system("rm -rf '\(dir)'") }
        _ = symlink(dir + "/a.webp", dir + "/b.webp")   // another name, another path: decoded apart
        let bundle = ImageBundle(path: dir)
        let host = HeadlessHost(width: 200, height: 40, text: nil, waitsForImages: false) {
            HStack(spacing: 0) { ForEach(0..<4) { _ in Image("a", bundle: bundle) } }
        }
        #expect(host.waitForImages(timeout: 60))
        let boxes = host.allNodes.compactMap { ($0.renderCache as? ImageLookup)?.box }
        #expect(boxes.count == 4)
        #expect(boxes.allSatisfy { $0 === boxes[0] }, "one surface for the four views")
    }

    @Test func aFileThatDoesNotDecodeWarnsOnceAndShowsNothing() throws {
        let dir = imageFolder([], prefix: "kiosk-decode")
        defer { _ = system("rm -rf '\(dir)'") }
        // A valid header, then nothing: the size is known, the pixels never come.
        let whole = Syscall.readFile(imageFixtures() + "/progressive.jpg", limit: 1 << 20) ?? []
        let f = fopen(dir + "/cut.jpg", "wb")
        _ = whole.prefix(whole.count * 2 / 3).withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
        Diagnostics.printsWarnings = false
        let bundle = ImageBundle(path: dir)
        let host = HeadlessHost(width: 80, height: 24, text: nil, waitsForImages: false) {
            HStack(spacing: 0) { Image("cut", bundle: bundle); Image("cut", bundle: bundle) }.background(Color.white)
        }
        #expect(host.waitForImages(timeout: 60))
        host.advance(by: 0.1)
        let decodeWarnings = host.warnings.filter { $0.contains("could not be decoded") }
        #expect(decodeWarnings.count == 1, "\(host.warnings)")
        let p = host.snapshot().pixel(x: 20, y: 12)
        #expect(p.r == 255 && p.g == 255 && p.b == 255, "\(p)")
    }

    @Test func animationsDrawnSmallAreDecodedReduced() throws {
        let dir = imageFolder([("animated.webp", "anim.webp")], prefix: "kiosk-decode")
        defer { _ = system("rm -rf '\(dir)'") }
        let bundle = ImageBundle(path: dir)
        let host = HeadlessHost(width: 20, height: 20) {
            Image("anim", bundle: bundle).resizable().frame(width: 4, height: 4)
        }
        let kept = try #require(host.allNodes.compactMap { $0.renderCache as? ImageLookup }.first)
        let animation = try #require(kept.animation)
        #expect(animation.frames.map { [$0.surface.width, $0.surface.height] } == [[4, 4], [4, 4], [4, 4]])   // 16 px / 4
        let p = host.snapshot().pixel(x: 10, y: 10)
        #expect(p.r == 255 && p.g == 0 && p.b == 0, "\(p)")
        host.advance(by: 0.15)
        let q = host.snapshot().pixel(x: 10, y: 10)
        #expect(q.g == 255 && q.r == 0, "\(q)")
    }

    @Test func stillsAndAnimationsShareOneBudget() throws {
        let dir = imageFolder([("animated.webp", "anim.webp"), ("large.jpg", "big.jpg"), ("lossless.webp", "small.webp")], prefix: "kiosk-decode")
        defer { _ = system("rm -rf '\(dir)'") }
        let cache = ImageCache()
        let budget = 4 << 10   // 4 KiB: the animation's three 16×16 frames are 3 KiB
        cache.configure(directory: dir, budget: budget)
        let anim = try #require(cache.source(named: "anim"))
        #expect(cache.animation(anim) != nil)
        #expect(cache.decodedBytes == 3 * 16 * 16 * 4)
        #expect(cache.image(named: "small") != nil)   // 40×24×4 = 3840 bytes: the animation goes
        #expect(cache.decodedBytes <= budget)
        #expect(cache.budget == budget)
    }

    /// The text caches' tier of up to four entries heavier than a quarter of the budget held
    /// them beside it: four 48 MB photos past a 64 MiB budget. The image cache is strict.
    @Test func largePicturesStayWithinTheBudgetToo() throws {
        let dir = imageFolder((0..<6).map { ("large.jpg", "p\($0).jpg") }, prefix: "kiosk-decode")
        defer { _ = system("rm -rf '\(dir)'") }
        let cache = ImageCache()
        let one = 64 * 48 * 4
        cache.configure(directory: dir, budget: 2 * one + one / 2)   // each picture > budget / 4
        for i in 0..<6 {
            #expect(cache.image(named: "p\(i)") != nil)
            #expect(cache.decodedBytes <= 2 * one + one / 2, "after \(i + 1): \(cache.decodedBytes)")
        }
        // Heavier than the whole budget: drawn (the box is returned) but not kept.
        cache.configure(directory: dir, budget: one - 1)
        #expect(cache.image(named: "p0") != nil)
        #expect(cache.decodedBytes == 0)
    }

    @Test func graphicsContextDrawsTheCurrentFrame() throws {
        let dir = imageFolder([("animated.webp", "anim.webp")], prefix: "kiosk-decode")
        defer { _ = system("rm -rf '\(dir)'") }
        let bundle = ImageBundle(path: dir)
        let host = HeadlessHost(width: 16, height: 16) {
            TimelineView(.animation) { _ in
                Canvas { context, size in context.draw(Image("anim", bundle: bundle), in: CGRect(origin: .zero, size: size)) }
            }
        }
        #expect(host.snapshot().pixel(x: 8, y: 8).r == 255)                    // red, 0–100 ms
        host.advance(by: 0.15)
        #expect(host.snapshot().pixel(x: 8, y: 8).g == 255)                    // green, 100–300 ms
        host.advance(by: 0.3)
        #expect(host.snapshot().pixel(x: 8, y: 8).b == 255)                    // blue, 300–600 ms
    }
}

extension ImageDecodeThreadTests {
    /// AsyncImage's pictures go through the shared cache too: the same bytes decoded twice give
    /// one surface, counted in the budget.
    @Test func identicalDownloadedBytesShareOneSurface() throws {
        let bytes = Syscall.readFile(imageFixtures() + "/lossless.webp", limit: 1 << 20) ?? []
        #expect(!bytes.isEmpty)
        var decodes = 0
        let a = try ImageCache.shared.image(decodedFrom: bytes) { decodes += 1; return try Surface.decodeImage(bytes) }
        let b = try ImageCache.shared.image(decodedFrom: bytes) { decodes += 1; return try Surface.decodeImage(bytes) }
        #expect(a === b)
        #expect(decodes <= 1)   // 0 when another test decoded these bytes first
        var other = bytes; other[other.count - 1] ^= 1   // one byte changed: another key
        let c = try? ImageCache.shared.image(decodedFrom: other) { try Surface.decodeImage(other) }
        #expect(c.map { $0 !== a } ?? true)
        #expect(throws: (any Error).self) { try ImageCache.shared.image(decodedFrom: [1, 2, 3]) { try Surface.decodeImage([1, 2, 3]) } }
    }
}

extension ImageDecodeThreadTests {
    /// `kiosk snapshot` and `kiosk record` run a VirtualRun: its first step shows the photo.
    @Test func aVirtualRunShowsTheImageOnItsFirstStep() throws {
        let dir = imageFolder([("large.jpg", "photo.jpg")], prefix: "kiosk-decode")
        defer { _ = system("rm -rf '\(dir)'") }
        let bundle = ImageBundle(path: dir)
        let source = ViewFrameSource(width: 64, height: 48, now: { 0 }) { Image("photo", bundle: bundle) }
        let run = try VirtualRun(source: source, width: 64, height: 48)
        run.step()
        let p = run.surface.pixel(x: 10, y: 10)
        #expect(p.a == 255 && !(p.r == 255 && p.g == 255 && p.b == 255), "\(p)")
        #expect(!source.waitForImages(timeout: 1), "nothing left pending")
    }
}
