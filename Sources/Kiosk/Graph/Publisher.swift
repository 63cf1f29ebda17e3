// Publisher: the small part of Combine that SwiftUI models use, without Combine (Combine does not
// exist on Linux). A publisher here only delivers values: there is no demand (back-pressure) and
// a Never-failing publisher never completes. That covers `objectWillChange`, `@Published`'s `$x`,
// `Timer.publish(…).autoconnect()`, subjects, `sink`, `assign`, `onReceive` and the few operators
// models chain (`map`, `filter`, `removeDuplicates`, `receive(on:)`).
//
// Subscribers are called on the thread that sends (SwiftUI models send on the main thread; kiosk's
// timers send on the graph's). Subscriber lists are locked so a send from another thread cannot
// corrupt them, and a send copies the list first (a retain, no allocation) so a subscriber may
// cancel or subscribe while being called.

import Raster

/// Something that can be cancelled: a subscription, a timer connection.
public protocol Cancellable {
    func cancel()
}

/// A type-erased cancellable that cancels when it is released (as Combine's does): keep it
/// (`store(in: &cancellables)`) as long as the subscription should last.
///
/// ```swift
/// var cancellables = Set<AnyCancellable>()
/// model.$count.sink { print($0) }.store(in: &cancellables)
/// ```
public final class AnyCancellable: Cancellable, Hashable {
    private var onCancel: (() -> Void)?

    public init(_ cancel: @escaping () -> Void) { onCancel = cancel }
    public init<C: Cancellable>(_ canceller: C) { onCancel = { canceller.cancel() } }
    deinit { onCancel?() }

    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }

    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    public static func == (a: AnyCancellable, b: AnyCancellable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A source of values over time (kiosk's counterpart of Combine's `Publisher`).
///
/// kiosk's publishers only deliver values: `subscribe(_:)` is the one requirement (Combine's
/// `receive(subscriber:)` with unlimited demand), and `sink` is spelled as in Combine.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    /// Calls `receiveValue` with each value until the returned cancellable is cancelled or released.
    func subscribe(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable
}

/// What a subscriber learns when a publisher finishes (kiosk's publishers that never fail
/// never finish, so `receiveCompletion` is called only by `Just`).
public enum Subscribers {
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

extension Publisher {
    /// Calls `receiveValue` with every value.
    ///
    /// ```swift
    /// model.objectWillChange.sink { print("about to change") }.store(in: &bag)
    /// ```
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable { subscribe(receiveValue) }

    /// Calls `receiveValue` with every value; `receiveCompletion` when the publisher finishes.
    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        if let just = self as? any _FinishingPublisher {
            let c = subscribe(receiveValue)
            if just._finishesOnSubscribe { receiveCompletion(.finished) }
            return c
        }
        return subscribe(receiveValue)
    }

    /// Writes every value to `object[keyPath:]`.
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        subscribe { object[keyPath: keyPath] = $0 }
    }

    /// Writes every value to a `@Published` property's publisher (`.assign(to: &$value)`): the
    /// subscription lasts as long as the property's object.
    public func assign(to published: inout Published<Output>.Publisher) where Failure == Never {
        let box = published.box
        box.keep(subscribe { [weak box] in box?.set($0) })
    }

    /// Transforms each value.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }
    /// Passes on the values that satisfy `isIncluded`.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
    /// Delivers the values on `scheduler`: kiosk delivers on the main queue when asked for it and
    /// the value comes from another thread, and where it was sent otherwise.
    public func receive(on scheduler: DispatchQueue, options: Never? = nil) -> Publishers.ReceiveOn<Self> {
        Publishers.ReceiveOn(upstream: self, toMain: scheduler.label == DispatchQueue.main.label)
    }
    /// Delivers on the main queue (kiosk's run loop is the main queue's).
    public func receive(on scheduler: RunLoop, options: Never? = nil) -> Publishers.ReceiveOn<Self> {
        Publishers.ReceiveOn(upstream: self, toMain: true)
    }
    /// Hides the publisher's type.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}

extension Publisher where Output: Equatable {
    /// Drops a value equal to the one before it.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> { Publishers.RemoveDuplicates(upstream: self) }
}

/// Internal: a publisher that finishes right after delivering (Just).
protocol _FinishingPublisher { var _finishesOnSubscribe: Bool { get } }

/// A publisher whose values are sent to every subscriber by code: `connect()` for timers.
public protocol ConnectablePublisher: Publisher {
    /// Starts producing values (a timer starts firing); cancel the result to stop.
    func connect() -> Cancellable
}

extension ConnectablePublisher {
    /// Connects on the first subscription and disconnects when the last one is cancelled.
    ///
    /// ```swift
    /// let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    /// Text("\(ticks)").onReceive(timer) { _ in ticks += 1 }
    /// ```
    public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(upstream: self) }
}

/// The subscribers of one publisher, locked.
final class SubscriberList<Output>: @unchecked Sendable {
    private struct State {
        var next = 0
        var subscribers: [(id: Int, receive: (Output) -> Void)] = []
    }
    private let state = Locked(State())

    var isEmpty: Bool { state.withLock { $0.subscribers.isEmpty } }
    var count: Int { state.withLock { $0.subscribers.count } }

    func add(_ receive: @escaping (Output) -> Void, onCancel: (() -> Void)? = nil) -> AnyCancellable {
        let id = state.withLock { s -> Int in
            s.next += 1
            s.subscribers.append((s.next, receive))
            return s.next
        }
        return AnyCancellable { [weak self] in
            self?.state.withLock { $0.subscribers.removeAll { $0.id == id } }
            onCancel?()
        }
    }

    func send(_ value: Output) {
        let subscribers = state.withLock { $0.subscribers }
        for s in subscribers { s.receive(value) }
    }
}

/// A publisher that broadcasts the values sent to it.
///
/// ```swift
/// let taps = PassthroughSubject<Int, Never>()
/// taps.send(1)
/// ```
public final class PassthroughSubject<Output, Failure: Error>: Publisher {
    let list = SubscriberList<Output>()
    public init() {}
    public func send(_ value: Output) { list.send(value) }
    public func subscribe(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable { list.add(receiveValue) }
}

extension PassthroughSubject where Output == Void {
    public func send() { send(()) }
}

/// A publisher that holds a current value and sends it to each new subscriber, then every change.
public final class CurrentValueSubject<Output, Failure: Error>: Publisher {
    let list = SubscriberList<Output>()
    private let current: Locked<Output>
    public init(_ value: Output) { current = Locked(value) }
    public var value: Output {
        get { current.withLock { $0 } }
        set { send(newValue) }
    }
    public func send(_ value: Output) {
        current.withLock { $0 = value }
        list.send(value)
    }
    public func subscribe(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        let c = list.add(receiveValue)
        receiveValue(value)
        return c
    }
}

/// A publisher that delivers one value to each subscriber, then finishes.
public struct Just<Output>: Publisher, _FinishingPublisher {
    public typealias Failure = Never
    public let output: Output
    public init(_ output: Output) { self.output = output }
    public func subscribe(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        receiveValue(output)
        return AnyCancellable {}
    }
    var _finishesOnSubscribe: Bool { true }
}

/// A type-erased publisher.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    private let body: (@escaping (Output) -> Void) -> AnyCancellable
    let identity: ObjectIdentifier?
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        body = { publisher.subscribe($0) }
        identity = publisherIdentity(publisher)
    }
    public func subscribe(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable { body(receiveValue) }
}

/// The operator types (Combine's namespace).
public enum Publishers {
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output
        public func subscribe(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            let transform = self.transform
            return upstream.subscribe { receiveValue(transform($0)) }
        }
    }

    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) -> Bool
        public func subscribe(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            let isIncluded = self.isIncluded
            return upstream.subscribe { if isIncluded($0) { receiveValue($0) } }
        }
    }

    public struct RemoveDuplicates<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public func subscribe(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            let last = ValueBox<Output?>(nil)
            return upstream.subscribe { value in
                if let previous = last.value, previous == value { return }
                last.value = value
                receiveValue(value)
            }
        }
    }

    public struct ReceiveOn<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        let toMain: Bool
        public func subscribe(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            guard toMain else { return upstream.subscribe(receiveValue) }
            return upstream.subscribe { value in
                if kiosk_is_main_thread() != 0 { receiveValue(value) }
                else { nonisolated(unsafe) let v = value; DispatchQueue.main.async { receiveValue(v) } }
            }
        }
    }

    /// Connects its upstream on the first subscription, disconnects after the last cancel.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        private var connection: Cancellable?
        private var subscribers = 0
        public init(upstream: Upstream) { self.upstream = upstream }
        public func subscribe(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            let inner = upstream.subscribe(receiveValue)
            subscribers += 1
            if connection == nil { connection = upstream.connect() }
            return AnyCancellable { [weak self] in
                inner.cancel()
                guard let self else { return }
                self.subscribers -= 1
                if self.subscribers == 0 { self.connection?.cancel(); self.connection = nil }
            }
        }
    }
}

/// The object identity of a publisher, when it has one (classes, `@Published`'s publisher and
/// type-erased wrappers of those): `onReceive` re-subscribes only when it changes.
func publisherIdentity<P: Publisher>(_ publisher: P) -> ObjectIdentifier? {
    if let any = publisher as? AnyPublisher<P.Output, P.Failure> { return any.identity }
    if type(of: publisher) is AnyClass { return ObjectIdentifier(publisher as AnyObject) }
    if let identified = publisher as? _IdentifiedPublisher { return identified.identity }
    return nil
}

/// Internal: a struct publisher that stands for an object (Published.Publisher).
protocol _IdentifiedPublisher { var identity: ObjectIdentifier { get } }

#if canImport(Glibc)
import Glibc
#endif
import CDRM
