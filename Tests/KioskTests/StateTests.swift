// State, identity and lifecycle: what SwiftUI does when state changes, views come and go,
// and ids change.
import Testing
@testable import Kiosk
import Raster

final class Log {
    var entries: [String] = []
    func add(_ s: String) { entries.append(s) }
}

final class Counts { var parent = 0, child = 0, sibling = 0, a = 0, b = 0 }

struct Counter: View {
    @State var count = 0
    var body: some View {
        Text("count \(count)").onTapGesture { count += 1 }
    }
}

struct Flip: View {
    let log: Log
    @State var show = false
    var body: some View {
        ZStack {
            if !show {
                Text("A").onAppear { log.add("appear A") }.onDisappear { log.add("disappear A") }
            } else {
                Text("B").onAppear { log.add("appear B") }.onDisappear { log.add("disappear B") }
            }
        }
        .onTapGesture { show.toggle() }
    }
}

struct Inner: View {
    @State var n = 0
    var body: some View { Text("n\(n)").onTapGesture { n += 1 } }
}

struct Outer: View {
    @State var generation = 0
    var body: some View {
        VStack(spacing: 40) {
            Inner().id(generation)
            Text("reset").onTapGesture { generation += 1 }
        }
    }
}

struct BindingChild: View {
    let counts: Counts
    @Binding var value: Int
    var body: some View {
        let _ = counts.child += 1
        Text("value \(value)").onTapGesture { value += 1 }
    }
}

struct Sibling: View {
    let counts: Counts
    var body: some View {
        let _ = counts.sibling += 1
        Text("sibling")
    }
}

struct BindingParent: View {
    let counts: Counts
    @State var value = 0
    var body: some View {
        let _ = counts.parent += 1
        VStack(spacing: 40) {
            BindingChild(counts: counts, value: $value)
            Sibling(counts: counts)
        }
    }
}

@Observable final class Model {
    var a = 0
    var b = 0
}

struct ShowsA: View {
    let model: Model
    let counts: Counts
    var body: some View {
        let _ = counts.a += 1
        Text("a\(model.a)")
    }
}

struct ShowsB: View {
    let model: Model
    let counts: Counts
    var body: some View {
        let _ = counts.b += 1
        Text("b\(model.b)")
    }
}

struct EnvironmentReader: View {
    @Environment(\.colorScheme) var scheme
    @Environment(Model.self) var model
    var body: some View { Text("\(scheme == .dark ? "dark" : "light") \(model.a)") }
}

struct ModifiesStateInBody: View {
    @State var n = 0
    func sideEffect() -> String {
        if n == 0 { n = 1 }
        return "n\(n)"
    }
    var body: some View { Text(sideEffect()) }
}

struct ChangeWatcher: View {
    let log: Log
    @State var value = 0
    var body: some View {
        Text("v\(value)")
            .onChange(of: value) { old, new in log.add("\(old)->\(new)") }
            .onTapGesture { value += 2 }
    }
}

struct Loader: View {
    @State var label = "loading"
    var body: some View {
        Text(label).task { label = "loaded" }
    }
}

@Suite struct StateTests {
    @Test func tapChangesStateAndTheNextFrameShowsIt() {
        let host = HeadlessHost(width: 300, height: 200) { Counter() }
        let frame = host.frame(ofText: "count 0")!
        host.tap(x: Double(frame.midX), y: Double(frame.midY))
        #expect(host.frame(ofText: "count 1") != nil)
        #expect(host.frame(ofText: "count 0") == nil)
    }

    @Test func tapOutsideTheTextHitsNothing() {
        let host = HeadlessHost(width: 300, height: 200) { Counter() }
        host.tap(x: 5, y: 5)
        host.tap(x: -100, y: 1e9)
        host.tap(x: .nan, y: 10)
        #expect(host.frame(ofText: "count 0") != nil)
    }

    @Test func ifFlipCallsNewOnAppearThenOldOnDisappear() {
        let log = Log()
        let host = HeadlessHost(width: 300, height: 200) { Flip(log: log) }
        #expect(log.entries == ["appear A"])
        let a = host.frame(ofText: "A")!
        host.tap(x: Double(a.midX), y: Double(a.midY))
        #expect(log.entries == ["appear A", "appear B", "disappear A"])
        #expect(host.frame(ofText: "B") != nil)
        #expect(host.frame(ofText: "A") == nil)
    }

    @Test func changingTheIDResetsState() {
        let host = HeadlessHost(width: 300, height: 300) { Outer() }
        var inner = host.frame(ofText: "n0")!
        host.tap(x: Double(inner.midX), y: Double(inner.midY))
        host.tap(x: Double(inner.midX), y: Double(inner.midY) + 0)
        inner = host.frame(ofText: "n2") ?? host.frame(ofText: "n1")!
        #expect(host.frame(ofText: "n2") != nil || host.frame(ofText: "n1") != nil)
        let reset = host.frame(ofText: "reset")!
        host.tap(x: Double(reset.midX), y: Double(reset.midY))
        #expect(host.frame(ofText: "n0") != nil)
    }

    @Test func onlyBodiesThatReadTheStateAreEvaluatedAgain() {
        let counts = Counts()
        let host = HeadlessHost(width: 300, height: 300) { BindingParent(counts: counts) }
        #expect((counts.parent, counts.child, counts.sibling) == (1, 1, 1))
        let f = host.frame(ofText: "value 0")!
        host.tap(x: Double(f.midX), y: Double(f.midY))
        #expect(host.frame(ofText: "value 1") != nil)
        #expect((counts.parent, counts.child, counts.sibling) == (1, 2, 1))
    }

    @Test func observableChangesEvaluateOnlyTheirReaders() {
        let counts = Counts(), model = Model()
        let host = HeadlessHost(width: 300, height: 300) {
            VStack { ShowsA(model: model, counts: counts); ShowsB(model: model, counts: counts) }
        }
        #expect((counts.a, counts.b) == (1, 1))
        model.a = 5
        host.advance(by: 0.02)
        #expect(host.frame(ofText: "a5") != nil)
        #expect((counts.a, counts.b) == (2, 1))
        host.advance(by: 0.1)
        #expect(counts.a == 2)   // nothing else changed: no more evaluations
    }

    @Test func environmentValuesAndObjects() {
        let model = Model()
        model.a = 3
        let host = HeadlessHost(width: 300, height: 100, colorScheme: .dark) {
            EnvironmentReader().environment(model)
        }
        #expect(host.frame(ofText: "dark 3") != nil)
        host.colorScheme = .light
        host.advance(by: 0.02)
        #expect(host.frame(ofText: "light 3") != nil)
    }

    @Test func stateSetDuringBodyIsDeferredWithAWarning() {
        Diagnostics.printsWarnings = false
        let host = HeadlessHost(width: 300, height: 100) { ModifiesStateInBody() }
        #expect(host.warnings.contains { $0.contains("Modifying state during view update") })
        host.advance(by: 0.02)
        #expect(host.frame(ofText: "n1") != nil)
        #expect(host.warnings.count == 1)
    }

    @Test func onChangeReportsOldAndNew() {
        let log = Log()
        let host = HeadlessHost(width: 300, height: 100) { ChangeWatcher(log: log) }
        let f = host.frame(ofText: "v0")!
        host.tap(x: Double(f.midX), y: Double(f.midY))
        #expect(log.entries == ["0->2"])
    }

    @Test func taskRunsOnTheMainActorAfterAppear() {
        let host = HeadlessHost(width: 300, height: 100) { Loader() }
        host.advance(by: 0.1)
        #expect(host.frame(ofText: "loaded") != nil)
    }

    @Test func timelineViewTicksOnTheVirtualClock() {
        let counts = Counts()
        let start = Date()
        let host = HeadlessHost(width: 300, height: 100) {
            TimelineView(.periodic(from: start, by: 1)) { context in
                let _ = counts.a += 1
                Text("tick")
            }
        }
        #expect(counts.a == 1)
        host.advance(by: 3)
        #expect(counts.a == 4)
    }

    /// `context.date` is the schedule's entry that triggered the update (SwiftUI's
    /// documented meaning), not the clock: a schedule started 0.3 s before the host shows
    /// whole steps from its own start, whatever the host's start date.
    @Test func timelineContextDateIsTheScheduleEntry() {
        let start = Date().addingTimeInterval(-0.3)
        let seen = Box<[Double]>([])
        let host = HeadlessHost(width: 300, height: 100) {
            TimelineView(.periodic(from: start, by: 0.5)) { context in
                let _ = seen.value.append(context.date.timeIntervalSince(start))
                Text("tick")
            }
        }
        host.advance(by: 1.3)
        // Entries from the last one at or before the host's start (0.3 s after `start` when the
        // host starts at once; later under a loaded sanitizer run) to 1.3 s after it.
        let began = host.renderer.graph.startDate.timeIntervalSince(start)
        let first = (began / 0.5).rounded(.down), last = ((began + 1.3) / 0.5).rounded(.down)
        #expect(seen.value.count == Int(last - first) + 1)
        for (i, t) in seen.value.enumerated() { #expect(abs(t - 0.5 * (first + Double(i))) < 1e-9, "update \(i): \(t)") }
        #expect(EveryMinuteTimelineSchedule().entryDate(atOrBefore: Date(timeIntervalSince1970: 125)) == Date(timeIntervalSince1970: 120))
        let explicit = ExplicitTimelineSchedule([Date(timeIntervalSince1970: 10), Date(timeIntervalSince1970: 20)])
        #expect(explicit.entryDate(atOrBefore: Date(timeIntervalSince1970: 15)) == Date(timeIntervalSince1970: 10))
        #expect(explicit.entryDate(atOrBefore: Date(timeIntervalSince1970: 5)) == Date(timeIntervalSince1970: 5))
    }
}

@Suite struct FrameSourceTests {
    @Test func rootRendererDrivenAsAFrameSource() throws {
        let source: FrameSource = RootRenderer(width: 200, height: 100, content: Counter())
        let surface = try Surface(width: 200, height: 100)
        #expect(source.needsFrame())
        let first = source.renderFrame(into: surface, at: 0, fullRedraw: true)
        #expect(first == [IntRect(x: 0, y: 0, width: 200, height: 100)])
        #expect(!source.needsFrame())
        source.handleTouch(TouchEvent(id: 1, phase: .began, location: Point(100, 50), time: 0.1))
        source.handleTouch(TouchEvent(id: 1, phase: .ended, location: Point(100, 50), time: 0.15))
        #expect(source.needsFrame())
        let damage = source.renderFrame(into: surface, at: 0.2, fullRedraw: false)
        #expect(!damage.isEmpty && damage.allSatisfy { $0.area < 200 * 100 })
        #expect(!source.needsFrame())
    }
}

struct EquatableRow: View, Equatable {
    let value: Int
    let counts: Counts
    var body: some View {
        let _ = counts.child += 1
        Text("row \(value)")
    }
    static func == (a: EquatableRow, b: EquatableRow) -> Bool { a.value == b.value }
}

struct TickingParent: View {
    let counts: Counts
    @State var ticks = 0
    @State var value = 0
    var body: some View {
        let _ = counts.parent += 1
        VStack(spacing: 40) {
            EquatableRow(value: value, counts: counts)
            Text("tick \(ticks)").onTapGesture { ticks += 1 }
            Text("bump").onTapGesture { value += 1 }
        }
    }
}

@Suite struct EquatableSkipTests {
    @Test func anUnchangedEquatableChildIsNotEvaluatedAgain() {
        let counts = Counts()
        let host = HeadlessHost(width: 300, height: 300) { TickingParent(counts: counts) }
        let tick = host.frame(ofText: "tick 0")!
        host.tap(x: Double(tick.midX), y: Double(tick.midY))
        #expect(host.frame(ofText: "tick 1") != nil)
        #expect((counts.parent, counts.child) == (2, 1))
        let bump = host.frame(ofText: "bump")!
        host.tap(x: Double(bump.midX), y: Double(bump.midY))
        #expect(host.frame(ofText: "row 1") != nil)
        #expect((counts.parent, counts.child) == (3, 2))
    }
}
