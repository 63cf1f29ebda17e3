// The animation engine end to end through HeadlessHost: transactions reach the attributes they
// change, animations start at their commit (the first frame after a tap moves), the presented
// values follow the curve frame by frame, completions fire once, and idle means no frames.
import Testing
@testable import Kiosk
@testable import KioskScenes

/// The running offsets of every animated _OffsetEffect, _OpacityEffect … (presented data).
private func presented<V>(_ host: HeadlessHost, _: V.Type) -> [V] {
    host.allNodes.compactMap { $0.valueAnimator?.presentedValue as? V }
}

/// The first live node whose modifier is an `M`.
private func node<M>(_ host: HeadlessHost, modifier: M.Type) -> Node? {
    host.allNodes.first { ($0.view as? any ModifierCarrier)?.anyModifier is M && !$0.isRemoved }
}

private struct Slider: View {
    @State var moved = false
    var body: some View {
        Color.red.frame(width: 20, height: 20)
            .offset(x: moved ? 100 : 0)
            .onTapGesture { withAnimation(.linear(duration: 1)) { moved.toggle() } }
    }
}

@MainActor @Suite struct AnimationEngineTests {
    @Test func offsetFollowsTheCurveFromTheFirstFrameAfterTheTap() throws {
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) { Slider() }
        host.advance(by: 0.1)
        host.tap(x: 100, y: 50)     // touch at t, then one frame at t + 1/60
        let effect = try #require(node(host, modifier: _OffsetEffect.self))
        let model = try #require((effect.view as? any ModifierCarrier)?.anyModifier as? _OffsetEffect)
        // The first frame after the tap already moved one frame's worth: 100 × (1/60) / 1 s.
        #expect(abs(effect.presented(model).offset.width - 100.0 / 60) < 1e-9)
        for k in 2...59 {
            host.advance(by: 1.0 / 60)
            #expect(abs(effect.presented(model).offset.width - 100.0 * Double(k) / 60) < 1e-6, "frame \(k)")
        }
        host.advance(by: 2.0 / 60)
        #expect(effect.presented(model).offset.width == 100)
        #expect(effect.valueAnimator == nil)
        #expect(host.renderer.graph.animators.isEmpty)
        // Idle: no frame is drawn when nothing moves.
        let frames = host.frameCount
        host.advance(by: 1)
        #expect(host.frameCount == frames)
    }

    @Test func pixelsMoveWithTheAnimation() {
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) { Slider() }
        host.tap(x: 100, y: 50)
        host.advance(by: 0.5 - 1.0 / 60)
        // At 0.5 s the square's left edge is at its layout x (90) + 50.
        #expect(rgba(host.snapshot(), 90 + 50 + 2, 50) == [255, 59, 48, 255])
        #expect(rgba(host.snapshot(), 90 + 50 - 2, 50) == [255, 255, 255, 255])
        host.advance(by: 1)
        #expect(rgba(host.snapshot(), 90 + 100 + 2, 50) == [255, 59, 48, 255])
    }
}

private struct Widening: View {
    @State var wide = false
    var body: some View {
        Color.blue.frame(width: wide ? 200 : 100, height: 10)
            .onTapGesture { withAnimation(.linear(duration: 1)) { wide = true } }
    }
}

@MainActor @Suite struct LayoutAnimationTests {
    @Test func aFrameChangeGlides() throws {
        let host = HeadlessHost(width: 300, height: 100, text: FixedAdvanceText()) { Widening() }
        let frameNode = try #require(node(host, modifier: _FrameLayout.self))
        #expect(frameNode.frame.width == 100)
        host.tap(x: 150, y: 50)
        host.advance(by: 0.5 - 1.0 / 60)
        #expect(abs(frameNode.frame.width - 150) < 1e-6)
        #expect(abs(frameNode.frame.minX - 75) < 1e-6)      // centred: from 100 to 50
        #expect(frameNode.layoutFrame.width == 200)
        host.advance(by: 0.6)
        #expect(frameNode.frame == frameNode.layoutFrame)
        #expect(frameNode.frameAnimator == nil)
    }
}

private struct TwoWrites: View {
    @State var count = 1
    @State var visible = true
    var body: some View {
        ZStack {
            Color.red.frame(width: 10, height: 10).opacity(visible ? 0 : 1)
            Color.blue.frame(width: 10, height: 10).opacity(visible ? 1 : 0)
        }
        .onTapGesture {
            count += 1
            visible = false
            withAnimation(.linear(duration: 1)) { visible = true }
        }
    }
}

@MainActor @Suite struct TransactionTests {
    @Test func aWriteBeforeWithAnimationIsCommittedFirst() {
        // Seed 004's trick: visible = false is committed without animation, so the animated
        // visible = true starts from it (blue fades in from 0, red out from 1).
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) { TwoWrites() }
        host.tap(x: 50, y: 50)
        host.advance(by: 0.5 - 1.0 / 60)
        let opacities = presented(host, Double.self).sorted()
        #expect(opacities.count == 2)
        #expect(opacities.allSatisfy { abs($0 - 0.5) < 1e-6 })
    }

    @Test func animationValueModifierAnimatesPlainChangesAndNilBlocksWithAnimation() throws {
        struct V: View {
            @State var on = false
            var body: some View {
                VStack {
                    Color.red.frame(width: 10, height: 10).offset(x: on ? 50 : 0).animation(.linear(duration: 1), value: on)
                    Color.blue.frame(width: 10, height: 10).offset(x: on ? 50 : 0).animation(nil, value: on)
                }
                .onTapGesture { on.toggle() }
            }
        }
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) { V() }
        host.tap(x: 50, y: 40)
        host.advance(by: 0.5 - 1.0 / 60)
        #expect(presented(host, AnimatablePair<Double, Double>.self).map(\.first) == [25])
    }

    @Test func completionFiresOnceAtTheEndAndAtOnceWhenNothingAnimates() {
        final class Log { var times: [Double] = [] }
        let log = Log()
        struct V: View {
            @State var x = 0.0
            let log: Log
            let clock: () -> Double
            var body: some View {
                Color.red.frame(width: 10, height: 10).offset(x: x)
                    .onTapGesture {
                        withAnimation(.linear(duration: 0.5)) { x += 10 } completion: { log.times.append(clock()) }
                    }
            }
        }
        // The clock reads the host through a weak box: the host holds the view (LeakSanitizer
        // reported the cycle a captured `var host` made).
        final class Ref { weak var host: HeadlessHost? }
        let ref = Ref()
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) { V(log: log, clock: { ref.host?.time ?? 0 }) }
        ref.host = host
        host.tap(x: 50, y: 50)
        host.advance(by: 1)
        #expect(log.times.count == 1)
        #expect(abs(log.times[0] - (0.5 + 1.0 / 60)) < 1e-6)
        // A change to the same value animates nothing: the completion fires after the next frame.
        host.renderer.graph.withSink {
            withAnimation(.linear(duration: 0.5)) {} completion: { log.times.append(host.time) }
        }
        host.advance(by: 1.0 / 60)
        #expect(log.times.count == 2)
    }
}

/// Seed 000's observer: records every write of its data.
private struct WriteRecorder: AnimatableModifier {
    final class Log { var writes: [Double] = [] }
    let log: Log
    var animatableData: Double { didSet { log.writes.append(animatableData) } }
    init(value: Double, log: Log) { self.log = log; animatableData = value }
    func body(content: Content) -> some View { content }
}

@MainActor @Suite struct AnimatableDataWriteTests {
    @Test func writesEveryFrameAndTheExactTargetOnceAtTheEnd() {
        let log = WriteRecorder.Log()
        struct V: View {
            @State var value = 0.0
            let log: WriteRecorder.Log
            var body: some View {
                Color.red.frame(width: 10, height: 10).modifier(WriteRecorder(value: value, log: log))
                    .onTapGesture { withAnimation(.linear(duration: 0.5)) { value = 1 } }
            }
        }
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) { V(log: log) }
        host.advance(by: 0.2)
        #expect(log.writes.isEmpty)          // no animation, no writes
        host.tap(x: 50, y: 50)
        host.advance(by: 1)
        #expect(log.writes.filter { $0 == 1 }.count == 1)
        #expect(log.writes.last == 1)
        #expect(log.writes.count >= 29 && log.writes.count <= 33)
        let sorted = log.writes.sorted()
        #expect(sorted == log.writes)        // monotonic along a linear curve
        let before = log.writes.count
        host.advance(by: 1)
        #expect(log.writes.count == before)
    }
}

@MainActor @Suite struct AnimatableShapeTests {
    @Test func shapeDataDrivesThePathEveryFrame() throws {
        struct V: View {
            @State var rows = 4
            @State var columns = 4
            var body: some View {
                Checkerboard(rows: rows, columns: columns)
                    .onTapGesture { withAnimation(.linear(duration: 3)) { rows = 8; columns = 16 } }
            }
        }
        let host = HeadlessHost(width: 160, height: 80, text: FixedAdvanceText()) { V() }
        host.tap(x: 80, y: 40)
        host.advance(by: 1.5 - 1.0 / 60)
        let board = try #require(host.allNodes.first { $0.view is Checkerboard })
        let shown = try #require(board.view as? Checkerboard)
        #expect(shown.rows == 6 && shown.columns == 10)
        host.advance(by: 2)
        let final = try #require(board.view as? Checkerboard)
        #expect(final.rows == 8 && final.columns == 16)
    }
}
