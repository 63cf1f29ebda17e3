// @GestureState/.updating, LongPressGesture, simultaneous and high-priority gestures, and
// onGeometryChange, with touches injected through HeadlessHost on its virtual clock.
import Testing
@testable import Kiosk
import Raster

final class GLog { var events: [String] = []; var values: [Double] = [] }

@Suite struct GestureStateTests {
    struct Dragger: View {
        @GestureState var drag = CGSize.zero
        var body: some View {
            Color.red.frame(width: 100, height: 100)
                .overlay(Text("x\(Int(drag.width))"))
                .gesture(DragGesture().updating($drag) { value, state, _ in state = value.translation })
        }
    }

    @Test func updatingFollowsTheDragAndResetsAtTheEnd() {
        let host = HeadlessHost(width: 300, height: 300) { Dragger() }
        #expect(host.frame(ofText: "x0") != nil)
        let id = host.beginTouch(x: 150, y: 150)
        host.moveTouch(id, x: 170, y: 150); host.advance(by: 1.0 / 60)
        host.moveTouch(id, x: 190, y: 150); host.advance(by: 1.0 / 60)
        #expect(host.frame(ofText: "x40") != nil)
        host.endTouch(id, x: 190, y: 150); host.advance(by: 1.0 / 60)
        #expect(host.frame(ofText: "x0") != nil)
    }

    @Test func aCancelledTouchResetsTheState() {
        let host = HeadlessHost(width: 300, height: 300) { Dragger() }
        let id = host.beginTouch(x: 150, y: 150)
        host.moveTouch(id, x: 180, y: 150); host.advance(by: 1.0 / 60)
        #expect(host.frame(ofText: "x30") != nil)
        host.cancelTouch(id); host.advance(by: 1.0 / 60)
        #expect(host.frame(ofText: "x0") != nil)
    }

    struct SpringBack: View {
        @GestureState(resetTransaction: Transaction(animation: .linear(duration: 1))) var drag = CGSize.zero
        var body: some View {
            Color.red.frame(width: 40, height: 40).offset(x: drag.width)
                .gesture(DragGesture(minimumDistance: 0).updating($drag) { value, state, _ in state = value.translation })
        }
    }

    @Test func theResetAnimatesInTheResetTransaction() {
        let host = HeadlessHost(width: 400, height: 100) { SpringBack() }
        // The square spans x 180…220; drag it 100 to the right, then let go.
        let id = host.beginTouch(x: 200, y: 50)
        host.moveTouch(id, x: 300, y: 50); host.advance(by: 1.0 / 60)
        #expect(rgba(host.snapshot(), 310, 50) == [255, 59, 48, 255])
        host.endTouch(id, x: 300, y: 50)
        host.advance(by: 0.5)
        // Halfway back: the square spans 230…270.
        #expect(rgba(host.snapshot(), 250, 50) == [255, 59, 48, 255])
        #expect(rgba(host.snapshot(), 200, 50) == [255, 255, 255, 255])
        host.advance(by: 0.6)
        #expect(rgba(host.snapshot(), 200, 50) == [255, 59, 48, 255])
        #expect(host.warnings.isEmpty)
    }
}

@Suite struct LongPressTests {
    struct Holder: View {
        let log: GLog
        @GestureState var pressing = false
        var body: some View {
            Color.blue.frame(width: 100, height: 100)
                .overlay(Text(pressing ? "down" : "up"))
                .gesture(LongPressGesture(minimumDuration: 0.5)
                    .updating($pressing) { value, state, _ in state = value }
                    .onEnded { log.events.append("ended \($0)") })
        }
    }

    @Test func recognisedAfterTheDurationOnTheVirtualClock() {
        let log = GLog()
        let host = HeadlessHost(width: 200, height: 200) { Holder(log: log) }
        let id = host.beginTouch(x: 100, y: 100)
        host.advance(by: 0.25)
        #expect(host.frame(ofText: "down") != nil)
        #expect(log.events.isEmpty)
        host.advance(by: 0.3)
        #expect(log.events == ["ended true"])
        #expect(host.frame(ofText: "up") != nil)      // the gesture ended: its state reset
        host.endTouch(id, x: 100, y: 100); host.advance(by: 0.1)
        #expect(log.events == ["ended true"])
    }

    @Test func liftingEarlyOrMovingFarFails() {
        let log = GLog()
        let host = HeadlessHost(width: 200, height: 200) { Holder(log: log) }
        let a = host.beginTouch(x: 100, y: 100)
        host.advance(by: 0.2)
        host.endTouch(a, x: 100, y: 100)
        host.advance(by: 1)
        let b = host.beginTouch(x: 100, y: 100)
        host.advance(by: 0.1)
        host.moveTouch(b, x: 100, y: 125)         // 25 points: past maximumDistance (10)
        host.advance(by: 1)
        #expect(host.frame(ofText: "up") != nil)
        host.endTouch(b, x: 100, y: 125)
        #expect(log.events.isEmpty)
    }

    @Test func onLongPressGestureReportsPressingAndPerforms() {
        let log = GLog()
        let host = HeadlessHost(width: 200, height: 200) {
            Color.green.onLongPressGesture(minimumDuration: 1) { log.events.append("perform") } onPressingChanged: {
                log.events.append("pressing \($0)")
            }
        }
        let id = host.beginTouch(x: 100, y: 100)
        host.advance(by: 0.9)
        #expect(log.events == ["pressing true"])
        host.advance(by: 0.2)
        host.endTouch(id, x: 100, y: 100)
        host.advance(by: 0.1)
        #expect(log.events == ["pressing true", "pressing false", "perform"])
    }

    @Test func aTapAndALongPressOnOneView() {
        let log = GLog()
        let host = HeadlessHost(width: 200, height: 200) {
            Color.green
                .onTapGesture { log.events.append("tap") }
                .onLongPressGesture { log.events.append("long") }
        }
        host.tap(x: 100, y: 100)
        let id = host.beginTouch(x: 100, y: 100)
        host.advance(by: 0.6)
        host.endTouch(id, x: 100, y: 100)
        host.advance(by: 0.1)
        #expect(log.events == ["tap", "long"])
    }

    @Test func badDurationsAndDistancesAreClamped() {
        let g = LongPressGesture(minimumDuration: -1, maximumDistance: .nan)
        #expect(g.minimumDuration == 0 && g.maximumDistance == 0)
        let log = GLog()
        let host = HeadlessHost(width: 200, height: 200) {
            VStack(spacing: 0) {
                Color.green.gesture(LongPressGesture(minimumDuration: .infinity).onEnded { _ in log.events.append("never") })
                Color.blue.gesture(LongPressGesture(minimumDuration: .nan).onEnded { _ in log.events.append("at once") })
            }
        }
        let a = host.beginTouch(x: 100, y: 50)
        host.advance(by: 100)
        host.endTouch(a, x: 100, y: 50)
        let b = host.beginTouch(x: 100, y: 150)
        host.advance(by: 1.0 / 60)
        host.endTouch(b, x: 100, y: 150)
        #expect(log.events == ["at once"])
    }
}

@Suite struct GesturePriorityTests {
    @Test func simultaneousDragsBothFollowTheTouch() {
        let log = GLog()
        let host = HeadlessHost(width: 300, height: 300) {
            Color.red.frame(width: 200, height: 200)
                .gesture(DragGesture().onChanged { _ in log.events.append("inner") })
                .simultaneousGesture(DragGesture().onEnded { _ in log.events.append("outer end") })
        }
        host.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 200, y: 150), duration: 0.05)
        #expect(log.events.contains("inner") && log.events.last == "outer end")
    }

    @Test func withoutSimultaneousOnlyTheInnerDragRuns() {
        let log = GLog()
        let host = HeadlessHost(width: 300, height: 300) {
            Color.red.frame(width: 200, height: 200)
                .gesture(DragGesture().onChanged { _ in log.events.append("inner") })
                .gesture(DragGesture().onChanged { _ in log.events.append("outer") })
        }
        host.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 200, y: 150), duration: 0.05)
        #expect(log.events.contains("inner") && !log.events.contains("outer"))
    }

    @Test func simultaneousTapFiresWithTheButton() {
        let log = GLog()
        let host = HeadlessHost(width: 300, height: 300) {
            Button("Go") { log.events.append("button") }
                .simultaneousGesture(TapGesture().onEnded { log.events.append("tap") })
        }
        let go = host.frame(ofText: "Go")!
        host.tap(x: Double(go.midX), y: Double(go.midY))
        #expect(log.events == ["button", "tap"])
    }

    @Test func highPriorityWinsOverTheContent() {
        let log = GLog()
        let host = HeadlessHost(width: 300, height: 300) {
            Color.red.frame(width: 200, height: 200)
                .onTapGesture { log.events.append("inner") }
                .highPriorityGesture(TapGesture().onEnded { log.events.append("outer") })
        }
        host.tap(x: 150, y: 150)
        #expect(log.events == ["outer"])
    }

    @Test func aNaNMoveChangesNoDrag() {
        let log = GLog()
        let host = HeadlessHost(width: 300, height: 300) {
            Color.red.gesture(DragGesture(minimumDistance: 0).onChanged { log.values.append(Double($0.translation.width)) })
        }
        let id = host.beginTouch(x: 100, y: 100)
        host.moveTouch(id, x: .nan, y: 100)
        host.moveTouch(id, x: 120, y: .infinity)
        host.moveTouch(id, x: 130, y: 100)
        host.endTouch(id, x: .nan, y: .nan)
        host.advance(by: 0.1)
        #expect(log.values == [0, 30])
    }
}

@Suite struct GeometryChangeTests {
    struct Growing: View {
        let log: GLog
        @State var wide = false
        var body: some View {
            Color.red.frame(width: wide ? 120 : 60, height: 20)
                .onGeometryChange(for: CGFloat.self) { $0.size.width } action: { log.values.append(Double($0)) }
                .onTapGesture { wide.toggle() }
        }
    }

    @Test func actionRunsWithTheFirstValueAndOnChangeOnly() {
        let log = GLog()
        let host = HeadlessHost(width: 300, height: 300) { Growing(log: log) }
        #expect(log.values == [60])
        host.advance(by: 0.5)
        #expect(log.values == [60])
        host.tap(x: 150, y: 150)
        #expect(log.values == [60, 120])
    }

    struct Mirrored: View {
        @State var width: CGFloat = 0
        var body: some View {
            VStack {
                Text("measured").onGeometryChange(for: CGFloat.self) { $0.size.width } action: { width = $0 }
                Color.blue.frame(width: width, height: 10)
            }
        }
    }

    @Test func stateSetByTheActionShowsInTheSameFrame() {
        let host = HeadlessHost(width: 300, height: 300, text: FixedAdvanceText()) { Mirrored() }
        let text = host.frame(ofText: "measured")!
        let bar = host.frames(of: Kiosk.Color.self).last!
        #expect(bar.width == text.width && text.width > 0)
        #expect(host.warnings.isEmpty)
    }
}

@Suite struct SequenceGestureTests {
    enum DragState: Equatable { case inactive, pressing, dragging(CGFloat) }

    struct PressThenDrag: View {
        let log: GLog
        @GestureState var state = DragState.inactive
        var label: String {
            switch state {
            case .inactive: return "inactive"
            case .pressing: return "pressing"
            case .dragging(let x): return "dragging \(Int(x))"
            }
        }
        var body: some View {
            Color.orange.frame(width: 150, height: 150)
                .overlay(Text(label))
                .gesture(LongPressGesture(minimumDuration: 0.5).sequenced(before: DragGesture())
                    .updating($state) { value, state, _ in
                        switch value {
                        case .first(true): state = .pressing
                        case .second(true, let drag): state = drag.map { .dragging($0.translation.width) } ?? .pressing
                        default: state = .inactive
                        }
                    }
                    .onEnded { value in
                        if case .second(true, let drag?) = value { log.values.append(Double(drag.translation.width)) }
                    })
        }
    }

    @Test func holdThenDrag() {
        let log = GLog()
        let host = HeadlessHost(width: 200, height: 200) { PressThenDrag(log: log) }
        let id = host.beginTouch(x: 100, y: 100)
        host.advance(by: 0.2)
        #expect(host.frame(ofText: "pressing") != nil)
        host.advance(by: 0.4)                              // recognised: still pressing, no drag yet
        #expect(host.frame(ofText: "pressing") != nil)
        host.moveTouch(id, x: 130, y: 100); host.advance(by: 1.0 / 60)
        #expect(host.frame(ofText: "dragging 30") != nil)
        host.moveTouch(id, x: 160, y: 100); host.advance(by: 1.0 / 60)
        host.endTouch(id, x: 160, y: 100); host.advance(by: 1.0 / 60)
        #expect(log.values == [60])
        #expect(host.frame(ofText: "inactive") != nil)
    }

    @Test func movingBeforeTheHoldFailsTheSequence() {
        let log = GLog()
        let host = HeadlessHost(width: 200, height: 200) { PressThenDrag(log: log) }
        let id = host.beginTouch(x: 100, y: 100)
        host.advance(by: 0.1)
        host.moveTouch(id, x: 140, y: 100); host.advance(by: 1.0 / 60)
        host.advance(by: 1)
        #expect(host.frame(ofText: "inactive") != nil)
        host.endTouch(id, x: 140, y: 100); host.advance(by: 1.0 / 60)
        #expect(log.values.isEmpty)
    }
}
