// Console: the virtual terminal kiosk runs on. KD_GRAPHICS stops the kernel console drawing over
// the picture (and hides its cursor); VT_SETMODE VT_PROCESS makes a VT switch ask first, so kiosk
// can drop DRM master before the other VT takes the screen (the Slint panic on VT switch is a
// renderer that kept drawing). Everything is restored on exit, and by CrashGuard after a crash.
#if canImport(Glibc)
import Glibc
#endif
import CDRM

/// The active virtual terminal, switched to graphics mode while kiosk runs.
public final class Console {
    public let path: String
    let fd: Int32
    private var savedKDMode: Int32 = 0 // KD_TEXT
    private var savedVTMode = vt_mode()
    private var processMode = false
    /// The signals the kernel sends on VT release and acquire.
    public static let releaseSignal = SIGUSR1
    public static let acquireSignal = SIGUSR2

    /// Opens the active VT (`/dev/tty0` names it) and sets graphics mode. Returns nil, with a log line
    /// saying why, when there is no VT (a container, ssh, a board with no VT support).
    public static func open(path: String? = nil) -> Console? {
        let candidates = path.map { [$0] } ?? ["/dev/tty0", "/dev/tty"]
        for p in candidates {
            guard let fd = try? Syscall.open(p, O_RDWR | O_NOCTTY) else { continue }
            var mode: Int32 = 0
            if (try? Syscall.ioctl(fd, kiosk_KDGETMODE(), into: &mode)) != nil {
                return Console(path: p, fd: fd, kdMode: mode)
            }
            Syscall.close(fd)
        }
        Log.info("console: no virtual terminal (/dev/tty0 absent or not a VT); skipping KD_GRAPHICS and VT switching")
        return nil
    }

    private init(path: String, fd: Int32, kdMode: Int32) {
        self.path = path; self.fd = fd; savedKDMode = kdMode
    }

    /// Switches to KD_GRAPHICS and takes VT switching into process control.
    public func enterGraphics() {
        CrashGuard.protectConsole(fd: fd, kdMode: savedKDMode, processMode: false)
        do { try Syscall.ioctl(fd, kiosk_KDSETMODE(), value: UInt(KD_GRAPHICS)) }
        catch { Log.warning("console: KD_GRAPHICS on \(path): \(error); the text console may draw over the picture") }
        _ = try? Syscall.ioctl(fd, kiosk_VT_GETMODE(), into: &savedVTMode)
        var m = vt_mode()
        m.mode = CChar(VT_PROCESS)
        m.relsig = Int16(Console.releaseSignal)
        m.acqsig = Int16(Console.acquireSignal)
        // Registered first: a crash between the ioctl and the flag must still restore VT_AUTO.
        CrashGuard.protectConsole(fd: fd, kdMode: savedKDMode, processMode: true)
        do { try Syscall.ioctl(fd, kiosk_VT_SETMODE(), into: &m); processMode = true }
        catch { Log.info("console: VT_SETMODE: \(error); VT switches will not pause kiosk") }
        CrashGuard.protectConsole(fd: fd, kdMode: savedKDMode, processMode: processMode)
    }

    /// Acknowledges a release request: the kernel may switch away now.
    public func allowRelease() { _ = try? Syscall.ioctl(fd, kiosk_VT_RELDISP(), value: 1) }
    /// Acknowledges that the VT is ours again.
    public func acknowledgeAcquire() { _ = try? Syscall.ioctl(fd, kiosk_VT_RELDISP(), value: UInt(VT_ACKACQ)) }

    /// Restores text mode and automatic VT switching.
    public func restore() {
        if processMode { _ = try? Syscall.ioctl(fd, kiosk_VT_SETMODE(), into: &savedVTMode); processMode = false }
        _ = try? Syscall.ioctl(fd, kiosk_KDSETMODE(), value: UInt(savedKDMode))
        CrashGuard.releaseConsole()
    }
}

extension Console {
    /// One line about the active VT for `kiosk probe`.
    public static func describeActive() -> String {
        guard let fd = try? Syscall.open("/dev/tty0", O_RDWR | O_NOCTTY) else { return "no /dev/tty0 (no VT switching, no KD_GRAPHICS)" }
        defer { Syscall.close(fd) }
        var st = vt_stat()
        guard (try? Syscall.ioctl(fd, kiosk_VT_GETSTATE(), into: &st)) != nil else { return "/dev/tty0 is not a VT" }
        return "active VT tty\(st.v_active)"
    }
}
