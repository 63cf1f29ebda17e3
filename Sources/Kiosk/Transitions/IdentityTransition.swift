// IdentityTransition: `.identity`: no change in any phase. The engine reads `_isIdentity` and
// inserts and removes such a view at once (SwiftUI: it "does not need a transition").

/// A transition that changes nothing: the view appears and disappears at once.
///
/// ```swift
/// Text(label).transition(.identity)
/// ```
public struct IdentityTransition: Transition {
    public init() {}
    public func body(content: Content, phase: TransitionPhase) -> Content { content }
    public static var properties: TransitionProperties { TransitionProperties(hasMotion: false) }
}

extension Transition where Self == IdentityTransition {
    /// A transition that changes nothing.
    public static var identity: IdentityTransition { IdentityTransition() }
}
