// View: the protocol every screen element conforms to, as in SwiftUI. A view is a cheap value
// that describes content; the graph (Graph/) keeps the identity, state and layout results.
// What `import SwiftUI` gives a program besides SwiftUI: Foundation's value types (Date, Data, URL,
// UUID, JSONEncoder — FoundationEssentials, without ICU), Dispatch, and the C library (sin, cos…).
// Foundation itself is not re-exported: see KioskGeometry/CoreGraphicsTypes.swift for why.
@_exported import FoundationEssentials
// kiosk's geometry types, re-exported one by one: a scoped import wins over an unscoped one in
// name lookup, so in a file that also writes `import Foundation` these, not Foundation's, are
// what `CGFloat`, `CGRect`… name (no ambiguity; Swift's NameLookup.cpp, "visible via a scoped import").
@_exported import typealias KioskGeometry.CGFloat
@_exported import struct KioskGeometry.CGPoint
@_exported import struct KioskGeometry.CGSize
@_exported import struct KioskGeometry.CGVector
@_exported import struct KioskGeometry.CGRect
@_exported import struct KioskGeometry.CGAffineTransform
@_exported import Dispatch
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#endif
@_exported import Observation
import Raster

/// A piece of user interface, described by its `body`.
///
/// ```swift
/// struct Greeting: View {
///     var body: some View { Text("Hello") }
/// }
/// ```
public protocol View {
    /// The type of view this view's body returns.
    associatedtype Body: View
    /// The content of this view. Built-in views have `Never` bodies and are drawn by the engine.
    @ViewBuilder var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { bodyNeverCalled("Never") }
}

/// Called when somebody asks a built-in (primitive) view for its body; the engine never does.
func bodyNeverCalled(_ type: String) -> Never {
    preconditionFailure("\(type) is a built-in view: its body is drawn by the engine and cannot be read")
}

/// A built-in view: the graph asks it for its children instead of a body.
///
/// Transparent primitives (groups, conditionals, environment writers) only list children; the
/// ones that also conform to `LayoutView` take part in layout and drawing.
protocol PrimitiveView {
    /// Lists the child views with their structural keys, in order.
    func makeChildren(_ list: inout ChildList)
    /// Changes the environment its children see (foregroundColor, font, …).
    func transformEnvironment(_ environment: inout EnvironmentValues)
    /// How it lays out and draws; nil for transparent primitives.
    var layoutBehavior: (any LayoutBehavior)? { get }
    /// The graph's projections for values of this type (ViewTypeInfo.swift), made once.
    static func makeTypeInfo(_ type: ObjectIdentifier) -> ViewTypeInfo
}

extension PrimitiveView {
    func makeChildren(_ list: inout ChildList) {}
    func transformEnvironment(_ environment: inout EnvironmentValues) {}
    var layoutBehavior: (any LayoutBehavior)? { self as? any LayoutBehavior }
    static func makeTypeInfo(_ type: ObjectIdentifier) -> ViewTypeInfo { PrimitiveTypeInfo<Self>(type: type) }
}

/// The children a primitive lists: each with a key that makes its structural identity.
struct ChildList {
    var views: [(key: ChildKey, view: any View)] = []
    mutating func append(_ view: any View, key: Int) { views.append((ChildKey(key), view)) }
    mutating func append<K: Hashable>(_ view: any View, key: K) { views.append((ChildKey(key), view)) }
}

/// A child's key among its siblings. Most keys are positions or `Int` ids, kept as a plain
/// number: making an `AnyHashable` of an Int (a conformance cast inside `AnyHashable.init`)
/// and comparing two of them (unboxing casts) was ≈ 3.5 % of a `lvgl-8` frame at 1080p
/// (88 labels re-evaluated every 16 ms), 35 000 casts in 80 frames. Other keys are boxed.
struct ChildKey: Hashable {
    /// The key when it is an Int (`other` is nil then).
    var int: Int
    var other: AnyHashable?

    init(_ key: Int) { int = key; other = nil }
    init<K: Hashable>(_ key: K) {
        if K.self == Int.self { int = unsafeBitCast(key, to: Int.self); other = nil; return }
        let boxed = AnyHashable(key)
        // An AnyHashable holding an Int equals the plain Int, as AnyHashable's own == has it.
        if K.self == AnyHashable.self, let i = boxed.base as? Int { int = i; other = nil } else { int = 0; other = boxed }
    }

    /// The key as AnyHashable (for lookups by a user's id, e.g. `scrollTo`).
    var anyHashable: AnyHashable { other ?? AnyHashable(int) }
}
