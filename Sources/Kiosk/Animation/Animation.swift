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

/// Per-animation storage, keyed by `AnimationStateKey` types. Each key's value lives in a box
/// that later writes update in place, so a running animation allocates only on its first frame.
public struct AnimationState<Value: VectorArithmetic> {
    var storage: [ObjectIdentifier: AnyObject] = [:]
    public init() {}
    public subscript<K: AnimationStateKey>(key: K.Type) -> K.Value {
        get { (storage[ObjectIdentifier(key)] as? StateValueBox<K.Value>)?.value ?? K.defaultValue }
        set {
            if let box = storage[ObjectIdentifier(key)] as? StateValueBox<K.Value> {
                box.value = newValue
            } else {
                storage[ObjectIdentifier(key)] = StateValueBox(newValue)
            }
        }
    }
}

final class StateValueBox<T> {
    var value: T
    init(_ value: T) { self.value = value }
}

/// The progress curve of a timing-curve animation (skeleton: linear only).
struct TimingCurveAnimation: CustomAnimation {
    var duration: Double
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard duration > 0, time <= duration else { return nil }
        return value.scaled(by: min(1, max(0, time / duration)))
    }
}

extension Animation {
    /// A constant-speed animation (default 0.35 s).
    public static func linear(duration: TimeInterval) -> Animation { Animation(TimingCurveAnimation(duration: duration)) }
    public static var linear: Animation { linear(duration: 0.35) }
    /// SwiftUI's default animation.
    public static var `default`: Animation { linear }
}
