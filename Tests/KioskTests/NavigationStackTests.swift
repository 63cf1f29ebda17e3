// NavigationStack: the root under a title bar, NavigationLink pushes with a slide, the back
// button pops, display modes.
import Testing
@testable import Kiosk
import Raster
import TestSupport

private struct Menu: View {
    var body: some View {
        VStack(spacing: 20) {
            NavigationLink("Details") { Detail() }
            Kiosk.Color.orange.frame(width: 120, height: 60)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
        .padding(.top, 20)
        .navigationTitle("Menu")
    }
}

private struct Detail: View {
    var body: some View {
        Kiosk.Color.green.frame(width: 100, height: 100)
            .navigationTitle("Detail")
            .navigationBarTitleDisplayMode(.inline)
    }
}

@Suite struct NavigationStackTests {
    @Test func theRootShowsUnderALargeTitle() {
        let host = HeadlessHost(width: 240, height: 320) { NavigationStack { Menu() } }
        let title = try! #require(host.frame(ofText: "Menu"))
        // 44-pt row, then the 52-pt large-title row with the title 16 pt in.
        #expect(title.minX == 16)
        #expect(title.minY >= 44 && title.maxY <= 96)
        let link = try! #require(host.frame(ofText: "Details"))
        #expect(link.minY >= 96 + 20)
        #expect(host.warnings.isEmpty)
        expectGolden(host.snapshot(), "navigation-root")
    }

    @Test func aLinkPushesWithASlideAndBackPops() {
        let host = HeadlessHost(width: 240, height: 320) { NavigationStack { Menu() } }
        let link = try! #require(host.frame(ofText: "Details"))
        host.tap(x: link.midX, y: link.midY)
        host.advance(by: 0.6)
        let detailTitle = try! #require(host.frame(ofText: "Detail"))
        // Inline: centred in the 44-pt row.
        #expect(abs(detailTitle.midX - 120) < 1 && detailTitle.midY < 44)
        let back = try! #require(host.frame(ofText: "Menu", 1))   // the back button names the root (0: the root page's title, below)
        #expect(back.minX < 60 && back.midY < 44)
        let pushed = host.snapshot()
        #expect(rgba(pushed, 120, 182) == [0x34, 0xC7, 0x59, 255])   // the green detail, centred below the bar (44 + 138)
        #expect(rgba(pushed, 120, 100) == [255, 255, 255, 255])     // above it, the page's background
        expectGolden(pushed, "navigation-pushed")

        host.tap(x: back.midX, y: back.midY)
        host.advance(by: 0.6)
        #expect(host.frame(ofText: "Detail") == nil)
        let link2 = try! #require(host.frame(ofText: "Details"))
        #expect(link2 == link)
        #expect(host.warnings.isEmpty)
    }

    @Test func theSlideMovesThePageAcrossFromTheTrailingEdge() {
        let host = HeadlessHost(width: 240, height: 320) { NavigationStack { Menu() } }
        let link = try! #require(host.frame(ofText: "Details"))
        host.tap(x: link.midX, y: link.midY)
        var xs: [UInt8] = []
        for _ in 0..<4 {
            host.advance(by: 0.1)
            // The green square's left edge sweeps leftwards: sample a point it reaches last.
            xs.append(rgba(host.snapshot(), 80, 154)[1])
        }
        // Before arrival the point shows the root (white or orange), at the end the green.
        #expect(xs.last == 0xC7)
        #expect(xs.first != 0xC7)
    }

    @Test func aPageWithoutTitleHasAPlainBarAndNavigationViewWorksToo() {
        let host = HeadlessHost(width: 200, height: 200) {
            NavigationView { Kiosk.Color.blue.frame(width: 50, height: 50).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top) }
        }
        let squares = host.frames(of: Kiosk.Color.self).filter { $0.width == 50 }
        #expect(squares.first?.minY == 44)
        #expect(host.warnings.isEmpty)
    }

    @Test func aLinkOutsideAStackWarnsAndDoesNothing() {
        Diagnostics.printsWarnings = false
        defer { Diagnostics.printsWarnings = true }
        let host = HeadlessHost(width: 200, height: 100) { NavigationLink("Go") { Text("There") }.navigationTitle("Ignored") }
        let go = try! #require(host.frame(ofText: "Go"))
        host.tap(x: go.midX, y: go.midY)
        host.advance(by: 0.5)
        #expect(host.frame(ofText: "There") == nil)
        #expect(host.frame(ofText: "Ignored") == nil)
        #expect(host.warnings.count == 1)
    }
}
