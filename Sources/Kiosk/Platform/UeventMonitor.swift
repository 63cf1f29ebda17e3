// UeventMonitor: the kernel's hot-plug announcements (uevents) for DRM cards. A screen plugged in
// or out makes the DRM core send `ACTION=change` with `SUBSYSTEM=drm` and `HOTPLUG=1`; kiosk then
// asks its connector what changed (DRMDisplay). Every `change` of a DRM device counts, HOTPLUG=1 or
// not (lease and connector-property events, a `change` written to sysfs): one probe and one full
// frame each, and drivers that do not poll their connectors (virtio-gpu: measured in the
// QEMU test, a connector forced off through sysfs sends no HOTPLUG event) can still be nudged. Without this socket (a sandbox that forbids netlink) DRMDisplay still
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

    /// Reads every queued uevent; true when one of them is a DRM change.
    func drainDRMChanges() -> Bool {
        var found = false
        while true {
            let n = recv(fd, buffer, 8192, Int32(MSG_DONTWAIT))
            guard n > 0 else { break }
            if UeventMonitor.isDRMChange(UnsafeRawBufferPointer(start: buffer, count: n)) { found = true }
        }
        return found
    }

    /// True for a kernel uevent (`ACTION@DEVPATH` then NUL-separated `KEY=VALUE` fields) that has
    /// both `SUBSYSTEM=drm` and `ACTION=change` (a hot-plug adds `HOTPLUG=1`). Anything else,
    /// garbage included, is false.
    static func isDRMChange(_ message: UnsafeRawBufferPointer) -> Bool {
        var drm = false, change = false
        for field in message.split(separator: 0) {
            if field.elementsEqual("SUBSYSTEM=drm".utf8) { drm = true }
            else if field.elementsEqual("ACTION=change".utf8) { change = true }
        }
        return drm && change
    }
}
