// ScaleTransition: `.scale` and `.scale(scale:anchor:)`: a scale effect of `scale` out of the
// hierarchy, 1 in it. The bare `.scale` uses 1e-5 (SwiftUI's value: not 0, so the scale stays
// invertible for hit testing and the animation starts from a real size) about the centre.

/// A transition that scales the view.
///
/// ```swift
/// RoundedRectangle(cornerRadius: 30).transition(.scale(0.1, anchor: .bottomTrailing))
/// ```
public struct ScaleTransition: Transition {
    /// The scale while the view is out of the hierarchy.
    public var scale: Double
    /// The point the view scales about.
    public var anchor: UnitPoint
    public init(_ scale: Double, anchor: UnitPoint = .center) {
        self.scale = scale
        self.anchor = anchor
    }
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.scaleEffect(phase.isIdentity ? 1 : scale, anchor: anchor)
    }
}

extension Transition where Self == ScaleTransition {
    /// Scales the view from (and to) almost nothing (1e-5) about its centre.
    public static var scale: ScaleTransition { ScaleTransition(1e-5) }
    /// Scales the view from (and to) `scale` about `anchor`.
    public static func scale(_ scale: Double, anchor: UnitPoint = .center) -> ScaleTransition {
        ScaleTransition(scale, anchor: anchor)
    }
}
