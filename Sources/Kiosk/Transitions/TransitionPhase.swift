// TransitionPhase and TransitionProperties: the phase a `Transition`'s body is asked for, and what
// a transition declares about itself. An inserted view is first built in `.willAppear` and then
// moves to `.identity` (animated); a removed view moves from `.identity` to `.didDisappear`.

/// The phases a view moves through as it is inserted into and removed from the hierarchy.
///
/// ```swift
/// content.opacity(phase.isIdentity ? 1 : 0)
///     .rotationEffect(.degrees(phase.value * 30))   // −30° in, 0°, +30° out
/// ```
public enum TransitionPhase: Hashable, Sendable {
    /// The view is about to be inserted: the transition's "from" state.
    case willAppear
    /// The view is in the hierarchy: no change from the transition.
    case identity
    /// The view has been removed and is animating out: the transition's "to" state.
    case didDisappear

    /// Whether this is the identity phase.
    public var isIdentity: Bool { self == .identity }

    /// −1 for `willAppear`, 0 for `identity`, +1 for `didDisappear`: a number to scale
    /// directional effects by.
    public var value: Double {
        switch self {
        case .willAppear: return -1
        case .identity: return 0
        case .didDisappear: return 1
        }
    }
}

/// What a transition declares about itself.
public struct TransitionProperties: Hashable, Sendable {
    /// Whether the transition moves or resizes the view (default true). A transition without
    /// motion (`.opacity`) is kept when Reduce Motion asks for cross-fades.
    public var hasMotion: Bool
    public init(hasMotion: Bool = true) { self.hasMotion = hasMotion }
}
