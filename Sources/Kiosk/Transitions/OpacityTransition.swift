// OpacityTransition: `.opacity`, the default transition (SwiftUI's TransitionTraitKey default):
// opacity 0 out of the hierarchy, 1 in it. It has no motion, so Reduce Motion keeps it.

/// A transition that fades the view in and out.
///
/// ```swift
/// Text("Saved").transition(.opacity)
/// ```
public struct OpacityTransition: Transition {
    public init() {}
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.opacity(phase.isIdentity ? 1 : 0)
    }
    public static var properties: TransitionProperties { TransitionProperties(hasMotion: false) }
}

extension Transition where Self == OpacityTransition {
    /// Fades the view in and out.
    public static var opacity: OpacityTransition { OpacityTransition() }
}
