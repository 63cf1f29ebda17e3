// DynamicProperty: properties (@State, @Environment, …) whose storage the graph installs into
// each fresh copy of a view before its body runs. Found by reflection in declaration order, so
// the n-th @State of a view always meets the n-th storage cell of its node.

@_spi(Reflection) import Swift

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

extension InstallableProperty {
    /// Installs the property stored at `address` (a field of a view found by `PropertyPlan`).
    static func install(at address: UnsafeRawPointer, in node: Node, slot: inout Int) {
        address.assumingMemoryBound(to: Self.self).pointee.install(in: node, slot: &slot)
    }
}

/// Where a struct view type keeps its installable properties (byte offsets, declaration order),
/// found once per type from its field metadata. Mirror found them before: 7 allocations per
/// evaluation of a view with one @State (`kiosk bench --scene views`), now none.
struct PropertyPlan {
    var fields: [(offset: Int, type: InstallableProperty.Type)] = []

    /// nil when the type holds something a plan cannot follow the way Mirror's casts would
    /// (an optional or existential field, a class-typed DynamicProperty, a non-struct view):
    /// those types keep using Mirror.
    static func make(for type: Any.Type) -> PropertyPlan? {
        guard !(type is AnyClass) else { return nil }
        var plan = PropertyPlan()
        return plan.add(type, base: 0, depth: 0) ? plan : nil
    }

    private mutating func add(_ type: Any.Type, base: Int, depth: Int) -> Bool {
        var ok = true
        let walked = _forEachField(of: type) { _, offset, fieldType, kind in
            if let installable = fieldType as? InstallableProperty.Type {
                fields.append((base + offset, installable))
            } else if kind == .optional {
                // Mirror's cast unwraps an optional: only one whose wrapped type could hold a
                // property needs it (`ListItemView`'s `ListSelection?` does not: 24 % of a
                // bench-form-40 frame was Mirror on such views).
                guard let wrapped = (fieldType as? any _OptionalMetatype.Type)?.wrappedType,
                      !PropertyPlan.mayHoldProperties(wrapped) else { ok = false; return false }
            } else if kind == .existential {
                // An existential field (`any View`, a closure's `Any`) is skipped, as SwiftUI
                // finds dynamic properties by a field's static type.
            } else if kind == .opaque || kind == .unknown {
                ok = false
            } else if fieldType is DynamicProperty.Type {
                // Mirror recursed into nested dynamic properties up to depth 4.
                if depth < 4 {
                    guard kind == .struct, add(fieldType, base: base + offset, depth: depth + 1) else { ok = false; return false }
                }
            }
            return ok
        }
        return walked && ok
    }
}

extension PropertyPlan {
    /// Whether a value of `type` could be, or hold, an installable property (an optional's
    /// wrapped type: anything but plain structs, enums and classes that are not properties).
    static func mayHoldProperties(_ type: Any.Type) -> Bool {
        if type is InstallableProperty.Type || type is DynamicProperty.Type { return true }
        if type is any _OptionalMetatype.Type { return true }
        if type is AnyClass { return false }
        switch metadataKindWord(type) {
        case 0x200, 0x201, 0x301, 0x302: return false   // struct, enum, tuple, function
        default: return true
        }
    }
}

/// An optional's wrapped type, read from its metatype.
protocol _OptionalMetatype { static var wrappedType: Any.Type { get } }
extension Optional: _OptionalMetatype { static var wrappedType: Any.Type { Wrapped.self } }

enum PropertyInstaller {
    static func install(_ view: any View, in node: Node) {
        // Known-plain view types return before the view is re-boxed as `Any` and cast (1–2
        // allocations per evaluated node). A host's property source has a type fixed by the
        // host's, so the host's type stands for it.
        // The node's type info remembers a plain type, so the set is not hashed per evaluation.
        let info = node.info
        if info.isPlainView { return }
        let viewType = ObjectIdentifier(Swift.type(of: view))
        let graph = node.graph
        if graph.plainTypes.contains(viewType) {
            if info.type == viewType { info.isPlainView = true }
            return
        }
        if !(view is DynamicPropertyHost) {
            let plan: PropertyPlan?
            if let known = graph.propertyPlans[viewType] { plan = known } else {
                plan = PropertyPlan.make(for: Swift.type(of: view))
                graph.propertyPlans[viewType] = plan
            }
            if let plan {
                if plan.fields.isEmpty { graph.plainTypes.insert(viewType); return }
                var slot = 0
                func apply<V: View>(_ value: V) {
                    withUnsafeBytes(of: value) { raw in
                        for field in plan.fields { field.type.install(at: raw.baseAddress! + field.offset, in: node, slot: &slot) }
                    }
                }
                _openExistential(view, do: apply)
                return
            }
        }
        var slot = 0
        let source = (view as? DynamicPropertyHost)?.dynamicPropertySource ?? view
        let type = ObjectIdentifier(Swift.type(of: source))
        if graph.plainTypes.contains(type) { graph.plainTypes.insert(viewType); return }
        if !visit(source, node: node, slot: &slot, depth: 0) {
            graph.plainTypes.insert(type)
            graph.plainTypes.insert(viewType)
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
