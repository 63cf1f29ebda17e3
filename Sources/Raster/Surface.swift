// Surface: premultiplied ARGB8888 pixels (memory order B,G,R,A — DRM ARGB8888/XRGB8888), with a
// stride in bytes so it can wrap a scanout buffer. A Surface is a view: copying the struct shares
// the pixels. Memory it allocates is kept alive by `owner`; wrapped memory is the caller's to keep.

/// Owns a pixel allocation for surfaces created by `Surface(width:height:)`.
public final class PixelStorage: @unchecked Sendable {
    public let base: UnsafeMutableRawPointer
    public let byteCount: Int
    init(byteCount: Int) {
        self.byteCount = byteCount
        base = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(byteCount, 4), alignment: 64)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: Swift.max(byteCount, 4))
    }
    deinit { base.deallocate() }
}

/// Errors from creating surfaces.
public enum SurfaceError: Error, Equatable, CustomStringConvertible {
    /// Width or height negative, or the size does not fit in memory.
    case invalidSize(width: Int, height: Int)
    /// The stride is smaller than width × 4 or not a multiple of 4.
    case invalidStride(stride: Int, width: Int)
    public var description: String {
        switch self {
        case let .invalidSize(w, h): return "invalid surface size \(w)×\(h): width and height must be 0…32767"
        case let .invalidStride(s, w): return "invalid stride \(s) bytes for width \(w): need a multiple of 4 that is at least \(w * 4)"
        }
    }
}

/// A rectangle of premultiplied ARGB8888 pixels.
public struct Surface: @unchecked Sendable {
    /// First pixel of row 0.
    public let base: UnsafeMutablePointer<UInt32>
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next (a multiple of 4, at least width × 4).
    public let stride: Int
    /// Keeps allocated pixels alive; nil for wrapped memory.
    public let owner: AnyObject?
    /// Every pixel's alpha is 255. Set by `decodePNG` for an image without transparency, so a
    /// pixel-aligned draw of it at full opacity copies rows instead of blending them (LVGL's
    /// RGB-image scenes: source-over per pixel was a quarter of a frame). Drawing into the
    /// surface does not update it: set it only on pixels nothing draws into afterwards.
    public var isOpaque = false

    /// Largest side accepted, so that coordinates and byte offsets never overflow.
    public static let maxSide = 32767

    /// A new surface of transparent black pixels. Negative or oversized sizes throw.
    public init(width: Int, height: Int) throws {
        guard width >= 0, height >= 0, width <= Surface.maxSide, height <= Surface.maxSide else {
            throw SurfaceError.invalidSize(width: width, height: height)
        }
        let storage = PixelStorage(byteCount: width * height * 4)
        base = storage.base.assumingMemoryBound(to: UInt32.self)
        self.width = width; self.height = height; stride = width * 4; owner = storage
    }

    /// Wraps memory the caller owns (an mmap'd dumb buffer, a framebuffer) without copying.
    /// The memory must hold `height` rows of `stride` bytes and outlive every use of the surface.
    public init(wrapping memory: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
                owner: AnyObject? = nil) throws {
        guard width >= 0, height >= 0, width <= Surface.maxSide, height <= Surface.maxSide else {
            throw SurfaceError.invalidSize(width: width, height: height)
        }
        guard stride >= width * 4, stride % 4 == 0 else { throw SurfaceError.invalidStride(stride: stride, width: width) }
        base = memory.assumingMemoryBound(to: UInt32.self)
        self.width = width; self.height = height; self.stride = stride; self.owner = owner
    }

    @usableFromInline init(base: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int, owner: AnyObject?) {
        self.base = base; self.width = width; self.height = height; self.stride = stride; self.owner = owner
    }

    /// Pixels from one row to the next.
    @inlinable public var rowPixels: Int { stride >> 2 }
    /// The whole surface as a pixel rectangle.
    @inlinable public var bounds: IntRect { IntRect(x0: 0, y0: 0, x1: width, y1: height) }

    /// Pointer to the first pixel of row `y` (unchecked).
    @inlinable @inline(__always) public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        base + y * (stride >> 2)
    }

    /// A view of part of this surface sharing its pixels; the rectangle is clipped to the bounds.
    public func subsurface(_ r: IntRect) -> Surface {
        let c = r.intersection(bounds)
        if c.isEmpty { return Surface(base: base, width: 0, height: 0, stride: stride, owner: owner) }
        return Surface(base: row(c.y0) + c.x0, width: c.width, height: c.height, stride: stride, owner: owner)
    }

    /// The premultiplied pixel at (x, y), or 0 outside the surface.
    @inlinable public func premultipliedPixel(x: Int, y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return row(y)[x]
    }

    /// Straight (un-premultiplied) RGBA8 at (x, y); transparent black outside the surface.
    @inlinable public func pixel(x: Int, y: Int) -> RGBA8 { Pixel.unpremultiply(premultipliedPixel(x: x, y: y)) }

    /// Sets one pixel (premultiplied); ignored outside the surface.
    @inlinable public func setPixel(x: Int, y: Int, _ p: UInt32) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        row(y)[x] = p
    }

    /// Fills `rect` (clipped to the surface) with one premultiplied pixel value, replacing what was there.
    public func fill(_ rect: IntRect, with p: UInt32) {
        let c = rect.intersection(bounds)
        if c.isEmpty { return }
        Blend.fillRows(row(c.y0) + c.x0, stride: rowPixels, rows: c.height, count: c.width, p)
    }

    /// Sets every pixel to `p`.
    public func clear(_ p: UInt32 = 0) { fill(bounds, with: p) }

    /// A new surface holding a copy of these pixels.
    public func copy() -> Surface {
        let s = try! Surface(width: width, height: height)
        s.copyPixels(from: self, to: 0, 0)
        return s
    }

    /// Copies all of `src` to (x, y) here, clipped; source copy (no blending).
    public func copyPixels(from src: Surface, to x: Int, _ y: Int) {
        let dst = IntRect(x: x, y: y, width: src.width, height: src.height).intersection(bounds)
        if dst.isEmpty { return }
        for yy in dst.y0..<dst.y1 {
            (row(yy) + dst.x0).update(from: src.row(yy - y) + (dst.x0 - x), count: dst.width)
        }
    }

    /// Moves the pixels of `source` by (dx, dy) within the surface (a scroll): afterwards the
    /// rectangle `source` moved holds what `source` held. Both are clipped to the surface (what
    /// would come from outside it is left as it was); overlapping rectangles are fine (rows are
    /// copied in the order that reads each before it is written).
    public func move(_ source: IntRect, dx: Int, dy: Int) {
        let s = source.intersection(bounds)
        let d = IntRect(x0: s.x0 + dx, y0: s.y0 + dy, x1: s.x1 + dx, y1: s.y1 + dy).intersection(bounds)
        if d.isEmpty || (dx == 0 && dy == 0) { return }
        let n = d.width * 4
        if dy > 0 {
            var y = d.y1 - 1
            while y >= d.y0 { memmove(row(y) + d.x0, row(y - dy) + (d.x0 - dx), n); y -= 1 }
        } else {
            for y in d.y0..<d.y1 { memmove(row(y) + d.x0, row(y - dy) + (d.x0 - dx), n) }
        }
    }

    /// True when both surfaces have the same size and pixels.
    public func samePixels(as o: Surface) -> Bool {
        guard width == o.width, height == o.height else { return false }
        for y in 0..<height where memcmp(row(y), o.row(y), width * 4) != 0 { return false }
        return true
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
