// ScrollView: layout (unbounded along the axis, clipped), 1:1 drags, momentum, rubber band,
// taps inside, nested axes, paging, view alignment, scrollTo (animated, unknown ids), the
// modifiers, cheap offset frames (no body re-runs), indicators (golden) and lazy stacks.
import Testing
@testable import Kiosk
import Raster
import TestSupport

final class SCounter { var n = 0; var names: [String] = [] }

/// A 50-point row that counts its body evaluations.
struct CountedRow: View {
    let i: Int
    let counter: SCounter
    var body: some View {
        counter.n += 1
        return Color(hue: Double(i % 10) / 10, saturation: 0.6, brightness: 0.9).frame(height: 50)
    }
}

extension HeadlessHost {
    /// The offset of the n-th ScrollView.
    func scrollBox(_ n: Int = 0) -> ScrollBox? {
        let boxes = allNodes.compactMap { $0.modifierState as? ScrollBox }
        return n < boxes.count ? boxes[n] : nil
    }
    /// Drags `dy` points up (content moves up) in `duration`, releasing at the end.
    func fling(dx: Double = 0, dy: Double, duration: Double, from p: CGPoint = CGPoint(x: 100, y: 150)) {
        drag(from: p, to: CGPoint(x: Double(p.x) + dx, y: Double(p.y) + dy), duration: duration)
    }
}

@Suite struct ScrollViewTests {
    static func rows(_ counter: SCounter, count: Int = 20) -> some View {
        ScrollView {
            VStack(spacing: 0) { ForEach(0..<count, id: \.self) { CountedRow(i: $0, counter: counter) } }
        }
    }

    @Test func contentIsLaidOutUnboundedAndClipped() throws {
        let c = SCounter()
        let host = HeadlessHost(width: 200, height: 200) {
            VStack(spacing: 0) { ScrollViewTests.rows(c).frame(height: 120); Color.black }
        }
        let box = try #require(host.scrollBox())
        #expect(box.maximum.y == 20 * 50 - 120)
        #expect(host.frames(of: CountedRow.self).isEmpty)             // composite: no frame of its own
        // Row 2 (y 100…150) is cut at 120 where the black view begins.
        #expect(rgba(host.snapshot(), 100, 125) == [0, 0, 0, 255])
        #expect(host.warnings.isEmpty)
    }

    @Test func aDragScrollsOneToOneAndStopsWithTheFinger() throws {
        let c = SCounter()
        let host = HeadlessHost(width: 200, height: 200) { ScrollViewTests.rows(c) }
        let box = try #require(host.scrollBox())
        let id = host.beginTouch(x: 100, y: 150)
        host.moveTouch(id, x: 100, y: 138); host.advance(by: 1.0 / 60)     // past the 10-point hysteresis
        host.moveTouch(id, x: 100, y: 38); host.advance(by: 1.0 / 60)
        #expect(box.offset.y == 100)
        host.advance(by: 0.5)                          // held still: it stays
        host.moveTouch(id, x: 100, y: 38); host.advance(by: 0.2)
        host.endTouch(id, x: 100, y: 38); host.advance(by: 1)
        #expect(box.offset.y == 100)
    }

    @Test func aFlingCarriesOnWithUIKitDeceleration() throws {
        let c = SCounter()
        let host = HeadlessHost(width: 200, height: 200) { ScrollViewTests.rows(c, count: 200) }
        let box = try #require(host.scrollBox())
        let evaluations = c.n
        host.fling(dy: -120, duration: 0.1)             // ≈ 1200 pt/s upward
        let released = Double(box.offset.y)
        let frames = host.frameCount
        host.advance(by: 5)                             // 3.5 s of momentum, 0.5 s of indicator
        let travelled = Double(box.offset.y) - released
        // v/2.002: 1200 pt/s → ≈ 600 pt (the release velocity is the last 100 ms's average).
        #expect(travelled > 450 && travelled < 700)
        #expect(host.frameCount - frames > 60)          // drawn frame by frame
        #expect(!box.isMoving)
        // The scroll frames re-evaluated no body.
        #expect(c.n == evaluations)
        let settled = host.frameCount
        host.advance(by: 1)
        #expect(host.frameCount == settled)             // at rest: no frames
    }

    @Test func theEdgesRubberBandAndSpringBack() throws {
        let c = SCounter()
        let host = HeadlessHost(width: 200, height: 200) { ScrollViewTests.rows(c) }
        let box = try #require(host.scrollBox())
        let id = host.beginTouch(x: 100, y: 50)
        host.moveTouch(id, x: 100, y: 62); host.advance(by: 1.0 / 60)
        host.moveTouch(id, x: 100, y: 162); host.advance(by: 1.0 / 60)     // 100 pt pulled down at the top
        let pulled = -Double(box.offset.y)
        #expect(pulled > 30 && pulled < 100)           // resisted: (1 − 1/(0.55·100/200 + 1))·200 ≈ 43
        #expect(abs(pulled - ScrollMotion.rubberBand(100, length: 200)) < 0.01)
        host.endTouch(id, x: 100, y: 162)
        host.advance(by: 0.1)
        #expect(box.offset.y < 0)
        host.advance(by: 1.5)
        #expect(box.offset.y == 0)
        // A fling to the end overshoots and settles exactly on the maximum.
        host.fling(dy: -150, duration: 0.05)
        var beyond = false
        for _ in 0..<180 { host.advance(by: 1.0 / 60); if box.offset.y > box.maximum.y { beyond = true } }
        #expect(beyond)
        #expect(box.offset.y == box.maximum.y)
    }

    @Test func rowsFarOutsideTheViewportAreNotRecorded() throws {
        let c = SCounter()
        let host = HeadlessHost(width: 200, height: 200) { ScrollViewTests.rows(c, count: 200) }
        // 4 rows show; half a viewport (2 rows) each side is recorded too; the rest is skipped
        // (each recorded row leaves a hit region, drawn or not).
        let regions = host.renderer.hitRegions.count
        #expect(regions >= 5 && regions <= 9)
        host.fling(dy: -120, duration: 0.1)
        host.advance(by: 5)
        #expect(host.renderer.hitRegions.count <= 12)
        #expect((host.scrollBox()?.offset.y ?? 0) > 400)
    }

    @Test func aTapOnAButtonInsideWorksAndADragDoesNotPressIt() throws {
        let c = SCounter()
        let host = HeadlessHost(width: 200, height: 200) {
            ScrollView {
                VStack(spacing: 0) {
                    Button("Row") { c.names.append("tap") }.frame(height: 60)
                    ForEach(0..<10, id: \.self) { CountedRow(i: $0, counter: c) }
                }
            }
        }
        let row = try #require(host.frame(ofText: "Row"))
        host.tap(x: Double(row.midX), y: Double(row.midY))
        #expect(c.names == ["tap"])
        host.drag(from: CGPoint(x: Double(row.midX), y: Double(row.midY)), to: CGPoint(x: Double(row.midX), y: Double(row.midY) - 40), duration: 0.2)
        #expect(c.names == ["tap"])
        #expect((host.scrollBox()?.offset.y ?? 0) > 0)
    }

    @Test func nestedScrollViewsTakeTheDragsAlongTheirAxis() throws {
        let c = SCounter()
        let host = HeadlessHost(width: 200, height: 200) {
            ScrollView {
                VStack(spacing: 0) {
                    ScrollView(.horizontal) {
                        HStack(spacing: 0) { ForEach(0..<10, id: \.self) { i in Color.red.frame(width: 80, height: 80) } }
                    }
                    .frame(height: 80)
                    ForEach(0..<10, id: \.self) { CountedRow(i: $0, counter: c) }
                }
            }
        }
        let outer = try #require(host.scrollBox(0)), inner = try #require(host.scrollBox(1))
        host.drag(from: CGPoint(x: 150, y: 40), to: CGPoint(x: 50, y: 42), duration: 0.3)
        #expect(inner.offset.x > 0 && outer.offset.y == 0)
        host.advance(by: 3)
        host.drag(from: CGPoint(x: 100, y: 60), to: CGPoint(x: 102, y: 10), duration: 0.3)
        #expect(outer.offset.y > 0)
    }

    struct Pages: View {
        var body: some View {
            ScrollView(.horizontal) {
                HStack(spacing: 0) {
                    ForEach(0..<4, id: \.self) { i in Color(white: Double(i) / 4).frame(width: 200, height: 100) }
                }
            }
            .scrollTargetBehavior(.paging)
        }
    }

    @Test func pagingSettlesOnWholePages() throws {
        let host = HeadlessHost(width: 200, height: 100) { Pages() }
        let box = try #require(host.scrollBox())
        // A slow short drag goes back to page 0.
        host.drag(from: CGPoint(x: 150, y: 50), to: CGPoint(x: 110, y: 50), duration: 1)
        host.advance(by: 2)
        #expect(box.offset.x == 0)
        // A flick turns one page.
        host.drag(from: CGPoint(x: 150, y: 50), to: CGPoint(x: 100, y: 50), duration: 0.1)
        host.advance(by: 2)
        #expect(box.offset.x == 200)
    }

    @Test func viewAlignedSettlesOnAChildEdge() throws {
        let host = HeadlessHost(width: 200, height: 100) {
            ScrollView(.horizontal) {
                HStack(spacing: 10) {
                    ForEach(0..<10, id: \.self) { _ in Color.blue.frame(width: 90, height: 100) }
                }
                .scrollTargetLayout()
            }
            .scrollTargetBehavior(.viewAligned)
        }
        let box = try #require(host.scrollBox())
        host.drag(from: CGPoint(x: 150, y: 50), to: CGPoint(x: 80, y: 50), duration: 0.2)
        host.advance(by: 3)
        let x = Double(box.offset.x)
        #expect(x > 0 && x.truncatingRemainder(dividingBy: 100) == 0)
    }

    @Test func scrollDisabledIgnoresDrags() throws {
        let c = SCounter()
        let host = HeadlessHost(width: 200, height: 200) { ScrollViewTests.rows(c).scrollDisabled(true) }
        host.fling(dy: -100, duration: 0.1)
        host.advance(by: 1)
        #expect(host.scrollBox()?.offset == .zero)
    }

    @Test func emptyContentAndNaNDragsScrollNothing() throws {
        let host = HeadlessHost(width: 200, height: 200) { ScrollView { EmptyView() } }
        let box = try #require(host.scrollBox())
        host.fling(dy: -100, duration: 0.1)
        host.advance(by: 1)
        #expect(box.offset == .zero)
        let c = SCounter()
        let other = HeadlessHost(width: 200, height: 200) { ScrollViewTests.rows(c) }
        let id = other.beginTouch(x: 100, y: 150)
        other.moveTouch(id, x: .nan, y: .nan)
        other.moveTouch(id, x: 100, y: .infinity)
        other.endTouch(id, x: .nan, y: 0)
        other.advance(by: 1)
        #expect(other.scrollBox()?.offset == .zero)
        #expect(host.warnings.isEmpty && other.warnings.isEmpty)
    }

    @Test func contentMarginsPadTheScrollContent() throws {
        let c = SCounter()
        let host = HeadlessHost(width: 200, height: 200) { ScrollViewTests.rows(c, count: 2).contentMargins(.vertical, 30) }
        let box = try #require(host.scrollBox())
        #expect(box.maximum.y == 0)
        #expect(box.content.minY == 30)
    }

    @Test func scrollToJumpsOrAnimatesAndUnknownIDsWarn() throws {
        let c = SCounter()
        var captured: ScrollViewProxy?
        let host = HeadlessHost(width: 200, height: 200) {
            ScrollViewReader { proxy in
                ScrollView {
                    VStack(spacing: 0) { ForEach(0..<40, id: \.self) { CountedRow(i: $0, counter: c).id($0) } }
                }
                .onAppear { captured = proxy }
            }
        }
        let proxy = try #require(captured)
        let box = try #require(host.scrollBox())
        proxy.scrollTo(10, anchor: .top)
        host.advance(by: 1.0 / 60)
        #expect(box.offset.y == 500)
        proxy.scrollTo(12)                             // already visible: no move
        #expect(box.offset.y == 500)
        proxy.scrollTo(2)                              // above: the least scroll puts it at the top
        #expect(box.offset.y == 100)
        var done = false
        withAnimation(.linear(duration: 1)) { proxy.scrollTo(20, anchor: .top) } completion: { done = true }
        host.advance(by: 0.5)
        #expect(abs(Double(box.offset.y) - 550) < 20)
        host.advance(by: 0.6)
        #expect(box.offset.y == 1000 && done)
        proxy.scrollTo(39, anchor: .bottom)           // clamped to the end
        #expect(box.offset.y == box.maximum.y)
        #expect(host.warnings.isEmpty)
        proxy.scrollTo("nope")
        #expect(box.offset.y == box.maximum.y)
        #expect(host.warnings.contains { $0.contains("no view with id nope") })
    }

    @Test func goldenIndicatorsWhileScrolling() {
        let c = SCounter()
        let host = HeadlessHost(width: 160, height: 160) {
            ScrollView {
                VStack(spacing: 4) {
                    ForEach(0..<12, id: \.self) { i in
                        RoundedRectangle(cornerRadius: 8).fill(Color(hue: Double(i) / 12, saturation: 0.5, brightness: 0.95)).frame(height: 40)
                    }
                }
                .padding(8)
            }
        }
        _ = c
        let id = host.beginTouch(x: 80, y: 140)
        host.moveTouch(id, x: 80, y: 128); host.advance(by: 1.0 / 60)
        host.moveTouch(id, x: 80, y: 58); host.advance(by: 1.0 / 60)
        expectGolden(host.snapshot(), "scroll-indicator", tolerance: 2, maxDiffering: 20)
        host.endTouch(id, x: 80, y: 58)
        host.advance(by: 2)
        #expect(host.scrollBox()?.isMoving == false)
    }
}

@Suite struct LazyStackTests {
    @Test func tenThousandRowsBuildOnlyTheVisibleOnes() throws {
        let c = SCounter()
        var captured: ScrollViewProxy?
        let host = HeadlessHost(width: 200, height: 400) {
            ScrollViewReader { proxy in
                ScrollView {
                    LazyVStack(spacing: 0) { ForEach(0..<10_000, id: \.self) { CountedRow(i: $0, counter: c) } }
                }
                .onAppear { captured = proxy }
            }
        }
        let box = try #require(host.scrollBox())
        let nodes = host.allNodes.count
        #expect(nodes < 200)
        #expect(c.n < 30)                               // 400/50 = 8 rows + the margins
        #expect(box.maximum.y == 10_000 * 50 - 400)      // estimated from the measured rows
        host.fling(dy: -120, duration: 0.1)
        host.advance(by: 3)
        #expect(host.allNodes.count < 200)
        let proxy = try #require(captured)
        proxy.scrollTo(5000, anchor: .top)               // not built yet: its estimated place
        host.advance(by: 1.0 / 60)
        #expect(box.offset.y == 5000 * 50)
        #expect(host.allNodes.count < 200)
        let shown = host.allNodes.compactMap { $0.view as? CountedRow }.map(\.i)
        #expect(shown.contains(5000) && shown.contains(5007) && !shown.contains(0))
        #expect(host.warnings.isEmpty)
    }

    @Test func lazyHStackFillsAndAligns() throws {
        let host = HeadlessHost(width: 300, height: 100) {
            ScrollView(.horizontal) {
                LazyHStack(alignment: .top, spacing: 10) {
                    ForEach(0..<500, id: \.self) { i in Color.red.frame(width: 50, height: 40) }
                }
            }
        }
        let box = try #require(host.scrollBox())
        #expect(box.maximum.x == 500 * 50 + 499 * 10 - 300)
        let frames = host.frames(of: Kiosk.Color.self)
        #expect(frames.count < 20 && frames.first?.minY == 0)
    }

    @Test func nonForEachContentIsBuiltWholeLikeAStack() throws {
        let host = HeadlessHost(width: 200, height: 200) {
            ScrollView { LazyVStack(alignment: .leading) { Text("a"); Text("b"); Color.red.frame(width: 10, height: 10) } }
        }
        #expect(host.frame(ofText: "b") != nil)
        #expect(host.frames(of: Kiosk.Color.self).first?.minX == 0)
    }
}
