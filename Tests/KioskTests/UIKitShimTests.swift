// `import UIKit` beside pasted SwiftUI code: the Kiosk product's UIKit module re-exports Kiosk,
// so UIScreen, UIColor and the haptic generators are there; haptics do nothing. The view is in
// UIKitShimView.swift (a file importing UIKit must not import Testing, see there).
import Testing
@testable import Kiosk

@Suite struct UIKitShimTests {
    @Test func aFileImportingUIKitCompilesAndItsHapticsDoNothing() {
        let host = HeadlessHost(width: 200, height: 100) { UIKitBuzzView() }
        #expect(UIKitBuzzView.seenScreen == CGSize(width: 200, height: 100))
        host.tap(x: 100, y: 50)
        host.advance(by: 0.1)
        #expect(host.frame(ofText: "Taps 1") != nil)
        #expect(host.warnings.isEmpty)
    }
}
