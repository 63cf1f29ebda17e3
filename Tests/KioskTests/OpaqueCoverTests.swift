// The renderer starts a damaged rectangle at the last item that covers it opaquely and skips
// the clear (RootRenderer.lastOpaqueCover). Opaque images count only on whole pixels: a moving
// tiled wallpaper redrawn by damage must equal the same frame drawn whole.
import Testing
import Raster
import KioskScenes
@testable import Kiosk

@Suite struct OpaqueCoverTests {
    /// Where two surfaces first differ (for the failure message).
    static func firstDifference(_ a: Surface, _ b: Surface) -> String {
        for y in 0..<a.height { for x in 0..<a.width where rgba(a, x, y) != rgba(b, x, y) {
            return "first difference at (\(x), \(y)): \(rgba(a, x, y)) vs \(rgba(b, x, y))"
        } }
        return "no difference"
    }
    static func item(_ command: DrawCommand, _ transform: Affine) -> DisplayItem {
        DisplayItem(owner: 1, index: 0, command: command, transform: transform, opacity: 1, clip: nil,
                    bounds: IntRect(x: 0, y: 0, width: 400, height: 400))
    }

    @Test func onlyOpaqueImagesOnWholePixelsCover() throws {
        var opaque = try Surface(width: 10, height: 10)
        opaque.fill(opaque.bounds, with: Raster.Color(r: 1, g: 0, b: 0).premultiplied)
        opaque.isOpaque = true
        let clear = try Surface(width: 10, height: 10)
        let tile = Raster.Rect(x: 2, y: 3, width: 95, height: 40)
        let box = RootRenderer.opaqueImageBox(Self.item(.tiledImage(ImageBox(opaque), tile, .bilinear), .translation(5, -1)))
        #expect(box == IntRect(x0: 7, y0: 2, x1: 102, y1: 42))
        // Fractional, scaled, rotated, translucent pixels, or an image not at its own size: no.
        #expect(RootRenderer.opaqueImageBox(Self.item(.tiledImage(ImageBox(opaque), tile, .bilinear), .translation(5.5, 0))) == nil)
        #expect(RootRenderer.opaqueImageBox(Self.item(.tiledImage(ImageBox(opaque), tile, .bilinear), .scale(2, 2))) == nil)
        #expect(RootRenderer.opaqueImageBox(Self.item(.tiledImage(ImageBox(opaque), tile, .bilinear), .rotation(0.1))) == nil)
        #expect(RootRenderer.opaqueImageBox(Self.item(.tiledImage(ImageBox(clear), tile, .bilinear), .identity)) == nil)
        #expect(RootRenderer.opaqueImageBox(Self.item(.image(ImageBox(opaque), tile, .bilinear), .identity)) == nil)
        let own = Raster.Rect(x: 4, y: 4, width: 10, height: 10)
        #expect(RootRenderer.opaqueImageBox(Self.item(.image(ImageBox(opaque), own, .bilinear), .translation(1, 2)))
                == IntRect(x0: 5, y0: 6, x1: 15, y1: 16))
        #expect(RootRenderer.opaqueImageBox(Self.item(.fill(.rect(tile), .solid(.white), .nonZero), .identity)) == nil)
    }

    /// Scene 2 (a tiled opaque logo moving over the screen): every frame drawn from its damage
    /// equals the frame drawn whole.
    @Test func movingWallpaperDrawnByDamageEqualsWholeFrames() throws {
        KioskScenes.registerAll()
        // One source draws both (see recolouredBoxesDrawnByDamageEqualWholeFrames: two sources'
        // clocks start apart, and under load crossed the header's windows on different frames).
        let (incremental, covered) = try Self.drawByDamageAndWhole("lvgl-2") { _, _ in }
        #expect(covered > 20)
        #expect(incremental.warnings.isEmpty, "\(incremental.warnings)")
    }

    /// Scenes 1, 3 and 4 (opaque boxes recoloured every tick): every frame drawn from its damage
    /// equals the same frame drawn whole. A box on whole pixels damages exactly its own pixels
    /// (RenderPass.deviceBounds), so it covers its damage and nothing under it is drawn. One
    /// source draws both (the whole redraw at the same time changes nothing): two sources would
    /// start their scene clocks (`Date()`) apart and cross the header's 300 ms windows on
    /// different frames under load.
    @Test(arguments: [1, 3, 4]) func recolouredBoxesDrawnByDamageEqualWholeFrames(_ n: Int) throws {
        KioskScenes.registerAll()
        let (_, drawn) = try Self.drawByDamageAndWhole("lvgl-\(n)") { frame, damage in
            // Scene 3's box: (8, 48), 30 % of the 784 × 424 content area, and not a pixel more
            // (the header's frames, every 300 ms, add its labels).
            if n == 3 && frame > 0 && damage.count == 1 {
                #expect(damage[0] == IntRect(x: 8, y: 48, width: 235, height: 127), "frame \(frame): \(damage)")
            }
        }
        #expect(drawn > 20)
    }

    /// Draws 40 frames of `scene` at 800×480, 16 ms apart, each from its damage and again whole
    /// with the same source, expects the two equal, and hands `check` each frame's damage.
    /// Returns the source and the number of frames with damage.
    static func drawByDamageAndWhole(_ scene: String, _ check: (Int, [IntRect]) -> Void) throws -> (ViewFrameSource, Int) {
        var clock = 0.0
        let source = try #require(DemoScenes.make(scene, width: 800, height: 480, now: { clock }) as? ViewFrameSource)
        let a = try Surface(width: 800, height: 480), b = try Surface(width: 800, height: 480)
        var drawn = 0
        for frame in 0..<40 {
            clock = Double(frame) * 0.016
            // As the frame loop does: images decode off the main thread (wait for the first
            // frame's), and the graph takes them in when asked whether a frame is needed. Without
            // this the wallpaper showed only once its decode had been cached by another test.
            if frame == 1 { _ = source.waitForImages(timeout: 30) }
            _ = source.needsFrame()
            let damage = source.renderFrame(into: a, at: clock, fullRedraw: false)
            _ = source.renderFrame(into: b, at: clock, fullRedraw: true)
            if !damage.isEmpty { drawn += 1 }
            #expect(a.samePixels(as: b), "\(scene) frame \(frame) \(OpaqueCoverTests.firstDifference(a, b))")
            check(frame, damage)
        }
        return (source, drawn)
    }

    /// The opaque core of a fill: a rectangle's whole pixels, a rounded rectangle's larger
    /// straight band, rounded inwards to whole pixels; nothing for a translucent paint, an item
    /// at partial opacity, a rotated one, or a path that is not one of those shapes.
    @Test func opaqueCoresAreWholePixelsInsideTheShape() {
        func item(_ path: Raster.Path, _ color: Raster.Color = .white, _ t: Affine = .identity, opacity: Double = 1) -> DisplayItem {
            DisplayItem(owner: 1, index: 0, command: .fill(path, .solid(color), .nonZero), transform: t, opacity: opacity,
                        clip: nil, bounds: IntRect(x: 0, y: 0, width: 400, height: 400))
        }
        let card = Raster.Path.roundedRect(Raster.Rect(x: 10, y: 20, width: 270, height: 120), cornerRadius: 10)
        // 270 × 100 (the rows between the corners) beats 250 × 120? No: 27 000 < 30 000.
        #expect(RootRenderer.opaqueCoreBox(item(card)) == IntRect(x0: 20, y0: 20, x1: 270, y1: 140))
        // A tall one: the full width between the corner rows (50 × 380 against 30 × 400).
        let tall = Raster.Path.roundedRect(Raster.Rect(x: 0, y: 0, width: 50, height: 400), cornerRadius: 10)
        #expect(RootRenderer.opaqueCoreBox(item(tall)) == IntRect(x0: 0, y0: 10, x1: 50, y1: 390))
        #expect(RootRenderer.opaqueCoreBox(item(card, .white, .translation(0.5, 2))) == IntRect(x0: 21, y0: 22, x1: 270, y1: 142))
        #expect(RootRenderer.opaqueCoreBox(item(.rect(Raster.Rect(x: 1.5, y: 2, width: 10, height: 10)))) == IntRect(x0: 2, y0: 2, x1: 11, y1: 12))
        #expect(RootRenderer.opaqueCoreBox(item(card, .white, .scale(2, 2))) == IntRect(x0: 40, y0: 40, x1: 540, y1: 280))
        #expect(RootRenderer.opaqueCoreBox(item(card, Raster.Color(r: 1, g: 1, b: 1, a: 0.5))) == nil)
        #expect(RootRenderer.opaqueCoreBox(item(card, opacity: 0.9)) == nil)
        #expect(RootRenderer.opaqueCoreBox(item(card, .white, .rotation(0.1))) == nil)
        #expect(RootRenderer.opaqueCoreBox(item(.ellipse(in: Raster.Rect(x: 0, y: 0, width: 50, height: 50)))) == nil)
        #expect(RootRenderer.opaqueCoreBox(item(.rect(Raster.Rect(x: 0.2, y: 0, width: 0.6, height: 10)))) == nil)
    }

    /// Scenes whose opaque rounded cards and panels move over the background (11: falling
    /// cards, 13: each primitive at half opacity, 14: cards as opacity layers, 15: scrolling
    /// cards, 16: the widgets demo's scrolling panels): the background is painted only round
    /// the cards' cores, and every frame drawn by damage equals the frame drawn whole.
    @Test(arguments: [11, 13, 14, 15, 16]) func cardsOverTheBackgroundDrawnByDamageEqualWholeFrames(_ n: Int) throws {
        var drawn = 0
        try drawSceneByDamageAndWhole("lvgl-\(n)", frames: 50) { _, damage in if !damage.isEmpty { drawn += 1 } }
        #expect(drawn > 20)
    }

    /// A rectangle fill on whole pixels is bounded by exactly its pixels; one on fractional
    /// pixels, a rotated one, or a path that is not a box keeps the pixel of slack round it.
    @Test func deviceBoundsAreTightOnlyForBoxesOnWholePixels() {
        let frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        let rect = DrawCommand.fill(.rect(Raster.Rect(frame)), .solid(.white), .nonZero)
        #expect(RenderPass.deviceBounds(of: rect, localBounds: frame, transform: .identity) == IntRect(x: 10, y: 20, width: 30, height: 40))
        #expect(RenderPass.deviceBounds(of: rect, localBounds: frame, transform: .translation(2, 3)) == IntRect(x: 12, y: 23, width: 30, height: 40))
        #expect(RenderPass.deviceBounds(of: rect, localBounds: frame, transform: .translation(0.5, 0)) == IntRect(x0: 9, y0: 19, x1: 42, y1: 61))
        #expect(RenderPass.deviceBounds(of: rect, localBounds: frame, transform: .rotation(0.3)).width > 30)
        var tri = Raster.Path()
        tri.move(to: Raster.Point(10, 20)); tri.line(to: Raster.Point(40, 20)); tri.line(to: Raster.Point(10, 60)); tri.close()
        #expect(RenderPass.deviceBounds(of: .fill(tri, .solid(.white), .nonZero), localBounds: frame, transform: .identity)
                == IntRect(x0: 9, y0: 19, x1: 41, y1: 61))
        // A box larger than the bounds it was emitted with is not trusted either.
        let big = DrawCommand.fill(.rect(Raster.Rect(x: 0, y: 0, width: 100, height: 100)), .solid(.white), .nonZero)
        #expect(RenderPass.deviceBounds(of: big, localBounds: frame, transform: .identity) == IntRect(x0: 9, y0: 19, x1: 41, y1: 61))
    }
}
