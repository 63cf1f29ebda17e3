// The property damage repaint rests on: a path drawn under any clip rectangle gives every
// pixel inside it exactly what the unclipped drawing gives (and nothing outside), whichever
// scan converter draws it — the strip sweep, the chain walker, the one-box sweep. The cells
// are fixed-point integers and each row piece adds a pure function of the piece and the column
// (Rasterizer.addPiece), so there is no tolerance here: random outlines of lines, curves and
// arcs, under transforms, both fill rules, random clips, curves outside the clip taken as chords.
import Testing
@testable import Raster
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ClipExactnessTests {
    static let size = 96

    /// Coverage of `path` under `t` drawn under `clip` by the strip sweep, and by the chain walker
    /// and the one-box sweep when they take it (the segments are built for that clip, as Canvas
    /// builds them, so curves past it are chords).
    static func draw(_ path: Path, _ t: Affine, _ rule: FillRule, clip: IntRect) -> [(String, CoverageGrid)] {
        let s = RasterScratch()
        guard let b = Rasterizer.buildSegments(path, transform: t, tolerance: 0.1, clip: clip, scratch: s) else { return [] }
        var grids: [(String, CoverageGrid)] = []
        var g = CoverageGrid(size, size)
        Rasterizer.sweep(scratch: s, bounds: b, clip: clip, rule: rule, sink: &g)
        grids.append(("strips", g))
        if let nd = MonotoneRasterizer.chains(s) {
            var m = CoverageGrid(size, size)
            MonotoneRasterizer.sweep(scratch: s, downCount: nd, bounds: b, clip: clip, rule: rule, sink: &m)
            grids.append(("chains", m))
        }
        let box = IntRect(covering: Rect(corners: Point(b.0, b.1), Point(b.2, b.3))).intersection(clip)
        if !box.isEmpty && TinyRasterizer.takes(box) {
            var tiny = CoverageGrid(size, size)
            TinyRasterizer.sweep(scratch: s, box: box, rule: rule, sink: &tiny)
            grids.append(("one box", tiny))
        }
        // The scratch is left as the sweeps need it.
        #expect((0..<s.accumulation.capacity).allSatisfy { s.accumulation.base[$0] == 0 })
        #expect((0..<s.dirty.capacity).allSatisfy { s.dirty.base[$0] == 0 })
        return grids
    }

    static func randomClip(_ rng: inout XorShift) -> IntRect {
        let x0 = rng.int(size - 1), y0 = rng.int(size - 1)
        return IntRect(x0: x0, y0: y0, x1: x0 + 1 + rng.int(min(40, size - x0)), y1: y0 + 1 + rng.int(min(40, size - y0)))
    }

    static func shape(_ n: Int, _ rng: inout XorShift) -> Path {
        switch n % 4 {
        case 0: return PathDifferenceTests.path(PathDifferenceTests.randomPath(&rng))
        case 1:
            // A ring segment (an LVGL arc), often split by a clip inside it.
            var p = Path()
            let c = Point(rng.range(20, 76), rng.range(20, 76)), r = rng.range(8, 45), a = rng.range(0.2, 6.2)
            p.addArc(center: c, radius: r, startAngle: 0, endAngle: a, clockwise: true)
            p.addArc(center: c, radius: r * 0.7, startAngle: a, endAngle: 0, clockwise: false)
            p.close()
            return p
        case 2:
            // A convex polygon (the chain walker's), at sub-pixel positions.
            let cx = rng.range(10, 86), cy = rng.range(10, 86), rad = rng.range(0.5, 40)
            var angles = (0..<(3 + rng.int(10))).map { _ in rng.range(0, 2 * Double.pi) }
            angles.sort()
            var p = Path()
            p.move(to: Point(cx + rad * cos(angles[0]), cy + rad * sin(angles[0])))
            for a in angles.dropFirst() { p.line(to: Point(cx + rad * cos(a), cy + rad * sin(a))) }
            p.close()
            return p
        default:
            // A small shape (the one-box sweep's), sometimes several overlapping.
            var p = Path()
            for _ in 0..<(1 + rng.int(3)) {
                let x = rng.range(0, 80), y = rng.range(0, 80)
                p.addEllipse(in: Rect(x, y, rng.range(0.5, 20), rng.range(0.5, 20)))
            }
            return p
        }
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd]) func clippedDrawingIsTheUnclippedOneInsideTheClip(_ rule: FillRule) {
        var rng = XorShift(seed: rule == .nonZero ? 31 : 62)
        let full = IntRect(x: 0, y: 0, width: Self.size, height: Self.size)
        var compared = 0, walked = 0, tiny = 0
        for n in 0..<300 {
            let path = Self.shape(n, &rng)
            let t: Affine = [.identity, .translation(rng.range(-3, 3), rng.range(-3, 3)),
                             .rotation(rng.range(0, 6.3), about: Point(48, 48)), .scale(rng.range(0.5, 1.3), rng.range(0.5, 1.3))][n % 4]
            let whole = Self.draw(path, t, rule, clip: full)
            guard let reference = whole.first?.1 else { continue }
            for (name, g) in whole.dropFirst() { #expect(g.cells == reference.cells, "case \(n): \(name) differs unclipped") }
            for _ in 0..<4 {
                let clip = Self.randomClip(&rng)
                let grids = Self.draw(path, t, rule, clip: clip)
                if grids.contains(where: { $0.0 == "chains" }) { walked += 1 }
                if grids.contains(where: { $0.0 == "one box" }) { tiny += 1 }
                for (name, g) in grids {
                    #expect(g.outside == 0)
                    var bad = 0
                    for y in 0..<Self.size {
                        for x in 0..<Self.size {
                            let v = g.cells[y * Self.size + x]
                            if clip.contains(x: x, y: y) { if v != reference.cells[y * Self.size + x] { bad += 1 } }
                            else if v != 0 { bad += 1 }
                        }
                    }
                    #expect(bad == 0, "case \(n), \(name), clip \(clip): \(bad) pixels differ")
                }
                compared += 1
            }
        }
        #expect(compared > 1000)
        #expect(walked > 100 && tiny > 50, "walked \(walked), tiny \(tiny)")
    }

    /// Deep overlaps: nonzero saturates at any winding up to 32767 a pixel (the cells wrap past
    /// it), even-odd counts layers modulo 2 at any depth.
    @Test func windingsSaturateAndAlternate() {
        for layers in [1, 2, 3, 40, 41, 1000] {
            var p = Path()
            for _ in 0..<layers { p.addRect(Rect(2.5, 2, 10, 6)) }
            for rule in [FillRule.nonZero, .evenOdd] {
                let g = Self.draw(p, .identity, rule, clip: IntRect(x: 0, y: 0, width: 16, height: 16))[0].1
                let inside = g.cells[4 * Self.size + 6], edge = g.cells[4 * Self.size + 2]
                let odd = layers % 2 == 1
                #expect(inside == (rule == .nonZero || odd ? 255 : 0), "\(layers) layers, \(rule)")
                // The half-covered column: half a pixel in each layer, summed (area coverage, as
                // FreeType's): nonzero 0.5 then 1; even-odd 0.5, 1, 1.5 → 0.5, 2 → 0, …
                let evenOddEdge: UInt8 = odd ? 128 : (layers % 4 == 2 ? 255 : 0)
                #expect(edge == (rule == .nonZero ? (layers == 1 ? 128 : 255) : evenOddEdge), "\(layers) layers, \(rule): \(edge)")
            }
        }
    }
}
