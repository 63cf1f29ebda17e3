// Systemd: sd_notify without libsystemd. With `Type=notify` the unit is "started" only once the
// first frame is on screen, so `After=kiosk.service` units and boot charts mean something.
#if canImport(Glibc)
import Glibc
#endif

/// Tells the service manager about the kiosk's state when it runs under systemd.
///
///     Systemd.notify("READY=1\nSTATUS=showing gallery")
public enum Systemd {
    /// Sends `state` to `$NOTIFY_SOCKET`; does nothing (and returns false) outside systemd.
    @discardableResult
    public static func notify(_ state: String) -> Bool {
        guard let p = getenv("NOTIFY_SOCKET") else { return false }
        var path = Array(String(cString: p).utf8)
        guard !path.isEmpty, path.count < 108 else { return false }
        if path[0] == UInt8(ascii: "@") { path[0] = 0 }   // abstract namespace
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { b in for (i, c) in path.enumerated() { b[i] = c } }
        let len = socklen_t(MemoryLayout<sa_family_t>.size + path.count)
        let bytes = Array(state.utf8)
        let sent = withUnsafePointer(to: &addr) { ap in
            ap.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL), $0, len) }
        }
        return sent == bytes.count
    }
}
