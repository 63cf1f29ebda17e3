// StrokeDrawing and ImageDrawing: strokes and images of the display list onto a Canvas.

import Raster

enum StrokeDrawing {
    /// Strokes through Raster's stroker: the outline is built in user space with a tolerance
    /// that follows the transform's scale, then filled non-zero.
    static func stroke(_ path: Raster.Path, paint: Paint, style: StrokeParameters, canvas: Canvas) {
        guard style.lineWidth > 0 else { return }
        func cap(_ c: CGLineCap) -> LineCap { c == .round ? .round : c == .square ? .square : .butt }
        func join(_ j: CGLineJoin) -> LineJoin { j == .round ? .round : j == .bevel ? .bevel : .miter }
        let raster = Raster.StrokeStyle(lineWidth: style.lineWidth, lineCap: cap(style.lineCap), lineJoin: join(style.lineJoin),
                                        miterLimit: style.miterLimit, dash: style.dash, dashPhase: style.dashPhase)
        let scale = canvas.transform.maxScale
        let tolerance = scale > 1e-9 && scale.isFinite ? 0.1 / scale : 0.1
        canvas.fill(strokedPath(path, style: raster, tolerance: tolerance), with: paint, rule: .nonZero)
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
