// Properties that must hold for any drawing: opacity 0 is a no-op, integer translation moves
// pixels exactly, an opaque pixel-aligned rect equals a fill, nothing is written outside the clip.
import Testing
import Raster

func randomPath(_ rng: inout XorShift, in size: Double) -> Path {
    var p = Path()
    for _ in 0..<(1 + rng.int(3)) {
        p.move(to: Point(rng.range(-10, size + 10), rng.range(-10, size + 10)))
        for _ in 0..<(2 + rng.int(5)) {
            switch rng.int(3) {
            case 0: p.line(to: Point(rng.range(-10, size + 10), rng.range(-10, size + 10)))
            case 1: p.quad(to: Point(rng.range(0, size), rng.range(0, size)), control: Point(rng.range(0, size), rng.range(0, size)))
            default: p.cubic(to: Point(rng.range(0, size), rng.range(0, size)), control1: Point(rng.range(0, size), rng.range(0, size)),
                             control2: Point(rng.range(0, size), rng.range(0, size)))
            }
        }
        p.close()
    }
    return p
}

func randomColor(_ rng: inout XorShift) -> Color { Color(rng.unit(), rng.unit(), rng.unit(), rng.range(0.2, 1)) }

@Suite struct RasterPropertyTests {
    @Test func opacityZeroChangesNothing() throws {
        var rng = XorShift(seed: 7)
        let s = randomSurface(64, 48, seed: 1), before = s.copy()
        let c = Canvas(s)
        c.opacity = 0
        for _ in 0..<20 { c.fill(randomPath(&rng, in: 64), with: .solid(randomColor(&rng))) }
        c.fill(Rect(0, 0, 64, 48), with: .solid(.red))
        #expect(s.samePixels(as: before))
    }

    @Test func integerTranslationMovesPixelsExactly() throws {
        var rng = XorShift(seed: 11)
        for _ in 0..<30 {
            let path = randomPath(&rng, in: 40), color = randomColor(&rng)
            let rule: FillRule = rng.int(2) == 0 ? .nonZero : .evenOdd
            let a = try Surface(width: 100, height: 100), b = try Surface(width: 100, height: 100)
            let ca = Canvas(a); ca.transform = .translation(20, 20); ca.fill(path, with: .solid(color), rule: rule)
            let (dx, dy) = (20 + rng.int(20), 20 + rng.int(20))
            let cb = Canvas(b); cb.transform = .translation(Double(dx), Double(dy)); cb.fill(path, with: .solid(color), rule: rule)
            var moved = true
            for y in 0..<60 { for x in 0..<60 where a.premultipliedPixel(x: x + 20, y: y + 20) != b.premultipliedPixel(x: x + dx, y: y + dy) {
                moved = false
            } }
            #expect(moved, "translation by (\(dx), \(dy)) changed pixels")
        }
    }

    @Test func opaqueAlignedRectEqualsFill() throws {
        let a = randomSurface(50, 40, seed: 3), b = a.copy()
        let c = Color(0.2, 0.6, 0.9)
        Canvas(a).fill(Rect(5, 7, 30, 20), with: .solid(c))
        Canvas(a).fill(.rect(Rect(40, 2, 8, 30)), with: .solid(c))       // the same through a Path
        b.fill(IntRect(x: 5, y: 7, width: 30, height: 20), with: c.premultiplied)
        b.fill(IntRect(x: 40, y: 2, width: 8, height: 30), with: c.premultiplied)
        #expect(a.samePixels(as: b))
    }

    @Test func rectFastPathMatchesScanConversion() throws {
        var rng = XorShift(seed: 5)
        for _ in 0..<50 {
            let r = Rect(rng.range(-5, 40), rng.range(-5, 40), rng.range(0, 30), rng.range(0, 30))
            let a = try Surface(width: 48, height: 48), b = try Surface(width: 48, height: 48)
            Canvas(a).fill(r, with: .solid(.white))
            // Draw the same rectangle as a non-rect path (an extra collinear point defeats detection).
            var p = Path(); p.move(to: Point(r.minX, r.minY)); p.line(to: Point(r.midX, r.minY)); p.line(to: Point(r.maxX, r.minY))
            p.line(to: Point(r.maxX, r.maxY)); p.line(to: Point(r.minX, r.maxY)); p.close()
            Canvas(b).fill(p, with: .solid(.white))
            var worst = 0
            for y in 0..<48 { for x in 0..<48 {
                worst = max(worst, abs(Int(a.premultipliedPixel(x: x, y: y) >> 24) - Int(b.premultipliedPixel(x: x, y: y) >> 24)))
            } }
            #expect(worst <= 1, "rect \(r): worst difference \(worst)")
        }
    }

    @Test func drawingNeverWritesOutsideTheClip() throws {
        var rng = XorShift(seed: 99)
        for i in 0..<40 {
            let s = randomSurface(64, 64, seed: UInt32(i + 1)), before = s.copy()
            let c = Canvas(s)
            let clip = IntRect(x: rng.int(40), y: rng.int(40), width: rng.int(30), height: rng.int(30))
            c.clip = clip
            c.transform = Affine.rotation(rng.range(0, 6.3), about: Point(32, 32)).scaledBy(rng.range(0.5, 2), rng.range(0.5, 2))
            c.fill(randomPath(&rng, in: 64), with: .solid(randomColor(&rng)), rule: .evenOdd)
            c.fill(Rect(rng.range(-10, 60), rng.range(-10, 60), rng.range(0, 40), rng.range(0, 40)), with: .solid(randomColor(&rng)))
            var mask = [UInt8](repeating: 200, count: 30 * 30)
            c.fillMask(&mask, width: 30, height: 30, stride: 30, x: rng.int(60) - 10, y: rng.int(60) - 10, with: .solid(.red))
            var outside = 0
            for y in 0..<64 { for x in 0..<64 where !clip.contains(x: x, y: y)
                && s.premultipliedPixel(x: x, y: y) != before.premultipliedPixel(x: x, y: y) { outside += 1 } }
            #expect(outside == 0, "\(outside) pixels changed outside clip \(clip)")
        }
    }
}

@Suite struct RectListTests {
    /// The pixel-aligned rectangle-list fast path paints exactly what scan conversion paints,
    /// for overlapping rectangles of both orientations under both fill rules.
    @Test(arguments: [FillRule.nonZero, .evenOdd], [false, true])
    func rectListMatchesScanConversion(rule: FillRule, fractional: Bool) throws {
        var rng = XorShift(seed: fractional ? 4321 : 1234)
        for _ in 0..<20 {
            var fast = Path(), slow = Path()
            for _ in 0..<(2 + rng.int(12)) {
                // Fractional edges on a 1/8 grid, as layouts produce (and +0.5 offsets).
                let f = { (v: Int) in fractional ? Double(v) / 8 : Double(v) }
                let k = fractional ? 8 : 1
                let x = f(rng.int(50 * k) - 5 * k), y = f(rng.int(50 * k) - 5 * k)
                let w = f(rng.int(25 * k)), h = f(rng.int(25 * k))
                if rng.int(2) == 0 { fast.addRect(Rect(x, y, w, h)) } else {
                    fast.move(to: Point(x, y)); fast.line(to: Point(x, y + h)); fast.line(to: Point(x + w, y + h))
                    fast.line(to: Point(x + w, y)); fast.close()
                }
            }
            // The slow copy adds a point mid-edge to each rectangle, which defeats the fast path.
            for e in fast.elements {
                switch e {
                case .move(let p): slow.move(to: p)
                case .line(let p):
                    let c = slow.currentPoint!
                    slow.line(to: Point((c.x + p.x) / 2, (c.y + p.y) / 2)); slow.line(to: p)
                case .close: slow.close()
                default: break
                }
            }
            let a = try Surface(width: 48, height: 48), b = try Surface(width: 48, height: 48)
            let ca = Canvas(a); ca.clip = IntRect(x: 2, y: 3, width: 40, height: 41)
            ca.fill(fast, with: .solid(Color(0.3, 0.6, 0.9, 0.7)), rule: rule)
            let cb = Canvas(b); cb.clip = IntRect(x: 2, y: 3, width: 40, height: 41)
            cb.fill(slow, with: .solid(Color(0.3, 0.6, 0.9, 0.7)), rule: rule)
            if fractional {
                // Scan conversion sums overlapping edges inside a pixel (as FreeType does), while
                // the rectangle path computes the exact area of the filled region; compare it with
                // 8×8 supersampling at sub-pixel centres, exact for edges on a 1/8 grid.
                var rects: [(Rect, Int)] = []
                var i = 0
                let e = fast.elements
                while i < e.count {
                    guard case .move(let p0) = e[i], case .line(let p1) = e[i + 1], case .line(let p2) = e[i + 2] else { break }
                    let horizontal = p0.y == p1.y
                    let area = (p2.x - p0.x) * (p2.y - p0.y) * (horizontal ? 1 : -1)
                    rects.append((Rect(corners: p0, p2), area > 0 ? 1 : -1))
                    i += 5
                }
                var worst = 0
                for y in 3..<44 { for x in 2..<42 {
                    var inside = 0
                    for sy in 0..<8 { for sx in 0..<8 {
                        let p = Point(Double(x) + (Double(sx) + 0.5) / 8, Double(y) + (Double(sy) + 0.5) / 8)
                        var w = 0
                        for (r, d) in rects where r.contains(p) { w += d }
                        if rule == .nonZero ? w != 0 : (w & 1) != 0 { inside += 1 }
                    } }
                    let expected = Int((Double(inside) / 64 * Double(Pixel.unit8(0.7)) ).rounded())
                    let d = abs(Int(a.premultipliedPixel(x: x, y: y) >> 24) - expected)
                    worst = max(worst, d)
                } }
                #expect(worst <= 1, "worst alpha difference \(worst) from supersampling")
            } else {
                #expect(a.samePixels(as: b))
            }
        }
    }
}

@Suite struct RoundedRectFastPathTests {
    /// Rounded rectangles take a box path for their straight rows; the result must equal scan
    /// converting the same outline (which a copy built element by element forces).
    @Test func roundedRectFastPathMatchesScanConversion() throws {
        var rng = XorShift(seed: 77)
        for _ in 0..<40 {
            let r = Rect(rng.range(-10, 40), rng.range(-10, 40), rng.range(1, 50), rng.range(1, 50))
            let radii = CornerRadii(topLeft: rng.range(0, 20), topRight: rng.range(0, 20),
                                    bottomRight: rng.range(0, 20), bottomLeft: rng.range(0, 20))
            let fast = Path.roundedRect(r, radii: radii)
            var slow = Path(); slow.addPath(fast)
            let t = Affine.scale(rng.range(0.5, 2), rng.range(0.5, 2)).concatenating(.translation(rng.range(-5, 5), rng.range(-5, 5)))
            let a = try Surface(width: 64, height: 64), b = try Surface(width: 64, height: 64)
            let ca = Canvas(a); ca.transform = t; ca.fill(fast, with: .solid(Color(1, 0.5, 0.2, 0.8)))
            let cb = Canvas(b); cb.transform = t; cb.fill(slow, with: .solid(Color(1, 0.5, 0.2, 0.8)))
            var worst = 0
            for y in 0..<64 { for x in 0..<64 {
                worst = max(worst, abs(Int(a.premultipliedPixel(x: x, y: y) >> 24) - Int(b.premultipliedPixel(x: x, y: y) >> 24)))
            } }
            #expect(worst <= 1, "\(r) \(radii): worst difference \(worst)")
        }
    }
}

@Suite struct CompositeOperatorTests {
    @Test func copyReplacesInsteadOfBlending() throws {
        let s = try Surface(width: 20, height: 20)
        let c = Canvas(s)
        c.clear(Color(1, 0, 0))
        c.compositing = .copy
        c.fill(Rect(5, 5, 10, 10), with: .solid(.clear))                  // punch a hole
        #expect(s.pixel(x: 10, y: 10).a == 0 && s.pixel(x: 2, y: 2) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        c.opacity = 0.5
        c.fill(Rect(0, 0, 5, 20), with: .solid(Color(0, 0, 1)))             // lerp halfway to blue
        let p = s.pixel(x: 2, y: 2)
        #expect(abs(Int(p.r) - 128) <= 1 && abs(Int(p.b) - 128) <= 1 && p.a == 255)
        c.save(); c.compositing = .sourceOver; c.restore()
        #expect(c.compositing == .copy)
        // A gradient with no stops paints transparent black under copy.
        c.opacity = 1
        c.fill(Rect(15, 0, 5, 5), with: .linearGradient(LinearGradient(start: .zero, end: Point(1, 0), stops: [])))
        #expect(s.pixel(x: 17, y: 2).a == 0)
    }
}
