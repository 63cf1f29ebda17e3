// MouseDevice: a pointing device that is no touchscreen, as PointerEvents in logical pixels: a
// relative mouse (EV_REL with REL_X, REL_Y and BTN_LEFT: a USB mouse, a trackball), whose motion
// moves a position kept inside the screen, or an absolute tablet (InputDeviceKind.tablet: ABS_X/
// ABS_Y with BTN_LEFT and no BTN_TOUCH: QEMU's usb-tablet, a graphics tablet), whose axis values are
// scaled to the screen through the touch mapping (calibration, swap/invert, rotation) as a
// touchscreen's are. For both the left button presses, REL_WHEEL/REL_HWHEEL scroll. Touchscreens
// stay with InputManager; it hands every event node that is a mouse or tablet to `MouseInput.open`,
// so pointers are hot-plugged with the same inotify watch. A VT switch pauses them with the rest of
// the input (`pause`/`resume`, FrameLoop.releaseVT).
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import CDRM
import Raster

/// One mouse's or tablet's events → pointer events (pure: tests feed recorded events).
public struct MouseTracker: Sendable {
    public static let relX: UInt16 = 0x00, relY: UInt16 = 0x01, relHWheel: UInt16 = 0x06, relWheel: UInt16 = 0x08
    public var width: Double, height: Double
    public private(set) var x: Double, y: Double
    /// A tablet's mapping from axis values to logical pixels; nil for a relative mouse.
    public let mapping: TouchMapping?
    /// A tablet's last axis values.
    public private(set) var rawX: Int32 = 0, rawY: Int32 = 0
    private var absChanged = false
    private var dx = 0.0, dy = 0.0, wheelX = 0.0, wheelY = 0.0
    private var button = false, buttonChanged = false
    private var dropping = false

    /// A relative mouse, starting at the middle of a `width`×`height` screen.
    public init(width: Int, height: Int) {
        self.width = Double(max(1, width)); self.height = Double(max(1, height))
        x = self.width / 2; y = self.height / 2
        mapping = nil
    }

    /// An absolute tablet whose axis values `mapping` turns into logical pixels of a
    /// `width`×`height` screen (the mapping's logical size), starting at axis values (`x`, `y`)
    /// (EVIOCGABS at open; the middle of the ranges when nil).
    public init(tablet mapping: TouchMapping, width: Int, height: Int, x rx: Int32? = nil, y ry: Int32? = nil) {
        self.width = Double(max(1, width)); self.height = Double(max(1, height))
        self.mapping = mapping
        rawX = rx ?? Int32(truncatingIfNeeded: (Int64(mapping.xRange.minimum) + Int64(mapping.xRange.maximum)) / 2)
        rawY = ry ?? Int32(truncatingIfNeeded: (Int64(mapping.yRange.minimum) + Int64(mapping.yRange.maximum)) / 2)
        x = 0; y = 0
        (x, y) = place(mapping.map(x: rawX, y: rawY))
    }

    /// A mapped point kept inside the screen (a mapping for another size cannot put it outside).
    private func place(_ p: Point) -> (Double, Double) {
        func clamp(_ v: Double, _ hi: Double) -> Double { v.isNaN ? 0 : min(max(0, v), hi - 1) }
        return (clamp(p.x, width), clamp(p.y, height))
    }

    /// Consumes one event; returns what a completed frame (SYN_REPORT) did. After SYN_DROPPED a
    /// tablet reads its position back through `absolute` (EVIOCGABS: ABS_X, ABS_Y), as the kernel's
    /// events after a drop report only what changes from then on.
    public mutating func handle(_ e: InputEvent, absolute: () -> (x: Int32, y: Int32)? = { nil }) -> [PointerEvent] {
        if e.type == EV.syn && e.code == EV.synDropped { dropping = true; return [] }
        switch e.type {
        case EV.rel where !dropping:
            let v = Double(e.value)
            switch e.code {
            case Self.relX where mapping == nil: dx += v
            case Self.relY where mapping == nil: dy += v
            case Self.relWheel: wheelY += v
            case Self.relHWheel: wheelX -= v
            default: break
            }
        case EV.abs where mapping != nil && !dropping:
            switch e.code {
            case EV.absX: rawX = e.value; absChanged = true
            case EV.absY: rawY = e.value; absChanged = true
            default: break
            }
        case EV.key where e.code == EV.btnLeft && !dropping:
            let down = e.value != 0
            if down != button { button = down; buttonChanged = true }
        case EV.syn where e.code == EV.synReport:
            if dropping {
                // Events were lost: drop the partial motion; a button state is uncertain, so
                // release it (the next press starts a new touch). A tablet reads its position back.
                dropping = false; dx = 0; dy = 0; wheelX = 0; wheelY = 0; absChanged = false
                var out: [PointerEvent] = []
                if let mapping, let now = absolute() {
                    rawX = now.x; rawY = now.y
                    let (nx, ny) = place(mapping.map(x: rawX, y: rawY))
                    if nx != x || ny != y { x = nx; y = ny; out.append(.moved(Point(x, y))) }
                }
                if button { button = false; out.append(.button(down: false, at: Point(x, y))) }
                buttonChanged = false
                return out
            }
            var out: [PointerEvent] = []
            if let mapping {
                if absChanged {
                    absChanged = false
                    let (nx, ny) = place(mapping.map(x: rawX, y: rawY))
                    if nx != x || ny != y { x = nx; y = ny; out.append(.moved(Point(x, y))) }
                }
            } else if dx != 0 || dy != 0 {
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

/// The open mice and tablets, read on the main queue; each delivers to `onPointer` with its device number.
public final class MouseInput {
    final class Mouse {
        let path: String, fd: Int32, number: Int
        var tracker: MouseTracker
        /// Its watch on FDWatcher's thread.
        var token: Int?
        init(path: String, fd: Int32, number: Int, tracker: MouseTracker) { self.path = path; self.fd = fd; self.number = number; self.tracker = tracker }
    }
    public let width: Int, height: Int
    /// How tablets' axis values become logical pixels: the touchscreens' calibration, swap/invert,
    /// panel size and rotation (each tablet's own axis ranges replace the ranges here).
    public var tabletMapping: TouchMapping
    public var onPointer: (PointerEvent, Int) -> Void = { _, _ in }
    /// A pointer lost its press: the device went away, or input was paused (VT switch).
    public var onGone: (Int) -> Void = { _ in }
    /// True while input is paused (VT switched away): events are read, kept track of and dropped.
    public private(set) var paused = false
    private var mice: [String: Mouse] = [:]
    /// Each watched pointer's read buffer (used on FDWatcher's thread; freed once it is unwatched).
    private var buffers: [ObjectIdentifier: UnsafeMutableRawBufferPointer] = [:]
    private var next = 1

    /// Pointers on a `width`×`height` logical screen; tablets map as on an unrotated panel of that
    /// size until `tabletMapping` says otherwise.
    public init(width: Int, height: Int) {
        self.width = width; self.height = height
        tabletMapping = TouchMapping(xRange: AxisRange(0, 1), yRange: AxisRange(0, 1), panelWidth: width, panelHeight: height)
    }
    deinit { for p in Array(mice.keys) { close(p) } }

    public var paths: [String] { mice.keys.sorted() }

    /// Whether pointer `number` is a relative mouse (its motion wakes the panel), not a tablet.
    public func isRelative(_ number: Int) -> Bool {
        for m in mice.values where m.number == number { return m.tracker.mapping == nil }
        return false
    }

    /// True when `fd`'s device is a relative mouse: REL_X, REL_Y and BTN_LEFT.
    public static func isMouse(fd: Int32) -> Bool {
        guard let ev = try? EvdevDevice.bits(fd, kiosk_EVIOCGBIT(0, 4), count: 32), EvdevDevice.test(ev, Int(EV.rel)), EvdevDevice.test(ev, Int(EV.key)),
              let rel = try? EvdevDevice.bits(fd, kiosk_EVIOCGBIT(UInt32(EV.rel), 2), count: 16),
              let key = try? EvdevDevice.bits(fd, kiosk_EVIOCGBIT(UInt32(EV.key), 96), count: 768) else { return false }
        return EvdevDevice.test(rel, Int(MouseTracker.relX)) && EvdevDevice.test(rel, Int(MouseTracker.relY)) && EvdevDevice.test(key, Int(EV.btnLeft))
    }

    /// The tracker for the device open on `fd`: a tablet's (its axis ranges and current position
    /// read with EVIOCGABS), a relative mouse's, or nil when it is neither; with the device's name.
    func tracker(fd: Int32) -> (MouseTracker, name: String)? {
        let c = try? EvdevDevice.readCapabilities(fd: fd)
        if let c, c.kinds.contains(.tablet) {
            var m = tabletMapping
            m.xRange = c.xRange; m.yRange = c.yRange
            return (MouseTracker(tablet: m, width: width, height: height,
                                 x: EvdevDevice.axis(fd, EV.absX)?.value, y: EvdevDevice.axis(fd, EV.absY)?.value), c.name)
        }
        return Self.isMouse(fd: fd) ? (MouseTracker(width: width, height: height), c?.name ?? "") : nil
    }

    /// Opens `path` if it is a mouse or tablet; false otherwise (or when it cannot be opened).
    @discardableResult
    public func open(_ path: String) -> Bool {
        guard mice[path] == nil else { return true }
        guard let fd = try? Syscall.open(path, O_RDONLY | O_NONBLOCK) else { return false }
        guard let (tracker, name) = tracker(fd: fd) else { Syscall.close(fd); return false }
        let m = adopt(path: path, fd: fd, tracker: tracker)
        watch(m)
        Log.info("input: \(path) \(name) is a \(tracker.mapping == nil ? "mouse" : "tablet") (pointer \(m.number))")
        return true
    }

    /// Registers a pointer read from `fd` (`watch` then reads it; tests also adopt a pipe, or -1
    /// and `feed` it); returns it.
    @discardableResult
    func adopt(path: String, fd: Int32, tracker: MouseTracker) -> Mouse {
        let m = Mouse(path: path, fd: fd, number: next, tracker: tracker)
        next += 1
        mice[path] = m
        return m
    }

    /// Reads `m`'s descriptor on FDWatcher's thread from now on (not a dispatch read source: an
    /// unplugged device's descriptor hangs up, and libdispatch's sources crash on that; see
    /// FDWatcher.swift); the events are handled on the main queue, in order.
    func watch(_ m: Mouse) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: InputEvent.size * 64, alignment: 8)
        var decoder = EvdevDecoder()   // the watcher's thread's alone
        let fd = m.fd, path = m.path
        m.token = FDWatcher.shared.watch(fd) { [weak self, weak m] in
            var events: [InputEvent] = []
            var gone = false
            while true {
                let n: Int
                do { n = try Syscall.read(fd, buffer.baseAddress!, buffer.count) }
                catch let e as Errno where e == .wouldBlock { break }
                catch { gone = true; break }
                if n == 0 { gone = true; break }
                events += decoder.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
                if n < buffer.count { break }
            }
            if !events.isEmpty || gone {
                DispatchQueue.main.async {
                    // Only while this very pointer is open (not closed meanwhile, not replaced).
                    guard let self, let m, self.mice[path] === m else { return }
                    for e in events { self.handle(e, m) }
                    if gone { self.close(path) }
                }
            }
            return !gone
        }
        if m.token == nil { buffer.deallocate() } else { buffers[ObjectIdentifier(m)] = buffer }
    }

    /// Events read from the pointer at `path` (the read path's, and tests' way in).
    func feed(_ events: [InputEvent], path: String) {
        guard let m = mice[path] else { return }
        for e in events { handle(e, m) }
    }

    private func handle(_ e: InputEvent, _ m: Mouse) {
        let fd = m.fd
        let out = m.tracker.handle(e, absolute: {
            guard fd >= 0, let x = EvdevDevice.axis(fd, EV.absX), let y = EvdevDevice.axis(fd, EV.absY) else { return nil }
            return (x.value, y.value)
        })
        // Paused: the tracker still follows the device (a tablet's position, the button), nothing is delivered.
        guard !paused else { return }
        for p in out { onPointer(p, m.number) }
    }

    /// Stops delivering (VT switched away): a press held now is cancelled through `onGone`, and a
    /// button released while paused makes no touch afterwards.
    public func pause() {
        guard !paused else { return }
        paused = true
        for m in mice.values.sorted(by: { $0.number < $1.number }) { onGone(m.number) }
    }
    public func resume() { paused = false }

    /// Closes a mouse (unplugged): a press it holds is cancelled by `onGone`. Its descriptor is
    /// closed once FDWatcher's thread no longer polls it.
    public func close(_ path: String) {
        guard let m = mice.removeValue(forKey: path) else { return }
        let fd = m.fd, buffer = buffers.removeValue(forKey: ObjectIdentifier(m))
        if let token = m.token {
            FDWatcher.shared.unwatch(token) {
                buffer?.deallocate()
                if fd >= 0 { Syscall.close(fd) }
            }
        } else if fd >= 0 {
            Syscall.close(fd)
        }
        onGone(m.number)
        Log.info("input: mouse \(path) went away")
    }
}
