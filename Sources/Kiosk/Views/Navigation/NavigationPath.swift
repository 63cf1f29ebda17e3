// Navigation by value: `NavigationPath`, `NavigationLink(value:)`, `.navigationDestination(for:)`,
// `.navigationDestination(isPresented:)` and `.navigationDestination(item:)`.
//
// A stack's pages above its root are its path's values (its own, or the caller's binding),
// then the views pushed by view links and presented destinations. A value becomes a page through
// the destination registered for its type anywhere in the stack (`NavigationDestinations`, a
// plain class in the stack's state: a `.navigationDestination(for:)` modifier writes its closure
// there while its view is evaluated, and the root is evaluated before the pages above it); a
// value whose type has no destination shows an empty page and warns, as SwiftUI logs.
// Differences: a view pushed with `NavigationLink(destination:)` stays above the path's pages
// (SwiftUI interleaves them); NavigationPath is not Codable.

/// A type-erased list of data representing the content of a navigation stack.
///
/// ```swift
/// @State private var path = NavigationPath()
/// NavigationStack(path: $path) { … }
/// path.append(recipe)   // pushes the recipe's destination
/// path.removeLast()     // pops it
/// ```
public struct NavigationPath: Equatable {
    var elements: [AnyHashable]

    /// An empty path.
    public init() { elements = [] }
    /// A path of `elements`, the first at the bottom.
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable { self.elements = elements.map { AnyHashable($0) } }

    /// The number of values in the path.
    public var count: Int { elements.count }
    /// Whether the path is empty (the stack shows its root).
    public var isEmpty: Bool { elements.isEmpty }
    /// Appends a value: the stack pushes its destination.
    public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }
    /// Removes the last `k` values (all of them when `k` is larger; nothing for `k` ≤ 0).
    public mutating func removeLast(_ k: Int = 1) {
        guard k > 0 else { return }
        elements.removeLast(min(k, elements.count))
    }
}

/// The destinations of a stack by value type, and what its pages may do.
final class NavigationDestinations {
    private var byType: [ObjectIdentifier: (AnyHashable) -> AnyView?] = [:]
    private var warned: Set<ObjectIdentifier> = []

    func register<D: Hashable>(_ type: D.Type, _ destination: @escaping (D) -> AnyView) {
        byType[ObjectIdentifier(type)] = { value in (value.base as? D).map(destination) }
    }

    /// The page for `value`, or nil (warning once per type) when no destination takes it.
    func page(for value: AnyHashable) -> AnyView? {
        let type = ObjectIdentifier(Swift.type(of: value.base))
        if let make = byType[type], let view = make(value) { return view }
        if warned.insert(type).inserted {
            Diagnostics.warn("A NavigationLink is presenting a value of type \(Swift.type(of: value.base)) but there is no matching navigationDestination declaration visible from the location of the link")
        }
        return nil
    }
}

/// What views inside a stack's pages may ask of it.
struct NavigationActions {
    /// Appends a value to the path.
    var append: (AnyHashable) -> Void
    /// Pushes a view; `onPop` runs when the back button (or a path change) removes it. Returns
    /// a token for `dismiss`.
    var present: (AnyView, _ onPop: @escaping () -> Void) -> Int
    /// Removes the view `present` pushed (nothing when it is gone already).
    var dismiss: (Int) -> Void
    var destinations: NavigationDestinations
}

struct NavigationActionsKey: EnvironmentKey { static let defaultValue: NavigationActions? = nil }

extension EnvironmentValues {
    var navigationActions: NavigationActions? {
        get { self[NavigationActionsKey.self] } set { self[NavigationActionsKey.self] = newValue }
    }
}

/// A page showing a path value through its registered destination.
struct _NavigationValuePage: View {
    let value: AnyHashable
    let destinations: NavigationDestinations
    var body: some View {
        if let page = destinations.page(for: value) { page } else { Color.clear }
    }
}

extension NavigationLink where Destination == Never {
    /// A link that appends `value` to the enclosing stack's path; the stack shows the
    /// `navigationDestination(for:)` registered for its type.
    ///
    /// ```swift
    /// NavigationLink(value: recipe) { Text(recipe.name) }
    /// ```
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.init(value: value.map { AnyHashable($0) }, label: label())
    }
}

extension NavigationLink where Destination == Never, Label == Text {
    /// A link titled `title` that appends `value` to the enclosing stack's path.
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.init(value: value.map { AnyHashable($0) }, label: Text(title))
    }
}

/// Registers a destination for values of one type.
struct _NavigationDestinationModifier<D: Hashable, C: View>: ViewModifier {
    let destination: (D) -> C
    @Environment(\.navigationActions) private var actions

    func body(content: Content) -> some View {
        if let actions {
            let make = destination
            actions.destinations.register(D.self) { AnyView(make($0)) }
        }
        return content
    }
}

/// Pushes a view while a binding says so.
struct _NavigationPresentModifier<V: View>: ViewModifier {
    let isPresented: Binding<Bool>
    let destination: () -> V
    @Environment(\.navigationActions) private var actions
    @State private var token = TokenBox()

    func body(content: Content) -> some View {
        content
            .onAppear { update(isPresented.wrappedValue) }
            .onChange(of: isPresented.wrappedValue) { _, shown in update(shown) }
            .onDisappear { if let t = token.value { actions?.dismiss(t); token.value = nil } }
    }

    private func update(_ shown: Bool) {
        guard let actions else {
            if shown { Diagnostics.warn("navigationDestination(isPresented:) outside a NavigationStack: nothing to push onto") }
            return
        }
        if shown, token.value == nil {
            let box = token, binding = isPresented
            token.value = actions.present(AnyView(destination())) {
                box.value = nil
                binding.wrappedValue = false
            }
        } else if !shown, let t = token.value {
            token.value = nil
            actions.dismiss(t)
        }
    }
}

/// The token of a presented destination (a class, so the pop callback can clear it).
final class TokenBox { var value: Int? }

extension View {
    /// Associates a destination view with a value type: `NavigationLink(value:)` and path values
    /// of type `D` show `destination(value)`.
    ///
    /// ```swift
    /// List(recipes) { NavigationLink($0.name, value: $0) }
    ///     .navigationDestination(for: Recipe.self) { RecipeDetail(recipe: $0) }
    /// ```
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        modifier(_NavigationDestinationModifier(destination: destination))
    }

    /// Pushes `destination` while `isPresented` is true; the back button sets it to false.
    public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: @escaping () -> V) -> some View {
        modifier(_NavigationPresentModifier(isPresented: isPresented, destination: destination))
    }

    /// Pushes `destination(item)` while `item` is not nil; the back button sets it to nil (kiosk:
    /// a different item while one is shown keeps the page of the first).
    public func navigationDestination<D: Hashable, C: View>(item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        let shown = Binding<Bool>(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
        return modifier(_NavigationPresentModifier(isPresented: shown, destination: {
            if let value = item.wrappedValue { AnyView(destination(value)) } else { AnyView(EmptyView()) }
        }))
    }
}
