// A fill whose outline changes only in part damages the box of the changed segments
// (DamageTracker.changedPart over Raster.PathDifference), not its old ∪ new bounds. These
// tests draw the same frames by damage and whole and compare every pixel: moving arcs (LVGL
// scene 10 and rings under transforms), a growing trimmed circle, and a random outline whose
// points move one at a time.
import Testing
import Raster
import KioskScenes
import TestSupport
import CAllocationCount
@testable import Kiosk

/// A ring segment from 3 o'clock clockwise through `degrees`, a fifth of the frame thick.
private struct TestRing: Shape {
    var degrees: Double
    func path(in rect: CGRect) -> Kiosk.Path {
        var p = Kiosk.Path()
        guard degrees > 0 else { return p }
        let c = CGPoint(x: rect.midX, y: rect.midY), outer = min(rect.width, rect.height) / 2
        p.addArc(center: c, radius: outer, startAngle: .degrees(0), endAngle: .degrees(degrees), clockwise: false)
        p.addArc(center: c, radius: outer * 0.8, startAngle: .degrees(degrees), endAngle: .degrees(0), clockwise: true)
        p.closeSubpath()
        return p
    }
}

/// An outline through `points`: lines, quads and cubics in turn, closed.
private struct TestOutline: Shape {
    var points: [CGPoint]
    func path(in rect: CGRect) -> Kiosk.Path {
        var p = Kiosk.Path()
        guard let first = points.first else { return p }
        p.move(to: first)
        var i = 1
        while i < points.count {
            switch i % 3 {
            case 0 where i + 2 < points.count:
                p.addCurve(to: points[i + 2], control1: points[i], control2: points[i + 1]); i += 3
            case 1 where i + 1 < points.count:
                p.addQuadCurve(to: points[i + 1], control: points[i]); i += 2
            default:
                p.addLine(to: points[i]); i += 1
            }
        }
        p.closeSubpath()
        return p
    }
}

@Observable private final class PartialDamageModel {
    var degrees: [Double] = [0, 0, 0]
    var trim: CGFloat = 0
    var points: [CGPoint] = []
}

private struct PartialDamageScene: View {
    let model: PartialDamageModel
    var body: some View {
        ZStack(alignment: .topLeading) {
            Kiosk.Color.white
            TestRing(degrees: model.degrees[0]).fill(Kiosk.Color.red).frame(width: 100, height: 100).position(x: 60, y: 60)
            TestRing(degrees: model.degrees[1]).fill(Kiosk.Color.blue.opacity(0.7)).frame(width: 130, height: 130)
                .rotationEffect(.degrees(20)).position(x: 230, y: 80)
            TestRing(degrees: model.degrees[2]).fill(Kiosk.Color.orange).frame(width: 60, height: 60)
                .scaleEffect(1.5).position(x: 160, y: 170)
            Kiosk.Circle().trim(from: 0, to: model.trim).fill(Kiosk.Color.green).frame(width: 90, height: 90).position(x: 60, y: 180)
            TestOutline(points: model.points).fill(Kiosk.Color.purple.opacity(0.8), style: Kiosk.FillStyle(eoFill: true))
                .frame(width: 120, height: 100).position(x: 250, y: 180)
        }
        .frame(width: 320, height: 240, alignment: .topLeading)
    }
}

@Suite struct PartialPathDamageTests {
    static func item(_ path: Raster.Path, bounds: IntRect) -> DisplayItem {
        DisplayItem(owner: 1, index: 0, command: .fill(path, .solid(.black), .nonZero), transform: .translation(10, 20),
                    opacity: 1, clip: nil, bounds: bounds)
    }

    static func ring(_ degrees: Double) -> Raster.Path {
        TestRing(degrees: degrees).path(in: CGRect(x: 0, y: 0, width: 100, height: 100)).storage
    }

    @Test func aRingWhoseEndMovesDamagesTheChangedCorner() throws {
        let box = IntRect(x0: 9, y0: 19, x1: 111, y1: 121)
        let part = try #require(DamageTracker.changedPart(Self.item(Self.ring(200), bounds: box), Self.item(Self.ring(203.6), bounds: box)))
        // The corner at the arc's end (200°: left of the centre, a little above it), not its rows.
        #expect(part.area > 0 && part.area < box.area / 10, "\(part)")
        #expect(part.width < 30 && part.height < 30 && part.x1 < box.x0 + 40 && part.y0 > box.y0 + 15 && part.y1 < box.y1 - 40, "\(part)")
        #expect(box.contains(part))
        // Anything else that changes repaints both whole.
        var other = Self.item(Self.ring(203.6), bounds: box)
        other.command = .fill(Self.ring(203.6), .solid(.white), .nonZero)
        #expect(DamageTracker.changedPart(Self.item(Self.ring(200), bounds: box), other) == nil)
        other = Self.item(Self.ring(203.6), bounds: box)
        other.transform = .translation(11, 20)
        #expect(DamageTracker.changedPart(Self.item(Self.ring(200), bounds: box), other) == nil)
        // Items small enough for the one-box rasterizer are diffed too (it gives every pixel what
        // the sweeps give), the part kept within the item.
        let small = IntRect(x0: 9, y0: 19, x1: 40, y1: 50)
        let smallPart = try #require(DamageTracker.changedPart(Self.item(Self.ring(200), bounds: small), Self.item(Self.ring(203.6), bounds: small)))
        #expect(small.contains(smallPart) && smallPart.area < small.area / 3, "\(smallPart)")
    }

    @Test func changingShapesDrawnByDamageEqualWholeFrames() throws {
        let ma = PartialDamageModel(), mb = PartialDamageModel()
        let incremental = RootRenderer(width: 320, height: 240, colorScheme: .light, text: FixedAdvanceText(),
                                       root: PartialDamageScene(model: ma))
        let whole = RootRenderer(width: 320, height: 240, colorScheme: .light, text: FixedAdvanceText(),
                                 root: PartialDamageScene(model: mb))
        let a = try Surface(width: 320, height: 240), b = try Surface(width: 320, height: 240)
        var rng = SplitMix64(seed: 1212)
        var points = (0..<11).map { _ in CGPoint(x: Double.random(in: 0...120, using: &rng), y: Double.random(in: 0...100, using: &rng)) }
        var degrees = [0.0, 120, 350]
        var trim: CGFloat = 0
        var small = 0
        for frame in 0..<150 {
            // One or two changes a frame, as an animation makes them.
            switch frame % 4 {
            case 0, 2:
                let k = Int.random(in: 0..<3, using: &rng)
                let step = [3.6, -3.6, 7.2, 0.4, 45][Int.random(in: 0..<5, using: &rng)]
                degrees[k] = min(360, max(0, degrees[k] + step))
            case 1: trim = min(1, trim + CGFloat.random(in: 0...0.04, using: &rng))
            default:
                let i = Int.random(in: 0..<points.count, using: &rng)
                points[i].x += Double.random(in: -6...6, using: &rng)
                points[i].y += Double.random(in: -6...6, using: &rng)
            }
            for m in [ma, mb] { m.degrees = degrees; m.trim = trim; m.points = points }
            let t = Double(frame) / 60
            let damage = incremental.renderFrame(into: a, at: t, fullRedraw: false)
            _ = whole.renderFrame(into: b, at: t, fullRedraw: true)
            #expect(a.samePixels(as: b), "frame \(frame)")
            let area = damage.reduce(0) { $0 + $1.area }
            if frame > 0 && area < 4000 { small += 1 }
        }
        // The ring steps damage a corner, not the ring's box (100×100 and more).
        #expect(small > 40, "\(small) frames damaged less than 4000 px")
    }

    /// LVGL scene 10: 8 arcs at 800×480, each frame drawn by damage equals the same frame drawn
    /// whole, and the damage is the changed arcs' ends (12.8 % of the screen a frame with whole
    /// boxes, 3 % with the changed rows across each arc).
    @Test func lvglArcsDrawnByDamageEqualWholeFrames() throws {
        var damaged = 0, frames = 0
        try drawSceneByDamageAndWhole("lvgl-10", frames: 160) { frame, damage in
            if frame > 20 && !damage.isEmpty { damaged += damage.reduce(0) { $0 + $1.area }; frames += 1 }
        }
        #expect(frames > 100)
        #expect(Double(damaged) / Double(frames) < 0.015 * 800 * 480, "mean damage \(damaged / max(1, frames)) px a frame")
    }
}

/// LVGL scene 10 (arcs whose angle changes every tick): a changed arc's outline costs one
/// element array, not ≈ 13 allocations (the array regrown element by element, a second array
/// to move it to its frame, `Path.bounds`' point array); the diff against the last frame's
/// outline and the style's paint allocate nothing. Release, `kiosk-engine-bench --lvgl --scene
/// 10`: 107 allocations a changed frame at 800×480 before, 11 after (this debug build adds
/// its own per view, so the scene is not counted here).
@Suite(.disabled(if: Sanitizers.replaceMalloc, "a sanitizer's malloc replaces the counted one (scripts/sanitize)"))
struct ArcOutlineAllocationTests {
    @Test func aChangedRingOutlineAllocatesNothing() {
        #expect(kiosk_allocation_counting_active() == 1)
        var previous = Raster.Path()
        var total: UInt64 = 0
        var diffs = 0
        for i in 0..<101 {
            // The first (uncounted) round is past a quarter turn too, so it also warms what
            // only grid-cut arcs touch (`ArcGridTable`); a quarter was first, and whether the
            // table's one-time set-up fell inside the count depended on the order tests ran in.
            let degrees = Double(90 + ((i + 1) * 37) % 270)
            let a0 = kiosk_thread_allocations()
            var p = Kiosk.Path()
            p.addArc(center: CGPoint(x: 50, y: 50), radius: 50, startAngle: .degrees(0), endAngle: .degrees(degrees), clockwise: false)
            p.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: .degrees(degrees), endAngle: .degrees(0), clockwise: true)
            p.closeSubpath()
            var outline = p.storage
            outline.transform(by: .translation(120, 48))
            let bounds = outline.bounds
            if case .within = PathDifference.between(previous, outline) { diffs += 1 }
            let paint = Kiosk.Color.red.resolvePaint(in: CGRect(x: 0, y: 0, width: 100, height: 100), environment: EnvironmentValues())
            let a = kiosk_thread_allocations() &- a0
            if i > 0 { total += a }     // the first round warms the runtime
            #expect(bounds.width >= 50 && paint != .solid(.black))
            previous = outline
        }
        #expect(diffs > 90)
        // None, debug build included: the ring is kept inline (`Path.sector`) and its bounds
        // and difference are computed from it (its element array was one allocation an
        // outline, twelve in a debug build).
        #expect(total == 0, "allocations for 100 changed ring outlines: \(total)")
    }
}
