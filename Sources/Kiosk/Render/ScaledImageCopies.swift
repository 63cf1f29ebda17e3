// ScaledImageCopies: a still image drawn scaled is resampled once to the device size it is drawn
// at, and later draws at that size copy the resampled pixels row by row. Bilinear resampling
// costs ~62 instructions a pixel and the aligned copy ~9 (Raster's PaintSink.image); a grid of
// thumbnails scrolled by a fling draws the newly exposed cards every frame, the same few images
// at the same card size (bench-grid-1000: ImageShader.shade was half of every frame).
//
// A copy is exact up to rounding: it is the image drawn by the same shader through the same
// scale at the same sub-pixel phase (the fractional part of the device origin), edge coverage
// included, into transparent pixels; drawn at the whole-pixel part of the origin it lands where
// the direct draw would: within 2/255 per channel (the copy's pixels are rounded before an
// opacity scales them, and the fixed-point steps start at another pixel).
//
// When: only images whose pixels never change (ImageBox.isStill), axis-aligned and scaled (an
// unscaled image at a whole-pixel offset is already a row copy), drawn source-over. A copy is
// made on the second draw at the same size and phase, so a size animated frame by frame never
// pays for copies it would use once. Each image keeps its two most recent copies; all copies
// together stay within `budget` bytes (over it, images are drawn directly). Made and used on
// the renderer's thread; freed with their image.

import Raster

final class ScaledImageCopies {
    /// What a copy was made for: the device size, the origin's sub-pixel phase, the sampling.
    struct Key: Equatable {
        var width: Double, height: Double, phaseX: Double, phaseY: Double
        var sampling: Sampling
    }
    private struct Copy {
        var key: Key, surface: Surface
        var bytes: Int { surface.width * surface.height * 4 }
    }

    /// Bytes all copies may hold together.
    static let budget = 32 << 20
    /// Largest copy, in pixels (a 2048×2048 image).
    static let maxPixels = 1 << 22
    /// Bytes held by all copies (ImageBoxes may be freed on any thread).
    static let held = Locked(0)

    private var copies: [Copy] = []
    /// Keys asked for once and not yet made (the second ask makes the copy).
    private var asked: [Key] = []

    /// The copies kept, most recent first (for tests).
    var count: Int { copies.count }
    var surfaces: [Surface] { copies.map(\.surface) }

    /// Bytes this image's copies hold.
    var byteCount: Int { copies.reduce(0) { $0 + $1.bytes } }

    func release() {
        let b = byteCount
        if b > 0 { Self.held.withLock { $0 -= b } }
        copies.removeAll()
    }

    /// The copy of `box` for drawing it through `device` (image pixels → device pixels) and
    /// where its top-left pixel goes, or nil: draw the image directly.
    static func copy(of box: ImageBox, device m: Affine, sampling: Sampling, canvas: Raster.Canvas) -> (Surface, Int, Int)? {
        guard box.isStill, !box.extendsEdges, canvas.compositing == .sourceOver,
              m.b == 0, m.c == 0, m.a > 0, m.d > 0, m.a.isFinite, m.d.isFinite, !(m.a == 1 && m.d == 1),
              Swift.abs(m.tx) < 1e7, Swift.abs(m.ty) < 1e7 else { return nil }
        let image = box.surface
        let w = m.a * Double(image.width), h = m.d * Double(image.height)
        let x = m.tx.rounded(.down), y = m.ty.rounded(.down)
        let key = Key(width: w, height: h, phaseX: m.tx - x, phaseY: m.ty - y, sampling: sampling)
        let place = (Int(x), Int(y))
        let copies = box.scaledCopies ?? {
            let c = ScaledImageCopies(); box.scaledCopies = c; return c
        }()
        if let i = copies.copies.firstIndex(where: { $0.key == key }) {
            if i > 0 { copies.copies.swapAt(0, i) }
            return (copies.copies[0].surface, place.0, place.1)
        }
        guard let j = copies.asked.firstIndex(of: key) else {
            if copies.asked.count >= 2 { copies.asked.removeFirst() }
            copies.asked.append(key)
            return nil
        }
        copies.asked.remove(at: j)
        let cw = Int((key.phaseX + w).rounded(.up)), ch = Int((key.phaseY + h).rounded(.up))
        guard cw > 0, ch > 0, cw <= Surface.maxSide, ch <= Surface.maxSide, cw * ch <= maxPixels else { return nil }
        let cost = cw * ch * 4
        // A third size replaces the least recent copy.
        if copies.copies.count >= 2 {
            let old = copies.copies.removeLast()
            held.withLock { $0 -= old.bytes }
        }
        let granted = held.withLock { (b: inout Int) -> Bool in
            guard b + cost <= budget else { return false }
            b += cost
            return true
        }
        guard granted else { return nil }
        guard var surface = try? Surface(width: cw, height: ch) else {
            held.withLock { $0 -= cost }
            return nil
        }
        let c = Raster.Canvas(surface)
        c.drawImage(image, transform: Affine(a: m.a, b: 0, c: 0, d: m.d, tx: key.phaseX, ty: key.phaseY), sampling: sampling)
        // Opaque copies are copied row by row where drawn at full coverage (a scaled-down
        // photo; a bilinear one scaled up fades over its edge pixels and is not).
        surface.isOpaque = image.isOpaque && surface.everyPixelIsOpaque()
        copies.copies.insert(Copy(key: key, surface: surface), at: 0)
        return (surface, place.0, place.1)
    }
}
