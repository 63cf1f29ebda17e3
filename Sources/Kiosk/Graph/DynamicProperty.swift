// DynamicProperty: properties (@State, @Environment, …) whose storage the graph installs into
// each fresh copy of a view before its body runs. Found by reflection in declaration order, so
// the n-th @State of a view always meets the n-th storage cell of its node.

/// A stored property of a view that the engine updates before the body is evaluated.
public protocol DynamicProperty {
    /// Called before the body is evaluated; the default does nothing.
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// Internal hook: connect this property to its node's storage.
protocol InstallableProperty {
    func install(in node: Node, slot: inout Int)
}

/// A view whose dynamic properties live in another value (a custom modifier's body).
protocol DynamicPropertyHost {
    var dynamicPropertySource: Any { get }
}

enum PropertyInstaller {
    static func install(_ view: any View, in node: Node) {
        // Known-plain view types return before the view is re-boxed as `Any` and cast (1–2
        // allocations per evaluated node). A host's property source has a type fixed by the
        // host's, so the host's type stands for it.
        let viewType = ObjectIdentifier(Swift.type(of: view))
        if node.graph.plainTypes.contains(viewType) { return }
        var slot = 0
        let source = (view as? DynamicPropertyHost)?.dynamicPropertySource ?? view
        let type = ObjectIdentifier(Swift.type(of: source))
        if node.graph.plainTypes.contains(type) { node.graph.plainTypes.insert(viewType); return }
        if !visit(source, node: node, slot: &slot, depth: 0) {
            node.graph.plainTypes.insert(type)
            node.graph.plainTypes.insert(viewType)
        }
    }

    /// Returns whether anything was installed.
    private static func visit(_ value: Any, node: Node, slot: inout Int, depth: Int) -> Bool {
        var found = false
        for child in Mirror(reflecting: value).children {
            if let property = child.value as? InstallableProperty {
                property.install(in: node, slot: &slot)
                found = true
            } else if depth < 4, child.value is DynamicProperty {
                found = visit(child.value, node: node, slot: &slot, depth: depth + 1) || found
            }
        }
        return found
    }
}
