// Issue 39: a multi-view body at the root (a Group, a TupleView) is laid out as SwiftUI's
// implicit VStack: flexible views take what the others leave, centred as one content.
import Testing
@testable import Kiosk
import Raster

@Suite struct RootLayoutTests {
    private struct TwoViewBody: View { var body: some View { Color.red; Text("B") } }

    @Test func aGroupAtTheRootIsOneImplicitVStack() {
        let host = HeadlessHost(width: 200, height: 400) { Group { Color.red; Text("B") } }
        let s = host.snapshot()
        // Text at its ideal height at the bottom, 8 points below the colour, which takes the rest
        // (was: two equal halves, the text centred in the lower one).
        guard let text = host.frame(ofText: "B") else { Issue.record("no text"); return }
        #expect(text.maxY == 400)
        #expect(host.frames(of: Kiosk.Color.self) == [CGRect(x: 0, y: 0, width: 200, height: text.minY - 8)])
        #expect(rgba(s, 100, 300)[0] > 200 && rgba(s, 100, 300)[1] < 60)     // red well below the middle
        #expect(rgba(s, 100, Int(text.minY) - 4)[1] > 200)                   // the spacing is background
        #expect(host.warnings.isEmpty)
    }

    @Test func aGroupAtTheRootLaysOutAsATwoViewBody() {
        let group = HeadlessHost(width: 200, height: 400) { Group { Color.red; Text("B") } }
        let body = HeadlessHost(width: 200, height: 400) { TwoViewBody() }
        _ = group.snapshot(); _ = body.snapshot()
        #expect(group.frame(ofText: "B") == body.frame(ofText: "B"))
        #expect(group.frames(of: Kiosk.Color.self) == body.frames(of: Kiosk.Color.self))
    }

    @Test func twoTextsInARootGroupSitTogetherInTheMiddle() {
        let host = HeadlessHost(width: 200, height: 400) { Group { Text("A"); Text("B") } }
        _ = host.snapshot()
        guard let a = host.frame(ofText: "A"), let b = host.frame(ofText: "B") else { Issue.record("no text"); return }
        #expect(b.minY - a.maxY == 8)                          // stacked with default spacing
        #expect(abs((a.minY + b.maxY) / 2 - 200) <= 0.5)       // the pair centred on the screen
    }
}
