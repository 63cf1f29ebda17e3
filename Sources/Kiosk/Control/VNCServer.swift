// VNCServer: `--vnc ADDR:PORT` — the frames the panel shows, served over RFB 3.8 by Debian's
// libvncserver, and the clients' pointers and keys delivered as the panel's own input.
//
// libvncserver runs its listener and one thread per client (rfbRunEventLoop in the background):
// a slow or stuck client blocks only its own thread, never the frame loop. The server's
// framebuffer is the frame loop's shadow surface itself (`share`): each frame only marks its
// damage modified (rfbMarkRectAsModified), with no copy — only while a client is connected: with
// none, `frameShown` returns at once. A client thread may read a rectangle while the next frame is
// drawn into it (the kind of tearing x11vnc has too); that frame's damage is marked right after,
// so the client gets the finished pixels with its next update. Surfaces not shared (another size)
// are copied into the server's own framebuffer instead. The first client of a run gets the whole frame.
// Input callbacks arrive on client threads and are handed to the main queue.
//
// Limits: `maxClients` connections (more are refused), a client that does not read for 5 s is
// dropped, wrong passwords are rate limited (PasswordRateLimit), libvncserver itself refuses
// framebuffer update requests outside the screen (it clips them) and client cut text over 1 MB
// (it closes the connection). RFB is not encrypted: tunnel it over SSH.
#if canImport(CVNC)
import CVNC
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization
import Raster

public final class VNCServer {
    /// True in builds with libvncserver (not the static build).
    public static let isAvailable = true

    public let address: VNCAddress
    public let width: Int, height: Int
    /// Clients connected at once; one more is refused.
    public let maxClients: Int
    /// Pointer events (on the main queue), with the client's number.
    public var onPointer: (PointerEvent, Int) -> Void = { _, _ in }
    /// A client went away: a touch it holds down must be cancelled (main queue).
    public var onClientGone: (Int) -> Void = { _ in }
    /// Keys that map simply (VNCKeyMapper), on the main queue.
    public var onKey: (KeyPress) -> Void = { _ in }
    /// The frame shown now, for the first client's whole-frame copy (main queue).
    public var currentFrame: () -> Surface? = { nil }

    /// Whole frames and damage rectangles handed to the clients: marked modified in the shared
    /// surface, or copied (tests: nothing without a client).
    public private(set) var fullCopies = 0, rectCopies = 0
    /// The surface whose pixels are the framebuffer (``share(_:)``); kept alive by this reference.
    private var sharedSurface: Surface?

    private let screen: rfbScreenInfoPtr
    private let framebuffer: UnsafeMutablePointer<UInt32>
    private var passwordList: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    private var keys = VNCKeyMapper()
    private struct Shared {
        var clients = 0
        var nextClient = 1
        var needsFullCopy = true
        var limit = PasswordRateLimit()
    }
    private let shared = Mutex(Shared())
    private var running = false

    /// Listens on `address` for a `width`×`height` (logical) screen. `password`: VNC
    /// authentication (only its first 8 characters count: the RFB scheme's limit); nil = none.
    public init(address: VNCAddress, width: Int, height: Int, password: String?, maxClients: Int = 8) throws {
        self.address = address; self.width = width; self.height = height; self.maxClients = max(1, maxClients)
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw PlatformError("vnc", advice: "screen size \(width)x\(height) out of range")
        }
        if Log.threshold != .debug { rfbLogEnable(0) }
        var argc: Int32 = 0
        guard let s = rfbGetScreen(&argc, nil, Int32(width), Int32(height), 8, 3, 4) else {
            throw PlatformError("vnc: rfbGetScreen", advice: "out of memory")
        }
        screen = s
        framebuffer = .allocate(capacity: width * height)
        framebuffer.initialize(repeating: 0, count: width * height)
        s.pointee.frameBuffer = UnsafeMutableRawPointer(framebuffer).assumingMemoryBound(to: CChar.self)
        // Surface pixels are 0xAARRGGBB words: blue in the low byte.
        s.pointee.serverFormat.redShift = 16
        s.pointee.serverFormat.greenShift = 8
        s.pointee.serverFormat.blueShift = 0
        s.pointee.desktopName = VNCServer.desktopName
        s.pointee.port = Int32(address.port)
        s.pointee.ipv6port = 0           // IPv4 only: the address given, nothing else
        s.pointee.listenInterface = address.inAddr
        s.pointee.autoPort = 0
        s.pointee.httpPort = 0
        s.pointee.httpDir = nil
        s.pointee.alwaysShared = 1
        s.pointee.permitFileTransfer = 0
        s.pointee.maxClientWait = 5000
        // No server-drawn cursor in the pixels: clients see exactly the panel (and kiosk's own
        // cursor when `cursor` shows it).
        s.pointee.cursor = nil
        s.pointee.screenData = Unmanaged.passUnretained(self).toOpaque()
        s.pointee.newClientHook = { cl in VNCServer.of(cl)?.newClient(cl!) ?? RFB_CLIENT_REFUSE }
        s.pointee.ptrAddEvent = { mask, x, y, cl in VNCServer.of(cl)?.pointer(mask: mask, x: x, y: y, cl: cl!) }
        s.pointee.kbdAddEvent = { down, keysym, cl in VNCServer.of(cl)?.key(down: down != 0, keysym: UInt32(truncatingIfNeeded: keysym)) }
        s.pointee.setXCutText = { _, _, _ in }   // the clipboard is ignored
        if let password {
            let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 2)
            list[0] = strdup(password); list[1] = nil
            passwordList = list
            s.pointee.authPasswdData = UnsafeMutableRawPointer(list)
            s.pointee.passwordCheck = { cl, response, len in VNCServer.of(cl)?.checkPassword(cl!, response, len) ?? 0 }
        }
    }

    deinit {
        stop()
        rfbScreenCleanup(screen)   // what libvncserver allocated; the framebuffer and password are ours
        framebuffer.deallocate()
        if let passwordList { free(passwordList[0]); passwordList.deallocate() }
    }

    /// The name clients show (one copy for every server).
    private static let desktopName = UnsafePointer(strdup("kiosk"))

    private static func of(_ cl: rfbClientPtr?) -> VNCServer? {
        guard let data = cl?.pointee.screen?.pointee.screenData else { return nil }
        return Unmanaged<VNCServer>.fromOpaque(data).takeUnretainedValue()
    }

    /// Binds and starts the listener thread.
    /// - Throws: `PlatformError` when the address cannot be bound (in use, not an address here).
    public func start() throws {
        guard !running else { return }
        kiosk_rfb_init_server(screen)
        guard screen.pointee.listenSock >= 0 else {
            throw PlatformError("vnc: listen", path: "\(address)", advice: "the port may be in use, or the address is not this machine's")
        }
        rfbRunEventLoop(screen, -1, 1)
        running = true
        Log.info("vnc: serving \(width)x\(height) on \(address)\(passwordList == nil ? " without a password" : " with a password")\(address.isLoopback ? "" : "; RFB is not encrypted: tunnel it over SSH")")
    }

    /// Disconnects every client and stops listening.
    public func stop() {
        guard running else { return }
        running = false
        rfbShutdownServer(screen, 1)
    }

    /// Clients connected now.
    public var clientCount: Int { shared.withLock { $0.clients } }

    // MARK: Frames (main queue)

    /// The frame loop presented `surface` with `damage`: copy those pixels for the clients.
    /// No client: nothing is copied.
    public func frameShown(_ surface: Surface, damage: [IntRect]) {
        let (clients, full) = shared.withLock { s -> (Int, Bool) in
            let f = s.needsFullCopy
            if s.clients > 0 { s.needsFullCopy = false }
            return (s.clients, f)
        }
        guard clients > 0, surface.width == width, surface.height == height else { return }
        let inPlace = sharedSurface.map { $0.base == surface.base } ?? false
        if full { inPlace ? mark(surface.bounds) : copy(surface, surface.bounds); fullCopies += 1; return }
        for r in damage { inPlace ? mark(r) : copy(surface, r); rectCopies += 1 }
    }

    private func mark(_ rect: IntRect) {
        let r = rect.intersection(IntRect(x: 0, y: 0, width: width, height: height))
        guard !r.isEmpty else { return }
        rfbMarkRectAsModified(screen, Int32(r.x0), Int32(r.y0), Int32(r.x1), Int32(r.y1))
    }

    /// Serves `surface`'s own pixels (the frame loop's shadow, which keeps its size and address)
    /// rather than copies of them: a frame then costs the clients' marks only. Call it before
    /// ``start()``; a surface of another size is ignored (frames are then copied).
    public func share(_ surface: Surface) {
        guard surface.width == width, surface.height == height, surface.stride <= Int(Int32.max) else { return }
        sharedSurface = surface
        screen.pointee.frameBuffer = UnsafeMutableRawPointer(surface.base).assumingMemoryBound(to: CChar.self)
        screen.pointee.paddedWidthInBytes = Int32(surface.stride)
    }

    /// A new client needs the current frame, even if nothing is drawn again.
    private func refreshForNewClient() {
        guard let f = currentFrame() else { return }
        frameShown(f, damage: [])
    }

    private func copy(_ surface: Surface, _ rect: IntRect) {
        let r = rect.intersection(surface.bounds)
        guard !r.isEmpty else { return }
        // memcpy, not update(from:count:): unoptimized builds copy that one element at a time.
        for y in r.y0..<r.y1 {
            memcpy(framebuffer + y * width + r.x0, surface.row(y) + r.x0, r.width * 4)
        }
        rfbMarkRectAsModified(screen, Int32(r.x0), Int32(r.y0), Int32(r.x1), Int32(r.y1))
    }

    // MARK: Client threads

    private func newClient(_ cl: rfbClientPtr) -> rfbNewClientAction {
        let id: Int? = shared.withLock { s in
            guard s.clients < maxClients else { return nil }
            s.clients += 1
            if s.clients == 1 { s.needsFullCopy = true }
            defer { s.nextClient += 1 }
            return s.nextClient
        }
        guard let id else {
            Log.warning("vnc: \(maxClients) clients connected; refusing another")
            return RFB_CLIENT_REFUSE
        }
        cl.pointee.clientData = UnsafeMutableRawPointer(bitPattern: id)
        cl.pointee.clientGoneHook = { cl in VNCServer.of(cl)?.clientGone(cl!) }
        Log.info("vnc: client \(id) connected (\(clientCount) now)")
        DispatchQueue.main.async { [weak self] in self?.refreshForNewClient() }
        return RFB_CLIENT_ACCEPT
    }

    private func clientGone(_ cl: rfbClientPtr) {
        let id = Int(bitPattern: cl.pointee.clientData)
        guard id != 0 else { return }
        cl.pointee.clientData = nil
        shared.withLock { $0.clients -= 1 }
        Log.info("vnc: client \(id) disconnected")
        DispatchQueue.main.async { [weak self] in self?.onClientGone(id) }
    }

    private func pointer(mask: Int32, x: Int32, y: Int32, cl: rfbClientPtr) {
        let id = Int(bitPattern: cl.pointee.clientData)
        let p = Point(Double(max(0, min(Int(x), width - 1))), Double(max(0, min(Int(y), height - 1))))
        // Buttons 4/5 (and 6/7) are one wheel step each, sent as press + release: act on the press.
        let wheelY = (mask & 8 != 0 ? 1.0 : 0) - (mask & 16 != 0 ? 1.0 : 0)
        let wheelX = (mask & 32 != 0 ? 1.0 : 0) - (mask & 64 != 0 ? 1.0 : 0)
        let left = mask & 1 != 0
        DispatchQueue.main.async { [weak self] in
            guard let self else { return }
            if wheelX != 0 || wheelY != 0 { self.onPointer(.wheel(dx: wheelX, dy: wheelY, at: p), id) }
            self.onPointer(.button(down: left, at: p), id)
        }
    }

    private func key(down: Bool, keysym: UInt32) {
        DispatchQueue.main.async { [weak self] in
            guard let self, let press = self.keys.press(keysym: keysym, down: down) else { return }
            self.onKey(press)
        }
    }

    private func checkPassword(_ cl: rfbClientPtr, _ response: UnsafePointer<CChar>?, _ len: Int32) -> rfbBool {
        let now = Syscall.monotonicNow()
        guard shared.withLock({ $0.limit.allows(now: now) }) else {
            Log.debug("vnc: password attempt refused unchecked (rate limit)")
            return 0
        }
        let ok = rfbCheckPasswordByList(cl, response, len) != 0
        shared.withLock { $0.limit.record(success: ok, now: now) }
        if !ok { Log.warning("vnc: wrong password from a client") }
        return ok ? 1 : 0
    }

    /// Attempts refused by the rate limit without checking (tests).
    public var refusedPasswordAttempts: Int { shared.withLock { $0.limit.refusedUnchecked } }
}
#else
/// This build has no libvncserver (the static build: Debian ships no libvncserver.a).
public enum VNCServer {
    public static let isAvailable = false
}
#endif
