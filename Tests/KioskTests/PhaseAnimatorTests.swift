// PhaseAnimator end to end through HeadlessHost: the endless cycle (each step with the animation
// of the phase it moves to, the next step at the previous one's logical completion), the trigger
// form (one run per change, back to the first phase, then idle), and bad input.
import Testing
@testable import Kiosk

/// The presented x offset of the first live `_OffsetEffect`.
private func offsetX(_ host: HeadlessHost) -> Double? {
    guard let node = host.allNodes.first(where: { ($0.view as? any ModifierCarrier)?.anyModifier is _OffsetEffect && !$0.isRemoved }),
          let model = (node.view as? any ModifierCarrier)?.anyModifier as? _OffsetEffect else { return nil }
    return Double(node.presented(model).offset.width)
}

final class PhaseLog: @unchecked Sendable { var targets: [Double] = [] }

private struct Cycling: View {
    let log: PhaseLog
    var body: some View {
        PhaseAnimator([0.0, 100.0, 40.0]) { x in
            Color.red.frame(width: 10, height: 10).offset(x: x)
        } animation: { target in
            log.targets.append(target)
            return .linear(duration: target == 40 ? 0.5 : 1)
        }
    }
}

private struct Triggered: View {
    @State var taps = 0
    var body: some View {
        Color.blue.frame(width: 10, height: 10)
            .phaseAnimator([0.0, 60.0, 30.0], trigger: taps) { content, x in
                content.offset(x: x)
            } animation: { _ in .linear(duration: 0.5) }
            .frame(width: 200, height: 100)
            .contentShape(Rectangle())
            .onTapGesture { taps += 1 }
    }
}

@Suite struct PhaseAnimatorTests {
    @Test func cyclesForeverWithTheAnimationOfThePhaseMovedTo() throws {
        let log = PhaseLog()
        let host = HeadlessHost(width: 300, height: 50) { Cycling(log: log) }
        // Step 1: 0 → 100 over 1 s, started at appearance.
        host.advance(by: 0.5)
        #expect(abs(try #require(offsetX(host)) - 50) < 2)
        // Step 2 starts at step 1's completion: 100 → 40 over 0.5 s (the target's animation).
        host.advance(by: 0.75)
        #expect(abs(try #require(offsetX(host)) - 70) < 3)
        // Step 3: 40 → 0 over 1 s, then around again.
        host.advance(by: 0.75)
        #expect(abs(try #require(offsetX(host)) - 20) < 3)
        host.advance(by: 1)
        #expect(log.targets.prefix(4) == [100, 40, 0, 100])
        // It never settles: frames keep coming.
        let frames = host.frameCount
        host.advance(by: 1)
        #expect(host.frameCount > frames + 50)
        #expect(host.warnings.isEmpty)
    }

    @Test func aTriggerRunsThroughEveryPhaseOnceAndReturnsToTheFirst() throws {
        let host = HeadlessHost(width: 200, height: 100) { Triggered() }
        host.advance(by: 1)
        #expect(try #require(offsetX(host)) == 0)     // no trigger change yet: the first phase, still
        let idle = host.frameCount
        host.advance(by: 1)
        #expect(host.frameCount == idle)
        host.tap(x: 100, y: 50)
        host.advance(by: 0.25)
        #expect(abs(try #require(offsetX(host)) - 30) < 3)     // 0 → 60 halfway
        host.advance(by: 0.5)
        #expect(abs(try #require(offsetX(host)) - 45) < 3)     // 60 → 30 halfway
        host.advance(by: 0.5)
        #expect(abs(try #require(offsetX(host)) - 15) < 3)     // 30 → 0 halfway
        host.advance(by: 0.5)
        #expect(try #require(offsetX(host)) == 0)
        // The run is over: nothing more moves.
        let after = host.frameCount
        host.advance(by: 2)
        #expect(host.frameCount == after)
        // A second trigger runs it again.
        host.tap(x: 100, y: 50)
        host.advance(by: 0.25)
        #expect(abs(try #require(offsetX(host)) - 30) < 3)
    }

    @Test func emptyPhasesDrawNothingAndWarnOnce() {
        Diagnostics.printsWarnings = false
        defer { Diagnostics.printsWarnings = true }
        let host = HeadlessHost(width: 50, height: 50) {
            PhaseAnimator([Double]()) { x in Color.red.offset(x: x) }
        }
        host.advance(by: 0.5)
        #expect(host.warnings.filter { $0.contains("PhaseAnimator has no phases") }.count == 1)
        #expect(rgba(host.snapshot(), 25, 25) == [255, 255, 255, 255])
    }

    @Test func oneOrEqualPhasesSettle() {
        let host = HeadlessHost(width: 50, height: 50) {
            PhaseAnimator([7.0]) { x in Color.red.frame(width: 10, height: 10).offset(x: x) }
        }
        host.advance(by: 0.2)
        let frames = host.frameCount
        host.advance(by: 1)
        #expect(host.frameCount == frames)
    }
}
