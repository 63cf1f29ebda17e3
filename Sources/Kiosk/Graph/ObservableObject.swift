// ObservableObject and @Published: models the pre-Observation way (iOS 13–16 code), without
// Combine. An object's `objectWillChange` is kiosk's `ObservableObjectPublisher`; views that hold
// the object through @StateObject, @ObservedObject or @EnvironmentObject subscribe their node to
// it (ObservedObject.swift), so any change re-evaluates those bodies, as in SwiftUI.
//
// @Published uses the enclosing-instance subscript (as Combine's does): its setter sees the object,
// so it can send the object's `objectWillChange` before the value changes.

import Raster

/// A publisher that sends nothing but "the object is about to change".
public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never
    let list = SubscriberList<Void>()
    public init() {}
    /// Tells subscribers (the views holding the object) that it is about to change.
    public func send() { list.send(()) }
    public func subscribe(_ receiveValue: @escaping (()) -> Void) -> AnyCancellable { list.add(receiveValue) }
}

/// An object whose changes re-evaluate the views that hold it with `@StateObject`,
/// `@ObservedObject` or `@EnvironmentObject`.
///
/// ```swift
/// final class Ticker: ObservableObject {
///     @Published var count = 0
/// }
/// struct TickerView: View {
///     @StateObject private var ticker = Ticker()
///     var body: some View { Text("\(ticker.count)").onTapGesture { ticker.count += 1 } }
/// }
/// ```
/// `objectWillChange` is provided (one publisher per object) unless the class declares its own;
/// calling `objectWillChange.send()` by hand works as in SwiftUI.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher where ObjectWillChangePublisher.Failure == Never
    /// Sends before any `@Published` property of the object changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The object's publisher, made on first use and kept as long as the object lives.
    public var objectWillChange: ObservableObjectPublisher { ObjectPublishers.publisher(for: self) }
}

/// The default `objectWillChange` of each live object. Combine stores it inside the object's
/// @Published fields; a side table also serves objects with no @Published (models that call
/// `objectWillChange.send()` themselves). Keyed by identity, with a weak reference so that a
/// new object at a freed address gets a new publisher; dead entries are swept as it grows.
enum ObjectPublishers {
    private struct Entry {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }
    private struct Table {
        var entries: [ObjectIdentifier: Entry] = [:]
        var sweepAt = 64
    }
    private static let table = Locked(Table())

    static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        let id = ObjectIdentifier(object)
        return table.withLock { t in
            if let e = t.entries[id], e.object === object { return e.publisher }
            if t.entries.count >= t.sweepAt {
                t.entries = t.entries.filter { $0.value.object != nil }
                t.sweepAt = max(64, t.entries.count * 2)
            }
            let p = ObservableObjectPublisher()
            t.entries[id] = Entry(object: object, publisher: p)
            return p
        }
    }
}

/// A property of an `ObservableObject` that announces its changes: views holding the object are
/// re-evaluated, and `$property` is a publisher of its values.
///
/// ```swift
/// final class Model: ObservableObject {
///     @Published var progress = 0.0
/// }
/// model.$progress.sink { print($0) }          // the current value, then every new one
/// ```
/// Only for properties of classes (as in SwiftUI).
@propertyWrapper
public struct Published<Value> {
    let box: PublishedBox<Value>

    public init(wrappedValue: Value) { box = PublishedBox(wrappedValue) }
    public init(initialValue: Value) { box = PublishedBox(initialValue) }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        set { fatalError("@Published is only available on properties of classes") }
    }

    /// A publisher of the property's values: the current one on subscription, then each new value
    /// as it is about to be set (as in Combine).
    public struct Publisher: Kiosk.Publisher, _IdentifiedPublisher {
        public typealias Output = Value
        public typealias Failure = Never
        let box: PublishedBox<Value>
        public func subscribe(_ receiveValue: @escaping (Value) -> Void) -> AnyCancellable {
            let c = box.list.add(receiveValue)
            receiveValue(box.value)
            return c
        }
        var identity: ObjectIdentifier { ObjectIdentifier(box) }
    }

    public var projectedValue: Publisher {
        get { Publisher(box: box) }
        set { }
    }

    /// `$property` inside the class: also finds the object's publisher, so values assigned with
    /// `assign(to: &$property)` announce the change too.
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        projected projectedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Publisher>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Publisher {
        get {
            let box = object[keyPath: storageKeyPath].box
            box.resolveOwner(object)
            return Publisher(box: box)
        }
        set { }
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].box.value }
        set {
            let box = object[keyPath: storageKeyPath].box
            box.resolveOwner(object)
            box.set(newValue)
        }
    }
}

/// An object's default `objectWillChange` (a custom publisher is the class's to send).
private func defaultPublisher<O: ObservableObject>(_ object: O) -> ObservableObjectPublisher? {
    object.objectWillChange as? ObservableObjectPublisher
}

/// A @Published property's storage, shared by every copy of the wrapper.
final class PublishedBox<Value> {
    var value: Value
    let list = SubscriberList<Value>()
    /// The enclosing object's `objectWillChange`, found on the first set through the object
    /// (nil when the class has its own publisher type, which the class sends itself).
    var owner: ObservableObjectPublisher?
    var ownerResolved = false
    /// Subscriptions made with `assign(to: &$property)`: they live as long as the property.
    private var kept: [AnyCancellable] = []
    init(_ value: Value) { self.value = value }
    func set(_ newValue: Value) {
        owner?.send()
        list.send(newValue)
        value = newValue
    }
    func keep(_ c: AnyCancellable) { kept.append(c) }
    func resolveOwner(_ object: AnyObject) {
        guard !ownerResolved else { return }
        ownerResolved = true
        if let observable = object as? any ObservableObject { owner = defaultPublisher(observable) }
    }
}
