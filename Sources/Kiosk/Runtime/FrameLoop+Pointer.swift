// The frame loop's pointing devices: mice and tablets (Platform/MouseDevice.swift) and VNC
// clients deliver PointerEvents here; a press acts as a touch, motion moves the cursor, the
// wheel scrolls (a short synthetic drag under the pointer).
import Dispatch
import Raster

/// Receives each frame the loop presents, with its damage (the VNC server).
public protocol FrameMirror: AnyObject {
    func frameShown(_ surface: Surface, damage: [IntRect])
}

extension FrameLoop {
    /// Pixels one wheel detent scrolls.
    public static let wheelStep = 48.0

    /// A pointing device (`device`: its number, unique among pointers) did `event`. `relative`:
    /// a mouse, whose motion wakes a dimmed or dark panel (and is swallowed: only the cursor
    /// shows); an absolute pointer's (tablet, VNC client) motion only keeps a lit panel lit.
    public func deliver(_ event: PointerEvent, device: Int, relative: Bool = true) {
        let now = Syscall.monotonicNow()
        cursor?.moved(to: event.location, now: now)
        var state = pointers.devices[device] ?? PointerTouches(touchID: PointerTouchIDs.mouseBase + device * 2)
        let touch = state.handle(event, time: now)
        pointers.devices[device] = state
        if let touch {
            deliver(touch)
        } else if idle != nil {
            // Motion or a wheel step: input for the idle policy too.
            var isWheel = false
            if case .wheel = event { isWheel = true }
            if !filterPointerMotion(at: now, wakes: relative || isWheel) { wake(); return }
        }
        if case .wheel(let dx, let dy, let p) = event, !state.isDown { scroll(dx: dx, dy: dy, at: p, device: device, now: now) }
        wake()
    }

    /// The device went away: a press it holds is cancelled.
    public func pointerGone(device: Int) {
        guard var state = pointers.devices.removeValue(forKey: device) else { return }
        if let t = state.cancel(time: Syscall.monotonicNow()) { deliver(t) }
    }

    /// A wheel step as a drag the scroll view under the pointer takes: down, moved by the step,
    /// held still, up — the pause before the lift leaves no fling velocity.
    private func scroll(dx: Double, dy: Double, at p: Point, device: Int, now: Double) {
        let id = PointerTouchIDs.mouseBase + device * 2 + 1
        let to = Point(p.x + dx * Self.wheelStep, p.y + dy * Self.wheelStep)
        source.handleTouch(TouchEvent(id: id, phase: .began, location: p, time: now))
        source.handleTouch(TouchEvent(id: id, phase: .moved, location: Point((p.x + to.x) / 2, (p.y + to.y) / 2), time: now + 0.008))
        source.handleTouch(TouchEvent(id: id, phase: .moved, location: to, time: now + 0.016))
        source.handleTouch(TouchEvent(id: id, phase: .moved, location: to, time: now + 0.2))
        source.handleTouch(TouchEvent(id: id, phase: .ended, location: to, time: now + 0.2))
    }

    /// `cursor = auto`: a frame when the cursor is due to hide.
    func scheduleCursorHide() {
        guard let cursor, let d = cursor.hideDeadline, cursor.scheduledHide != d else { return }
        cursor.scheduledHide = d
        let wait = max(0, d - Syscall.monotonicNow()) + 0.001
        DispatchQueue.main.asyncAfter(deadline: .now() + wait, qos: .unspecified) { [weak self] in self?.wake() }
    }
}

#if canImport(CVNC)
extension VNCServer: FrameMirror {}

extension FrameLoop {
    /// Hooks a VNC server up (before its `start()`): it serves the shadow's pixels, each frame's
    /// damage goes to it, its clients' pointers and keys come in.
    public func attach(_ vnc: VNCServer) {
        mirror = vnc
        vnc.share(shadow)
        vnc.currentFrame = { [unowned self] in self.lastFrameTime == nil ? nil : self.shadow }
        vnc.onPointer = { [unowned self] e, client in self.deliver(e, device: (1 << 16) + client, relative: false) }
        vnc.onClientGone = { [unowned self] client in self.pointerGone(device: (1 << 16) + client) }
        vnc.onKey = { [unowned self] k in self.deliver(k) }
    }
}
#endif
