// PathDifference: the box of the segments two outlines do not share. The property that makes
// it a damage rectangle: a path drawn in place of the other changes no pixel outside that box
// (grown by one pixel). Checked on rings whose end moves (LVGL's arcs), on random outlines
// with random edits, under transforms, and for both fill rules.
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Raster

@Suite struct PathDifferenceTests {
    /// An `lv_arc` indicator: a ring segment from 0° through `degrees` (outer radius `r`, 10 thick).
    static func ring(_ degrees: Double, center: Point = Point(60, 60), r: Double = 50) -> Path {
        var p = Path()
        let a = degrees * Double.pi / 180
        p.addArc(center: center, radius: r, startAngle: 0, endAngle: a, clockwise: true)
        p.addArc(center: center, radius: r - 10, startAngle: a, endAngle: 0, clockwise: false)
        p.close()
        return p
    }

    @Test func aRingWhoseEndMovesDiffersOnlyNearTheEnd() {
        #expect(PathDifference.between(Self.ring(200), Self.ring(200)) == .same)
        guard case .within(let r) = PathDifference.between(Self.ring(200), Self.ring(203.6)) else {
            Issue.record("expected a box"); return
        }
        // The cubics from the grid angle below 200° (180°) on, and the end lines: a corner of the ring.
        #expect(r.width < 25 && r.height < 25, "\(r)")
        #expect(r.minX < 20 && r.minY > 30 && r.maxY < 66, "\(r)")
        // Longer arcs are cut at the multiples of π/8 (the grid cubics are shared), a quarter
        // turn or less is one cubic as before.
        var quarter = Path()
        quarter.addArc(center: .zero, radius: 10, startAngle: 0.1, endAngle: 0.1 + Double.pi / 2)
        #expect(quarter.elements.count == 2)
        #expect(Self.ring(200).elements.count == 1 + 9 + 1 + 9 + 1)
        // Inline shapes and non-finite points are not diffed.
        #expect(PathDifference.between(.ellipse(in: Rect(0, 0, 10, 10)), .ellipse(in: Rect(0, 0, 11, 10))) == .unknown)
        var bad = Self.ring(90)
        bad.line(to: Point(.nan, 3))
        #expect(PathDifference.between(Self.ring(90), bad) == .unknown)
    }

    /// The grid pieces' ends come from `ArcGridTable`; they must be the libm values of the grid
    /// angle bit for bit (goldens and the diff of consecutive frames rest on it), in both
    /// directions, for angles past a turn and negative ones, and past the table.
    @Test func arcGridPointsAreTheLibmValuesBitForBit() {
        let g = Double.pi / 8, c = Point(3.25, -7.5), r = 41.5
        for (start, end, clockwise) in [(0.0, 5.0, true), (5.0, 0.0, false), (-9.0, -3.0, true), (20.0, 14.0, false),
                                        (60.0, 62.0, true), (-70.0, -68.0, true), (1.0, 7.0, true)] {
            var p = Path()
            p.addArc(center: c, radius: r, startAngle: start, endAngle: end, clockwise: clockwise)
            let ends = p.elements.compactMap { e -> Point? in if case .cubic(_, _, let q) = e { return q }; return nil }
            // The grid angles strictly inside the sweep, in the sweep's order.
            var grid: [Double] = []
            if end > start {
                var i = (start / g).rounded(.down) + 1
                while i * g < end - 1e-9 { if i * g > start + 1e-9 { grid.append(i) }; i += 1 }
            } else {
                var i = (start / g).rounded(.up) - 1
                while i * g > end + 1e-9 { if i * g < start - 1e-9 { grid.append(i) }; i -= 1 }
            }
            #expect(ends.count == grid.count + 1)
            for (q, i) in zip(ends, grid) {
                #expect(q.x.bitPattern == (c.x + r * cos(i * g)).bitPattern && q.y.bitPattern == (c.y + r * sin(i * g)).bitPattern,
                        "\(start)→\(end) at grid \(i): \(q)")
            }
            #expect(grid.count >= 3)
        }
    }

    /// Renders `path` on white in a fresh surface.
    static func draw(_ path: Path, _ t: Affine, _ rule: FillRule, size: Int) -> Surface {
        let s = try! Surface(width: size, height: size)
        let c = Canvas(s)
        c.clear(.white)
        c.transform = t
        c.fill(path, with: .solid(Color(r: 0.1, g: 0.2, b: 0.7, a: 0.9)), rule: rule)
        return s
    }

    /// How many pixels differ between two surfaces inside `box` and outside it.
    static func differences(_ a: Surface, _ b: Surface, outside box: IntRect) -> (inside: Int, outside: Int) {
        var inside = 0, outside = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.premultipliedPixel(x: x, y: y) != b.premultipliedPixel(x: x, y: y) {
                if box.contains(x: x, y: y) { inside += 1 } else { outside += 1 }
            }
        }
        return (inside, outside)
    }

    static func deviceBox(_ r: Rect, _ t: Affine) -> IntRect {
        let q = [t.apply(Point(r.minX, r.minY)), t.apply(Point(r.maxX, r.minY)),
                 t.apply(Point(r.minX, r.maxY)), t.apply(Point(r.maxX, r.maxY))]
        let x0 = q.map(\.x).min()!, x1 = q.map(\.x).max()!, y0 = q.map(\.y).min()!, y1 = q.map(\.y).max()!
        return IntRect(covering: Rect(x: x0 - 1, y: y0 - 1, width: x1 - x0 + 2, height: y1 - y0 + 2))
    }

    @Test(arguments: [0, 1, 2]) func ringsDrawTheSameOutsideTheBox(_ k: Int) {
        let t: Affine = [.identity, .translation(3.25, 1.5), .rotation(0.3, about: Point(64, 64))][k]
        var saved = 0
        var degrees = 0.0
        var rng = XorShift(seed: UInt32(77 + k))
        for _ in 0..<120 {
            let next = min(360, max(0, degrees + [3.6, 7.2, -3.6, 36, 0.5][rng.int(5)]))
            let a = Self.ring(degrees), b = Self.ring(next)
            defer { degrees = next }
            let da = Self.draw(a, t, .nonZero, size: 128), db = Self.draw(b, t, .nonZero, size: 128)
            switch PathDifference.between(a, b) {
            case .same: #expect(da.samePixels(as: db))
            case .within(let r):
                let d = Self.differences(da, db, outside: Self.deviceBox(r, t))
                #expect(d.outside == 0, "\(degrees)° → \(next)°: \(d.outside) pixels outside \(r)")
                if r.width * r.height < 0.5 * 100 * 100 { saved += 1 }
            case .unknown: Issue.record("a ring is always diffed")
            }
        }
        #expect(saved > 60)
    }

    /// A random outline: 1–3 sub-paths of lines, quads, cubics and arcs, some closed.
    static func randomPath(_ rng: inout XorShift) -> [PathElement] {
        var e: [PathElement] = []
        func pt() -> Point { Point(rng.range(-10, 130), rng.range(-10, 130)) }
        for _ in 0..<(1 + rng.int(3)) {
            e.append(.move(pt()))
            for _ in 0..<(3 + rng.int(10)) {
                switch rng.int(4) {
                case 0: e.append(.line(pt()))
                case 1: e.append(.quad(pt(), pt()))
                case 2: e.append(.cubic(pt(), pt(), pt()))
                default:
                    var p = Path()
                    p.move(to: Point(0, 0))
                    p.addArc(center: pt(), radius: rng.range(5, 60), startAngle: rng.range(-7, 7), endAngle: rng.range(-7, 7))
                    e.append(contentsOf: p.elements.dropFirst())
                }
            }
            if rng.int(2) == 0 { e.append(.close) }
        }
        return e
    }

    static func path(_ e: [PathElement]) -> Path {
        var p = Path()
        for x in e {
            switch x {
            case .move(let a): p.move(to: a)
            case .line(let a): p.line(to: a)
            case .quad(let c, let a): p.quad(to: a, control: c)
            case .cubic(let c1, let c2, let a): p.cubic(to: a, control1: c1, control2: c2)
            case .close: p.close()
            }
        }
        return p
    }

    /// One random edit: move a point, insert, delete, or replace the tail.
    static func edit(_ e: [PathElement], _ rng: inout XorShift) -> [PathElement] {
        var e = e
        let i = 1 + rng.int(max(1, e.count - 1))
        func pt() -> Point { Point(rng.range(-10, 130), rng.range(-10, 130)) }
        switch rng.int(5) {
        case 0 where i < e.count:
            switch e[i] {
            case .move: e[i] = .move(pt())
            case .line: e[i] = .line(pt())
            case .quad(let c, _): e[i] = .quad(c, pt())
            case .cubic(let c1, _, let p): e[i] = .cubic(c1, pt(), p)
            case .close: e[i] = .line(pt())
            }
        case 1: e.insert(.line(pt()), at: min(i, e.count))
        case 2 where i < e.count: e.remove(at: i)
        case 3: e.removeSubrange(min(i, e.count)...); e.append(.cubic(pt(), pt(), pt()))
        default: if i < e.count { e[i] = .quad(pt(), pt()) } else { e.append(.close) }
        }
        return e
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd]) func randomEditsDrawTheSameOutsideTheBox(_ rule: FillRule) {
        var rng = XorShift(seed: rule == .nonZero ? 2024 : 4048)
        var boxed = 0, checked = 0
        for n in 0..<250 {
            let ea = Self.randomPath(&rng), eb = Self.edit(ea, &rng)
            let a = Self.path(ea), b = Self.path(eb)
            let t: Affine = n % 3 == 0 ? .identity : (n % 3 == 1 ? .scale(0.8, 0.9) : .rotation(0.2, about: Point(60, 60)))
            let da = Self.draw(a, t, rule, size: 128), db = Self.draw(b, t, rule, size: 128)
            checked += 1
            switch PathDifference.between(a, b) {
            case .same: #expect(da.samePixels(as: db), "case \(n)")
            case .within(let r):
                let d = Self.differences(da, db, outside: Self.deviceBox(r, t))
                #expect(d.outside == 0, "case \(n): \(d.outside) pixels outside \(r)")
                if r.width * r.height < a.bounds.union(b.bounds).width * a.bounds.union(b.bounds).height { boxed += 1 }
            case .unknown: break
            }
        }
        #expect(checked > 150)
        #expect(boxed > 50, "\(boxed) of \(checked) edits had a box smaller than the paths")
    }
}
