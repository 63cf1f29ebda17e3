// DRMDisplay: KMS output through dumb buffers, the legacy SetCrtc + page-flip path (kmscube's
// drm-legacy.c shape). Two buffers by default: the loop waits for each flip event before drawing the
// next frame, so a third would only add latency. No black flash: the CRTC keeps whatever firmware,
// a splash or the console lit until the first complete frame is ready, and only then is it set.
#if canImport(Glibc)
import Glibc
#endif
import CDRM
import Raster

/// A DRM/KMS screen.
///
///     let d = try DRMDisplay(path: nil, mode: ModeRequest(width: 800, height: 480), rotation: .degrees0)
public final class DRMDisplay: Display {
    public let device: DRMDevice
    public let connector: DRMConnector
    public let mode: DRMMode
    public let crtc: UInt32
    public let rotation: Rotation
    public let width: Int
    public let height: Int
    public let refreshInterval: Double

    private var buffers: [DumbBuffer]
    private var ages: BufferAgeTracker
    private var front = -1
    private var pending = -1
    private var crtcSet = false
    private var suspended = false
    private var dirtyFBUnsupported = false
    private var savedCRTC: drmModeCrtc?
    private var eventBuffer = [UInt8](repeating: 0, count: 1024)
    /// Page flips the driver refused (EBUSY twice, EINVAL) and that were shown with SetCrtc instead.
    public private(set) var flipFallbacks = 0

    public var eventDescriptor: Int32? { device.fd }
    public var isFlipPending: Bool { pending >= 0 }
    public var summary: String {
        "drm \(device.path) (\(device.driver)) \(connector.name) \(mode) rotation \(rotation) → \(width)x\(height) logical, \(buffers.count) buffers"
    }

    /// Opens `path` (or the first card with a connected screen), picks the connector and mode.
    public init(path: String?, mode request: ModeRequest?, rotation: Rotation, bufferCount: Int = 2) throws {
        let candidates = path.map { [$0] } ?? DRMDevice.cardPaths()
        guard !candidates.isEmpty else {
            throw PlatformError("find DRM device", path: "/dev/dri", errno: .noSuchFile,
                                advice: "no /dev/dri/card*: load the display driver (modprobe), or use --display fbdev or offscreen")
        }
        var reasons: [String] = []
        var found: (DRMDevice, DRMConnector, DRMMode)?
        for p in candidates {
            do {
                let dev = try DRMDevice(path: p)
                guard dev.supportsDumbBuffers else { reasons.append("\(p): no dumb buffers"); continue }
                let conns = try dev.connectors().filter { $0.connected && !$0.modes.isEmpty && !$0.possibleCRTCs.isEmpty }
                guard let c = conns.first else { reasons.append("\(p) (\(dev.driver)): no connected screen"); continue }
                let m: DRMMode
                if let request {
                    let table = c.modes.map { ($0.width, $0.height, $0.refresh, $0.preferred) }
                    guard let i = request.pick(from: table) else {
                        throw PlatformError("choose mode \(request)", path: p,
                                            advice: "\(c.name) offers \(c.modes.map(\.description).joined(separator: ", ")); pick one of those with --mode")
                    }
                    m = c.modes[i]
                } else if let lit = DRMDisplay.litMode(dev, c) {
                    // Firmware or a splash already lit a mode: keep it, so there is no modeset flicker.
                    m = lit
                } else {
                    m = c.modes.first(where: \.preferred) ?? c.modes[0]
                }
                found = (dev, c, m); break
            } catch let e as PlatformError where path == nil && e.operation == "open" {
                reasons.append("\(p): \(e)")
            }
        }
        guard let (dev, conn, m) = found else {
            throw PlatformError("find DRM screen", advice: reasons.joined(separator: "; ") + " — connect a screen, or use --display fbdev or offscreen")
        }
        device = dev; connector = conn; mode = m; self.rotation = rotation
        crtc = conn.currentCRTC != 0 ? conn.currentCRTC : conn.possibleCRTCs[0]
        (width, height) = rotation.logicalSize(panelWidth: m.width, panelHeight: m.height)
        refreshInterval = m.refresh > 0 ? 1.0 / Double(m.refresh) : 1.0 / 60
        if let c = drmModeGetCrtc(dev.fd, crtc) {
            savedCRTC = c.pointee
            let s = c.pointee
            if s.mode_valid != 0 && Int(s.mode.hdisplay) == m.width && Int(s.mode.vdisplay) == m.height {
                Log.info("drm: \(conn.name) already lit at \(m.width)x\(m.height); keeping it until the first frame is complete")
            }
            drmModeFreeCrtc(c)
        }
        buffers = try (0..<max(1, min(3, bufferCount))).map { _ in try DumbBuffer(fd: dev.fd, width: m.width, height: m.height) }
        ages = BufferAgeTracker(bufferCount: buffers.count, width: width, height: height)
    }

    /// The connector's current mode when its CRTC is lit with one of the modes it offers.
    static func litMode(_ dev: DRMDevice, _ c: DRMConnector) -> DRMMode? {
        guard c.currentCRTC != 0, let crtc = drmModeGetCrtc(dev.fd, c.currentCRTC) else { return nil }
        defer { drmModeFreeCrtc(crtc) }
        let cur = crtc.pointee
        guard cur.mode_valid != 0 else { return nil }
        return c.modes.first { Int(cur.mode.hdisplay) == $0.width && Int(cur.mode.vdisplay) == $0.height && Int(cur.mode.vrefresh) == $0.refresh }
    }

    @discardableResult
    public func present(_ surface: Surface, damage: [IntRect]) throws -> Double? {
        guard !suspended else { return nil }
        precondition(surface.width == width && surface.height == height, "frame size differs from the display's")
        if pending >= 0 { try waitForFlip(timeoutMs: 100) }
        let back = buffers.count == 1 ? 0 : (front + 1) % buffers.count
        let buf = buffers[back]
        for r in ages.rectsToUpdate(buffer: back, frameDamage: damage) {
            ScanoutCopy.copy(surface, rect: r, to: buf.memory, dstStride: buf.pitch, format: .xrgb8888, rotation: rotation)
        }
        ages.didPresent(buffer: back, frameDamage: damage)
        if !crtcSet || buffers.count == 1 {
            try setCRTC(back)
            markDirty(buf, damage: crtcSet ? damage : [IntRect(x: 0, y: 0, width: width, height: height)])
            crtcSet = true
            return Syscall.monotonicNow()
        }
        var r = drmModePageFlip(device.fd, crtc, buf.framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), nil)
        if r == -EBUSY {
            try waitForFlip(timeoutMs: 50)
            r = drmModePageFlip(device.fd, crtc, buf.framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), nil)
        }
        if r == 0 { pending = back; return nil }
        // A driver that cannot flip still shows the frame through SetCrtc (it may tear).
        flipFallbacks += 1
        if flipFallbacks == 1 { Log.warning("drm: page flip failed (\(Errno(rawValue: -r))); showing frames with SetCrtc, which may tear") }
        try setCRTC(back)
        markDirty(buf, damage: damage)
        return Syscall.monotonicNow()
    }

    private func setCRTC(_ index: Int) throws {
        var conn = connector.id
        var m = mode.info
        let r = drmModeSetCrtc(device.fd, crtc, buffers[index].framebuffer, 0, 0, &conn, 1, &m)
        if r != 0 {
            let e = Errno(rawValue: -r == 0 ? errno : -r)
            throw PlatformError("drmModeSetCrtc", path: device.path, errno: e,
                                advice: e == .permissionDenied || e == .notPermitted
                                    ? "another process is DRM master (a display server or another kiosk): stop it, or switch to a free VT"
                                    : "the driver rejected \(mode) on \(connector.name); try another --mode")
        }
        front = index
    }

    /// Tells drivers that scan out from a copy (virtio-gpu, SPI/MIPI-DBI panels) which pixels
    /// changed. bochs answers ENOSYS (it scans its memory directly), which is fine and remembered.
    private func markDirty(_ buf: DumbBuffer, damage: [IntRect]) {
        guard !dirtyFBUnsupported else { return }
        var clips = damage.map { l -> drmModeClip in
            let p = rotation.physicalRect(l, panelWidth: mode.width, panelHeight: mode.height)
            return drmModeClip(x1: UInt16(clamping: p.x0), y1: UInt16(clamping: p.y0), x2: UInt16(clamping: p.x1), y2: UInt16(clamping: p.y1))
        }
        let r = drmModeDirtyFB(device.fd, buf.framebuffer, &clips, UInt32(clips.count))
        if r == -ENOSYS || r == -EOPNOTSUPP { dirtyFBUnsupported = true }
        else if r != 0 { Log.debug("drm: DirtyFB: \(Errno(rawValue: -r))") }
    }

    private func waitForFlip(timeoutMs: Int32) throws {
        let deadline = Syscall.monotonicNow() + Double(timeoutMs) / 1000
        while pending >= 0 {
            let left = Int32(max(0, (deadline - Syscall.monotonicNow()) * 1000))
            guard try Syscall.poll(device.fd, timeoutMs: left) else {
                // A flip that never completes must not freeze the UI: treat it as done.
                Log.warning("drm: no flip event within \(timeoutMs) ms; continuing")
                front = pending; pending = -1; return
            }
            _ = try handleEvents()
        }
    }

    public func handleEvents() throws -> Double? {
        let n: Int
        do { n = try eventBuffer.withUnsafeMutableBytes { try Syscall.read(device.fd, $0.baseAddress!, $0.count) } }
        catch let e as Errno where e == .wouldBlock { return nil }
        var last: Double?
        eventBuffer.withUnsafeBytes { raw in
            for e in DRMEvent.decode(UnsafeRawBufferPointer(rebasing: raw[0..<max(0, n)])) {
                if case let .flipComplete(t, _, _) = e, pending >= 0 {
                    front = pending; pending = -1; last = t
                }
            }
        }
        return last
    }

    public func suspend() {
        guard !suspended else { return }
        if pending >= 0 { try? waitForFlip(timeoutMs: 100) }
        suspended = true
        if drmDropMaster(device.fd) != 0 { Log.warning("drm: drop master: \(Errno.current)") }
    }

    public func resume() throws {
        guard suspended else { return }
        if drmSetMaster(device.fd) != 0 {
            throw PlatformError("drmSetMaster", path: device.path, errno: .current, advice: "another process took the screen; switch back to kiosk's VT")
        }
        suspended = false
        ages.invalidateAll()
        crtcSet = false
    }

    public func close() {
        if pending >= 0 { try? waitForFlip(timeoutMs: 100) }
        if var s = savedCRTC, s.buffer_id != 0, s.mode_valid != 0 {
            var conn = connector.id
            if drmModeSetCrtc(device.fd, s.crtc_id, s.buffer_id, s.x, s.y, &conn, 1, &s.mode) != 0 {
                Log.warning("drm: could not restore the previous CRTC: \(Errno.current)")
            }
        } else if crtcSet {
            _ = drmModeSetCrtc(device.fd, crtc, 0, 0, 0, nil, 0, nil)
        }
        crtcSet = false
        buffers.removeAll()
    }
}
