// Insertion and removal with transitions through HeadlessHost: a removed view stays, animates
// out and only then goes (onDisappear then), an inserted one animates in from its active
// state, an if/else swap runs both at once, interruptions reverse from where they are, and no
// node is left behind.
import Testing
@testable import Kiosk

final class EventLog { var events: [(String, Double)] = [] }

private struct Swap: View {
    @State var show = false
    let log: EventLog
    let now: () -> Double
    var body: some View {
        ZStack {
            if !show {
                Color.red.frame(width: 40, height: 40)
                    .onAppear { log.events.append(("red appeared", now())) }
                    .onDisappear { log.events.append(("red disappeared", now())) }
            } else {
                Color.blue.frame(width: 40, height: 40)
                    .transition(.scale(scale: 0.1, anchor: .bottomTrailing))
                    .zIndex(1)
                    .onAppear { log.events.append(("blue appeared", now())) }
            }
        }
        .frame(width: 100, height: 100)
        .contentShape(Rectangle())
        .onTapGesture { withAnimation(.linear(duration: 1)) { show.toggle() } }
    }
}

private func liveNodes(_ host: HeadlessHost) -> Int { host.allNodes.filter { !$0.isRemoved }.count }

@MainActor @Suite struct TransitionEngineTests {
    @Test func ifElseSwapRemovesAfterTheAnimationAndInsertsFromTheActiveState() {
        let log = EventLog()
        final class Ref { weak var host: HeadlessHost? }   // weak: the host holds the view that reads it (LeakSanitizer)
        let ref = Ref()
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) { Swap(log: log, now: { ref.host?.time ?? 0 }) }
        ref.host = host
        let before = liveNodes(host)
        host.tap(x: 50, y: 50)
        // Blue appeared at once; red is still there, fading (default transition .opacity).
        #expect(log.events.map(\.0) == ["red appeared", "blue appeared"])
        host.advance(by: 0.5 - 1.0 / 60)
        let s = host.snapshot()
        // Red at half opacity over white in the top-left (blue, scaled about the
        // bottom-trailing corner, does not reach there yet): 255, 157, 151.
        let px = rgba(s, 32, 32)
        #expect(abs(Int(px[1]) - 157) <= 2 && px[0] == 255, "\(px)")
        // Blue is drawn above red (zIndex 1) in the bottom-right corner, half scaled.
        #expect(rgba(s, 68, 68) == [0, 122, 255, 255])
        host.advance(by: 0.6)
        #expect(log.events.map(\.0) == ["red appeared", "blue appeared", "red disappeared"])
        let gone = log.events[2].1
        #expect(gone > 0.99 && gone < 1.1, "onDisappear at the end of the removal: \(gone)")
        #expect(rgba(host.snapshot(), 32, 32) == [0, 122, 255, 255])
        // Back again: a view inserted with a transition keeps its host (the transition's
        // modifiers at identity, 3 nodes); further round trips leave the count where it is.
        host.tap(x: 50, y: 50)
        host.advance(by: 1.2)
        let after = liveNodes(host)
        #expect(after <= before + 3)
        for _ in 0..<4 { host.tap(x: 50, y: 50); host.advance(by: 1.2) }
        #expect(liveNodes(host) == after)
    }

    @Test func interruptedRemovalReturnsFromWhereItIs() {
        struct V: View {
            @State var show = true
            var body: some View {
                ZStack {
                    if show { Color.green.frame(width: 40, height: 40) }
                }
                .frame(width: 100, height: 100).contentShape(Rectangle())
                .onTapGesture { withAnimation(.linear(duration: 1)) { show.toggle() } }
            }
        }
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) { V() }
        let start = liveNodes(host)
        host.tap(x: 50, y: 50)                         // removal starts
        host.advance(by: 0.5 - 1.0 / 60)
        let mid = host.allNodes.compactMap { $0.valueAnimator?.presentedValue as? Double }
        #expect(mid.count == 1 && abs(mid[0] - 0.5) < 1e-6)
        host.tap(x: 50, y: 50)                         // re-inserted: back from 0.5
        host.advance(by: 1.0 / 60)
        let back = host.allNodes.compactMap { $0.valueAnimator?.presentedValue as? Double }
        #expect(back.count == 1 && back[0] > 0.45 && back[0] < 0.6, "\(back)")
        host.advance(by: 1.5)
        #expect(host.allNodes.allSatisfy { $0.valueAnimator == nil })
        #expect(rgba(host.snapshot(), 50, 50)[3] == 255)
        #expect(liveNodes(host) == start + 2 || liveNodes(host) == start + 3)   // the host and its opacity modifier stay
    }

    @Test func thousandInsertRemoveCyclesLeaveNoNodeBehind() {
        struct V: View {
            @State var n = 0
            var body: some View {
                VStack {
                    Text("\(n)").id(n)
                    if n % 2 == 0 { Color.red.frame(width: 10, height: 10) }
                }
                .onTapGesture { withAnimation(.linear(duration: 0.05)) { n += 1 } }
            }
        }
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) { V() }
        host.tap(x: 50, y: 45); host.tap(x: 50, y: 45)
        host.advance(by: 0.2)
        let base = liveNodes(host)
        for _ in 0..<500 {
            host.tap(x: 50, y: 45)
            host.tap(x: 50, y: 45)
        }
        host.advance(by: 0.5)
        #expect(liveNodes(host) <= base + 4, "\(liveNodes(host)) live nodes, started at \(base)")
        #expect(host.renderer.graph.animators.isEmpty)
    }
}

@Suite struct TransitionStormTests {
    /// 2400 `.id` changes in one second of virtual time, each its own `withAnimation` (so each
    /// commits on its own and starts a cross-fade): frames keep up, and when the fades end the
    /// tree is back to one text.
    @Test func thousandsOfIDChangesInOneSecond() {
        struct V: View {
            @State var n = 0
            var body: some View {
                Text("\(n)").transition(.opacity).id(n)
                    .frame(width: 100, height: 40).contentShape(Rectangle())
                    .onTapGesture { for _ in 0..<40 { withAnimation(.easeInOut(duration: 0.3)) { n += 1 } } }
            }
        }
        let host = HeadlessHost(width: 100, height: 40, text: FixedAdvanceText()) { V() }
        let start = host.allNodes.filter { !$0.isRemoved }.count
        for _ in 0..<60 { host.tap(x: 50, y: 20) }          // 60 taps, one per 1/60 s
        #expect(host.warnings.isEmpty)
        host.advance(by: 1)
        let texts = host.allNodes.filter { !$0.isRemoved && $0.view is Text }
        #expect(texts.count == 1)
        #expect((texts.first?.view as? Text)?.string == "2400")
        #expect(host.allNodes.filter { !$0.isRemoved }.count <= start + 3)
        #expect(host.renderer.graph.animators.isEmpty)
    }
}
