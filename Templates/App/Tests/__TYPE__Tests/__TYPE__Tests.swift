// The app's screen driven headless: the first frame against a golden PNG, and a tap on the button.
// Goldens/ keeps the PNGs; create or refresh them with `KIOSK_UPDATE_GOLDENS=1 swift test`, then
// look at them before committing.
import Testing
import Kiosk
@testable import __TYPE__

@Suite struct ContentViewTests {
    static let width = 480, height = 320

    @Test func firstFrameMatchesGolden() {
        let host = HeadlessHost(width: Self.width, height: Self.height) { ContentView() }
        host.advance(by: 0.1)
        expectGolden(host.snapshot(), "first-frame")
        #expect(host.warnings.isEmpty, "\(host.warnings)")
    }

    @Test func tapOnTheButtonCountsIt() throws {
        let host = HeadlessHost(width: Self.width, height: Self.height) { ContentView() }
        host.advance(by: 0.1)
        let before = host.snapshot().pixels()
        // The button: the lowest of the three centred rows, below the middle of the screen.
        let button = try #require(lowestRowOfInk(host.snapshot()), "nothing drawn")
        host.tap(x: Double(Self.width) / 2, y: Double(button))
        host.advance(by: 0.5)
        #expect(host.snapshot().pixels() != before, "the tap changed nothing")
        expectGolden(host.snapshot(), "after-tap")
    }
}
