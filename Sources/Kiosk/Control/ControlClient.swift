// ControlClient: `kiosk screenshot` and `kiosk status`'s side of the control socket: connect, send
// one request, read the reply until the server closes, with a deadline.
#if canImport(Glibc)
import Glibc
#endif

public enum ControlClient {
    /// Sends `request` to the socket at `path` and returns the reply.
    /// - Throws: `PlatformError` when the socket cannot be reached (no kiosk running, permission)
    ///   or the reply does not come within `timeout` seconds; `ControlProtocolError` for a
    ///   malformed reply.
    public static func send(_ request: ControlRequest, to path: String, timeout: Double = 10) throws -> ControlReply {
        let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard s >= 0 else { throw PlatformError("control socket", path: path, errno: Errno.current) }
        defer { Syscall.close(s) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        guard path.utf8.count < MemoryLayout.size(ofValue: addr.sun_path) else { throw PlatformError("control socket", path: path, advice: "path too long") }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard ok == 0 else {
            let e = Errno.current
            throw PlatformError("connect to the kiosk's control socket", path: path, errno: e,
                                advice: e == .noSuchFile || e.rawValue == ECONNREFUSED ? "is kiosk running? (systemctl status kiosk); --socket PATH names another socket"
                                      : e == .permissionDenied ? "run as root or as a member of the kiosk group" : "")
        }
        try Syscall.writeAll(s, request.line)
        let deadline = Syscall.monotonicNow() + timeout
        var reply: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let left = deadline - Syscall.monotonicNow()
            guard left > 0, try Syscall.poll(s, timeoutMs: Int32(left * 1000)) else {
                throw PlatformError("control socket", path: path, errno: .timedOut, advice: "no reply within \(timeout) s")
            }
            let n = try buf.withUnsafeMutableBytes { try Syscall.read(s, $0.baseAddress!, $0.count) }
            if n == 0 { break }
            reply.append(contentsOf: buf[0..<n])
            guard reply.count <= ControlReply.maxLength else { throw ControlProtocolError("reply larger than \(ControlReply.maxLength) bytes") }
        }
        return try ControlReply.parse(reply)
    }
}
