// PointerCursorTests: a pointer's press is a touch, the cursor is drawn over the frame and its
// pixels put back, VNC keysyms map to keys, wrong VNC passwords are rate limited.
import Foundation
import Testing
import Raster

@testable import Kiosk

@Suite struct PointerCursorTests {
    @Test func pressMoveReleaseIsOneTouchAndMotionAloneIsNone() {
        var p = PointerTouches(touchID: 7)
        #expect(p.handle(.moved(Point(5, 5)), time: 0) == nil)
        #expect(p.handle(.button(down: true, at: Point(5, 5)), time: 1) == TouchEvent(id: 7, phase: .began, location: Point(5, 5), time: 1))
        #expect(p.handle(.moved(Point(9, 5)), time: 2)?.phase == .moved)
        #expect(p.handle(.button(down: true, at: Point(9, 5)), time: 3) == nil)   // held: nothing new
        #expect(p.handle(.button(down: false, at: Point(9, 6)), time: 4) == TouchEvent(id: 7, phase: .ended, location: Point(9, 6), time: 4))
        #expect(p.handle(.wheel(dx: 0, dy: 1, at: Point(1, 1)), time: 5) == nil)
        #expect(p.cancel(time: 6) == nil)
        _ = p.handle(.button(down: true, at: Point(1, 1)), time: 7)
        #expect(p.cancel(time: 8)?.phase == .cancelled)
    }

    @Test func cursorDrawsAnArrowAndPutsThePixelsBack() throws {
        let s = try Surface(width: 40, height: 30)
        s.clear(0xFF11_2233)
        let c = CursorOverlay(mode: .auto, hideAfter: 2)
        #expect(!c.needsFrame(now: 0))
        c.moved(to: Point(10, 5), now: 0)
        #expect(c.needsFrame(now: 0))
        let d1 = c.draw(into: s, now: 0, restored: c.restore(into: s))
        #expect(d1 == [IntRect(x: 10, y: 5, width: 12, height: 19).intersection(s.bounds)])
        #expect(s.premultipliedPixel(x: 10, y: 5) == 0xFF00_0000)       // the tip's edge
        #expect(s.premultipliedPixel(x: 11, y: 7) == 0xFFFF_FFFF)       // the fill
        #expect(s.premultipliedPixel(x: 21, y: 5) == 0xFF11_2233)       // beside the arrow
        #expect(!c.needsFrame(now: 1))
        // Moved: the old place is put back, the new one drawn; only those two are damage.
        c.moved(to: Point(30, 20), now: 1)
        let back = c.restore(into: s)
        #expect(s.premultipliedPixel(x: 10, y: 5) == 0xFF11_2233 && s.premultipliedPixel(x: 11, y: 7) == 0xFF11_2233)
        let d2 = c.draw(into: s, now: 1, restored: back)
        #expect(d2.count == 2 && d2[1] == IntRect(x0: 30, y0: 20, x1: 40, y1: 30))   // clipped at the edge
        // auto: hidden 2 s after the last motion.
        #expect(c.hideDeadline == 3 && !c.needsFrame(now: 2.9) && c.needsFrame(now: 3))
        let d3 = c.draw(into: s, now: 3, restored: c.restore(into: s))
        #expect(d3 == [IntRect(x0: 30, y0: 20, x1: 40, y1: 30)] && !c.visible)
        var clean = true
        for y in 0..<30 { for x in 0..<40 where s.premultipliedPixel(x: x, y: y) != 0xFF11_2233 { clean = false } }
        #expect(clean)
    }

    @Test func touchHidesAutoButNotAlwaysAndNeverDrawsNothing() throws {
        let auto = CursorOverlay(mode: .auto, hideAfter: 5)
        auto.moved(to: Point(1, 1), now: 0); auto.touched()
        #expect(!auto.visible)
        let always = CursorOverlay(mode: .always, hideAfter: 5)
        always.moved(to: Point(1, 1), now: 0); always.touched()
        #expect(always.visible && always.hideDeadline == nil)
        let never = CursorOverlay(mode: .never, hideAfter: 5)
        never.moved(to: Point(1, 1), now: 0)
        let s = try Surface(width: 8, height: 8)
        #expect(!never.needsFrame(now: 0) && never.draw(into: s, now: 0, restored: nil).isEmpty)
    }

    @MainActor @Test func aClickThroughTheLoopIsATapAndTheCursorIsOnScreen() async throws {
        let taps = TapCounter()
        let display = try OffscreenDisplay(directory: NSTemporaryDirectory() + "kiosk-ptr-\(getpid())", width: 80, height: 60)
        let source = ViewFrameSource(width: 80, height: 60) { TapTarget(counter: taps) }
        let loop = try FrameLoop(display: display, source: source)
        loop.cursor = CursorOverlay(mode: .auto, hideAfter: 30)
        loop.start()
        defer { loop.halt() }
        try await waitFor { loop.frameCount >= 1 }
        loop.deliver(.moved(Point(40, 30)), device: 1)
        try await waitFor { display.panel.premultipliedPixel(x: 40, y: 30) == 0xFF00_0000 }
        loop.deliver(.button(down: true, at: Point(40, 30)), device: 1)
        try await Task.sleep(nanoseconds: 30_000_000)
        loop.deliver(.button(down: false, at: Point(40, 30)), device: 1)
        try await waitFor { taps.count == 1 }
        #expect(taps.count == 1)
        #expect(display.panel.premultipliedPixel(x: 41, y: 32) == 0xFFFF_FFFF)   // still drawn over the app
    }

    @Test func keysymsMapToKeys() {
        var m = VNCKeyMapper()
        #expect(m.press(keysym: 0x61, down: true) == KeyPress(phase: .down, key: "a", characters: "a"))
        #expect(m.press(keysym: 0xFF0D, down: true)?.key == .return)
        #expect(m.press(keysym: 0xFF51, down: false) == KeyPress(phase: .up, key: .leftArrow))
        #expect(m.press(keysym: 0xFFE1, down: true) == nil)                   // Shift: a modifier
        #expect(m.press(keysym: 0x41, down: true)?.modifiers == .shift)
        #expect(m.press(keysym: 0x0100_20AC, down: true)?.characters == "€")  // a Unicode keysym
        #expect(m.press(keysym: 0xFFBE, down: true) == nil)                    // F1: not simple
        #expect(m.press(keysym: 0x0100_0007, down: true) == nil)               // a control character
        #expect(m.press(keysym: 0xFFFF_FFFF, down: true) == nil)
    }

    @Test func wrongPasswordsAreRateLimited() {
        var l = PasswordRateLimit()
        var checked = 0
        for i in 0..<1000 {
            let now = Double(i) * 0.01   // 1000 attempts in 10 s
            if l.allows(now: now) { checked += 1; l.record(success: false, now: now) }
        }
        // 3 free, then 1 s, 2 s, 4 s penalties: a handful checked, the rest refused unchecked.
        #expect(checked <= 6 && l.refusedUnchecked >= 994)
        l.record(success: true, now: 11)
        #expect(l.allows(now: 11) && l.penalty == 0)
    }
}

final class TapCounter: @unchecked Sendable { var count = 0 }

struct TapTarget: View {
    let counter: TapCounter
    var body: some View {
        Button { counter.count += 1 } label: { Color.blue }
            .buttonStyle(.plain)
    }
}

@MainActor func waitFor(_ seconds: Double = 10, _ condition: () -> Bool) async throws {
    let t0 = Syscall.monotonicNow()
    while !condition() && Syscall.monotonicNow() - t0 < seconds { try await Task.sleep(nanoseconds: 10_000_000) }
}
