// Scrolls drawn by moving pixels (DamageTracker.planMove, Surface.move): when most moved items
// moved by one whole-pixel step over a uniform backdrop, the renderer moves the last frame's
// pixels and paints only what the move leaves wrong. Every moved frame here is checked against
// a full drawing of its list (`verifiesRetainedRecording`: `verifyMovedPixels`), and each step's
// pixels against a host that records and paints everything.
import Testing
@testable import Kiosk
import Raster

final class ScrollModel: ObservableObject {
    @Published var offset: CGFloat = 0
}

/// Cards that do not change: Equatable, so a scroll re-evaluates only the offset above them.
private struct MoveCards: View, Equatable {
    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            ForEach(0..<8) { i in
                HStack(spacing: 6) {
                    Circle().fill(Color(red: Double(i % 4) / 4, green: 0.5, blue: 0.8)).frame(width: 18, height: 18)
                    Text("Card \(i)").font(.system(size: 12)).foregroundColor(.black)
                    Capsule().fill(Color.blue).frame(width: 40, height: 14).shadow(color: .gray, radius: 2, x: 0, y: 2)
                }
                .padding(6)
                .frame(width: 150, alignment: .leading)
                .background(RoundedRectangle(cornerRadius: 6).fill(Color.white))
                .overlay(RoundedRectangle(cornerRadius: 6).stroke(Color(white: 0.8), lineWidth: 2))
            }
        }
    }
}

private struct MovePage: View {
    @ObservedObject var model: ScrollModel
    var body: some View { MoveCards().offset(y: -model.offset).position(x: 100, y: 220) }
}

private struct MoveScene: View {
    let model: ScrollModel
    let gradient: Bool
    var body: some View {
        ZStack(alignment: .topLeading) {
            if gradient {
                LinearGradient(colors: [.white, .gray], startPoint: .top, endPoint: .bottom)
            } else {
                Color(white: 0.96)
            }
            MovePage(model: model)
            // Still items over the moving ones: a header and a translucent badge.
            Text("Header").font(.system(size: 12)).frame(width: 220, height: 20).background(Color.white)
            Text("62 FPS").font(.system(size: 10)).foregroundColor(.white).padding(3)
                .background(Color.black.opacity(0.5)).position(x: 180, y: 200)
        }
    }
}

@Suite struct PixelMoveTests {
    /// Runs each scroll step on a moving, self-checking host and on one that records and paints
    /// everything; returns the moving host and the frames each step moved.
    private func run(_ offsets: [CGFloat], gradient: Bool = false, moves: Bool = true,
                     sourceLocation: SourceLocation = #_sourceLocation) -> (HeadlessHost, [Int]) {
        let a = ScrollModel(), b = ScrollModel()
        let host = HeadlessHost(width: 220, height: 240) { MoveScene(model: a, gradient: gradient) }
        let plain = HeadlessHost(width: 220, height: 240) { MoveScene(model: b, gradient: gradient) }
        host.renderer.verifiesRetainedRecording = true
        host.renderer.movesPixels = moves
        plain.renderer.retainsDisplayList = false
        plain.renderer.movesPixels = false
        var counts: [Int] = []
        for (k, y) in offsets.enumerated() {
            let before = host.renderer.movedFrames
            a.offset = y; b.offset = y
            host.advance(by: HeadlessHost.frameInterval)
            plain.advance(by: HeadlessHost.frameInterval)
            counts.append(host.renderer.movedFrames - before)
            #expect(host.renderer.retainedMismatch == nil, "step \(k): \(host.renderer.retainedMismatch ?? "")",
                    sourceLocation: sourceLocation)
            #expect(pixels(host.snapshot()) == pixels(plain.snapshot()), "step \(k) (offset \(y)): moved and full drawings alike",
                    sourceLocation: sourceLocation)
        }
        return (host, counts)
    }

    @Test func wholePixelScrollsMovePixels() {
        let (host, counts) = run([3, 6, 9, 20, 17, 2, 0, 4])
        #expect(counts == [1, 1, 1, 1, 1, 1, 1, 1], "\(counts)")
        // What is painted after a 4 px move: the uncovered band, the badge where it is and
        // where its pixels went — far less than the moved rectangle.
        let moved = host.renderer.lastMove.map { $0.destination.area } ?? 0
        #expect(moved > 0 && host.renderer.lastPaintedArea * 3 < moved, "\(host.renderer.lastPaintedArea) painted, \(moved) moved")
    }

    @Test func aScrollFartherThanTheScreenIsStillRight() {
        // A jump that uncovers most of the screen is painted, not moved; either way right.
        let (_, counts) = run([5, 400, 10, 0, 40])
        #expect(counts[0] == 1 && counts[1] == 0, "\(counts)")
    }

    @Test func fractionalScrollsAreDrawn() {
        // Not a whole-pixel move: the items are recorded again and drawn.
        let (_, counts) = run([2.5, 5.25])
        #expect(counts == [0, 0], "\(counts)")
    }

    @Test func aGradientBackdropIsNotMoved() {
        // The backdrop is not one colour: pixels moved over it would carry its rows along.
        let (_, counts) = run([3, 6], gradient: true)
        #expect(counts == [0, 0], "\(counts)")
    }

    @Test func switchedOffNothingMoves() {
        let (_, counts) = run([3, 6], moves: false)
        #expect(counts == [0, 0], "\(counts)")
    }

    @Test func aFrameSourceWithForeignPixelsDoesNotMove() {
        let source = ViewFrameSource(width: 100, height: 100) { Color.red }
        #expect(source.renderer.movesPixels == RootRenderer.movesPixelsByDefault)
        source.setMovesPixels(false)
        #expect(!source.renderer.movesPixels)
        let launcher = LauncherFrameSource(width: 800, height: 480)
        launcher.setMovesPixels(false)
        #expect(!launcher.menu.renderer.movesPixels)
    }

    @Test func surfaceMoveMatchesACopyInEveryDirection() throws {
        for (dx, dy) in [(0, 5), (0, -5), (7, 0), (-7, 0), (3, -4), (-30, 25), (200, 0)] {
            let s = try Surface(width: 40, height: 30)
            for y in 0..<30 { for x in 0..<40 { s.setPixel(x: x, y: y, UInt32(y * 40 + x) | 0xFF00_0000) } }
            let before = s.copy()
            let source = IntRect(x: 5, y: 4, width: 25, height: 20)
            s.move(source, dx: dx, dy: dy)
            for y in 0..<30 {
                for x in 0..<40 {
                    let sx = x - dx, sy = y - dy
                    let inDest = source.contains(x: sx, y: sy)
                    let want = inDest ? before.premultipliedPixel(x: sx, y: sy) : before.premultipliedPixel(x: x, y: y)
                    #expect(s.premultipliedPixel(x: x, y: y) == want, "move (\(dx), \(dy)) at (\(x), \(y))")
                    if s.premultipliedPixel(x: x, y: y) != want { return }
                }
            }
        }
    }

    @Test func scatteredItemsAreNotMoved() {
        // Four 40×40 boxes in the corners moved 3 px together: the move's destination is
        // their bounding box, nearly all backdrop (6 400 of ≈ 37 000 px are boxes), so the
        // boxes are painted where they were and are (`lvgl-5`'s falling images), not moved.
        let a = ScrollModel(), b = ScrollModel()
        let host = HeadlessHost(width: 220, height: 240) { ScatteredScene(model: a) }
        let plain = HeadlessHost(width: 220, height: 240) { ScatteredScene(model: b) }
        host.renderer.verifiesRetainedRecording = true
        plain.renderer.retainsDisplayList = false
        plain.renderer.movesPixels = false
        for (k, y) in [CGFloat(3), 6, 2].enumerated() {
            let before = host.renderer.movedFrames
            a.offset = y; b.offset = y
            host.advance(by: HeadlessHost.frameInterval)
            plain.advance(by: HeadlessHost.frameInterval)
            #expect(host.renderer.movedFrames == before, "step \(k): moved \(host.renderer.lastMove.map { "\($0)" } ?? "")")
            #expect(host.renderer.lastMove == nil)
            // Painted: each box's old ∪ new bounds (≈ 4 × 40 × 44), not the 180 × 200 box.
            #expect(host.renderer.lastPaintedArea < 10_000, "step \(k): \(host.renderer.lastPaintedArea) px painted")
            #expect(host.renderer.retainedMismatch == nil, "step \(k): \(host.renderer.retainedMismatch ?? "")")
            #expect(pixels(host.snapshot()) == pixels(plain.snapshot()), "step \(k)")
        }
    }
}

/// Four boxes in the corners of a 180 × 200 area that do not change (Equatable: an offset
/// above them moves them as one shifted block).
private struct ScatteredBoxes: View, Equatable {
    var body: some View {
        ZStack(alignment: .topLeading) {
            Color.red.frame(width: 40, height: 40).position(x: 20, y: 20)
            Color.green.frame(width: 40, height: 40).position(x: 160, y: 20)
            Color.blue.frame(width: 40, height: 40).position(x: 20, y: 180)
            Color.black.frame(width: 40, height: 40).position(x: 160, y: 180)
        }
        .frame(width: 180, height: 200)
    }
}

private struct ScatteredScene: View {
    @ObservedObject var model: ScrollModel
    var body: some View {
        ZStack(alignment: .topLeading) {
            Color(white: 0.96)
            ScatteredBoxes().offset(y: model.offset).position(x: 110, y: 110)
        }
    }
}
