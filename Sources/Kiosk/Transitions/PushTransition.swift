// PushTransition: `.push(from:)` (iOS 16): inserted from `edge`, removed towards the opposite
// edge, by the view's own size, fading to 0 both ways — what a navigation push looks like.

/// A transition that pushes the view in from an edge and out towards the opposite one, fading.
///
/// ```swift
/// Step(n).transition(.push(from: .trailing))
/// ```
public struct PushTransition: Transition {
    /// The edge the view comes in from.
    public var edge: Edge
    public init(edge: Edge) { self.edge = edge }
    public func body(content: Content, phase: TransitionPhase) -> some View {
        let from = _MoveTransitionEffect.fraction(towards: edge)
        // willAppear (value −1): towards `edge`; didDisappear (+1): towards the opposite edge.
        let f = CGSize(width: -phase.value * from.width, height: -phase.value * from.height)
        return content.modifier(_MoveTransitionEffect(fraction: f)).opacity(phase.isIdentity ? 1 : 0)
    }
}

extension Transition where Self == PushTransition {
    /// Pushes the view in from `edge` and out towards the opposite edge, fading.
    public static func push(from edge: Edge) -> PushTransition { PushTransition(edge: edge) }
}
