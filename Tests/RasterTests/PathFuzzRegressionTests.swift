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
}
