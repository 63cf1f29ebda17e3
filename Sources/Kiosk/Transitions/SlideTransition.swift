// SlideTransition: `.slide`: in from the leading edge, out towards the trailing edge, by the
// view's own width. One move effect whose fraction goes −1 → 0 → +1, not two stacked moves.

/// A transition that slides the view in from the leading edge and out to the trailing edge.
///
/// ```swift
/// Page(n).transition(.slide)
/// ```
public struct SlideTransition: Transition {
    public init() {}
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.modifier(_MoveTransitionEffect(fraction: CGSize(width: phase.value, height: 0)))
    }
}

extension Transition where Self == SlideTransition {
    /// Slides the view in from the leading edge and out to the trailing edge.
    public static var slide: SlideTransition { SlideTransition() }
}
