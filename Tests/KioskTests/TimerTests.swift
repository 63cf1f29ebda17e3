// Timers, Timer.publish and DispatchQueue.main.asyncAfter on the screen's clock: virtual under
// HeadlessHost and VirtualRun (what `kiosk snapshot`/`record` drive), so advancing a second of
// virtual time takes milliseconds and fires exactly the fires that second holds.
import Testing
@testable import Kiosk
import Raster

struct TimerCounter: View {
    let interval: Double
    let repeats: Bool
    let stopAt: Int
    @State var ticks = 0
    var body: some View {
        Text("ticks \(ticks)").onAppear {
            Timer.scheduledTimer(withTimeInterval: interval, repeats: repeats) { t in
                ticks += 1
                if ticks == stopAt { t.invalidate() }
            }
        }
    }
}

struct PublishedTicks: View {
    let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    @State var ticks = 0
    @State var last: Date?
    var body: some View {
        Text("published \(ticks)").onReceive(timer) { date in ticks += 1; last = date }
    }
}

struct Sequenced: View {
    @State var step = "start"
    var body: some View {
        Text(step).onAppear {
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { step = "half" }
            DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) { step = "done" }
        }
    }
}

final class Clocked: ObservableObject {
    @Published var seconds = 0
    var timer: Timer?
    init() {
        // Made while the host builds its content: joins that host's clock.
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in self?.seconds += 1 }
    }
}

struct ShowsClocked: View {
    @ObservedObject var model: Clocked
    var body: some View { Text("s \(model.seconds)") }
}

@Suite struct TimerTests {
    @Test func repeatingTimerFollowsVirtualTime() {
        let host = HeadlessHost(width: 200, height: 60, text: FixedAdvanceText()) {
            TimerCounter(interval: 0.25, repeats: true, stopAt: 100)
        }
        host.advance(by: 0.24)
        #expect(host.frame(ofText: "ticks 0") != nil)
        host.advance(by: 0.01)                    // 15 frames = 0.25 s
        #expect(host.frame(ofText: "ticks 1") != nil)
        host.advance(by: 0.75)
        #expect(host.frame(ofText: "ticks 4") != nil)
    }

    @Test func invalidateStopsTheTimerAndItsWakeUps() {
        let host = HeadlessHost(width: 200, height: 60, text: FixedAdvanceText()) {
            TimerCounter(interval: 0.1, repeats: true, stopAt: 3)
        }
        host.advance(by: 1)
        #expect(host.frame(ofText: "ticks 3") != nil)
        #expect(host.renderer.nextWakeup == nil)
        let frames = host.frameCount
        host.advance(by: 1)
        #expect(host.frameCount == frames)
    }

    @Test func zeroAndNegativeIntervalsFireOncePerFrame() {
        for interval in [0.0, -5, .nan] {
            let host = HeadlessHost(width: 200, height: 60, text: FixedAdvanceText()) {
                TimerCounter(interval: interval, repeats: true, stopAt: 1000)
            }
            host.advance(by: 10.0 / 60)
            // Scheduled at the first frame, then one fire per frame (missed fires are not replayed).
            let n = (9...11).first { host.frame(ofText: "ticks \($0)") != nil }
            #expect(n != nil, "interval \(interval)")
        }
        let once = HeadlessHost(width: 200, height: 60, text: FixedAdvanceText()) {
            TimerCounter(interval: -1, repeats: false, stopAt: 1000)
        }
        once.advance(by: 0.5)
        #expect(once.frame(ofText: "ticks 1") != nil)
    }

    @Test func infiniteIntervalNeverFires() {
        let host = HeadlessHost(width: 200, height: 60, text: FixedAdvanceText()) {
            TimerCounter(interval: .infinity, repeats: true, stopAt: 1000)
        }
        host.advance(by: 5)
        #expect(host.frame(ofText: "ticks 0") != nil)
        #expect(host.renderer.nextWakeup == nil)
    }

    @Test func timerPublishAutoconnectWithOnReceive() {
        let host = HeadlessHost(width: 200, height: 60, text: FixedAdvanceText()) { PublishedTicks() }
        host.advance(by: 0.99)
        #expect(host.frame(ofText: "published 0") != nil)
        host.advance(by: 2.02)
        #expect(host.frame(ofText: "published 3") != nil)
    }

    @Test func timerPublisherStopsWhenTheViewGoes() {
        struct Toggler: View {
            @State var shown = true
            var body: some View {
                VStack(spacing: 30) {
                    if shown { PublishedTicks() }
                    Text("hide").onTapGesture { shown = false }
                }
            }
        }
        let host = HeadlessHost(width: 200, height: 120, text: FixedAdvanceText()) { Toggler() }
        host.advance(by: 1.01)
        #expect(host.frame(ofText: "published 1") != nil)
        let hide = host.frame(ofText: "hide")!
        host.tap(x: Double(hide.midX), y: Double(hide.midY))
        #expect(host.frame(ofText: "published 1") == nil)
        #expect(host.renderer.nextWakeup == nil)
    }

    @Test func asyncAfterOnMainFollowsVirtualTime() {
        let host = HeadlessHost(width: 200, height: 60, text: FixedAdvanceText()) { Sequenced() }
        host.advance(by: 0.45)
        #expect(host.frame(ofText: "start") != nil)
        host.advance(by: 0.1)
        #expect(host.frame(ofText: "half") != nil)
        host.advance(by: 1)
        #expect(host.frame(ofText: "done") != nil)
    }

    @Test func cancelledWorkItemDoesNotRun() {
        struct Cancels: View {
            @State var label = "waiting"
            var body: some View {
                Text(label).onAppear {
                    let item = DispatchWorkItem { label = "ran" }
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.2, execute: item)
                    let other = DispatchWorkItem { label = "other" }
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.3, execute: other)
                    item.cancel()
                }
            }
        }
        let host = HeadlessHost(width: 200, height: 60, text: FixedAdvanceText()) { Cancels() }
        host.advance(by: 0.25)
        #expect(host.frame(ofText: "waiting") != nil)
        host.advance(by: 0.1)
        #expect(host.frame(ofText: "other") != nil)
    }

    @Test func timerMadeWhileBuildingContentJoinsThatHost() {
        let host = HeadlessHost(width: 200, height: 60, text: FixedAdvanceText()) { ShowsClocked(model: Clocked()) }
        host.advance(by: 2.01)
        #expect(host.frame(ofText: "s 2") != nil)
    }

    @Test func fireAndValidity() {
        var fired = 0
        let t = Timer(timeInterval: 10, repeats: false) { _ in fired += 1 }
        #expect(t.isValid)
        #expect(t.fireDate == .distantFuture)       // not scheduled
        t.fire()
        #expect(fired == 1 && !t.isValid)
        t.fire()
        #expect(fired == 1)
        let r = Timer(timeInterval: 10, repeats: true) { _ in fired += 1 }
        r.fire()
        #expect(fired == 2 && r.isValid)
        r.invalidate()
        #expect(!r.isValid)
    }

    @Test func runLoopAddSchedulesAndFireDateIsOnTheScreensClock() {
        struct Added: View {
            @State var label = "idle"
            var body: some View {
                Text(label).onAppear {
                    let t = Timer(timeInterval: 0.5, repeats: false) { _ in label = "fired" }
                    RunLoop.main.add(t, forMode: .common)
                }
            }
        }
        let host = HeadlessHost(width: 200, height: 60, text: FixedAdvanceText()) { Added() }
        host.advance(by: 0.4)
        #expect(host.frame(ofText: "idle") != nil)
        host.advance(by: 0.2)
        #expect(host.frame(ofText: "fired") != nil)
    }

    /// What `kiosk snapshot --at` and `kiosk record` drive: a ViewFrameSource on a virtual clock.
    @Test func virtualRunRendersTimerSequencedFrames() throws {
        var clock = 0.0
        let source = ViewFrameSource(width: 200, height: 60, now: { clock }) { Sequenced() }
        let run = try VirtualRun(source: source, width: 200, height: 60)
        run.onAdvance = { clock = $0 }
        run.run(until: 1.6)
        let labels = source.renderer.graph.root.allTexts
        #expect(labels.contains("done"))
    }
}

extension Node {
    var allTexts: [String] {
        var out: [String] = []
        func walk(_ n: Node) { if let t = n.view as? Text, !n.isRemoved { out.append(t.string) }; n.children.forEach(walk) }
        walk(self)
        return out
    }
}
