// TouchTracker: input events of one device → contacts that begin, move and end, in raw axis units.
// Handles multitouch protocol B (slots + tracking ids), single-touch BTN_TOUCH + ABS_X/Y, and
// absolute pointers that press BTN_LEFT (QEMU's usb-tablet and virtio-tablet). Pure: tests drive it
// with recorded events; `EvdevDevice` feeds it a real device and supplies the resync snapshot.

/// What kind of absolute device this is, which decides the events that mean "touching".
public enum TouchProtocol: String, Sendable {
    /// ABS_MT_SLOT / ABS_MT_TRACKING_ID / ABS_MT_POSITION_X/Y.
    case multitouchB
    /// BTN_TOUCH with ABS_X/ABS_Y.
    case singleTouch
    /// BTN_LEFT with ABS_X/ABS_Y (a tablet or a QEMU absolute pointer).
    case pointer
}

/// A contact change in raw device units.
public struct RawTouch: Equatable, Sendable {
    public var id: Int
    public var phase: TouchPhase
    public var x: Int32, y: Int32
    public var time: Double
}

/// The device's state as read back with ioctls after SYN_DROPPED.
public struct DeviceSnapshot: Equatable, Sendable {
    /// Per slot: tracking id (−1 = up) and position.
    public var slots: [(trackingID: Int32, x: Int32, y: Int32)]
    /// BTN_TOUCH or BTN_LEFT down, and ABS_X/ABS_Y.
    public var buttonDown: Bool
    public var x: Int32, y: Int32
    public init(slots: [(trackingID: Int32, x: Int32, y: Int32)] = [], buttonDown: Bool = false, x: Int32 = 0, y: Int32 = 0) {
        self.slots = slots; self.buttonDown = buttonDown; self.x = x; self.y = y
    }
    public static func == (l: DeviceSnapshot, r: DeviceSnapshot) -> Bool {
        l.buttonDown == r.buttonDown && l.x == r.x && l.y == r.y && l.slots.count == r.slots.count &&
        zip(l.slots, r.slots).allSatisfy { $0.trackingID == $1.trackingID && $0.x == $1.x && $0.y == $1.y }
    }
}

/// Turns one device's events into contacts.
public struct TouchTracker: Sendable {
    public let proto: TouchProtocol
    public let slotCount: Int

    struct Slot { var trackingID: Int32 = -1; var x: Int32 = 0; var y: Int32 = 0; var id = -1; var changed = false; var began = false; var ended = false }
    private var slots: [Slot]
    private var current = 0
    // Single touch / pointer state.
    private var x: Int32 = 0, y: Int32 = 0
    private var down = false, wasDown = false, moved = false
    private var singleID = -1
    private var dropping = false
    private var nextID: Int
    /// Events after SYN_DROPPED and malformed values ignored so far (for `kiosk probe` and logs).
    public private(set) var ignoredEvents = 0
    public private(set) var resyncs = 0

    /// `idBase` keeps ids from different devices apart (each device gets its own range).
    public init(proto: TouchProtocol, slotCount: Int = 10, idBase: Int = 1) {
        self.proto = proto
        self.slotCount = max(1, min(slotCount, 64))
        slots = Array(repeating: Slot(), count: self.slotCount)
        nextID = idBase
    }

    /// True while a finger or button is down.
    public var isTouching: Bool { proto == .multitouchB ? slots.contains { $0.trackingID >= 0 } : down }

    /// Consumes one event; returns the contacts that changed when it completes a frame (SYN_REPORT).
    /// `snapshot` is asked for the device state when a frame after SYN_DROPPED completes; nil
    /// (or no snapshot) cancels every contact instead, the safe answer when state is unknown.
    public mutating func handle(_ e: InputEvent, snapshot: () -> DeviceSnapshot? = { nil }) -> [RawTouch] {
        if e.type == EV.syn && e.code == EV.synDropped { dropping = true; return [] }
        if dropping {
            guard e.type == EV.syn && e.code == EV.synReport else { ignoredEvents += 1; return [] }
            dropping = false
            resyncs += 1
            return resync(snapshot(), time: e.time)
        }
        switch (e.type, proto) {
        case (EV.abs, .multitouchB):
            switch e.code {
            case EV.absMTSlot:
                if e.value >= 0 && Int(e.value) < slotCount { current = Int(e.value) } else { current = -1; ignoredEvents += 1 }
            case EV.absMTTrackingID:
                guard current >= 0 else { break }
                if e.value < 0 {
                    if slots[current].trackingID >= 0 { slots[current].ended = true; slots[current].changed = true }
                    slots[current].trackingID = -1
                } else {
                    if slots[current].trackingID >= 0 && slots[current].trackingID != e.value {
                        // A new contact replaced one whose release we never saw: end the old one first.
                        slots[current].ended = true
                    }
                    if slots[current].trackingID != e.value { slots[current].began = true }
                    slots[current].trackingID = e.value; slots[current].changed = true
                }
            case EV.absMTPositionX: if current >= 0 { slots[current].x = e.value; slots[current].changed = true }
            case EV.absMTPositionY: if current >= 0 { slots[current].y = e.value; slots[current].changed = true }
            default: break
            }
        case (EV.abs, _):
            if e.code == EV.absX { x = e.value; moved = true } else if e.code == EV.absY { y = e.value; moved = true }
        case (EV.key, .singleTouch) where e.code == EV.btnTouch, (EV.key, .pointer) where e.code == EV.btnLeft:
            if e.value == 0 || e.value == 1 { down = e.value == 1 } else if e.value != 2 { ignoredEvents += 1 }
        case (EV.syn, _) where e.code == EV.synReport:
            return report(time: e.time)
        default: break
        }
        return []
    }

    private mutating func report(time: Double) -> [RawTouch] {
        var out: [RawTouch] = []
        if proto == .multitouchB {
            for i in slots.indices where slots[i].changed {
                var s = slots[i]
                if s.ended && s.id >= 0 { out.append(RawTouch(id: s.id, phase: .ended, x: s.x, y: s.y, time: time)); s.id = -1 }
                if s.trackingID >= 0 {
                    if s.began || s.id < 0 { s.id = nextID; nextID += 1; out.append(RawTouch(id: s.id, phase: .began, x: s.x, y: s.y, time: time)) }
                    else { out.append(RawTouch(id: s.id, phase: .moved, x: s.x, y: s.y, time: time)) }
                }
                s.changed = false; s.began = false; s.ended = false
                slots[i] = s
            }
        } else {
            if down && !wasDown { singleID = nextID; nextID += 1; out.append(RawTouch(id: singleID, phase: .began, x: x, y: y, time: time)) }
            else if down && moved { out.append(RawTouch(id: singleID, phase: .moved, x: x, y: y, time: time)) }
            else if !down && wasDown { out.append(RawTouch(id: singleID, phase: .ended, x: x, y: y, time: time)); singleID = -1 }
            wasDown = down; moved = false
        }
        return out
    }

    /// After SYN_DROPPED: bring contacts in line with the device's real state. Contacts that are gone
    /// end, new ones begin, the rest move; with no snapshot every contact is cancelled.
    private mutating func resync(_ snap: DeviceSnapshot?, time: Double) -> [RawTouch] {
        guard let snap else { return cancelAll(time: time) }
        var out: [RawTouch] = []
        if proto == .multitouchB {
            for i in slots.indices {
                let (tid, sx, sy) = i < snap.slots.count ? snap.slots[i] : (-1, 0, 0)
                var s = slots[i]
                if s.trackingID >= 0 && s.trackingID != tid && s.id >= 0 {
                    out.append(RawTouch(id: s.id, phase: .ended, x: s.x, y: s.y, time: time)); s.id = -1
                }
                s.x = sx; s.y = sy
                if tid >= 0 {
                    if s.id < 0 || s.trackingID != tid { s.id = nextID; nextID += 1; out.append(RawTouch(id: s.id, phase: .began, x: sx, y: sy, time: time)) }
                    else { out.append(RawTouch(id: s.id, phase: .moved, x: sx, y: sy, time: time)) }
                }
                s.trackingID = tid; s.changed = false; s.began = false; s.ended = false
                slots[i] = s
            }
        } else {
            x = snap.x; y = snap.y; down = snap.buttonDown; moved = true
            out = report(time: time)
        }
        return out
    }

    /// Ends every contact as cancelled (the device vanished, or its state is unknown).
    public mutating func cancelAll(time: Double) -> [RawTouch] {
        var out: [RawTouch] = []
        for i in slots.indices {
            if slots[i].id >= 0 { out.append(RawTouch(id: slots[i].id, phase: .cancelled, x: slots[i].x, y: slots[i].y, time: time)) }
            slots[i] = Slot()
        }
        if singleID >= 0 { out.append(RawTouch(id: singleID, phase: .cancelled, x: x, y: y, time: time)) }
        singleID = -1; down = false; wasDown = false; moved = false
        return out
    }
}
