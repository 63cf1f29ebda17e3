// @State: storage owned by the graph node of the view that declares it. The struct holds a
// small reference (`StateLocation`) that the graph points at the node's persistent cell each
// time a fresh copy of the view is made, so closures captured from any copy see the same value.

/// A value owned by a view; changing it re-evaluates the bodies that read it.
///
/// ```swift
/// @State private var count = 0
/// var body: some View { Text("\(count)").onTapGesture { count += 1 } }
/// ```
@propertyWrapper
public struct State<Value>: DynamicProperty, InstallableProperty {
    let location: StateLocation<Value>

    public init(wrappedValue value: Value) { location = StateLocation(value) }
    public init(initialValue value: Value) { location = StateLocation(value) }

    public var wrappedValue: Value {
        get { location.value }
        nonmutating set { location.value = newValue }
    }

    /// A binding to the state: `$count`.
    public var projectedValue: Binding<Value> {
        let location = self.location
        // Compared by the node's cell (each copy of the view has its own location).
        return Binding(get: { location.value }, set: { location.value = $0 }, source: location.cell ?? location, path: nil)
    }

    func install(in node: Node, slot: inout Int) {
        location.cell = node.stateCell(slot: &slot, initial: location.initial)
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { location = StateLocation(nil) }
}

/// The reference inside each copy of a `State`; before installation it holds the initial value.
final class StateLocation<Value> {
    var initial: Value
    var cell: StateCell<Value>?
    init(_ initial: Value) { self.initial = initial }

    var value: Value {
        get {
            guard let cell else { return initial }
            cell.recordRead()
            return cell.value
        }
        set {
            if let cell { cell.set(newValue) } else { initial = newValue }
        }
    }
}

/// Persistent storage for one `@State`, remembering which nodes read it.
extension Node {
    /// The state cell in `slot` (made from `initial` when the slot is new or held another
    /// type), and the slot after it: @State and @GestureState install through this.
    func stateCell<Value>(slot: inout Int, initial: @autoclosure () -> Value) -> StateCell<Value> {
        let index = slot
        slot += 1
        if index < stateCells.count, let cell = stateCells[index] as? StateCell<Value> { return cell }
        let cell = StateCell(initial(), graph: graph)
        if index < stateCells.count { stateCells[index] = cell } else { stateCells.append(cell) }
        return cell
    }
}

final class StateCell<Value>: ReadTracked {
    var value: Value
    /// Weak: a closure (a task, a queued block) may set the state after its screen is gone.
    weak var graph: ViewGraph?

    init(_ value: Value, graph: ViewGraph) {
        self.value = value
        self.graph = graph
    }

    func set(_ newValue: Value) {
        guard let graph else { value = newValue; return }
        if graph.isEvaluatingBody {
            Diagnostics.warn("Modifying state during view update, this will cause undefined behavior. The change is applied on the next frame.")
            graph.defer { [self] in
                value = newValue
                invalidateReaders()
            }
            return
        }
        graph.stateWillChange()
        value = newValue
        invalidateReaders()
    }
}

/// Something read during body evaluation that later invalidates its readers.
class ReadTracked {
    private var readers: [Int: WeakNode] = [:]

    func recordRead() {
        guard let node = ViewGraph.currentReader else { return }
        if readers[node.serial] == nil { readers[node.serial] = WeakNode(node) }
    }

    func invalidateReaders() {
        let current = readers
        readers.removeAll(keepingCapacity: true)
        for (_, weak) in current {
            if let node = weak.node, !node.isRemoved, let graph = node.graphIfAlive { graph.invalidate(node) }
        }
    }
}

