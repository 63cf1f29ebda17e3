// Animation: how a change moves over time. A value type boxing a `CustomAnimation`, so the
// built-in curves and springs and a user's own animations are all first-class.
// SKELETON: the full set of curves, springs and modifiers lands with the animation core.

/// How a value changes over time: a timing curve, a spring, or your own `CustomAnimation`.
///
/// ```swift
/// withAnimation(.easeInOut(duration: 0.3)) { isOn.toggle() }
/// ```
public struct Animation: Hashable, CustomStringConvertible, @unchecked Sendable {
    let box: AnyAnimationBox

    /// An animation driven by your own `CustomAnimation`.
    public init<A: CustomAnimation>(_ base: A) { box = AnimationBox(base) }

    /// The animation this wraps.
    public var base: any CustomAnimation { box.base }

    /// The value of the animation at `time` for a change of `value`; nil once it has finished.
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        box.animate(value: value, time: time, context: &context)
    }
    /// The velocity at `time`, when the animation knows it.
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        box.velocity(value: value, time: time, context: context)
    }
    /// Whether this animation takes over from `previous` (springs do), or the two combine.
    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        box.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }

    public static func == (a: Animation, b: Animation) -> Bool { a.box.isEqual(to: b.box) }
    public func hash(into hasher: inout Hasher) { box.hash(into: &hasher) }
    public var description: String { String(describing: box.base) }
}

class AnyAnimationBox {
    var base: any CustomAnimation { fatalError() }
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? { fatalError() }
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? { fatalError() }
    func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool { fatalError() }
    func isEqual(to other: AnyAnimationBox) -> Bool { fatalError() }
    func hash(into hasher: inout Hasher) { fatalError() }
}

final class AnimationBox<A: CustomAnimation>: AnyAnimationBox {
    let animation: A
    init(_ animation: A) { self.animation = animation }
    override var base: any CustomAnimation { animation }
    override func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        animation.animate(value: value, time: time, context: &context)
    }
    override func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        animation.velocity(value: value, time: time, context: context)
    }
    override func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool {
        animation.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }
    override func isEqual(to other: AnyAnimationBox) -> Bool {
        guard let other = other as? AnimationBox<A> else { return false }
        return animation == other.animation
    }
    override func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(A.self))
        hasher.combine(animation)
    }
}

/// Your own animation: what value it has at each time, and how it meets a running one.
public protocol CustomAnimation: Hashable {
    /// The value at `time` (seconds since the animation began) for a change of `value`
    /// (animations run from zero to `value`); nil once finished.
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V?
    /// The velocity at `time`, if known (a spring that takes over starts with it).
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V?
    /// Whether this animation replaces `previous` when it retargets a running animation.
    func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool
}

extension CustomAnimation {
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? { nil }
    public func shouldMerge<V: VectorArithmetic>(previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>) -> Bool { false }
}

/// What an animation sees besides time: its own state between frames and whether it has
/// logically completed.
public struct AnimationContext<Value: VectorArithmetic> {
    /// Storage the animation keeps between calls (springs keep position and velocity).
    public var state: AnimationState<Value>
    /// Set by the animation once it is logically complete (a spring at its response).
    public var isLogicallyComplete: Bool
    public init(state: AnimationState<Value> = AnimationState(), isLogicallyComplete: Bool = false) {
        self.state = state
        self.isLogicallyComplete = isLogicallyComplete
    }
}

/// A key for a value an animation keeps in its `AnimationState`.
public protocol AnimationStateKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// Per-animation storage, keyed by `AnimationStateKey` types.
///
/// `AnimationState` is a value: a copy (a combined animation's older entry, a completion that
/// watches a retargeted animation) never sees the original's later writes. Each key's value
/// lives in a box that later writes update in place while the storage is not shared, so a
/// running animation allocates only on its first frame (0 allocations per later frame for
/// `Double` and `AnimatablePair` values, measured in `AnimationAllocationTests`).
public struct AnimationState<Value: VectorArithmetic> {
    var storage: AnimationStateStorage?
    public init() {}

    public subscript<K: AnimationStateKey>(key: K.Type) -> K.Value {
        get { (storage?.boxes[ObjectIdentifier(key)] as? StateValueBox<K.Value>)?.value ?? K.defaultValue }
        set { box(for: key).value = newValue }
        _modify { yield &box(for: key).value }
    }

    /// Runs `body` on the value of `key` in place (no copy of the value, so nested states and
    /// arrays inside it are written without copying).
    mutating func withValue<K: AnimationStateKey, R>(_ key: K.Type, _ body: (inout K.Value) -> R) -> R {
        body(&box(for: key).value)
    }

    /// The box of `key`, created on first use, after making the storage unique.
    private mutating func box<K: AnimationStateKey>(for key: K.Type) -> StateValueBox<K.Value> {
        if storage == nil {
            storage = AnimationStateStorage()
        } else if !isKnownUniquelyReferenced(&storage!) {
            storage = storage!.copy()
        }
        let id = ObjectIdentifier(key)
        if let box = storage!.boxes[id] as? StateValueBox<K.Value> { return box }
        let box = StateValueBox(K.defaultValue)
        storage!.boxes[id] = box
        return box
    }
}

/// The boxes of one `AnimationState`; copied (boxes cloned) only when a shared state is written.
final class AnimationStateStorage {
    var boxes: [ObjectIdentifier: AnyStateValueBox] = [:]
    func copy() -> AnimationStateStorage {
        let c = AnimationStateStorage()
        for (k, v) in boxes { c.boxes[k] = v.clone() }
        return c
    }
}

class AnyStateValueBox {
    func clone() -> AnyStateValueBox { fatalError("AnyStateValueBox is abstract") }
}

final class StateValueBox<T>: AnyStateValueBox {
    var value: T
    init(_ value: T) { self.value = value }
    override func clone() -> AnyStateValueBox { StateValueBox(value) }
}

extension Animation {
    /// The base animation as `T`, when it is one (springs blend responses only with springs).
    func `as`<T: CustomAnimation>(_ type: T.Type) -> T? { box.base as? T }
}
