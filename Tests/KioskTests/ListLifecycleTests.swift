// Issue 39: a lifecycle modifier on a view list (an `if`/`else` in a Group, a ForEach) is one
// appearance, as SwiftUI merges it: onAppear once, a task that a branch switch does not
// restart, while the state inside each branch stays per branch.
import Testing
@testable import Kiosk

/// A counter that a task's cancellation handler may touch.
final class Count: @unchecked Sendable { var value = 0 }

@Suite struct ListLifecycleTests {
    final class Model: ObservableObject {
        @Published var flag = true
        @Published var count = 3
    }

    private struct Branches: View {
        @ObservedObject var model: Model
        let log: Box<[String]>
        var body: some View {
            Group {
                if model.flag { Counter(name: "A") } else { Counter(name: "B") }
            }
            .onAppear { log.value.append("appear") }
            .onDisappear { log.value.append("disappear") }
            .task { log.value.append("task") }
            .onChange(of: model.flag) { log.value.append("change") }
        }
    }

    private struct Counter: View {
        let name: String
        @State var n = 0
        var body: some View { Text("\(name):\(n)").onTapGesture { n += 1 } }
    }

    @Test func aBranchSwitchNeitherAppearsAgainNorRestartsTheTask() {
        let model = Model(), log = Box<[String]>([])
        let host = HeadlessHost(width: 200, height: 100) { Branches(model: model, log: log) }
        host.advance(by: 0.1)
        #expect(log.value == ["appear", "task"])
        model.flag = false
        host.advance(by: 0.1)
        model.flag = true
        host.advance(by: 0.1)
        #expect(log.value == ["appear", "task", "change", "change"])   // one onChange per change
        #expect(host.frame(ofText: "A:0") != nil)
    }

    @Test func stateInsideEachBranchIsTheBranchsOwn() {
        let model = Model(), log = Box<[String]>([])
        let host = HeadlessHost(width: 200, height: 100) { Branches(model: model, log: log) }
        guard let a = host.frame(ofText: "A:0") else { Issue.record("no A"); return }
        host.tap(x: Double(a.midX), y: Double(a.midY))
        #expect(host.frame(ofText: "A:1") != nil)
        model.flag = false
        host.advance(by: 0.1)
        #expect(host.frame(ofText: "B:0") != nil)       // B's own state
        model.flag = true
        host.advance(by: 0.1)
        #expect(host.frame(ofText: "A:0") != nil)       // A was removed: its state starts again
    }

    private struct Rows: View {
        @ObservedObject var model: Model
        let log: Box<[String]>
        var body: some View {
            VStack {
                ForEach(0..<model.count, id: \.self) { i in Text("\(i)") }
                    .onAppear { log.value.append("appear") }
                    .onDisappear { log.value.append("disappear") }
                    .padding(2)
            }
        }
    }

    @Test func aForEachDisappearsWhenItEmptiesAndAppearsWhenItFills() {
        let model = Model(), log = Box<[String]>([])
        let host = HeadlessHost(width: 200, height: 200) { Rows(model: model, log: log) }
        host.advance(by: 0.1)
        #expect(log.value == ["appear"])
        model.count = 5                 // more rows: still the same appearance
        host.advance(by: 0.1)
        #expect(log.value == ["appear"])
        model.count = 0
        host.advance(by: 0.1)
        #expect(log.value == ["appear", "disappear"])
        model.count = 2
        host.advance(by: 0.1)
        #expect(log.value == ["appear", "disappear", "appear"])
        // The padding after the lifecycle modifiers still applies per row.
        guard let r0 = host.frame(ofText: "0"), let r1 = host.frame(ofText: "1") else { Issue.record("no rows"); return }
        #expect(r1.minY - r0.maxY == 2 + 8 + 2)
    }

    @Test func removingTheListCancelsItsOneTask() {
        final class Flag: ObservableObject { @Published var shown = true }
        let flag = Flag(), cancelled = Count(), started = Count()
        struct Root: View {
            @ObservedObject var flag: Flag
            let started: Count, cancelled: Count
            var body: some View {
                VStack {
                    if flag.shown {
                        Group { Text("a"); Text("b") }
                            .task {
                                started.value += 1
                                await withTaskCancellationHandler {
                                    try? await Task.sleep(nanoseconds: 60_000_000_000)
                                } onCancel: { cancelled.value += 1 }
                            }
                    }
                }
            }
        }
        let host = HeadlessHost(width: 100, height: 100) { Root(flag: flag, started: started, cancelled: cancelled) }
        host.advance(by: 0.1)
        #expect(started.value == 1)     // one task for the two texts
        flag.shown = false
        host.advance(by: 0.1)
        #expect(cancelled.value == 1)   // cancelled as the last element went
    }
}
