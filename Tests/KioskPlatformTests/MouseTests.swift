// MouseTests: a relative mouse's events become pointer motion inside the screen, presses and
// wheel steps; a wheel step through the loop scrolls a ScrollView and stays put (no fling).
import Foundation
import Testing
import Raster

@testable import Kiosk

@Suite struct MouseTests {
    func ev(_ type: UInt16, _ code: UInt16, _ value: Int32) -> InputEvent { InputEvent(type: type, code: code, value: value) }
    var syn: InputEvent { ev(EV.syn, EV.synReport, 0) }

    @Test func motionIsClampedAndButtonsAndWheelComeOnSynReport() {
        var m = MouseTracker(width: 100, height: 50)
        #expect(m.x == 50 && m.y == 25)
        #expect(m.handle(ev(EV.rel, MouseTracker.relX, 10)).isEmpty)
        #expect(m.handle(ev(EV.rel, MouseTracker.relY, -5)).isEmpty)
        #expect(m.handle(syn) == [.moved(Point(60, 20))])
        _ = m.handle(ev(EV.rel, MouseTracker.relX, 1000))
        #expect(m.handle(syn) == [.moved(Point(99, 20))])
        _ = m.handle(ev(EV.key, EV.btnLeft, 1))
        #expect(m.handle(syn) == [.button(down: true, at: Point(99, 20))])
        _ = m.handle(ev(EV.key, EV.btnLeft, 2))          // autorepeat of a held button: nothing new
        #expect(m.handle(syn).isEmpty)
        _ = m.handle(ev(EV.rel, MouseTracker.relWheel, -1))
        _ = m.handle(ev(EV.key, EV.btnLeft, 0))
        #expect(m.handle(syn) == [.button(down: false, at: Point(99, 20)), .wheel(dx: 0, dy: -1, at: Point(99, 20))])
    }

    @Test func droppedEventsReleaseAHeldButton() {
        var m = MouseTracker(width: 10, height: 10)
        _ = m.handle(ev(EV.key, EV.btnLeft, 1)); _ = m.handle(syn)
        _ = m.handle(ev(EV.syn, EV.synDropped, 0))
        _ = m.handle(ev(EV.rel, MouseTracker.relX, 3))
        #expect(m.handle(syn) == [.button(down: false, at: Point(5, 5))])
        #expect(m.x == 5)
    }

    @Test func garbageValuesNeverLeaveTheScreen() {
        var m = MouseTracker(width: 0, height: -3)
        _ = m.handle(ev(EV.rel, MouseTracker.relX, .min)); _ = m.handle(ev(EV.rel, MouseTracker.relY, .max))
        let out = m.handle(syn)
        #expect(out == [.moved(Point(0, 0))])
    }

    @MainActor @Test func aWheelStepScrollsTheScrollViewUnderThePointerAndStaysPut() async throws {
        let display = try OffscreenDisplay(directory: NSTemporaryDirectory() + "kiosk-wheel-\(getpid())", width: 60, height: 100)
        let source = ViewFrameSource(width: 60, height: 100) { WheelList() }
        let loop = try FrameLoop(display: display, source: source)
        loop.start()
        defer { loop.halt() }
        try await waitFor { loop.frameCount >= 1 }
        #expect(display.panel.pixel(x: 30, y: 1).r == 0)
        loop.deliver(.wheel(dx: 0, dy: -1, at: Point(30, 50)), device: 1)   // toward the user: show what is below
        try await waitFor { display.panel.pixel(x: 30, y: 1).r > 0 }
        let scrolled = display.panel.pixel(x: 30, y: 1).r
        try await Task.sleep(nanoseconds: 500_000_000)
        #expect(scrolled > 0 && display.panel.pixel(x: 30, y: 1).r == scrolled, "\(scrolled) then \(display.panel.pixel(x: 30, y: 1).r)")
    }
}

struct WheelList: View {
    var body: some View {
        ScrollView {
            VStack(spacing: 0) {
                ForEach(0..<40, id: \.self) { i in
                    Color(red: Double(i) * 6 / 255, green: 0, blue: 0).frame(height: 20)
                }
            }
        }
        .scrollIndicators(.hidden)
    }
}
