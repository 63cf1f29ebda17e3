// `.animation(_:body:)` (iOS 17): the animation applies only to the modifiers `body` applies to
// its placeholder, not to the content's own changes. The returned view rewrites the transaction
// of what `body` builds (as the deprecated `.animation(_:)` does: every change, unless
// `disablesAnimations`); the placeholder at the bottom of `body` restores, for the content, the
// transaction the view itself was evaluated in. Precedence is the usual one: the rewrite
// closest to an attribute wins, so an `.animation(_:value:)` inside `body` beats this one, and
// this one beats `withAnimation` and any `.animation` outside it — for `body`'s modifiers only.

/// What `.animation(_:body:)` returns.
public struct _AnimationBodyView<Body: View>: View, PrimitiveView, TransactionCarrier, AnimationBodyScope {
    /// What `body` built around the placeholder (built at once, as SwiftUI calls it).
    let built: Body
    let animation: Animation?
    public var body: Never { bodyNeverCalled("_AnimationBodyView") }

    func makeChildren(_ list: inout ChildList) { list.append(built, key: 0) }

    func transformTransaction(_ transaction: inout Transaction, node: Node) {
        // Not on its first evaluation: nothing inside has a value to animate from yet, and an
        // animation there would transition in the children of dynamic containers in `body` at
        // their first appearance.
        guard node.modifierState === EvaluatedBefore.shared else { node.modifierState = EvaluatedBefore.shared; return }
        if !transaction.disablesAnimations { transaction.animation = animation }
    }
}

/// `modifierState` of an `.animation(_:body:)` node after its first evaluation (one shared
/// instance: marking a node allocates nothing).
final class EvaluatedBefore: Sendable {
    static let shared = EvaluatedBefore()
}

/// Marks the node whose transaction a `.animation(_:body:)` placeholder restores.
protocol AnimationBodyScope {}

/// The placeholder of a view's content inside `.animation(_:body:)` (its `Value` is a View; a
/// transition's placeholder, whose `Value` is the transition, does not do this): the content is
/// evaluated in the transaction outside the `.animation(_:body:)`.
extension PlaceholderContentView: TransactionCarrier where Value: View {
    func transformTransaction(_ transaction: inout Transaction, node: Node) {
        var n = node.parent
        while let scope = n, !(scope.view is any AnimationBodyScope) { n = scope.parent }
        // Only when the scope was evaluated in this update (otherwise the content is evaluated
        // on its own, in the transaction of its own change).
        guard let scope = n, scope.transactionStamp == node.transactionStamp else { return }
        transaction = scope.transaction
    }
}

extension View {
    /// Applies `animation` to the changes of the modifiers `body` applies to this view, and to
    /// nothing else: the view's own changes keep the animation they would have had.
    ///
    /// ```swift
    /// Image(systemName: "heart.fill")
    ///     .offset(y: offset)
    ///     .animation(.easeIn) { $0.opacity(isFaded ? 0.2 : 1).scaleEffect(scale) }
    /// ```
    public func animation<V: View>(_ animation: Animation?, @ViewBuilder body: (PlaceholderContentView<Self>) -> V) -> some View {
        _AnimationBodyView(built: body(PlaceholderContentView(self)), animation: animation)
    }
}
