// @FocusState and the modifiers that tie it to views: `.focused(_:)`, `.focused(_:equals:)`,
// `.focusable()`, `.defaultFocus(_:_:)`. The graph's FocusManager (FocusManager.swift) is the
// truth about which view has focus; it writes every bound FocusState when focus moves (a tap
// on a field, Tab, a rotary encoder) and moves focus when code writes one.

/// A property that holds which view has focus, as SwiftUI's `@FocusState`.
///
/// ```swift
/// enum Field: Hashable { case name, code }
/// @FocusState private var focused: Field?
/// TextField("Name", text: $name).focused($focused, equals: .name)
/// Button("Next") { focused = .code }
/// ```
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    @State var storage: Value

    /// The focused value: true / the equal value when a bound view has focus, else false / nil.
    /// Setting it moves focus to the bound view (on the next frame's update), or takes focus
    /// away.
    public var wrappedValue: Value {
        get { storage }
        nonmutating set { storage = newValue }
    }

    /// A binding to the focus state, for `.focused($state)`.
    public var projectedValue: FocusState<Value>.Binding { Binding(location: _storage.location) }

    /// A Boolean focus state, false until a bound view takes focus.
    public init() where Value == Bool { _storage = State(initialValue: false) }
    /// An optional focus state, nil until a bound view takes focus.
    public init<T: Hashable>() where Value == T? { _storage = State(initialValue: nil) }

    /// A binding to a `FocusState`: `$focused`.
    @propertyWrapper
    public struct Binding {
        let location: StateLocation<Value>
        public var wrappedValue: Value {
            get { location.value }
            nonmutating set { location.value = newValue }
        }
        public var projectedValue: FocusState<Value>.Binding { self }
        /// One identity for every copy of the state (its persistent cell once installed).
        var identity: ObjectIdentifier { location.cell.map { ObjectIdentifier($0) } ?? ObjectIdentifier(location) }
        /// The value without recording the caller as a reader (the focus manager's polls).
        var untrackedValue: Value { location.cell?.value ?? location.initial }
    }
}

/// An optional's nil, reached from a generic `Hashable` value type (FocusState<Field?>).
protocol _NilRepresentable { static var _nilValue: Self { get } }
extension Optional: _NilRepresentable { static var _nilValue: Wrapped? { nil } }

extension View {
    /// Binds the view's focus to a Boolean focus state: true while this view (or the focusable
    /// view inside it, a text field) has focus. Setting the state to true focuses it.
    public func focused(_ condition: FocusState<Bool>.Binding) -> some View {
        modifier(_FocusedModifier(entry: FocusBindingSpec(binding: condition, equals: true, none: false)))
    }

    /// Binds the view's focus to a focus state: `value` while this view has focus. Setting the
    /// state to `value` focuses it.
    public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value) -> some View {
        let none: Value? = (Value.self as? any _NilRepresentable.Type).map { $0._nilValue as! Value }
        return modifier(_FocusedModifier(entry: FocusBindingSpec(binding: binding, equals: value, none: none)))
    }

    /// Makes the view able to take focus (by Tab, arrows, a rotary encoder, or a focus state),
    /// so its `onKeyPress` handlers get keys. Text fields, buttons and toggles are focusable
    /// already.
    public func focusable(_ isFocusable: Bool = true) -> some View {
        modifier(_FocusableModifier(target: isFocusable ? GenericFocusTarget() : nil, interactions: .activate))
    }

    /// Makes the view focusable with the given interactions (`.activate`, `.edit`).
    public func focusable(_ isFocusable: Bool = true, interactions: FocusInteractions) -> some View {
        modifier(_FocusableModifier(target: isFocusable ? GenericFocusTarget() : nil, interactions: interactions))
    }

    /// The value focus takes when the screen first shows, if no view has focus: the bound view
    /// whose value equals `value` is focused once.
    public func defaultFocus<Value: Hashable>(_ binding: FocusState<Value>.Binding, _ value: Value, priority: DefaultFocusEvaluationPriority = .automatic) -> some View {
        modifier(_DefaultFocusModifier(apply: { [location = binding.location] in
            if location.cell?.value != value { location.value = value }
        }))
    }
}

/// How a focusable view interacts with keys (accepted; kiosk activates on Return/space).
public struct FocusInteractions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let activate = FocusInteractions(rawValue: 1)
    public static let edit = FocusInteractions(rawValue: 2)
    public static let automatic: FocusInteractions = [.activate, .edit]
}

/// When `defaultFocus` applies (accepted; kiosk applies it once, when the view appears).
public struct DefaultFocusEvaluationPriority: Sendable {
    public static let automatic = DefaultFocusEvaluationPriority()
    public static let userInitiated = DefaultFocusEvaluationPriority()
}

/// One `.focused` modifier's binding, erased: whether it names this view now, and how to write it.
struct FocusBindingSpec {
    let identity: ObjectIdentifier
    let matches: () -> Bool
    let select: () -> Void
    let clear: () -> Void

    init<Value: Hashable>(binding: FocusState<Value>.Binding, equals value: Value, none: Value?) {
        identity = binding.identity
        let location = binding.location
        matches = { (location.cell?.value ?? location.initial) == value }
        select = { if (location.cell?.value ?? location.initial) != value { location.value = value } }
        clear = {
            guard let none, (location.cell?.value ?? location.initial) == value else { return }
            location.value = none
        }
    }
}

/// `.focused(...)`: registers its binding with the focus manager while the view is shown.
struct _FocusedModifier: BuiltinModifier, LifecycleModifier {
    let entry: FocusBindingSpec
    func appeared(_ node: Node) { node.graph.focus.register(binding: entry, node: node) }
    func updated(_ node: Node) { node.graph.focus.register(binding: entry, node: node) }
    func disappeared(_ node: Node) { node.graph.focusIfMade?.unregister(bindingNode: node) }
}

/// `.focusable()`'s target: takes focus, types nothing.
final class GenericFocusTarget: FocusTarget {}

/// A focusable view: registers its target while shown.
struct _FocusableModifier: BuiltinModifier, LifecycleModifier {
    let target: FocusTarget?
    let interactions: FocusInteractions
    func appeared(_ node: Node) { register(node) }
    func updated(_ node: Node) { register(node) }
    func disappeared(_ node: Node) { node.graph.focusIfMade?.unregister(elementNode: node) }
    private func register(_ node: Node) {
        if let target { node.graph.focus.register(element: target, node: node) }
        else { node.graph.focusIfMade?.unregister(elementNode: node) }
    }
}

/// `.defaultFocus`: applies once, when the view appears and nothing has focus.
struct _DefaultFocusModifier: BuiltinModifier, LifecycleModifier {
    let apply: () -> Void
    func appeared(_ node: Node) {
        guard node.graph.focusIfMade?.focusedNode == nil else { return }
        apply()
    }
}
