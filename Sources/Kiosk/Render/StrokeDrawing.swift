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
    /// Draws `image` stretched over `rect` (user space); `extendEdges`: sampled past its edges
    /// as its edge pixels (a nine-slice piece), so its scaled edges do not fade.
    /// A still image drawn scaled and axis-aligned is drawn from its copy at the drawn size
    /// once it has been drawn at that size twice (ScaledImageCopies).
    static func draw(_ box: ImageBox, in rect: Raster.Rect, sampling: Sampling, canvas: Raster.Canvas) {
        let image = box.surface
        guard let t = placement(of: image, in: rect) else { return }
        if box.extendsEdges {
            canvas.fill(rect, with: .image(ImagePattern(image: image, transform: t, sampling: sampling, extendEdges: true)))
            return
        }
        if let (copy, x, y) = ScaledImageCopies.copy(of: box, device: t.concatenating(canvas.transform),
                                                                   sampling: sampling, canvas: canvas) {
            let user = canvas.transform
            canvas.transform = .identity
            canvas.drawImage(copy, transform: .translation(Double(x), Double(y)), sampling: .nearest)
            canvas.transform = user
            return
        }
        canvas.drawImage(image, transform: t, sampling: sampling)
    }

    /// Image pixels → user space for `image` stretched over `rect`; nil when either is empty.
    static func placement(of image: Surface, in rect: Raster.Rect) -> Affine? {
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0 else { return nil }
        return Affine.scale(rect.width / Double(image.width), rect.height / Double(image.height))
            .concatenating(.translation(rect.x, rect.y))
    }

    /// Repeats `image` at its pixel size over `rect` from its top-left corner (SwiftUI's
    /// `.resizable(resizingMode: .tile)`), partial tiles at the far edges. Only tiles that can
    /// reach the canvas's clip are drawn: a 150 %-screen wallpaper of 100 px tiles is ~500
    /// tiles at 1920×1080, of which the ~240 on screen cost a blit each.
    static func drawTiled(_ image: Surface, in rect: Raster.Rect, sampling: Sampling, extendEdges: Bool = false, canvas: Raster.Canvas) {
        let w = Double(image.width), h = Double(image.height)
        guard w > 0, h > 0, rect.width > 0, rect.height > 0, rect.x.isFinite, rect.y.isFinite else { return }
        var visible = rect
        let t = canvas.transform
        if t.b == 0, t.c == 0, let inverse = t.inverted() {
            let c = canvas.clip
            let a = inverse.apply(Raster.Point(Double(c.x0), Double(c.y0)))
            let b = inverse.apply(Raster.Point(Double(c.x1), Double(c.y1)))
            let x0 = max(rect.x, min(a.x, b.x)), y0 = max(rect.y, min(a.y, b.y))
            let x1 = min(rect.maxX, max(a.x, b.x)), y1 = min(rect.maxY, max(a.y, b.y))
            guard x1 > x0, y1 > y0 else { return }
            visible = Raster.Rect(x0, y0, x1 - x0, y1 - y0)
        }
        let i0 = Int(((visible.x - rect.x) / w).rounded(.down)), i1 = Int(((visible.maxX - rect.x) / w).rounded(.up))
        let j0 = Int(((visible.y - rect.y) / h).rounded(.down)), j1 = Int(((visible.maxY - rect.y) / h).rounded(.up))
        guard i1 > i0, j1 > j0, (i1 - i0) * (j1 - j0) <= 1 << 20 else { return }
        for j in j0..<j1 {
            let y = rect.y + Double(j) * h
            let th = min(h, rect.maxY - y)
            if th <= 0 { break }
            for i in i0..<i1 {
                let x = rect.x + Double(i) * w
                let tw = min(w, rect.maxX - x)
                if tw <= 0 { break }
                let pattern = ImagePattern(image: image, transform: .translation(x, y), sampling: sampling, extendEdges: extendEdges)
                canvas.fill(Raster.Rect(x, y, tw, th), with: .image(pattern))
            }
        }
    }
}
