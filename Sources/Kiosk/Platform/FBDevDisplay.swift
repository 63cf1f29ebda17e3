// FBDevDisplay: the Linux framebuffer (/dev/fb0) for boards without KMS. Double-buffered by panning
// between two halves of the virtual screen when `yres_virtual` allows; paced by FBIO_WAITFORVSYNC on
// a helper thread with a bounded wait (a driver that never signals must not freeze the UI), or by a
// timer at the refresh rate otherwise. Converts to the panel's format at present.
#if canImport(Glibc)
import Glibc
#endif
import CDRM
import Raster

/// A framebuffer device screen.
public final class FBDevDisplay: Display {
    public let path: String
    public let format: PixelFormat
    public let rotation: Rotation
    public let width: Int
    public let height: Int
    public let refreshInterval: Double
    /// Panel size and bytes per row.
    public let panelWidth: Int, panelHeight: Int, lineLength: Int
    /// Number of pages panned between (1 = drawing into the visible page).
    public let pages: Int
    public private(set) var vsyncTimeouts = 0

    private let fd: Int32
    private var memory: UnsafeMutableRawPointer
    private let mapLength: Int
    private var vinfo: fb_var_screeninfo
    private var ages: BufferAgeTracker
    private var visible = 0
    private var vsyncWorks = true
    private var lastPresent = 0.0
    private var suspended = false
    /// Blanked by the idle policy (FBIOBLANK).
    private var blanked = false

    public var summary: String {
        "fbdev \(path) \(panelWidth)x\(panelHeight) \(format) \(pages == 2 ? "panned double buffer" : "single buffer"), \(vsyncWorks ? "FBIO_WAITFORVSYNC pacing (a timer if the driver lacks it or does not answer)" : "timer pacing"), rotation \(rotation)"
    }

    /// Opens `path` (default `/dev/fb0`). With `configure` false (for `kiosk probe`) the device's
    /// settings are only read, never changed.
    public init(path: String = "/dev/fb0", rotation: Rotation, configure: Bool = true) throws {
        self.path = path; self.rotation = rotation
        do { fd = try Syscall.open(path, O_RDWR) }
        catch let e as Errno { throw PlatformError("open", path: path, errno: e) }
        var v = fb_var_screeninfo()
        var f = fb_fix_screeninfo()
        do {
            try Syscall.ioctl(fd, kiosk_FBIOGET_VSCREENINFO(), into: &v)
            try Syscall.ioctl(fd, kiosk_FBIOGET_FSCREENINFO(), into: &f)
        } catch let e as Errno {
            Syscall.close(fd)
            throw PlatformError("FBIOGET_VSCREENINFO", path: path, errno: e, advice: "\(path) is not a framebuffer device")
        }
        guard let fmt = PixelFormat.fbdev(bitsPerPixel: v.bits_per_pixel, redOffset: v.red.offset, greenOffset: v.green.offset,
                                          blueOffset: v.blue.offset, redLength: v.red.length, greenLength: v.green.length,
                                          blueLength: v.blue.length) else {
            Syscall.close(fd)
            throw PlatformError("pixel format", path: path,
                                advice: "unsupported \(v.bits_per_pixel) bpp (red \(v.red.offset)/\(v.red.length), green \(v.green.offset)/\(v.green.length), blue \(v.blue.offset)/\(v.blue.length)); set 32 or 16 bpp with fbset, or use --display drm")
        }
        format = fmt
        panelWidth = Int(v.xres); panelHeight = Int(v.yres); lineLength = Int(f.line_length)
        // Ask for a second page when the driver has memory for it but did not set it up.
        let isEmulation = withUnsafeBytes(of: f.id) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }.hasSuffix("drmfb")
        if configure && !isEmulation && v.yres_virtual < 2 * v.yres && Int(f.smem_len) >= lineLength * panelHeight * 2 {
            var want = v
            want.yres_virtual = 2 * v.yres; want.yoffset = 0
            if (try? Syscall.ioctl(fd, kiosk_FBIOPUT_VSCREENINFO(), into: &want)) != nil {
                _ = try? Syscall.ioctl(fd, kiosk_FBIOGET_VSCREENINFO(), into: &v)
            }
        }
        let id = withUnsafeBytes(of: f.id) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        // A DRM driver's fbdev emulation ("…drmfb") flushes written lines from a shadow copy, and
        // on Linux 6.1 it never flushes lines below the first page (measured in the QEMU test with
        // drm_fbdev_overalloc=200: a frame drawn into page 2 and panned to never appeared). It
        // page-flips in its own flush anyway, so drawing into page 1 loses nothing there.
        let emulated = id.hasSuffix("drmfb")
        pages = (!emulated && v.yres_virtual >= 2 * v.yres && Int(f.smem_len) >= lineLength * panelHeight * 2) ? 2 : 1
        if emulated && v.yres_virtual >= 2 * v.yres {
            Log.info("fbdev: \(path) is DRM fbdev emulation (\(id)); not panning (its flush ignores the second page)")
        }
        vinfo = v
        mapLength = Int(f.smem_len)
        do { memory = try Syscall.mmap(fd, length: mapLength) }
        catch let e as Errno { Syscall.close(fd); throw PlatformError("mmap", path: path, errno: e) }
        (width, height) = rotation.logicalSize(panelWidth: panelWidth, panelHeight: panelHeight)
        // pixclock is picoseconds per pixel; the frame includes the blanking margins.
        let htotal = Double(v.xres + v.left_margin + v.right_margin + v.hsync_len)
        let vtotal = Double(v.yres + v.upper_margin + v.lower_margin + v.vsync_len)
        let period = Double(v.pixclock) * 1e-12 * htotal * vtotal
        refreshInterval = (period > 1.0 / 240 && period < 1.0 / 10) ? period : 1.0 / 60
        ages = BufferAgeTracker(bufferCount: pages, width: width, height: height)
        visible = Int(v.yoffset) >= panelHeight && pages == 2 ? 1 : 0
    }

    deinit { Syscall.munmap(memory, length: mapLength); Syscall.close(fd) }

    @discardableResult
    public func present(_ surface: Surface, damage: [IntRect]) throws -> Double? {
        guard !suspended else { return nil }
        precondition(surface.width == width && surface.height == height, "frame size differs from the display's")
        if blanked { _ = try setPanelPower(true) }
        let back = pages == 2 ? 1 - visible : 0
        let base = memory + back * panelHeight * lineLength
        for r in ages.rectsToUpdate(buffer: back, frameDamage: damage) {
            ScanoutCopy.copy(surface, rect: r, to: base, dstStride: lineLength, format: format, rotation: rotation)
        }
        ages.didPresent(buffer: back, frameDamage: damage)
        if pages == 2 {
            vinfo.yoffset = UInt32(back * panelHeight)
            vinfo.xoffset = 0
            do { try Syscall.ioctl(fd, kiosk_FBIOPAN_DISPLAY(), into: &vinfo) }
            catch let e as Errno { throw PlatformError("FBIOPAN_DISPLAY", path: path, errno: e) }
            visible = back
        }
        waitForVsync()
        lastPresent = Syscall.monotonicNow()
        return lastPresent
    }

    /// FBIO_WAITFORVSYNC, bounded to two refresh periods by running it on a helper thread; after a
    /// driver fails to answer three times (or says it cannot), pacing falls back to a timer.
    private func waitForVsync() {
        if vsyncWorks {
            let ok = VsyncWaiter.wait(fd: fd, timeout: refreshInterval * 2)
            switch ok {
            case .signalled: return
            case .unsupported:
                vsyncWorks = false
                Log.info("fbdev: \(path) has no FBIO_WAITFORVSYNC; pacing by timer at \(Int((1 / refreshInterval).rounded())) Hz")
            case .timedOut:
                vsyncTimeouts += 1
                if vsyncTimeouts >= 3 {
                    vsyncWorks = false
                    Log.warning("fbdev: FBIO_WAITFORVSYNC did not answer in \(Int(refreshInterval * 2000)) ms three times; pacing by timer")
                }
                return
            }
        }
        let next = lastPresent + refreshInterval
        let now = Syscall.monotonicNow()
        if next > now {
            var ts = timespec(tv_sec: 0, tv_nsec: Int((next - now) * 1e9)), rest = timespec()
            while nanosleep(&ts, &rest) != 0 && errno == EINTR { ts = rest }
        }
    }

    public func suspend() { suspended = true }

    /// FBIOBLANK: powerdown, or unblank. Drivers without it (EINVAL, ENOTTY) answer false.
    public func setPanelPower(_ on: Bool) throws -> Bool {
        do {
            _ = try Syscall.ioctl(fd, kiosk_FBIOBLANK(), value: UInt(on ? kiosk_FB_BLANK_UNBLANK : kiosk_FB_BLANK_POWERDOWN))
            blanked = !on
            return true
        } catch let e as Errno {
            if e == .noSuchDevice { throw PlatformError("FBIOBLANK", path: path, errno: e) }
            Log.info("fbdev: FBIOBLANK on \(path): \(e)")
            return false
        }
    }
    public func resume() throws { suspended = false; ages.invalidateAll() }

    /// Clears the visible page (FBIOBLANK follows; a panel that keeps its picture then holds
    /// black). That page is copied whole at the next present.
    public func showBlack() throws -> Bool {
        guard !suspended, !blanked else { return false }
        let page = pages == 2 ? visible : 0
        memset(memory + page * panelHeight * lineLength, 0, panelHeight * lineLength)
        ages.invalidate(buffer: page)
        return true
    }

    public func close() {
        if blanked { _ = try? setPanelPower(true) }
        // Leave page 0 visible so the console (which draws there) shows again.
        if pages == 2 && visible != 0 {
            vinfo.yoffset = 0
            _ = try? Syscall.ioctl(fd, kiosk_FBIOPAN_DISPLAY(), into: &vinfo)
            visible = 0
        }
    }
}

/// Runs FBIO_WAITFORVSYNC on a helper thread so that a driver that never signals costs a bounded
/// wait instead of a frozen UI.
enum VsyncWaiter {
    enum Result { case signalled, timedOut, unsupported }

    final class Job: @unchecked Sendable {
        let fd: Int32
        var done = false
        var error: Int32 = 0
        var mutex = pthread_mutex_t()
        var cond = pthread_cond_t()
        init(fd: Int32) {
            self.fd = fd
            pthread_mutex_init(&mutex, nil)
            var attr = pthread_condattr_t()
            pthread_condattr_init(&attr)
            pthread_condattr_setclock(&attr, CLOCK_MONOTONIC)
            pthread_cond_init(&cond, &attr)
        }
        deinit { pthread_mutex_destroy(&mutex); pthread_cond_destroy(&cond) }
    }

    static func wait(fd: Int32, timeout: Double) -> Result {
        let job = Job(fd: fd)
        var thread = pthread_t()
        let box = Unmanaged.passRetained(job).toOpaque()
        let started = pthread_create(&thread, nil, { arg in
            let job = Unmanaged<Job>.fromOpaque(arg!).takeRetainedValue()
            var crtc: UInt32 = 0
            let r = kiosk_ioctl_ptr(job.fd, kiosk_FBIO_WAITFORVSYNC(), &crtc)
            let e = r == 0 ? 0 : errno
            pthread_mutex_lock(&job.mutex)
            job.done = true; job.error = e
            pthread_cond_signal(&job.cond)
            pthread_mutex_unlock(&job.mutex)
            return nil
        }, box)
        if started != 0 { Unmanaged<Job>.fromOpaque(box).release(); return .unsupported }
        pthread_detach(thread)
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let ns = Int(timeout * 1e9) + ts.tv_nsec
        ts.tv_sec += ns / 1_000_000_000; ts.tv_nsec = ns % 1_000_000_000
        pthread_mutex_lock(&job.mutex)
        while !job.done { if pthread_cond_timedwait(&job.cond, &job.mutex, &ts) == ETIMEDOUT { break } }
        let done = job.done, err = job.error
        pthread_mutex_unlock(&job.mutex)
        if !done { return .timedOut }
        if err == 0 { return .signalled }
        return err == EINTR ? .timedOut : .unsupported
    }
}
