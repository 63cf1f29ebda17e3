// MouseTracker: a relative mouse (EV_REL REL_X/REL_Y with BTN_LEFT) as a finger: a pointer moved
// in logical pixels (so it follows the rotated picture without a mapping), whose left button is a
// touch that begins, moves and ends where the pointer is, and whose wheel is a drag. Pure: tests
// feed it events and a clock. Absolute pointers (tablets, QEMU's usb-tablet) are TouchTracker's
// `.pointer` protocol instead. No cursor is drawn (see README "Keyboards").
//
// The wheel: a detent drags a finger 40 logical pixels (three 13-point lines, what a desktop scrolls
// per detent) from the pointer: up (REL_WHEEL positive) drags down, so the content moves down as on
// a desktop; REL_HWHEEL positive drags left. The drag stays down while detents keep coming and ends
// 150 ms after the last one, slowly enough that a scroll view sees no fling.
import Raster

public struct MouseTracker: Sendable {
    /// Logical pixels a finger is dragged per wheel detent.
    public static let wheelStep = 40.0
    /// The wheel's drag ends this long after its last detent.
    public static let wheelIdle = 0.15

    public private(set) var x: Double, y: Double
    public let width: Double, height: Double
    private var dx = 0.0, dy = 0.0, wheel = 0, hwheel = 0
    private var button: Bool?
    private var down = false
    private var touchID = -1
    private var nextID: Int
    /// The wheel's finger: its id, where it is, and when the last detent came.
    private var wheelTouch: (id: Int, x: Double, y: Double, last: Double)?

    /// A pointer over a `width`×`height` logical screen, starting in its middle; `idBase` keeps
    /// its touch ids apart from other devices'.
    public init(width: Int, height: Int, idBase: Int = 1) {
        self.width = Double(max(1, width)); self.height = Double(max(1, height))
        x = self.width / 2; y = self.height / 2
        nextID = idBase
    }

    /// True while the button or the wheel's drag is down.
    public var isTouching: Bool { down || wheelTouch != nil }

    /// When the wheel's drag ends if no detent comes (the input manager's timer); nil: no drag.
    public var wheelEndTime: Double? { wheelTouch.map { $0.last + MouseTracker.wheelIdle } }

    /// Consumes one event; returns the touches of the frame it completes (SYN_REPORT).
    public mutating func handle(_ e: InputEvent, now: Double) -> [TouchEvent] {
        switch e.type {
        case EV.rel:
            let v = Int(max(-4096, min(4096, e.value)))
            switch e.code {
            case EV.relX: dx += Double(v)
            case EV.relY: dy += Double(v)
            case EV.relWheel: wheel += v
            case EV.relHWheel: hwheel += v
            default: break
            }
        case EV.key where e.code == EV.btnLeft:
            if e.value == 0 || e.value == 1 { button = e.value == 1 }
        case EV.syn where e.code == EV.synReport:
            return report(now: now)
        case EV.syn where e.code == EV.synDropped:
            dx = 0; dy = 0; wheel = 0; hwheel = 0; button = nil
        default: break
        }
        return []
    }

    private mutating func report(now: Double) -> [TouchEvent] {
        var out: [TouchEvent] = []
        let moved = dx != 0 || dy != 0
        x = min(width - 1, max(0, x + dx)); y = min(height - 1, max(0, y + dy))
        dx = 0; dy = 0
        if let b = button, b != down {
            if b {
                out += endWheel(now: now, force: true)
                touchID = nextID; nextID += 1
                out.append(TouchEvent(id: touchID, phase: .began, location: Point(x, y), time: now))
            } else {
                out.append(TouchEvent(id: touchID, phase: .ended, location: Point(x, y), time: now))
                touchID = -1
            }
            down = b
        } else if down && moved {
            out.append(TouchEvent(id: touchID, phase: .moved, location: Point(x, y), time: now))
        }
        button = nil
        if (wheel != 0 || hwheel != 0) && !down {
            let steps = Double(max(-64, min(64, wheel))), hsteps = Double(max(-64, min(64, hwheel)))
            var w = wheelTouch ?? (beginWheel(now: now, &out))
            var nx = w.x - hsteps * MouseTracker.wheelStep, ny = w.y + steps * MouseTracker.wheelStep
            if nx < 0 || nx > width - 1 || ny < 0 || ny > height - 1 {
                // The finger would leave the screen: lift it and put it down again at the pointer.
                out.append(TouchEvent(id: w.id, phase: .ended, location: Point(w.x, w.y), time: now))
                wheelTouch = nil
                w = beginWheel(now: now, &out)
                nx = min(width - 1, max(0, w.x - hsteps * MouseTracker.wheelStep))
                ny = min(height - 1, max(0, w.y + steps * MouseTracker.wheelStep))
            }
            w.x = nx; w.y = ny; w.last = now
            out.append(TouchEvent(id: w.id, phase: .moved, location: Point(nx, ny), time: now))
            wheelTouch = w
        }
        wheel = 0; hwheel = 0
        return out
    }

    private mutating func beginWheel(now: Double, _ out: inout [TouchEvent]) -> (id: Int, x: Double, y: Double, last: Double) {
        let w = (id: nextID, x: x, y: y, last: now)
        nextID += 1
        out.append(TouchEvent(id: w.id, phase: .began, location: Point(x, y), time: now))
        wheelTouch = w
        return w
    }

    /// Ends the wheel's drag when its idle time has passed at `now` (or at once with `force`).
    public mutating func endWheel(now: Double, force: Bool = false) -> [TouchEvent] {
        guard let w = wheelTouch, force || now >= w.last + MouseTracker.wheelIdle else { return [] }
        wheelTouch = nil
        return [TouchEvent(id: w.id, phase: .ended, location: Point(w.x, w.y), time: now)]
    }

    /// Cancels the button's touch and the wheel's drag (the mouse went away, or input paused).
    public mutating func cancelAll(now: Double) -> [TouchEvent] {
        var out: [TouchEvent] = []
        if down { out.append(TouchEvent(id: touchID, phase: .cancelled, location: Point(x, y), time: now)) }
        if let w = wheelTouch { out.append(TouchEvent(id: w.id, phase: .cancelled, location: Point(w.x, w.y), time: now)) }
        down = false; touchID = -1; wheelTouch = nil; button = nil
        return out
    }
}
