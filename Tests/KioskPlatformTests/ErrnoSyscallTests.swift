import Testing
@testable import Kiosk
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ErrnoSyscallTests {
    @Test func namesAndMessages() {
        #expect(Errno.permissionDenied.name == "EACCES")
        #expect(Errno(rawValue: EBUSY).description == "EBUSY (Device or resource busy)")
        #expect(Errno(rawValue: 9999).name == "errno 9999")
    }

    @Test func platformErrorsSayWhatToDo() {
        let e = PlatformError("open", path: "/dev/dri/card0", errno: .permissionDenied)
        #expect(e.description == "open /dev/dri/card0: EACCES (Permission denied) — add the user to the \"video\" group (or run as root)")
        #expect(PlatformError("open", path: "/dev/input/event3", errno: .permissionDenied).description.contains("\"input\" group"))
        #expect(PlatformError("drmModeSetCrtc", errno: .busy).advice.contains("another process"))
    }

    @Test func retryingRepeatsEINTRAndThrowsOtherErrors() throws {
        var calls = 0
        let r: Int32 = try Syscall.retrying {
            calls += 1
            if calls < 3 { errno = EINTR; return -1 }
            return 42
        }
        #expect(r == 42 && calls == 3)
        #expect(throws: Errno.wouldBlock) { try Syscall.retrying { () -> Int32 in errno = EAGAIN; return -1 } }
    }

    @Test func realSyscallsThrowTypedErrors() throws {
        #expect(throws: Errno.noSuchFile) { try Syscall.open("/nonexistent/kiosk", O_RDONLY) }
        // An ioctl a regular file does not understand.
        let fd = try Syscall.open("/proc/self/stat", O_RDONLY)
        defer { Syscall.close(fd) }
        var mode: Int32 = 0
        #expect(throws: Errno.notTTY) { try Syscall.ioctl(fd, kiosk_KDGETMODE(), into: &mode) }
        #expect(Syscall.readFile("/proc/self/stat")?.isEmpty == false)
    }

    @Test func missingDevicesFailWithAdvice() {
        do { _ = try DRMDisplay(path: "/nonexistent/card9", mode: nil, rotation: .degrees0); Issue.record("opened a missing card") }
        catch { #expect("\(error)".contains("/nonexistent/card9")) }
        do { _ = try FBDevDisplay(path: "/dev/null", rotation: .degrees0); Issue.record("/dev/null is not a framebuffer") }
        catch { #expect("\(error)".contains("not a framebuffer")) }
        do { _ = try EvdevDevice(path: "/dev/null", idBase: 1); Issue.record("/dev/null is not evdev") }
        catch { #expect("\(error)".contains("not an evdev device")) }
    }
}

import CDRM

@Suite struct SystemdNotifyTests {
    @Test func notifySendsToNOTIFY_SOCKET() throws {
        #expect(Systemd.notify("READY=1") == false || getenv("NOTIFY_SOCKET") != nil)
        let path = "/tmp/kiosk-notify-\(getpid())"
        unlink(path)
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd); unlink(path) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { b in for (i, c) in path.utf8.enumerated() { b[i] = c } }
        let r = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        #expect(r == 0)
        let old = getenv("NOTIFY_SOCKET").map { String(cString: $0) }
        setenv("NOTIFY_SOCKET", path, 1)
        defer { if let old { setenv("NOTIFY_SOCKET", old, 1) } else { unsetenv("NOTIFY_SOCKET") } }
        #expect(Systemd.notify("READY=1\nSTATUS=ok"))
        var buf = [UInt8](repeating: 0, count: 64)
        let n = recv(fd, &buf, buf.count, Int32(MSG_DONTWAIT))
        #expect(n > 0 && String(decoding: buf[0..<max(0, n)], as: UTF8.self) == "READY=1\nSTATUS=ok")
    }
}
