// ObservableObject models the pre-Observation way: @Published, @StateObject, @ObservedObject,
// @EnvironmentObject, objectWillChange, kiosk's publishers and onReceive.
import Testing
@testable import Kiosk

final class CounterModel: ObservableObject {
    @Published var count = 0
    var plain = 0                       // not @Published: changes only show after send()
    static var made = 0
    init() { CounterModel.made += 1 }
}

final class MadeCounter: ObservableObject {
    let made: Counts
    @Published var n = 0
    init(_ made: Counts) { self.made = made; made.a += 1 }
}

struct OwnsModel: View {
    let counts: Counts
    @StateObject private var model: MadeCounter
    init(counts: Counts) {
        self.counts = counts
        _model = StateObject(wrappedValue: MadeCounter(counts))
    }
    var body: some View {
        Text("n \(model.n)").onTapGesture { model.n += 1 }
    }
}

struct Parent: View {
    let counts: Counts
    @State var generation = 0
    var body: some View {
        VStack(spacing: 40) {
            OwnsModel(counts: counts)
            Text("parent \(generation)").onTapGesture { generation += 1 }
        }
    }
}

struct ShowsObserved: View {
    @ObservedObject var model: CounterModel
    var body: some View {
        VStack(spacing: 40) {
            Text("count \(model.count)")
            Text("plain \(model.plain)")
            Stepper(value: $model.count)
        }
    }
}

/// A child editing its parent's model through a binding: `$model.count`.
struct Stepper: View {
    @Binding var value: Int
    var body: some View { Text("step").onTapGesture { value += 10 } }
}

struct EnvChild: View {
    @EnvironmentObject var model: CounterModel
    var body: some View { Text("env \(model.count)").onTapGesture { model.count += 1 } }
}

struct ReceivesSubject: View {
    let subject: PassthroughSubject<String, Never>
    @State var last = "none"
    var body: some View { Text(last).onReceive(subject) { last = $0 } }
}

final class ManualModel: ObservableObject {
    let objectWillChange = PassthroughSubject<Void, Never>()
    var value = 0 { willSet { objectWillChange.send() } }
}

struct ShowsManual: View {
    @ObservedObject var model: ManualModel
    var body: some View { Text("manual \(model.value)") }
}

@Suite struct ObservableObjectTests {
    @Test func stateObjectIsMadeOnceAndItsChangesRedraw() {
        let counts = Counts()
        let host = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) { Parent(counts: counts) }
        #expect(host.frame(ofText: "n 0") != nil)
        let n = host.frame(ofText: "n 0")!
        host.tap(x: Double(n.midX), y: Double(n.midY))
        #expect(host.frame(ofText: "n 1") != nil)
        // The parent re-evaluates and makes a new OwnsModel value (whose init builds a model, as
        // in SwiftUI: the autoclosure's object); the installed one is kept.
        let p = host.frame(ofText: "parent 0")!
        host.tap(x: Double(p.midX), y: Double(p.midY))
        #expect(host.frame(ofText: "parent 1") != nil)
        #expect(host.frame(ofText: "n 1") != nil)
        let made = counts.a
        host.tap(x: Double(p.midX), y: Double(p.midY))
        #expect(host.frame(ofText: "n 1") != nil)
        // @autoclosure: StateObject(wrappedValue:) does not call it again after installation.
        #expect(counts.a == made)
        #expect(made <= 1)
    }

    @Test func observedObjectChangedFromOutsideRedrawsAndBindingsWrite() {
        let model = CounterModel()
        let host = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) { ShowsObserved(model: model) }
        #expect(host.frame(ofText: "count 0") != nil)
        model.count = 5
        host.advance(by: 1.0 / 60)
        #expect(host.frame(ofText: "count 5") != nil)
        let step = host.frame(ofText: "step")!
        host.tap(x: Double(step.midX), y: Double(step.midY))
        #expect(model.count == 15)
        #expect(host.frame(ofText: "count 15") != nil)
        // A plain property changes nothing until the object says it will change.
        model.plain = 3
        host.advance(by: 1.0 / 60)
        #expect(host.frame(ofText: "plain 0") != nil)
        model.objectWillChange.send()
        model.plain = 4
        host.advance(by: 1.0 / 60)
        #expect(host.frame(ofText: "plain 4") != nil)
    }

    @Test func customObjectWillChangePublisher() {
        let model = ManualModel()
        let host = HeadlessHost(width: 300, height: 100, text: FixedAdvanceText()) { ShowsManual(model: model) }
        model.value = 7
        host.advance(by: 1.0 / 60)
        #expect(host.frame(ofText: "manual 7") != nil)
    }

    @Test func environmentObjectReachesDescendants() {
        let model = CounterModel()
        let host = HeadlessHost(width: 300, height: 100, text: FixedAdvanceText()) {
            VStack { EnvChild() }.environmentObject(model)
        }
        let f = host.frame(ofText: "env 0")!
        host.tap(x: Double(f.midX), y: Double(f.midY))
        #expect(model.count == 1)
        #expect(host.frame(ofText: "env 1") != nil)
    }

    @Test func publishedPublisherSendsCurrentThenNewValues() {
        let model = CounterModel()
        var seen: [Int] = []
        var willChange = 0
        var bag = Set<AnyCancellable>()
        model.$count.sink { seen.append($0) }.store(in: &bag)
        model.objectWillChange.sink { willChange += 1 }.store(in: &bag)
        model.count = 1
        model.count = 2
        #expect(seen == [0, 1, 2])
        #expect(willChange == 2)
        // Released: cancelled.
        bag.removeAll()
        model.count = 3
        #expect(seen == [0, 1, 2])
        // Operators.
        var mapped: [String] = []
        let c = model.$count.map { "v\($0)" }.removeDuplicates().filter { $0 != "v4" }.sink { mapped.append($0) }
        model.count = 3
        model.count = 4
        model.count = 5
        #expect(mapped == ["v3", "v5"])
        c.cancel()
        let subject = CurrentValueSubject<Int, Never>(9)
        var last = 0
        let d = subject.eraseToAnyPublisher().sink { last = $0 }
        #expect(last == 9)
        subject.value = 10
        #expect(last == 10)
        _ = d
        var finished = false
        _ = Just(1).sink(receiveCompletion: { _ in finished = true }, receiveValue: { last = $0 })
        #expect(finished && last == 1)
    }

    @Test func assignWritesToAnObjectAndToPublished() {
        final class Target: ObservableObject { @Published var text = ""; @Published var mirror = 0 }
        let target = Target()
        let source = PassthroughSubject<Int, Never>()
        let c = source.map { "#\($0)" }.assign(to: \.text, on: target)
        source.send(3)
        #expect(target.text == "#3")
        source.assign(to: &target.$mirror)
        var willChange = 0
        let w = target.objectWillChange.sink { willChange += 1 }
        source.send(8)
        #expect(target.mirror == 8)
        #expect(willChange >= 1)
        _ = (c, w)
    }

    @Test func onReceiveDeliversWhileShown() {
        let subject = PassthroughSubject<String, Never>()
        let host = HeadlessHost(width: 300, height: 100, text: FixedAdvanceText()) { ReceivesSubject(subject: subject) }
        #expect(host.frame(ofText: "none") != nil)
        subject.send("hello")
        host.advance(by: 1.0 / 60)
        #expect(host.frame(ofText: "hello") != nil)
        #expect(subject.list.count == 1)
    }

    @Test func publishingDuringABodyIsDeferredWithAWarning() {
        struct Bad: View {
            @ObservedObject var model: CounterModel
            var body: some View {
                if model.count == 0 { let _ = model.count = 1 }
                Text("bad \(model.count)")
            }
        }
        let model = CounterModel()
        let previous = Diagnostics.printsWarnings
        Diagnostics.printsWarnings = false
        defer { Diagnostics.printsWarnings = previous }
        let host = HeadlessHost(width: 300, height: 100, text: FixedAdvanceText()) { Bad(model: model) }
        host.advance(by: 0.1)
        #expect(host.frame(ofText: "bad 1") != nil)
        #expect(host.warnings.contains { $0.contains("Publishing changes from within view updates") })
    }
}
