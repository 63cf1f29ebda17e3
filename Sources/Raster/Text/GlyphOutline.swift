// GlyphOutline: a glyph's outline as a Raster `Path`, for text under rotation or scaling, where
// cached bitmaps would be blurry or wrong: the path goes through the same rasterizer as shapes,
// so turning text stays smooth. Outlines are kept in font units (unhinted, y up) and cached per
// (face, glyph); each draw scales them to the font size.
import CFreeType

final class GlyphOutlineCache {
    /// A glyph's outline and its control-point bounds (font units), computed once: transformed
    /// text culls every glyph by its box each draw, and recomputing the box from the outline's
    /// points was 11 % of fuzz-text-long's instructions (callgrind, plain -O build, 40 inputs of
    /// its working corpus) — the cost of every frame of rotated or scaled text on a panel.
    struct Outline {
        let path: Path
        let bounds: Rect
        var isEmpty: Bool { path.isEmpty }
    }
    private var paths: [UInt64: Outline] = [:]
    /// When full, the cache is emptied: outlines are only used by transformed text, and one
    /// screen rarely shows more than a few hundred distinct glyphs that way.
    let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The outline of `glyph` in font units (y up), with its bounds; empty for glyphs without one.
    func outline(face: FontFace, glyph: UInt32) -> Outline {
        let key = (UInt64(face.id) << 32) | UInt64(glyph)
        if let p = paths[key] { return p }
        if paths.count >= capacity { paths.removeAll(keepingCapacity: true) }
        let path = Self.decompose(face: face, glyph: glyph)
        let p = Outline(path: path, bounds: path.controlPointBounds)
        paths[key] = p
        return p
    }

    private final class Builder {
        var path = Path()
        var open = false
        func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
            guard let v else { return .zero }
            return Point(Double(v.pointee.x), Double(v.pointee.y))
        }
    }

    private static func decompose(face: FontFace, glyph: UInt32) -> Path {
        let ft = face.ftFace
        guard FT_Load_Glyph(ft, glyph, FT_Int32(FT_LOAD_NO_SCALE) | FT_Int32(FT_LOAD_NO_BITMAP)) == 0,
              let slot = ft.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return Path() }
        let builder = Builder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                if b.open { b.path.close() }
                b.path.move(to: b.point(to)); b.open = true
                return 0
            },
            line_to: { to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                b.path.line(to: b.point(to))
                return 0
            },
            conic_to: { c, to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                b.path.quad(to: b.point(to), control: b.point(c))
                return 0
            },
            cubic_to: { c1, c2, to, user in
                let b = Unmanaged<Builder>.fromOpaque(user!).takeUnretainedValue()
                b.path.cubic(to: b.point(to), control1: b.point(c1), control2: b.point(c2))
                return 0
            },
            shift: 0, delta: 0)
        let user = Unmanaged.passUnretained(builder).toOpaque()
        let err = withExtendedLifetime(builder) { FT_Outline_Decompose(&slot.pointee.outline, &funcs, user) }
        guard err == 0 else { return Path() }
        if builder.open { builder.path.close() }
        return builder.path
    }
}
