// KernelScenes: the shaders alone, writing their spans straight into the frame (no coverage,
// no blending), to split a scene's time between shading and the compositor's work.

import Raster

enum KernelScenes {
    static func all() -> [Scene] {
        let image = Scenes.makeImage(width: 640, height: 480)
        let cache = ShaderCache()
        let W = Double(frameWidth), H = Double(frameHeight)
        let stops = [GradientStop(0, Color(0.1, 0.2, 0.6)), GradientStop(0.5, Color(0.9, 0.9, 0.9)),
                     GradientStop(1, Color(0.6, 0.1, 0.1))]
        let blit = Affine.translation(-320, -240).concatenating(.scale(1.5, 1.5))
            .concatenating(.rotation(Double.pi / 6)).concatenating(.translation(W / 2, H / 2))
        // The rotated image's device bounding box (its spans cover roughly half of it).
        let box = IntRect(covering: blit.apply(Rect(0, 0, 640, 480))).intersection(IntRect(x0: 0, y0: 0, x1: frameWidth, y1: frameHeight))
        return [
            kernel("kernel: linear gradient diagonal, frame", cache, .full,
                   .linearGradient(LinearGradient(start: .zero, end: Point(W, H), stops: stops)), .identity, 1),
            kernel("kernel: linear gradient horizontal, frame", cache, .full,
                   .linearGradient(LinearGradient(start: .zero, end: Point(W, 0), stops: stops)), .identity, 1),
            kernel("kernel: radial gradient r=540, frame", cache, .full,
                   .radialGradient(RadialGradient(center: Point(W / 2, H / 2), radius: 540, stops: stops, spread: .reflect)), .identity, 1),
            kernel("kernel: image rot30 x1.5 a=.8 bilinear bbox", cache, box,
                   .image(ImagePattern(image: image, sampling: .bilinear)), blit, 0.8),
            kernel("kernel: image rot30 x1.5 a=.8 bilinear in", cache, box,
                   .image(ImagePattern(image: image, sampling: .bilinear)), blit, 0.8, inside: (blit, 640, 480)),
            kernel("kernel: image rot30 x1.5 a=.8 nearest bbox", cache, box,
                   .image(ImagePattern(image: image, sampling: .nearest)), blit, 0.8),
            kernel("kernel: image aligned a=.8, 640x480", cache, IntRect(x: 100, y: 100, width: 640, height: 480),
                   .image(ImagePattern(image: image, transform: .translation(100, 100))), .identity, 0.8),
        ]
    }

    /// Shades every row of `area`, or with `inside` only the pixels whose centres map inside the
    /// w×h image through the transform (the spans a compositor would ask for).
    static func kernel(_ label: String, _ cache: ShaderCache, _ area: IntRect, _ paint: Paint,
                       _ transform: Affine, _ opacity: Double, inside: (Affine, Double, Double)? = nil) -> Scene {
        var spans = [(Int, Int)](repeating: (area.x0, area.x1), count: area.height)
        if let (t, w, h) = inside, let m = t.inverted() {
            for y in area.y0..<area.y1 {
                // u = m.a·x + (m.c·yc + m.tx) ∈ [0, w), v likewise ∈ [0, h): intersect the intervals.
                var lo = Double(area.x0), hi = Double(area.x1)
                for (k, c0, lim) in [(m.a, m.c * (Double(y) + 0.5) + m.tx, w), (m.b, m.d * (Double(y) + 0.5) + m.ty, h)] {
                    if k == 0 { if c0 < 0 || c0 >= lim { hi = lo }; continue }
                    let e0 = (0 - c0) / k - 0.5, e1 = (lim - c0) / k - 0.5
                    lo = Swift.max(lo, Swift.min(e0, e1).rounded(.up)); hi = Swift.min(hi, Swift.max(e0, e1).rounded(.down))
                }
                spans[y - area.y0] = (Int(lo), Swift.max(Int(lo), Int(hi)))
            }
        }
        return Scene(label: label) { c, p in
            p.draw {
                guard let s = makeShader(for: paint, transform: transform, opacity: opacity, cache: cache) else { return }
                let surface = c.surface
                for y in area.y0..<area.y1 {
                    let (x0, x1) = spans[y - area.y0]
                    if x1 > x0 { s.shade(x: x0, y: y, count: x1 - x0, into: surface.row(y) + x0) }
                }
            }
        }
    }
}

extension IntRect {
    /// The whole frame.
    static var full: IntRect { IntRect(x0: 0, y0: 0, x1: frameWidth, y1: frameHeight) }
}
