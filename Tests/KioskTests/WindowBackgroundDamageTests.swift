// The window background's damage when the colour scheme changes.
import Testing
@testable import Kiosk

/// A colour-scheme change repaints the window background where no view covers it.
@Suite struct WindowBackgroundDamageTests {
    @Test func aSchemeChangeRepaintsTheUncoveredBackground() {
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) {
            Color.red.frame(width: 20, height: 20)
        }
        #expect(rgba(host.snapshot(), 2, 2) == [255, 255, 255, 255])
        host.colorScheme = .dark
        host.advance(by: 0.1)
        #expect(rgba(host.snapshot(), 2, 2) == [0, 0, 0, 255])
        #expect(rgba(host.snapshot(), 50, 50)[0] > 200)      // the red square is still drawn
        host.colorScheme = .light
        host.advance(by: 0.1)
        #expect(rgba(host.snapshot(), 98, 98) == [255, 255, 255, 255])
    }
}
