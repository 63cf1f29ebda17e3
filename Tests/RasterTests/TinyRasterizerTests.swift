// The small-shape fast paths against the general ones:
// - TinyRasterizer (boxes up to 32 px a side) accumulates the same fixed-point cells as the
//   strip sweep, in another order, which integer sums do not see: every pixel is the same, for
//   circles, ellipses and rounded rects of 0.5–32 px at many sub-pixel offsets, rotated and
//   scaled, clipped;
// - the inline ellipse's direct segments (Rasterizer.ellipseSegments) are bit for bit the
//   segments the element walk makes;
// - a golden of small dots and rounded rects drawn through Canvas.
import Testing
import TestSupport
@testable import Raster

@Suite struct TinyRasterizerTests {
    static let size = 48

    /// The worst coverage difference between TinyRasterizer and the strip sweep for `path`
    /// under `t` inside `clip` (nil when the path's box is not tiny or has no segments).
    static func compare(_ path: Path, _ t: Affine, clip: IntRect, rule: FillRule = .nonZero) -> Int? {
        let s = RasterScratch()
        guard let b = Rasterizer.buildSegments(path, transform: t, tolerance: 0.1, scratch: s) else { return nil }
        let area = IntRect(covering: Rect(corners: Point(b.0, b.1), Point(b.2, b.3)))
        guard TinyRasterizer.takes(area) else { return nil }
        var tiny = CoverageGrid(size, size), general = CoverageGrid(size, size)
        let box = area.intersection(clip)
        if !box.isEmpty { TinyRasterizer.sweep(scratch: s, box: box, rule: rule, sink: &tiny) }
        Rasterizer.sweep(scratch: s, bounds: b, clip: clip, rule: rule, sink: &general)
        #expect(tiny.outside == 0)
        var worst = 0
        for i in 0..<(size * size) {
            let x = i % size, y = i / size
            if x < clip.x0 || x >= clip.x1 || y < clip.y0 || y >= clip.y1 { #expect(tiny.cells[i] == 0) }
            worst = max(worst, abs(Int(tiny.cells[i]) - Int(general.cells[i])))
        }
        // The scratch is left as the sweeps need it: all cells and bits zero.
        for i in 0..<s.accumulation.capacity { if s.accumulation.base[i] != 0 { Issue.record("cell \(i) left non-zero"); break } }
        for i in 0..<s.dirty.capacity { if s.dirty.base[i] != 0 { Issue.record("bit word \(i) left non-zero"); break } }
        return worst
    }

    static func shapes(_ rng: inout XorShift) -> [Path] {
        let d = rng.range(0.5, 30), e = rng.range(0.5, 30)
        let x = 4 + rng.range(0, 6), y = 4 + rng.range(0, 6)
        return [.circle(center: Point(x + d / 2, y + d / 2), radius: d / 2),
                .ellipse(in: Rect(x, y, d, e)),
                .roundedRect(Rect(x, y, d, e), cornerRadius: rng.range(0, 10)),
                // A shape that is not one chain down and one up: two dots, even-odd below.
                Path { p in p.addEllipse(in: Rect(x, y, d, e)); p.addEllipse(in: Rect(x + d / 3, y, d, e / 2)) }]
    }

    @Test func tinyShapesMatchTheGeneralSweepExactly() {
        var rng = XorShift(seed: 606)
        var compared = 0, worst = 0
        for n in 0..<600 {
            let t: Affine
            switch n % 4 {
            case 0: t = .identity
            case 1: t = .translation(rng.range(0, 8), rng.range(0, 8))
            case 2: t = Affine.rotation(rng.range(0, 6.3), about: Point(16, 16)).concatenating(.translation(rng.range(0, 4), rng.range(0, 4)))
            default: t = Affine.scale(rng.range(0.3, 1.4), rng.range(0.3, 1.4)).concatenating(.translation(rng.range(0, 8), rng.range(0, 8)))
            }
            let clip = n % 3 == 0 ? MonotoneRasterizerTests.randomClip(&rng) : IntRect(x: 0, y: 0, width: Self.size, height: Self.size)
            for (k, path) in Self.shapes(&rng).enumerated() {
                guard let w = Self.compare(path, t, clip: clip, rule: k == 3 && n % 2 == 0 ? .evenOdd : .nonZero) else { continue }
                compared += 1
                worst = max(worst, w)
                #expect(w == 0, "case \(n) shape \(k): differs by \(w)")
            }
        }
        #expect(compared > 1500, "only \(compared) shapes were tiny")
        #expect(worst == 0)
    }

    @Test func inlineEllipseSegmentsAreTheElementWalksBitForBit() {
        var rng = XorShift(seed: 77)
        for n in 0..<400 {
            let r = Rect(rng.range(-20, 40), rng.range(-20, 40), rng.range(-3, 50), rng.range(-3, 50))
            let t = n % 2 == 0 ? Affine.translation(rng.range(-5, 5), rng.range(-5, 5))
                : Affine.rotation(rng.range(0, 6.3)).concatenating(.scale(rng.range(0.1, 3), rng.range(0.1, 3)))
            let tol = [0.1, 0.25, 0.01][n % 3]
            let inline = Path.ellipse(in: r)
            let walked = PathInlineShapeTests.referenceEllipse(r)
            #expect(inline.shape != nil && walked.shape == nil)
            let a = RasterScratch(), b = RasterScratch()
            let ba = Rasterizer.buildSegments(inline, transform: t, tolerance: tol, scratch: a)
            let bb = Rasterizer.buildSegments(walked, transform: t, tolerance: tol, scratch: b)
            #expect(ba.map { [$0.0, $0.1, $0.2, $0.3] } == bb.map { [$0.0, $0.1, $0.2, $0.3] })
            #expect(a.segmentCount == b.segmentCount)
            if a.segmentCount == b.segmentCount {
                for i in 0..<(4 * a.segmentCount) where a.segments.base[i] != b.segments.base[i] {
                    Issue.record("case \(n): segment value \(i) differs"); break
                }
            }
        }
        // Non-finite and huge ellipses: nothing, as the element walk gives.
        for r in [Rect(.nan, 0, 4, 4), Rect(0, 0, .infinity, 4), Rect(1e300, 0, 4, 4), Rect(0, 0, 1e200, 1e200)] {
            let s = RasterScratch()
            let a = Rasterizer.buildSegments(.ellipse(in: r), transform: .identity, tolerance: 0.1, scratch: s)
            let b = Rasterizer.buildSegments(PathInlineShapeTests.referenceEllipse(r), transform: .identity, tolerance: 0.1, scratch: RasterScratch())
            #expect((a == nil) == (b == nil))
        }
    }

    /// Dots of 1–12 px and small rounded rects at quarter-pixel offsets, some half transparent,
    /// over a checkerboard, through Canvas.fill (TinyRasterizer draws the dots; rounded rects
    /// take their own path, boxes for the straight rows).
    @Test func smallShapesGolden() throws {
        let s = try Surface(width: 200, height: 120)
        let c = Canvas(s)
        c.clear(.white)
        for y in 0..<12 { for x in 0..<20 where (x + y) % 2 == 0 { c.fill(Rect(Double(x * 10), Double(y * 10), 10, 10), with: .solid(Color(0.85, 0.85, 0.85))) } }
        for i in 0..<12 {
            let d = 1 + Double(i)
            for j in 0..<4 {
                let off = Double(j) * 0.25
                let x = 4 + Double(i) * 16 + off, y = 4 + Double(j) * 14 + off
                c.fill(.circle(center: Point(x + d / 2, y + d / 2), radius: d / 2),
                       with: .solid(Color(0.1, 0.3, 0.9, j % 2 == 0 ? 1 : 0.5)))
                c.fill(.roundedRect(Rect(x, y + 60, d, d * 0.75), cornerRadius: d / 4), with: .solid(Color(0.9, 0.2, 0.1, 0.8)))
            }
        }
        expectGolden(s, "tiny-shapes")
    }
}
