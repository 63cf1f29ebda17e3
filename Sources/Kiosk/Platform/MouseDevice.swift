// MouseDevice: a relative pointer (EV_REL with REL_X, REL_Y and BTN_LEFT: a USB mouse, a
// trackball) as PointerEvents in logical pixels. Motion moves a position kept inside the screen,
// the left button presses, REL_WHEEL/REL_HWHEEL scroll. Touchscreens and absolute tablets stay with
// InputManager (a tablet's BTN_LEFT already acts as a touch there); InputManager hands every event
// node it does not use to `MouseInput.open`, so mice are hot-plugged with the same inotify watch.
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import CDRM
import Raster

/// One mouse's events → pointer events (pure: tests feed recorded events).
public struct MouseTracker: Sendable {
    public static let relX: UInt16 = 0x00, relY: UInt16 = 0x01, relHWheel: UInt16 = 0x06, relWheel: UInt16 = 0x08
    public var width: Double, height: Double
    public private(set) var x: Double, y: Double
    private var dx = 0.0, dy = 0.0, wheelX = 0.0, wheelY = 0.0
    private var button = false, buttonChanged = false
    private var dropping = false

    /// Starts at the middle of a `width`×`height` screen.
    public init(width: Int, height: Int) {
        self.width = Double(max(1, width)); self.height = Double(max(1, height))
        x = self.width / 2; y = self.height / 2
    }

    /// Consumes one event; returns what a completed frame (SYN_REPORT) did.
    public mutating func handle(_ e: InputEvent) -> [PointerEvent] {
        if e.type == EV.syn && e.code == EV.synDropped { dropping = true; return [] }
        switch e.type {
        case EV.rel where !dropping:
            let v = Double(e.value)
            switch e.code {
            case Self.relX: dx += v
            case Self.relY: dy += v
            case Self.relWheel: wheelY += v
            case Self.relHWheel: wheelX -= v
            default: break
            }
        case EV.key where e.code == EV.btnLeft && !dropping:
            let down = e.value != 0
            if down != button { button = down; buttonChanged = true }
        case EV.syn where e.code == EV.synReport:
            if dropping {
                // Events were lost: drop the partial motion; a button state is uncertain, so
                // release it (the next press starts a new touch).
                dropping = false; dx = 0; dy = 0; wheelX = 0; wheelY = 0
                if button { button = false; buttonChanged = false; return [.button(down: false, at: Point(x, y))] }
                return []
            }
            var out: [PointerEvent] = []
            if dx != 0 || dy != 0 {
                x = min(max(0, x + dx), width - 1); y = min(max(0, y + dy), height - 1)
                dx = 0; dy = 0
                out.append(.moved(Point(x, y)))
            }
            if buttonChanged { buttonChanged = false; out.append(.button(down: button, at: Point(x, y))) }
            if wheelX != 0 || wheelY != 0 {
                out.append(.wheel(dx: wheelX, dy: wheelY, at: Point(x, y)))
                wheelX = 0; wheelY = 0
            }
            return out
        default: break
        }
        return []
    }
}

/// The open mice, read on the main queue; each delivers to `onPointer` with its device number.
public final class MouseInput {
    final class Mouse {
        let path: String, fd: Int32, number: Int
        var tracker: MouseTracker
        var decoder = EvdevDecoder()
        var source: DispatchSourceRead?
        init(path: String, fd: Int32, number: Int, tracker: MouseTracker) { self.path = path; self.fd = fd; self.number = number; self.tracker = tracker }
    }
    public let width: Int, height: Int
    public var onPointer: (PointerEvent, Int) -> Void = { _, _ in }
    public var onGone: (Int) -> Void = { _ in }
    private var mice: [String: Mouse] = [:]
    private var next = 1
    private var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: InputEvent.size * 64, alignment: 8)

    public init(width: Int, height: Int) { self.width = width; self.height = height }
    deinit { for p in Array(mice.keys) { close(p) }; buffer.deallocate() }

    public var paths: [String] { mice.keys.sorted() }

    /// True when `fd`'s device is a relative mouse: REL_X, REL_Y and BTN_LEFT.
    public static func isMouse(fd: Int32) -> Bool {
        guard let ev = try? EvdevDevice.bits(fd, kiosk_EVIOCGBIT(0, 4), count: 32), EvdevDevice.test(ev, Int(EV.rel)), EvdevDevice.test(ev, Int(EV.key)),
              let rel = try? EvdevDevice.bits(fd, kiosk_EVIOCGBIT(UInt32(EV.rel), 2), count: 16),
              let key = try? EvdevDevice.bits(fd, kiosk_EVIOCGBIT(UInt32(EV.key), 96), count: 768) else { return false }
        return EvdevDevice.test(rel, Int(MouseTracker.relX)) && EvdevDevice.test(rel, Int(MouseTracker.relY)) && EvdevDevice.test(key, Int(EV.btnLeft))
    }

    /// Opens `path` if it is a mouse; false otherwise (or when it cannot be opened).
    @discardableResult
    public func open(_ path: String) -> Bool {
        guard mice[path] == nil else { return true }
        guard let fd = try? Syscall.open(path, O_RDONLY | O_NONBLOCK) else { return false }
        guard Self.isMouse(fd: fd) else { Syscall.close(fd); return false }
        let m = Mouse(path: path, fd: fd, number: next, tracker: MouseTracker(width: width, height: height))
        next += 1
        let src = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
        src.setEventHandler { [weak self, weak m] in if let self, let m { self.read(m) } }
        src.resume()
        m.source = src
        mice[path] = m
        Log.info("input: \(path) is a mouse (pointer \(m.number))")
        return true
    }

    private func read(_ m: Mouse) {
        while true {
            let n: Int
            do { n = try Syscall.read(m.fd, buffer.baseAddress!, buffer.count) }
            catch let e as Errno where e == .wouldBlock { return }
            catch { close(m.path); return }
            if n == 0 { close(m.path); return }
            for e in m.decoder.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<n])) {
                for p in m.tracker.handle(e) { onPointer(p, m.number) }
            }
            if n < buffer.count { return }
        }
    }

    /// Closes a mouse (unplugged): a press it holds is cancelled by `onGone`.
    public func close(_ path: String) {
        guard let m = mice.removeValue(forKey: path) else { return }
        m.source?.cancel()
        Syscall.close(m.fd)
        onGone(m.number)
        Log.info("input: mouse \(path) went away")
    }
}
