// @StateObject, @ObservedObject, @EnvironmentObject and onReceive: how views hold
// ObservableObjects. Each wrapper takes one storage slot of its node (beside @State's cells) with
// a subscription to the object's `objectWillChange`; a send invalidates that node, so its body
// runs again at the next update (SwiftUI re-evaluates every view holding the object, whatever
// the body read). A send during a body is deferred to the next frame with SwiftUI's warning.

/// The storage slot of one object-holding wrapper: the object, and the node's subscription to it.
final class ObjectSubscriptionCell {
    weak var object: AnyObject?
    var subscription: AnyCancellable?

    /// Subscribes `node` to `object` unless it already is.
    func observe<O: ObservableObject>(_ object: O, node: Node) {
        if self.object === object, subscription != nil { return }
        self.object = object
        subscription = object.objectWillChange.subscribe { [link = node.link] _ in ObjectSubscriptionCell.invalidate(link.node) }
    }

    static func invalidate(_ node: Node?) {
        guard let node, !node.isRemoved, let graph = node.graphIfAlive else { return }
        if graph.isEvaluatingBody {
            Diagnostics.warn("Publishing changes from within view updates is not allowed, this will cause undefined behavior. The change is shown on the next frame.")
            graph.defer { [link = node.link] in if let node = link.node, !node.isRemoved { graph.invalidate(node) } }
        } else {
            graph.invalidate(node)
        }
    }

    /// The cell at the node's next slot (replacing whatever other kind of storage was there).
    static func slot<Cell: AnyObject>(_ type: Cell.Type, in node: Node, slot: inout Int, make: () -> Cell) -> Cell {
        let index = slot
        slot += 1
        if index < node.stateCells.count, let cell = node.stateCells[index] as? Cell { return cell }
        let cell = make()
        if index < node.stateCells.count { node.stateCells[index] = cell } else { node.stateCells.append(cell) }
        return cell
    }
}

/// Bindings to an observable object's properties: `$model.name`.
@dynamicMemberLookup
public struct _ObservedObjectWrapper<ObjectType: ObservableObject> {
    let root: ObjectType
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
        let object = root
        // No source: an ObservableObject's change invalidates the views subscribed to it, not
        // those that read a binding to it, so such a binding must count as new each time.
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

/// An observable object passed in from outside; the view re-evaluates when it changes.
///
/// ```swift
/// struct Row: View {
///     @ObservedObject var item: Item
///     var body: some View { Toggle(item.name, isOn: $item.done) }
/// }
/// ```
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty, InstallableProperty {
    public typealias Wrapper = _ObservedObjectWrapper<ObjectType>
    public var wrappedValue: ObjectType

    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { wrappedValue = initialValue }

    public var projectedValue: Wrapper { Wrapper(root: wrappedValue) }

    func install(in node: Node, slot: inout Int) {
        ObjectSubscriptionCell.slot(ObjectSubscriptionCell.self, in: node, slot: &slot) { ObjectSubscriptionCell() }
            .observe(wrappedValue, node: node)
    }
}

/// An observable object the view creates and owns: made once, on the view's first evaluation,
/// and kept as long as the view keeps its identity (like `@State`).
///
/// ```swift
/// @StateObject private var model = Model()
/// ```
/// Read before the view is installed (in its `init`), it gives an object of its own that the
/// first installation then keeps, so the initializer still runs once.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty, InstallableProperty {
    let location: StateObjectLocation<ObjectType>

    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        location = StateObjectLocation(thunk)
    }

    public var wrappedValue: ObjectType { location.object }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { .init(root: location.object) }

    func install(in node: Node, slot: inout Int) {
        let location = self.location
        let cell = ObjectSubscriptionCell.slot(StateObjectCell<ObjectType>.self, in: node, slot: &slot) {
            StateObjectCell(location.early ?? location.make())
        }
        location.cell = cell
        cell.subscription.observe(cell.object, node: node)
    }
}

/// Persistent storage of one `@StateObject`.
final class StateObjectCell<ObjectType: ObservableObject> {
    let object: ObjectType
    let subscription = ObjectSubscriptionCell()
    init(_ object: ObjectType) { self.object = object }
}

/// The reference inside each copy of a `StateObject`.
final class StateObjectLocation<ObjectType: ObservableObject> {
    let make: () -> ObjectType
    var cell: StateObjectCell<ObjectType>?
    /// An object made because the wrapper was read before installation.
    var early: ObjectType?
    init(_ make: @escaping () -> ObjectType) { self.make = make }

    var object: ObjectType {
        if let cell { return cell.object }
        if let early { return early }
        let o = make()
        early = o
        return o
    }
}

/// An observable object an ancestor put in the environment with `.environmentObject(_:)`.
///
/// ```swift
/// ContentView().environmentObject(Settings())
/// struct Child: View {
///     @EnvironmentObject var settings: Settings
/// }
/// ```
/// Reading one that no ancestor provides stops the program with SwiftUI's message (there is no
/// object to return); `environmentObject(nil)`-style absence cannot be expressed in SwiftUI either.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty, InstallableProperty {
    public typealias Wrapper = _ObservedObjectWrapper<ObjectType>
    let location = EnvironmentObjectLocation<ObjectType>()

    public init() {}

    public var wrappedValue: ObjectType {
        guard let object = location.object else {
            preconditionFailure("No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for \(ObjectType.self) may be missing as an ancestor of this view.")
        }
        return object
    }
    public var projectedValue: Wrapper { Wrapper(root: wrappedValue) }

    func install(in node: Node, slot: inout Int) {
        let cell = ObjectSubscriptionCell.slot(ObjectSubscriptionCell.self, in: node, slot: &slot) { ObjectSubscriptionCell() }
        guard let object = node.environment.object(ObjectType.self) else { location.object = nil; return }
        location.object = object
        cell.observe(object, node: node)
    }
}

final class EnvironmentObjectLocation<ObjectType: AnyObject> { var object: ObjectType? }

struct _EnvironmentObjectWriter<T: ObservableObject>: EnvironmentModifier {
    let object: T
    func transform(_ environment: inout EnvironmentValues) { environment.setObject(object, for: T.self) }
}

extension View {
    /// Gives this view's descendants `object` for their `@EnvironmentObject` properties of its type.
    public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        modifier(_EnvironmentObjectWriter(object: object))
    }
}

// MARK: onReceive

final class ReceiveBox<Output> {
    var action: (Output) -> Void
    var subscription: AnyCancellable?
    var identity: ObjectIdentifier?
    init(action: @escaping (Output) -> Void) { self.action = action }
}

struct _ReceiveModifier<P: Publisher>: BuiltinModifier, LifecycleModifier {
    let publisher: P
    let action: (P.Output) -> Void

    private func subscribe(_ box: ReceiveBox<P.Output>) {
        box.identity = publisherIdentity(publisher)
        box.subscription = publisher.subscribe { [weak box] value in box?.action(value) }
    }
    func appeared(_ node: Node) {
        let box = ReceiveBox(action: action)
        node.modifierState = box
        subscribe(box)
    }
    func updated(_ node: Node) {
        guard let box = node.modifierState as? ReceiveBox<P.Output> else { return }
        // The latest closure runs (it sees the view's latest values); a different publisher
        // object (a view that makes its timer in `init`) replaces the subscription.
        box.action = action
        if let id = publisherIdentity(publisher), id != box.identity {
            box.subscription?.cancel()
            subscribe(box)
        }
    }
    func disappeared(_ node: Node) {
        (node.modifierState as? ReceiveBox<P.Output>)?.subscription?.cancel()
    }
}

extension View {
    /// Runs `action` with each value `publisher` sends while this view is shown.
    ///
    /// ```swift
    /// let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    /// Text("\(seconds)").onReceive(timer) { _ in seconds += 1 }
    /// ```
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View where P.Failure == Never {
        modifier(_ReceiveModifier(publisher: publisher, action: action))
    }
}
