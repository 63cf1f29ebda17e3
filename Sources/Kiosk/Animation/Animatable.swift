// Animatable: a value (view, modifier, shape, geometry type) that exposes the numbers an
// animation may interpolate. The engine reads `animatableData` from the new value, animates
// from the presented one, and writes the interpolated data back into a copy every frame.

/// A type whose `animatableData` the engine interpolates while an animation runs.
///
/// ```swift
/// struct Wave: Shape {
///     var phase: Double
///     var animatableData: Double { get { phase } set { phase = newValue } }
///     func path(in rect: CGRect) -> Path { … }
/// }
/// ```
public protocol Animatable {
    associatedtype AnimatableData: VectorArithmetic
    /// The data to animate.
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

extension Animatable where Self: VectorArithmetic {
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

/// A modifier that animates its `animatableData` (deprecated in SwiftUI in favour of
/// `Animatable` directly; the seeds use it).
public protocol AnimatableModifier: Animatable, ViewModifier {}
