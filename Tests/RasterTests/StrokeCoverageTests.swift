import Testing
import Raster

/// Rendered strokes against a supersampled reference: with round joins and caps a stroke is
/// exactly the set of points within w/2 of the path, so each pixel's true coverage is the
/// fraction of its area within that distance (estimated with 32×32 samples).
@Suite struct StrokeCoverageTests {
    struct Stats { var worst = 0; var over3 = 0; var pixels = 0 }

    func compare(width: Int, height: Int, _ path: Path, _ style: StrokeStyle,
                 distance: (Point) -> Double) throws -> Stats {
        let s = try Surface(width: width, height: height)
        // Fine flattening on both sides (round joins and caps are cubics the canvas flattens), so
        // what is measured is the outline, not the chord error of the default 0.1 px flatness.
        let canvas = Canvas(s)
        canvas.flatness = 0.01
        canvas.fill(path.stroked(style, tolerance: 0.01), with: .solid(.black))
        let hw = style.lineWidth / 2
        var st = Stats()
        let n = 32
        for y in 0..<height {
            for x in 0..<width {
                let c = distance(Point(Double(x) + 0.5, Double(y) + 0.5))
                var want: Int
                if c < hw - 0.75 { want = 255 } else if c > hw + 0.75 { want = 0 } else {
                    var inside = 0
                    for j in 0..<n {
                        for i in 0..<n where distance(Point(Double(x) + (Double(i) + 0.5) / Double(n),
                                                            Double(y) + (Double(j) + 0.5) / Double(n))) <= hw {
                            inside += 1
                        }
                    }
                    want = (inside * 255 + n * n / 2) / (n * n)
                }
                let got = Int(s.pixel(x: x, y: y).a)
                let d = abs(got - want)
                st.worst = max(st.worst, d)
                if d > 3 { st.over3 += 1 }
                st.pixels += 1
            }
        }
        return st
    }

    @Test func ringMatchesItsDistanceBand() throws {
        let c = Point(40, 40), r = 27.3
        for w in [0.6, 1.0, 5.0, 13.0] {
            let st = try compare(width: 80, height: 80, .circle(center: c, radius: r), StrokeStyle(lineWidth: w)) {
                abs(($0 - c).length - r)
            }
            // 32×32 samples estimate the area to about ±1/64 where an edge crosses a pixel.
            #expect(st.worst <= 6, "w \(w): worst \(st.worst)")
            #expect(st.over3 * 200 <= st.pixels, "w \(w): \(st.over3) pixels off by > 3")
        }
    }

    func polylineStats(_ pts: [Point], width: Double) throws -> Stats {
        let path = Path { p in p.move(to: pts[0]); for q in pts.dropFirst() { p.line(to: q) } }
        let segs = Array(zip(pts, pts.dropFirst()))
        func dist(_ q: Point) -> Double {
            segs.map { a, b in
                let d = b - a, l2 = d.x * d.x + d.y * d.y
                let t = Swift.max(0, Swift.min(1, ((q.x - a.x) * d.x + (q.y - a.y) * d.y) / l2))
                return (q - (a + d * t)).length
            }.min()!
        }
        return try compare(width: 80, height: 72, path, StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round), distance: dist)
    }

    /// Sharp and gentle corners without crossings: the outline never overlaps itself near an
    /// edge (inner corners go through the offsets' intersection), so coverage is exact.
    @Test func roundPolylineMatchesItsDistanceBand() throws {
        let st = try polylineStats([Point(8, 60), Point(30, 12), Point(52, 58), Point(72, 20), Point(76, 60)], width: 7)
        #expect(st.worst <= 6, "worst \(st.worst)")
        #expect(st.over3 * 200 <= st.pixels, "\(st.over3) pixels off by > 3")
    }

    /// Where a path crosses itself, exact-area coverage adds the two overlapping pieces in the
    /// few pixels where both their edges pass (the corners of the crossing), as FreeType's and
    /// every other area-accumulating rasterizer does; the excess is bounded and local.
    @Test func selfCrossingExcessIsLocal() throws {
        let st = try polylineStats([Point(8, 60), Point(30, 12), Point(52, 58), Point(72, 20), Point(20, 35)], width: 7)
        #expect(st.worst <= 64, "worst \(st.worst)")
        #expect(st.over3 <= 12, "\(st.over3) pixels off by > 3")
    }

    /// The outline is one nonzero fill, so a translucent stroke that crosses itself, doubles
    /// back, or overlaps its own dashes' caps blends once: the crossing is no darker than an arm.
    @Test func translucentSelfOverlapBlendsOnce() throws {
        let s = try Surface(width: 60, height: 60)
        let c = Canvas(s)
        let x = Path { p in
            p.move(to: Point(10, 10)); p.line(to: Point(50, 50))
            p.move(to: Point(50, 10)); p.line(to: Point(10, 50))
            p.move(to: Point(5, 30)); p.line(to: Point(55, 30)); p.line(to: Point(20, 30.5))   // doubles back
        }
        c.stroke(x, with: .solid(Color(0, 0, 1, 0.5)), style: StrokeStyle(lineWidth: 6, lineCap: .round, lineJoin: .round, dash: [9, 1]))
        let arm = s.pixel(x: 15, y: 15), centre = s.pixel(x: 30, y: 30), back = s.pixel(x: 40, y: 30)
        #expect(arm.a == 128 && centre == arm && back == arm, "arm \(arm) centre \(centre) doubled-back \(back)")
    }
}
