// onGeometryChange (iOS 18): a value derived from a view's geometry (its size, its frame in a
// coordinate space) is watched, and an action runs after layout when it changes — as SwiftUI,
// also once with the first value the view is laid out with. The modifier sizes and places
// like its content; after placing it, it applies `transform` to the new geometry and, when the
// result differs from the last one, queues the action for the update that follows the layout
// (so state it sets shows in the same frame's second layout, not a frame later).
// Known difference: frames are layout frames — a ScrollView's offset and render effects
// (offset, scale, rotation) are not part of them.

/// A modifier that reports changes of a value computed from its content's geometry.
public struct _GeometryChangeModifier<T: Equatable>: BuiltinModifier, PassThroughLayout {
    let transform: (GeometryProxy) -> T
    let action: (T, T) -> Void

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        pass.place(items: node.layoutItems, in: bounds)
        let value = transform(GeometryProxy(size: bounds.size, globalFrame: bounds))
        let box: GeometryChangeBox<T>
        if let b = node.modifierState as? GeometryChangeBox<T> { box = b } else {
            box = GeometryChangeBox<T>()
            node.modifierState = box
        }
        guard box.value != value || !box.reported else { return }
        let old = box.reported ? box.value ?? value : value
        box.value = value
        box.reported = true
        let action = self.action
        node.graph.enqueueLifecycle { [link = node.link] in
            guard let node = link.node, !node.isRemoved else { return }
            action(old, value)
        }
        pass.didChangeTree = true
    }
}

final class GeometryChangeBox<T: Equatable> {
    var value: T?
    var reported = false
}

extension View {
    /// Runs `action` with the value `transform` computes from this view's geometry, once after
    /// its first layout and again whenever the value changes.
    ///
    /// ```swift
    /// Text(title).onGeometryChange(for: CGFloat.self) { $0.size.width } action: { width = $0 }
    /// ```
    public func onGeometryChange<T: Equatable>(for type: T.Type, of transform: @escaping (GeometryProxy) -> T,
                                               action: @escaping (_ newValue: T) -> Void) -> ModifiedContent<Self, _GeometryChangeModifier<T>> {
        modifier(_GeometryChangeModifier(transform: transform, action: { _, new in action(new) }))
    }
    /// Runs `action` with the old and new value (the first call passes the first value as both).
    public func onGeometryChange<T: Equatable>(for type: T.Type, of transform: @escaping (GeometryProxy) -> T,
                                               action: @escaping (_ oldValue: T, _ newValue: T) -> Void) -> ModifiedContent<Self, _GeometryChangeModifier<T>> {
        modifier(_GeometryChangeModifier(transform: transform, action: action))
    }
}
