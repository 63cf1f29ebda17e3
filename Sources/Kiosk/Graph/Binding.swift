// Binding: a read/write reference to a value owned elsewhere (a parent's @State, a model).

/// A two-way connection to a value stored somewhere else.
///
/// ```swift
/// struct Toggle: View {
///     @Binding var isOn: Bool
///     var body: some View { Circle().onTapGesture { isOn.toggle() } }
/// }
/// Toggle(isOn: $flag)
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value>: DynamicProperty {
    let getter: () -> Value
    let setter: (Value) -> Void
    /// Where the value lives (a `@State`'s cell, an object), and the key path into it: what a
    /// re-evaluated parent's new binding is compared by (Graph/ViewFieldEquality.swift). nil for
    /// a binding made from closures, which compares by the closures' identity.
    let source: AnyObject?
    let sourcePath: AnyKeyPath?

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get
        setter = set
        source = nil
        sourcePath = nil
    }

    init(get: @escaping () -> Value, set: @escaping (Value) -> Void, source: AnyObject, path: AnyKeyPath?) {
        getter = get
        setter = set
        self.source = source
        sourcePath = path
    }
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding to a value that never changes; writes are ignored.
    public static func constant(_ value: Value) -> Binding<Value> {
        // The box is the getter's context (one allocation, as the captured value was) and the
        // binding's source: two constants of equal values compare equal field by field, so a
        // re-made `Toggle("…", isOn: .constant(true))` row is not evaluated again.
        let box = ConstantBindingBox(value)
        return Binding(get: { box.value }, set: { _ in }, source: box, path: nil)
    }

    public var wrappedValue: Value {
        get { getter() }
        nonmutating set { setter(newValue) }
    }
    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let getter = self.getter, setter = self.setter
        let get: () -> Subject = { getter()[keyPath: keyPath] }
        let set: (Subject) -> Void = { var v = getter(); v[keyPath: keyPath] = $0; setter(v) }
        // One level of member is compared by its key path; deeper ones by their closures.
        if let source, sourcePath == nil { return Binding<Subject>(get: get, set: set, source: source, path: keyPath) }
        return Binding<Subject>(get: get, set: set)
    }
}

extension Binding: Identifiable where Value: Identifiable {
    public var id: Value.ID { wrappedValue.id }
}

/// Bindings to the properties of an `@Observable` object: `$model.name`.
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value: AnyObject & Observable>: DynamicProperty {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public var projectedValue: Bindable<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 }, source: object, path: keyPath)
    }
}

/// A constant binding's value (Binding.constant): its source, compared by value where the
/// value is Equatable (ViewFieldEquality.swift), by identity otherwise.
class ConstantBindingSource {
    func hasSameValue(as other: ConstantBindingSource) -> Bool { false }
}

final class ConstantBindingBox<Value>: ConstantBindingSource {
    let value: Value
    init(_ value: Value) { self.value = value }
    override func hasSameValue(as other: ConstantBindingSource) -> Bool {
        guard let other = other as? ConstantBindingBox<Value> else { return false }
        return FieldEqualityBuilder.valuesEqual(value, other.value)
    }
}
