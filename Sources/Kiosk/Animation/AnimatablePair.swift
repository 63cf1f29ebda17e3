// AnimatablePair and EmptyAnimatableData: how a type with several animated numbers (or none)
// presents them to the animation system. Pairs nest to any depth.

/// Two animatable values animated together; nest pairs for more.
///
/// ```swift
/// var animatableData: AnimatablePair<Double, Double> {
///     get { AnimatablePair(Double(rows), Double(columns)) }
///     set { rows = Int(newValue.first); columns = Int(newValue.second) }
/// }
/// ```
@frozen public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    public var first: First
    public var second: Second
    @inlinable public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    @inlinable public static var zero: AnimatablePair { AnimatablePair(.zero, .zero) }
    @inlinable public static func + (a: AnimatablePair, b: AnimatablePair) -> AnimatablePair {
        AnimatablePair(a.first + b.first, a.second + b.second)
    }
    @inlinable public static func - (a: AnimatablePair, b: AnimatablePair) -> AnimatablePair {
        AnimatablePair(a.first - b.first, a.second - b.second)
    }
    @inlinable public static func += (a: inout AnimatablePair, b: AnimatablePair) { a.first += b.first; a.second += b.second }
    @inlinable public static func -= (a: inout AnimatablePair, b: AnimatablePair) { a.first -= b.first; a.second -= b.second }
    @inlinable public mutating func scale(by rhs: Double) { first.scale(by: rhs); second.scale(by: rhs) }
    @inlinable public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

extension AnimatablePair: Sendable where First: Sendable, Second: Sendable {}
extension AnimatablePair: Hashable where First: Hashable, Second: Hashable {}

/// The animatable data of a type with nothing to animate: it never changes, so no animation
/// is ever created for it.
@frozen public struct EmptyAnimatableData: VectorArithmetic, Hashable, Sendable {
    @inlinable public init() {}
    @inlinable public static var zero: EmptyAnimatableData { EmptyAnimatableData() }
    @inlinable public static func + (a: EmptyAnimatableData, b: EmptyAnimatableData) -> EmptyAnimatableData { a }
    @inlinable public static func - (a: EmptyAnimatableData, b: EmptyAnimatableData) -> EmptyAnimatableData { a }
    @inlinable public mutating func scale(by rhs: Double) {}
    @inlinable public var magnitudeSquared: Double { 0 }
}
