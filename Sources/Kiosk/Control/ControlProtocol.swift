// ControlProtocol: the requests `kiosk screenshot` and `kiosk status` send to the running service
// over its control socket, and the replies. A request is one line of ASCII, at most
// `ControlRequest.maxLength` bytes with its LF (a CR before the LF is allowed):
//
//     status\n            → "ok status\n" then `key: value` lines, then the connection closes
//     screenshot\n        → "ok png LENGTH\n" then LENGTH bytes of PNG, then the connection closes
//     anything else       → "error MESSAGE\n", then the connection closes
//
// Pure (no I/O): fuzz-control drives `ControlRequest.parse` with arbitrary bytes.

/// One request to the control socket.
public enum ControlRequest: String, Sendable, Equatable, CaseIterable {
    /// Frame rate, idle state, display, mode, time of the last frame, uptime.
    case status
    /// The frame on the panel now, as PNG.
    case screenshot

    /// The longest request line, LF included; a client that sends more without a LF is cut off.
    public static let maxLength = 64

    /// What the bytes received so far make.
    public enum Parse: Sendable, Equatable {
        /// No LF yet and under `maxLength`: wait for more.
        case incomplete
        /// A complete request; `consumed` bytes (through the LF) were used.
        case request(ControlRequest, consumed: Int)
        /// Not a request; the reason goes back as `error REASON`.
        case invalid(String)
    }

    /// Parses the first line of `bytes`. Never traps: bytes past `maxLength` without a LF, NUL,
    /// non-ASCII or an unknown word give `.invalid` with a message.
    public static func parse<C: Collection>(_ bytes: C) -> Parse where C.Element == UInt8 {
        var line: [UInt8] = []
        line.reserveCapacity(maxLength)
        var count = 0
        for b in bytes {
            count += 1
            if b == 0x0A {
                if line.last == 0x0D { line.removeLast() }
                return word(line, consumed: count)
            }
            guard count < maxLength else { return .invalid("request longer than \(maxLength) bytes") }
            guard b >= 0x20 && b < 0x7F || b == 0x0D || b == 0x09 else { return .invalid("request is not one line of ASCII text") }
            line.append(b)
        }
        return .incomplete
    }

    private static func word(_ line: [UInt8], consumed: Int) -> Parse {
        // Surrounding blanks are forgiven ("status \n" from a hand-typed `socat`).
        var s = Substring(String(decoding: line, as: UTF8.self))
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        if s.isEmpty { return .invalid("empty request; expected status or screenshot") }
        guard let r = ControlRequest(rawValue: String(s)) else {
            return .invalid("unknown request \"\(s.prefix(32))\"; expected status or screenshot")
        }
        return .request(r, consumed: consumed)
    }

    /// The request's bytes on the wire.
    public var line: [UInt8] { Array("\(rawValue)\n".utf8) }
}

/// A reply from the control socket, as the client reads it.
public enum ControlReply: Sendable, Equatable {
    case status(String)
    case png([UInt8])
    case error(String)

    /// Replies larger than this are refused by the client (a 16k × 16k frame compresses smaller).
    public static let maxLength = 1 << 30

    /// The reply's bytes on the wire.
    public var bytes: [UInt8] {
        switch self {
        case .status(let text): return Array("ok status\n\(text)".utf8)
        case .png(let data): return Array("ok png \(data.count)\n".utf8) + data
        case .error(let message): return Array("error \(message.filter { $0 != "\n" })\n".utf8)
        }
    }

    /// Parses a whole reply (the server closes after it). Throws a message for anything else.
    public static func parse(_ bytes: [UInt8]) throws(ControlProtocolError) -> ControlReply {
        guard let nl = bytes.firstIndex(of: 0x0A) else { throw ControlProtocolError("reply without a header line") }
        let header = String(decoding: bytes[..<nl], as: UTF8.self)
        let body = bytes[(nl + 1)...]
        if header == "ok status" { return .status(String(decoding: body, as: UTF8.self)) }
        if header.hasPrefix("error ") { return .error(String(header.dropFirst(6))) }
        if header.hasPrefix("ok png "), let n = Int(header.dropFirst(7)), n >= 0 {
            guard body.count == n else { throw ControlProtocolError("PNG reply cut short: \(body.count) of \(n) bytes") }
            return .png(Array(body))
        }
        throw ControlProtocolError("unexpected reply \"\(header.prefix(40))\"")
    }
}

/// A reply that does not follow the protocol.
public struct ControlProtocolError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ d: String) { description = d }
}
