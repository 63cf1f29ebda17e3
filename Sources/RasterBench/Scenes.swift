// Scenes: the workloads of ../shared/bench/README.md, drawn with our Canvas exactly as
// cairo_bench.c draws them — same xorshift32 sequence, shapes, colours and labels.
//
// One subtlety: cairo_bench.c calls `cairo_set_source_rgba(cr, frand(0,1), frand(0,1),
// frand(0,1), frand(0.3,0.9))`, and C leaves argument evaluation order unspecified. gcc -O2
// on x86-64 evaluates right to left (checked with a probe program: the alpha argument got the
// first number), so the rounded-rect scene draws α first, then b, g, r — as cairo_bench does.

import AllocationCounter
import Raster

let frameWidth = 1920, frameHeight = 1080

/// xorshift32 and frand exactly as cairo_bench.c.
struct BenchRandom {
    var x: UInt32
    init(seed: UInt32) { x = seed }
    @inline(__always) mutating func next() -> UInt32 { x ^= x << 13; x ^= x >> 17; x ^= x << 5; return x }
    @inline(__always) mutating func frand(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * (Double(next()) / 4294967296.0) }
}

/// Counts heap allocations inside the canvas calls of one run, apart from building paths.
struct DrawProbe {
    var drawCalls = 0
    var drawAllocations = 0
    @inline(__always) mutating func draw(_ body: () -> Void) {
        let before = allocationCount
        body()
        drawAllocations &+= allocationCount &- before
        drawCalls += 1
    }
}

/// One benchmark workload.
struct Scene {
    let label: String
    let draw: (Canvas, inout DrawProbe) -> Void
}

enum Scenes {
    static let background = Color(0.1, 0.1, 0.12)

    /// All scenes in cairo_bench.c's order. Text scenes (d) arrive with the text module; they
    /// slot in where `textScenes` is spliced.
    static func all(textScenes: [Scene] = []) -> [Scene] {
        let image = makeImage(width: 640, height: 480)
        var s: [Scene] = [
            Scene(label: "(a) clear (SOURCE paint)") { c, p in p.draw { c.clear(Color(0.2, 0.3, 0.4)) } },
            Scene(label: "(x) full-frame solid alpha OVER") { c, p in
                p.draw { c.fill(Rect(0, 0, Double(frameWidth), Double(frameHeight)), with: .solid(Color(0.9, 0.5, 0.1, 0.5))) }
            },
            Scene(label: "(x) full-frame linear gradient") { c, p in
                // Built per run like cairo's pattern; the stops array is the only allocation.
                let g = LinearGradient(start: Point(0, 0), end: Point(Double(frameWidth), Double(frameHeight)),
                                       stops: [GradientStop(0, Color(0.1, 0.2, 0.6)), GradientStop(0.5, Color(0.9, 0.9, 0.9)),
                                               GradientStop(1, Color(0.6, 0.1, 0.1))])
                p.draw { c.fill(Rect(0, 0, Double(frameWidth), Double(frameHeight)), with: .linearGradient(g)) }
            },
            Scene(label: "(b) 1000 AA rrects alpha, 8-64px") { c, p in roundedRects(c, &p, lo: 8, hi: 64) },
            Scene(label: "(b) 1000 AA rrects alpha, 16-256px") { c, p in roundedRects(c, &p, lo: 16, hi: 256) },
            Scene(label: "(c) checker 64px path, pixel-aligned") { c, p in checker(c, &p, offset: 0) },
            Scene(label: "(c) checker 64px path, +0.5px offset") { c, p in checker(c, &p, offset: 0.5) },
            Scene(label: "(c) checker 64px path, rotated 30deg") { c, p in checkerRotated(c, &p) },
        ]
        s += textScenes
        s += [
            Scene(label: "(e) 640x480 img rot30 x1.5 a=.8 BILINEAR") { c, p in blit(c, &p, image, scale: 1.5, .bilinear) },
            Scene(label: "(e) 640x480 img rot30 x1.5 a=.8 NEAREST") { c, p in blit(c, &p, image, scale: 1.5, .nearest) },
            // cairo's GOOD filter upscaling is bilinear in pixman; ours is the same bilinear.
            Scene(label: "(e) 640x480 img rot30 x1.5 a=.8 GOOD") { c, p in blit(c, &p, image, scale: 1.5, .bilinear) },
            Scene(label: "(e') 640x480 img aligned a=.8 (no xform)") { c, p in
                c.opacity = 0.8
                p.draw { c.drawImage(image, transform: .translation(100, 100), sampling: .bilinear) }
            },
        ]
        return s
    }

    /// (b) 1000 random anti-aliased rounded rectangles with alpha.
    static func roundedRects(_ c: Canvas, _ p: inout DrawProbe, lo: Double, hi: Double) {
        var r = BenchRandom(seed: 0x1234_5678)
        let W = Double(frameWidth), H = Double(frameHeight)
        for _ in 0..<1000 {
            let w = r.frand(lo, hi), h = r.frand(lo, hi)
            let x = r.frand(-20, W - w + 20), y = r.frand(-20, H - h + 20)
            let rad = Swift.min(w, h) * r.frand(0.1, 0.3)
            let alpha = r.frand(0.3, 0.9), b = r.frand(0, 1), g = r.frand(0, 1), red = r.frand(0, 1)  // gcc order
            let path = Path.roundedRect(Rect(x, y, w, h), cornerRadius: rad)
            p.draw { c.fill(path, with: .solid(Color(red, g, b, alpha))) }
        }
    }

    /// (c) 64×64 checkerboard as one path covering the frame.
    static func checker(_ c: Canvas, _ p: inout DrawProbe, offset: Double) {
        var path = Path()
        var ty = 0
        while ty * 64 < frameHeight {
            var tx = ty & 1
            while tx * 64 < frameWidth {
                path.addRect(Rect(Double(tx * 64) + offset, Double(ty * 64) + offset, 64, 64))
                tx += 2
            }
            ty += 1
        }
        p.draw { c.fill(path, with: .solid(Color(0.95, 0.95, 0.95))) }
    }

    /// The frame centre's rotation by `angle`: translate to the centre, rotate, translate back.
    static func aboutCentre(_ m: Affine) -> Affine {
        let cx = Double(frameWidth) / 2, cy = Double(frameHeight) / 2
        return Affine.translation(-cx, -cy).concatenating(m).concatenating(.translation(cx, cy))
    }

    /// (c) the checkerboard over 1920+512 × 1080+512, rotated 30° about the frame centre.
    static func checkerRotated(_ c: Canvas, _ p: inout DrawProbe) {
        c.transform = aboutCentre(.rotation(Double.pi / 6))
        var path = Path()
        var ty = -8
        while ty * 64 < frameHeight + 512 {
            var tx = -8 + ((ty + 8) & 1)
            while tx * 64 < frameWidth + 512 {
                path.addRect(Rect(Double(tx * 64), Double(ty * 64), 64, 64))
                tx += 2
            }
            ty += 1
        }
        p.draw { c.fill(path, with: .solid(Color(0.95, 0.95, 0.95))) }
    }

    /// (e) the image centred, rotated 30°, scaled, painted with α 0.8.
    static func blit(_ c: Canvas, _ p: inout DrawProbe, _ image: Surface, scale: Double, _ sampling: Sampling) {
        let iw = Double(image.width), ih = Double(image.height)
        // cairo: translate(W/2, H/2) rotate(π/6) scale(s) translate(−iw/2, −ih/2), innermost first.
        c.transform = Affine.translation(-iw / 2, -ih / 2).concatenating(.scale(scale, scale))
            .concatenating(.rotation(Double.pi / 6))
            .concatenating(.translation(Double(frameWidth) / 2, Double(frameHeight) / 2))
        c.opacity = 0.8
        p.draw { c.drawImage(image, sampling: sampling) }
    }

    /// The (e) image: a radial gradient (centre, radius w/2) with vertical black lines, α 0.6,
    /// 6 px wide, every 40 px (cairo strokes them; a 6-px butt-capped line is this rectangle).
    static func makeImage(width: Int, height: Int) -> Surface {
        let s = try! Surface(width: width, height: height)
        let c = Canvas(s)
        let w = Double(width), h = Double(height)
        c.fill(Rect(0, 0, w, h), with: .radialGradient(RadialGradient(
            center: Point(w / 2, h / 2), radius: w / 2,
            stops: [GradientStop(0, Color(1, 0.8, 0.2, 1)), GradientStop(0.7, Color(0.2, 0.4, 0.9, 0.8)),
                    GradientStop(1, Color(0.2, 0.4, 0.9, 0))])))
        var lines = Path()
        var x = 0
        while x < width { lines.addRect(Rect(Double(x) - 3, 0, 6, h)); x += 40 }
        c.fill(lines, with: .solid(Color(0, 0, 0, 0.6)))
        return s
    }
}
