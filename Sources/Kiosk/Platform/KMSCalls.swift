// KMSCalls: the handful of DRM calls DRMDisplay's present path makes, behind one protocol so the
// failure cases a real panel rarely shows on demand (a flip answered EBUSY, another process holding
// DRM master, a device that went away) can be injected by tests (DRMPresentTests) in any order.
// `LibDRMCalls` is the real thing: libdrm on an open card.
#if canImport(Glibc)
import Glibc
#endif
import CDRM

/// A scanout buffer the display copies frames into: a dumb buffer on a real card, heap memory in
/// tests.
protocol ScanoutBuffer: AnyObject {
    /// The framebuffer object id SetCrtc and page flips name.
    var framebuffer: UInt32 { get }
    var memory: UnsafeMutableRawPointer { get }
    /// Bytes per row.
    var pitch: Int { get }
}

/// What a connector reports now: whether a screen is attached, and the modes it offers.
struct ConnectorState: Sendable {
    var connected: Bool
    var modes: [DRMMode]
}

/// The mode-setting calls of DRMDisplay. Each returns nil on success or the error number; none
/// throws, so the caller decides which errors are retried, waited out, or fatal.
protocol KMSCalls: AnyObject {
    func setCRTC(_ crtc: UInt32, framebuffer: UInt32, x: UInt32, y: UInt32, connector: UInt32, mode: drmModeModeInfo) -> Errno?
    /// Turns the CRTC off (what close() does when nothing was lit before kiosk).
    func disableCRTC(_ crtc: UInt32) -> Errno?
    /// Queues a flip to `framebuffer` at the next vblank, with a completion event.
    func pageFlip(_ crtc: UInt32, framebuffer: UInt32) -> Errno?
    func dirtyFB(_ framebuffer: UInt32, clips: [drmModeClip]) -> Errno?
    func setMaster() -> Errno?
    func dropMaster() -> Errno?
    /// Waits up to `timeoutMs` for completion events; true when some can be read.
    func waitForEvents(timeoutMs: Int32) throws -> Bool
    /// Reads completion events (whole `drm_event` records) into `buffer`; throws
    /// ``Errno/wouldBlock`` when none is there.
    func readEvents(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// Asks the connector whether a screen is attached and which modes it offers now (a forced
    /// probe: after a hot-plug uevent, or when a modeset on it failed).
    func probeConnector(_ id: UInt32) -> Result<ConnectorState, Errno>
    /// Sets the connector's DPMS property (the idle policy's panel off and on); EOPNOTSUPP when
    /// the connector has none.
    func setDPMS(connector: UInt32, on: Bool) -> Errno?
}

extension KMSCalls {
    /// Calls without DPMS (test fakes) make the display turn the CRTC off instead.
    func setDPMS(connector: UInt32, on: Bool) -> Errno? { .notSupported }
}

/// libdrm on an open card.
final class LibDRMCalls: KMSCalls {
    let fd: Int32
    init(fd: Int32) { self.fd = fd }

    /// libdrm's mode calls return `-errno`; the master calls return -1 and set `errno`.
    private static func result(_ r: Int32) -> Errno? {
        if r == 0 { return nil }
        return Errno(rawValue: r == -1 ? errno : -r)
    }

    func setCRTC(_ crtc: UInt32, framebuffer: UInt32, x: UInt32, y: UInt32, connector: UInt32, mode: drmModeModeInfo) -> Errno? {
        var conn = connector, m = mode
        return LibDRMCalls.result(drmModeSetCrtc(fd, crtc, framebuffer, x, y, &conn, 1, &m))
    }
    func disableCRTC(_ crtc: UInt32) -> Errno? { LibDRMCalls.result(drmModeSetCrtc(fd, crtc, 0, 0, 0, nil, 0, nil)) }
    func pageFlip(_ crtc: UInt32, framebuffer: UInt32) -> Errno? {
        LibDRMCalls.result(drmModePageFlip(fd, crtc, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), nil))
    }
    func dirtyFB(_ framebuffer: UInt32, clips: [drmModeClip]) -> Errno? {
        var c = clips
        return LibDRMCalls.result(drmModeDirtyFB(fd, framebuffer, &c, UInt32(c.count)))
    }
    func setMaster() -> Errno? { drmSetMaster(fd) == 0 ? nil : .current }
    func dropMaster() -> Errno? { drmDropMaster(fd) == 0 ? nil : .current }
    func waitForEvents(timeoutMs: Int32) throws -> Bool { try Syscall.poll(fd, timeoutMs: timeoutMs) }
    func readEvents(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try Syscall.read(fd, buffer.baseAddress!, buffer.count)
    }
    func setDPMS(connector: UInt32, on: Bool) -> Errno? {
        guard let prop = dpmsProperty(connector) else { return .notSupported }
        return LibDRMCalls.result(drmModeConnectorSetProperty(fd, connector, prop, UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF)))
    }
    /// The id of the connector's "DPMS" property (every KMS connector has one; atomic drivers
    /// turn the CRTC off through it).
    private func dpmsProperty(_ connector: UInt32) -> UInt32? {
        guard let props = drmModeObjectGetProperties(fd, connector, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else { return nil }
        defer { drmModeFreeObjectProperties(props) }
        for i in 0..<Int(props.pointee.count_props) {
            guard let p = drmModeGetProperty(fd, props.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(p) }
            let name = withUnsafeBytes(of: p.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "DPMS" { return p.pointee.prop_id }
        }
        return nil
    }
    func probeConnector(_ id: UInt32) -> Result<ConnectorState, Errno> {
        guard let c = drmModeGetConnector(fd, id) else { return .failure(errno == 0 ? .noSuchDevice : .current) }
        defer { drmModeFreeConnector(c) }
        return .success(ConnectorState(connected: c.pointee.connection == DRM_MODE_CONNECTED, modes: DRMDevice.modes(of: c.pointee)))
    }
}
