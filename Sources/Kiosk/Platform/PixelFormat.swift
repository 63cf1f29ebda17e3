// PixelFormat: the scanout formats kiosk writes, and the conversion from the premultiplied ARGB8888
// shadow surface into them, rotated, one damage rectangle at a time. This is the only place pixels
// leave Raster's format; it runs once per presented damage rectangle.
import Raster

/// A framebuffer pixel layout.
public enum PixelFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// 32 bits, memory B,G,R,X (DRM XRGB8888): the shadow's own layout, copied as is.
    case xrgb8888
    /// 32 bits, memory R,G,B,X (DRM XBGR8888, "BGR" panels).
    case xbgr8888
    /// 16 bits, R5 G6 B5 with red in the top bits (DRM RGB565).
    case rgb565
    /// 16 bits, B5 G6 R5 with blue in the top bits (DRM BGR565).
    case bgr565
    /// 24 bits, memory B,G,R (DRM RGB888).
    case rgb888

    public var bytesPerPixel: Int {
        switch self { case .xrgb8888, .xbgr8888: 4; case .rgb565, .bgr565: 2; case .rgb888: 3 }
    }
    public var description: String { rawValue }

    /// The format an fbdev `fb_var_screeninfo` describes, or nil when kiosk cannot write it.
    public static func fbdev(bitsPerPixel: UInt32, redOffset: UInt32, greenOffset: UInt32, blueOffset: UInt32,
                             redLength: UInt32, greenLength: UInt32, blueLength: UInt32) -> PixelFormat? {
        switch bitsPerPixel {
        case 32:
            guard redLength == 8, greenLength == 8, blueLength == 8, greenOffset == 8 else { return nil }
            if redOffset == 16 && blueOffset == 0 { return .xrgb8888 }
            if redOffset == 0 && blueOffset == 16 { return .xbgr8888 }
            return nil
        case 24:
            guard redLength == 8, greenLength == 8, blueLength == 8, redOffset == 16, greenOffset == 8, blueOffset == 0 else { return nil }
            return .rgb888
        case 16:
            guard redLength == 5, greenLength == 6, blueLength == 5, greenOffset == 5 else { return nil }
            if redOffset == 11 && blueOffset == 0 { return .rgb565 }
            if redOffset == 0 && blueOffset == 11 { return .bgr565 }
            return nil
        default: return nil
        }
    }
}

/// Copies rectangles of a logical ARGB8888 surface into a framebuffer, rotating and converting.
public enum ScanoutCopy {
    /// Copies logical rectangle `rect` of `src` to the framebuffer at `dst` (panel pixels, `dstStride`
    /// bytes per row, `format`), turned by `rotation`. `rect` is clipped to `src`.
    /// Alpha is dropped: the shadow is opaque, and the premultiplied colour is what shows over black.
    public static func copy(_ src: Surface, rect: IntRect, to dst: UnsafeMutableRawPointer, dstStride: Int,
                            format: PixelFormat, rotation: Rotation) {
        let r = rect.intersection(src.bounds)
        if r.isEmpty { return }
        let (pw, ph) = rotation.logicalSize(panelWidth: src.width, panelHeight: src.height)
        let pr = rotation.physicalRect(r, panelWidth: pw, panelHeight: ph)
        let rowPixels = src.rowPixels
        // For each panel pixel (px, py) the logical source pixel and the step along px:
        //   0°: (px, py) +1 · 90°: (py, pw-1-px) −row · 180°: (pw-1-px, ph-1-py) −1 · 270°: (ph-1-py, px) +row
        let step: Int
        switch rotation {
        case .degrees0: step = 1
        case .degrees90: step = -rowPixels
        case .degrees180: step = -1
        case .degrees270: step = rowPixels
        }
        let bpp = format.bytesPerPixel
        for py in pr.y0..<pr.y1 {
            let sx: Int, sy: Int
            switch rotation {
            case .degrees0: sx = pr.x0; sy = py
            case .degrees90: sx = py; sy = pw - 1 - pr.x0
            case .degrees180: sx = pw - 1 - pr.x0; sy = ph - 1 - py
            case .degrees270: sx = ph - 1 - py; sy = pr.x0
            }
            let s = UnsafePointer(src.row(sy) + sx)
            let d = dst + py * dstStride + pr.x0 * bpp
            convertRow(s, step: step, to: d, count: pr.width, format: format)
        }
    }

    /// Converts `count` pixels read from `s` every `step` pixels into `d`, packed in `format`.
    @inline(__always)
    static func convertRow(_ s: UnsafePointer<UInt32>, step: Int, to d: UnsafeMutableRawPointer, count: Int, format: PixelFormat) {
        switch format {
        case .xrgb8888:
            let o = d.assumingMemoryBound(to: UInt32.self)
            if step == 1 { o.update(from: s, count: count); return }
            for i in 0..<count { o[i] = s[i * step] }
        case .xbgr8888:
            let o = d.assumingMemoryBound(to: UInt32.self)
            for i in 0..<count {
                let p = s[i * step]
                o[i] = (p & 0xFF00_FF00) | ((p >> 16) & 0xFF) | ((p & 0xFF) << 16)
            }
        case .rgb565:
            let o = d.assumingMemoryBound(to: UInt16.self)
            for i in 0..<count {
                let p = s[i * step]
                o[i] = UInt16(truncatingIfNeeded: ((p >> 8) & 0xF800) | ((p >> 5) & 0x07E0) | ((p >> 3) & 0x001F))
            }
        case .bgr565:
            let o = d.assumingMemoryBound(to: UInt16.self)
            for i in 0..<count {
                let p = s[i * step]
                o[i] = UInt16(truncatingIfNeeded: ((p << 8) & 0xF800) | ((p >> 5) & 0x07E0) | ((p >> 19) & 0x001F))
            }
        case .rgb888:
            let o = d.assumingMemoryBound(to: UInt8.self)
            for i in 0..<count {
                let p = s[i * step]
                o[3 * i] = UInt8(truncatingIfNeeded: p)
                o[3 * i + 1] = UInt8(truncatingIfNeeded: p >> 8)
                o[3 * i + 2] = UInt8(truncatingIfNeeded: p >> 16)
            }
        }
    }
}
