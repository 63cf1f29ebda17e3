// The analytic ring-segment fill (SectorRasterizer) against the exact-area cell sweep of the
// same path's cubics: random ring segments and pies under similarities (translation, rotation,
// uniform scale, mirror), tiny sweeps, near a half turn, full turns. Edge pixels may differ by
// a few levels (straight-edge coverage of a circle's edge, the sum rule at the rays); interiors,
// holes and everything away from the edges are equal, and nothing is drawn outside the
// path's covering box. Under any clip every pixel is what the unclipped fill gives.
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Raster

@Suite struct SectorRasterizerTests {
    static let size = 128

    struct Case { var path: Path; var t: Affine }

    /// A ring segment (or a pie when `ratio` is 0) as `addArc` builds it, and a transform.
    static func randomCase(_ rng: inout XorShift, _ n: Int) -> Case {
        var p = Path()
        // Every fourth: a centre on the pixel grid or a half pixel off it and a start at a
        // quarter turn (0 gives a horizontal ray exactly: LVGL's arcs start at 3 o'clock).
        let grid = n % 4 == 0
        let c = grid ? Point(Double(rng.int(20)) + 0.5 * Double(rng.int(2)), Double(rng.int(20)) + 0.5 * Double(rng.int(2)))
                     : Point(rng.range(-20, 20), rng.range(-20, 20))
        let r = [rng.range(2, 8), rng.range(8, 40), rng.range(40, 60)][n % 3]
        let ratio = n % 7 == 0 ? rng.range(0.02, 0.3) : rng.range(0.3, 0.95)
        let start = grid ? Double(n / 4 % 4) * Double.pi / 2 : rng.range(-7, 7)
        let sweeps = [rng.range(0.005, 0.05), rng.range(0.05, 3), Double.pi + rng.range(-0.03, 0.03),
                      rng.range(3.2, 6.2), 2 * Double.pi - rng.range(0.001, 0.03), 2 * Double.pi]
        let sweep = sweeps[n % sweeps.count] * (n % 2 == 0 ? 1 : -1)
        let cw = sweep >= 0
        p.addArc(center: c, radius: r, startAngle: start, endAngle: start + sweep, clockwise: cw)
        p.addArc(center: c, radius: r * ratio, startAngle: start + sweep, endAngle: start, clockwise: !cw)
        p.close()
        let k = [1.0, rng.range(0.5, 1.5)][n % 2]
        var t = Affine.identity
        switch grid ? 0 : n % 5 {
        case 0: t = grid ? .translation(64, 64) : .translation(64 + rng.range(-0.5, 0.5), 64 + rng.range(-0.5, 0.5))
        case 1: t = Affine.rotation(rng.range(-3, 3)).concatenating(.translation(64.3, 63.7))
        case 2: t = Affine.scale(k, k).concatenating(.translation(64, 64))
        case 3: t = Affine.scale(-k, k).concatenating(.translation(64.25, 64))      // mirrored
        default: t = Affine.scale(k, -k).concatenating(.rotation(0.7)).concatenating(.translation(63.5, 64.5))
        }
        return Case(path: p, t: t)
    }

    /// The same elements without the ring-segment hint.
    static func plain(_ p: Path) -> Path { PathDifferenceTests.path(p.elements) }

    static func exact(_ p: Path, _ t: Affine, clip: IntRect) -> (CoverageGrid, IntRect)? {
        let s = RasterScratch()
        guard let b = Rasterizer.buildSegments(p, transform: t, tolerance: 0.02, clip: clip, scratch: s) else { return nil }
        var g = CoverageGrid(size, size)
        Rasterizer.sweep(scratch: s, bounds: b, clip: clip, rule: .nonZero, sink: &g)
        return (g, IntRect(covering: Rect(corners: Point(b.0, b.1), Point(b.2, b.3))))
    }

    static func analytic(_ s: DeviceSector, clip: IntRect) -> CoverageGrid {
        var g = CoverageGrid(size, size)
        let cov = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { cov.deallocate() }
        SectorRasterizer.fill(s, clip: clip, cov: cov, sink: &g)
        return g
    }

    @Test func ringSegmentsBuiltByAddArcAreRecognized() throws {
        var p = Path()
        p.addArc(center: Point(50, 50), radius: 50, startAngle: 0, endAngle: 2, clockwise: true)
        #expect(p.sector?.stage == 1)
        p.addArc(center: Point(50, 50), radius: 40, startAngle: 2, endAngle: 0, clockwise: false)
        #expect(p.sector?.stage == 2)
        p.close()
        let h = try #require(p.sector)
        #expect(h.stage == 3 && h.outer == 50 && h.inner == 40 && h.start == 0 && h.sweep == 2)
        // A translation keeps it bit for bit; a rotation turns it; a skew or a later element
        // clears it; an arc about another centre never makes one.
        #expect(p.applying(.translation(3, 4)).sector?.center == Point(53, 54))
        #expect(p.applying(.translation(3, 4)).sector?.start == 0)
        var moved = p; moved.transform(by: .translation(3, 4))
        #expect(moved == p.applying(.translation(3, 4)))
        #expect(p.applying(Affine(a: 1, b: 0, c: 0.3, d: 1, tx: 0, ty: 0)).sector == nil)
        #expect(p.applying(Affine.scale(2, 1)).sector == nil)
        var longer = p; longer.line(to: Point(0, 0))
        #expect(longer.sector == nil)
        var other = Path()
        other.addArc(center: Point(50, 50), radius: 50, startAngle: 0, endAngle: 2, clockwise: true)
        other.addArc(center: Point(51, 50), radius: 40, startAngle: 2, endAngle: 0, clockwise: false)
        other.close()
        #expect(other.sector == nil)
        // Equal elements, one drawn analytically: not the same path to the display list.
        #expect(Self.plain(p).elements == p.elements)
        #expect(Self.plain(p) != p)
        // The damage of a moved end: the changed cubics' box; a hint on one side only: unknown.
        var q = Path()
        q.addArc(center: Point(50, 50), radius: 50, startAngle: 0, endAngle: 2.1, clockwise: true)
        q.addArc(center: Point(50, 50), radius: 40, startAngle: 2.1, endAngle: 0, clockwise: false)
        q.close()
        guard case .within(let box) = PathDifference.between(p, q) else { Issue.record("expected a box"); return }
        #expect(box.minX > 0 && box.maxY <= 100.01 && box.minY > 50)
        #expect(PathDifference.between(p, Self.plain(q)) == .unknown)
    }

    @Test func matchesTheExactAreaFillWithinAFewLevelsOnEdges() throws {
        var rng = XorShift(seed: 0x5EC7)
        let full = IntRect(x0: 0, y0: 0, x1: Self.size, y1: Self.size)
        var worst = 0, checked = 0
        for n in 0..<600 {
            let c = Self.randomCase(&rng, n)
            let hint = try #require(c.path.sector)
            // Holes under a pixel are left to the cell sweep.
            guard let s = DeviceSector(hint, transform: c.t) else { #expect(hint.inner * c.t.maxScale < 1.01); continue }
            guard let (e, _) = Self.exact(Self.plain(c.path), c.t, clip: full) else { continue }
            // The item's bounds as the engine takes them: the cubics' (on or outside the circles).
            let box = IntRect(covering: c.path.applying(c.t).bounds)
            let a = Self.analytic(s, clip: full)
            #expect(a.outside == 0)
            var sumA = 0, sumE = 0, maxD = 0
            for y in 0..<Self.size {
                for x in 0..<Self.size {
                    let va = Int(a.cells[y * Self.size + x]), ve = Int(e.cells[y * Self.size + x])
                    sumA += va; sumE += ve
                    maxD = max(maxD, abs(va - ve))
                    if va != 0 && !box.contains(x: x, y: y) {
                        Issue.record("case \(n): pixel (\(x), \(y)) = \(va) outside the path's box \(box)")
                    }
                }
            }
            // Interiors and the area agree; an edge pixel within 28 levels (23 seen) (a fifth of a level
            // of area per pixel on average: a sliver of a degree is where it is most).
            if maxD > 28 { Issue.record("case \(n): a pixel differs by \(maxD) (sector \(s))") }
            let area = Double(sumE) / 255
            if abs(Double(sumA - sumE)) / 255 > max(1.5, area * 0.01) {
                Issue.record("case \(n): area \(Double(sumA) / 255) vs exact \(area) (sector \(s))")
            }
            worst = max(worst, maxD); checked += 1
        }
        #expect(checked > 500)
        print("sector vs exact: worst edge difference \(worst) levels over \(checked) sectors")
    }

    @Test func everyPixelIsTheFormulasUnderEveryClip() throws {
        var rng = XorShift(seed: 0xC11B)
        let full = IntRect(x0: 0, y0: 0, x1: Self.size, y1: Self.size)
        for n in 0..<300 {
            let c = Self.randomCase(&rng, n)
            guard var s = DeviceSector(try #require(c.path.sector), transform: c.t) else { continue }
            s.roundEnds = n % 3 == 0      // a round-capped stroke's discs at the ends too
            let whole = Self.analytic(s, clip: full)
            // Runs only where the formula is constant: every pixel is the formula's value.
            let f = SectorCoverage(s), box = s.box
            for y in 0..<Self.size {
                let dy = Double(y) + 0.5 - f.cy
                for x in 0..<Self.size {
                    let want = box.contains(x: x, y: y) ? f.at(Double(x) + 0.5 - f.cx, dy, dy * dy) : 0
                    if whole.cells[y * Self.size + x] != want {
                        Issue.record("case \(n): (\(x), \(y)) is \(whole.cells[y * Self.size + x]), the formula gives \(want)")
                        return
                    }
                }
            }
            for _ in 0..<4 {
                let x0 = rng.int(Self.size - 1), y0 = rng.int(Self.size - 1)
                let clip = IntRect(x0: x0, y0: y0, x1: x0 + 1 + rng.int(Self.size - x0), y1: y0 + 1 + rng.int(Self.size - y0))
                let part = Self.analytic(s, clip: clip)
                for y in 0..<Self.size {
                    for x in 0..<Self.size {
                        let want: UInt8 = clip.contains(x: x, y: y) ? whole.cells[y * Self.size + x] : 0
                        if part.cells[y * Self.size + x] != want {
                            Issue.record("case \(n): (\(x), \(y)) under \(clip) is \(part.cells[y * Self.size + x]), unclipped \(want)")
                            return
                        }
                    }
                }
            }
        }
    }

    /// `path` stroked with `style` under `t` on a fresh 128×128 surface.
    static func stroked(_ path: Path, _ style: StrokeStyle, _ t: Affine) throws -> Surface {
        let s = try Surface(width: size, height: size)
        let c = Canvas(s)
        c.transform = t
        c.stroke(path, with: .solid(.black), style: style)
        return s
    }

    static func worstDifference(_ a: Surface, _ b: Surface) -> Int {
        var worst = 0
        for y in 0..<size {
            for x in 0..<size {
                let p = a.row(y)[x] >> 24, q = b.row(y)[x] >> 24
                worst = max(worst, abs(Int(p) - Int(q)))
            }
        }
        return worst
    }

    @Test func anArcStrokedWithFlatOrRoundEndsIsItsRingSegment() throws {
        var rng = XorShift(seed: 0xA2C5)
        var analytic = 0, worstRound = 0
        for n in 0..<120 {
            var p = Path()
            let r = rng.range(6, 50), a0 = rng.range(-4, 4), sweep = rng.range(-6.3, 6.3)
            p.addArc(center: Point(rng.range(-3, 3), rng.range(-3, 3)), radius: r, startAngle: a0, endAngle: a0 + sweep, clockwise: sweep >= 0)
            #expect(p.sector?.stage == 1)
            let w = rng.range(1, 2 * r * 0.9)
            let t = n % 3 == 0 ? Affine.rotation(rng.range(-3, 3)).concatenating(.translation(64.2, 63.9)) : .translation(64 + rng.range(-1, 1), 64)
            let style = StrokeStyle(lineWidth: w)
            guard DeviceSector(stroking: try #require(p.sector), width: w, cap: .butt, transform: t) != nil else { continue }
            analytic += 1
            // Against the exact-area fill of the ring segment it is (radii r ± w/2, radial
            // ends): edges within a few levels. (Not against the stroker's outline: it strokes
            // the flattened arc, so its flat ends are square to the first and last chords, a
            // pixel off the radius at the outer corner for a wide stroke.)
            var ring = Path()
            let c = p.sector!.center, e = a0 + sweep
            ring.addArc(center: c, radius: r + w / 2, startAngle: a0, endAngle: e, clockwise: sweep >= 0)
            ring.addArc(center: c, radius: r - w / 2, startAngle: e, endAngle: a0, clockwise: sweep < 0)
            ring.close()
            let exact = try Surface(width: Self.size, height: Self.size)
            let ec = Canvas(exact)
            ec.transform = t
            ec.flatness = 0.02
            ec.fill(Self.plain(ring), with: .solid(.black))
            let d = Self.worstDifference(try Self.stroked(p, style, t), exact)
            if d > 28 { Issue.record("arc \(n) (r \(r), sweep \(sweep), width \(w)): a pixel differs by \(d)") }
            // Round caps: a disc across the ring at each end, against the ring segment and the two
            // discs sampled 8 × 8 per pixel (every fourth arc). (Not against the cell sweep of
            // the three as one path: it adds the coverages of subpaths overlapping in a pixel, 0.16
            // + 0.26 where the union is 0.33; nor the stroker: it puts its semicircles on the
            // flattened arc's chords.)
            let round = StrokeStyle(lineWidth: w, lineCap: .round)
            var dr = 0
            if n % 4 == 0 {
                let drawn = try Self.stroked(p, round, t)
                let ds = try #require(DeviceSector(stroking: p.sector!, width: w, cap: .round, transform: t))
                let (ax, ay, bx, by, rc) = ds.ends
                func inside(_ x: Double, _ y: Double) -> Bool {
                    let dx = x - ds.cx, dy = y - ds.cy, d = (dx * dx + dy * dy).squareRoot()
                    var ang = (atan2(dy, dx) - ds.start).truncatingRemainder(dividingBy: 2 * Double.pi)
                    if ang < 0 { ang += 2 * Double.pi }
                    if d >= ds.inner && d <= ds.outer && ang <= ds.sweep { return true }
                    return (dx - ax) * (dx - ax) + (dy - ay) * (dy - ay) <= rc * rc || (dx - bx) * (dx - bx) + (dy - by) * (dy - by) <= rc * rc
                }
                let box = ds.box.intersection(IntRect(x0: 0, y0: 0, x1: Self.size, y1: Self.size))
                for y in box.y0..<box.y1 {
                    for x in box.x0..<box.x1 {
                        var hits = 0
                        for j in 0..<8 { for i in 0..<8 where inside(Double(x) + (Double(i) + 0.5) / 8, Double(y) + (Double(j) + 0.5) / 8) { hits += 1 } }
                        dr = max(dr, abs(Int(drawn.row(y)[x] >> 24) - (hits * 255 + 32) / 64))
                    }
                }
            }
            if dr > 44 { Issue.record("arc \(n) (r \(r), sweep \(sweep), width \(w)), round ends: a pixel differs by \(dr)") }
            worstRound = max(worstRound, dr)
            // Square caps, dashes: the stroker's outline, exactly as without the hint.
            for other in [StrokeStyle(lineWidth: w, lineCap: .square), StrokeStyle(lineWidth: w, dash: [5, 3])] {
                #expect(Self.worstDifference(try Self.stroked(p, other, t), try Self.stroked(Self.plain(p), other, t)) == 0)
            }
        }
        #expect(analytic > 100)
        print("stroked arcs: round ends within \(worstRound) levels of 8 × 8 samples")
    }

    @Test func badNumbersDrawNothingAndDoNotTrap() throws {
        // NaN centre, infinite radius, NaN angle, a centre far off, a radius past the device
        // limit: nothing (the last falls to the general sweep, which culls it), no trap.
        for (c, r, a) in [(Point(.nan, 0), 10.0, 1.0), (Point(0, 0), .infinity, 1.0), (Point(0, 0), 10, .nan),
                          (Point(1e300, 0), 10, 1), (Point(-1e8, 0), 1e8 - 100, 0.001)] {
            var p = Path()
            p.addArc(center: c, radius: r, startAngle: 0, endAngle: a, clockwise: true)
            p.addArc(center: c, radius: r / 2, startAngle: a, endAngle: 0, clockwise: false)
            p.close()
            let surface = try Surface(width: 32, height: 32)
            Canvas(surface).fill(p, with: .solid(.black))
            for y in 0..<32 { for x in 0..<32 { #expect(surface.row(y)[x] == 0) } }
        }
    }
}
