// Issue 39: containerRelativeFrame sizes a view from its ScrollView's (or the screen's) length.
import Testing
@testable import Kiosk

@Suite struct ContainerRelativeFrameTests {
    private func frames(_ host: HeadlessHost, _ color: Kiosk.Color) -> [CGRect] {
        host.allNodes.filter { ($0.view as? Kiosk.Color) == color && $0.layout != nil && !$0.isRemoved }.map(\.frame)
    }

    @Test func cardsTakeTwoOfThreeColumnsOfTheirScrollView() {
        let host = HeadlessHost(width: 320, height: 200) {
            ScrollView(.horizontal) {
                HStack(spacing: 10) {
                    ForEach(0..<4, id: \.self) { _ in
                        Color.red.frame(height: 50).containerRelativeFrame(.horizontal, count: 3, span: 2, spacing: 10)
                    }
                }
            }
        }
        _ = host.snapshot()
        let cards = frames(host, .red)
        #expect(cards.count >= 2)
        // (320 − 2 × 10) / 3 × 2 + 10 = 210 wide, 10 apart.
        for c in cards { #expect(abs(c.width - 210) < 0.01, "\(c)") }
        if cards.count >= 2 { #expect(abs(cards[1].minX - cards[0].maxX - 10) < 0.01) }
    }

    @Test func outsideAScrollViewTheScreenIsTheContainer() {
        let host = HeadlessHost(width: 200, height: 100) {
            HStack { Color.blue.containerRelativeFrame(.horizontal) { length, _ in length / 2 } }
        }
        _ = host.snapshot()
        #expect(frames(host, .blue).map(\.width) == [100])
        #expect(frames(host, .blue).map(\.height) == [100])       // the other axis as proposed
    }

    @Test func aZeroCountOrAnOversizedSpanIsClamped() {
        let host = HeadlessHost(width: 200, height: 100) {
            VStack {
                Color.green.frame(height: 10).containerRelativeFrame(.horizontal, count: 0, span: 5, spacing: 10)
                Color.blue.frame(height: 10).containerRelativeFrame(.horizontal, count: 2, span: 9, spacing: .nan)
            }
        }
        _ = host.snapshot()
        #expect(frames(host, .green).map(\.width) == [200])     // count 1, span 1
        #expect(frames(host, .blue).map(\.width) == [200])      // span 2 of 2, no spacing
        #expect(host.warnings.isEmpty)
    }
}

/// A ScrollView of one card half its viewport tall; Equatable, so a change of the screen around
/// it does not re-evaluate it (only its size changes).
private struct HalfHeightPane: View, Equatable {
    var body: some View {
        ScrollView {
            VStack(spacing: 0) {
                Color.orange.containerRelativeFrame(.vertical) { length, _ in length / 2 }
            }
        }
    }
}

private struct ShrinkingContainer: View {
    @State var header = false
    var body: some View {
        VStack(spacing: 0) {
            if header { Color.gray.frame(height: 100) }
            HalfHeightPane()
        }
        .onTapGesture { header.toggle() }
    }
}

@Suite struct ContainerRelativeFrameContainerTests {
    private func frames(_ host: HeadlessHost, _ color: Kiosk.Color) -> [CGRect] {
        host.allNodes.filter { ($0.view as? Kiosk.Color) == color && $0.layout != nil && !$0.isRemoved }.map(\.frame)
    }

    @Test func aNavigationPageIsTheContainerBelowItsBar() {
        let host = HeadlessHost(width: 300, height: 400) {
            NavigationStack {
                VStack(spacing: 0) {
                    Color.purple.containerRelativeFrame([.horizontal, .vertical]) { length, _ in length / 2 }
                }
                .navigationTitle("Page")
                .navigationBarTitleDisplayMode(.inline)
            }
        }
        _ = host.snapshot()
        // The page's content space is 300 × (400 − the 44-pt inline bar).
        #expect(frames(host, .purple).map(\.size) == [CGSize(width: 150, height: 178)])
    }

    @Test func aResizedScrollViewResizesTheFramesInsideThoughTheirProposalStays() {
        let host = HeadlessHost(width: 200, height: 400) { ShrinkingContainer() }
        _ = host.snapshot()
        #expect(frames(host, .orange).map(\.height) == [200])
        host.tap(x: 100, y: 390)
        host.advance(by: 0.1)
        // The ScrollView is now 300 tall: its card 150 (the content's proposal, 200 × nil, did not change).
        #expect(frames(host, .orange).map(\.height) == [150])
        host.tap(x: 100, y: 390)
        host.advance(by: 0.1)
        #expect(frames(host, .orange).map(\.height) == [200])
    }
}
