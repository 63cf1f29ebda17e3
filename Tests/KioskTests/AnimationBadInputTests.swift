// Bad input to the animation engine: each a documented result, never a crash, a hang, or
// frames that never stop.
import Testing
@testable import Kiosk

private struct Target: View {
    @State var x: Double = 0
    let to: Double
    let animation: Animation
    var body: some View {
        Color.red.frame(width: 10, height: 10).offset(x: x)
            .onTapGesture { withAnimation(animation) { x = to } }
    }
}

@MainActor @Suite struct AnimationBadInputTests {
    private func settles(_ host: HeadlessHost, within seconds: Double) -> Bool {
        host.advance(by: seconds)
        let frames = host.frameCount
        host.advance(by: 0.5)
        return host.frameCount == frames && host.renderer.graph.animators.isEmpty
    }

    @Test func animatingTowardNaNOrInfinityJumpsAndStops() {
        for to in [Double.nan, .infinity, -.infinity] {
            let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) { Target(to: to, animation: .linear(duration: 1)) }
            host.tap(x: 50, y: 50)
            #expect(host.renderer.graph.animators.isEmpty, "\(to)")
            #expect(settles(host, within: 0.1))
        }
    }

    @Test func degenerateDurationsEndAtOnceOrSoon() {
        for a in [Animation.linear(duration: 0), .linear(duration: -1), .linear(duration: .nan), .easeIn(duration: .infinity),
                  .spring(response: 0, dampingFraction: 0.5), .spring(response: -1, dampingFraction: 2), .linear(duration: 1).speed(0),
                  .linear(duration: 1).speed(-2), .linear(duration: 0.2).repeatCount(0), .linear(duration: 0.2).repeatCount(-3),
                  .linear(duration: 0.2).delay(.nan), .interpolatingSpring(mass: 0, stiffness: -1, damping: 0)] {
            let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) { Target(to: 40, animation: a) }
            host.tap(x: 50, y: 50)
            #expect(settles(host, within: 30), "\(a) keeps animating")
        }
    }

    @Test func repeatForeverStopsWithItsView() {
        struct V: View {
            @State var shown = true
            @State var spin = false
            var body: some View {
                VStack {
                    if shown {
                        Color.red.frame(width: 10, height: 10).rotationEffect(.degrees(spin ? 360 : 0))
                            .onAppear { withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { spin = true } }
                    }
                    Color.blue.frame(width: 40, height: 40).onTapGesture { shown = false }
                }
            }
        }
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) { V() }
        host.advance(by: 2)
        #expect(!host.renderer.graph.animators.isEmpty)
        host.tap(x: 50, y: 70)
        host.advance(by: 0.2)
        let frames = host.frameCount
        host.advance(by: 1)
        #expect(host.renderer.graph.animators.isEmpty)
        #expect(host.frameCount == frames)
    }

    @Test func withAnimationInsideABodyWarnsAndAppliesNextFrame() {
        struct V: View {
            @State var n = 0
            var body: some View {
                let _ = n == 0 ? withAnimation { n = 1 } : ()
                return Color.red.frame(width: 10, height: 10).offset(x: Double(n) * 10)
            }
        }
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) { V() }
        host.advance(by: 1)
        #expect(host.warnings.contains { $0.contains("Modifying state during view update") })
        #expect(settles(host, within: 1))
    }
}
