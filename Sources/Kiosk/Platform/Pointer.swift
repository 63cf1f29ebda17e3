// Pointer: a mouse, a tablet or a VNC client's pointer, in logical pixels. A left-button press
// acts as a touch (began/moved/ended with an id of its own), motion moves the cursor, the wheel
// scrolls. `PointerTouches` is the pure part (tests drive it); the frame loop owns one per
// pointing device and draws the cursor (Cursor.swift).
import Raster

/// What a pointing device did, in logical pixels of the rendered surface.
public enum PointerEvent: Sendable, Equatable {
    /// Moved to a point (buttons unchanged).
    case moved(Point)
    /// The primary (left) button went down or up at a point.
    case button(down: Bool, at: Point)
    /// Wheel steps at a point, one per detent: positive `dy` is the wheel turned away from the
    /// user (the content moves down and shows what is above, as a finger dragging down would),
    /// positive `dx` shows what is to the left.
    case wheel(dx: Double, dy: Double, at: Point)

    public var location: Point {
        switch self {
        case .moved(let p), .button(_, let p), .wheel(_, _, let p): return p
        }
    }
}

/// One pointer's button and position → the touches the app sees: a press begins a touch, motion
/// while pressed moves it, the release ends it. Motion with the button up is no touch.
public struct PointerTouches: Sendable {
    /// The touch id used while the button is down (kept apart from touchscreens' ids).
    public let touchID: Int
    public private(set) var isDown = false
    public private(set) var location = Point(0, 0)

    public init(touchID: Int) { self.touchID = touchID }

    /// The touch `event` makes, if any.
    public mutating func handle(_ event: PointerEvent, time: Double) -> TouchEvent? {
        switch event {
        case .moved(let p):
            guard p != location else { return nil }
            location = p
            return isDown ? TouchEvent(id: touchID, phase: .moved, location: p, time: time) : nil
        case .button(let down, let p):
            var moved: TouchEvent?
            if isDown && p != location { moved = TouchEvent(id: touchID, phase: .moved, location: p, time: time) }
            location = p
            guard down != isDown else { return moved }
            isDown = down
            // A move to the release point first would need two events; the release carries it.
            return TouchEvent(id: touchID, phase: down ? .began : .ended, location: p, time: time)
        case .wheel(_, _, let p):
            location = p
            return nil
        }
    }

    /// The pointer went away (device unplugged, VNC client gone): a touch still down is cancelled.
    public mutating func cancel(time: Double) -> TouchEvent? {
        guard isDown else { return nil }
        isDown = false
        return TouchEvent(id: touchID, phase: .cancelled, location: location, time: time)
    }
}

/// Touch ids for pointers: far above the touchscreens' ranges (1 << 20 per device).
public enum PointerTouchIDs {
    public static let mouseBase = 1 << 40
    public static let vncBase = 1 << 41
}
