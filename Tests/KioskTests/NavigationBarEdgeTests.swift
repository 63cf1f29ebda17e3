// Issue 39: iOS 17's navigation bar is transparent at the scroll edge (the page's background
// shows, no hairline) and turns into the bar material with its hairline once the content
// scrolls under it; the inline title's menu opens centred under the title.
import Testing
@testable import Kiosk
import Raster
import TestSupport

private struct ScrollingPage: View {
    let grouped: Bool
    var body: some View {
        NavigationStack {
            Group {
                if grouped {
                    List { ForEach(0..<40, id: \.self) { Text("Row \($0)") } }
                } else {
                    ScrollView {
                        VStack(spacing: 0) {
                            ForEach(0..<40, id: \.self) { i in Color(white: i % 2 == 0 ? 0.6 : 0.4).frame(height: 40) }
                        }
                    }
                }
            }
            .navigationTitle("Orders")
            .navigationBarTitleDisplayMode(.inline)
        }
    }
}

@Suite struct NavigationBarEdgeTests {
    private func scroll(_ host: HeadlessHost, to y: Double) {
        host.scrollBox()?.scroll(to: CGPoint(x: 0, y: y), transaction: Transaction())
        host.advance(by: 0.2)
    }

    @Test func theBarIsTransparentAtTheScrollEdgeAndAMaterialOnceScrolled() throws {
        let host = HeadlessHost(width: 320, height: 400, text: FixedAdvanceText()) { ScrollingPage(grouped: false) }
        host.advance(by: 0.1)
        let page = try #require(host.allNodes.compactMap { $0.view as? _NavigationBar }.first?.info)
        #expect(!page.scrolledUnder)
        // At the edge: the page's white, no hairline at the bar's bottom row.
        #expect(rgba(host.snapshot(), 4, 4) == [255, 255, 255, 255])
        #expect(rgba(host.snapshot(), 4, 43) == [255, 255, 255, 255])
        expectGolden(host.snapshot(), "navigation-bar-scroll-edge")
        scroll(host, to: 60)
        #expect(page.scrolledUnder)
        let s = host.snapshot()
        // The bar material (0.976 at 94 % over white: 249) and the hairline (black at 30 %).
        #expect(rgba(s, 4, 4) == [249, 249, 249, 255])
        #expect(rgba(s, 4, 43)[0] < 200)
        expectGolden(s, "navigation-bar-scrolled")
        // Back at the top: transparent again.
        scroll(host, to: 0)
        #expect(!page.scrolledUnder)
        #expect(rgba(host.snapshot(), 4, 4) == [255, 255, 255, 255])
    }

    @Test func overAGroupedListTheEdgeShowsTheGroupedBackground() throws {
        let host = HeadlessHost(width: 320, height: 400, text: FixedAdvanceText()) { ScrollingPage(grouped: true) }
        host.advance(by: 0.1)
        // systemGroupedBackground (F2F2F7) at the edge, the material once scrolled.
        #expect(rgba(host.snapshot(), 4, 4) == [242, 242, 247, 255])
        scroll(host, to: 80)
        #expect(rgba(host.snapshot(), 4, 4) == [249, 249, 249, 255])
    }

    @Test func aScrolledPageTurnsOnlyItsOwnBar() throws {
        // The bar of a page without a ScrollView never turns.
        let host = HeadlessHost(width: 320, height: 400, text: FixedAdvanceText()) {
            NavigationStack { Text("Still").navigationTitle("Static").navigationBarTitleDisplayMode(.inline) }
        }
        host.advance(by: 0.1)
        #expect(rgba(host.snapshot(), 4, 4) == [255, 255, 255, 255])
        #expect(host.allNodes.compactMap { $0.view as? _NavigationBar }.first?.info.scrolledUnder == false)
    }

    @Test func theTitleMenuOpensCentredUnderTheTitle() throws {
        let host = HeadlessHost(width: 390, height: 400) { CorpusAPITests.TitleMenu() }
        host.advance(by: 0.1)
        let title = try #require(host.frame(ofText: "Inbox"))
        host.tap(x: title.midX, y: title.midY)
        host.advance(by: 0.5)
        // The panel is 250 wide and its rows' text starts 16 in: its centre from a row's text.
        let unread = try #require(host.frame(ofText: "Unread"))
        let panelMidX = unread.minX - 16 + 125
        // The anchor is the title and its chevron: the panel's centre is within a few points of
        // the title's (the chevron moves the label's centre right by half its width and gap).
        #expect(abs(panelMidX - title.midX) < 12, "\(unread) \(title)")
        #expect(abs(panelMidX - 195) < 12)
        #expect(unread.minY > title.maxY)
    }
}
