// The chain-walking scan converter (MonotoneRasterizer) against the general strip sweep
// (Rasterizer.sweep) on the same segments: rounded rects with sub-pixel positions and radii from
// 0 to half the short side (scaled, rotated), ellipses and convex polygons, clipped by random
// rectangles and the surface edges. Both accumulate the same fixed-point areas into integer
// cells, so every pixel is the same.
import Testing
@testable import Raster
#if canImport(Glibc)
import Glibc
#endif

/// Records coverage per pixel of a w×h grid (the later span wins, as spans never overlap).
struct CoverageGrid: CoverageSink {
    let w: Int, h: Int
    var cells: [UInt8]
    var outside = 0
    init(_ w: Int, _ h: Int) { self.w = w; self.h = h; cells = [UInt8](repeating: 0, count: w * h) }
    mutating func run(x: Int, y: Int, count: Int, coverage: UInt8) {
        for i in x..<(x + count) { put(i, y, coverage) }
    }
    mutating func mask(x: Int, y: Int, count: Int, mask: UnsafePointer<UInt8>) {
        for i in 0..<count { put(x + i, y, mask[i]) }
    }
    mutating func put(_ x: Int, _ y: Int, _ v: UInt8) {
        guard x >= 0, x < w, y >= 0, y < h else { outside += 1; return }
        cells[y * w + x] = v
    }
}

@Suite struct MonotoneRasterizerTests {
    static let size = 48

    /// Scan-converts `path` under `t` both ways inside `clip`; returns the worst difference and
    /// whether the chain walker took it (nil: not two chains).
    static func compare(_ path: Path, _ t: Affine, clip: IntRect, rule: FillRule = .nonZero) -> (Int, Bool)? {
        let s = RasterScratch()
        guard let bounds = Rasterizer.buildSegments(path, transform: t, tolerance: 0.1, scratch: s) else { return nil }
        guard let nd = MonotoneRasterizer.chains(s) else { return (0, false) }
        var a = CoverageGrid(size, size), b = CoverageGrid(size, size)
        MonotoneRasterizer.sweep(scratch: s, downCount: nd, bounds: bounds, clip: clip, rule: rule, sink: &a)
        Rasterizer.sweep(scratch: s, bounds: bounds, clip: clip, rule: rule, sink: &b)
        #expect(a.outside == 0 && b.outside == 0)
        var worst = 0
        for i in 0..<(size * size) {
            let x = i % size, y = i / size
            if x < clip.x0 || x >= clip.x1 || y < clip.y0 || y >= clip.y1 { #expect(a.cells[i] == 0) }
            worst = max(worst, abs(Int(a.cells[i]) - Int(b.cells[i])))
        }
        return (worst, true)
    }

    static func randomClip(_ rng: inout XorShift) -> IntRect {
        if rng.int(2) == 0 { return IntRect(x: 0, y: 0, width: size, height: size) }
        let x0 = rng.int(size / 2), y0 = rng.int(size / 2)
        return IntRect(x0: x0, y0: y0, x1: x0 + 1 + rng.int(size - x0), y1: y0 + 1 + rng.int(size - y0))
    }

    @Test func roundedRectsMatchTheStripSweep() {
        var rng = XorShift(seed: 2024)
        var walked = 0
        for k in 0..<300 {
            let w = rng.range(0.3, 60), h = rng.range(0.3, 60)
            let r = Rect(rng.range(-15, 40), rng.range(-15, 40), w, h)
            let half = min(w, h) / 2
            let radii = CornerRadii(topLeft: rng.range(0, half), topRight: rng.range(0, half),
                                    bottomRight: rng.range(0, half), bottomLeft: k % 5 == 0 ? 0 : rng.range(0, half))
            var t = Affine.scale(rng.range(0.4, 2), rng.range(0.4, 2)).concatenating(.translation(rng.range(-3, 3), rng.range(-3, 3)))
            if k % 3 == 0 {
                let c = Affine.translation(-24, -24)
                t = t.concatenating(c).concatenating(.rotation(rng.range(-3.2, 3.2))).concatenating(.translation(24, 24))
            }
            guard let (worst, took) = Self.compare(.roundedRect(r, radii: radii), t, clip: Self.randomClip(&rng)) else { continue }
            if took { walked += 1 }
            #expect(worst == 0, "\(r) \(radii) \(t): worst \(worst)")
        }
        #expect(walked > 250)   // nearly all rounded rects are two chains
    }

    @Test func ellipsesAndConvexPolygonsMatchTheStripSweep() {
        var rng = XorShift(seed: 99)
        var walked = 0
        for k in 0..<200 {
            var p = Path()
            if k % 2 == 0 {
                p.addEllipse(in: Rect(rng.range(-20, 40), rng.range(-20, 40), rng.range(0.2, 70), rng.range(0.2, 70)))
            } else {
                // Points on a circle in angle order: a convex polygon of 3…12 sides.
                let cx = rng.range(-10, 58), cy = rng.range(-10, 58), rad = rng.range(0.5, 40)
                var angles = (0..<(3 + rng.int(10))).map { _ in rng.range(0, 2 * Double.pi) }
                angles.sort()
                p.move(to: Point(cx + rad * cos(angles[0]), cy + rad * sin(angles[0])))
                for a in angles.dropFirst() { p.line(to: Point(cx + rad * cos(a), cy + rad * sin(a))) }
                p.close()
            }
            let rule: FillRule = k % 4 == 1 ? .evenOdd : .nonZero
            guard let (worst, took) = Self.compare(p, .identity, clip: Self.randomClip(&rng), rule: rule) else { continue }
            if took { walked += 1 }
            #expect(worst == 0, "shape \(k): worst \(worst)")
        }
        #expect(walked > 150)
    }

    @Test func otherPathsAreLeftToTheStripSweep() {
        let s = RasterScratch()
        // Two squares side by side: four direction changes.
        var two = Path(); two.addRect(Rect(1, 1, 5, 5)); two.addRect(Rect(10, 3, 5, 5))
        _ = Rasterizer.buildSegments(two.applying(.rotation(0.1)), transform: .identity, tolerance: 0.1, scratch: s)
        #expect(MonotoneRasterizer.chains(s) == nil)
        // A zig-zag (a "W" closed along the top) changes direction four times.
        var w = Path(); w.move(to: Point(0, 0)); w.line(to: Point(2, 9)); w.line(to: Point(4, 3))
        w.line(to: Point(6, 9)); w.line(to: Point(8, 0)); w.close()
        _ = Rasterizer.buildSegments(w, transform: .identity, tolerance: 0.1, scratch: s)
        #expect(MonotoneRasterizer.chains(s) == nil)
        // A triangle is two chains: one down, one up, in y order.
        var tri = Path(); tri.move(to: Point(0, 0)); tri.line(to: Point(9, 4)); tri.line(to: Point(2, 9)); tri.close()
        _ = Rasterizer.buildSegments(tri, transform: .identity, tolerance: 0.1, scratch: s)
        #expect(MonotoneRasterizer.chains(s) == 2)
    }
}
