// Issue 39: `.ignoresSafeArea()` inside a NavigationStack reaches under the navigation bar, as
// on iOS: a view whose top touches the bar's bottom is laid out from the page's top.
import Testing
@testable import Kiosk

@Suite struct NavigationSafeAreaTests {
    /// Frames of the page's red colour (not the bar's background colour).
    private func colorFrames(_ host: HeadlessHost) -> [CGRect] {
        host.allNodes.filter { ($0.view as? Kiosk.Color) == Kiosk.Color.red && $0.layout != nil && !$0.isRemoved }.map(\.frame)
    }

    @Test func aColorIgnoringTheSafeAreaGoesUnderTheBar() {
        let plain = HeadlessHost(width: 390, height: 600) {
            NavigationStack { Color.red.navigationTitle("Title") }
        }
        let ignoring = HeadlessHost(width: 390, height: 600) {
            NavigationStack { Color.red.ignoresSafeArea().navigationTitle("Title") }
        }
        _ = plain.snapshot(); _ = ignoring.snapshot()
        guard let below = colorFrames(plain).last, let under = colorFrames(ignoring).last else { Issue.record("no colour"); return }
        #expect(below.minY > 40)                                   // below the bar (44 + 52 large title)
        #expect(below.maxY == 600)
        #expect(under == CGRect(x: 0, y: 0, width: 390, height: 600))
    }

    @Test func onlyAViewTouchingTheBarIsExtended() {
        let host = HeadlessHost(width: 390, height: 600) {
            NavigationStack {
                VStack(spacing: 0) {
                    Text("top")
                    Color.red.ignoresSafeArea(edges: .top)
                }
                .navigationTitle("Title")
            }
        }
        _ = host.snapshot()
        guard let text = host.frame(ofText: "top"), let color = colorFrames(host).last else { Issue.record("no views"); return }
        #expect(color.minY == text.maxY)           // its top touches the text, not the bar
    }

    @Test func theKeyboardRegionAloneDoesNotReachUnderTheBar() {
        let host = HeadlessHost(width: 390, height: 600) {
            NavigationStack { Color.red.ignoresSafeArea(.keyboard).navigationTitle("Title") }
        }
        _ = host.snapshot()
        guard let color = colorFrames(host).last else { Issue.record("no colour"); return }
        #expect(color.minY > 40)
    }
}
