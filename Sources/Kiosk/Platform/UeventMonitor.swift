// UeventMonitor: the kernel's hot-plug announcements (uevents) for DRM cards. A screen plugged in
// or out makes the DRM core send `SUBSYSTEM=drm` with `HOTPLUG=1`; kiosk then asks its connector
// what changed (DRMDisplay). Without this socket (a sandbox that forbids netlink) DRMDisplay still
// notices an unplug when a modeset fails, and while unplugged it re-probes on the retry timer.
#if canImport(Glibc)
import Glibc
#endif
import CDRM

/// A netlink socket on the kernel's uevent group, read without blocking.
final class UeventMonitor {
    /// Readable when uevents are queued (the frame loop watches it).
    let fd: Int32
    private let buffer = UnsafeMutableRawPointer.allocate(byteCount: 8192, alignment: 8)

    /// Opens and binds the socket; throws a ``PlatformError`` that says what still works without it.
    init() throws {
        let s = kiosk_uevent_socket()
        guard s >= 0 else {
            let e = Errno.current
            buffer.deallocate()
            throw PlatformError("open uevent socket", errno: e,
                                advice: "display hot-plug events are unavailable; an unplugged screen is still noticed when a modeset fails")
        }
        fd = s
    }
    deinit { Syscall.close(fd); buffer.deallocate() }

    /// Reads every queued uevent; true when one of them is a DRM hot-plug.
    func drainDRMHotplug() -> Bool {
        var found = false
        while true {
            let n = recv(fd, buffer, 8192, Int32(MSG_DONTWAIT))
            guard n > 0 else { break }
            if UeventMonitor.isDRMHotplug(UnsafeRawBufferPointer(start: buffer, count: n)) { found = true }
        }
        return found
    }

    /// True for a kernel uevent (`ACTION@DEVPATH` then NUL-separated `KEY=VALUE` fields) that has
    /// both `SUBSYSTEM=drm` and `HOTPLUG=1`. Anything else, garbage included, is false.
    static func isDRMHotplug(_ message: UnsafeRawBufferPointer) -> Bool {
        var drm = false, hotplug = false
        for field in message.split(separator: 0) {
            if field.elementsEqual("SUBSYSTEM=drm".utf8) { drm = true }
            else if field.elementsEqual("HOTPLUG=1".utf8) { hotplug = true }
        }
        return drm && hotplug
    }
}
