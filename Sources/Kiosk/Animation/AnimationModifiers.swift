// The modifiers that choose the animation of a subtree's changes: `.animation(_:value:)`, the
// deprecated `.animation(_:)`, `.transaction(_:)` and `.transaction(value:_:)`. Each rewrites
// the transaction its content is evaluated in (the one closest to an attribute wins, because
// it runs last); siblings and ancestors are not affected.

/// A modifier that rewrites the transaction of its content.
protocol TransactionModifier: BuiltinModifier {
    func transform(_ transaction: inout Transaction, node: Node)
}

/// ModifiedContent with a transaction-rewriting modifier.
protocol TransactionCarrier {
    func transformTransaction(_ transaction: inout Transaction, node: Node)
}

extension ModifiedContent: TransactionCarrier where Content: View, Modifier: TransactionModifier {
    func transformTransaction(_ transaction: inout Transaction, node: Node) { modifier.transform(&transaction, node: node) }
}

/// `.animation(_:value:)`: the animation of changes in transactions where `value` changed.
public struct _ValueAnimationModifier<Value: Equatable>: TransactionModifier {
    let animation: Animation?
    let value: Value
    func transform(_ transaction: inout Transaction, node: Node) {
        let changed: Bool
        if let box = node.modifierState as? ValueBox<Value> {
            changed = box.value != value
            box.value = value
        } else {
            node.modifierState = ValueBox(value)
            changed = false   // the first value counts as no change
        }
        if changed && !transaction.disablesAnimations { transaction.animation = animation }
    }
}

/// The deprecated `.animation(_:)`: every change in its subtree animates with `animation`
/// (nil: none), overriding `withAnimation` there.
public struct _LegacyAnimationModifier: TransactionModifier {
    let animation: Animation?
    func transform(_ transaction: inout Transaction, node: Node) {
        if !transaction.disablesAnimations { transaction.animation = animation }
    }
}

/// `.transaction(_:)` and `.transaction(value:_:)`.
public struct _TransactionModifier: TransactionModifier {
    let body: (inout Transaction) -> Void
    let valueChanged: ((Node) -> Bool)?
    func transform(_ transaction: inout Transaction, node: Node) {
        if let valueChanged, !valueChanged(node) { return }
        body(&transaction)
    }
}

extension View {
    /// Animates changes in this view's subtree with `animation` whenever `value` changes
    /// (nil: those changes don't animate, even inside `withAnimation`).
    ///
    /// ```swift
    /// Circle().scaleEffect(big ? 2 : 1).animation(.spring(), value: big)
    /// ```
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> ModifiedContent<Self, _ValueAnimationModifier<V>> {
        modifier(_ValueAnimationModifier(animation: animation, value: value))
    }

    /// Animates every change in this view's subtree with `animation` (nil strips animation).
    /// Deprecated in SwiftUI in favour of `animation(_:value:)`; kept because code uses it.
    public func animation(_ animation: Animation?) -> ModifiedContent<Self, _LegacyAnimationModifier> {
        modifier(_LegacyAnimationModifier(animation: animation))
    }

    /// Rewrites the transaction of every change in this view's subtree.
    ///
    /// ```swift
    /// Text(label).transaction { $0.animation = nil }
    /// ```
    public func transaction(_ transform: @escaping (inout Transaction) -> Void) -> ModifiedContent<Self, _TransactionModifier> {
        modifier(_TransactionModifier(body: transform, valueChanged: nil))
    }

    /// Rewrites the transaction of changes in transactions where `value` changed.
    public func transaction<V: Equatable>(value: V, _ transform: @escaping (inout Transaction) -> Void) -> ModifiedContent<Self, _TransactionModifier> {
        modifier(_TransactionModifier(body: transform, valueChanged: { node in
            if let box = node.modifierState as? ValueBox<V> {
                defer { box.value = value }
                return box.value != value
            }
            node.modifierState = ValueBox(value)
            return false
        }))
    }
}
