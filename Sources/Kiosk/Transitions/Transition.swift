// Transition: iOS 17's protocol for the view changes applied as a view is inserted and removed.
// A transition is a body of modifiers around a placeholder for the content, evaluated per phase.
// The engine keeps the nodes of that body across phases and animates their values, so a body
// must have the same structure in every phase (change values with the phase, never use `if`,
// `switch` or `.id` on it); a body that does not is rebuilt and jumps (see AnyTransition.swift).

/// A description of view changes to apply when a view is added to and removed from the
/// view hierarchy.
///
/// ```swift
/// struct RotatingFadeTransition: Transition {
///     func body(content: Content, phase: TransitionPhase) -> some View {
///         content
///             .opacity(phase.isIdentity ? 1 : 0)
///             .rotationEffect(.degrees(phase.value * 30))
///     }
/// }
/// Text("Hi").transition(RotatingFadeTransition())
/// ```
public protocol Transition {
    associatedtype Body: View
    /// The content the transition is applied to.
    typealias Content = PlaceholderContentView<Self>
    /// The view changes for `phase`; identity should change nothing.
    @ViewBuilder func body(content: Content, phase: TransitionPhase) -> Body
    /// What this transition declares about itself (default: it has motion).
    static var properties: TransitionProperties { get }
}

extension Transition {
    public static var properties: TransitionProperties { TransitionProperties() }

    /// Applies `other` over this transition, in the same phase.
    ///
    /// ```swift
    /// .transition(.move(edge: .bottom).combined(with: .opacity))
    /// ```
    public func combined<T: Transition>(with other: T) -> some Transition {
        _CombinedTransition(first: self, second: other)
    }

    /// Animates this transition's changes with `animation`, whatever the transaction says
    /// (also when the change that inserted or removed the view was not animated).
    ///
    /// ```swift
    /// .transition(.scale.animation(.easeInOut))
    /// ```
    public func animation(_ animation: Animation?) -> some Transition {
        _AnimatedTransition(base: self, animation: animation)
    }

    /// The body for `phase` around the engine's content (an erased view).
    func _body(around content: any View, phase: TransitionPhase) -> any View {
        body(content: PlaceholderContentView(content), phase: phase)
    }
}

/// The content of a `Transition`'s body: the view the transition is applied to.
public struct PlaceholderContentView<Value>: View, PrimitiveView {
    let content: any View
    init(_ content: any View) { self.content = content }
    public var body: Never { bodyNeverCalled("PlaceholderContentView") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
}

/// What the AnyTransition layer asks of a composite transition type besides its body: the
/// animation each phase change runs with, and whether it is the identity.
protocol _TransitionIntrospection {
    /// The transition's own animation for an insertion (`.willAppear`) or a removal
    /// (`.didDisappear`); for `.identity`, the animation of the transition as a whole.
    func _animation(for phase: TransitionPhase) -> Animation?
    var _isIdentity: Bool { get }
}

/// `first` then `second` around it, both in the same phase (`Transition.combined(with:)`).
struct _CombinedTransition<First: Transition, Second: Transition>: Transition, _TransitionIntrospection {
    let first: First
    let second: Second
    func body(content: Content, phase: TransitionPhase) -> some View {
        second.body(content: PlaceholderContentView(first.body(content: PlaceholderContentView(content.content), phase: phase)), phase: phase)
    }
    static var properties: TransitionProperties {
        TransitionProperties(hasMotion: First.properties.hasMotion || Second.properties.hasMotion)
    }
    func _animation(for phase: TransitionPhase) -> Animation? {
        AnyTransition(second)._animation(for: phase) ?? AnyTransition(first)._animation(for: phase)
    }
    var _isIdentity: Bool { AnyTransition(first)._isIdentity && AnyTransition(second)._isIdentity }
}

/// `base` with its own animation (`Transition.animation(_:)`).
struct _AnimatedTransition<Base: Transition>: Transition, _TransitionIntrospection {
    let base: Base
    let animation: Animation?
    func body(content: Content, phase: TransitionPhase) -> some View {
        base.body(content: PlaceholderContentView(content.content), phase: phase)
    }
    static var properties: TransitionProperties { Base.properties }
    func _animation(for phase: TransitionPhase) -> Animation? { animation }
    var _isIdentity: Bool { AnyTransition(base)._isIdentity }
}
