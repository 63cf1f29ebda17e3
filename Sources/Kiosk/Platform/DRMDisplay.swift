// DRMDisplay: KMS output through dumb buffers, the legacy SetCrtc + page-flip path (kmscube's
// drm-legacy.c shape). Two buffers by default: the loop waits for each flip event before drawing the
// next frame, so a third would only add latency. No black flash: the CRTC keeps whatever firmware,
// a splash or the console lit until the first complete frame is ready, and only then is it set.
// Failures are sorted by what can be done about them: a flip answered EBUSY is retried after the
// flip still queued on the CRTC completes (bounded, never a spin); another process holding DRM
// master makes the display wait for it (DisplayUnavailable, retried by the loop); a device that
// went away is fatal. The calls go through KMSCalls so tests inject each case.
// Hot-plug: a DRM uevent (UeventMonitor), or a modeset answered ENOENT/EINVAL/ENODEV, makes the
// next present re-probe the connector. Disconnected: present throws DisplayUnavailable (the loop
// logs it once and retries on a slow timer, app and input keep running). Connected again: the
// configured mode, else the preferred one of the same size, is set and everything repainted.
#if canImport(Glibc)
import Glibc
#endif
import CDRM
import Raster

/// A DRM/KMS screen.
///
///     let d = try DRMDisplay(path: nil, mode: ModeRequest(width: 800, height: 480), rotation: .degrees0)
public final class DRMDisplay: Display {
    /// The card, for example `/dev/dri/card0`, and its driver (`bochs-drm`, `virtio_gpu`, …).
    public let path: String
    public let driver: String
    public let connector: DRMConnector
    /// The mode on screen; after a screen is plugged back in, the one picked again.
    public private(set) var mode: DRMMode
    public let crtc: UInt32
    public let rotation: Rotation
    public let width: Int
    public let height: Int
    public private(set) var refreshInterval: Double

    /// Keeps the card open (nil when tests supply the calls).
    private let device: DRMDevice?
    private let kms: KMSCalls
    private var buffers: [ScanoutBuffer]
    private var ages: BufferAgeTracker
    private var front = -1
    private var pending = -1
    private var crtcSet = false
    private var suspended = false
    private var dirtyFBUnsupported = false
    private var savedCRTC: drmModeCrtc?
    /// How the idle policy switched the panel off, while it is off.
    private enum PanelOff { case dpms, crtc }
    private var panelOff: PanelOff?
    private let eventBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1024, alignment: 8)
    /// The `--mode` setting, picked again when the screen comes back.
    private let modeRequest: ModeRequest?
    private let uevents: UeventMonitor?
    /// A hot-plug uevent arrived: the next present asks the connector what changed.
    private var recheckConnector = false
    /// True while the connector reports no screen; presents wait (DisplayUnavailable) until it is back.
    public private(set) var unplugged = false
    /// Seconds between connector probes while unplugged (the uevent usually comes first).
    static let unpluggedRetry = 2.0
    /// Page flips the driver refused (EBUSY past the retries, EINVAL) and that were shown with
    /// SetCrtc instead.
    public private(set) var flipFallbacks = 0
    /// EBUSY answers that were waited out and retried (a flip still queued on the CRTC).
    public private(set) var busyRetries = 0
    /// True while another process is DRM master; each present first tries to take it back.
    public private(set) var waitingForMaster = false
    /// How many times one flip or SetCrtc is retried after EBUSY. Each retry first waits for the
    /// queued flip's event, up to `attempt` refresh periods, so three retries cost at most six
    /// periods (100 ms at 60 Hz) before the frame is shown another way.
    static let busyRetryLimit = 3

    public var eventDescriptor: Int32? { device?.fd }
    public var isFlipPending: Bool { pending >= 0 }
    public var summary: String {
        "drm \(path) (\(driver)) \(connector.name) \(mode) rotation \(rotation) → \(width)x\(height) logical, \(buffers.count) buffers"
    }

    /// Opens `path` (or the first card with a connected screen), picks the connector and mode.
    public convenience init(path: String?, mode request: ModeRequest?, rotation: Rotation, bufferCount: Int = 2) throws {
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
        let crtc = conn.currentCRTC != 0 ? conn.currentCRTC : conn.possibleCRTCs[0]
        var saved: drmModeCrtc?
        if let c = drmModeGetCrtc(dev.fd, crtc) {
            saved = c.pointee
            let s = c.pointee
            if s.mode_valid != 0 && Int(s.mode.hdisplay) == m.width && Int(s.mode.vdisplay) == m.height {
                Log.info("drm: \(conn.name) already lit at \(m.width)x\(m.height); keeping it until the first frame is complete")
            }
            drmModeFreeCrtc(c)
        }
        let buffers: [ScanoutBuffer] = try (0..<max(1, min(3, bufferCount))).map { _ in try DumbBuffer(fd: dev.fd, width: m.width, height: m.height) }
        CrashGuard.protectDRM(fd: dev.fd)
        var monitor: UeventMonitor?
        do { monitor = try UeventMonitor() } catch { Log.info("drm: \(error)") }
        self.init(kms: LibDRMCalls(fd: dev.fd), device: dev, path: dev.path, driver: dev.driver, connector: conn, mode: m,
                  crtc: crtc, rotation: rotation, buffers: buffers, savedCRTC: saved, modeRequest: request, uevents: monitor)
    }

    /// The display over any `KMSCalls` and buffers (tests pass a scripted fake and heap memory).
    init(kms: KMSCalls, device: DRMDevice? = nil, path: String, driver: String, connector: DRMConnector, mode: DRMMode,
         crtc: UInt32, rotation: Rotation, buffers: [ScanoutBuffer], savedCRTC: drmModeCrtc? = nil,
         modeRequest: ModeRequest? = nil, uevents: UeventMonitor? = nil) {
        self.modeRequest = modeRequest; self.uevents = uevents
        self.kms = kms; self.device = device; self.path = path; self.driver = driver
        self.connector = connector; self.mode = mode; self.crtc = crtc; self.rotation = rotation
        self.buffers = buffers; self.savedCRTC = savedCRTC
        (width, height) = rotation.logicalSize(panelWidth: mode.width, panelHeight: mode.height)
        refreshInterval = mode.refresh > 0 ? 1.0 / Double(mode.refresh) : 1.0 / 60
        ages = BufferAgeTracker(bufferCount: buffers.count, width: width, height: height)
    }

    deinit { eventBuffer.deallocate() }

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
        if panelOff != nil { try setPanelPower(true) }
        if waitingForMaster { try regainMaster() }
        if recheckConnector || unplugged { try reprobeConnector() }
        if pending >= 0 { try waitForFlip(timeoutMs: 100) }
        let back = buffers.count == 1 ? 0 : (front + 1) % buffers.count
        let buf = buffers[back]
        // The copy and its bookkeeping describe the buffer's contents, not what is on screen: when
        // the flip below fails, `front` stays, the next present picks this same buffer again and
        // copies only the newer damage into it.
        for r in ages.rectsToUpdate(buffer: back, frameDamage: damage) {
            ScanoutCopy.copy(surface, rect: r, to: buf.memory, dstStride: buf.pitch, format: .xrgb8888, rotation: rotation)
        }
        ages.didPresent(buffer: back, frameDamage: damage)
        if !crtcSet || buffers.count == 1 {
            let first = !crtcSet
            try setCRTC(back)
            markDirty(buf, damage: first ? [IntRect(x: 0, y: 0, width: width, height: height)] : damage)
            crtcSet = true
            return Syscall.monotonicNow()
        }
        var attempt = 0
        var flipError = kms.pageFlip(crtc, framebuffer: buf.framebuffer)
        while flipError == .busy && attempt < DRMDisplay.busyRetryLimit {
            attempt += 1
            try waitOutBusy(attempt: attempt)
            flipError = kms.pageFlip(crtc, framebuffer: buf.framebuffer)
        }
        guard let e = flipError else { pending = back; return nil }
        if DRMDisplay.mayMeanUnplugged(e) { try reprobeAfterFailure("drmModePageFlip", e) }
        if e == .permissionDenied || e == .notPermitted || DRMDisplay.deviceGone(e) { throw failure("drmModePageFlip", e) }
        // A driver that cannot flip (or stayed busy) still shows the frame through SetCrtc, which
        // waits for the queued work itself (it may tear).
        flipFallbacks += 1
        if flipFallbacks == 1 { Log.warning("drm: page flip failed (\(e)); showing frames with SetCrtc, which may tear") }
        try setCRTC(back)
        markDirty(buf, damage: damage)
        return Syscall.monotonicNow()
    }

    private func setCRTC(_ index: Int) throws {
        var attempt = 0
        while let e = kms.setCRTC(crtc, framebuffer: buffers[index].framebuffer, x: 0, y: 0, connector: connector.id, mode: mode.info) {
            if DRMDisplay.mayMeanUnplugged(e) { try reprobeAfterFailure("drmModeSetCrtc", e) }
            guard e == .busy, attempt < DRMDisplay.busyRetryLimit else { throw failure("drmModeSetCrtc", e) }
            attempt += 1
            try waitOutBusy(attempt: attempt)
        }
        front = index
    }

    /// EBUSY: a flip is still queued on the CRTC (one whose event was not read yet, or one the
    /// kernel or a previous master queued). Waits for a completion event, at most `attempt`
    /// refresh periods: a poll with a timeout, so a CRTC that stays busy costs bounded time and no
    /// CPU, never a spin.
    private func waitOutBusy(attempt: Int) throws {
        busyRetries += 1
        let ms = Int32(max(1, (refreshInterval * 1000 * Double(attempt)).rounded(.up)))
        if try kms.waitForEvents(timeoutMs: ms) { _ = try handleEvents() }
    }

    /// What a modeset or flip answers when its connector lost the screen (drivers differ).
    static func mayMeanUnplugged(_ e: Errno) -> Bool { e == .noSuchFile || e == .invalidArgument || e == .noSuchDevice }

    public var hotplugDescriptor: Int32? { uevents?.fd }

    public func handleHotplug() -> Bool {
        guard let uevents, uevents.drainDRMChanges() else { return false }
        noteHotplug()
        return true
    }

    /// A hot-plug happened (uevent, or a test): the next present asks the connector what changed.
    func noteHotplug() { recheckConnector = true }

    /// `operation` failed with `e`, which drivers answer when the screen went away or changed:
    /// throws ``DisplayUnavailable`` when the connector says so (a changed screen is retried at
    /// once, with a modeset and a full repaint); returns when the screen is there as before.
    private func reprobeAfterFailure(_ operation: String, _ e: Errno) throws {
        guard try reprobeConnector() else { return }
        throw DisplayUnavailable(PlatformError(operation, path: path, errno: e,
            advice: "the screen on \(connector.name) changed; kiosk sets \(mode) and repaints"), retryAfter: 0)
    }

    /// Asks the connector whether its screen is there. Returns whether a modeset was arranged (the
    /// screen had been gone, or its mode is no longer offered); throws
    /// ``DisplayUnavailable`` while it is unplugged, and a ``PlatformError`` when the card itself
    /// is gone or the screen that came back offers no mode of the size kiosk lays out for.
    @discardableResult
    func reprobeConnector() throws -> Bool {
        recheckConnector = false
        let state: ConnectorState
        switch kms.probeConnector(connector.id) {
        case .success(let s): state = s
        case .failure(let e): throw failure("drmModeGetConnector", DRMDisplay.deviceGone(e) ? e : .noSuchDevice)
        }
        guard state.connected, !state.modes.isEmpty else {
            if !unplugged {
                unplugged = true
                pending = -1          // a flip queued to a screen that is gone may never complete
            }
            throw DisplayUnavailable(PlatformError("connector \(connector.name)", path: path,
                advice: "display on connector \(connector.name) was unplugged; waiting for it to come back (the app and input keep running)"),
                retryAfter: DRMDisplay.unpluggedRetry)
        }
        let stillOffered = state.modes.contains { $0.width == mode.width && $0.height == mode.height && $0.refresh == mode.refresh }
        guard unplugged || !stillOffered else { return false }
        guard let m = DRMDisplay.modeAfterReplug(request: modeRequest, current: mode, offered: state.modes) else {
            throw PlatformError("choose mode on \(connector.name)", path: path,
                advice: "the screen now on \(connector.name) offers \(state.modes.map(\.description).joined(separator: ", ")), none of them \(mode.width)x\(mode.height), the size kiosk lays out for; kiosk exits so its service manager restarts it at the new size")
        }
        Log.notice("drm: display on connector \(connector.name) is back; setting \(m) and repainting the whole screen")
        unplugged = false
        mode = m
        refreshInterval = m.refresh > 0 ? 1.0 / Double(m.refresh) : 1.0 / 60
        ages.invalidateAll()
        crtcSet = false
        pending = -1
        return true
    }

    /// The mode to set when a screen comes back: the configured one if still offered, else the
    /// preferred mode if it has the size the app is laid out for, else that size at the refresh
    /// rate nearest the old one; nil when no mode has that size.
    static func modeAfterReplug(request: ModeRequest?, current: DRMMode, offered: [DRMMode]) -> DRMMode? {
        let table = offered.map { ($0.width, $0.height, $0.refresh, $0.preferred) }
        if let request, let i = request.pick(from: table), offered[i].width == current.width, offered[i].height == current.height {
            return offered[i]
        }
        if let p = offered.first(where: { $0.preferred && $0.width == current.width && $0.height == current.height }) { return p }
        return ModeRequest(width: current.width, height: current.height, refresh: current.refresh).pick(from: table).map { offered[$0] }
    }

    static func deviceGone(_ e: Errno) -> Bool { e == .noSuchDevice || e == .noSuchDeviceOrAddress || e == .noSuchFile }

    /// The error for `e` from `operation`: ``DisplayUnavailable`` when waiting can cure it, a
    /// ``PlatformError`` otherwise. Both say what to do.
    private func failure(_ operation: String, _ e: Errno) -> Error {
        switch e {
        case .permissionDenied, .notPermitted:
            // The modeset ioctls answer EACCES to every file that is not DRM master.
            waitingForMaster = true
            return DisplayUnavailable(PlatformError(operation, path: path, errno: e,
                advice: "another process is DRM master (a display server, a boot splash, another kiosk); kiosk waits and takes the screen when it is released: stop that process, or switch to kiosk's VT"),
                retryAfter: 0.5)
        case .busy:
            return DisplayUnavailable(PlatformError(operation, path: path, errno: e,
                advice: "the CRTC stayed busy through \(DRMDisplay.busyRetryLimit) waits for its queued flip; kiosk tries again, and dmesg may say why the driver is stuck"),
                retryAfter: 0.1)
        case _ where DRMDisplay.deviceGone(e):
            return PlatformError(operation, path: path, errno: e,
                advice: "the display device went away (unplugged, or its driver was unbound); kiosk exits so its service manager can restart it once the device is back")
        default:
            return PlatformError(operation, path: path, errno: e, advice: "the driver rejected \(mode) on \(connector.name); try another --mode")
        }
    }

    /// Takes DRM master back after another process held it; the next frame repaints everything,
    /// since the other master may have drawn anything into the CRTC meanwhile.
    private func regainMaster() throws {
        if let e = kms.setMaster() {
            if DRMDisplay.deviceGone(e) { throw failure("drmSetMaster", e) }
            throw DisplayUnavailable(PlatformError("drmSetMaster", path: path, errno: e,
                advice: e == .busy
                    ? "another process is still DRM master; kiosk takes the screen as soon as it lets go"
                    : "kiosk may not take DRM master (it needs CAP_SYS_ADMIN, or a seat manager such as logind or seatd to hand it over); run it as root or under a seat manager"),
                retryAfter: 0.5)
        }
        waitingForMaster = false
        Log.notice("drm: DRM master of \(path) is kiosk's again; repainting the whole screen")
        ages.invalidateAll()
        crtcSet = false
        pending = -1
    }

    /// Tells drivers that scan out from a copy (virtio-gpu, SPI/MIPI-DBI panels) which pixels
    /// changed. bochs answers ENOSYS (it scans its memory directly), which is fine and remembered.
    private func markDirty(_ buf: ScanoutBuffer, damage: [IntRect]) {
        guard !dirtyFBUnsupported else { return }
        let clips = damage.map { l -> drmModeClip in
            let p = rotation.physicalRect(l, panelWidth: mode.width, panelHeight: mode.height)
            return drmModeClip(x1: UInt16(clamping: p.x0), y1: UInt16(clamping: p.y0), x2: UInt16(clamping: p.x1), y2: UInt16(clamping: p.y1))
        }
        guard let e = kms.dirtyFB(buf.framebuffer, clips: clips) else { return }
        if e == .notImplemented || e == .notSupported { dirtyFBUnsupported = true }
        else { Log.debug("drm: DirtyFB: \(e)") }
    }

    private func waitForFlip(timeoutMs: Int32) throws {
        let deadline = Syscall.monotonicNow() + Double(timeoutMs) / 1000
        while pending >= 0 {
            let left = Int32(max(0, (deadline - Syscall.monotonicNow()) * 1000))
            guard try kms.waitForEvents(timeoutMs: left) else {
                // A flip that never completes must not freeze the UI: treat it as done.
                Log.warning("drm: no flip event within \(timeoutMs) ms; continuing")
                front = pending; pending = -1; return
            }
            _ = try handleEvents()
        }
    }

    public func handleEvents() throws -> Double? {
        // The card is open blocking: when a synchronous wait (waitForFlip: the black before the
        // panel goes off, close) already read the event the loop's read source woke for, a read
        // now would block the main queue for good. Look first.
        guard try kms.waitForEvents(timeoutMs: 0) else { return nil }
        let n: Int
        do { n = try kms.readEvents(into: eventBuffer) }
        catch let e as Errno where e == .wouldBlock { return nil }
        var last: Double?
        for e in DRMEvent.decode(UnsafeRawBufferPointer(rebasing: eventBuffer[0..<max(0, min(n, eventBuffer.count))])) {
            if case let .flipComplete(t, _, _) = e, pending >= 0 {
                front = pending; pending = -1; last = t
            }
        }
        return last
    }

    /// Off: the connector's DPMS property, else the CRTC turned off; the buffers keep the frame.
    /// On: DPMS on, or the next present sets the CRTC again (a modeset) with a complete buffer.
    public func setPanelPower(_ on: Bool) throws -> Bool {
        if on {
            guard let how = panelOff else { return true }
            panelOff = nil
            if how == .dpms, let e = kms.setDPMS(connector: connector.id, on: true) {
                if DRMDisplay.deviceGone(e) { throw failure("DPMS on", e) }
                Log.warning("drm: DPMS on \(connector.name): \(e); setting the mode again")
                crtcSet = false
            }
            return true
        }
        guard panelOff == nil else { return true }
        guard !suspended, !unplugged else { return false }
        if pending >= 0 { try waitForFlip(timeoutMs: 100) }
        if kms.setDPMS(connector: connector.id, on: false) == nil { panelOff = .dpms; return true }
        if let e = kms.disableCRTC(crtc) {
            if DRMDisplay.deviceGone(e) { throw failure("drmModeSetCrtc (off)", e) }
            Log.warning("drm: cannot switch \(connector.name) off (\(e))")
            return false
        }
        crtcSet = false
        panelOff = .crtc
        return true
    }

    /// Black into the buffer not on screen, shown by a page flip that is waited for (SetCrtc when
    /// the flip fails; a single buffer is cleared where it is scanned out and marked dirty), so
    /// the panel shows black before DPMS off. That buffer's contents are forgotten (BufferAge):
    /// the next present copies the whole frame into it.
    public func showBlack() throws -> Bool {
        guard !suspended, !unplugged, !waitingForMaster, crtcSet, panelOff == nil, !buffers.isEmpty else { return false }
        if pending >= 0 { try waitForFlip(timeoutMs: 100) }
        let index = buffers.count == 1 ? 0 : (front + 1) % buffers.count
        let buf = buffers[index]
        memset(buf.memory, 0, buf.pitch * mode.height)
        ages.invalidate(buffer: index)
        let whole = [IntRect(x: 0, y: 0, width: width, height: height)]
        if buffers.count == 1 { markDirty(buf, damage: whole); return true }
        var e = kms.pageFlip(crtc, framebuffer: buf.framebuffer)
        if e == .busy { try waitOutBusy(attempt: 1); e = kms.pageFlip(crtc, framebuffer: buf.framebuffer) }
        if e == nil {
            pending = index
            try waitForFlip(timeoutMs: 100)
            return true
        }
        if let e, DRMDisplay.deviceGone(e) { throw failure("drmModePageFlip (black)", e) }
        try setCRTC(index)
        markDirty(buf, damage: whole)
        return true
    }

    public func suspend() {
        guard !suspended else { return }
        if pending >= 0 { try? waitForFlip(timeoutMs: 100) }
        suspended = true
        if let e = kms.dropMaster() { Log.warning("drm: drop master: \(e)") }
    }

    public func resume() throws {
        guard suspended else { return }
        suspended = false
        ages.invalidateAll()
        crtcSet = false
        if let e = kms.setMaster() {
            // Not fatal: the next present keeps trying (DisplayUnavailable) until the other master lets go.
            waitingForMaster = true
            Log.warning("drm: drmSetMaster \(path): \(e); waiting for the other DRM master to let go")
        }
    }

    public func close() {
        if panelOff != nil { _ = try? setPanelPower(true) }
        if pending >= 0 { try? waitForFlip(timeoutMs: 100) }
        if let s = savedCRTC, s.buffer_id != 0, s.mode_valid != 0 {
            if let e = kms.setCRTC(s.crtc_id, framebuffer: s.buffer_id, x: s.x, y: s.y, connector: connector.id, mode: s.mode) {
                Log.warning("drm: could not restore the previous CRTC: \(e)")
            }
        } else if crtcSet {
            _ = kms.disableCRTC(crtc)
        }
        crtcSet = false
        buffers.removeAll()
        if device != nil { CrashGuard.releaseDRM() }
    }
}
