// TabletTests: absolute pointers that are no touchscreen (QEMU's usb-tablet: ABS_X/ABS_Y 0…32767,
// BTN_LEFT, MSC_SCAN, REL_WHEEL, no BTN_TOUCH, no INPUT_PROP_DIRECT) drive the pointer and the
// cursor like a mouse: classified as tablets, their axes scaled to the screen through the touch
// mapping (rotation, calibration), clicks as taps, the wheel scrolling; a VT switch pauses them.
// The event streams are synthetic evdev bytes through the real read path (a pipe).
import Foundation
import Testing
import Raster

@testable import Kiosk

private func bits(_ codes: [Int], count: Int) -> [UInt8] {
    var b = [UInt8](repeating: 0, count: (count + 7) / 8)
    for c in codes { b[c / 8] |= 1 << (c % 8) }
    return b
}

private func ev(_ type: UInt16, _ code: UInt16, _ value: Int32) -> InputEvent { InputEvent(type: type, code: code, value: value) }
private let syn = ev(EV.syn, EV.synReport, 0)
private let mscScan: UInt16 = 0x04
/// What QEMU's usb-tablet sends for QMP `input-send-event` abs x, y (measured: vm-e2e.md §4).
private func move(_ x: Int32, _ y: Int32) -> [InputEvent] { [ev(EV.abs, EV.absX, x), ev(EV.abs, EV.absY, y), syn] }
private func button(_ down: Bool) -> [InputEvent] { [ev(EV.msc, mscScan, 0x90001), ev(EV.key, EV.btnLeft, down ? 1 : 0), syn] }

@Suite struct TabletTests {
    let full = AxisRange(0, 32767)

    @Test func anAbsolutePointerWithoutBTN_TOUCHOrDirectIsATabletNotATouchscreen() {
        let events = bits([Int(EV.syn), Int(EV.key), Int(EV.rel), Int(EV.abs), Int(EV.msc)], count: 32)
        let abs = bits([Int(EV.absX), Int(EV.absY)], count: 64)
        let keys = bits([Int(EV.btnLeft), Int(EV.btnRight), Int(EV.btnMiddle)], count: 768)
        let wheel = bits([Int(EV.relWheel)], count: 16)
        let usbTablet = InputDeviceKind.classify(events: events, keys: keys, relative: wheel, touch: true, absolute: abs, properties: [0])
        #expect(usbTablet == .tablet)
        #expect(usbTablet.description == "tablet")
        // A single-touch screen (BTN_TOUCH), a touch controller that says INPUT_PROP_DIRECT, a
        // multitouch screen with BTN_LEFT: touchscreens.
        let touchKeys = bits([Int(EV.btnLeft), Int(EV.btnTouch)], count: 768)
        #expect(InputDeviceKind.classify(events: events, keys: touchKeys, relative: [], touch: true, absolute: abs) == .touch)
        #expect(InputDeviceKind.classify(events: events, keys: keys, relative: [], touch: true, absolute: abs,
                                         properties: bits([EV.inputPropDirect], count: 32)) == .touch)
        let mt = bits([Int(EV.absX), Int(EV.absY), Int(EV.absMTSlot), Int(EV.absMTPositionX), Int(EV.absMTPositionY)], count: 64)
        #expect(InputDeviceKind.classify(events: events, keys: keys, relative: [], touch: true, absolute: mt) == .touch)
        // No absolute bits given (older callers): unchanged.
        #expect(InputDeviceKind.classify(events: events, keys: keys, relative: [], touch: true) == .touch)
    }

    @Test func axesScaleToTheScreenAndClicksAndTheWheelComeAsAMouseDoes() {
        let map = TouchMapping(xRange: full, yRange: full, panelWidth: 800, panelHeight: 480)
        var t = MouseTracker(tablet: map, width: 800, height: 480)
        #expect(t.mapping != nil && t.rawX == 16383 && t.rawY == 16383)
        var out: [PointerEvent] = []
        for e in move(8191, 24575) { out += t.handle(e) }
        // 0.25 and 0.75 of the range (QEMU's values): the same point a touchscreen would give.
        let p = map.map(x: 8191, y: 24575)
        #expect(out == [.moved(p)])
        #expect(abs(p.x - 200) < 0.1 && abs(p.y - 360) < 0.1)
        out = []; for e in button(true) { out += t.handle(e) }
        #expect(out == [.button(down: true, at: p)])
        out = []; for e in move(8191, 24575) { out += t.handle(e) }
        #expect(out.isEmpty)                                   // the same place again: nothing
        out = []; for e in [ev(EV.abs, EV.absX, 32767), ev(EV.key, EV.btnLeft, 0), ev(EV.rel, EV.relWheel, -2), syn] { out += t.handle(e) }
        let edge = Point(799, p.y)                             // kept inside the last pixel
        #expect(out == [.moved(edge), .button(down: false, at: edge), .wheel(dx: 0, dy: -2, at: edge)])
        // REL_X/REL_Y on a tablet node move nothing; out-of-range values stay on the screen.
        out = []; for e in [ev(EV.rel, EV.relX, 50), ev(EV.abs, EV.absY, -5000), syn] { out += t.handle(e) }
        #expect(out == [.moved(Point(799, 0))])
        out = []; for e in [ev(EV.abs, EV.absX, .min), ev(EV.abs, EV.absY, .max), syn] { out += t.handle(e) }
        #expect(out == [.moved(Point(0, 479))])
    }

    @Test func rotationAndCalibrationApplyAsToATouchscreen() {
        // Panel 800×480 turned 90°: logical 480×800. Panel point (200, 360) is logical (360, 600).
        let rotated = TouchMapping(xRange: full, yRange: full, panelWidth: 800, panelHeight: 480, rotation: .degrees90)
        var t = MouseTracker(tablet: rotated, width: 480, height: 800)
        var out: [PointerEvent] = []
        for e in move(8191, 24575) { out += t.handle(e) }
        guard case .moved(let p)? = out.first else { Issue.record("no motion: \(out)"); return }
        #expect(abs(p.x - 360) < 0.1 && abs(p.y - 600) < 0.1, "\(p)")
        // A calibration that mirrors x (LIBINPUT_CALIBRATION_MATRIX -1 0 1 0 1 0) and invert-y.
        let calibrated = TouchMapping(xRange: full, yRange: full, matrix: try! CalibrationMatrix(parsing: "-1 0 1 0 1 0"),
                                      invertY: true, panelWidth: 800, panelHeight: 480)
        var c = MouseTracker(tablet: calibrated, width: 800, height: 480)
        out = []; for e in move(8191, 24575) { out += c.handle(e) }
        guard case .moved(let q)? = out.first else { Issue.record("no motion: \(out)"); return }
        #expect(abs(q.x - 600) < 0.1 && abs(q.y - 120) < 0.1, "\(q)")
        #expect(q == calibrated.map(x: 8191, y: 24575))
    }

    @Test func afterDroppedEventsATabletReadsItsPositionBackAndReleasesTheButton() {
        let map = TouchMapping(xRange: full, yRange: full, panelWidth: 800, panelHeight: 480)
        var t = MouseTracker(tablet: map, width: 800, height: 480, x: 0, y: 0)
        for e in button(true) { _ = t.handle(e) }
        _ = t.handle(ev(EV.syn, EV.synDropped, 0))
        _ = t.handle(ev(EV.abs, EV.absX, 100))                 // partial: dropped
        let out = t.handle(syn, absolute: { (x: 16383, y: 32767) })
        let p = map.map(x: 16383, y: 32767)
        #expect(out == [.moved(Point(p.x, 479)), .button(down: false, at: Point(p.x, 479))])
        #expect(t.rawX == 16383 && t.rawY == 32767)
        // With nothing to read back (EVIOCGABS failed) the position stays.
        _ = t.handle(ev(EV.syn, EV.synDropped, 0))
        #expect(t.handle(syn).isEmpty)
    }

    /// Bytes as the kernel writes them, through a pipe into MouseInput's read path.
    @MainActor @Test func aTabletStreamThroughTheReadPathReachesThePointerAndAVTSwitchPausesIt() async throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { Syscall.close(fds[1]) }
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        let mice = MouseInput(width: 800, height: 480)
        var got: [PointerEvent] = [], gone: [Int] = []
        mice.onPointer = { e, n in if n == 1 { got.append(e) } }
        mice.onGone = { gone.append($0) }
        var map = mice.tabletMapping; map.xRange = full; map.yRange = full
        let m = mice.adopt(path: "/dev/input/event-test", fd: fds[0], tracker: MouseTracker(tablet: map, width: 800, height: 480))
        mice.watch(m)
        func write(_ events: [InputEvent]) {
            let bytes = events.flatMap(\.bytes)
            // Split mid-record: the decoder keeps the tail.
            _ = bytes.withUnsafeBytes { Glibc.write(fds[1], $0.baseAddress, 30) }
            _ = bytes.withUnsafeBytes { Glibc.write(fds[1], $0.baseAddress! + 30, bytes.count - 30) }
        }
        write(move(8191, 24575) + button(true) + button(false))
        try await waitFor { got.count == 3 }
        let p = map.map(x: 8191, y: 24575)
        #expect(got == [.moved(p), .button(down: true, at: p), .button(down: false, at: p)])
        // Pressed, then the VT is switched away: the press is given up, nothing comes while paused
        // (the tracker still follows the device), and after the switch back events flow again.
        got = []
        write(button(true))
        try await waitFor { got.count == 1 }
        mice.pause()
        #expect(gone == [1] && mice.paused)
        write(move(0, 0) + button(false) + button(true) + button(false))
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(got == [.button(down: true, at: p)])
        mice.resume()
        write(move(32767, 32767) + button(true))
        try await waitFor { got.count == 3 }
        #expect(got.dropFirst() == [.moved(Point(799, 479)), .button(down: true, at: Point(799, 479))])
        mice.close("/dev/input/event-test")
        #expect(gone == [1, 1] && mice.paths.isEmpty)
    }
}

/// The frame loop's part: a VT release pauses mice and tablets as it pauses touchscreens and keys.
@MainActor @Suite struct PointerVTSwitchTests {
    @Test func aVTSwitchCancelsAHeldClickAndDropsClicksUntilTheVTIsBack() async throws {
        let display = try OffscreenDisplay(directory: NSTemporaryDirectory() + "kiosk-vt-mouse-\(getpid())", width: 80, height: 60)
        let counter = TapCounter()
        let source = ViewFrameSource(width: 80, height: 60) { TapTarget(counter: counter) }
        let loop = try FrameLoop(display: display, source: source)
        let mice = MouseInput(width: 80, height: 60)
        // weak: `mice` (closing its pointers, which calls onGone) may outlive the loop here.
        mice.onPointer = { [weak loop] e, n in loop?.deliver(e, device: n) }
        mice.onGone = { [weak loop] n in loop?.pointerGone(device: n) }
        loop.mice = mice
        var map = mice.tabletMapping; map.xRange = AxisRange(0, 32767); map.yRange = AxisRange(0, 32767)
        mice.adopt(path: "t", fd: -1, tracker: MouseTracker(tablet: map, width: 80, height: 60))
        loop.start()
        defer { loop.halt() }
        try await waitFor { loop.frameCount >= 1 }
        mice.feed(move(16383, 16383) + button(true) + button(false), path: "t")
        try await waitFor { counter.count == 1 }
        #expect(counter.count == 1)
        // Held across the release: cancelled, so letting go on the other VT taps nothing.
        mice.feed(button(true), path: "t")
        loop.releaseVT()
        #expect(mice.paused)
        mice.feed(button(false) + button(true) + button(false), path: "t")
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(counter.count == 1)
        loop.acquireVT()
        #expect(!mice.paused)
        mice.feed(button(true) + button(false), path: "t")
        try await waitFor { counter.count == 2 }
        #expect(counter.count == 2)
    }
}
