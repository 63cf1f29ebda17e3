// ControlServer: the running kiosk's unix socket for `kiosk screenshot` and `kiosk status`
// (ControlProtocol.swift). Local only (AF_UNIX; mode 0660, so the kiosk user and group), in the
// runtime directory systemd makes (`RuntimeDirectory=kiosk` → /run/kiosk/control).
//
// It is serviced on the frame loop's queue and never blocks it: connections are read and written
// on FDWatcher's thread (a client that hangs up is what libdispatch's sources crash on; see
// FDWatcher.swift) and handled on the queue; the listening socket has a dispatch source. The socket and every connection are non-blocking, a request is at most
// `ControlRequest.maxLength` bytes, at most `maxClients` connections are open (more are closed at
// once), one reply is buffered per connection, and a connection that has not finished within
// `timeout` seconds — a client that never reads its screenshot — is closed.
#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// Serves the control socket at `path`.
public final class ControlServer {
    public let path: String
    /// Connections open at once; one more is accepted and closed at once.
    public var maxClients = 8
    /// Seconds a connection may take from accept to the last reply byte.
    public var timeout = 5.0
    /// The text of a `status` reply (`key: value` lines).
    public var status: () -> String = { "" }
    /// The current frame as PNG, for `screenshot`.
    public var screenshot: () throws -> [UInt8] = { [] }

    private var fd: Int32 = -1
    private let queue: DispatchQueue
    private var acceptSource: DispatchSourceRead?
    private var clients: [Int32: Connection] = [:]
    /// Connections served (a reply or an error sent) and refused (over the cap), for tests and logs.
    public private(set) var served = 0, refused = 0, timedOut = 0
    /// Open connections now.
    public var connectionCount: Int { clients.count }

    final class Connection {
        let fd: Int32
        var inbound: [UInt8] = []
        /// Its watches on FDWatcher's thread: the request's reading, then the reply's writing.
        var readToken: Int?, writeToken: Int?
        var replied = false
        init(fd: Int32) { self.fd = fd; inbound.reserveCapacity(ControlRequest.maxLength) }
    }

    /// Binds `path` (a stale socket left by a previous run is replaced; any other file there is
    /// an error) with mode 0660. Call `start()` to serve.
    public init(path: String, queue: DispatchQueue = .main) throws {
        self.path = path; self.queue = queue
        var addr = sockaddr_un()
        let maxPath = MemoryLayout.size(ofValue: addr.sun_path) - 1
        guard path.utf8.count <= maxPath, !path.isEmpty else {
            throw PlatformError("control socket", path: path, advice: "a unix socket path is at most \(maxPath) bytes")
        }
        var st = stat()
        if lstat(path, &st) == 0 {
            guard st.st_mode & S_IFMT == S_IFSOCK else {
                throw PlatformError("control socket", path: path, errno: Errno(rawValue: EEXIST), advice: "something other than a socket is there; remove it or set control-socket")
            }
            unlink(path)
        }
        let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard s >= 0 else { throw PlatformError("control socket", path: path, errno: Errno.current) }
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { let e = Errno.current; Syscall.close(s); throw PlatformError("control socket: bind", path: path, errno: e) }
        // After bind: the unit's UMask=0077 made it 0600; the kiosk group may use it too.
        chmod(path, 0o660)
        guard listen(s, 8) == 0 else { let e = Errno.current; Syscall.close(s); unlink(path); throw PlatformError("control socket: listen", path: path, errno: e) }
        fd = s
    }

    deinit { stop() }

    /// Starts accepting on the queue.
    public func start() {
        guard fd >= 0, acceptSource == nil else { return }
        let src = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        src.setEventHandler { [weak self] in self?.acceptAll() }
        // The socket is closed once the source lets it go (closing it first could hand its number
        // to another descriptor while libdispatch still watches it).
        let listening = fd
        src.setCancelHandler { Syscall.close(listening) }
        src.resume()
        acceptSource = src
    }

    /// Closes every connection and the socket, and removes the socket file.
    public func stop() {
        for c in Array(clients.keys) { close(c) }
        if fd >= 0 {
            if let acceptSource { acceptSource.cancel() } else { Syscall.close(fd) }
            fd = -1
            unlink(path)
        }
        acceptSource = nil
    }

    private func acceptAll() {
        while fd >= 0 {
            // accept4 is a GNU extension Glibc's module does not show: accept, then set the flags.
            let c = accept(fd, nil, nil)
            if c < 0 { return }  // EAGAIN: all taken; anything else: try at the next event
            _ = fcntl(c, F_SETFL, fcntl(c, F_GETFL) | O_NONBLOCK)
            _ = fcntl(c, F_SETFD, FD_CLOEXEC)
            guard clients.count < maxClients else {
                refused += 1
                let busy = ControlReply.error("busy: \(maxClients) connections open").bytes
                _ = busy.withUnsafeBytes { send(c, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                Syscall.close(c)
                continue
            }
            let conn = Connection(fd: c)
            clients[c] = conn
            conn.readToken = FDWatcher.shared.watch(c) { [weak self, weak conn, queue] in
                // FDWatcher's thread: take what arrived, or learn that the client is gone.
                var buf = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
                let n = withUnsafeMutableBytes(of: &buf) { recv(c, $0.baseAddress, $0.count, 0) }
                if n < 0 && (errno == EAGAIN || errno == EINTR) { return true }
                let bytes: [UInt8]? = n > 0 ? withUnsafeBytes(of: &buf) { Array($0[0..<n]) } : nil
                let server = self, connection = conn
                queue.async {
                    guard let server, let connection, server.clients[c] === connection else { return }
                    server.received(bytes, on: connection)
                }
                return bytes != nil
            }
            if conn.readToken == nil { close(c); continue }
            queue.asyncAfter(deadline: .now() + timeout, qos: .unspecified) { [weak self, weak conn] in
                guard let self, let conn, self.clients[conn.fd] === conn else { return }
                self.timedOut += 1
                Log.debug("control: a client took longer than \(self.timeout) s; closing it")
                self.close(conn.fd)
            }
        }
    }

    /// Bytes from a connection (nil: it hung up or failed).
    private func received(_ bytes: [UInt8]?, on conn: Connection) {
        guard let bytes else { close(conn.fd); return }
        guard !conn.replied else { return }
        conn.inbound.append(contentsOf: bytes)
        switch ControlRequest.parse(conn.inbound) {
        case .incomplete: return
        case .invalid(let why): reply(conn, .error(why))
        case .request(let r, _): reply(conn, answer(r))
        }
    }

    /// The reply to `request` (status text or the frame's PNG).
    func answer(_ request: ControlRequest) -> ControlReply {
        switch request {
        case .status: return .status(status())
        case .screenshot:
            do { return .png(try screenshot()) } catch { return .error("screenshot: \(error)") }
        }
    }

    private func reply(_ conn: Connection, _ r: ControlReply) {
        conn.replied = true
        if let t = conn.readToken { FDWatcher.shared.unwatch(t); conn.readToken = nil }
        served += 1
        // Written on FDWatcher's thread as the socket takes it; then the connection is closed here.
        let c = conn.fd, out = r.bytes
        var sent = 0
        conn.writeToken = FDWatcher.shared.watch(c, writable: true) { [weak self, weak conn, queue] in
            while sent < out.count {
                let n = out.withUnsafeBytes { send(c, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
                if n < 0 {
                    if errno == EAGAIN || errno == EINTR { return true }   // the socket buffer is full: wait
                    break                                                    // the client went away
                }
                sent += n
            }
            let server = self, connection = conn
            queue.async {
                guard let server, let connection, server.clients[c] === connection else { return }
                server.close(c)
            }
            return false
        }
        if conn.writeToken == nil { close(c) }
    }

    /// Ends a connection; its descriptor is closed once FDWatcher no longer polls it.
    private func close(_ c: Int32) {
        guard let conn = clients.removeValue(forKey: c) else { return }
        let tokens = [conn.readToken, conn.writeToken].compactMap { $0 }
        conn.readToken = nil; conn.writeToken = nil
        guard let last = tokens.last else { Syscall.close(c); return }
        for t in tokens.dropLast() { FDWatcher.shared.unwatch(t) }
        FDWatcher.shared.unwatch(last) { Syscall.close(c) }
    }

    // MARK: Where the socket goes

    /// The socket path for the service: the `control-socket` setting ("none" turns it off), else
    /// `$RUNTIME_DIRECTORY/control` (systemd's `RuntimeDirectory=kiosk`: /run/kiosk/control), else
    /// `$XDG_RUNTIME_DIR/kiosk-control` (a developer's session); nil when none applies.
    public static func serverPath(setting: String?, environment: [String: String]) -> String? {
        if let setting { return setting == "none" ? nil : setting }
        if let d = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first, !d.isEmpty { return "\(d)/control" }
        if let x = environment["XDG_RUNTIME_DIR"], !x.isEmpty { return "\(x)/kiosk-control" }
        return nil
    }

    /// The socket a client talks to: the setting, else /run/kiosk/control when it exists, else
    /// `$XDG_RUNTIME_DIR/kiosk-control`.
    public static func clientPath(setting: String?, environment: [String: String], exists: (String) -> Bool = { access($0, F_OK) == 0 }) -> String {
        if let setting, setting != "none" { return setting }
        if exists("/run/kiosk/control") { return "/run/kiosk/control" }
        if let x = environment["XDG_RUNTIME_DIR"], !x.isEmpty { return "\(x)/kiosk-control" }
        return "/run/kiosk/control"
    }
}
