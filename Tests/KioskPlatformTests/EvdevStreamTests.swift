import Testing
@testable import Kiosk

/// Recorded evdev streams, as the kernel writes them, through the decoder and the touch tracker.
private func ev(_ type: UInt16, _ code: UInt16, _ value: Int32, t: Double = 1.5) -> InputEvent {
    InputEvent(time: t, type: type, code: code, value: value)
}
private let syn = ev(EV.syn, EV.synReport, 0)

/// Bytes → decoder → tracker, in chunks of `chunk` bytes (short reads).
private func run(_ events: [InputEvent], proto: TouchProtocol, chunk: Int = 4096,
                 snapshot: DeviceSnapshot? = nil) -> (touches: [RawTouch], tracker: TouchTracker) {
    let bytes = events.flatMap(\.bytes)
    var dec = EvdevDecoder()
    var tr = TouchTracker(proto: proto, slotCount: 10)
    var out: [RawTouch] = []
    var i = 0
    while i < bytes.count {
        let part = Array(bytes[i..<min(bytes.count, i + chunk)])
        for e in dec.feed(part) { out += tr.handle(e, snapshot: { snapshot }) }
        i += chunk
    }
    return (out, tr)
}

@Suite struct EvdevStreamTests {
    @Test func eventBytesRoundTrip() {
        let e = InputEvent(time: 12.25, type: EV.abs, code: EV.absMTPositionX, value: -7)
        var d = EvdevDecoder()
        let out = d.feed(e.bytes)
        #expect(out == [e])
        #expect(e.bytes.count == 24)
    }

    @Test func singleTouchTap() {
        let (t, tr) = run([ev(EV.abs, EV.absX, 100), ev(EV.abs, EV.absY, 200), ev(EV.key, EV.btnTouch, 1), syn,
                           ev(EV.abs, EV.absX, 110), syn,
                           ev(EV.key, EV.btnTouch, 0), syn], proto: .singleTouch)
        #expect(t.map(\.phase) == [.began, .moved, .ended])
        #expect(t[0].x == 100 && t[0].y == 200)
        #expect(t[1].x == 110 && t[1].y == 200)
        #expect(Set(t.map(\.id)).count == 1)
        #expect(!tr.isTouching)
    }

    @Test func pointerUsesBTNLeftAndIgnoresMotionWithoutButton() {
        // QEMU usb-tablet: ABS_X/ABS_Y 0…32767, MSC_SCAN before the button, BTN_LEFT not BTN_TOUCH.
        let (t, _) = run([ev(EV.abs, EV.absX, 8191), ev(EV.abs, EV.absY, 24575), syn,
                          ev(EV.msc, 4, 0x90001), ev(EV.key, EV.btnLeft, 1), syn,
                          ev(EV.msc, 4, 0x90001), ev(EV.key, EV.btnLeft, 0), syn], proto: .pointer)
        #expect(t.map(\.phase) == [.began, .ended])
        #expect(t[0].x == 8191 && t[0].y == 24575)
        // BTN_TOUCH means nothing to a pointer device.
        let (t2, _) = run([ev(EV.key, EV.btnTouch, 1), syn], proto: .pointer)
        #expect(t2.isEmpty)
    }

    @Test func multitouchBTwoFingers() {
        let stream = [
            ev(EV.abs, EV.absMTSlot, 0), ev(EV.abs, EV.absMTTrackingID, 45), ev(EV.abs, EV.absMTPositionX, 10), ev(EV.abs, EV.absMTPositionY, 20),
            ev(EV.abs, EV.absMTSlot, 1), ev(EV.abs, EV.absMTTrackingID, 46), ev(EV.abs, EV.absMTPositionX, 300), ev(EV.abs, EV.absMTPositionY, 400),
            ev(EV.key, EV.btnTouch, 1), syn,
            ev(EV.abs, EV.absMTSlot, 0), ev(EV.abs, EV.absMTPositionX, 15), syn,        // finger 0 moves
            ev(EV.abs, EV.absMTSlot, 1), ev(EV.abs, EV.absMTTrackingID, -1), syn,       // finger 1 lifts
            ev(EV.abs, EV.absMTSlot, 0), ev(EV.abs, EV.absMTTrackingID, -1), ev(EV.key, EV.btnTouch, 0), syn,
        ]
        let (t, tr) = run(stream, proto: .multitouchB)
        #expect(t.map(\.phase) == [.began, .began, .moved, .ended, .ended])
        #expect(t[0].x == 10 && t[0].y == 20 && t[1].x == 300 && t[1].y == 400)
        #expect(t[2].id == t[0].id && t[2].x == 15 && t[2].y == 20)
        #expect(t[3].id == t[1].id && t[4].id == t[0].id)
        #expect(t[0].id != t[1].id)
        #expect(!tr.isTouching)
    }

    @Test func truncatedEventsSplitAtEveryByteBoundary() {
        let stream = [ev(EV.abs, EV.absMTSlot, 0), ev(EV.abs, EV.absMTTrackingID, 1), ev(EV.abs, EV.absMTPositionX, 7),
                      ev(EV.abs, EV.absMTPositionY, 9), syn, ev(EV.abs, EV.absMTTrackingID, -1), syn]
        let whole = run(stream, proto: .multitouchB).touches
        #expect(whole.map(\.phase) == [.began, .ended])
        for chunk in [1, 5, 23, 25, 47] {
            #expect(run(stream, proto: .multitouchB, chunk: chunk).touches == whole, "chunk \(chunk)")
        }
        // A record cut short at the end stays pending and produces nothing.
        var d = EvdevDecoder()
        #expect(d.feed(Array(stream[0].bytes.prefix(13))).isEmpty)
        #expect(d.pendingByteCount == 13)
        d.reset()
        #expect(d.feed(stream[1].bytes) == [stream[1]])
    }

    @Test func synDroppedResyncsFromSnapshot() {
        // Finger A down; events dropped (A lifted, B landed in slot 1); the snapshot says so.
        let stream = [ev(EV.abs, EV.absMTSlot, 0), ev(EV.abs, EV.absMTTrackingID, 5), ev(EV.abs, EV.absMTPositionX, 1), ev(EV.abs, EV.absMTPositionY, 2), syn,
                      ev(EV.syn, EV.synDropped, 0), ev(EV.abs, EV.absMTPositionX, 999), syn]
        var slots = Array(repeating: (trackingID: Int32(-1), x: Int32(0), y: Int32(0)), count: 10)
        slots[1] = (7, 50, 60)
        let (t, tr) = run(stream, proto: .multitouchB, snapshot: DeviceSnapshot(slots: slots))
        #expect(t.map(\.phase) == [.began, .ended, .began])
        #expect(t[1].id == t[0].id)
        #expect(t[2].x == 50 && t[2].y == 60 && t[2].id != t[0].id)
        #expect(tr.resyncs == 1 && tr.ignoredEvents == 1)   // the ABS_MT_POSITION_X after SYN_DROPPED
    }

    @Test func synDroppedWithoutStateCancels() {
        let stream = [ev(EV.abs, EV.absX, 3), ev(EV.key, EV.btnTouch, 1), syn, ev(EV.syn, EV.synDropped, 0), syn]
        let (t, tr) = run(stream, proto: .singleTouch, snapshot: nil)
        #expect(t.map(\.phase) == [.began, .cancelled])
        #expect(!tr.isTouching)
    }

    @Test func garbageIsIgnoredSafely() {
        // Out-of-range slots, unknown types and codes, a BTN value of 7: no crash, no phantom touch.
        let stream = [ev(EV.abs, EV.absMTSlot, 99), ev(EV.abs, EV.absMTTrackingID, 3), ev(EV.abs, EV.absMTPositionX, 1),
                      ev(0x1F, 0xFFFF, -1), ev(EV.abs, EV.absMTSlot, -4), syn, ev(EV.key, EV.btnTouch, 7), syn]
        let (t, tr) = run(stream, proto: .multitouchB)
        #expect(t.isEmpty)
        #expect(tr.ignoredEvents == 2)
        let (t2, tr2) = run([ev(EV.key, EV.btnTouch, 7), syn], proto: .singleTouch)
        #expect(t2.isEmpty && tr2.ignoredEvents == 1)
        // Random bytes: whatever they decode to, the tracker stays consistent.
        var rng = SystemRandomNumberGenerator()
        var dec = EvdevDecoder(), tr3 = TouchTracker(proto: .multitouchB)
        var began = Set<Int>()
        for _ in 0..<200 {
            let junk = (0..<Int.random(in: 1...100, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            for e in dec.feed(junk) {
                for r in tr3.handle(e) {
                    if r.phase == .began { #expect(!began.contains(r.id)); began.insert(r.id) }
                    else { #expect(began.contains(r.id)) }
                    if r.phase == .ended || r.phase == .cancelled { began.remove(r.id) }
                }
            }
        }
    }

    @Test func vanishingDeviceCancelsContacts() {
        var tr = TouchTracker(proto: .multitouchB)
        var out: [RawTouch] = []
        for e in [ev(EV.abs, EV.absMTSlot, 0), ev(EV.abs, EV.absMTTrackingID, 1), syn,
                  ev(EV.abs, EV.absMTSlot, 1), ev(EV.abs, EV.absMTTrackingID, 2), syn] { out += tr.handle(e) }
        let cancelled = tr.cancelAll(time: 9)
        #expect(cancelled.map(\.phase) == [.cancelled, .cancelled])
        #expect(Set(cancelled.map(\.id)) == Set(out.map(\.id)))
        #expect(tr.cancelAll(time: 10).isEmpty)
    }
}
