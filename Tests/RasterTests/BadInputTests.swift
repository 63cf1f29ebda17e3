// Bad input never crashes, hangs or writes out of bounds. Documented results:
// - a path's sub-path with a NaN/±inf point, or one beyond ±1e15 after transformation, is
//   dropped whole (flattening has no precision left there); rectangles with finite edges, however
//   far, are clipped exactly, and ones with a non-finite edge are empty;
// - an empty path, a zero-area rectangle, or opacity ≤ 0 / NaN draws nothing;
// - a singular transform (determinant 0) collapses shapes to zero area: nothing is drawn;
// - zero-sized surfaces accept every draw and do nothing; negative sizes throw SurfaceError.
import Testing
import Raster

@Suite struct BadInputTests {
    @Test func nonFiniteAndHugeCoordinatesDrawNothingForThatSubpath() throws {
        let s = try Surface(width: 32, height: 32)
        let c = Canvas(s)
        for bad in [Double.nan, .infinity, -.infinity, 1e30, -1e30] {
            var p = Path()
            p.move(to: Point(1, 1)); p.line(to: Point(bad, 5)); p.line(to: Point(5, 20)); p.close()
            c.fill(p, with: .solid(.white))
            c.fill(Rect(bad, 0, 10, 10), with: .solid(.white))
            if bad != 1e30 { c.fill(Rect(0, 0, bad, 10), with: .solid(.white)) }
        }
        #expect(s.samePixels(as: try Surface(width: 32, height: 32)))
        // A finite rectangle is clipped exactly, however wide: width 1e30 fills the visible rows.
        c.fill(Rect(0, 0, 1e30, 10), with: .solid(.white))
        #expect(s.pixel(x: 31, y: 9).a == 255 && s.pixel(x: 31, y: 10).a == 0)
        s.clear()
        // A good sub-path next to a bad one still draws.
        var p = Path(); p.addRect(Rect(2, 2, 4, 4)); p.move(to: Point(.nan, 0)); p.line(to: Point(3, 3))
        c.fill(p, with: .solid(.white))
        #expect(s.pixel(x: 3, y: 3).a == 255)
    }

    @Test func hugeButFinitePathsAreClippedNotHung() throws {
        let s = try Surface(width: 40, height: 40)
        let c = Canvas(s)
        c.fill(.ellipse(in: Rect(-1e9, -1e9, 2e9, 2e9)), with: .solid(.white))
        #expect(s.pixel(x: 20, y: 20).a == 255)
        c.fill(.circle(center: Point(20, 20), radius: 1e-9), with: .solid(.red))
    }

    @Test func emptyAndDegenerateInput() throws {
        let s = try Surface(width: 16, height: 16)
        let c = Canvas(s)
        c.fill(Path(), with: .solid(.white))
        c.fill(Rect(3, 3, 0, 10), with: .solid(.white))
        c.fill(Rect(3, 3, -5, 10), with: .solid(.white))   // negative sizes are standardized
        #expect(s.pixel(x: 0, y: 5).a == 255)
        c.opacity = .nan
        c.fill(Rect(0, 0, 16, 16), with: .solid(.red))
        #expect(s.pixel(x: 10, y: 10).a == 0)
    }

    @Test func singularTransformsDrawNothing() throws {
        let s = try Surface(width: 16, height: 16)
        let c = Canvas(s)
        c.transform = Affine(a: 0, b: 0, c: 0, d: 0, tx: 5, ty: 5)
        c.fill(.circle(center: Point(8, 8), radius: 6), with: .solid(.white))
        c.fill(Rect(0, 0, 10, 10), with: .solid(.white))
        c.transform = Affine(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0)
        c.fill(.circle(center: Point(8, 8), radius: 6), with: .solid(.white))
        #expect(s.samePixels(as: try Surface(width: 16, height: 16)))
        #expect(c.transform.inverted() == nil)
    }

    @Test func tinySurfaces() throws {
        for (w, h) in [(0, 0), (1, 1), (0, 10), (10, 0)] {
            let s = try Surface(width: w, height: h)
            let c = Canvas(s)
            c.fill(.circle(center: Point(0.5, 0.5), radius: 3), with: .solid(.white))
            c.fill(Rect(-1, -1, 5, 5), with: .solid(.white))
            var m: [UInt8] = [255, 255, 255, 255]
            c.fillMask(&m, width: 2, height: 2, stride: 2, x: 0, y: 0, with: .solid(.white))
            if w == 1 { #expect(s.pixel(x: 0, y: 0).a == 255) }
        }
        #expect(throws: SurfaceError.self) { try Surface(width: -1, height: 4) }
        #expect(throws: SurfaceError.self) { try Surface(width: 40000, height: 4) }
    }
}
