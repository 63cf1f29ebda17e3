// StrokeDrawing and ImageDrawing: strokes and images of the display list onto a Canvas.

import Raster

enum StrokeDrawing {
    /// Strokes through Canvas.stroke (its stroker and outline buffer are reused frame to frame).
    static func stroke(_ path: Raster.Path, paint: Paint, style: StrokeParameters, canvas: Raster.Canvas) {
        guard style.lineWidth > 0 else { return }
        func cap(_ c: CGLineCap) -> LineCap { c == .round ? .round : c == .square ? .square : .butt }
        func join(_ j: CGLineJoin) -> LineJoin { j == .round ? .round : j == .bevel ? .bevel : .miter }
        let raster = Raster.StrokeStyle(lineWidth: style.lineWidth, lineCap: cap(style.lineCap), lineJoin: join(style.lineJoin),
                                        miterLimit: style.miterLimit, dash: style.dash, dashPhase: style.dashPhase)
        canvas.stroke(path, with: paint, style: raster)
    }
}

enum ImageDrawing {
    /// Draws `image` stretched over `rect` (user space).
    static func draw(_ image: Surface, in rect: Raster.Rect, sampling: Sampling, canvas: Raster.Canvas) {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0 else { return }
        let t = Affine.scale(rect.width / Double(image.width), rect.height / Double(image.height))
            .concatenating(.translation(rect.x, rect.y))
        canvas.drawImage(image, transform: t, sampling: sampling)
    }
}
