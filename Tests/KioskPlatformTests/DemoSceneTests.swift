import Testing
import Raster
import TestSupport
@testable import Kiosk
@testable import KioskScenes

@Suite struct DemoSceneTests {
    init() { KioskScenes.registerAll() }
    @Test func galleryTapTogglesOnlyTheTappedTile() throws {
        let g = GalleryScene(width: 800, height: 480)
        let run = try VirtualRun(source: g, width: 800, height: 480)
        run.step()
        let before = run.surface.copy()
        let r = g.tileRect(1)
        run.tap(Point(Double(r.x0 + 5), Double(r.y0 + 5)))
        #expect(g.needsFrame())
        let damage = run.step()
        #expect(damage == [r])
        #expect(g.lit == [false, true, false, false, false, false])
        // Pixels changed inside the tile only.
        for y in stride(from: 0, to: 480, by: 7) {
            for x in stride(from: 0, to: 800, by: 7) where !r.contains(x: x, y: y) {
                #expect(run.surface.premultipliedPixel(x: x, y: y) == before.premultipliedPixel(x: x, y: y))
            }
        }
        #expect(run.surface.premultipliedPixel(x: r.x0 + r.width / 4, y: r.y0 + r.height / 4) != before.premultipliedPixel(x: r.x0 + r.width / 4, y: r.y0 + r.height / 4))
    }

    @Test func galleryIgnoresDragsAcrossTilesAndCancels() {
        let g = GalleryScene(width: 800, height: 480)
        let a = g.tileRect(0), b = g.tileRect(2)
        g.handleTouch(TouchEvent(id: 1, phase: .began, location: Point(Double(a.x0 + 2), Double(a.y0 + 2)), time: 0))
        g.handleTouch(TouchEvent(id: 1, phase: .ended, location: Point(Double(b.x0 + 2), Double(b.y0 + 2)), time: 0))
        g.handleTouch(TouchEvent(id: 2, phase: .began, location: Point(Double(a.x0 + 2), Double(a.y0 + 2)), time: 0))
        g.handleTouch(TouchEvent(id: 2, phase: .cancelled, location: Point(Double(a.x0 + 2), Double(a.y0 + 2)), time: 0))
        g.handleTouch(TouchEvent(id: 3, phase: .ended, location: Point(Double(a.x0 + 2), Double(a.y0 + 2)), time: 0))
        #expect(g.lit.allSatisfy { !$0 })
        #expect(!g.needsFrame())
    }

    /// For every scene, copying only the returned damage into a second image reproduces the frame:
    /// the damage each scene reports covers every pixel it changed.
    @Test(arguments: ["gallery", "paint", "pulse", "views"]) func damageCoversEveryChange(_ name: String) throws {
        let w = 320, h = 200
        var clock = 0.0
        let source = try #require(DemoScenes.make(name, width: w, height: h, now: { clock }))
        let run = try VirtualRun(source: source, width: w, height: h)
        run.onAdvance = { clock = $0 }
        let screen = try Surface(width: w, height: h)
        var rng = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15 &+ 7)
        for frame in 0..<90 {
            if frame % 10 == 3 {
                let p = Point(Double(rng.next() % UInt64(w)), Double(rng.next() % UInt64(h)))
                source.handleTouch(TouchEvent(id: frame, phase: .began, location: p, time: run.time))
                source.handleTouch(TouchEvent(id: frame, phase: .moved, location: p + Point(30, 10), time: run.time))
                source.handleTouch(TouchEvent(id: frame, phase: .ended, location: p + Point(30, 10), time: run.time))
            }
            for r in run.step() {
                ScanoutCopy.copy(run.surface, rect: r, to: UnsafeMutableRawPointer(screen.base), dstStride: screen.stride, format: .xrgb8888, rotation: .degrees0)
            }
            #expect(screen.samePixels(as: run.surface), "\(name) frame \(frame)")
            run.advance()
        }
    }

    /// The engine's views through the platform's FrameSource: a tap on the card changes it.
    @Test func viewsSceneCountsTaps() throws {
        var clock = 0.0
        let source = try #require(DemoScenes.make("views", width: 480, height: 320, now: { clock }))
        let run = try VirtualRun(source: source, width: 480, height: 320)
        run.onAdvance = { clock = $0 }
        run.step()
        let before = run.surface.copy()
        #expect(!source.needsFrame())
        run.advance()
        run.tap(Point(240, 200))
        #expect(source.needsFrame())
        #expect(!run.step().isEmpty)
        #expect(run.surface.premultipliedPixel(x: 240, y: 200) != before.premultipliedPixel(x: 240, y: 200))
        #expect(run.surface.premultipliedPixel(x: 5, y: 5) == before.premultipliedPixel(x: 5, y: 5))
        run.advance()
        #expect(run.step().isEmpty)   // idle again
    }

    @Test func idleScenesAskForNoFrames() throws {
        for name in ["gallery", "paint", "views"] {
            let s = try #require(DemoScenes.make(name, width: 100, height: 100))
            let run = try VirtualRun(source: s, width: 100, height: 100)
            run.run(until: 1)
            #expect(run.framesDrawn == 1, "\(name) drew \(run.framesDrawn) frames while idle")
        }
        #expect(DemoScenes.make("nope", width: 1, height: 1) == nil)
    }

    @Test func snapshotsAreDeterministicAndTapsScheduled() throws {
        func shot() throws -> Surface {
            let run = try VirtualRun(source: GalleryScene(width: 400, height: 240), width: 400, height: 240)
            run.run(until: 0.5, taps: [try ScheduledTap(parsing: "60,60@0.25")])
            return run.surface
        }
        let a = try shot(), b = try shot()
        #expect(a.samePixels(as: b))
        let early = try VirtualRun(source: GalleryScene(width: 400, height: 240), width: 400, height: 240)
        early.run(until: 0.2, taps: [try ScheduledTap(parsing: "60,60@0.25")])
        #expect(!early.surface.samePixels(as: a))   // the tap at 0.25 s has not happened by 0.2 s
        #expect(throws: ConfigError.self) { try ScheduledTap(parsing: "60;60") }
        #expect(throws: ConfigError.self) { try ScheduledTap(parsing: "1,2@-1") }
    }
}
