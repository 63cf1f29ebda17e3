// Shape shorthands (.rect(cornerRadius:), .capsule, .circle, .ellipse), the quaternary and quinary
// styles, and the accessibility modifiers (accepted, no effect).
import Testing
@testable import Kiosk
import Raster
import TestSupport

@Suite struct ShapeShorthandTests {
    /// The shorthand draws exactly what the shape type draws.
    private func same<A: View, B: View>(_ a: A, _ b: B) -> Bool {
        let x = HeadlessHost(width: 80, height: 60) { a }.snapshot()
        let y = HeadlessHost(width: 80, height: 60) { b }.snapshot()
        for j in 0..<60 { for i in 0..<80 where x.pixel(x: i, y: j) != y.pixel(x: i, y: j) { return false } }
        return true
    }

    @Test func clipShapeShorthandsMatchTheShapes() {
        #expect(same(Color.red.clipShape(.rect(cornerRadius: 12)), Color.red.clipShape(RoundedRectangle(cornerRadius: 12))))
        #expect(same(Color.red.clipShape(.capsule), Color.red.clipShape(Capsule())))
        #expect(same(Color.red.clipShape(.circle), Color.red.clipShape(Circle())))
        #expect(same(Color.red.clipShape(.ellipse), Color.red.clipShape(Ellipse())))
        #expect(same(Color.red.clipShape(.rect), Color.red))
        let radii = RectangleCornerRadii(topLeading: 20, bottomLeading: 0, bottomTrailing: 20, topTrailing: 0)
        #expect(same(Color.red.clipShape(.rect(cornerRadii: radii)), Color.red.clipShape(UnevenRoundedRectangle(cornerRadii: radii))))
        // And they do clip: the corner of a capsule is background.
        let s = HeadlessHost(width: 80, height: 60) { Color.red.clipShape(.capsule) }.snapshot()
        #expect(s.pixel(x: 1, y: 1).g > 200)
        #expect(s.pixel(x: 40, y: 30).g < 80)
    }

    @Test func backgroundInShorthand() {
        #expect(same(Text("New").padding(6).background(.blue, in: .capsule),
                     Text("New").padding(6).background(.blue, in: Capsule())))
        let s = HeadlessHost(width: 80, height: 60) { Color.clear.frame(width: 60, height: 30).background(.blue, in: .capsule) }.snapshot()
        #expect(s.pixel(x: 40, y: 30).b > 200 && s.pixel(x: 40, y: 30).r < 80)
        #expect(s.pixel(x: 11, y: 16).r > 200)       // the capsule's rounded end leaves the corner
    }

    @Test func quaternaryAndQuinaryAreFainterThanSecondary() {
        func grey<S: ShapeStyle>(_ style: S) -> Int {
            Int(HeadlessHost(width: 10, height: 10) { Rectangle().fill(style) }.snapshot().pixel(x: 5, y: 5).r)
        }
        let secondary = grey(.secondary), quaternary = grey(.quaternary), quinary = grey(.quinary)
        #expect(secondary < quaternary && quaternary < quinary && quinary < 255)
    }

    @Test func accessibilityModifiersChangeNothing() {
        var taps = 0
        let plain = Button("Go") {}.frame(width: 60, height: 40)
        let labelled = Button("Go") { taps += 1 }.frame(width: 60, height: 40)
            .accessibilityLabel("Start").accessibilityHint("Starts the run").accessibilityValue("idle")
            .accessibilityAddTraits(.isButton).accessibilityHidden(false)
        #expect(same(plain, labelled))
        let host = HeadlessHost(width: 80, height: 60) { labelled }
        host.tap(x: 40, y: 30)
        #expect(taps == 1)
    }
}
