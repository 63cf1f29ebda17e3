// Animated GIF in `Image("name")`: the same player as animated WebP (AnimatedImage), fed by
// giflib. Fixture: Tests/RasterTests/ImageFixtures/animated.gif (make-gifs.py): 24×16, five frames
// of 100, 100, 100, 500 and 20 ms (0.82 s a pass), the third one a green square over (12…20, 4…12),
// NETSCAPE loop 2 — three passes, then the last frame holds.
import Testing
@testable import Kiosk
@testable import Raster
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct AnimatedGIFTests {
    /// Whether the green square shows (the image is centred in the 60×40 host at 18, 12).
    private func green(_ host: HeadlessHost) -> Bool {
        let p = host.snapshot().pixel(x: 18 + 14, y: 12 + 6)
        return p.r == 0 && p.g == 200 && p.b == 0
    }

    @Test func anAnimatedGIFPlaysItsPassesAtItsDelaysThenHolds() throws {
        let dir = imageFolder([("animated.gif", "anim.gif")], prefix: "kiosk-animated-gif")
        defer { _ = system("rm -rf '\(dir)'") }
        let host = HeadlessHost(width: 60, height: 40) { Image("anim", bundle: FakeBundle(dir)) }
        let rect = try #require(host.frames(of: Image.self).first)
        #expect(rect == CGRect(x: 18, y: 12, width: 24, height: 16))
        #expect(!green(host))
        // The third frame shows from 0.2 to 0.3 s of each 0.82 s pass.
        for (t, expected) in [(0.19, false), (0.25, true), (0.35, false), (1.07, true), (1.19, false), (1.89, true), (2.2, false)] {
            host.advance(by: t - host.time)
            #expect(green(host) == expected, "at \(t) s")
            // A frame change repaints the image only.
            for d in host.lastDamage { #expect(d.x0 >= 17 && d.y0 >= 11 && d.x1 <= 43 && d.y1 <= 29, "damage \(d) at \(t) s") }
        }
        // Three passes end at 2.46 s: no fourth, the last frame (magenta top right) holds.
        host.advance(by: 2.71 - host.time)
        #expect(!green(host))
        let corner = host.snapshot().pixel(x: 18 + 20, y: 12 + 2)
        #expect(corner.r == 255 && corner.g == 0 && corner.b == 255)
        #expect(host.renderer.nextWakeup == nil)
        #expect(host.warnings.isEmpty, "\(host.warnings)")
    }
}
