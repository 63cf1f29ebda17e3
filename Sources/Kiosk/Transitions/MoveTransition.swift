// MoveTransition: `.move(edge:)`: out of the hierarchy the view is drawn one own size towards
// `edge` (top: (0, −h), leading: (−w, 0), bottom: (0, h), trailing: (w, 0)); in it, in place.
// Apple: "moves the view away, towards the specified edge of the view".

/// A transition that moves the view in from an edge and out towards it, by its own size.
///
/// ```swift
/// Banner().transition(.move(edge: .top))
/// ```
public struct MoveTransition: Transition {
    /// The edge the view moves from and to.
    public var edge: Edge
    public init(edge: Edge) { self.edge = edge }
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.modifier(_MoveTransitionEffect(fraction: phase.isIdentity ? .zero : _MoveTransitionEffect.fraction(towards: edge)))
    }
}

extension Transition where Self == MoveTransition {
    /// Moves the view in from `edge` and out towards it, by its own size.
    public static func move(edge: Edge) -> MoveTransition { MoveTransition(edge: edge) }
}
