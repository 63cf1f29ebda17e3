// PaintSink's row helpers for shapes drawn row by row (boxes, rounded rects, chain-walked
// paths): one edge pixel without a mask call, and a prefetch of a row the caller reaches soon.
import CRasterCPU

extension PaintSink {
    /// A solid colour's single pixel straight from the coverage table (as `overMaskTable`
    /// blends it); anything else as a one-pixel mask. The edge pixels of 97 k box rows a frame
    /// of 1000 rounded rects went through a closure and a mask call each.
    @inline(__always) mutating func pixel(x: Int, y: Int, coverage: UInt8) {
        if !copy && shader == nil, let table {
            let p = surface.row(y) + x
            let s = table[Int(coverage)]
            p.pointee = s &+ Pixel.scale(p.pointee, 255 &- (s >> 24))
            return
        }
        var c = coverage
        withUnsafePointer(to: &c) { mask(x: x, y: y, count: 1, mask: $0) }
    }

    /// Prefetches the cache lines of a row the caller reaches soon (none past the last row).
    /// Rows of small shapes are short streams the hardware prefetcher never learns: under perf,
    /// the first load of each row of 1000 rounded rects stalled for most of the blend's time,
    /// and two rows ahead took 16–256 px from 36–40 to 22–28 ms (min, loaded core).
    /// Long rows are left to the hardware: prefetching full-HD rows two ahead made the
    /// full-frame alpha OVER 30 % slower (0.84 → 1.12 ms min).
    @inline(__always) func prefetch(x: Int, y: Int, count: Int) {
        if y >= surface.height || count <= 0 || count > 512 { return }
        let p = UnsafeRawPointer(surface.row(y) + x)
        var o = 0
        let bytes = count &* 4
        while o < bytes { kiosk_prefetch(p + o); o &+= 64 }
        kiosk_prefetch(p + (bytes &- 4))
    }
}

extension PaintSink {
    /// Whether `blit` draws device rectangle `d`: an opaque pixel-aligned image at full
    /// opacity, under source-over, over a rectangle on whole pixels inside the image — every
    /// pixel of it is a copy of an image pixel, which is what the box path computes too
    /// (coverage 255 everywhere, `run`'s row copy), without its per-row edge coverage, prefetch
    /// and sink dispatch. A tiled wallpaper is ~240 such rectangles of 100 px rows at 1920×1080
    /// (LVGL scene 2): ~125 instructions a row of bookkeeping around a 400-byte memcpy.
    @inline(__always) func blits(_ d: Rect) -> Bool {
        guard !copy, image != nil, imageIsOpaque, coverageScale == 255 else { return false }
        let x0 = d.minX, y0 = d.minY, x1 = d.maxX, y1 = d.maxY
        guard x0 == x0.rounded(.down), y0 == y0.rounded(.down), x1 == x1.rounded(.down), y1 == y1.rounded(.down),
              Swift.abs(x0) < 1e9, Swift.abs(y0) < 1e9, Swift.abs(x1) < 1e9, Swift.abs(y1) < 1e9 else { return false }
        let ix = Int(x0) &- imageOrigin.x, iy = Int(y0) &- imageOrigin.y
        return ix >= 0 && iy >= 0 && Int(x1) &- imageOrigin.x <= imageWidth && Int(y1) &- imageOrigin.y <= imageHeight
    }

    /// Copies the image rows under `d ∩ clip` (`blits(d)` holds).
    @inline(__always) func blit(_ d: Rect, clip: IntRect) {
        let box = IntRect(covering: d).intersection(clip)
        if box.isEmpty { return }
        guard let image else { return }
        let n = box.width
        var src = image + ((box.y0 &- imageOrigin.y) &* imageRowPixels &+ (box.x0 &- imageOrigin.x))
        var dst = surface.row(box.y0) + box.x0
        let rowPixels = surface.rowPixels
        for _ in box.y0..<box.y1 {
            dst.update(from: src, count: n)
            src += imageRowPixels; dst += rowPixels
        }
    }
}
