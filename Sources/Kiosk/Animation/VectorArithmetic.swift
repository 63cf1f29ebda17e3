// VectorArithmetic: the values animations interpolate — an additive group with scaling and a
// magnitude (springs use it to decide when they have settled), as SwiftUI's.

/// A type that animations can interpolate: it adds, subtracts, scales and has a magnitude.
///
/// ```swift
/// var v = AnimatablePair(1.0, 2.0)
/// v.scale(by: 0.5)      // (0.5, 1.0)
/// ```
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies each component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The dot product of the vector with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// A copy scaled by `rhs`.
    public func scaled(by rhs: Double) -> Self {
        var v = self
        v.scale(by: rhs)
        return v
    }
    /// Moves `self` toward `other` by `amount` (0: unchanged, 1: `other`).
    public mutating func interpolate(towards other: Self, amount: Double) {
        var d = other - self
        d.scale(by: amount)
        self += d
    }
    /// `self` moved toward `other` by `amount`.
    public func interpolated(towards other: Self, amount: Double) -> Self {
        var v = self
        v.interpolate(towards: other, amount: amount)
        return v
    }
}

extension Double: VectorArithmetic {
    @inlinable public mutating func scale(by rhs: Double) { self *= rhs }
    @inlinable public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    @inlinable public mutating func scale(by rhs: Double) { self *= Float(rhs) }
    @inlinable public var magnitudeSquared: Double { Double(self * self) }
}
