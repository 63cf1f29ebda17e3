// `.transition(_:)`: a transparent trait on the view — it changes neither layout nor drawing; the
// graph reads it when the view is inserted or removed. Which one applies when several are stacked
// follows SwiftUI's trait rule (ENGINE.md, "Transitions"): each `_TraitWritingModifier` takes the
// traits its parent passes down, overwrites its key and passes the result on to its content, so
// the modifier nearest the view (the first `.transition` written) has the last word.
// (OpenSwiftUIProject/OpenSwiftUI, Sources/OpenSwiftUICore/View/ViewTrait.swift, AddTrait, and
// Sources/OpenSwiftUICore/Animation/Transition/TransitionTraitKey.swift.)

/// Associates a transition with its content (`.transition(_:)`); draws and lays out nothing.
public struct _TransitionTraitModifier: BuiltinModifier {
    let transition: AnyTransition

    /// The transition that applies to `view` (a view value, before the graph builds it): the
    /// innermost `.transition` on its chain of modifiers, through every modifier in between.
    /// nil when none is written (the engine then uses the default, `.opacity`). The chain is
    /// walked, not bodies: a `.transition` inside a custom view's body is on that body's value.
    ///
    ///     Color.red.transition(.scale).transition(.opacity)   // → .scale
    static func effectiveTransition(of view: any View) -> AnyTransition? {
        var found: AnyTransition?
        // Outermost first, so the last one seen (the innermost) wins.
        forEachModifier(of: view) { if let t = $0 as? _TransitionTraitModifier { found = t.transition } }
        return found
    }

    /// The transition the graph uses for `view`: the written one, else SwiftUI's default
    /// (TransitionTraitKey.defaultValue = `.opacity`).
    static func transition(of view: any View) -> AnyTransition { effectiveTransition(of: view) ?? .opacity }
}

/// Visits the modifiers of a view value's ModifiedContent chain, outermost first.
func forEachModifier(of view: any View, _ visit: (Any) -> Void) {
    var v: any View = view
    while let m = v as? any ModifierCarrier {
        visit(m.anyModifier)
        v = m.anyContent
    }
}

extension View {
    /// Associates a transition with the view: when it is inserted or removed inside an
    /// animated transaction, `t` animates it in and out. The default is `.opacity`. When
    /// several are written, the first one (nearest the view) applies.
    ///
    /// ```swift
    /// if isActive {
    ///     MyView().transition(.slide)
    /// }
    /// ```
    @_disfavoredOverload
    public func transition(_ t: AnyTransition) -> ModifiedContent<Self, _TransitionTraitModifier> {
        modifier(_TransitionTraitModifier(transition: t))
    }

    /// Associates a `Transition` with the view (iOS 17).
    ///
    /// ```swift
    /// MyView().transition(RotatingFadeTransition())
    /// ```
    public func transition<T: Transition>(_ transition: T) -> ModifiedContent<Self, _TransitionTraitModifier> {
        modifier(_TransitionTraitModifier(transition: AnyTransition(transition)))
    }
}
