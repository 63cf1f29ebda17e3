import Testing
@testable import Raster
import TestSupport

/// An outline flattened once, for winding-number queries (the nonzero rule's view of it).
private struct Outline {
    var segs: [(Point, Point)] = []
    init(_ p: Path, tolerance: Double = 0.002) {
        p.forEachFlattened(tolerance: tolerance) { a, b in segs.append((a, b)) }
    }
    func winding(_ q: Point) -> Int {
        var w = 0
        for (a, b) in segs {
            if a.y <= q.y {
                if b.y > q.y && (b.x - a.x) * (q.y - a.y) - (q.x - a.x) * (b.y - a.y) > 0 { w += 1 }
            } else if b.y <= q.y && (b.x - a.x) * (q.y - a.y) - (q.x - a.x) * (b.y - a.y) < 0 {
                w -= 1
            }
        }
        return w
    }
    func inside(_ q: Point) -> Bool { winding(q) != 0 }
    /// Signed area (shoelace); equals ± the covered area when contours do not overlap.
    var signedArea: Double { segs.reduce(0) { $0 + ($1.0.x * $1.1.y - $1.1.x * $1.0.y) } / 2 }
    var allFinite: Bool { segs.allSatisfy { $0.0.isFinite && $0.1.isFinite } }
}

private func distanceToSegment(_ q: Point, _ a: Point, _ b: Point) -> (dist: Double, t: Double) {
    let dx = b.x - a.x, dy = b.y - a.y
    let l2 = dx * dx + dy * dy
    var t = l2 > 0 ? ((q.x - a.x) * dx + (q.y - a.y) * dy) / l2 : 0
    t = Swift.max(0, Swift.min(1, t))
    return ((q - (a + Point(dx, dy) * t)).length, t)
}

private func polyline(_ pts: [Point], closed: Bool = false) -> Path {
    Path { p in
        p.move(to: pts[0])
        for q in pts.dropFirst() { p.line(to: q) }
        if closed { p.close() }
    }
}

private func randomPolyline(_ rng: inout SplitMix64, count: Int) -> [Point] {
    (0..<count).map { _ in Point(.random(in: 0...100, using: &rng), .random(in: 0...100, using: &rng)) }
}

@Suite struct StrokeTests {
    @Test func styleDefaultsMatchSwiftUI() {
        let s = StrokeStyle()
        #expect(s.lineWidth == 1 && s.lineCap == .butt && s.lineJoin == .miter)
        #expect(s.miterLimit == 10 && s.dash.isEmpty && s.dashPhase == 0)
    }

    @Test(arguments: [0.0, -1, .nan, .infinity, -.infinity])
    func degenerateWidthStrokesNothing(width: Double) {
        let p = polyline([Point(0, 0), Point(10, 0)])
        #expect(strokedPath(p, style: StrokeStyle(lineWidth: width, lineCap: .round)).isEmpty)
    }

    @Test func emptyAndLoneMovePathsStrokeNothing() {
        #expect(Path().stroked(StrokeStyle(lineWidth: 4, lineCap: .round)).isEmpty)
        #expect(Path { $0.move(to: Point(5, 5)) }.stroked(StrokeStyle(lineWidth: 4, lineCap: .round)).isEmpty)
    }

    /// Round joins and caps make the stroke exactly the set of points within w/2 of the path.
    @Test(arguments: 0..<12)
    func roundStrokeIsTheDistanceBand(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) + 100)
        let pts = randomPolyline(&rng, count: Int.random(in: 2...7, using: &rng))
        let w = Double.random(in: 0.3...25, using: &rng)
        let closed = seed % 3 == 0 && pts.count > 2
        let o = Outline(strokedPath(polyline(pts, closed: closed), style: StrokeStyle(lineWidth: w, lineCap: .round, lineJoin: .round)))
        #expect(o.allFinite)
        let segs = closed ? Array(zip(pts, pts.dropFirst() + [pts[0]])) : Array(zip(pts, pts.dropFirst()))
        var signs = Set<Bool>()
        let margin = 0.01 + w * 1e-3
        for _ in 0..<400 {
            let q = Point(.random(in: -15...115, using: &rng), .random(in: -15...115, using: &rng))
            let d = segs.map { distanceToSegment(q, $0.0, $0.1).dist }.min()!
            let wn = o.winding(q)
            if wn != 0 { signs.insert(wn > 0) }
            if d < w / 2 - margin { #expect(wn != 0, "inside point \(q) at distance \(d), w \(w), seed \(seed)") }
            if d > w / 2 + margin { #expect(wn == 0, "outside point \(q) at distance \(d), w \(w), seed \(seed)") }
        }
        // Every piece has the same orientation, so overlaps add and never cancel.
        #expect(signs.count <= 1)
    }

    /// Butt caps and bevel joins: every point beside a segment's interior within w/2 is inside,
    /// nothing farther than w/2 from the path is. Miter joins: nothing beyond limit·w/2.
    @Test(arguments: 0..<12)
    func bevelAndMiterStrokesStayInTheirBands(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) + 500)
        let pts = randomPolyline(&rng, count: Int.random(in: 2...7, using: &rng))
        let w = Double.random(in: 0.5...20, using: &rng)
        let join: LineJoin = seed % 2 == 0 ? .bevel : .miter
        let limit = Double.random(in: 1...6, using: &rng)
        let o = Outline(strokedPath(polyline(pts), style: StrokeStyle(lineWidth: w, lineJoin: join, miterLimit: limit)))
        let segs = Array(zip(pts, pts.dropFirst()))
        let outer = (join == .bevel ? 1 : limit) * w / 2 + 0.01
        for _ in 0..<400 {
            let q = Point(.random(in: -15...115, using: &rng), .random(in: -15...115, using: &rng))
            let ds = segs.map { distanceToSegment(q, $0.0, $0.1) }
            let d = ds.map(\.dist).min()!
            let besideInterior = ds.contains { $0.dist < w / 2 - 0.01 && $0.t > 1e-6 && $0.t < 1 - 1e-6 }
            if besideInterior { #expect(o.inside(q), "point \(q) beside a segment, seed \(seed)") }
            if d > outer { #expect(!o.inside(q), "point \(q) at \(d) > \(outer), seed \(seed)") }
        }
    }

    @Test func capsShapeTheEnds() {
        let line = polyline([Point(10, 10), Point(50, 10)])
        let butt = Outline(line.stroked(StrokeStyle(lineWidth: 10, lineCap: .butt)))
        #expect(butt.inside(Point(10.1, 14.9)) && !butt.inside(Point(9.9, 10)) && !butt.inside(Point(50.1, 10)))
        #expect(!butt.inside(Point(30, 15.1)) && butt.inside(Point(30, 5.1)))
        let square = Outline(line.stroked(StrokeStyle(lineWidth: 10, lineCap: .square)))
        #expect(square.inside(Point(5.1, 14.9)) && square.inside(Point(54.9, 5.1)))
        #expect(!square.inside(Point(4.9, 10)) && !square.inside(Point(55.1, 10)))
        let round = Outline(line.stroked(StrokeStyle(lineWidth: 10, lineCap: .round)))
        #expect(round.inside(Point(5.1, 10)) && round.inside(Point(54.9, 10)))
        #expect(!round.inside(Point(6, 14)) && round.inside(Point(7, 13.5)))   // √(16+16) > 5; √(9+12.25) < 5
        #expect(!round.inside(Point(4.9, 10)))
    }

    @Test func joinsShapeTheCorners() {
        // A right-angle corner at (50, 10): in along +x, out along +y.
        let corner = polyline([Point(10, 10), Point(50, 10), Point(50, 50)])
        let style = StrokeStyle(lineWidth: 10)
        let miter = Outline(corner.stroked(style))
        #expect(miter.inside(Point(54.9, 5.1)))   // the miter tip region
        #expect(!miter.inside(Point(55.1, 10)) && !miter.inside(Point(50, 4.9)))
        var b = style; b.lineJoin = .bevel
        let bevel = Outline(corner.stroked(b))
        #expect(!bevel.inside(Point(54, 6)))       // beyond the bevel line x − y = 50 … y = 5
        #expect(bevel.inside(Point(52, 8)))
        var r = style; r.lineJoin = .round
        let round = Outline(corner.stroked(r))
        #expect(round.inside(Point(53.4, 6.6)))    // distance 4.8 from the corner
        #expect(!round.inside(Point(53.7, 6.3)))   // distance 5.2
        // Inner corner filled, and the area of the corner is not lost between segments.
        #expect(miter.inside(Point(45.5, 14.5)) && bevel.inside(Point(45.5, 14.5)))
    }

    @Test func miterLimitFallsBackToBevel() {
        // A 20° spike: miter length 1/sin(10°) ≈ 5.76 widths.
        let a = 20.0 * Double.pi / 180
        let tip = Point(50, 50)
        let spike = polyline([Point(0, 50), tip, Point(50 - 50 * _cos(a), 50 + 50 * _sin(a))])
        let long = Outline(spike.stroked(StrokeStyle(lineWidth: 4, miterLimit: 6)))
        let short = Outline(spike.stroked(StrokeStyle(lineWidth: 4, miterLimit: 5)))
        // On the outer bisector (pointing away from the spike), 5 half-widths out.
        let bis = Point(_cos(a / 2), -_sin(a / 2))
        let probe = tip + bis * 9.5
        #expect(long.inside(probe))
        #expect(!short.inside(probe))
        // The bevel line is hw·sin(10°) ≈ 0.35 beyond the tip.
        #expect(short.inside(tip + bis * 0.3) && !short.inside(tip + bis * 0.4))
        // A miter limit below 1 (or NaN) bevels everything.
        #expect(!Outline(spike.stroked(StrokeStyle(lineWidth: 4, miterLimit: .nan))).inside(probe))
    }

    @Test func closedRectGetsJoinsAndAHole() {
        let rect = Path.rect(Rect(x: 20, y: 20, width: 60, height: 40))
        let o = Outline(rect.stroked(StrokeStyle(lineWidth: 6)))
        #expect(o.inside(Point(17.1, 17.1)) && o.inside(Point(82.9, 62.9)))   // mitred corners
        #expect(!o.inside(Point(50, 40)))                                      // the hole
        #expect(o.inside(Point(50, 22.9)) && !o.inside(Point(50, 23.1)))
        let bounds = rect.stroked(StrokeStyle(lineWidth: 6)).bounds
        #expect(Swift.abs(bounds.minX - 17) < 1e-9 && Swift.abs(bounds.maxY - 63) < 1e-9)
        // The same corners left open: the start corner has butt caps, not a join.
        let open = polyline([Point(20, 20), Point(80, 20), Point(80, 60), Point(20, 60), Point(20, 20)])
        let oo = Outline(open.stroked(StrokeStyle(lineWidth: 6)))
        #expect(!oo.inside(Point(17.1, 17.1)) && oo.inside(Point(82.9, 17.1)))
    }

    @Test func strokedCircleIsARing() {
        let circle = Path.circle(center: Point(50, 50), radius: 30)
        for (w, join) in [(8.0, LineJoin.miter), (8, .round), (8, .bevel), (0.2, .miter)] {
            let o = Outline(circle.stroked(StrokeStyle(lineWidth: w, lineJoin: join), tolerance: 0.01))
            for i in 0..<72 {
                let a = Double(i) * Double.pi / 36
                let u = Point(_cos(a), _sin(a))
                #expect(o.inside(Point(50, 50) + u * (30 + w / 2 - 0.03)), "w \(w) \(join) angle \(i)")
                #expect(o.inside(Point(50, 50) + u * (30 - w / 2 + 0.03)))
                #expect(!o.inside(Point(50, 50) + u * (30 + w / 2 + 0.03)))
                #expect(!o.inside(Point(50, 50) + u * (30 - w / 2 - 0.03)))
            }
            // The ring's area (no overlap loops on a smooth curve: inner corners are trimmed).
            let area = Swift.abs(o.signedArea)
            let want = Double.pi * ((30 + w / 2) * (30 + w / 2) - (30 - w / 2) * (30 - w / 2))
            #expect(Swift.abs(area - want) / want < 0.003, "w \(w) \(join): area \(area) want \(want)")
        }
    }

    @Test func zeroLengthSubpathsDrawDots() {
        let c = Point(20, 20)
        for path in [Path { $0.move(to: c); $0.line(to: c) }, Path { $0.move(to: c); $0.close() }] {
            let round = Outline(path.stroked(StrokeStyle(lineWidth: 10, lineCap: .round)))
            #expect(round.inside(Point(24.9, 20)) && round.inside(Point(23.5, 23.5)))
            #expect(!round.inside(Point(25.1, 20)) && !round.inside(Point(23.6, 23.6)))
            let square = Outline(path.stroked(StrokeStyle(lineWidth: 10, lineCap: .square)))
            #expect(square.inside(Point(24.9, 24.9)) && !square.inside(Point(25.1, 20)))
            #expect(path.stroked(StrokeStyle(lineWidth: 10, lineCap: .butt)).isEmpty)
        }
    }

    @Test func zeroLengthSegmentsAndRepeatsAreHarmless() {
        let pts = [Point(10, 10), Point(10, 10), Point(40, 10), Point(40, 10), Point(40, 10), Point(40, 40), Point(40, 40)]
        let o = Outline(polyline(pts).stroked(StrokeStyle(lineWidth: 4, lineJoin: .round)))
        #expect(o.allFinite)
        #expect(o.inside(Point(25, 11.9)) && o.inside(Point(41.9, 25)) && !o.inside(Point(25, 12.1)))
        #expect(o.inside(Point(41.3, 8.7)))
    }

    @Test func nonFiniteSubpathsAreDroppedOthersKept() {
        var p = Path()
        p.move(to: Point(0, 0)); p.line(to: Point(.nan, 5)); p.line(to: Point(10, 10))
        p.move(to: Point(0, 50)); p.line(to: Point(100, 50))
        p.move(to: Point(0, 80)); p.cubic(to: Point(100, 80), control1: Point(.infinity, 0), control2: Point(50, 50))
        let o = Outline(p.stroked(StrokeStyle(lineWidth: 4, lineCap: .round)))
        #expect(o.allFinite)
        #expect(o.inside(Point(50, 50)))
        #expect(!o.inside(Point(5, 5)) && !o.inside(Point(0, 0)) && !o.inside(Point(100, 80)))
        // Huge coordinates: no crash, finite outline or nothing.
        let huge = polyline([Point(-1e30, 0), Point(1e30, 1), Point(0, 1e30)])
        #expect(Outline(huge.stroked(StrokeStyle(lineWidth: 3, lineJoin: .round))).allFinite)
        let beyond = polyline([Point(-1e300, 0), Point(1e300, 1)])
        #expect(Outline(beyond.stroked(StrokeStyle(lineWidth: 3))).allFinite)
    }

    @Test func hairlinesAreValidOutlines() {
        let p = Path { $0.move(to: Point(0, 0)); $0.quad(to: Point(100, 0), control: Point(50, 60)) }
        for w in [0.01, 0.25, 0.5, 0.99] {
            // Flattening must follow the curve closer than the half-width for the apex to be inside.
            let outline = p.stroked(StrokeStyle(lineWidth: w, lineJoin: .round), tolerance: 1e-4)
            let o = Outline(outline, tolerance: 1e-4)
            #expect(o.allFinite)
            #expect(o.inside(Point(50, 30)))   // the curve's apex
            #expect(!o.inside(Point(50, 30 + w / 2 + 1e-3)) && !o.inside(Point(50, 30 - w / 2 - 1e-3)))
            let b = outline.bounds
            #expect(Swift.abs(b.minX - 0) < w && Swift.abs(b.maxY - (30 + w / 2)) < 0.05)
            // Area ≈ width × arc length (≈ 120.7 for this parabola).
            #expect(Swift.abs(Swift.abs(o.signedArea) / w - 120.7) < 1.0, "w \(w): \(o.signedArea / w)")
        }
    }

    @Test func closedTwoPointPathIsJoinedBothEnds() {
        // There and back, closed: U-turn joins at both ends instead of caps.
        let p = Path { $0.move(to: Point(20, 20)); $0.line(to: Point(80, 20)); $0.close() }
        let round = Outline(p.stroked(StrokeStyle(lineWidth: 10, lineCap: .butt, lineJoin: .round)))
        #expect(round.inside(Point(84.9, 20)) && round.inside(Point(15.1, 20)) && round.inside(Point(50, 24.9)))
        #expect(!round.inside(Point(85.1, 20)) && !round.inside(Point(50, 25.1)))
        let miter = Outline(p.stroked(StrokeStyle(lineWidth: 10)))   // a U-turn has no finite miter: bevel
        #expect(miter.inside(Point(79.9, 24.9)) && !miter.inside(Point(80.1, 20)))
    }

    @Test func lineWiderThanTheCurveFillsTheDisc() {
        // Radius 3, width 10: the inner offset folds over the centre; the stroke is a disc of 8.
        let o = Outline(Path.circle(center: Point(50, 50), radius: 3).stroked(StrokeStyle(lineWidth: 10, lineJoin: .round)))
        for q in [Point(50, 50), Point(52, 51), Point(57.9, 50), Point(44.5, 44.5)] { #expect(o.inside(q), "\(q)") }
        #expect(!o.inside(Point(58.1, 50)) && !o.inside(Point(55.8, 55.8)))
    }

    @Test func badTolerancesAndPhasesFallBackToDefaults() {
        let c = Path.circle(center: Point(50, 50), radius: 20)
        let base = c.stroked(StrokeStyle(lineWidth: 2))
        for t in [Double.nan, 0, -1, .infinity, -1e-9] { #expect(c.stroked(StrokeStyle(lineWidth: 2), tolerance: t) == base) }
        let dashed = c.stroked(StrokeStyle(lineWidth: 2, dash: [5, 5]))
        for ph in [Double.nan, .infinity, -.infinity] { #expect(c.stroked(StrokeStyle(lineWidth: 2, dash: [5, 5], dashPhase: ph)) == dashed) }
        #expect(c.stroked(StrokeStyle(lineWidth: 2, dash: [5, 5], dashPhase: 10)) == dashed)   // a whole period
    }

    /// Random paths and styles, with tiny, huge and non-finite values mixed in: the stroker
    /// returns (no hang), every outline point is finite, and the canvas can fill the result.
    @Test(arguments: 0..<6)
    func randomGarbageNeverCrashes(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) * 31 + 7)
        let specials: [Double] = [.nan, .infinity, -.infinity, 1e30, -1e30, 1e-12, 0, 1e300]
        func coord() -> Double {
            Int.random(in: 0..<12, using: &rng) == 0 ? specials.randomElement(using: &rng)! : Double.random(in: -20...120, using: &rng)
        }
        func pt() -> Point { Point(coord(), coord()) }
        let canvas = Canvas(try Surface(width: 64, height: 64))
        for _ in 0..<60 {
            var p = Path()
            for _ in 0..<Int.random(in: 1...10, using: &rng) {
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: p.move(to: pt())
                case 1, 2: p.line(to: pt())
                case 3: p.quad(to: pt(), control: pt())
                case 4: p.cubic(to: pt(), control1: pt(), control2: pt())
                default: p.close()
                }
            }
            let widths: [Double] = [0.01, 0.5, 1, 3, 17, 1e-9, 1e9, .nan]
            let dashes: [[Double]] = [[], [3, 2], [0, 4], [1], [0.001, 0.001], [-1, 2], [5, 0, 0, 3]]
            let style = StrokeStyle(lineWidth: widths.randomElement(using: &rng)!,
                                    lineCap: [.butt, .round, .square].randomElement(using: &rng)!,
                                    lineJoin: [.miter, .round, .bevel].randomElement(using: &rng)!,
                                    miterLimit: [1, 4, 10, 0.5, .nan, .infinity].randomElement(using: &rng)!,
                                    dash: dashes.randomElement(using: &rng)!,
                                    dashPhase: [0, 1.5, -3, .nan, 1e20].randomElement(using: &rng)!)
            let out = p.stroked(style)
            for e in out.elements {
                switch e {
                case .move(let a), .line(let a): #expect(a.isFinite, "\(style) \(p.elements)")
                case .quad(let a, let b): #expect(a.isFinite && b.isFinite)
                case .cubic(let a, let b, let c): #expect(a.isFinite && b.isFinite && c.isFinite)
                case .close: break
                }
            }
            canvas.fill(out, with: .solid(.black))
        }
    }

    /// Under a large zoom Canvas.stroke passes a tiny tolerance; it must be honoured, not
    /// replaced by a default that would turn a circle into a diamond.
    @Test func tinyToleranceIsHonoured() {
        let r = 1e-5
        let o = Outline(Path.circle(center: .zero, radius: r).stroked(StrokeStyle(lineWidth: r / 50), tolerance: 1e-8),
                        tolerance: 1e-9)
        let diagonal = Point(r * 0.5.squareRoot(), r * 0.5.squareRoot())
        #expect(o.inside(diagonal))
        #expect(!o.inside(diagonal * 0.98) && !o.inside(diagonal * 1.02))
    }

    @Test func reusedStrokerAppendsIntoAReusedPath() {
        var s = Stroker()
        var out = Path()
        let p = Path.circle(center: Point(50, 50), radius: 20)
        s.stroke(p, style: StrokeStyle(lineWidth: 3), into: &out)
        let first = out
        out.removeAll(keepingCapacity: true)
        #expect(out.isEmpty)
        s.stroke(p, style: StrokeStyle(lineWidth: 3), into: &out)
        #expect(out == first)
        #expect(first == strokedPath(p, style: StrokeStyle(lineWidth: 3)))
    }
}

@Suite struct DashTests {
    /// Along a straight line with butt caps, the centreline is inside exactly where the
    /// pattern (shifted by the phase) is on.
    @Test(arguments: [([10.0, 5], 0.0), ([10, 5], 3), ([10, 5], -4), ([7], 2), ([2, 3, 5], 1), ([4, 0, 2, 3], 0), ([3, 2], 1e6 + 1)])
    func straightLineFollowsThePattern(dash: [Double], phase: Double) {
        let o = Outline(polyline([Point(0, 10), Point(200, 10)]).stroked(StrokeStyle(lineWidth: 4, dash: dash, dashPhase: phase)))
        let pattern = dash.count % 2 == 1 ? dash + dash : dash
        let total = pattern.reduce(0, +)
        func on(_ s: Double) -> (Bool, Double) {   // on?, distance to nearest switch
            var x = (s + phase).truncatingRemainder(dividingBy: total); if x < 0 { x += total }
            var acc = 0.0
            for (i, v) in pattern.enumerated() {
                if x < acc + v { return (i % 2 == 0, Swift.min(x - acc, acc + v - x)) }
                acc += v
            }
            return (false, 0)
        }
        var x = 0.05
        var onLength = 0.0
        while x < 200 {
            let (isOn, edge) = on(x)
            if edge > 0.02 { #expect(o.inside(Point(x, 10)) == isOn, "x \(x) dash \(dash) phase \(phase)") }
            if isOn { onLength += 0.1 }
            x += 0.1
        }
        // Dash lengths add up: the outline's area is width × dashed length.
        #expect(Swift.abs(Swift.abs(o.signedArea) / 4 - onLength) < 0.5, "area/w \(o.signedArea / 4) vs \(onLength)")
    }

    @Test(arguments: [[Double](), [0, 0], [-1, 5], [5, .nan], [.infinity, 1]])
    func invalidPatternsStrokeSolid(dash: [Double]) {
        let p = polyline([Point(0, 10), Point(100, 10)])
        #expect(p.stroked(StrokeStyle(lineWidth: 4, dash: dash)) == p.stroked(StrokeStyle(lineWidth: 4)))
    }

    @Test func zeroLengthDashesAreDots() {
        let p = polyline([Point(0, 10), Point(100, 10)])
        let o = Outline(p.stroked(StrokeStyle(lineWidth: 4, lineCap: .round, dash: [0, 10])))
        for i in 0...10 {
            let x = Double(i) * 10
            #expect(o.inside(Point(x, 10)) && o.inside(Point(x + 1.9, 10)) && o.inside(Point(x, 11.9)), "dot \(i)")
            #expect(!o.inside(Point(x + 2.1, 10)) && !o.inside(Point(x + 1.5, 11.5)))
        }
        #expect(p.stroked(StrokeStyle(lineWidth: 4, lineCap: .butt, dash: [0, 10])).isEmpty)
        // Square dots follow the path's direction.
        let diag = polyline([Point(0, 0), Point(100, 100)])
        let sq = Outline(diag.stroked(StrokeStyle(lineWidth: 4, lineCap: .square, dash: [0, 1000])))
        // Rotated 45°: its corners reach 2√2 ≈ 2.83 along the axes, its sides only 2 along the diagonal.
        #expect(sq.inside(Point(0, 2.8)) && !sq.inside(Point(0, 2.9)))
        #expect(!sq.inside(Point(1.9, 1.9)))   // an axis-aligned square would hold this
    }

    /// A dashed circle: the dashed area over the width matches the on-fraction of 2πr.
    @Test func dashedCurveLengthsAddUp() {
        let r = 40.0, w = 2.0
        let circle = Path.circle(center: Point(50, 50), radius: r)
        let dash = [9.0, 4.0]
        let o = Outline(circle.stroked(StrokeStyle(lineWidth: w, dash: dash), tolerance: 0.01))
        let perimeter = 2 * Double.pi * r
        let cycles = (perimeter / 13).rounded(.down)
        let onLength = cycles * 9 + Swift.min(9, perimeter - cycles * 13)
        #expect(Swift.abs(Swift.abs(o.signedArea) / w - onLength) / onLength < 0.005)
    }

    @Test func closedPathJoinsLastDashToFirst() {
        // Perimeter 400 with [45, 10]: on at both the start and the end (385…400, 0…45), so the
        // corner at the start gets a miter join instead of two butt caps.
        let rect = Path.rect(Rect(x: 20, y: 20, width: 100, height: 100))
        let o = Outline(rect.stroked(StrokeStyle(lineWidth: 6, dash: [45, 10])))
        #expect(o.inside(Point(17.2, 17.2)))
        // With a phase that makes the corner fall in a gap, it is not covered.
        let g = Outline(rect.stroked(StrokeStyle(lineWidth: 6, dash: [45, 10], dashPhase: 50)))
        // (There the last dash, 390…400, ends at the corner with a butt cap.)
        #expect(!g.inside(Point(17.2, 17.2)) && g.inside(Point(20, 25)))
        // A pattern longer than the perimeter that never switches off: the whole loop, joined.
        let whole = Outline(rect.stroked(StrokeStyle(lineWidth: 6, dash: [1000, 10])))
        #expect(whole.inside(Point(17.2, 17.2)) && whole.inside(Point(122.8, 122.8)))
    }

    @Test func absurdlyFinePatternsStaySolidAndFast() {
        let solid = polyline([Point(0, 0), Point(1e7, 0)]).stroked(StrokeStyle(lineWidth: 2))
        // A period inside the tolerance cannot show as dashes.
        let p = polyline([Point(0, 0), Point(1e7, 0)])
        #expect(p.stroked(StrokeStyle(lineWidth: 2, dash: [1e-4, 1e-4])) == solid)
        #expect(p.stroked(StrokeStyle(lineWidth: 2, dash: [0.04]), tolerance: 0.1) == solid)
        // Visible dashes, but 5 million of them: over the budget, solid.
        #expect(p.stroked(StrokeStyle(lineWidth: 2, dash: [1, 1])) == solid)
        // Within the budget they are cut.
        let q = polyline([Point(0, 0), Point(1000, 0)])
        #expect(q.stroked(StrokeStyle(lineWidth: 2, dash: [1, 1])).elements.count > 2000)
    }
}
