// The renderer starts a damaged rectangle at the last item that covers it opaquely and skips
// the clear (RootRenderer.lastOpaqueCover). Opaque images count only on whole pixels: a moving
// tiled wallpaper redrawn by damage must equal the same frame drawn whole.
import Testing
import Raster
import KioskScenes
@testable import Kiosk

@Suite struct OpaqueCoverTests {
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
        var clock = 0.0
        let incremental = try #require(DemoScenes.make("lvgl-2", width: 800, height: 480, now: { clock }) as? ViewFrameSource)
        let whole = try #require(DemoScenes.make("lvgl-2", width: 800, height: 480, now: { clock }) as? ViewFrameSource)
        let a = try Surface(width: 800, height: 480), b = try Surface(width: 800, height: 480)
        var covered = 0
        for frame in 0..<40 {
            clock = Double(frame) * 0.016
            let damage = incremental.renderFrame(into: a, at: clock, fullRedraw: false)
            _ = whole.renderFrame(into: b, at: clock, fullRedraw: true)
            if !damage.isEmpty { covered += 1 }
            #expect(a.samePixels(as: b), "frame \(frame)")
        }
        #expect(covered > 20)
        #expect(incremental.warnings.isEmpty, "\(incremental.warnings)")
    }
}
