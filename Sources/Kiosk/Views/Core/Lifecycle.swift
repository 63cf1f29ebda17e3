// Lifecycle modifiers: onAppear, onDisappear, onChange(of:), task. onChange runs after the update
// that changed the value; onAppear, onDisappear and task after the layout of the update that
// inserted or removed the view (so `geo.size` is laid out and an animated change made there
// starts from the first frame's layout, as in SwiftUI); all before the frame is drawn.

struct _AppearanceModifier: BuiltinModifier, LifecycleModifier {
    let onAppear: (() -> Void)?
    let onDisappear: (() -> Void)?
    func appeared(_ node: Node) { onAppear?() }
    func disappeared(_ node: Node) { onDisappear?() }
    static var runsAfterLayout: Bool { true }
}

final class ValueBox<V> { var value: V; init(_ value: V) { self.value = value } }

struct _ChangeModifier<V: Equatable>: BuiltinModifier, LifecycleModifier {
    let value: V
    let initial: Bool
    let action: (V, V) -> Void
    func updated(_ node: Node) {
        if let box = node.modifierState as? ValueBox<V> {
            guard box.value != value else { return }
            let old = box.value
            box.value = value
            action(old, value)
        } else {
            node.modifierState = ValueBox(value)
            if initial { action(value, value) }
        }
    }
}

/// Set when a `.task` body begins running, so a headless host can wait for its first step.
final class TaskStart: @unchecked Sendable { var hasStarted = false }

final class TaskBox<ID: Equatable> {
    var task: Task<Void, Never>?
    var id: ID
    init(id: ID) { self.id = id }
}

struct _TaskModifier<ID: Equatable>: BuiltinModifier, LifecycleModifier {
    let id: ID
    let action: @MainActor () async -> Void

    private func start(_ box: TaskBox<ID>, graph: ViewGraph?) {
        let action = self.action
        let started = TaskStart()
        graph?.startedTasks.append(started)
        box.task = Task.immediate { @MainActor in
            started.hasStarted = true
            await action()
        }
    }
    func appeared(_ node: Node) {
        let box = TaskBox(id: id)
        node.modifierState = box
        start(box, graph: node.graphIfAlive)
    }
    func updated(_ node: Node) {
        guard let box = node.modifierState as? TaskBox<ID>, box.id != id else { return }
        box.task?.cancel()
        box.id = id
        start(box, graph: node.graphIfAlive)
    }
    func disappeared(_ node: Node) { (node.modifierState as? TaskBox<ID>)?.task?.cancel() }
    static var runsAfterLayout: Bool { true }
}

extension View {
    /// Runs `action` when this view is inserted, before its first frame is shown.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        modifier(_AppearanceModifier(onAppear: action, onDisappear: nil))
    }
    /// Runs `action` when this view is removed.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        modifier(_AppearanceModifier(onAppear: nil, onDisappear: action))
    }
    /// Runs `action(old, new)` when `value` changes between updates (and once at first when `initial`).
    ///
    /// ```swift
    /// .onChange(of: count) { old, new in print(old, new) }
    /// ```
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View {
        modifier(_ChangeModifier(value: value, initial: initial, action: action))
    }
    /// Runs `action` when `value` changes.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        modifier(_ChangeModifier(value: value, initial: initial, action: { _, _ in action() }))
    }
    /// Runs `action(new)` when `value` changes (the iOS 14 form).
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View {
        modifier(_ChangeModifier(value: value, initial: false, action: { _, new in action(new) }))
    }
    /// Starts `action` on the main actor when this view appears; cancels it when it disappears.
    ///
    /// ```swift
    /// .task { await model.load() }
    /// ```
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor () async -> Void) -> some View {
        modifier(_TaskModifier(id: 0, action: action))
    }
    /// Like `task`, and restarts it (cancelling the old one) when `id` changes.
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor () async -> Void) -> some View {
        modifier(_TaskModifier(id: value, action: action))
    }
}
