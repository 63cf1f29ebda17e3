// AsymmetricTransition: one transition for the insertion and another for the removal. Both are
// always present (removal's modifiers around insertion's), each held at identity in the other's
// direction, so the structure is the same in every phase and an interrupted removal or
// re-insertion animates from where it is.

/// A transition with one transition for insertion and another for removal.
///
/// ```swift
/// .transition(AsymmetricTransition(insertion: .scale, removal: .opacity))
/// ```
public struct AsymmetricTransition<Insertion: Transition, Removal: Transition>: Transition, _TransitionIntrospection {
    /// The transition run when the view is inserted.
    public var insertion: Insertion
    /// The transition run when the view is removed.
    public var removal: Removal
    public init(insertion: Insertion, removal: Removal) {
        self.insertion = insertion
        self.removal = removal
    }
    public func body(content: Content, phase: TransitionPhase) -> some View {
        removal.body(content: PlaceholderContentView(insertion.body(content: PlaceholderContentView(content.content),
                                                                     phase: phase == .didDisappear ? .identity : phase)),
                     phase: phase == .willAppear ? .identity : phase)
    }
    public static var properties: TransitionProperties {
        TransitionProperties(hasMotion: Insertion.properties.hasMotion || Removal.properties.hasMotion)
    }
    func _animation(for phase: TransitionPhase) -> Animation? {
        AnyTransition.asymmetric(insertion: AnyTransition(insertion), removal: AnyTransition(removal))._animation(for: phase)
    }
    var _isIdentity: Bool { AnyTransition(insertion)._isIdentity && AnyTransition(removal)._isIdentity }
}
