// KeyframeTimeline's math against hand-computed Hermite/spring values, and KeyframeAnimator end
// to end (looping, once per trigger, only the content closure re-evaluating, idle when done).
import Testing
@testable import Kiosk

private struct Values { var scale = 1.0; var y = 0.0 }

/// The cubic Hermite basis, written out independently of the timeline's code.
private func hermite(_ p0: Double, _ m0: Double, _ p1: Double, _ m1: Double, d: Double, s: Double) -> Double {
    let h00 = (1 + 2 * s) * (1 - s) * (1 - s), h10 = s * (1 - s) * (1 - s)
    let h01 = s * s * (3 - 2 * s), h11 = s * s * (s - 1)
    return h00 * p0 + h10 * d * m0 + h01 * p1 + h11 * d * m1
}

@Suite struct KeyframeTimelineTests {
    @Test func linearKeyframesRunInSequence() {
        let t = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(100.0, duration: 1)
            LinearKeyframe(50.0, duration: 0.5)
        }
        #expect(t.duration == 1.5)
        #expect(abs(t.value(time: 0.5) - 50) < 1e-9)
        #expect(abs(t.value(time: 1.25) - 75) < 1e-9)
        #expect(t.value(time: 9) == 50)          // holds the end value
        #expect(t.value(time: -1) == 0)          // before the start: the initial value
        #expect(t.value(time: .nan) == 0)
        #expect(abs(t.value(progress: 0.5) - 75) < 1e-9)
    }

    @Test func timingCurvesShapeLinearKeyframes() {
        let t = KeyframeTimeline(initialValue: 0.0) { LinearKeyframe(1.0, duration: 2, timingCurve: .easeInOut) }
        #expect(abs(t.value(time: 0.5) - UnitCurve.easeInOut.value(at: 0.25)) < 1e-12)
        #expect(abs(t.value(time: 0.5) - 0.129162) < 1e-5)     // notes §1
    }

    @Test func adjacentCubicKeyframesAreACatmullRomSpline() {
        let t = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10.0, duration: 1)
            CubicKeyframe(30.0, duration: 1)
            CubicKeyframe(30.0, duration: 2)
        }
        // Knot 1 tangent (30 − 0) / (2 − 0) = 15; knot 2 (30 − 10) / (4 − 1); ends at rest.
        let k1 = 15.0, k2 = 20.0 / 3
        #expect(abs(t.value(time: 0.5) - hermite(0, 0, 10, k1, d: 1, s: 0.5)) < 1e-9)
        #expect(abs(t.value(time: 0.5) - 3.125) < 1e-9)
        #expect(abs(t.value(time: 1.25) - hermite(10, k1, 30, k2, d: 1, s: 0.25)) < 1e-9)
        #expect(abs(t.value(time: 3) - hermite(30, k2, 30, 0, d: 2, s: 0.5)) < 1e-9)
        // Passes through every keyframe, with a continuous velocity at the knots.
        #expect(abs(t.value(time: 1) - 10) < 1e-9)
        let h = 1e-6
        let left = (t.value(time: 1) - t.value(time: 1 - h)) / h
        let right = (t.value(time: 1 + h) - t.value(time: 1)) / h
        #expect(abs(left - k1) < 1e-3 && abs(right - k1) < 1e-3)
    }

    @Test func cubicVelocitiesGivenOrBorrowedFromNeighbours() {
        let given = KeyframeTimeline(initialValue: 0.0) { CubicKeyframe(10.0, duration: 1, startVelocity: 20, endVelocity: 0) }
        #expect(abs(given.value(time: 0.5) - 7.5) < 1e-9)
        // After a linear keyframe the cubic one starts with its end velocity (10/s).
        let borrowed = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10.0, duration: 1)
            CubicKeyframe(10.0, duration: 1)
        }
        #expect(abs(borrowed.value(time: 1.5) - hermite(10, 10, 10, 0, d: 1, s: 0.5)) < 1e-9)
        #expect(abs(borrowed.value(time: 1.5) - 11.25) < 1e-9)
        // Before a linear keyframe it ends with that keyframe's start velocity (−20/s).
        let before = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10.0, duration: 1)
            LinearKeyframe(0.0, duration: 0.5)
        }
        #expect(abs(before.value(time: 0.5) - hermite(0, 0, 10, -20, d: 1, s: 0.5)) < 1e-9)
    }

    @Test func springKeyframesFollowTheSpringAndHandOverTheirState() {
        let spring = Spring(duration: 0.5, bounce: 0.2)
        let t = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(100.0, duration: 0.3, spring: spring)
            LinearKeyframe(0.0, duration: 1)
        }
        #expect(abs(t.value(time: 0.15) - spring.value(target: 100.0, time: 0.15)) < 1e-9)
        let handover = spring.value(target: 100.0, time: 0.3)
        #expect(handover < 99)                                 // not settled at 0.3 s
        #expect(abs(t.value(time: 0.3) - handover) < 1e-9)     // the next keyframe starts there
        #expect(abs(t.value(time: 0.8) - handover / 2) < 1e-9)
        // Without a duration: the spring's settling duration for this move.
        let settled = KeyframeTimeline(initialValue: 0.0) { SpringKeyframe(1.0) }
        #expect(abs(settled.duration - Spring().settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001)) < 1e-12)
        #expect(abs(settled.value(time: settled.duration) - 1) < 0.01)
        // A start velocity pushes it.
        let pushed = KeyframeTimeline(initialValue: 0.0) { SpringKeyframe(0.0, duration: 1, spring: spring, startVelocity: 50) }
        #expect(abs(pushed.value(time: 0.1) - spring.value(target: 0.0, initialVelocity: 50.0, time: 0.1)) < 1e-9)
        #expect(pushed.value(time: 0.1) > 1)
    }

    @Test func moveKeyframesJump() {
        let t = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10.0, duration: 1)
            MoveKeyframe(50.0)
            LinearKeyframe(60.0, duration: 1)
        }
        #expect(t.duration == 2)
        #expect(abs(t.value(time: 0.999) - 9.99) < 1e-9)
        #expect(t.value(time: 1) == 50)
        #expect(abs(t.value(time: 1.5) - 55) < 1e-9)
    }

    @Test func tracksRunInParallelOnTheirKeyPaths() {
        let t = KeyframeTimeline(initialValue: Values()) {
            KeyframeTrack(\.scale) { LinearKeyframe(2.0, duration: 1) }
            KeyframeTrack(\.y) {
                LinearKeyframe(-20.0, duration: 0.5)
                LinearKeyframe(0.0, duration: 1.5)
            }
        }
        #expect(t.duration == 2)
        let v = t.value(time: 0.5)
        #expect(abs(v.scale - 1.5) < 1e-9 && abs(v.y + 20) < 1e-9)
        let w = t.value(time: 1.25)
        #expect(w.scale == 2 && abs(w.y + 10) < 1e-9)
        // A whole-value track, and keyframes of other Animatable types.
        let p = KeyframeTimeline(initialValue: CGPoint.zero) {
            KeyframeTrack { LinearKeyframe(CGPoint(x: 10, y: 20), duration: 1) }
        }
        #expect(p.value(time: 0.5) == CGPoint(x: 5, y: 10))
        let a = KeyframeTimeline(initialValue: Angle.zero) { LinearKeyframe(Angle.degrees(90), duration: 1) }
        #expect(abs(a.value(time: 0.5).degrees - 45) < 1e-9)
    }

    @Test func badDurationsJumpAndEmptyTimelinesHoldTheInitialValue() {
        Diagnostics.printsWarnings = false
        defer { Diagnostics.printsWarnings = true }
        let t = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(5.0, duration: 0)
            CubicKeyframe(10.0, duration: -1)
            SpringKeyframe(20.0, duration: .nan)
            LinearKeyframe(30.0, duration: .infinity)
            LinearKeyframe(40.0, duration: 1)
        }
        #expect(t.duration == 1)
        #expect(abs(t.value(time: 0.5) - 35) < 1e-9)
        #expect(t.value(time: 0) == 0)
        let empty = KeyframeTimeline(initialValue: 3.0) {}
        #expect(empty.duration == 0)
        #expect(empty.value(time: 1) == 3)
        #expect(empty.value(progress: 0.5) == 3)
    }
}

// MARK: - KeyframeAnimator

final class EvalCounter: @unchecked Sendable { var parent = 0; var content = 0 }

/// The model x offset of the first live `_OffsetEffect`.
private func modelOffsetX(_ host: HeadlessHost) -> Double? {
    for node in host.allNodes where !node.isRemoved {
        if let e = (node.view as? any ModifierCarrier)?.anyModifier as? _OffsetEffect { return Double(e.offset.width) }
    }
    return nil
}

private struct Looping: View {
    let counter: EvalCounter
    var body: some View {
        let _ = counter.parent += 1
        KeyframeAnimator(initialValue: 0.0) { x in
            let _ = counter.content += 1
            Color.red.frame(width: 10, height: 10).offset(x: x)
        } keyframes: { _ in
            LinearKeyframe(100.0, duration: 1)
        }
    }
}

private struct Bouncing: View {
    @State var taps = 0
    var body: some View {
        Color.blue.frame(width: 10, height: 10)
            .keyframeAnimator(initialValue: 0.0, trigger: taps) { content, x in
                content.offset(x: x)
            } keyframes: { start in
                LinearKeyframe(start + 60, duration: 0.5)
                LinearKeyframe(start, duration: 0.5)
            }
            .frame(width: 200, height: 100)
            .contentShape(Rectangle())
            .onTapGesture { taps += 1 }
    }
}

@Suite struct KeyframeAnimatorTests {
    @Test func repeatingLoopsAndOnlyTheContentReEvaluates() throws {
        let counter = EvalCounter()
        let host = HeadlessHost(width: 300, height: 50) { Looping(counter: counter) }
        host.advance(by: 0.5)
        #expect(abs(try #require(modelOffsetX(host)) - 50) < 2)
        host.advance(by: 0.75)
        #expect(abs(try #require(modelOffsetX(host)) - 25) < 2)      // looped at 1 s
        #expect(counter.parent == 1)
        #expect(counter.content > 60)
        #expect(host.warnings.isEmpty)
    }

    @Test func aTriggerPlaysOnceAndThenIdles() throws {
        let host = HeadlessHost(width: 200, height: 100) { Bouncing() }
        host.advance(by: 0.5)
        #expect(try #require(modelOffsetX(host)) == 0)
        let idle = host.frameCount
        host.advance(by: 1)
        #expect(host.frameCount == idle)
        host.tap(x: 100, y: 50)
        host.advance(by: 0.25)
        #expect(abs(try #require(modelOffsetX(host)) - 30) < 3)
        host.advance(by: 0.5)
        #expect(abs(try #require(modelOffsetX(host)) - 30) < 3)      // on the way back
        host.advance(by: 0.5)
        #expect(try #require(modelOffsetX(host)) == 0)
        let done = host.frameCount
        host.advance(by: 1)
        #expect(host.frameCount == done)
        host.tap(x: 100, y: 50)
        host.advance(by: 0.5)
        #expect(abs(try #require(modelOffsetX(host)) - 60) < 3)
    }
}
