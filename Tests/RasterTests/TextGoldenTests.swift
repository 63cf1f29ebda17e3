// Text goldens: every script the issue names, wrapping per alignment, truncation, and text under
// rotation and scale (outline path). Dark text on white; sentences from ../shared/seeds/.
import Testing
@testable import Raster
import TestSupport

@Suite struct TextGoldenTests {
    let fonts: FontLibrary
    init() throws { fonts = try FontLibrary() }

    func render(_ w: Int, _ h: Int, _ body: (Canvas) throws -> Void) throws -> Surface {
        let s = try Surface(width: w, height: h)
        let c = Canvas(s)
        c.clear(.white)
        try body(c)
        return s
    }

    let ink = Paint.solid(Color(0.05, 0.05, 0.1))
    static let pangram = "The quick brown fox jumps over the lazy dog 0123456789"

    @Test(arguments: [10.0, 16, 48])
    func latin(size: Double) throws {
        let font = try fonts.font(family: "DejaVu Sans", size: size)
        let text = size < 40 ? Self.pangram : "AVAST fi Wavy 0123"
        let layout = fonts.layout(text, font: font)
        let s = try render(Int(layout.size.width.rounded(.up)) + 8, Int(layout.size.height.rounded(.up)) + 8) {
            fonts.draw(layout, in: $0, at: Point(4, 4), paint: ink)
        }
        expectGolden(s, "text-latin-\(Int(size))")
    }

    @Test func korean() throws {
        let font = try fonts.font(family: "DejaVu Sans", size: 20)
        let layout = fonts.layout("다른 방식으로 애니메이션이 끝난 시점을 알아올 수 있어서가 아닐까?", font: font, maxWidth: 300)
        #expect(layout.lineCount == 3)
        let s = try render(310, Int(layout.size.height) + 10) { fonts.draw(layout, in: $0, at: Point(5, 5), paint: ink) }
        expectGolden(s, "text-korean")
    }

    @Test func chinese() throws {
        let font = try fonts.font(family: "DejaVu Sans", size: 20)
        let layout = fonts.layout("將此Self示圖，經由AnimationDataChangeModifier，修改後產生新的示圖", font: font, maxWidth: 300)
        #expect(layout.lineCount >= 2)
        let s = try render(310, Int(layout.size.height) + 10) { fonts.draw(layout, in: $0, at: Point(5, 5), paint: ink) }
        expectGolden(s, "text-chinese")
    }

    /// One line of `text` at `size` px with a 6 px margin, compared with golden `name`.
    func singleLine(_ text: String, size: Double, _ name: String) throws {
        let layout = fonts.layout(text, font: try fonts.font(family: "DejaVu Sans", size: size))
        let s = try render(Int(layout.size.width) + 12, Int(layout.size.height) + 10) { fonts.draw(layout, in: $0, at: Point(6, 5), paint: ink) }
        expectGolden(s, name)
    }

    @Test func arabic() throws { try singleLine("مرحبا بالعالم", size: 28, "text-arabic") }
    @Test func devanagari() throws { try singleLine("नमस्ते दुनिया — किताब", size: 24, "text-devanagari") }
    @Test func mixedBidi() throws { try singleLine("Total سعر 12,50 € ok — 가격", size: 20, "text-bidi") }

    @Test(arguments: [TextAlignment.leading, .center, .trailing])
    func wrappedParagraph(alignment: TextAlignment) throws {
        let font = try fonts.font(family: "DejaVu Sans", size: 15)
        let text = "Tickets are valid for 90 minutes after validation. Keep your ticket until you leave the station."
        let layout = fonts.layout(text, font: font, maxWidth: 220, alignment: alignment, lineSpacing: 3)
        #expect(layout.lineCount == 4)
        let s = try render(230, Int(layout.size.height) + 10) { c in
            c.fill(Rect(5, 5, layout.size.width, layout.size.height), with: .solid(Color(0.9, 0.93, 1)))
            fonts.draw(layout, in: c, at: Point(5, 5), paint: ink)
        }
        expectGolden(s, "text-wrapped-\(alignment)")
    }

    @Test func truncated() throws {
        let font = try fonts.font(family: "DejaVu Sans", size: 16)
        let layout = fonts.layout(Self.pangram, font: font, maxWidth: 200, lineLimit: 1)
        #expect(layout.isTruncated && layout.size.width <= 200)
        let s = try render(210, 30) { fonts.draw(layout, in: $0, at: Point(5, 5), paint: ink) }
        expectGolden(s, "text-truncated")
    }

    @Test func rotatedAndScaled() throws {
        let font = try fonts.font(family: "DejaVu Sans", size: 18)
        let layout = fonts.layout("Rotated 가격 30°", font: font)
        let s = try render(220, 160) { c in
            c.transform = Affine.rotation(-Double.pi / 6, about: Point(110, 80))
            fonts.draw(layout, in: c, at: Point(110 - layout.size.width / 2, 80 - layout.size.height / 2), paint: ink)
        }
        expectGolden(s, "text-rotated")
        let scaled = try render(260, 70) { c in
            c.transform = .scale(2.5, 2.5)
            fonts.draw(fonts.layout("Zoom 2.5×", font: try fonts.font(family: "DejaVu Sans", size: 10)),
                       in: c, at: Point(2, 2), paint: .solid(Color(0.8, 0.1, 0.2, 0.8)))
        }
        expectGolden(scaled, "text-scaled")
    }
}
