// StrokeDrawing and ImageDrawing. Until Raster's stroker lands on main, a stroke is drawn as
// one quad per flattened segment (butt ends, no joins: corners of thick lines show notches).

import Raster

enum StrokeDrawing {
    static func stroke(_ path: Raster.Path, paint: Paint, style: StrokeParameters, canvas: Canvas) {
        guard style.lineWidth > 0 else { return }
        // Each segment becomes a quad of the line's width (butt caps, no joins).
        var outline = Raster.Path()
        let h = style.lineWidth / 2
        path.forEachFlattened(tolerance: 0.2, closeSubpaths: false) { a, b in
            let dx = b.x - a.x, dy = b.y - a.y
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 1e-9 else { return }
            let nx = -dy / len * h, ny = dx / len * h
            outline.move(to: Raster.Point(a.x + nx, a.y + ny))
            outline.line(to: Raster.Point(b.x + nx, b.y + ny))
            outline.line(to: Raster.Point(b.x - nx, b.y - ny))
            outline.line(to: Raster.Point(a.x - nx, a.y - ny))
            outline.close()
        }
        canvas.fill(outline, with: paint, rule: .nonZero)
    }
}

enum ImageDrawing {
    /// Draws `image` stretched over `rect` (user space).
    static func draw(_ image: Surface, in rect: Raster.Rect, sampling: Sampling, canvas: Canvas) {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0 else { return }
        let t = Affine.scale(rect.width / Double(image.width), rect.height / Double(image.height))
            .concatenating(.translation(rect.x, rect.y))
        canvas.drawImage(image, transform: t, sampling: sampling)
    }
}
