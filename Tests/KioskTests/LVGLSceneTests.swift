// The LVGL benchmark scenes (Sources/KioskScenes/LVGL): registered by name, drawn where
// SCENES.md puts things, moving on LVGL's 16 ms clock, and their damage covers what changed.
import Testing
import Kiosk
import Raster
@testable import KioskScenes

@Suite struct LVGLSceneTests {
    init() { KioskScenes.registerAll() }

    private func rgb(_ hex: UInt32) -> RGBA8 {
        RGBA8(r: UInt8(hex >> 16 & 0xFF), g: UInt8(hex >> 8 & 0xFF), b: UInt8(hex & 0xFF), a: 255)
    }

    @Test func allSixteenAreRegistered() {
        let names = Set(DemoScenes.all.map(\.name))
        for n in 1...16 { #expect(names.contains("lvgl-\(n)"), "lvgl-\(n)") }
        #expect(DemoScenes.make("lvgl-17", width: 800, height: 480) == nil)
    }

    /// SCENES.md §2.3's worked example: 9 rectangles; on the first tick rectangle 8 takes
    /// entries 18, 19 and rectangle 0 entries 34, 35; on the second, rectangle 0 takes 52, 53.
    @Test func flickerSequenceFollowsTheBenchmark() {
        #expect(LVGLPalette.flicker(index: 8, of: 9, ms: 16) == LVGLPalette.color(entry: 18))
        #expect(LVGLPalette.flicker(index: 0, of: 9, ms: 16) == LVGLPalette.color(entry: 34))
        #expect(LVGLPalette.flicker(index: 0, of: 9, ms: 32) == LVGLPalette.color(entry: 52))
        #expect(LVGLPalette.flicker(index: 3, of: 9, ms: 0, text: true) == LVGLPalette.color(entry: 7))
    }

    @Test func fallIsLinearPingPong() {
        #expect(LVGLMotion.pingPong(ms: 0, distance: 80, t1: 1000, t2: 500) == 0)
        #expect(LVGLMotion.pingPong(ms: 500, distance: 80, t1: 1000, t2: 500) == 40)
        #expect(LVGLMotion.pingPong(ms: 1250, distance: 80, t1: 1000, t2: 500) == 40)
        #expect(LVGLMotion.pingPong(ms: 1500, distance: 80, t1: 1000, t2: 500) == 0)
        #expect(LVGLMotion.pingPong(ms: 10, distance: 80, t1: 0, t2: 0) == 0)
        #expect(lvglSpread(784, 3, 196) == [45, 294, 543])   // scene 4: x = 53, 302, 551
    }

    /// Scene 3 on the 16 ms clock: the rectangle at (8, 48) shows tick k's colour, the screen
    /// around it stays #F5F5F5, and each frame's damage is the rectangle (plus the labels every 300 ms).
    @Test func singleRectangleRecoloursEveryTick() throws {
        var clock = 0.0
        let source = try #require(DemoScenes.make("lvgl-3", width: 800, height: 480, now: { clock }))
        let run = try VirtualRun(source: source, width: 800, height: 480, frameInterval: 0.016)
        run.onAdvance = { clock = $0 }
        run.step()
        for k in 1...20 {
            run.advance()
            let damage = run.step()
            // Entries 2k and 2k-2 can name the same colour (16 and 14 do): then nothing changed.
            let same = LVGLPalette.sequence[(2 * k) % 127] == LVGLPalette.sequence[(2 * k - 2) % 127]
            #expect(same || !damage.isEmpty, "tick \(k)")
            let area = damage.reduce(0) { $0 + $1.area }
            #expect(area <= 235 * 127 + 800 * 32 + 200 * 40, "tick \(k): \(area) px")
            let expected = LVGLPalette.main[LVGLPalette.sequence[(2 * k) % 127]]
            #expect(run.surface.pixel(x: 100, y: 100) == rgb(expected), "tick \(k)")
        }
        #expect(run.surface.pixel(x: 400, y: 300) == rgb(0xF5F5F5))
        #expect(run.surface.pixel(x: 4, y: 100) == rgb(0xF5F5F5))     // left of the box
        #expect(run.surface.pixel(x: 244, y: 100) == rgb(0xF5F5F5))   // right of it (8 + 235)
        #expect(run.surface.pixel(x: 400, y: 10) == rgb(0xFFFFFF))    // header
    }

    /// Every scene draws at both benchmark sizes without warnings (missing images, bad frames),
    /// and copying only the damage of each frame reproduces the frame (here scenes 11 and 10,
    /// which move many objects by small amounts).
    @Test(arguments: [10, 11]) func damageCoversEveryChange(_ n: Int) throws {
        var clock = 0.0
        let source = try #require(DemoScenes.make("lvgl-\(n)", width: 800, height: 480, now: { clock }) as? ViewFrameSource)
        let run = try VirtualRun(source: source, width: 800, height: 480, frameInterval: 0.016)
        run.onAdvance = { clock = $0 }
        let screen = try Surface(width: 800, height: 480)
        for frame in 0..<24 {
            for r in run.step() {
                ScanoutCopy.copy(run.surface, rect: r, to: UnsafeMutableRawPointer(screen.base), dstStride: screen.stride,
                                 format: .xrgb8888, rotation: .degrees0)
            }
            #expect(screen.samePixels(as: run.surface), "lvgl-\(n) frame \(frame)")
            run.advance()
        }
        #expect(source.warnings.isEmpty, "\(source.warnings)")
    }

    /// Scene 16 scrolls its page (y 123…480, 74 % of the screen) under a tab bar that stays: the
    /// damage is that one rectangle, not the whole screen (one large rectangle is never
    /// redrawn as the screen), and each frame drawn by damage equals the frame drawn whole.
    @Test func scrollingPageDamagesOnlyThePage() throws {
        var frames = 0, pageOnly = 0
        try drawSceneByDamageAndWhole("lvgl-16", frames: 60) { frame, damage in
            guard frame > 2, !damage.isEmpty else { return }
            frames += 1
            // The header's label changes about every 18th frame (then two rectangles: the screen).
            if damage.allSatisfy({ $0.y0 >= 123 }) { pageOnly += 1 }
        }
        #expect(frames > 40)
        #expect(Double(pageOnly) >= 0.85 * Double(frames), "\(pageOnly) of \(frames) frames damage the page only")
    }

    @Test(arguments: Array(1...16)) func drawsWithoutWarnings(_ n: Int) throws {
        var clock = 0.0
        let source = try #require(DemoScenes.make("lvgl-\(n)", width: 800, height: 480, now: { clock }) as? ViewFrameSource)
        let run = try VirtualRun(source: source, width: 800, height: 480, frameInterval: 0.016)
        run.onAdvance = { clock = $0 }
        run.step()
        run.advance()
        run.step()
        #expect(source.warnings.isEmpty, "lvgl-\(n): \(source.warnings)")
        #expect(run.surface.pixel(x: 400, y: 10) == rgb(0xFFFFFF), "lvgl-\(n): header")
    }
}
