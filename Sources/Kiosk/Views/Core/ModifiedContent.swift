// ModifiedContent and ViewModifier: `.padding()`, `.opacity(…)` and custom modifiers all wrap
// their content in a ModifiedContent, as in SwiftUI. Built-in modifiers are primitives the
// engine lays out and draws; a custom modifier's `body(content:)` is evaluated like a view body.

/// A modifier that you apply to a view, producing a different version of it.
///
/// ```swift
/// struct Card: ViewModifier {
///     func body(content: Content) -> some View { content.padding().background(Color.white) }
/// }
/// Text("Hi").modifier(Card())
/// ```
public protocol ViewModifier {
    associatedtype Body: View
    /// The content view the modifier is applied to.
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Self.Content) -> Self.Body
}

/// The content passed to `ViewModifier.body(content:)`.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    let content: any View
    public var body: Never { bodyNeverCalled("_ViewModifier_Content") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) { self.content = content; self.modifier = modifier }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { bodyNeverCalled("ModifiedContent") }
}

extension ModifiedContent: PrimitiveView where Content: View, Modifier: ViewModifier {
    func makeChildren(_ list: inout ChildList) {
        // The modifier is opened from its metatype and read as its own type: `modifier as? any
        // BuiltinModifier` boxed one over three words (a frame) on every evaluation of a chain
        // distributed over a view list.
        if let builtinType = Modifier.self as? any BuiltinModifier.Type {
            func make<B: BuiltinModifier>(_: B.Type) {
                let builtin = withUnsafePointer(to: modifier) { UnsafeRawPointer($0).assumingMemoryBound(to: B.self).pointee }
                if Self.distributesOverElements {
                    // A built-in modifier on a view list applies to each element (ViewListModifiers.swift).
                    list.distributeBuiltin(builtin, over: content)
                    return
                }
                builtin.makeChildren(content: content, &list)
            }
            make(builtinType)
        } else {
            list.append(_ModifierBody(modifier: modifier, content: content), key: 0)
        }
    }
    func transformEnvironment(_ environment: inout EnvironmentValues) {
        (modifier as? any EnvironmentModifier)?.transform(&environment)
    }
    var layoutBehavior: (any LayoutBehavior)? { modifier as? any LayoutBehavior }
    static func makeTypeInfo(_ type: ObjectIdentifier) -> ViewTypeInfo { ModifiedContentTypeInfo<Content, Modifier>(type: type) }
}

/// A custom modifier's body, evaluated as a view so the modifier may hold `@State`.
struct _ModifierBody<Modifier: ViewModifier>: View, DynamicPropertyHost {
    let modifier: Modifier
    let content: any View
    var body: Modifier.Body { modifier.body(content: _ViewModifier_Content(content: content)) }
    var dynamicPropertySource: Any { modifier }
}

/// A modifier the engine implements itself. By default its only child is the content.
/// `makeChildren` is generic so the content is listed as its own type (boxed once, into the
/// node's kept entry), not as an `any View` argument boxed on the way in.
protocol BuiltinModifier: ViewModifier where Body == Never {
    func makeChildren<C: View>(content: C, _ list: inout ChildList)
}

extension BuiltinModifier {
    func makeChildren<C: View>(content: C, _ list: inout ChildList) { list.append(content, key: 0) }
    public func body(content: Content) -> Never { bodyNeverCalled("\(Self.self)") }
}

/// A modifier that only changes the environment its content sees.
protocol EnvironmentModifier: BuiltinModifier {
    func transform(_ environment: inout EnvironmentValues)
    /// For a modifier that writes one value: whether a modifier's value is the one an
    /// environment holds already (made once per type; nil when that cannot be told).
    static func writeCheck() -> ((Self, EnvironmentValues) -> Bool)?
}

extension EnvironmentModifier {
    static func writeCheck() -> ((Self, EnvironmentValues) -> Bool)? { nil }
}

extension View {
    /// Applies a modifier to this view.
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// Writes one environment value for the content.
public struct _EnvironmentKeyWritingModifier<Value>: EnvironmentModifier {
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let value: Value
    func transform(_ environment: inout EnvironmentValues) { environment[keyPath: keyPath] = value }

    /// An Equatable value compares with what the key path reads (a key path's setter stores
    /// what its getter returns). Other values cannot be compared: always written.
    static func writeCheck() -> ((Self, EnvironmentValues) -> Bool)? {
        guard let equatable = Value.self as? any Equatable.Type else { return nil }
        func make<E: Equatable>(_: E.Type) -> (Self, EnvironmentValues) -> Bool {
            { modifier, environment in
                // E is Value (opened from its metatype): read both as E.
                let held = environment[keyPath: modifier.keyPath]
                return withUnsafePointer(to: held) { a in
                    withUnsafePointer(to: modifier.value) { b in
                        UnsafeRawPointer(a).assumingMemoryBound(to: E.self).pointee
                            == UnsafeRawPointer(b).assumingMemoryBound(to: E.self).pointee
                    }
                }
            }
        }
        return make(equatable)
    }
}

extension View {
    /// Sets an environment value for this view and its descendants.
    ///
    /// ```swift
    /// ContentView().environment(\.colorScheme, .dark)
    /// ```
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        modifier(_EnvironmentKeyWritingModifier(keyPath: keyPath, value: value))
    }
    /// Puts an `@Observable` object in the environment, read with `@Environment(Model.self)`.
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        modifier(_EnvironmentObjectModifier(object: object))
    }
}

struct _EnvironmentObjectModifier<T: AnyObject & Observable>: EnvironmentModifier {
    let object: T?
    func transform(_ environment: inout EnvironmentValues) { environment.setObject(object, for: T.self) }
}

extension View {
    /// Changes an environment value for this view and its descendants with `transform`.
    ///
    /// ```swift
    /// content.transformEnvironment(\.font) { $0 = $0 ?? .title }
    /// ```
    public func transformEnvironment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, transform: @escaping (inout V) -> Void) -> some View {
        modifier(_EnvironmentTransformModifier(keyPath: keyPath, change: transform))
    }
}

struct _EnvironmentTransformModifier<Value>: EnvironmentModifier {
    let keyPath: WritableKeyPath<EnvironmentValues, Value>
    let change: (inout Value) -> Void
    func transform(_ environment: inout EnvironmentValues) { change(&environment[keyPath: keyPath]) }
}
