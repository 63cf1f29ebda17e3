// Several damage rectangles over 60 % of the screen are drawn as their bounding box, not as the
// whole screen: `lvgl-16`'s scrolled page (x 17…783, y ≥ 123) and its scrollbar (x 788…793)
// repainted the still tab bar above them every frame once the cards' border strokes were
// bounded tightly enough for the two to stop touching.
import Testing
@testable import Kiosk
import Raster

@Suite struct RedrawnBoxTests {
    @Test func severalLargeRectanglesAreDrawnAsTheirBox() {
        let screen = IntRect(x0: 0, y0: 0, x1: 800, y1: 480)
        let page = IntRect(x0: 17, y0: 123, x1: 783, y1: 480), bar = IntRect(x0: 788, y0: 140, x1: 793, y1: 383)
        #expect(RootRenderer.redrawnBox([page, bar], of: screen) == IntRect(x0: 17, y0: 123, x1: 793, y1: 480))
        // One rectangle, or several under the share, are drawn as they are.
        #expect(RootRenderer.redrawnBox([page], of: screen) == nil)
        #expect(RootRenderer.redrawnBox([IntRect(x0: 0, y0: 0, x1: 100, y1: 100), bar], of: screen) == nil)
        // Within the screen.
        #expect(RootRenderer.redrawnBox([IntRect(x0: -50, y0: 0, x1: 700, y1: 480), bar], of: screen)
                == IntRect(x0: 0, y0: 0, x1: 793, y1: 480))
    }
}
