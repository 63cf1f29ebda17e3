// VNCAddress: where the VNC server listens (`vnc = 127.0.0.1:5900`), parsed without I/O.
#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 address and TCP port for the VNC server: `127.0.0.1:5900`, `localhost:5900` (the same),
/// `0.0.0.0:5900` (every interface: only behind a firewall or an SSH tunnel, RFB is not encrypted).
public struct VNCAddress: Equatable, Sendable, CustomStringConvertible {
    /// Four octets, most significant first.
    public var octets: (UInt8, UInt8, UInt8, UInt8)
    public var port: UInt16

    public init(octets: (UInt8, UInt8, UInt8, UInt8), port: UInt16) { self.octets = octets; self.port = port }

    /// Parses `A.B.C.D:PORT` or `localhost:PORT` (port 1-65535).
    public init(parsing s: String) throws {
        let bad = ConfigError.invalidValue(key: "vnc", value: s, expected: "none or ADDRESS:PORT such as 127.0.0.1:5900 (IPv4)")
        guard let colon = s.unicodeScalars.lastIndex(of: ":") else { throw bad }
        let host = String(s.unicodeScalars[..<colon]), portText = String(s.unicodeScalars[s.unicodeScalars.index(after: colon)...])
        guard portText.utf8.count <= 5, portText.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let p = Int(portText), p >= 1, p <= 65535 else { throw bad }
        port = UInt16(p)
        if host == "localhost" { octets = (127, 0, 0, 1); return }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { throw bad }
        var o: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.utf8.count), part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let v = Int(part), v <= 255 else { throw bad }
            o.append(UInt8(v))
        }
        octets = (o[0], o[1], o[2], o[3])
    }

    public var host: String { "\(octets.0).\(octets.1).\(octets.2).\(octets.3)" }
    public var description: String { "\(host):\(port)" }
    /// True for 127.0.0.0/8.
    public var isLoopback: Bool { octets.0 == 127 }
    /// The address in network byte order, as `in_addr_t`.
    public var inAddr: in_addr_t {
        (in_addr_t(octets.0) | in_addr_t(octets.1) << 8 | in_addr_t(octets.2) << 16 | in_addr_t(octets.3) << 24)
    }

    public static func == (a: VNCAddress, b: VNCAddress) -> Bool {
        a.port == b.port && a.octets.0 == b.octets.0 && a.octets.1 == b.octets.1 && a.octets.2 == b.octets.2 && a.octets.3 == b.octets.3
    }
}

/// When kiosk draws the mouse cursor (`cursor = auto|always|never`).
public enum CursorMode: String, Sendable, Equatable, CaseIterable {
    /// Shown on mouse motion; hidden after `cursor-hide` seconds without motion, or on a touch.
    case auto
    /// Shown from the first pointer motion on, never hidden.
    case always
    /// Never drawn (clicks and the wheel still work).
    case never

    public init(parsing s: String) throws {
        guard let m = CursorMode(rawValue: s) else { throw ConfigError.invalidValue(key: "cursor", value: s, expected: "auto, always or never") }
        self = m
    }
}
