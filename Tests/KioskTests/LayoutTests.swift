// Layout numbers checked against SwiftUI's documented proposal/response behaviour.
// Text is measured by the font-free FixedAdvanceText: 0.6 em per character, 1.2 em lines
// (body 17 pt: "A" is 11×21).
import Testing
@testable import Kiosk

@Suite struct LayoutTests {
    @Test func spacerPushesTextsToTheEdges() {
        let host = HeadlessHost(width: 400, height: 300, text: FixedAdvanceText()) {
            HStack { Text("A"); Spacer(); Text("B") }
        }
        #expect(host.frame(ofText: "A") == CGRect(x: 0, y: 139.5, width: 11, height: 21))
        #expect(host.frame(ofText: "B") == CGRect(x: 389, y: 139.5, width: 11, height: 21))
    }

    @Test func spacersSplitTheRemainingSpaceEqually() {
        let host = HeadlessHost(width: 400, height: 100, text: FixedAdvanceText()) {
            HStack(spacing: 0) {
                Color.red.frame(width: 100)
                Spacer()
                Color.blue.frame(width: 50)
                Spacer()
            }
        }
        let colors = host.frames(of: Color.self)
        #expect(colors.count == 2)
        #expect(colors[0].minX == 0)
        #expect(colors[1].minX == 225)        // 100 + (400 − 150) / 2
        let spacers = host.frames(of: Spacer.self)
        #expect(spacers.map(\.width) == [125, 125])
        #expect(spacers.map(\.height) == [0, 0])  // no cross-axis extent in an HStack
    }

    @Test func stackOffersSpaceToTheLeastFlexibleChildFirst() {
        // The red frame (flexibility 50) is sized before the blue colour (infinite): it is
        // offered 300 / 2 = 150 and takes its maximum 100, leaving 200 — not an even 150/150.
        let host = HeadlessHost(width: 300, height: 100, text: FixedAdvanceText()) {
            HStack(spacing: 0) {
                Color.blue
                Color.red.frame(minWidth: 50, maxWidth: 100)
            }
        }
        let colors = host.frames(of: Color.self)
        #expect(colors.map(\.width) == [200, 100])
        #expect(colors.map(\.minX) == [0, 200])
    }

    @Test func layoutPriorityGoesFirst() {
        let host = HeadlessHost(width: 300, height: 100, text: FixedAdvanceText()) {
            HStack(spacing: 0) {
                Color.blue.frame(minWidth: 40)
                Color.red.layoutPriority(1)
            }
        }
        // The red colour takes everything but the blue one's minimum.
        #expect(host.frames(of: Color.self).map(\.width) == [40, 260])
    }

    @Test func defaultStackSpacingIsEight() {
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) {
            VStack {
                Color.red.frame(width: 10, height: 10)
                Color.blue.frame(width: 10, height: 10)
            }
        }
        let colors = host.frames(of: Color.self)
        #expect(colors[1].minY - colors[0].maxY == 8)
        #expect(colors[0].minY == 36)           // (100 − 28) / 2
    }

    @Test func vstackAlignsLeading() {
        let host = HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) {
            VStack(alignment: .leading, spacing: 0) {
                Color.red.frame(width: 100, height: 10)
                Color.blue.frame(width: 20, height: 10)
            }
        }
        let colors = host.frames(of: Color.self)
        #expect(colors[0].minX == 50 && colors[1].minX == 50)
    }

    @Test func hstackAlignsBottomAndTop() {
        let host = HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) {
            VStack {
                HStack(alignment: .bottom, spacing: 0) {
                    Color.red.frame(width: 10, height: 50)
                    Color.blue.frame(width: 10, height: 20)
                }
                HStack(alignment: .top, spacing: 0) {
                    Color.green.frame(width: 10, height: 50)
                    Color.gray.frame(width: 10, height: 20)
                }
            }
        }
        let c = host.frames(of: Color.self)
        #expect(c[1].maxY == c[0].maxY)
        #expect(c[3].minY == c[2].minY)
    }

    @Test func defaultPaddingIsSixteen() {
        let host = HeadlessHost(width: 300, height: 300, text: FixedAdvanceText()) {
            Text("A").padding().background(Color.red)
        }
        let text = host.frame(ofText: "A")!
        let red = host.frames(of: Color.self)[0]
        #expect(red.size == CGSize(width: 11 + 32, height: 21 + 32))
        #expect(text.minX - red.minX == 16 && text.minY - red.minY == 16)
    }

    @Test func edgePadding() {
        let host = HeadlessHost(width: 300, height: 300, text: FixedAdvanceText()) {
            Text("Tap").padding(.horizontal, 50).background(Color.red)
        }
        #expect(host.frames(of: Color.self)[0].size == CGSize(width: 31 + 100, height: 21))
    }

    @Test func maxWidthInfinityTakesTheOfferedWidth() {
        let host = HeadlessHost(width: 400, height: 100, text: FixedAdvanceText()) {
            Text("Hi").frame(maxWidth: .infinity, alignment: .leading).background(Color.red)
        }
        #expect(host.frames(of: Color.self)[0].width == 400)
        #expect(host.frame(ofText: "Hi")!.minX == 0)
    }

    @Test func minWidthFrameGrowsSmallContent() {
        let host = HeadlessHost(width: 400, height: 100, text: FixedAdvanceText()) {
            Text("Hi").frame(minWidth: 100).background(Color.red)
        }
        #expect(host.frames(of: Color.self)[0].width == 100)
        #expect(host.frame(ofText: "Hi")!.midX == 200)
    }

    @Test func fixedFrameAlignsContent() {
        let host = HeadlessHost(width: 400, height: 400, text: FixedAdvanceText()) {
            Text("Hi").frame(width: 100, height: 50, alignment: .bottomTrailing)
        }
        // The frame is centred at (150, 175); the 21×21 text sits in its bottom-right corner.
        #expect(host.frame(ofText: "Hi") == CGRect(x: 229, y: 204, width: 21, height: 21))
    }

    @Test func textWrapsAndFixedSizeKeepsItOnOneLine() {
        let host = HeadlessHost(width: 400, height: 400, text: FixedAdvanceText()) {
            VStack {
                Text("hello world").frame(width: 60)
                Text("hello world!").fixedSize().frame(width: 60)
            }
        }
        let wrapped = host.frame(ofText: "hello world")!
        #expect(wrapped.height == 42)                 // two lines
        #expect(wrapped.width <= 60)
        let fixed = host.frame(ofText: "hello world!")!
        #expect(fixed.height == 21)
        #expect(fixed.width == 123)                   // 12 × 10.2, rounded up; overflows the frame
        #expect(fixed.midX == 200)
    }

    @Test func zstackAlignment() {
        let host = HeadlessHost(width: 300, height: 300, text: FixedAdvanceText()) {
            ZStack(alignment: .topLeading) {
                Color.red.frame(width: 100, height: 100)
                Color.blue.frame(width: 10, height: 10)
            }
        }
        let c = host.frames(of: Color.self)
        #expect(c[0].origin == CGPoint(x: 100, y: 100))
        #expect(c[1].origin == CGPoint(x: 100, y: 100))
    }

    @Test func geometryReaderTakesTheOfferAndSeesItsSize() {
        let host = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) {
            GeometryReader { proxy in
                Color.red.frame(width: proxy.size.width / 2, height: proxy.size.height / 4)
            }
        }
        let c = host.frames(of: Color.self)
        #expect(c == [CGRect(x: 0, y: 0, width: 150, height: 50)])  // top-leading, iOS 14+
    }

    @Test func positionCentresTheViewAtThePoint() {
        let host = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) {
            Color.red.frame(width: 20, height: 20).position(x: 50, y: 60)
        }
        #expect(host.frames(of: Color.self) == [CGRect(x: 40, y: 50, width: 20, height: 20)])
    }

    @Test func overlayIsSizedByTheContent() {
        let host = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) {
            Color.red.frame(width: 80, height: 40).overlay(Color.blue.frame(width: 10, height: 10), alignment: .topTrailing)
        }
        let c = host.frames(of: Color.self)
        #expect(c[0] == CGRect(x: 110, y: 80, width: 80, height: 40))
        #expect(c[1] == CGRect(x: 180, y: 80, width: 10, height: 10))
    }

    @Test func shapesFillTheOfferAndCirclesAreRound() {
        let host = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) {
            HStack(spacing: 0) { Circle().fill(.red); Rectangle().fill(.blue) }
        }
        #expect(host.frames(of: _ShapeView<Circle, Color>.self) == [CGRect(x: 0, y: 0, width: 150, height: 200)])
    }

    @Test func multiViewBodyInAStackJoinsTheStack() {
        struct Pair: View {
            var body: some View { Text("one"); Text("two") }
        }
        let host = HeadlessHost(width: 300, height: 300, text: FixedAdvanceText()) {
            HStack(spacing: 0) { Pair(); Text("three") }
        }
        let one = host.frame(ofText: "one")!, two = host.frame(ofText: "two")!, three = host.frame(ofText: "three")!
        #expect(one.maxX == two.minX && two.maxX == three.minX)
    }

    @Test func forEachAndConditionalsFlattenIntoTheStack() {
        let host = HeadlessHost(width: 300, height: 300, text: FixedAdvanceText()) {
            VStack(spacing: 0) {
                ForEach(0..<3) { i in Color.red.frame(width: 10, height: 10) }
                if true { Color.blue.frame(width: 10, height: 10) }
                Group { Color.green.frame(width: 10, height: 10) }
            }
        }
        let c = host.frames(of: Color.self)
        #expect(c.count == 5)
        #expect(c.map(\.minY) == [125, 135, 145, 155, 165])
    }
}

struct Grower: View {
    @State var label = "a"
    var body: some View {
        VStack {
            HStack(spacing: 0) {
                Text(label).onTapGesture { label = "aaaaaa" }
                Color.red.frame(width: 20, height: 20)
            }
            Color.blue.frame(width: 30, height: 30)
        }
    }
}

@Suite struct IncrementalLayoutTests {
    @Test func aGrowingTextMovesItsSiblingsAndMatchesAFreshLayout() {
        let host = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) { Grower() }
        let redBefore = host.frames(of: Color.self)[0]
        let t = host.frame(ofText: "a")!
        host.tap(x: Double(t.midX), y: Double(t.midY))
        let fresh = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) { Grower(label: "aaaaaa") }
        #expect(host.frames(of: Color.self) == fresh.frames(of: Color.self))
        #expect(host.frames(of: Color.self)[0] != redBefore)
        #expect(host.frame(ofText: "aaaaaa") == fresh.frame(ofText: "aaaaaa"))
        #expect(pixels(host.snapshot()) == pixels(fresh.snapshot()))
    }
}

@Suite struct GeometryReaderChildrenTests {
    @Test func severalChildrenOverlapAtTheTopLeading() {
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) {
            GeometryReader { _ in
                Color.red.frame(width: 20, height: 20)
                Color.blue.frame(width: 30, height: 10)
            }
        }
        #expect(host.frames(of: Color.self) == [CGRect(x: 0, y: 0, width: 20, height: 20), CGRect(x: 0, y: 0, width: 30, height: 10)])
    }
}

@Suite struct OverlayChildrenTests {
    @Test func severalOverlayViewsOverlapLikeAZStack() {
        let host = HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) {
            Color.gray.frame(width: 100, height: 100).overlay(alignment: .topLeading) {
                Color.red.frame(width: 20, height: 20)
                Color.blue.frame(width: 10, height: 10)
            }
        }
        let c = host.frames(of: Color.self)
        #expect(c[1].origin == CGPoint(x: 50, y: 50) && c[2].origin == CGPoint(x: 50, y: 50))
    }
}

@Suite struct TextHeightTests {
    @Test func textOfferedLessHeightKeepsTheLinesThatFit() {
        let host = HeadlessHost(width: 300, height: 300, text: FixedAdvanceText()) {
            VStack {
                Text("one two three four five six").frame(width: 60, height: 45)
                Text("one two three four five six!").frame(width: 60, height: 5)
            }
        }
        // 21-point lines: two fit in 45; one is kept even when none fits.
        #expect(host.frame(ofText: "one two three four five six")?.height == 42)
        #expect(host.frame(ofText: "one two three four five six!")?.height == 21)
    }
}

@Suite struct SpacerAxisTests {
    @Test func aSpacerInsideAGeometryReaderInAnHStackExpandsBothWays() {
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) {
            HStack(spacing: 0) {
                Color.red.frame(width: 100)
                GeometryReader { _ in Spacer() }
            }
        }
        #expect(host.frames(of: Spacer.self) == [CGRect(x: 100, y: 0, width: 100, height: 100)])
    }
}
