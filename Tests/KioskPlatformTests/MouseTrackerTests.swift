// MouseTrackerTests: a relative mouse as a finger — motion clamped to the logical screen, the left
// button as a touch, the wheel as a drag that ends after 150 ms idle, cancel on unplug.
import Testing
import Raster
@testable import Kiosk

@Suite struct MouseTrackerTests {
    func rel(_ code: UInt16, _ v: Int32) -> InputEvent { InputEvent(type: EV.rel, code: code, value: v) }
    func button(_ v: Int32) -> InputEvent { InputEvent(type: EV.key, code: EV.btnLeft, value: v) }
    let syn = InputEvent(type: EV.syn, code: EV.synReport, value: 0)

    func feed(_ m: inout MouseTracker, _ events: [InputEvent], now: Double = 1) -> [TouchEvent] {
        events.flatMap { m.handle($0, now: now) }
    }

    @Test func clickIsATouchWherethePointerIs() {
        var m = MouseTracker(width: 800, height: 480, idBase: 100)
        #expect(m.x == 400 && m.y == 240)
        #expect(feed(&m, [rel(EV.relX, -300), rel(EV.relY, 10), syn]).isEmpty)    // moving with no button: nothing
        let t = feed(&m, [button(1), syn, rel(EV.relX, 5), syn, button(0), syn])
        #expect(t.map(\.phase) == [.began, .moved, .ended])
        #expect(t[0].location == Point(100, 250) && t[1].location == Point(105, 250) && t[2].location == Point(105, 250))
        #expect(Set(t.map(\.id)) == [100])
        // Clamped to the screen, whatever the motion.
        _ = feed(&m, [rel(EV.relX, Int32.max), rel(EV.relY, Int32.min), syn])
        #expect(m.x == 799 && m.y == 0)
        // Another click gets another id; the button's repeat value is ignored.
        let t2 = feed(&m, [button(1), syn, button(2), syn, button(0), syn])
        #expect(t2.map(\.phase) == [.began, .ended] && t2[0].id == 101)
    }

    @Test func wheelDragsAFingerAndLiftsItWhenIdle() {
        var m = MouseTracker(width: 800, height: 480)
        let t = feed(&m, [rel(EV.relWheel, -1), syn], now: 1)
        #expect(t.map(\.phase) == [.began, .moved])
        #expect(t[0].location == Point(400, 240) && t[1].location == Point(400, 240 - MouseTracker.wheelStep))
        #expect(m.wheelEndTime == 1 + MouseTracker.wheelIdle)
        let t2 = feed(&m, [rel(EV.relWheel, -1), syn], now: 1.1)
        #expect(t2.map(\.phase) == [.moved] && t2[0].id == t[0].id)
        #expect(m.endWheel(now: 1.2).isEmpty)                                 // not idle long enough
        let end = m.endWheel(now: 1.1 + MouseTracker.wheelIdle)
        #expect(end.map(\.phase) == [.ended] && end[0].location == Point(400, 240 - 2 * MouseTracker.wheelStep))
        #expect(m.wheelEndTime == nil && !m.isTouching)
        // Horizontal: positive drags left.
        let h = feed(&m, [rel(EV.relHWheel, 1), syn], now: 3)
        #expect(h.last?.location == Point(400 - MouseTracker.wheelStep, 240))
    }

    @Test func wheelAtTheEdgeLiftsAndPutsTheFingerDownAgain() {
        var m = MouseTracker(width: 100, height: 100)
        let t = feed(&m, [rel(EV.relWheel, 2), syn], now: 0)        // 50 + 80 > 99
        #expect(t.map(\.phase) == [.began, .ended, .began, .moved])
        #expect(t[3].location == Point(50, 99))
        // A click ends the wheel's drag first.
        let c = feed(&m, [button(1), syn], now: 0.05)
        #expect(c.map(\.phase) == [.ended, .began])
    }

    @Test func unplugCancelsTheButtonAndTheWheel() {
        var m = MouseTracker(width: 100, height: 100)
        _ = feed(&m, [button(1), syn])
        #expect(m.cancelAll(now: 2).map(\.phase) == [.cancelled])
        _ = feed(&m, [rel(EV.relWheel, 1), syn])
        #expect(m.cancelAll(now: 2).map(\.phase) == [.cancelled] && !m.isTouching)
        // SYN_DROPPED forgets the half frame.
        _ = m.handle(button(1), now: 3)
        _ = m.handle(InputEvent(type: EV.syn, code: EV.synDropped, value: 0), now: 3)
        #expect(feed(&m, [syn]).isEmpty)
        // A zero-sized screen is 1×1.
        let z = MouseTracker(width: 0, height: -5)
        #expect(z.width == 1 && z.height == 1 && z.x == 0.5)
    }
}
