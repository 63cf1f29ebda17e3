// The menu-board showcase scene: a List beside a special that a Timer rotates with a
// transition; tapping a drink highlights it.
import Testing
@testable import Kiosk
@testable import KioskScenes

@Suite struct MenuBoardTests {
    @Test func theSpecialRotatesOnTheTimerAndATapHighlightsARow() throws {
        let host = HeadlessHost(width: 800, height: 480) { MenuBoard() }
        #expect(host.frame(ofText: "Espresso", 1) != nil)         // in the list and as the special
        host.advance(by: 4.8)
        #expect(host.frame(ofText: "Flat white", 1) != nil)       // the timer moved the special on
        #expect(host.frame(ofText: "Espresso", 1) == nil)         // and the old one has left
        let latte = try #require(host.frame(ofText: "Iced latte"))
        let before = host.snapshot().pixel(x: 250, y: Int(latte.midY))
        host.tap(x: Double(latte.midX), y: Double(latte.midY))
        host.advance(by: 0.6)
        let after = host.snapshot().pixel(x: 250, y: Int(latte.midY))
        #expect(before.b == 255 && after.b < 240)                 // the row turned orange-tinted
        #expect(host.warnings.isEmpty)
    }
}
