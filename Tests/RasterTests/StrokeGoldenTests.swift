import Testing
import Raster
import TestSupport

/// Strokes drawn with Canvas.stroke (the stroker's outline filled nonzero, flattened at the
/// canvas's flatness over the transform's scale) and compared with goldens. Each golden was
/// looked at by eye.
@Suite struct StrokeGoldenTests {
    private func canvas(_ w: Int, _ h: Int) throws -> Canvas {
        let c = Canvas(try Surface(width: w, height: h))
        c.clear(.white)
        return c
    }

    private func stroke(_ c: Canvas, _ p: Path, _ style: StrokeStyle, _ color: Color = .black) {
        c.stroke(p, with: .solid(color), style: style)
    }

    /// Centre lines in red over every stroke, so the image shows where the path runs.
    private func centreline(_ c: Canvas, _ p: Path) {
        stroke(c, p, StrokeStyle(lineWidth: 0.75), Color(1, 0, 0, 0.8))
    }

    @Test func capsAndJoins() throws {
        let c = try canvas(330, 300)
        let caps: [LineCap] = [.butt, .round, .square]
        let joins: [LineJoin] = [.miter, .round, .bevel]
        for (i, cap) in caps.enumerated() {
            for (j, join) in joins.enumerated() {
                let ox = 20 + Double(i) * 105, oy = 25 + Double(j) * 95
                let p = Path { p in
                    p.move(to: Point(ox, oy + 50)); p.line(to: Point(ox + 25, oy))
                    p.line(to: Point(ox + 45, oy + 55)); p.line(to: Point(ox + 80, oy + 20))
                }
                stroke(c, p, StrokeStyle(lineWidth: 14, lineCap: cap, lineJoin: join), Color(0.1, 0.3, 0.8))
                centreline(c, p)
            }
        }
        expectGolden(c.surface, "stroke-caps-joins")
    }

    @Test func dashes() throws {
        let c = try canvas(320, 240)
        let rows: [(StrokeStyle, Color)] = [
            (StrokeStyle(lineWidth: 6, dash: [20, 10]), .black),
            (StrokeStyle(lineWidth: 6, dash: [20, 10], dashPhase: 15), .black),
            (StrokeStyle(lineWidth: 6, lineCap: .round, dash: [0, 14]), Color(0.8, 0.1, 0.1)),
            (StrokeStyle(lineWidth: 6, lineCap: .square, dash: [10]), Color(0.1, 0.5, 0.1)),
            (StrokeStyle(lineWidth: 3, lineCap: .round, dash: [12, 4, 2, 4]), Color(0.3, 0.2, 0.6)),
        ]
        for (k, (style, color)) in rows.enumerated() {
            let y = 20 + Double(k) * 22
            stroke(c, Path { $0.move(to: Point(15, y)); $0.line(to: Point(150, y)) }, style, color)
        }
        // Dashes round a curve and round closed shapes (the last dash joins the first).
        stroke(c, .circle(center: Point(235, 65), radius: 50),
               StrokeStyle(lineWidth: 8, lineCap: .round, dash: [18, 10], dashPhase: 4), Color(0.9, 0.5, 0))
        stroke(c, .roundedRect(Rect(x: 20, y: 135, width: 130, height: 85), cornerRadius: 18),
               StrokeStyle(lineWidth: 5, lineJoin: .round, dash: [30, 8]), Color(0.1, 0.3, 0.8))
        stroke(c, .rect(Rect(x: 180, y: 140, width: 110, height: 80)),
               StrokeStyle(lineWidth: 10, lineJoin: .miter, dash: [45, 15]), .black)
        expectGolden(c.surface, "stroke-dashes")
    }

    @Test func curves() throws {
        let c = try canvas(320, 240)
        let s = Path { p in
            p.move(to: Point(20, 200))
            p.cubic(to: Point(150, 40), control1: Point(40, 20), control2: Point(140, 260))
        }
        stroke(c, s, StrokeStyle(lineWidth: 18, lineCap: .round, lineJoin: .round), Color(0.1, 0.5, 0.3))
        centreline(c, s)
        // A tight loop: the inner offset folds over itself; nonzero still fills it all.
        let loop = Path { p in
            p.move(to: Point(170, 200))
            p.cubic(to: Point(300, 200), control1: Point(330, 60), control2: Point(140, 60))
        }
        stroke(c, loop, StrokeStyle(lineWidth: 24, lineCap: .butt, lineJoin: .miter), Color(0.2, 0.2, 0.7, 0.85))
        centreline(c, loop)
        // A self-crossing star, closed, mitred; an ellipse ring; a quad with square caps.
        let star = Path { p in
            for i in 0..<5 {
                let a = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
                let q = Point(240 + 45 * _cos(a), 60 + 45 * _sin(a))
                if i == 0 { p.move(to: q) } else { p.line(to: q) }
            }
            p.close()
        }
        stroke(c, star, StrokeStyle(lineWidth: 5, lineJoin: .miter, miterLimit: 4), Color(0.8, 0.1, 0.1))
        stroke(c, .ellipse(in: Rect(x: 20, y: 20, width: 90, height: 50)), StrokeStyle(lineWidth: 7), Color(0.5, 0.2, 0.5, 0.7))
        let q = Path { $0.move(to: Point(170, 225)); $0.quad(to: Point(310, 225), control: Point(240, 150)) }
        stroke(c, q, StrokeStyle(lineWidth: 6, lineCap: .square), .black)
        expectGolden(c.surface, "stroke-curves")
    }

    @Test func hairlines() throws {
        let c = try canvas(200, 120)
        for (k, w) in [0.1, 0.25, 0.5, 0.75, 1.0, 1.5].enumerated() {
            let x = 10 + Double(k) * 31
            stroke(c, Path { $0.move(to: Point(x, 10)); $0.line(to: Point(x + 20, 110)) }, StrokeStyle(lineWidth: w))
            stroke(c, Path { $0.move(to: Point(x, 10.5)); $0.line(to: Point(x + 28, 10.5)) }, StrokeStyle(lineWidth: w))
        }
        stroke(c, .circle(center: Point(100, 70), radius: 35), StrokeStyle(lineWidth: 0.5))
        stroke(c, .circle(center: Point(100, 70), radius: 30), StrokeStyle(lineWidth: 0.3, dash: [2, 2]))
        expectGolden(c.surface, "stroke-hairlines")
    }

    /// Width and dashes are in user units: a non-uniform scale makes an elliptical pen, and a
    /// 6× zoom keeps curves smooth because the flattening tolerance shrinks with the scale.
    @Test func transformed() throws {
        let c = try canvas(240, 160)
        c.save()
        c.transform = Affine.scale(3, 1).concatenating(.translation(10, 10))
        stroke(c, .circle(center: Point(20, 35), radius: 18), StrokeStyle(lineWidth: 4, dash: [6, 3]), Color(0.1, 0.3, 0.8))
        c.restore()
        c.save()
        c.transform = Affine.scale(6, 6).concatenating(.translation(130, 20))
        let p = Path { $0.move(to: Point(0, 18)); $0.quad(to: Point(16, 18), control: Point(8, -4)) }
        stroke(c, p, StrokeStyle(lineWidth: 2.5, lineCap: .round, lineJoin: .round), Color(0.8, 0.3, 0.1))
        stroke(c, p, StrokeStyle(lineWidth: 0.1), .white)
        c.restore()
        c.save()
        c.transform = Affine.rotation(0.4, about: Point(60, 120))
        stroke(c, .rect(Rect(x: 30, y: 100, width: 60, height: 35)), StrokeStyle(lineWidth: 6, lineJoin: .bevel), .black)
        c.restore()
        expectGolden(c.surface, "stroke-transformed")
    }
}
