// A tiny HTTP/1.1 server on 127.0.0.1 (an ephemeral port) for AsyncImage's tests: each test
// starts its own, with a handler that answers per request — a reply, a raw byte string (a lying
// Content-Length), or nothing at all (a connection held open until the server stops). One
// request per connection (`Connection: close`). Requests are recorded for assertions.
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Raster
@testable import Kiosk

final class LoopbackHTTPServer: @unchecked Sendable {
    struct Request { let method: String; let path: String; let headers: [String: String] }
    enum Response {
        case reply(status: Int, headers: [(String, String)], body: [UInt8])
        /// Bytes written as they are, then the connection closed.
        case raw([UInt8])
        /// Nothing is ever written; the connection stays open until `stop()`.
        case hang
    }

    let port: Int
    private let listener: Int32
    private let state = Locked((requests: [Request](), open: [Int32](), stopped: false, closed: 0))
    private let handler: @Sendable (Request) -> Response

    var requests: [Request] { state.withLock { $0.requests } }
    /// Connections that have ended (the client closed, or the reply was sent).
    var closedConnections: Int { state.withLock { $0.closed } }
    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    init(_ handler: @escaping @Sendable (Request) -> Response) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServerError.socket(errno) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        addr.sin_port = 0
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw ServerError.socket(errno) }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) } }
        port = Int(UInt16(bigEndian: addr.sin_port))
        listener = fd
        // A private queue: a thread of its own (the global pool has 2 and the suite runs in parallel).
        DispatchQueue(label: "test.http.accept").async { [self] in acceptLoop() }
    }

    enum ServerError: Error { case socket(Int32) }

    /// Closes the listening socket (new connections are refused) and every held connection.
    /// Descriptors are shut down and closed only under the lock: a number closed elsewhere may
    /// already belong to another test's socket (the suite runs in parallel).
    func stop() {
        state.withLock { s in
            guard !s.stopped else { return }
            s.stopped = true
            for fd in s.open { shutdown(fd, Int32(SHUT_RDWR)) }
            shutdown(listener, Int32(SHUT_RDWR))
        }
    }

    deinit { stop() }

    private func acceptLoop() {
        while true {
            var p = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let r = poll(&p, 1, 50)
            let stopped: Bool = state.withLock { s in
                if s.stopped { close(listener) }
                return s.stopped
            }
            if stopped { return }
            guard r > 0 else { continue }
            let c = accept(listener, nil, nil)
            guard c >= 0 else { continue }
            let refused: Bool = state.withLock { s in
                if s.stopped { close(c); return true }
                s.open.append(c)
                return false
            }
            if refused { continue }
            DispatchQueue(label: "test.http.connection").async { [self] in serve(c) }
        }
    }

    private func serve(_ fd: Int32) {
        defer { state.withLock { s in s.open.removeAll { $0 == fd }; close(fd); s.closed += 1 } }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        func complete() -> Bool {
            data.count >= 4 && (0...(data.count - 4)).contains { data[$0] == 13 && data[$0 + 1] == 10 && data[$0 + 2] == 13 && data[$0 + 3] == 10 }
        }
        while !complete() {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            data += buffer[0..<n]
            if data.count > 65536 { return }
        }
        let text = String(decoding: data, as: UTF8.self)
        // "\r\n" is one Character in Swift.
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        let first = lines[0].split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name: String = String(line[..<colon]).lowercased()
            let value: Substring = line[line.index(after: colon)...]
            headers[name] = String(value.drop(while: { $0 == " " }))
        }
        let request = Request(method: first.first.map(String.init) ?? "", path: first.dropFirst().first.map(String.init) ?? "", headers: headers)
        state.withLock { $0.requests.append(request) }
        switch handler(request) {
        case let .reply(status, extra, body):
            var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            for (k, v) in extra { head += "\(k): \(v)\r\n" }
            head += "\r\n"
            writeAll(fd, Array(head.utf8) + body)
        case .raw(let bytes):
            writeAll(fd, bytes)
        case .hang:
            // Hold the connection until stop() shuts it down (read then returns 0).
            while buffer.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
        }
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }
}
