// DumbBuffer: a CPU-mapped scanout buffer (DRM "dumb" buffer) with its framebuffer object.
#if canImport(Glibc)
import Glibc
#endif
import CDRM

/// One mapped dumb buffer registered as a framebuffer.
final class DumbBuffer: ScanoutBuffer {
    let fd: Int32
    let handle: UInt32
    let pitch: Int
    let size: Int
    let width: Int, height: Int
    let framebuffer: UInt32
    let memory: UnsafeMutableRawPointer

    init(fd: Int32, width: Int, height: Int) throws {
        self.fd = fd; self.width = width; self.height = height
        var create = drm_mode_create_dumb()
        create.width = UInt32(width); create.height = UInt32(height); create.bpp = 32
        do { try Syscall.ioctl(fd, kiosk_DRM_IOCTL_MODE_CREATE_DUMB(), into: &create) }
        catch let e as Errno { throw PlatformError("DRM_IOCTL_MODE_CREATE_DUMB \(width)x\(height)", errno: e, advice: "the driver cannot allocate scanout memory; try a smaller --mode") }
        handle = create.handle; pitch = Int(create.pitch); size = Int(create.size)
        var fb: UInt32 = 0
        let r = drmModeAddFB(fd, UInt32(width), UInt32(height), 24, 32, UInt32(pitch), handle, &fb)
        if r != 0 {
            DumbBuffer.destroy(fd: fd, handle: handle)
            throw PlatformError("drmModeAddFB", errno: Errno(rawValue: -r), advice: "the driver rejected an XRGB8888 framebuffer")
        }
        framebuffer = fb
        var map = drm_mode_map_dumb()
        map.handle = handle
        do {
            try Syscall.ioctl(fd, kiosk_DRM_IOCTL_MODE_MAP_DUMB(), into: &map)
            memory = try Syscall.mmap(fd, length: size, offset: Int(map.offset))
        } catch let e as Errno {
            drmModeRmFB(fd, fb); DumbBuffer.destroy(fd: fd, handle: handle)
            throw PlatformError("map dumb buffer", errno: e)
        }
        // Black, so a buffer shown before its first full copy never shows stale memory.
        memset(memory, 0, size)
    }

    deinit {
        Syscall.munmap(memory, length: size)
        drmModeRmFB(fd, framebuffer)
        DumbBuffer.destroy(fd: fd, handle: handle)
    }

    static func destroy(fd: Int32, handle: UInt32) {
        var d = drm_mode_destroy_dumb(handle: handle)
        _ = try? Syscall.ioctl(fd, kiosk_DRM_IOCTL_MODE_DESTROY_DUMB(), into: &d)
    }
}
