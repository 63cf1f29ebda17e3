// Paths fuzz-path (Fuzz/, `scripts/fuzz path`) found; the fuzzer's inputs are in
// Fuzz/regressions/fuzz-path/.
import Testing
@testable import Raster

@Suite struct PathFuzzRegressionTests {
    /// regressions/fuzz-path/huge-cubic-segment-count: a cubic with control points at 1e40 asked
    /// Wang's formula for ~10²⁰ segments, and Int(n) trapped before the 1000-segment cap.
    @Test func hugeFiniteCurvesAreCappedNotTrapped() throws {
        #expect(Flattener.cubicSegments(Point(0, 0), Point(1e40, 0), Point(0, 1e40), Point(10, 10), tolerance: 0.1) == Flattener.maxSegments)
        #expect(Flattener.quadSegments(Point(0, 0), Point(-1e300, 1e300), Point(10, 10), tolerance: 0.1) == Flattener.maxSegments)
        #expect(Flattener.quadSegments(Point(0, 0), Point(5, 5), Point(10, 10), tolerance: 0.1) == 1)
        let s = try Surface(width: 16, height: 16)
        let c = Canvas(s)
        var p = Path()
        p.move(to: Point(1, 1))
        p.cubic(to: Point(14, 14), control1: Point(1e40, 0), control2: Point(0, 1e40))
        p.quad(to: Point(2, 12), control: Point(-1e200, 3))
        p.close()
        c.fill(p, with: .solid(.white))
        c.stroke(p, with: .solid(.white), style: StrokeStyle(lineWidth: 2, lineJoin: .round, dash: [3, 1]))
        for y in 0..<16 { for x in 0..<16 {
            let v = s.premultipliedPixel(x: x, y: y), a = v >> 24
            #expect((v >> 16) & 255 == a && (v >> 8) & 255 == a && v & 255 == a)
        } }
    }

    /// regressions/fuzz-path/subnormal-rise-inf-x: a segment of a tiny path rising by less than
    /// 2⁻¹⁰²⁴ across the clip's top edge: 1 / rise was ∞, its x at the edge ∞, and ceilInt
    /// trapped (TinyRasterizer). It draws as the same triangle with that edge flat.
    @Test func aSubnormalRiseAcrossTheClipDrawsAsFlat() throws {
        let s = try Surface(width: 16, height: 16), flat = try Surface(width: 16, height: 16)
        for (surface, dy) in [(s, 1e-310), (flat, 0.0)] {
            var p = Path()
            p.move(to: Point(2, -dy)); p.line(to: Point(10, dy)); p.line(to: Point(6, 5)); p.close()
            Canvas(surface).fill(p, with: .solid(.white))
        }
        var inked = 0
        for y in 0..<16 { for x in 0..<16 {
            let v = s.premultipliedPixel(x: x, y: y), a = v >> 24
            #expect((v >> 16) & 255 == a && (v >> 8) & 255 == a && v & 255 == a)
            #expect(abs(Int(a) - Int(flat.premultipliedPixel(x: x, y: y) >> 24)) <= 1, "(\(x), \(y))")
            if a > 0 { inked += 1 }
        } }
        #expect(inked > 10)
    }

    /// Fuzz/open → regressions/fuzz-path/nan-to-int-in-cells: a NaN x (∞ − ∞ or ∞ · 0 from
    /// coordinates near ±1e308 after the transform) passed the rasterizer's x clamps and trapped in
    /// floorInt. Triangles over such coordinates, under scaling transforms, draw valid coverage.
    @Test func extremeCoordinatesNeverReachTheCellsAsNaN() throws {
        let values: [Double] = [-1.7e308, -1e308, -1e154, -3, 0, 7.5, 1e154, 1e308, 1.7e308]
        let s = try Surface(width: 12, height: 12)
        let c = Canvas(s)
        for t in [Affine.identity, .scale(1e10, 1), .scale(1, 1e300), Affine(a: 1e200, b: 1e200, c: -1e200, d: 1e200, tx: 5, ty: 5)] {
            c.transform = t
            for (i, x0) in values.enumerated() { for y1 in values where (i + Int(y1.magnitude.exponent)) % 2 == 0 {
                var p = Path()
                p.move(to: Point(x0, 3)); p.line(to: Point(6, y1)); p.line(to: Point(-x0, 9)); p.close()
                c.fill(p, with: .solid(.white))
                c.fill(p, with: .solid(.white), rule: .evenOdd)
            } }
        }
        for y in 0..<12 { for x in 0..<12 {
            let v = s.premultipliedPixel(x: x, y: y), a = v >> 24
            #expect((v >> 16) & 255 == a && (v >> 8) & 255 == a && v & 255 == a)
        } }
    }

    /// regressions/fuzz-path/wide-round-joins-1e30: a 10³⁰-wide round-joined stroke of curves
    /// reaching 2·10³⁰ built a 174 640-element outline that the rasterizer then dropped (beyond
    /// ±10¹⁵): 2.7 s of one input under ASan. Such a stroke, and one whose outline cannot reach
    /// the clip, now builds nothing and draws nothing.
    @Test func strokesThatCannotShowBuildNoOutline() throws {
        let s = try Surface(width: 24, height: 24)
        let c = Canvas(s)
        var p = Path()
        p.move(to: Point(0, 0))
        p.cubic(to: Point(2e30, 2e30), control1: Point(1e30, -1e30), control2: Point(-1e30, 1e30))
        p.line(to: Point(5, 20))
        c.stroke(p, with: .solid(.white), style: StrokeStyle(lineWidth: 1e30, lineCap: .square, lineJoin: .round))
        #expect(c.strokeOutline.elements.isEmpty)
        // 40 px past the right edge with a 10 px width and miter limit 3: 15 px of reach at most.
        var far = Path()
        far.move(to: Point(64, 0)); far.line(to: Point(70, 30)); far.line(to: Point(64, 12))
        c.stroke(far, with: .solid(.white), style: StrokeStyle(lineWidth: 10, miterLimit: 3, dash: [0.01, 0.01]))
        #expect(c.strokeOutline.elements.isEmpty)
        for y in 0..<24 { for x in 0..<24 { #expect(s.premultipliedPixel(x: x, y: y) == 0) } }
        // Within reach (a path 2 px off the surface, its 10 px width reaching onto it) it is stroked.
        var near = Path()
        near.move(to: Point(26, 0)); near.line(to: Point(32, 12)); near.line(to: Point(26, 24))
        c.stroke(near, with: .solid(.white), style: StrokeStyle(lineWidth: 10, miterLimit: 10))
        #expect(!c.strokeOutline.elements.isEmpty)
        #expect((0..<24).contains { s.premultipliedPixel(x: 23, y: $0) != 0 })
    }

    /// Curves (and stroke round joins, which are cubics) lying past one side of the clip are
    /// rasterized as their chords and wide strokes off the clip are skipped: the pixels are those
    /// of the same drawing on a surface large enough that nothing is culled. Random shapes with
    /// curves bulging far off a 32×32 surface, drawn there and at the centre of a 1024×1024 one.
    @Test func culledCurvesAndStrokesGiveTheSamePixels() throws {
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Double {   // xorshift: uniform in 0..<1
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
            return Double(seed >> 11) / Double(1 << 53)
        }
        func coordinate() -> Double { next() < 0.6 ? next() * 40 - 4 : (next() - 0.5) * 900 }
        let small = try Surface(width: 32, height: 32), big = try Surface(width: 1024, height: 1024)
        let cs = Canvas(small), cb = Canvas(big)
        let offset = 496.0
        cb.transform = .translation(offset, offset)
        for round in 0..<60 {
            var p = Path()
            p.move(to: Point(coordinate(), coordinate()))
            for _ in 0..<4 {
                switch Int(next() * 3) {
                case 0: p.line(to: Point(coordinate(), coordinate()))
                case 1: p.quad(to: Point(coordinate(), coordinate()), control: Point(coordinate(), coordinate()))
                default: p.cubic(to: Point(coordinate(), coordinate()), control1: Point(coordinate(), coordinate()),
                                 control2: Point(coordinate(), coordinate()))
                }
            }
            p.close()
            let white = Paint.solid(Color(1, 1, 1, 0.5))
            if round % 2 == 0 {
                let rule: FillRule = round % 4 == 0 ? .nonZero : .evenOdd
                cs.fill(p, with: white, rule: rule); cb.fill(p, with: white, rule: rule)
            } else {
                let style = StrokeStyle(lineWidth: next() * 30, lineCap: .round, lineJoin: round % 3 == 0 ? .round : .miter,
                                        dash: round % 5 == 1 ? [7, 3] : [])
                cs.stroke(p, with: white, style: style); cb.stroke(p, with: white, style: style)
            }
        }
        var worst = 0
        for y in 0..<32 { for x in 0..<32 {
            let a = small.premultipliedPixel(x: x, y: y), b = big.premultipliedPixel(x: x + 496, y: y + 496)
            for shift in stride(from: 0, to: 32, by: 8) {
                worst = max(worst, abs(Int((a >> UInt32(shift)) & 255) - Int((b >> UInt32(shift)) & 255)))
            }
        } }
        #expect(worst <= 1, "largest channel difference \(worst)")
    }
}
