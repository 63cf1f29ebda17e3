// fuzz-svg: SVG bytes from outside (an `images` folder's icons) through Raster's SVG reader and
// drawing: XML (truncated, mismatched, entities, DOCTYPE), the cascade, path data, transforms,
// colours, gradients, `use` (cycles, expansion), then a raster of 1–64 px a side. Mode 1 feeds
// the bytes to the path-data parser alone and fills the result.
// Checked: a typed `SVGError` or a drawing; the raster is the size asked for and holds valid
// premultiplied pixels (no channel above alpha); the display list stays within SVGLimits.
import FuzzSupport
import Raster
import TextFuzzing

func fuzzSVG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.byte() % 4
    let w = 1 + input.below(64), h = 1 + input.below(64)
    let bytes = input.rest()
    do {
        if mode == 1 {
            let path = try SVGImage.path(fromData: String(decoding: bytes, as: UTF8.self))
            let s = try Surface(width: w, height: h)
            let c = Canvas(s)
            c.transform = .scale(Double(w) / 24, Double(h) / 24)
            c.fill(path, with: .solid(Color(0.2, 0.4, 0.6, 0.8)), rule: .evenOdd)
            checkPremultiplied(s, "raster", checkingOpaque: false)
            return 0
        }
        let img = try SVGImage(bytes)
        guard img.width.isFinite, img.height.isFinite, img.width >= 0, img.height >= 0 else { fuzzFailure("size \(img.width)×\(img.height)") }
        guard img.shapeCount <= SVGLimits.maxShapes else { fuzzFailure("\(img.shapeCount) shapes") }
        let s = try img.rasterize(width: w, height: h, currentColor: mode == 2 ? Color(1, 0, 0, 0.5) : nil)
        guard s.width == w, s.height == h else { fuzzFailure("asked \(w)×\(h), drew \(s.width)×\(s.height)") }
        checkPremultiplied(s, "raster", checkingOpaque: false)
        if mode == 3 {   // again, on a canvas with a transform and opacity: the same display list
            let t = try Surface(width: w, height: h)
            let c = Canvas(t)
            c.transform = Affine.rotation(0.3, about: Point(Double(w) / 2, Double(h) / 2))
            c.opacity = 0.5
            img.draw(on: c, in: Rect(0, 0, Double(w), Double(h)))
            guard c.opacity == 0.5 else { fuzzFailure("draw left the canvas's opacity at \(c.opacity)") }
            checkPremultiplied(t, "raster", checkingOpaque: false)
        }
    } catch is SVGError {
    } catch { fuzzFailure("untyped error \(error)") }
    return 0
}

runFuzzer(fuzzSVG)
