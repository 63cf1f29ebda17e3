// Animated WebP in `Image("name")` (issue 40): frames change on the virtual clock at their
// durations, the loop count is honoured (then the last frame holds), each change damages only
// the image, and nothing wakes the loop for a still image, a finished animation or one off screen.
// Fixtures: Tests/RasterTests/ImageFixtures/animated.webp (16×16 red 100 ms, green 200 ms, blue
// 300 ms, forever) and animated-twice.webp (the same, loop count 2), made by make-fixtures.py.
import Testing
@testable import Kiosk
@testable import Raster
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

private enum Shown: Equatable { case red, green, blue, other }

/// A fresh folder holding a copy of fixture `from` named `to`, removed by the caller.
private func folder(_ from: String, as to: String) -> String { imageFolder([(from, to)], prefix: "kiosk-animated-image") }

@Suite struct AnimatedImageTests {
    /// The colour at the image's centre on screen (60×40 host, the 16×16 image centred).
    private func shown(_ host: HeadlessHost) -> Shown {
        let p = host.snapshot().pixel(x: 30, y: 20)
        switch (p.r, p.g, p.b) {
        case (255, 0, 0): return .red
        case (0, 255, 0): return .green
        case (0, 0, 255): return .blue
        default: return .other
        }
    }

    /// Advances to virtual time `t` (from the host's current time).
    private func advance(_ host: HeadlessHost, to t: Double) { host.advance(by: t - host.time) }

    @Test func framesAdvanceAtTheirDurationsAndLoopForever() throws {
        let dir = folder("animated.webp", as: "anim.webp")
        defer { _ = system("rm -rf '\(dir)'") }
        let host = HeadlessHost(width: 60, height: 40) { Image("anim", bundle: FakeBundle(dir)) }
        let rect = try #require(host.frames(of: Image.self).first)
        #expect(rect == CGRect(x: 22, y: 12, width: 16, height: 16))
        #expect(shown(host) == .red)
        #expect(host.renderer.nextWakeup.map { abs($0 - 0.1) < 1e-9 } == true)
        // Red 100 ms, green 200 ms, blue 300 ms: changes at 0.1, 0.3, 0.6, then 0.7, 0.9, 1.2 …
        let expected: [(Double, Shown)] = [(0.09, .red), (0.1, .green), (0.29, .green), (0.3, .blue), (0.59, .blue),
                                           (0.6, .red), (0.7, .green), (0.9, .blue), (1.2, .red), (3.05, .red), (3.15, .green)]
        for (t, colour) in expected {
            let frames = host.frameCount
            advance(host, to: t)
            #expect(shown(host) == colour, "at \(t) s")
            if host.frameCount > frames, colour != .other {
                // Only the image is repainted.
                for d in host.lastDamage {
                    #expect(d.x0 >= 21 && d.y0 >= 11 && d.x1 <= 39 && d.y1 <= 29, "damage \(d) at \(t) s")
                }
            }
        }
        #expect(host.renderer.nextWakeup != nil)
    }

    @Test func idleBetweenFrameChanges() {
        let dir = folder("animated.webp", as: "anim.webp")
        defer { _ = system("rm -rf '\(dir)'") }
        let host = HeadlessHost(width: 60, height: 40) { Image("anim", bundle: FakeBundle(dir)) }
        let start = host.frameCount
        advance(host, to: 1.2)       // 6 changes in 1.2 s (72 ticks): a frame for each, no more
        #expect(host.frameCount - start <= 7, "\(host.frameCount - start) frames")
        #expect(host.frameCount - start >= 6)
    }

    @Test func loopCountIsHonouredThenTheLastFrameHolds() {
        let dir = folder("animated-twice.webp", as: "twice.webp")
        defer { _ = system("rm -rf '\(dir)'") }
        let host = HeadlessHost(width: 60, height: 40) { Image("twice", bundle: FakeBundle(dir)) }
        advance(host, to: 0.65)
        #expect(shown(host) == .red)         // the second pass has started
        advance(host, to: 0.95)
        #expect(shown(host) == .blue)        // the second pass's last frame …
        advance(host, to: 1.25)
        #expect(shown(host) == .blue)        // … holds: no third pass
        #expect(host.renderer.nextWakeup == nil)
        let frames = host.frameCount
        advance(host, to: 5)
        #expect(host.frameCount == frames)
        #expect(shown(host) == .blue)
    }

    @Test func offScreenAnimationWakesNothing() {
        let dir = folder("animated.webp", as: "anim.webp")
        defer { _ = system("rm -rf '\(dir)'") }
        let host = HeadlessHost(width: 60, height: 40) { Image("anim", bundle: FakeBundle(dir)).offset(x: 200) }
        #expect(host.renderer.nextWakeup == nil)
        let frames = host.frameCount
        advance(host, to: 2)
        #expect(host.frameCount == frames)
    }

    @Test func stillWebPWakesNothing() {
        let dir = folder("lossless.webp", as: "still.webp")
        defer { _ = system("rm -rf '\(dir)'") }
        let host = HeadlessHost(width: 60, height: 40) { Image("still", bundle: FakeBundle(dir)) }
        #expect(host.renderer.nextWakeup == nil)
        #expect(ImageCache.shared.source(named: "still", bundle: ImageBundle(path: dir))?.animated == false)
        #expect(ImageCache.shared.source(named: "anim", bundle: ImageBundle(path: folder("animated.webp", as: "anim.webp")))?.animated == true)
    }

    @Test func timingModel() throws {
        let frames = try (0..<3).map { _ in try Surface(width: 1, height: 1) }
        let forever = AnimatedImage(DecodedAnimation(frames: frames, durations: [100, 200, 300], loopCount: 0))
        #expect(abs(forever.cycle - 0.6) < 1e-12)
        #expect(forever.frame(at: 0) == (0, 0.1))
        #expect(forever.frame(at: 0.15).index == 1 && abs(forever.frame(at: 0.15).next! - 0.3) < 1e-9)
        #expect(forever.frame(at: 0.65).index == 0 && abs(forever.frame(at: 0.65).next! - 0.7) < 1e-9)
        #expect(forever.frame(at: -1) == (0, 0.1))
        #expect(forever.frame(at: .nan) == (0, 0.1))
        let twice = AnimatedImage(DecodedAnimation(frames: frames, durations: [100, 200, 300], loopCount: 2))
        #expect(twice.frame(at: 0.7).index == 1)
        #expect(twice.frame(at: 0.9) == (2, nil))      // last frame of the last pass: no change due
        #expect(twice.frame(at: 100) == (2, nil))
        // Zero durations are raised to the minimum; one frame never changes.
        let fast = AnimatedImage(DecodedAnimation(frames: frames, durations: [0, 0, 0], loopCount: 0))
        #expect(fast.durations == [AnimatedImage.minimumDuration, AnimatedImage.minimumDuration, AnimatedImage.minimumDuration])
        let one = AnimatedImage(DecodedAnimation(frames: [frames[0]], durations: [100], loopCount: 0))
        #expect(one.frame(at: 5) == (0, nil))
    }
}
