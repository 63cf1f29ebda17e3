// Touch: hit testing (topmost, transforms, shapes, contentShape, allowsHitTesting, disabled)
// and gesture recognition (tap counts, drags with velocity).
import Testing
@testable import Kiosk

final class Taps { var names: [String] = []; var drags: [DragGesture.Value] = []; var ended: DragGesture.Value? }

@Suite struct GestureTests {
    @Test func topmostViewWins() {
        let taps = Taps()
        let host = HeadlessHost(width: 200, height: 200) {
            ZStack {
                Color.red.frame(width: 100, height: 100).onTapGesture { taps.names.append("red") }
                Color.blue.frame(width: 50, height: 50).onTapGesture { taps.names.append("blue") }
            }
        }
        host.tap(x: 100, y: 100)
        host.tap(x: 60, y: 60)
        host.tap(x: 10, y: 10)
        #expect(taps.names == ["blue", "red"])
    }

    @Test func hitTestingFollowsRotation() {
        let taps = Taps()
        let host = HeadlessHost(width: 200, height: 200) {
            Color.red.frame(width: 100, height: 10).rotationEffect(.degrees(90)).onTapGesture { taps.names.append("bar") }
        }
        host.tap(x: 140, y: 100)   // inside the unrotated frame, outside the drawn bar
        #expect(taps.names.isEmpty)
        host.tap(x: 100, y: 140)   // inside the rotated bar
        #expect(taps.names == ["bar"])
    }

    @Test func hitTestingFollowsTheShape() {
        let taps = Taps()
        let host = HeadlessHost(width: 200, height: 200) {
            Circle().fill(.red).frame(width: 100, height: 100).onTapGesture { taps.names.append("circle") }
        }
        host.tap(x: 55, y: 55)     // frame corner, outside the circle
        #expect(taps.names.isEmpty)
        host.tap(x: 100, y: 100)
        #expect(taps.names == ["circle"])
    }

    @Test func allowsHitTestingFalsePassesThrough() {
        let taps = Taps()
        let host = HeadlessHost(width: 200, height: 200) {
            ZStack {
                Color.red.onTapGesture { taps.names.append("back") }
                Color.blue.frame(width: 50, height: 50).allowsHitTesting(false)
            }
        }
        host.tap(x: 100, y: 100)
        #expect(taps.names == ["back"])
    }

    @Test func contentShapeMakesGapsTappable() {
        let taps = Taps()
        let host = HeadlessHost(width: 200, height: 200) {
            gappedStack().frame(width: 100).contentShape(Rectangle()).onTapGesture { taps.names.append("stack") }
        }
        host.tap(x: 100, y: 100)
        #expect(taps.names == ["stack"])
    }

    @Test func withoutContentShapeGapsAreNotTappable() {
        let taps = Taps()
        let host = HeadlessHost(width: 200, height: 200) {
            gappedStack().onTapGesture { taps.names.append("stack") }
        }
        host.tap(x: 100, y: 100)
        #expect(taps.names.isEmpty)
    }

    @Test func disabledViewsIgnoreTaps() {
        let taps = Taps()
        let host = HeadlessHost(width: 200, height: 200) {
            Color.red.onTapGesture { taps.names.append("red") }.disabled(true)
        }
        host.tap(x: 100, y: 100)
        #expect(taps.names.isEmpty)
    }

    @Test func doubleTapNeedsTwoTaps() {
        let taps = Taps()
        let host = HeadlessHost(width: 200, height: 200) {
            Color.red.onTapGesture(count: 2) { taps.names.append("double") }
        }
        host.tap(x: 100, y: 100)
        #expect(taps.names.isEmpty)
        host.tap(x: 102, y: 101)
        #expect(taps.names == ["double"])
    }

    @Test func offsetMovesTheHitArea() {
        let taps = Taps()
        let host = HeadlessHost(width: 200, height: 200) {
            Color.red.frame(width: 20, height: 20).offset(x: 60).onTapGesture { taps.names.append("moved") }
        }
        host.tap(x: 100, y: 100)
        #expect(taps.names.isEmpty)
        host.tap(x: 160, y: 100)
        #expect(taps.names == ["moved"])
    }

    @Test func dragReportsTranslationAndVelocity() throws {
        let taps = Taps()
        let host = HeadlessHost(width: 400, height: 400) {
            Color.red.frame(width: 200, height: 200)
                .gesture(DragGesture()
                    .onChanged { taps.drags.append($0) }
                    .onEnded { taps.ended = $0 })
        }
        // 100 points right in 0.25 s: 400 points per second.
        host.drag(from: CGPoint(x: 150, y: 200), to: CGPoint(x: 250, y: 200), duration: 0.25)
        #expect(!taps.drags.isEmpty)
        let end = try #require(taps.ended)
        #expect(end.translation.width == 100 && end.translation.height == 0)
        #expect(end.startLocation == CGPoint(x: 50, y: 100))        // local to the view
        #expect(abs(end.velocity.width - 400) < 1)
        #expect(taps.names.isEmpty)
    }

    @Test func aShortMoveIsStillATapAndALongOneIsNot() {
        let taps = Taps()
        let host = HeadlessHost(width: 200, height: 200) {
            Color.red.onTapGesture { taps.names.append("tap") }
        }
        host.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 104, y: 100), duration: 0.05)
        host.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 160, y: 100), duration: 0.1)
        #expect(taps.names == ["tap"])
    }
}

@Suite struct ButtonTests {
    struct Buy: View {
        @State var bought = 0
        var body: some View {
            VStack {
                Button("Buy \(bought)") { bought += 1 }
                Divider()
                Button("Off") { bought += 100 }.disabled(true)
            }
        }
    }

    @Test func buttonRunsItsActionAndDisabledOnesDoNot() {
        let host = HeadlessHost(width: 300, height: 200) { Buy() }
        let buy = host.frame(ofText: "Buy 0")!
        host.tap(x: Double(buy.midX), y: Double(buy.midY))
        #expect(host.frame(ofText: "Buy 1") != nil)
        let off = host.frame(ofText: "Off")!
        host.tap(x: Double(off.midX), y: Double(off.midY))
        #expect(host.frame(ofText: "Buy 1") != nil)
        #expect(host.frames(of: Divider.self).first?.height == 1)
    }
}

@Suite struct ClipHitTests {
    @Test func tapsOutsideAClipShapeMiss() {
        let taps = Taps()
        let host = HeadlessHost(width: 200, height: 200) {
            Color.red.frame(width: 100, height: 100).clipShape(Circle()).onTapGesture { taps.names.append("disc") }
        }
        host.tap(x: 53, y: 53)     // clipped-away corner
        #expect(taps.names.isEmpty)
        host.tap(x: 100, y: 100)
        #expect(taps.names == ["disc"])
    }

    @Test func pathContains() {
        let p = Kiosk.Path(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(p.contains(CGPoint(x: 5, y: 5)) && !p.contains(CGPoint(x: 0.5, y: 0.5)))
    }
}

/// Two small squares with a Spacer between them: the middle of the stack has no content.
private func gappedStack() -> some View {
    VStack(spacing: 0) {
        Color.red.frame(width: 20, height: 20)
        Spacer()
        Color.blue.frame(width: 20, height: 20)
    }
}
