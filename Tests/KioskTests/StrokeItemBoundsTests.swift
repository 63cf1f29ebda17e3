// A stroked rectangle or rounded rectangle is bounded by half its line width times √2 (its
// joins turn at most 90°), not by the miter limit: `lvgl-11`'s cards have a 2-px border, which
// was bounded 11 px out and so damaged 22 px more than the card each way.
import Testing
@testable import Kiosk
import Raster

@Suite struct StrokeItemBoundsTests {
    private struct Strokes: View {
        var body: some View {
            ZStack(alignment: .topLeading) {
                Color.white
                Rectangle().stroke(Color.black, lineWidth: 10).frame(width: 60, height: 40).position(x: 50, y: 40)
                RoundedRectangle(cornerRadius: 8).strokeBorder(Color.blue, lineWidth: 2).frame(width: 70, height: 50).position(x: 150, y: 40)
                // Radius 0: right corners again, drawn as a rounded rectangle.
                RoundedRectangle(cornerRadius: 0).stroke(Color.red, style: StrokeStyle(lineWidth: 12, miterLimit: 40))
                    .frame(width: 50, height: 30).position(x: 60, y: 120)
                Ellipse().stroke(Color.green, lineWidth: 6).frame(width: 60, height: 30).position(x: 150, y: 120)
            }
        }
    }

    @Test func rectangleStrokesAreBoundedByTheirCorners() throws {
        let host = HeadlessHost(width: 220, height: 170) { Strokes() }
        let strokes = host.renderer.displayList.filter { if case .stroke = $0.command { return true } else { return false } }
        try #require(strokes.count == 4)
        // Each frame grown by half the line width × √2 + 1 px (the item's slack) + 1 px (the
        // device bounds' pixel), rounded out; the miter limit's reach was 52 and 242 px.
        let expected = [
            IntRect(x0: 20 - 10, y0: 20 - 10, x1: 80 + 10, y1: 60 + 10),    // 10 px: 5√2 + 2 ≈ 9.1
            IntRect(x0: 115 - 3, y0: 15 - 3, x1: 185 + 3, y1: 65 + 3),      // inset 1, 2 px: √2 + 2 − 1
            IntRect(x0: 35 - 11, y0: 105 - 11, x1: 85 + 11, y1: 135 + 11),  // 12 px: 6√2 + 2 ≈ 10.5
        ]
        for (item, box) in zip(strokes.prefix(3), expected) {
            #expect(box.contains(item.bounds), "\(item.bounds) within \(box)")
        }
        // The ellipse keeps the miter limit's reach (10 × 3 + 1 = 31 px out).
        #expect(strokes[3].bounds.x0 <= 120 - 30)
        // Every pixel a stroke paints lies inside its item's bounds.
        let s = host.snapshot()
        let white = s.premultipliedPixel(x: 219, y: 169)
        for y in 0..<170 {
            for x in 0..<220 where s.premultipliedPixel(x: x, y: y) != white {
                #expect(strokes.contains { $0.bounds.contains(x: x, y: y) }, "pixel (\(x), \(y)) outside every stroke's bounds")
                if !strokes.contains(where: { $0.bounds.contains(x: x, y: y) }) { return }
            }
        }
    }
}
