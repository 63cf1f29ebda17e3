// VNCTests: the VNC server with a minimal RFB 3.8 client written here (TCP on 127.0.0.1: the
// handshake, FramebufferUpdateRequest, raw rectangles, PointerEvent): the capture equals the
// panel, a click is a tap, nothing is copied without a client, and the limits hold.
#if canImport(CVNC)
import Foundation
import Testing
import Raster
import CVNC

@testable import Kiosk

/// A blocking RFB client, enough for the tests.
final class RFBClient {
    let fd: Int32
    var width = 0, height = 0

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var tv = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = VNCAddress(octets: (127, 0, 0, 1), port: port).inAddr
        let r = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard r == 0 else { let e = Errno.current; Glibc.close(fd); throw e }
    }
    deinit { Glibc.close(fd) }

    func read(_ n: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: n), got = 0
        while got < n {
            let k = out.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + got, n - got, 0) }
            guard k > 0 else { throw ControlProtocolError("connection closed after \(got) of \(n) bytes") }
            got += k
        }
        return out
    }
    func write(_ b: [UInt8]) throws { try Syscall.writeAll(fd, b) }
    func u16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    func u32(_ b: [UInt8], _ i: Int) -> Int { u16(b, i) << 16 | u16(b, i + 2) }
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 255), UInt8(v & 255)] }
    static func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }

    /// Version, security (None, or VNC auth with `password`), ClientInit, ServerInit.
    /// Returns false when the server refused the password.
    @discardableResult
    func handshake(password: String? = nil) throws -> Bool {
        #expect(String(decoding: try read(12), as: UTF8.self) == "RFB 003.008\n")
        try write(Array("RFB 003.008\n".utf8))
        let n = Int(try read(1)[0])
        guard n > 0 else { throw ControlProtocolError("server refused: no security types") }
        let types = try read(n)
        if let password {
            guard types.contains(2) else { throw ControlProtocolError("no VNC auth offered: \(types)") }
            try write([2])
            var challenge = try read(16)
            var key = Array(password.utf8.prefix(8)).map { CChar(bitPattern: $0) } + [0]
            rfbEncryptBytes(&challenge, &key)
            try write(challenge)
        } else {
            guard types.contains(1) else { throw ControlProtocolError("no None security: \(types)") }
            try write([1])
        }
        let result = u32(try read(4), 0)
        guard result == 0 else { return false }
        try write([1])   // shared
        let si = try read(24)
        width = u16(si, 0); height = u16(si, 2)
        _ = try read(u32(si, 20))
        return true
    }

    /// A full (non-incremental) update of the screen, as 0x00RRGGBB words.
    func capture() throws -> [UInt32] {
        try write([3, 0] + Self.be16(0) + Self.be16(0) + Self.be16(width) + Self.be16(height))
        var pixels = [UInt32](repeating: 0xDEAD_BEEF, count: width * height)
        var covered = 0
        while covered < width * height {
            let h = try read(4)
            guard h[0] == 0 else { _ = h; throw ControlProtocolError("message type \(h[0])") }
            for _ in 0..<u16(h, 2) {
                let r = try read(12)
                let (x, y, w, hh, enc) = (u16(r, 0), u16(r, 2), u16(r, 4), u16(r, 6), u32(r, 8))
                guard enc == 0 else { throw ControlProtocolError("encoding \(enc)") }
                let data = try read(w * hh * 4)
                for j in 0..<hh { for i in 0..<w {
                    let o = (j * w + i) * 4
                    pixels[(y + j) * width + x + i] = UInt32(data[o]) | UInt32(data[o + 1]) << 8 | UInt32(data[o + 2]) << 16
                } }
                covered += w * hh
            }
        }
        return pixels
    }

    func pointer(mask: UInt8, x: Int, y: Int) throws { try write([5, mask] + Self.be16(x) + Self.be16(y)) }
    func key(_ keysym: Int, down: Bool) throws { try write([4, down ? 1 : 0, 0, 0] + Self.be32(keysym)) }
}

@MainActor
@Suite(.serialized) struct VNCTests {
    static func port() -> UInt16 { UInt16(20000 + Int(getpid() % 20000) + Int.random(in: 0..<5000)) }

    func makeLoop(_ taps: TapCounter, size: (Int, Int) = (80, 60)) throws -> (FrameLoop, OffscreenDisplay) {
        let display = try OffscreenDisplay(directory: NSTemporaryDirectory() + "kiosk-vnc-\(getpid())", width: size.0, height: size.1)
        let source = ViewFrameSource(width: size.0, height: size.1) { VNCTestView(counter: taps) }
        return (try FrameLoop(display: display, source: source), display)
    }

    @Test func captureEqualsThePanelAndAClickIsATap() async throws {
        let taps = TapCounter()
        let (loop, display) = try makeLoop(taps)
        let port = Self.port()
        let vnc = try VNCServer(address: VNCAddress(octets: (127, 0, 0, 1), port: port), width: 80, height: 60, password: nil)
        try vnc.start()
        defer { vnc.stop() }
        loop.attach(vnc)
        loop.start()
        defer { loop.halt() }
        try await waitFor { loop.frameCount >= 1 }
        try await Task.sleep(nanoseconds: 100_000_000)
        // No client: not one pixel copied.
        #expect(vnc.fullCopies == 0 && vnc.rectCopies == 0)
        let pixels = try await Task.detached { () throws -> [UInt32] in
            let c = try RFBClient(port: port)
            try c.handshake()
            #expect(c.width == 80 && c.height == 60)
            usleep(UInt32(0.2 * 1_000_000))   // the main queue copies the frame for the new client
            return try c.capture()
        }.value
        var same = 0
        for y in 0..<60 { for x in 0..<80 where pixels[y * 80 + x] == display.panel.premultipliedPixel(x: x, y: y) & 0xFF_FFFF { same += 1 } }
        var diffs: [String] = []
        for y in 0..<60 { for x in 0..<80 where pixels[y * 80 + x] != display.panel.premultipliedPixel(x: x, y: y) & 0xFF_FFFF && diffs.count < 5 {
            diffs.append("(\(x),\(y)) \(String(pixels[y * 80 + x], radix: 16)) vs \(String(display.panel.premultipliedPixel(x: x, y: y), radix: 16))")
        } }
        #expect(same == 80 * 60, "\(same) of \(80 * 60) pixels equal: \(diffs)")
        #expect(vnc.fullCopies == 1)

        try await Task.detached {
            let c = try RFBClient(port: port)
            try c.handshake()
            try c.pointer(mask: 0, x: 20, y: 20)
            try c.pointer(mask: 1, x: 20, y: 20)
            usleep(UInt32(0.05 * 1_000_000))
            try c.pointer(mask: 0, x: 20, y: 20)
            usleep(UInt32(0.1 * 1_000_000))
        }.value
        try await waitFor { taps.count == 1 }
        #expect(taps.count == 1)
        // The tap changed the view (the count shows): the change reaches the client as damage.
        try await waitFor { vnc.rectCopies > 0 }
        #expect(vnc.rectCopies > 0)
    }

    @Test func keysReachTheSourceThroughHandleKey() async throws {
        let display = try OffscreenDisplay(directory: NSTemporaryDirectory() + "kiosk-vnckey-\(getpid())", width: 16, height: 16)
        let source = KeyRecordingSource()
        let loop = try FrameLoop(display: display, source: source)
        let port = Self.port()
        let vnc = try VNCServer(address: VNCAddress(octets: (127, 0, 0, 1), port: port), width: 16, height: 16, password: nil)
        try vnc.start()
        defer { vnc.stop() }
        loop.attach(vnc)
        loop.start()
        defer { loop.halt() }
        try await Task.detached {
            let c = try RFBClient(port: port)
            try c.handshake()
            for (k, down) in [(0xFFE1, true), (0x41, true), (0x41, false), (0xFFE1, false), (0xFF0D, true), (0xFFBE, true)] { try c.key(k, down: down) }
            usleep(200_000)
        }.value
        try await waitFor { source.keys.count >= 3 }
        #expect(source.keys == [KeyPress(phase: .down, key: "A", characters: "A", modifiers: .shift),
                                KeyPress(phase: .up, key: "A", characters: "A", modifiers: .shift),
                                KeyPress(phase: .down, key: .return)])
    }

    @Test func passwordIsCheckedAndWrongOnesAreRateLimited() async throws {
        let port = Self.port()
        let vnc = try VNCServer(address: VNCAddress(octets: (127, 0, 0, 1), port: port), width: 16, height: 16, password: "s3cret")
        try vnc.start()
        defer { vnc.stop() }
        // 20 wrong passwords at once: 3 are checked, then each within the growing penalty is
        // refused unchecked. (A right password during the penalty is refused too, so it is
        // tried on a fresh server below.)
        let wrong = try await Task.detached { () throws -> Int in
            var refused = 0
            for _ in 0..<20 { if (try? RFBClient(port: port).handshake(password: "guess")) != true { refused += 1 } }
            return refused
        }.value
        #expect(wrong == 20)
        #expect(vnc.refusedPasswordAttempts >= 10)

        let port2 = Self.port()
        let vnc2 = try VNCServer(address: VNCAddress(octets: (127, 0, 0, 1), port: port2), width: 16, height: 16, password: "s3cret")
        try vnc2.start()
        defer { vnc2.stop() }
        let ok = try await Task.detached { try RFBClient(port: port2).handshake(password: "s3cret") }.value
        #expect(ok)
    }

    /// 50 clients at once against the default cap (8): 8 are served, 42 refused, none crash it,
    /// and once they are gone a new client is served.
    @Test func fiftyClientsAtOnceMeetTheCap() async throws {
        let port = Self.port()
        let vnc = try VNCServer(address: VNCAddress(octets: (127, 0, 0, 1), port: port), width: 16, height: 16, password: nil)
        try vnc.start()
        defer { vnc.stop() }
        let served = try await Task.detached { () throws -> Int in
            var clients: [RFBClient] = []
            var served = 0
            for _ in 0..<50 {
                guard let c = try? RFBClient(port: port) else { continue }
                if (try? c.handshake()) != nil { served += 1; clients.append(c) }
            }
            _ = clients
            return served
        }.value
        #expect(served == vnc.maxClients && vnc.maxClients == 8)
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(vnc.clientCount == 0)
        let again = try await Task.detached { () throws -> Bool in (try? RFBClient(port: port).handshake()) != nil }.value
        #expect(again)
    }

    @Test func clientsOverTheCapAndGarbageAreRefused() async throws {
        let port = Self.port()
        let vnc = try VNCServer(address: VNCAddress(octets: (127, 0, 0, 1), port: port), width: 16, height: 16, password: nil, maxClients: 2)
        try vnc.start()
        defer { vnc.stop() }
        try await Task.detached {
            let a = try RFBClient(port: port), b = try RFBClient(port: port)
            try a.handshake(); try b.handshake()
            #expect(throws: (any Error).self) { try RFBClient(port: port).handshake() }
            _ = (a, b)
        }.value
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(vnc.clientCount == 0)
        try await Task.detached {
            // Garbage after the handshake: the server drops that client and serves the next.
            let g = try RFBClient(port: port)
            try g.handshake()
            try g.write([UInt8](repeating: 0xEE, count: 64))
            #expect(throws: (any Error).self) { _ = try g.read(1 << 20) }
            // A 100 MB clipboard announced: refused without reading it.
            let clip = try RFBClient(port: port)
            try clip.handshake()
            try clip.write([6, 0, 0, 0] + RFBClient.be32(100 << 20) + [UInt8](repeating: 0x41, count: 1024))
            #expect(throws: (any Error).self) { _ = try clip.read(1 << 20) }
            // An update request far larger than the screen: clipped, answered.
            let big = try RFBClient(port: port)
            try big.handshake()
            try big.write([3, 0] + RFBClient.be16(0) + RFBClient.be16(0) + RFBClient.be16(65535) + RFBClient.be16(65535))
            let h = try big.read(4)
            #expect(h[0] == 0)
        }.value
    }
}

final class KeyRecordingSource: FrameSource {
    var keys: [KeyPress] = []
    private var drawn = false
    func needsFrame() -> Bool { !drawn }
    func renderFrame(into surface: Surface, at time: Double, fullRedraw: Bool) -> [IntRect] {
        drawn = true; surface.clear(0xFF20_4060); return [surface.bounds]
    }
    func handleTouch(_ event: TouchEvent) {}
    func handleKey(_ press: KeyPress) { keys.append(press) }
}

struct VNCTestView: View {
    let counter: TapCounter
    @State private var n = 0
    var body: some View {
        Button { counter.count += 1; n += 1 } label: { n.isMultiple(of: 2) ? Color.green : Color.orange }
            .buttonStyle(.plain)
    }
}
#endif
