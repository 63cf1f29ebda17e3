// A re-evaluated parent's children whose stored fields did not change are not evaluated again
// (SwiftUI's field-wise comparison; Graph/ViewFieldEquality.swift), and the inputs that are not
// fields — a binding's storage, an observed object, the environment, the child's own state —
// still update them.
import Testing
@testable import Kiosk
import Observation

/// A plain (non-Equatable) row: a number, a string and a counter object (compared by identity).
private struct PlainRow: View {
    let value: Int
    let title: String
    let counts: Counts
    var body: some View {
        let _ = counts.child += 1
        Text("\(title) \(value)")
    }
}

private struct ClosureRow: View {
    let counts: Counts
    let action: () -> Void
    var body: some View {
        let _ = counts.sibling += 1
        Text("closure row").onTapGesture { action() }
    }
}

private struct SkipParent: View {
    let counts: Counts
    @State var ticks = 0
    @State var value = 0
    var body: some View {
        let _ = counts.parent += 1
        VStack(spacing: 30) {
            PlainRow(value: value, title: "row", counts: counts)
            ClosureRow(counts: counts, action: { value += 0 })      // captures self: a new context each time
            ClosureRow(counts: counts, action: {})                  // captures nothing
            Text("tick \(ticks)").onTapGesture { ticks += 1 }
            Text("bump").onTapGesture { value += 1 }
        }
    }
}

private func tapText(_ host: HeadlessHost, _ text: String) {
    guard let f = host.frame(ofText: text) else { Issue.record("no text \(text)"); return }
    host.tap(x: Double(f.midX), y: Double(f.midY))
}

/// Reads a binding in its body.
private struct BoundLabel: View {
    @Binding var text: String
    let counts: Counts
    var body: some View {
        let _ = counts.child += 1
        Text("label \(text)")
    }
}

/// Does not read its binding: hands it on to a BoundLabel.
private struct PassingRow: View {
    @Binding var text: String
    let counts: Counts
    var body: some View { BoundLabel(text: $text, counts: counts) }
}

private struct BindingSourceParent: View {
    let counts: Counts
    @State var a = "A"
    @State var b = "B"
    @State var useB = false
    @State var ticks = 0
    var body: some View {
        VStack(spacing: 30) {
            PassingRow(text: useB ? $b : $a, counts: counts)
            Text("switch").onTapGesture { useB.toggle() }
            Text("edit").onTapGesture { if useB { b += "b" } else { a += "a" } }
            Text("tick \(ticks)").onTapGesture { ticks += 1 }
        }
    }
}

final class FieldwiseModel: ObservableObject {
    @Published var name: String
    init(_ name: String) { self.name = name }
}

private struct ObservedRow: View {
    @ObservedObject var model: FieldwiseModel
    let counts: Counts
    var body: some View {
        let _ = counts.child += 1
        Text("model \(model.name)")
    }
}

private struct ObservedSourceParent: View {
    let counts: Counts
    let first: FieldwiseModel
    let second: FieldwiseModel
    @State var useSecond = false
    @State var ticks = 0
    var body: some View {
        VStack(spacing: 30) {
            ObservedRow(model: useSecond ? second : first, counts: counts)
            Text("switch").onTapGesture { useSecond.toggle() }
            Text("tick \(ticks)").onTapGesture { ticks += 1 }
        }
    }
}

@Observable final class FieldwiseObservable {
    var name = "x"
}

private struct BindableRow: View {
    @Binding var name: String
    let counts: Counts
    var body: some View {
        let _ = counts.child += 1
        Text("bindable \(name)")
    }
}

private struct BindableParent: View {
    @Bindable var model: FieldwiseObservable
    let counts: Counts
    @State var ticks = 0
    var body: some View {
        VStack(spacing: 30) {
            BindableRow(name: $model.name, counts: counts)
            Text("tick \(ticks)").onTapGesture { ticks += 1 }
        }
    }
}

private struct FieldwiseFlavourKey: EnvironmentKey { static let defaultValue = "plain" }
extension EnvironmentValues {
    fileprivate var fieldwiseFlavour: String {
        get { self[FieldwiseFlavourKey.self] }
        set { self[FieldwiseFlavourKey.self] = newValue }
    }
}

private struct EnvironmentRow: View {
    @Environment(\.fieldwiseFlavour) var flavour
    let counts: Counts
    var body: some View {
        let _ = counts.child += 1
        Text("flavour \(flavour)")
    }
}

private struct StatefulRow: View {
    let title: String
    let counts: Counts
    @State var taps = 0
    var body: some View {
        let _ = counts.child += 1
        Text("\(title) taps \(taps)").onTapGesture { taps += 1 }
    }
}

private struct EnvironmentParent: View {
    let counts: Counts
    @State var flavour = "plain"
    @State var ticks = 0
    var body: some View {
        VStack(spacing: 30) {
            EnvironmentRow(counts: counts).environment(\.fieldwiseFlavour, flavour)
            StatefulRow(title: "own", counts: counts)
            Text("spice").onTapGesture { flavour = "spicy" }
            Text("tick \(ticks)").onTapGesture { ticks += 1 }
        }
    }
}


/// A row holding a constant binding (a Form's `Toggle("…", isOn: .constant(true))`).
private struct ConstantRow: View {
    let isOn: Binding<Bool>
    let counts: Counts
    var body: some View {
        let _ = counts.child += 1
        Text(isOn.wrappedValue ? "on" : "off")
    }
}

private struct ConstantParent: View {
    let counts: Counts
    @State var ticks = 0
    @State var flip = false
    var body: some View {
        VStack(spacing: 30) {
            ConstantRow(isOn: .constant(flip), counts: counts)
            Text("tick \(ticks)").onTapGesture { ticks += 1 }
            Text("flip").onTapGesture { flip.toggle() }
        }
    }
}

/// An optional field beside a @State: its plan is made from the fields, not by Mirror.
private struct OptionalFieldRow: View {
    let note: String?
    let counts: Counts
    @State var taps = 0
    var body: some View {
        let _ = counts.child += 1
        Text("\(note ?? "none") \(taps)").onTapGesture { taps += 1 }
    }
}

private struct OptionalStateHolder: View {
    let state: State<Int>?
    var body: some View { EmptyView() }
}

/// A List re-evaluated with rows of the same fields: only the changed row's body runs.
private struct ListRowBody: View {
    let title: String
    let counts: Counts
    var body: some View {
        let _ = counts.child += 1
        Text(title)
    }
}

private struct FormParent: View {
    let counts: Counts
    @State var quantity = 1
    var body: some View {
        Form {
            Section("Order") {
                Text("Quantity \(quantity)").onTapGesture { quantity += 1 }
                ForEach(0..<5, id: \.self) { i in ListRowBody(title: "Item \(i)", counts: counts) }
                Toggle("Gift wrap", isOn: .constant(true))
            }
            Section { Color.clear.frame(height: 10) }
        }
    }
}

@Suite struct FieldwiseSkipTests {
    @Test func aChildWithTheSameFieldsIsNotEvaluatedAgain() {
        let counts = Counts()
        let host = HeadlessHost(width: 300, height: 400) { SkipParent(counts: counts) }
        host.renderer.graph.fieldwiseEquality = true
        #expect((counts.parent, counts.child, counts.sibling) == (1, 1, 2))
        tapText(host, "tick 0")
        #expect(host.frame(ofText: "tick 1") != nil)
        // The row and the non-capturing closure's row are skipped; the capturing closure is new.
        #expect((counts.parent, counts.child, counts.sibling) == (2, 1, 3))
        tapText(host, "bump")
        #expect(host.frame(ofText: "row 1") != nil)
        #expect((counts.parent, counts.child, counts.sibling) == (3, 2, 4))
    }

    @Test func fieldsEqualComparesFieldByField() {
        // Equal fields (the counter object by identity); another number, string or object, or
        // a value of another type, is not equal.
        let counts = Counts()
        let a = PlainRow(value: 1, title: "t", counts: counts)
        let b = PlainRow(value: 1, title: "t", counts: counts)
        let c = PlainRow(value: 2, title: "t", counts: counts)
        let d = PlainRow(value: 1, title: "u", counts: Counts())
        let info = ViewTypeInfo.make(for: a)
        #expect(info.fieldsEqual(a, b))
        #expect(!info.fieldsEqual(a, c))
        #expect(!info.fieldsEqual(a, d))
        #expect(!info.fieldsEqual(a, Text("t")))
        #expect(!ViewTypeInfo.make(for: Text("t")).fieldsEqual(a, b))
    }

    @Test func aBindingToAnotherStateUpdatesTheChild() {
        let counts = Counts()
        let host = HeadlessHost(width: 300, height: 400) { BindingSourceParent(counts: counts) }
        host.renderer.graph.fieldwiseEquality = true
        #expect(host.frame(ofText: "label A") != nil)
        tapText(host, "tick 0")
        #expect(host.frame(ofText: "tick 1") != nil)
        #expect(counts.child == 1)                              // same binding: skipped
        tapText(host, "switch")
        #expect(host.frame(ofText: "label B") != nil)           // another state's binding
        tapText(host, "edit")
        #expect(host.frame(ofText: "label Bb") != nil)          // a write reaches the reader
        tapText(host, "switch")
        tapText(host, "edit")
        #expect(host.frame(ofText: "label Aa") != nil)
    }

    @Test func anotherObservedObjectUpdatesTheChild() {
        let counts = Counts()
        let first = FieldwiseModel("one"), second = FieldwiseModel("two")
        let host = HeadlessHost(width: 300, height: 400) { ObservedSourceParent(counts: counts, first: first, second: second) }
        host.renderer.graph.fieldwiseEquality = true
        #expect(host.frame(ofText: "model one") != nil)
        tapText(host, "tick 0")
        #expect(host.frame(ofText: "tick 1") != nil)
        #expect(counts.child == 1)                              // same object: skipped
        tapText(host, "switch")
        #expect(host.frame(ofText: "model two") != nil)
        second.name = "deux"
        host.advance(by: 0.05)
        #expect(host.frame(ofText: "model deux") != nil)        // its own subscription
    }

    @Test func aBindableBindingFollowsTheModel() {
        let counts = Counts()
        let model = FieldwiseObservable()
        let host = HeadlessHost(width: 300, height: 400) { BindableParent(model: model, counts: counts) }
        host.renderer.graph.fieldwiseEquality = true
        #expect(host.frame(ofText: "bindable x") != nil)
        tapText(host, "tick 0")
        #expect(host.frame(ofText: "tick 1") != nil)
        #expect(counts.child == 1)
        model.name = "y"
        host.advance(by: 0.05)
        #expect(host.frame(ofText: "bindable y") != nil)
    }

    @Test func theEnvironmentAndTheChildsOwnStateStillUpdate() {
        let counts = Counts()
        let host = HeadlessHost(width: 300, height: 400) { EnvironmentParent(counts: counts) }
        host.renderer.graph.fieldwiseEquality = true
        #expect(counts.child == 2)
        tapText(host, "tick 0")
        #expect(host.frame(ofText: "tick 1") != nil)
        #expect(counts.child == 2)                              // both skipped
        tapText(host, "own taps 0")
        #expect(host.frame(ofText: "own taps 1") != nil)
        tapText(host, "spice")
        #expect(host.frame(ofText: "flavour spicy") != nil)
        tapText(host, "tick 1")
        #expect(host.frame(ofText: "own taps 1") != nil)        // state kept through the parent's evaluation
    }

    @Test func constantBindingsOfEqualValuesAreTheSameField() {
        let counts = Counts()
        let host = HeadlessHost(width: 300, height: 400) { ConstantParent(counts: counts) }
        #expect(counts.child == 1)
        tapText(host, "tick 0")
        #expect(host.frame(ofText: "tick 1") != nil)
        #expect(counts.child == 1)                              // .constant(false) again: skipped
        tapText(host, "flip")
        #expect(host.frame(ofText: "on") != nil)                // another constant value
        #expect(counts.child == 2)
        // By value, not by box: two boxes of one value are equal, of two values are not.
        let info = ViewTypeInfo.make(for: ConstantRow(isOn: .constant(true), counts: counts))
        #expect(info.fieldsEqual(ConstantRow(isOn: .constant(true), counts: counts), ConstantRow(isOn: .constant(true), counts: counts)))
        #expect(!info.fieldsEqual(ConstantRow(isOn: .constant(true), counts: counts), ConstantRow(isOn: .constant(false), counts: counts)))
        #expect(info.fieldsEqual(ConstantRow(isOn: .constant(true), counts: counts), ConstantRow(isOn: .constant(true), counts: counts)))
        let strings = ViewTypeInfo.make(for: BoundLabel(text: .constant("a"), counts: counts))
        #expect(strings.fieldsEqual(BoundLabel(text: .constant("a"), counts: counts), BoundLabel(text: .constant("a"), counts: counts)))
        #expect(!strings.fieldsEqual(BoundLabel(text: .constant("a"), counts: counts), BoundLabel(text: .constant("b"), counts: counts)))
    }

    @Test func anOptionalFieldKeepsAFieldPlanAndTheState() throws {
        // A plain optional is skipped by the plan (Mirror found nothing in it either); an
        // optional that could hold a property still goes to Mirror.
        let plan = try #require(PropertyPlan.make(for: OptionalFieldRow.self))
        #expect(plan.fields.count == 1)
        #expect(PropertyPlan.make(for: OptionalStateHolder.self) == nil)
        let counts = Counts()
        let host = HeadlessHost(width: 300, height: 400) {
            VStack { OptionalFieldRow(note: "note", counts: counts) }
        }
        tapText(host, "note 0")
        #expect(host.frame(ofText: "note 1") != nil)            // the state is installed
    }

    @Test func aFormReEvaluatesOnlyTheChangedRow() {
        let counts = Counts()
        let host = HeadlessHost(width: 390, height: 600) { FormParent(counts: counts) }
        #expect(counts.child == 5)
        tapText(host, "Quantity 1")
        #expect(host.frame(ofText: "Quantity 2") != nil)
        // The List flattens its rows again; the five rows and the constant toggle compare equal.
        #expect(counts.child == 5)
        tapText(host, "Quantity 2")
        #expect(host.frame(ofText: "Quantity 3") != nil)
        #expect(counts.child == 5)
    }

    @Test func anAnyViewOfATypeWithNoNodeComparesByItsFields() {
        // A List's gap holds AnyView(EmptyView()), a type that never gets a node.
        let host = HeadlessHost(width: 100, height: 100) { Color.red }
        let context = ThreadContext.current
        let previous = context.graph
        context.graph = host.renderer.graph
        defer { context.graph = previous }
        let info = ViewTypeInfo.make(for: AnyView(EmptyView()))
        #expect(info.fieldsEqual(AnyView(EmptyView()), AnyView(EmptyView())))
        #expect(!info.fieldsEqual(AnyView(EmptyView()), AnyView(Text("a"))))
        #expect(host.renderer.graph.viewKinds[ObjectIdentifier(EmptyView.self)] != nil)
    }
}
