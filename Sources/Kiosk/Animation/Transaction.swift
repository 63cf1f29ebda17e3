// Transaction: the context of one state change — its animation, whether animations are
// disabled, custom keys, and the completions waiting for the animations it starts.
// `withAnimation`/`withTransaction` set the thread's current transaction while their body
// runs; every state write inside picks it up (State.swift → ViewGraph.stateWillChange).

/// The context of the current state-processing update: its animation and other values.
///
/// ```swift
/// var t = Transaction(animation: .spring())
/// t.disablesAnimations = true
/// withTransaction(t) { isExpanded.toggle() }
/// ```
public struct Transaction {
    /// The animation of the change, or nil for none.
    public var animation: Animation?
    /// True during the first phase of a transition's insertion; `.animation` modifiers then
    /// leave `animation` alone. (An animation set anyway still runs, as in SwiftUI.)
    public var disablesAnimations = false
    /// Set by gestures whose changes come continuously (a drag).
    public var isContinuous = false
    /// Whether a following spring should inherit the velocity of an unanimated change.
    public var tracksVelocity = false
    var values: [ObjectIdentifier: Any] = [:]
    /// Completions registered with `addAnimationCompletion` (and withAnimation's completion).
    var completions: [AnimationCompletionListener] = []
    /// The engine's own listeners for the animations this transaction starts (a removal
    /// transition waits for them).
    var extraListeners: [AnimationListener] = []

    public init() {}
    /// A transaction with an animation.
    public init(animation: Animation?) { self.animation = animation }

    /// Your own transaction values.
    public subscript<K: TransactionKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// Calls `completion` once the animations this transaction starts have finished
    /// (`criteria`), or right after the update when it starts none. Exactly once.
    public mutating func addAnimationCompletion(criteria: AnimationCompletionCriteria = .logicallyComplete,
                                                _ completion: @escaping () -> Void) {
        completions.append(AnimationCompletionListener(criteria: criteria, action: completion))
    }

    /// `other`'s values over this one's (withTransaction merges since iOS 17).
    mutating func merge(_ other: Transaction) {
        animation = other.animation
        disablesAnimations = other.disablesAnimations || disablesAnimations
        isContinuous = other.isContinuous || isContinuous
        tracksVelocity = other.tracksVelocity || tracksVelocity
        for (k, v) in other.values { values[k] = v }
        completions += other.completions
    }
}

/// A key for your own values in a `Transaction`.
public protocol TransactionKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// When a completion registered for an animation fires.
public struct AnimationCompletionCriteria: Hashable, Sendable {
    enum Kind: Hashable { case logicallyComplete, removed }
    let kind: Kind
    /// When the animation has logically completed (a spring at its response), possibly
    /// still in its long tail.
    public static let logicallyComplete = AnimationCompletionCriteria(kind: .logicallyComplete)
    /// When every animation the change started has ended and been removed.
    public static let removed = AnimationCompletionCriteria(kind: .removed)
}

/// Counts the animations one transaction started; fires its action once, when they have all
/// reached the criteria (SwiftUI's counting listener). Actions run on the graph's completion
/// queue after the frame, never inside a body.
final class AnimationCompletionListener: AnimationListener {
    let criteria: AnimationCompletionCriteria
    private var action: (() -> Void)?
    private var pending = 0
    private(set) var started = 0
    weak var graph: ViewGraph?

    init(criteria: AnimationCompletionCriteria, action: @escaping () -> Void) {
        self.criteria = criteria
        self.action = action
    }

    var hasFired: Bool { action == nil }

    func animationStarted() { pending += 1; started += 1 }
    func animationLogicallyCompleted() {
        if criteria == .logicallyComplete { pending -= 1; fireIfDone() }
    }
    func animationRemoved() {
        if criteria == .removed { pending -= 1; fireIfDone() }
    }

    /// Fires when nothing is pending (called after the update that used the transaction too:
    /// a change that animates nothing completes right after it).
    func fireIfDone() {
        guard pending <= 0, let action else { return }
        self.action = nil
        if let graph { graph.enqueueCompletion(action) } else { action() }
    }
}

// MARK: - withAnimation / withTransaction

/// Runs `body` with `animation` as the animation of every state change it makes.
///
/// ```swift
/// withAnimation(.easeInOut(duration: 0.3)) { isNewValueVisible = true }
/// ```
/// Changes made before it in the same handler are committed first, without animation, so the
/// animation starts from them (SwiftUI does the same).
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// Runs `body` with `animation`, then calls `completion` once the animations it started reach
/// `completionCriteria` (or right after the update when nothing animated). Exactly once.
///
/// ```swift
/// withAnimation(.easeIn(duration: 1)) { opacity = 1 } completion: { print("shown") }
/// ```
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
                                  _ body: () throws -> Result, completion: @escaping () -> Void) rethrows -> Result {
    var t = Transaction(animation: animation)
    t.addAnimationCompletion(criteria: completionCriteria, completion)
    return try withTransaction(t, body)
}

/// Runs `body` inside `transaction`, merged over the one already in effect (inner values win).
@discardableResult
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    let context = ThreadContext.current
    let previous = context.transaction
    let previousID = context.transactionID
    var merged = previous ?? Transaction()
    merged.merge(transaction)
    TransactionScope.nextID &+= 1
    context.transaction = merged
    context.transactionID = TransactionScope.nextID
    for listener in transaction.completions { TransactionScope.unclaimed(listener) }
    defer {
        context.transaction = previous
        context.transactionID = previousID
    }
    return try body()
}

/// Sets one transaction value for the changes `body` makes.
///
/// ```swift
/// withTransaction(\.disablesAnimations, true) { selection = 2 }
/// ```
@discardableResult
public func withTransaction<R, V>(_ keyPath: WritableKeyPath<Transaction, V>, _ value: V, _ body: () throws -> R) rethrows -> R {
    var t = ThreadContext.current.transaction ?? Transaction()
    t[keyPath: keyPath] = value
    return try withTransaction(t, body)
}

/// Bookkeeping shared by all graphs on a thread.
enum TransactionScope {
    nonisolated(unsafe) static var nextID = 0
    /// Completions whose transaction has not reached any graph yet: the next update on this
    /// thread claims them (a `withAnimation` that changed nothing completes after it).
    static func unclaimed(_ listener: AnimationCompletionListener) {
        ThreadContext.current.unclaimedCompletions.append(listener)
    }
}
