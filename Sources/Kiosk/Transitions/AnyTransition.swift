// AnyTransition: a type-erased transition, as SwiftUI's, and the interface the engine's
// insertion/removal bookkeeping (ViewGraph.reconcile) calls. Every built-in is a `Transition`
// value (OpacityTransition.swift …); AnyTransition adds the erased combinators on top.
//
// THE ENGINE'S INTERFACE (internal; the graph calls exactly these):
//
//   func _apply(to content: any View, phase: TransitionPhase) -> any View
//       Wraps `content` in the transition's modifiers for `phase`. The result's type structure
//       is the same for all three phases — the same modifier types, nested the same way, only
//       their values differ — so the engine keeps the nodes when the phase changes and animates
//       the modifiers' animatable values between phases (willAppear → identity on insertion,
//       identity → didDisappear on removal, and back from wherever they are when interrupted).
//       Composition: `a.combined(with: b)` = b's modifiers around a's, both in the phase;
//       `asymmetric(insertion: A, removal: B)` = B's modifiers around A's, with
//       willAppear → A active + B identity; identity → both identity; didDisappear → A identity
//       + B active. `modifier(active:identity:)` = content.modifier(active or identity).
//       A user `Transition` whose body changes structure with the phase (an `if` on the phase)
//       breaks this: the engine sees new nodes and the change jumps instead of animating (the
//       documented result; SwiftUI resets the view's state in that case too).
//
//   var _animation: Animation?
//       The transition's own animation (from `.animation(_:)`), which wins over the
//       transaction's for the transition's modifiers. nil: use the transaction's. For a
//       combination it is the outer part's, else the inner part's; `_animation(for:)` refines it
//       per direction (an asymmetric transition's insertion and removal may each have their own).
//       `.animation(nil)` reads as "no own animation" here (SwiftUI would disable the animation).
//
//   var _isIdentity: Bool
//       True for `.identity` (and combinations made only of it): the view needs no transition,
//       it is inserted as it is and removed at once instead of being kept for a removal.
//
//   _TransitionTraitModifier.effectiveTransition(of: view) -> AnyTransition?
//       The transition written on a view value (innermost `.transition` wins; nil = none
//       written, the engine then uses the default `.opacity`). See TransitionTrait.swift.

/// A type-erased transition.
///
/// ```swift
/// if isShown {
///     Card().transition(.move(edge: .bottom).combined(with: .opacity))
/// }
/// ```
public struct AnyTransition: @unchecked Sendable, CustomStringConvertible {
    indirect enum Storage {
        /// One `Transition` value: a built-in, `modifier(active:identity:)`, or a user's own.
        case transition(any Transition)
        case combined(AnyTransition, AnyTransition)
        case asymmetric(insertion: AnyTransition, removal: AnyTransition)
        case animated(AnyTransition, Animation?)
    }
    let storage: Storage

    init(storage: Storage) { self.storage = storage }

    /// Erases a `Transition`.
    public init<T: Transition>(_ transition: T) {
        storage = .transition(transition)
    }

    // MARK: the engine's interface

    /// `content` wrapped in this transition's modifiers for `phase` (same structure in every phase).
    func _apply(to content: any View, phase: TransitionPhase) -> any View {
        switch storage {
        case .transition(let t):
            return t._body(around: content, phase: phase)
        case .combined(let a, let b):
            return b._apply(to: a._apply(to: content, phase: phase), phase: phase)
        case .asymmetric(let insertion, let removal):
            let inner = insertion._apply(to: content, phase: phase == .didDisappear ? .identity : phase)
            return removal._apply(to: inner, phase: phase == .willAppear ? .identity : phase)
        case .animated(let t, _):
            return t._apply(to: content, phase: phase)
        }
    }

    /// The transition's own animation, which wins over the transaction's; nil: none.
    var _animation: Animation? { _animation(for: .identity) }

    /// The own animation of the insertion (`.willAppear`) or the removal (`.didDisappear`);
    /// `.identity` asks for the transition as a whole (`_animation`).
    func _animation(for phase: TransitionPhase) -> Animation? {
        switch storage {
        case .transition(let t): return (t as? _TransitionIntrospection)?._animation(for: phase)
        case .combined(let a, let b): return b._animation(for: phase) ?? a._animation(for: phase)
        case .asymmetric(let insertion, let removal):
            switch phase {
            case .willAppear: return insertion._animation(for: .willAppear)
            case .didDisappear: return removal._animation(for: .didDisappear)
            case .identity: return insertion._animation(for: .willAppear) ?? removal._animation(for: .didDisappear)
            }
        case .animated(let t, let a): return a ?? t._animation(for: phase)
        }
    }

    /// True for `.identity`: the view is inserted and removed at once, with no transition.
    var _isIdentity: Bool {
        switch storage {
        case .transition(let t): return t is IdentityTransition || (t as? _TransitionIntrospection)?._isIdentity == true
        case .combined(let a, let b): return a._isIdentity && b._isIdentity
        case .asymmetric(let i, let r): return i._isIdentity && r._isIdentity
        case .animated(let t, _): return t._isIdentity
        }
    }

    /// Whether the transition moves or resizes the view (`TransitionProperties.hasMotion`).
    var _hasMotion: Bool {
        switch storage {
        case .transition(let t): return type(of: t).properties.hasMotion
        case .combined(let a, let b), .asymmetric(let a, let b): return a._hasMotion || b._hasMotion
        case .animated(let t, _): return t._hasMotion
        }
    }

    public var description: String {
        switch storage {
        case .transition(let t): return String(describing: t)
        case .combined(let a, let b): return "\(a).combined(with: \(b))"
        case .asymmetric(let i, let r): return "asymmetric(insertion: \(i), removal: \(r))"
        case .animated(let t, let a): return "\(t).animation(\(a.map { String(describing: $0) } ?? "nil"))"
        }
    }

    // MARK: built-ins

    /// Fades the view in and out.
    public static let opacity = AnyTransition(OpacityTransition())
    /// Scales the view from (and to) almost nothing (1e-5) about its centre.
    public static var scale: AnyTransition { AnyTransition(ScaleTransition(1e-5)) }
    /// Scales the view from (and to) `scale` about `anchor`.
    ///
    /// ```swift
    /// .transition(.scale(scale: 0.1, anchor: .bottomTrailing))
    /// ```
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition(ScaleTransition(scale, anchor: anchor))
    }
    /// Moves the view in from `edge` and out towards it, by the view's own size.
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(MoveTransition(edge: edge)) }
    /// Moves the view in from the leading edge and out towards the trailing edge (own width).
    public static var slide: AnyTransition { AnyTransition(SlideTransition()) }
    /// Offsets the view by `offset` while it is not in the hierarchy.
    public static func offset(_ offset: CGSize) -> AnyTransition { AnyTransition(OffsetTransition(offset)) }
    /// Offsets the view by (x, y) while it is not in the hierarchy.
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition { offset(CGSize(width: x, height: y)) }
    /// Pushes the view in from `edge` and out towards the opposite edge, fading both ways.
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition(PushTransition(edge: edge)) }
    /// No change: the view appears and disappears at once.
    public static let identity = AnyTransition(IdentityTransition())

    /// `insertion` when the view appears, `removal` when it disappears.
    ///
    /// ```swift
    /// .transition(.asymmetric(insertion: .scale, removal: .opacity))
    /// ```
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(storage: .asymmetric(insertion: insertion, removal: removal))
    }

    /// A transition from one `ViewModifier` type: `active` while the view is out of the
    /// hierarchy, `identity` while it is in it (their animatable data is interpolated).
    ///
    /// ```swift
    /// .modifier(active: RotateViewModifier(rotation: 180), identity: RotateViewModifier(rotation: 0))
    /// ```
    public static func modifier<E: ViewModifier>(active: E, identity: E) -> AnyTransition {
        AnyTransition(_ModifierTransition(active: active, identity: identity))
    }

    /// This transition with `other` applied over it, in the same phase.
    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(storage: .combined(self, other))
    }

    /// This transition animated with `animation`, whatever the transaction says.
    ///
    /// ```swift
    /// .transition(AnyTransition.scale.animation(.easeInOut))
    /// ```
    public func animation(_ animation: Animation?) -> AnyTransition {
        AnyTransition(storage: .animated(self, animation))
    }
}
