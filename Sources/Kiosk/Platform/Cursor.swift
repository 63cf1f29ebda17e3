// Cursor: the mouse pointer kiosk draws over the frame (there is no hardware cursor plane in use).
// An arrow 12×19 px, black-edged white, drawn into the frame loop's shadow buffer after the
// source's frame; the pixels under it are kept and put back before the next frame, so the
// source's own pixels (and its scroll moves) never see it. Only the rectangles it left and
// entered are damage. `cursor = auto` shows it on motion and hides it `cursor-hide` seconds later
// or on a touch; `always` never hides it; `never` never draws it.
import Raster

public final class CursorOverlay {
    public let mode: CursorMode
    public let hideAfter: Double
    public private(set) var position = Point(0, 0)
    /// Whether the cursor should be on screen now (before the next frame draws it so).
    public private(set) var visible = false
    private var lastMotion = -Double.infinity
    /// Where it was drawn in the shadow, and the pixels it covered there.
    private var drawnAt: IntRect?
    private var under = [UInt32](repeating: 0, count: CursorOverlay.width * CursorOverlay.height)
    private var dirty = false
    /// The hide deadline the frame loop has a wakeup for.
    var scheduledHide: Double?

    public init(mode: CursorMode, hideAfter: Double) { self.mode = mode; self.hideAfter = hideAfter }

    /// The pointer moved to `p` (logical pixels) at `now`.
    public func moved(to p: Point, now: Double) {
        guard mode != .never else { return }
        if p != position || !visible { dirty = true }
        position = p; visible = true; lastMotion = now
    }

    /// A touch on the touchscreen: `auto` hides the cursor.
    public func touched() {
        guard mode == .auto, visible else { return }
        visible = false; dirty = true
    }

    /// When `auto` hides the cursor next (nil when it is hidden or never hides).
    public var hideDeadline: Double? { mode == .auto && visible ? lastMotion + hideAfter : nil }

    /// True when the next frame must draw, move or remove the cursor.
    public func needsFrame(now: Double) -> Bool {
        if let d = hideDeadline, now >= d { return true }
        return dirty
    }

    /// Before the source draws: puts back the pixels under the cursor; returns their rectangle.
    public func restore(into s: Surface) -> IntRect? {
        guard let r = drawnAt else { return nil }
        drawnAt = nil
        var i = 0
        for y in r.y0..<r.y1 {
            let row = s.row(y)
            for x in r.x0..<r.x1 { row[x] = under[i]; i += 1 }
        }
        return r
    }

    /// After the source drew: draws the cursor if it is visible; returns the damage (what
    /// `restore` put back and where it is now).
    public func draw(into s: Surface, now: Double, restored: IntRect?) -> [IntRect] {
        if let d = hideDeadline, now >= d { visible = false }
        dirty = false
        var damage: [IntRect] = restored.map { [$0] } ?? []
        guard visible else { return damage }
        let px = Int(position.x.rounded(.down)), py = Int(position.y.rounded(.down))
        let r = IntRect(x: px, y: py, width: Self.width, height: Self.height).intersection(s.bounds)
        guard !r.isEmpty else { return damage }
        var i = 0
        for y in r.y0..<r.y1 {
            let row = s.row(y)
            for x in r.x0..<r.x1 {
                under[i] = row[x]; i += 1
                switch Self.shape[y - py].utf8[Self.shape[y - py].utf8.index(Self.shape[y - py].utf8.startIndex, offsetBy: x - px)] {
                case UInt8(ascii: "#"): row[x] = 0xFF00_0000
                case UInt8(ascii: "."): row[x] = 0xFFFF_FFFF
                default: break
                }
            }
        }
        drawnAt = r
        damage.append(r)
        return damage
    }

    static let width = 12, height = 19
    /// `#` black edge, `.` white fill, space transparent; the tip (hot spot) is the top-left pixel.
    static let shape = [
        "#           ",
        "##          ",
        "#.#         ",
        "#..#        ",
        "#...#       ",
        "#....#      ",
        "#.....#     ",
        "#......#    ",
        "#.......#   ",
        "#........#  ",
        "#.........# ",
        "#......#####",
        "#...#..#    ",
        "#..# #..#   ",
        "#.#  #..#   ",
        "##    #..#  ",
        "#     #..#  ",
        "       #..# ",
        "       ###  ",
    ]
}

/// One touch-state per pointing device (mice, tablets, VNC clients), keyed by device number.
struct PointerRouter {
    var devices: [Int: PointerTouches] = [:]
}
