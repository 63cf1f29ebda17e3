// Transaction.tracksVelocity through the engine (issue 9): a drag's onChanged writes run in a
// transaction that tracks velocity, so the value follows the finger at once while the engine
// samples its speed; the spring a release starts (withAnimation(.spring) in onEnded) takes that
// velocity over — the value and its velocity are continuous at the release. DragGesture.Value
// reports the velocity and a predicted end 0.25 s of travel ahead.
import Testing
@testable import Kiosk

private typealias Color = Kiosk.Color

final class DragLog { var values: [DragGesture.Value] = [] }

/// A square dragged horizontally; on release it goes back to 0 with `release(x, velocity)`.
private struct Flick: View {
    let log: DragLog
    let release: (Double, Double) -> Animation
    @State private var x: CGFloat = 0
    var body: some View {
        Color.red.frame(width: 40, height: 40).offset(x: x)
            .gesture(DragGesture(minimumDistance: 0)
                .onChanged { v in log.values.append(v); x = v.translation.width }
                .onEnded { v in
                    log.values.append(v)
                    let anim = release(Double(x), Double(v.velocity.width))
                    withAnimation(anim) { x = 0 }
                })
    }
}

@MainActor @Suite struct VelocityTrackingEngineTests {
    private func offsetNode(_ h: HeadlessHost) -> Node? {
        h.allNodes.first { ($0.view as? any ModifierCarrier)?.anyModifier is _OffsetEffect && !$0.isRemoved }
    }
    private func presentedX(_ node: Node) -> Double? {
        guard let model = (node.view as? any ModifierCarrier)?.anyModifier as? _OffsetEffect else { return nil }
        return Double(node.presented(model).offset.width)
    }

    /// Drags 120 pt right over 0.4 s (5 pt a frame: 300 pt/s) and releases; returns the
    /// presented x of the release frame and the 3 after it (1/60 s apart).
    private func flick(_ release: @escaping (Double, Double) -> Animation) throws -> (host: HeadlessHost, log: DragLog, xs: [Double]) {
        let log = DragLog()
        let h = HeadlessHost(width: 400, height: 100, text: FixedAdvanceText()) { Flick(log: log, release: release) }
        let node = try #require(offsetNode(h))
        h.drag(from: CGPoint(x: 200, y: 50), to: CGPoint(x: 320, y: 50), duration: 0.4)
        var xs = [try #require(presentedX(node))]
        for _ in 0..<3 {
            h.advance(by: 1.0 / 60)
            xs.append(try #require(presentedX(node)))
        }
        return (h, log, xs)
    }

    /// The same motion in the value layer: 24 tracked changes of 5 pt, each committed at
    /// (k − 1)/60 and drawn at k/60 (HeadlessHost.drag's timing), then `release` from 120 to 0
    /// committed at 24/60; the presented values at 25/60 … 28/60 and the velocity the release
    /// started with.
    private func reference(_ release: Animation) -> (xs: [Double], velocity: Double) {
        var a = AnimatorState(animation: .velocityTracking, interval: 5.0, at: 0, listener: nil)
        var model = 5.0
        _ = a.sample(at: 1.0 / 60)
        for k in 2...24 {
            a.retarget(animation: .velocityTracking, interval: 5, at: Double(k - 1) / 60, listener: nil)
            model += 5
            _ = a.sample(at: Double(k) / 60)
        }
        a.retarget(animation: release, interval: -model, at: 24.0 / 60, listener: nil)
        let v = a.velocity ?? 0
        return ((25...28).map { a.presented(model: 0, at: Double($0) / 60) }, v)
    }

    @Test func theDragsValueReportsItsVelocityAndPredictedEnd() throws {
        let (_, log, _) = try flick { _, _ in .spring(duration: 0.5) }
        let last = try #require(log.values.last)
        #expect(last.translation.width == 120)
        #expect(abs(last.velocity.width - 300) < 1, "\(last.velocity)")
        #expect(abs(last.predictedEndTranslation.width - (120 + 300 * 0.25)) < 0.5)
        #expect(abs(last.predictedEndLocation.x - (last.location.x + 300 * 0.25)) < 0.5)
    }

    @Test func duringTheDragTheValueFollowsTheFingerExactly() throws {
        let log = DragLog()
        let h = HeadlessHost(width: 400, height: 100, text: FixedAdvanceText()) { Flick(log: log) { _, _ in .spring } }
        let node = try #require(offsetNode(h))
        h.drag(from: CGPoint(x: 200, y: 50), to: CGPoint(x: 320, y: 50), duration: 0.4)
        // The release frame has drawn; every onChanged before it showed the model at once (a
        // tracked change has no animation of its own): the drag's values were 5 pt apart.
        let widths = log.values.dropLast().map { Double($0.translation.width) }
        #expect(widths.last == 120 && zip(widths, widths.dropFirst()).allSatisfy { abs($1 - $0 - 5) < 1e-9 || $0 == 0 && $1 == 0 })
        #expect(node.valueAnimator != nil)
    }

    @Test func aReleaseSpringStartsWithTheDragsVelocity() throws {
        let (h, _, xs) = try flick { _, _ in .spring(duration: 0.5) }
        let (expected, v0) = reference(.spring(duration: 0.5))
        // The spring took over the tracked 300 pt/s (the release came at the last sample: no decay).
        #expect(abs(v0 - 300) < 1e-6, "\(v0)")
        // Value and velocity continuity: one frame after the release the square is still moving
        // right, past 120, and the frames follow the spring that starts at 120 with 300 pt/s.
        #expect(xs[0] > 120 && xs[0] < 125, "\(xs)")
        for k in xs.indices { #expect(abs(xs[k] - expected[k]) < 1e-6, "frame \(k): \(xs[k]) vs \(expected[k])") }
        h.advance(by: 2)
        #expect(h.renderer.graph.animators.isEmpty)
    }

    @Test func withoutADragTheSameSpringStartsFromRest() throws {
        // The control: the same 120 pt reached by a plain write (nothing tracked) springs back
        // from rest: it is already on its way back at the first frame.
        struct Plain: View {
            @State var x: CGFloat = 0
            var body: some View {
                Color.red.frame(width: 40, height: 40).offset(x: x)
                    .onTapGesture { if x == 0 { x = 120 } else { withAnimation(.spring(duration: 0.5)) { x = 0 } } }
            }
        }
        let h = HeadlessHost(width: 400, height: 100, text: FixedAdvanceText()) { Plain() }
        h.tap(x: 200, y: 50)
        h.tap(x: 320, y: 50)
        let node = try #require(offsetNode(h))
        let x = try #require(presentedX(node))
        var rest = AnimatorState(animation: .spring(duration: 0.5), interval: -120.0, at: 0, listener: nil)
        #expect(abs(x - rest.presented(model: 0, at: 1.0 / 60)) < 1e-6, "\(x)")
        #expect(x < 120)
    }

    @Test func anInterpolatingSpringWithTheDragsVelocityIsContinuous() throws {
        // interpolatingSpring's initialVelocity is a fraction of the change per second: the
        // drag's 300 pt/s over a change of −120 pt is −2.5. It combines (adds) with the tracker,
        // which shows the model: the square starts at 120 moving at +300 pt/s.
        let (_, _, xs) = try flick { x, v in .interpolatingSpring(stiffness: 170, damping: 15, initialVelocity: v / (0 - x)) }
        // Against the closed form of that spring started at 120 with +300 pt/s.
        let spring = Spring(mass: 1, stiffness: 170, damping: 15)
        for (k, x) in xs.enumerated() {
            let expected = 120 + spring.value(target: -120.0, initialVelocity: 300, time: Double(k + 1) / 60)
            #expect(abs(x - expected) < 0.05, "frame \(k): \(x) vs \(expected)")
        }
        #expect(xs[0] > 120)
    }

    /// A drag released with no animation: the tracker holds the value and wants no frames (it
    /// kept 2 s of frames and body re-runs coming before), and ends 2 s after its last sample.
    @Test func aTrackerHoldingTheValueWantsNoFramesAndEnds() throws {
        struct Stay: View {
            @State private var x: CGFloat = 0
            var body: some View {
                Color.red.frame(width: 40, height: 40).offset(x: x)
                    .gesture(DragGesture(minimumDistance: 0).onChanged { x = $0.translation.width })
            }
        }
        let h = HeadlessHost(width: 400, height: 100, text: FixedAdvanceText()) { Stay() }
        h.drag(from: CGPoint(x: 200, y: 50), to: CGPoint(x: 260, y: 50), duration: 0.2)
        h.advance(by: 1.0 / 60)
        let graph = h.renderer.graph
        #expect(graph.animators.count == 1 && graph.animators[0].holdsUntil != nil)
        #expect(!h.renderer.needsFrame(at: h.time + 1.0 / 60))
        let frames = h.frameCount
        h.advance(by: 1)
        #expect(h.frameCount - frames <= 1)
        let end = try #require(graph.animators.first?.holdsUntil)
        #expect(abs(try #require(h.renderer.nextWakeup) - end) < 1e-9)
        h.advance(by: 1.5)
        #expect(graph.animators.isEmpty)
        #expect(presentedX(try #require(offsetNode(h))) == 60)
    }

    /// A release spring after a pause still takes over the holding tracker (and its frames run).
    @Test func aSpringAfterAHoldAnimates() throws {
        let (h, _, _) = try flick { _, _ in .spring(duration: 0.5) }
        h.advance(by: 0.1)
        let node = try #require(offsetNode(h))
        #expect(try #require(presentedX(node)) < 120)
        h.advance(by: 2)
        #expect(presentedX(node) == 0)
    }
}
