// Issue 39: pinned section headers and footers of lazy stacks and grids in a ScrollView
// (Views/ListsAndGrids/PinnedSections.swift): the header sticks to the top while its section
// scrolls under it, and the next section's header pushes it up.
import Testing
@testable import Kiosk
import Raster
import TestSupport

private let headerColours: [Kiosk.Color] = [.red, .green, .blue]
// iOS's system colours, as kiosk draws `.red`, `.green` and `.yellow`.
private let red: [UInt8] = [255, 59, 48, 255], green: [UInt8] = [52, 199, 89, 255], yellow: [UInt8] = [255, 204, 0, 255]

private struct PinnedStack: View {
    let pinned: PinnedScrollableViews
    var body: some View {
        ScrollView {
            LazyVStack(spacing: 0, pinnedViews: pinned) {
                ForEach(0..<3, id: \.self) { s in
                    Section {
                        ForEach(0..<6, id: \.self) { r in
                            Color(white: r % 2 == 0 ? 0.9 : 0.8).frame(height: 40)
                        }
                    } header: {
                        headerColours[s].frame(height: 30)
                    } footer: {
                        Color.yellow.frame(height: 10)
                    }
                }
            }
        }
    }
}

private struct PinnedGrid: View {
    var body: some View {
        ScrollView {
            LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())], spacing: 0, pinnedViews: [.sectionHeaders]) {
                ForEach(0..<3, id: \.self) { s in
                    Section {
                        ForEach(0..<8, id: \.self) { r in
                            Color(white: r % 2 == 0 ? 0.9 : 0.75).frame(height: 40)
                        }
                    } header: {
                        headerColours[s].frame(height: 30)
                    }
                }
            }
        }
    }
}

@Suite struct PinnedSectionTests {
    /// Scrolls the host's (first) ScrollView to `y` points down, unanimated.
    private func scroll(_ host: HeadlessHost, to y: Double) {
        host.scrollBox()?.scroll(to: CGPoint(x: 0, y: y), transaction: Transaction())
        host.advance(by: 1)
    }

    @Test func theHeaderSticksAtTheTopAndIsPushedUpByTheNext() throws {
        // Sections: header 0…30, rows 30…270, footer 270…280; the next header at 280.
        let host = HeadlessHost(width: 200, height: 300, text: FixedAdvanceText()) { PinnedStack(pinned: [.sectionHeaders]) }
        #expect(rgba(host.snapshot(), 100, 5) == red)
        // 100 points down: the red header stays on top.
        scroll(host, to: 100)
        #expect(rgba(host.snapshot(), 100, 5) == red)
        #expect(rgba(host.snapshot(), 100, 29) == red)
        expectGolden(host.snapshot(), "pinned-header-stack")
        // 265 down: the section ends 15 points below the top; red is pushed up to end there, then green.
        scroll(host, to: 265)
        let s = host.snapshot()
        #expect(rgba(s, 100, 5) == red)
        #expect(rgba(s, 100, 12) == yellow || rgba(s, 100, 12) == red)
        #expect(rgba(s, 100, 20) == green || rgba(s, 100, 20) == yellow)
        #expect(rgba(s, 100, 40) == green)
        expectGolden(s, "pinned-header-pushed")
        // The laid-out frame stays where it is unpinned (SwiftUI's geometry).
        #expect(host.renderer.graph.warnings.warnings.isEmpty)
    }

    @Test func withoutPinnedViewsTheHeaderScrollsAway() {
        let host = HeadlessHost(width: 200, height: 300, text: FixedAdvanceText()) { PinnedStack(pinned: []) }
        scroll(host, to: 100)
        #expect(rgba(host.snapshot(), 100, 5) != red)
    }

    @Test func aPinnedFooterSticksToTheBottomWhileItsSectionGoesOn() {
        let host = HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) { PinnedStack(pinned: [.sectionFooters]) }
        // Section 0's footer is laid out at 270…280, below the 200-pt screen: pinned at 190…200.
        #expect(rgba(host.snapshot(), 100, 195) == yellow)
        #expect(rgba(host.snapshot(), 100, 5) == red)
    }

    @Test func aGridPinsItsSectionHeaders() {
        // Each section: header 0…30, four lines of two cells (160), then the next header at 190.
        let host = HeadlessHost(width: 200, height: 300, text: FixedAdvanceText()) { PinnedGrid() }
        scroll(host, to: 100)
        let s = host.snapshot()
        #expect(rgba(s, 50, 5) == red)
        #expect(rgba(s, 150, 25) == red)
        // The green header sits at 190 − 100 = 90 in the window, unpinned yet.
        #expect(rgba(s, 100, 100) == green)
        expectGolden(s, "pinned-header-grid")
    }

    @Test func aTapOnAPinnedHeaderReachesIt() {
        final class Taps { var header = 0, row = 0 }
        let taps = Taps()
        let host = HeadlessHost(width: 200, height: 300, text: FixedAdvanceText()) {
            ScrollView {
                LazyVStack(spacing: 0, pinnedViews: .sectionHeaders) {
                    Section {
                        ForEach(0..<20, id: \.self) { _ in Color.gray.frame(height: 40).onTapGesture { taps.row += 1 } }
                    } header: {
                        Color.red.frame(height: 30).onTapGesture { taps.header += 1 }
                    }
                }
            }
        }
        scroll(host, to: 100)
        host.tap(x: 100, y: 10)
        #expect(taps.header == 1)
        #expect(taps.row == 0)
    }
}
