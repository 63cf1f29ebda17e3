// Canvas.strokeOutline(of:): stroke outlines are kept by path, style and tolerance and reused
// (a scrolled border is the same outline). What a canvas with a warm cache draws must be what a
// fresh canvas draws, stroke for stroke, and the cache must stay bounded.
import Testing
@testable import Raster

@Suite struct StrokeCacheTests {
    static func paths() -> [Path] {
        var zig = Path()
        zig.move(to: Point(2, 3)); zig.line(to: Point(30, 9)); zig.quad(to: Point(8, 40), control: Point(40, 30)); zig.line(to: Point(20, 22))
        var open = Path()
        open.move(to: Point(5, 5)); open.cubic(to: Point(45, 12), control1: Point(15, 40), control2: Point(35, -20))
        return [.roundedRect(Rect(x: 4, y: 4, width: 40, height: 28), cornerRadius: 6), .rect(Rect(x: 3.5, y: 6, width: 30, height: 20)),
                .ellipse(in: Rect(x: 2, y: 2, width: 44, height: 30)), zig, open]
    }
    static let styles = [StrokeStyle(lineWidth: 2), StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: .round),
                         StrokeStyle(lineWidth: 3, dash: [4, 2]), StrokeStyle(lineWidth: 1.5, lineJoin: .bevel)]

    /// 300 strokes from 5 paths × 4 styles × 2 scales at random translations (whole and
    /// fractional): each drawn on one long-lived canvas and on a fresh one, the pixels equal.
    @Test func aWarmCacheDrawsWhatAFreshCanvasDraws() throws {
        let warm = try Surface(width: 64, height: 64), cold = try Surface(width: 64, height: 64)
        let canvas = Canvas(warm)
        let paths = Self.paths()
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int((seed >> 33) % UInt64(n)) }
        for k in 0..<300 {
            let path = paths[next(paths.count)], style = Self.styles[next(Self.styles.count)]
            let scale = next(2) == 0 ? 1.0 : 1.5
            let t = Affine(a: scale, b: 0, c: 0, d: scale, tx: Double(next(12)) + (next(2) == 0 ? 0 : 0.25), ty: Double(next(12)))
            warm.fill(warm.bounds, with: 0); cold.fill(cold.bounds, with: 0)
            canvas.transform = t
            canvas.stroke(path, with: .solid(Color(r: 0.2, g: 0.6, b: 1)), style: style)
            let fresh = Canvas(cold)
            fresh.transform = t
            fresh.stroke(path, with: .solid(Color(r: 0.2, g: 0.6, b: 1)), style: style)
            #expect(warm.samePixels(as: cold), "stroke \(k)")
        }
        #expect(canvas.strokeCache.count <= Canvas.strokeCacheSize)
        // 5 × 4 × 2 outlines: every one was kept, and drawing them again builds none.
        #expect(canvas.strokeCache.count == 40)
    }

    /// More distinct strokes than the cache holds: replaced round-robin, still the right pixels,
    /// never more entries than its size.
    @Test func moreStrokesThanTheCacheHoldsStayCorrectAndBounded() throws {
        let warm = try Surface(width: 64, height: 64), cold = try Surface(width: 64, height: 64)
        let canvas = Canvas(warm)
        for k in 0..<200 {
            let path = Path.roundedRect(Rect(x: 3, y: 3, width: 20 + Double(k % 97) * 0.37, height: 30), cornerRadius: 5)
            let style = StrokeStyle(lineWidth: 2)
            warm.fill(warm.bounds, with: 0); cold.fill(cold.bounds, with: 0)
            canvas.stroke(path, with: .solid(.white), style: style)
            Canvas(cold).stroke(path, with: .solid(.white), style: style)
            #expect(warm.samePixels(as: cold), "stroke \(k)")
            #expect(canvas.strokeCache.count <= Canvas.strokeCacheSize)
        }
    }
}
