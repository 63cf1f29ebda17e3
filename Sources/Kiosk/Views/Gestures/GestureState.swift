// @GestureState and `.updating`: state that a gesture writes while it is in progress and that
// goes back to its initial value by itself when the gesture ends, fails or is cancelled (a
// press that slides off, a long press lifted early, a touch the system takes away). The reset
// runs in the property's `resetTransaction`, so `GestureState(wrappedValue: .zero,
// resetTransaction: Transaction(animation: .spring))` springs back; an `.animation(_:value:)`
// on the view animates it too. Storage is a @State cell of the declaring view's node (same
// slot order), so reading it in a body re-evaluates that body when it changes.

/// A property a gesture updates while it is active, reset when the gesture ends.
///
/// ```swift
/// @GestureState private var drag = CGSize.zero
/// var body: some View {
///     Circle().offset(drag)
///         .gesture(DragGesture().updating($drag) { value, state, _ in state = value.translation })
/// }
/// ```
@propertyWrapper
public struct GestureState<Value>: DynamicProperty, InstallableProperty {
    let location: StateLocation<Value>
    let initial: Value
    let reset: (Value, inout Transaction) -> Void

    /// State that resets to `wrappedValue` with no animation.
    public init(wrappedValue: Value) {
        self.init(wrappedValue: wrappedValue, resetTransaction: Transaction())
    }
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }
    /// State that resets to `wrappedValue` in `resetTransaction`.
    public init(wrappedValue: Value, resetTransaction: Transaction) {
        location = StateLocation(wrappedValue)
        initial = wrappedValue
        reset = { _, t in t = resetTransaction }
    }
    public init(initialValue: Value, resetTransaction: Transaction) {
        self.init(wrappedValue: initialValue, resetTransaction: resetTransaction)
    }
    /// State that resets to `wrappedValue`; `reset` may change the transaction it resets in.
    public init(wrappedValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        location = StateLocation(wrappedValue)
        initial = wrappedValue
        self.reset = reset
    }
    public init(initialValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        self.init(wrappedValue: initialValue, reset: reset)
    }

    /// The current value (the initial one while no gesture updates it).
    public var wrappedValue: Value { location.value }
    /// The state itself, for `.updating($state)`.
    public var projectedValue: GestureState<Value> { self }

    func install(in node: Node, slot: inout Int) {
        location.cell = node.stateCell(slot: &slot, initial: location.initial)
    }

    /// Writes a gesture's update in its transaction.
    func write(_ value: Value, in transaction: Transaction) {
        withTransaction(transaction) { location.value = value }
    }

    /// Back to the initial value, in the reset transaction (nothing is written while it is
    /// there already, so a failed gesture that never updated does not re-evaluate anything).
    func resetToInitial() {
        let current = location.cell?.value ?? location.initial
        var t = Transaction()
        reset(current, &t)
        if let a = current as? any Equatable, GestureStateEquality.equal(a, initial) { return }
        write(initial, in: t)
    }
}

extension GestureState where Value: ExpressibleByNilLiteral {
    public init(resetTransaction: Transaction = Transaction()) { self.init(wrappedValue: nil, resetTransaction: resetTransaction) }
}

enum GestureStateEquality {
    static func equal(_ a: any Equatable, _ b: Any) -> Bool {
        func open<T: Equatable>(_ a: T) -> Bool { (b as? T) == a }
        return open(a)
    }
}

/// A gesture that updates a `@GestureState` as its value changes.
public struct GestureStateGesture<Base: Gesture, State>: Gesture, RecipeGesture {
    public typealias Value = Base.Value
    let base: Base
    let state: GestureState<State>
    let body: (Base.Value, inout State, inout Transaction) -> Void

    var recipe: GestureRecipe {
        var r = baseRecipe(base)
        let state = self.state, body = self.body
        r.changed.insert({ any in
            guard let value = any as? Base.Value else { return }
            var s = state.location.cell?.value ?? state.location.initial
            var t = ThreadContext.current.transaction ?? Transaction()
            if value is DragGesture.Value { t.isContinuous = true }
            body(value, &s, &t)
            state.write(s, in: t)
        }, at: 0)
        r.resets.append { state.resetToInitial() }
        return r
    }
}

extension Gesture {
    /// Updates `state` as the gesture changes (before `onChanged`); the state goes back to its
    /// initial value when the gesture ends or is cancelled.
    public func updating<State>(_ state: GestureState<State>,
                                body: @escaping (Value, inout State, inout Transaction) -> Void) -> GestureStateGesture<Self, State> {
        GestureStateGesture(base: self, state: state, body: body)
    }
}
