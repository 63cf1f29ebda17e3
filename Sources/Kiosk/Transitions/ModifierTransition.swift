// ModifierTransition: `AnyTransition.modifier(active:identity:)`: one ViewModifier type, the
// `active` value out of the hierarchy and `identity` in it. Both values are the same type, so the
// engine's node for the modifier stays: an Animatable modifier has its animatableData
// interpolated; any other (the seeds' RotateViewModifier) gets its body evaluated with the new
// value, and the built-in effects in that body animate (rotation 180° → 0°, the offset).

struct _ModifierTransition<Modifier: ViewModifier>: Transition {
    let active: Modifier
    let identity: Modifier
    func body(content: Content, phase: TransitionPhase) -> ModifiedContent<Content, Modifier> {
        content.modifier(phase.isIdentity ? identity : active)
    }
}
