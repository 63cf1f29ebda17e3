// EXIFOrientation: the orientation tag (0x0112) of a JPEG's EXIF block, and the pixels turned to
// match it. Cameras store the sensor's rows as read and record how the camera was held; viewers,
// SwiftUI's Image included, show the picture upright. The block comes from outside, so every
// offset is checked against its length: a bad offset means "no orientation", never a read past
// the end.

/// How stored pixels are turned for display (EXIF/TIFF orientation 1–8).
public enum EXIFOrientation: Int, Sendable, Equatable, CaseIterable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Whether width and height swap for display (orientations 5–8).
    public var swapsSides: Bool { rawValue >= 5 }

    /// The orientation in an APP1 payload ("Exif\0\0" then a TIFF header), or nil when it has
    /// none or the block is malformed.
    public init?<C: Collection>(exif: C) where C.Element == UInt8, C.Index == Int {
        let b = Array(exif)
        guard b.count >= 6 + 8, b[0] == 0x45, b[1] == 0x78, b[2] == 0x69, b[3] == 0x66, b[4] == 0, b[5] == 0 else { return nil }
        let t = 6   // TIFF header start: offsets below are from here
        let little: Bool
        switch (b[t], b[t + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o <= b.count - 2 else { return nil }
            return little ? Int(b[o]) | Int(b[o + 1]) << 8 : Int(b[o]) << 8 | Int(b[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let c = u16(o + 2) else { return nil }
            return little ? a | c << 16 : a << 16 | c
        }
        guard u16(t + 2) == 42, let ifd = u32(t + 4), let count = u16(t + ifd) else { return nil }
        for i in 0..<count {
            let e = t + ifd + 2 + i * 12
            guard let tag = u16(e), let type = u16(e + 2) else { return nil }
            guard tag == 0x0112 else { continue }
            guard type == 3, let v = u16(e + 8), let o = EXIFOrientation(rawValue: v) else { return nil }
            self = o
            return
        }
        return nil
    }
}

extension Surface {
    /// A new surface with the pixels turned for display by `orientation` (a copy for `.up`).
    public func oriented(_ orientation: EXIFOrientation) throws -> Surface {
        let w = width, h = height
        let ow = orientation.swapsSides ? h : w, oh = orientation.swapsSides ? w : h
        var out = try Surface(width: ow, height: oh)
        out.isOpaque = isOpaque
        // Source (sx, sy) of display pixel (dx, dy) = origin + dx·stepX + dy·stepY.
        let (origin, stepX, stepY): ((Int, Int), (Int, Int), (Int, Int))
        switch orientation {
        case .up:            (origin, stepX, stepY) = ((0, 0), (1, 0), (0, 1))
        case .upMirrored:    (origin, stepX, stepY) = ((w - 1, 0), (-1, 0), (0, 1))
        case .down:          (origin, stepX, stepY) = ((w - 1, h - 1), (-1, 0), (0, -1))
        case .downMirrored:  (origin, stepX, stepY) = ((0, h - 1), (1, 0), (0, -1))
        case .leftMirrored:  (origin, stepX, stepY) = ((0, 0), (0, 1), (1, 0))            // transpose
        case .right:         (origin, stepX, stepY) = ((0, h - 1), (0, -1), (1, 0))       // 90° clockwise
        case .rightMirrored: (origin, stepX, stepY) = ((w - 1, h - 1), (0, -1), (-1, 0))  // transverse
        case .left:          (origin, stepX, stepY) = ((w - 1, 0), (0, 1), (-1, 0))       // 90° anticlockwise
        }
        let srcRow = rowPixels
        let delta = stepX.0 + stepX.1 * srcRow
        for dy in 0..<oh {
            let dst = out.row(dy)
            var s = (origin.0 + dy * stepY.0) + (origin.1 + dy * stepY.1) * srcRow
            for dx in 0..<ow { dst[dx] = base[s]; s += delta }
        }
        return out
    }
}
