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
///
/// Each node keeps its own list between evaluations (`Node.childList`), and the reconcile swaps
/// every re-evaluated child's old view value into the entry its new value came from. So the
/// next evaluation of the same parent finds, at each index, an `any View` of the child's type
/// whose box nobody else holds, and writes the new value into that box in place: a changed
/// frame of a fixed tree boxes no view value (values over three words need a heap box as an
/// existential, which was ≈ 1 allocation per re-evaluated node, 770 of `lvgl-8`'s 966 per frame
/// at 1080p). The entries past `count` are dropped when the evaluation ends.
struct ChildList {
    /// Entries `0..<count` are this evaluation's children.
    private(set) var views: [(key: ChildKey, view: any View)] = []
    private(set) var count = 0

    mutating func append<V: View>(_ view: V, key: Int) {
        if wrappers.isEmpty { put(view, ChildKey(key)) } else { putWrapped(view, ChildKey(key), level: wrappers.count - 1) }
    }
    mutating func append<V: View, K: Hashable>(_ view: V, key: K) {
        if wrappers.isEmpty { put(view, ChildKey(key)) } else { putWrapped(view, ChildKey(key), level: wrappers.count - 1) }
    }

    /// Modifiers that a modifier on a view list (ForEach, Group…) applies to each element
    /// while the list's elements are appended, outermost first (ViewListModifiers.swift).
    /// Their entries refer to modifiers only while `distribute` runs; the array's storage is
    /// kept with the list, so distributing allocates nothing once warm.
    var wrappers: [ChildWrapperEntry] = []
    /// Wraps `view` in `wrappers[0...level]`, innermost first, and appends the result.
    mutating func putWrapped<V: View>(_ view: V, _ key: ChildKey, level: Int) {
        if level < 0 { put(view, key); return }
        let entry = wrappers[level]
        entry.wrapper.append(view, modifier: entry.modifier, key: key, level: level, to: &self)
    }

    @inline(__always)
    private mutating func put<V: View>(_ view: V, _ key: ChildKey) {
        if count < views.count {
            views[count].key = key
            if Swift.type(of: views[count].view) == V.self {
                views[count].view._kioskAssign(view)       // into the kept box (copied first if shared)
            } else {
                views[count].view = view
            }
        } else {
            views.append((key, view))
        }
        count += 1
    }

    /// The entry at `index` (below `count`).
    subscript(index: Int) -> (key: ChildKey, view: any View) { views[index] }
    /// Swaps `view` into entry `index` (the reconcile hands back the child's old value). An
    /// `inout`, always inlined: taking the value as an `any View` argument, the optimiser's
    /// existential specialisation made the parameter generic and boxed the value again inside
    /// (a new box per re-evaluated child, 339 a frame in `lvgl-8` at 1080p under DHAT).
    @inline(__always)
    mutating func swapView(_ view: inout any View, at index: Int) { swap(&views[index].view, &view) }

    /// Starts another evaluation: entries stay as boxes to write into.
    mutating func reset() { count = 0 }
    /// Ends an evaluation: entries this one did not use are released.
    mutating func trim() { if views.count > count { views.removeSubrange(count...) } }
    /// Releases every kept value (a removed node).
    mutating func clear() { views.removeAll(); count = 0 }
}

extension View {
    /// Overwrites this value with `value`, known to be of `Self`'s type. Called on an `any View`
    /// it writes into the existential's own storage (Swift copies a shared box first).
    @inline(__always)
    mutating func _kioskAssign<V>(_ value: V) {
        withUnsafeMutablePointer(to: &self) { UnsafeMutableRawPointer($0).assumingMemoryBound(to: V.self).pointee = value }
    }
}

/// A child's key among its siblings. Most keys are positions or `Int` ids, kept as a plain
/// number: making an `AnyHashable` of an Int (a conformance cast inside `AnyHashable.init`)
/// and comparing two of them (unboxing casts) was ≈ 3.5 % of a `lvgl-8` frame at 1080p
/// (88 labels re-evaluated every 16 ms), 35 000 casts in 80 frames. Other keys are boxed.
struct ChildKey: Hashable {
    /// The key when it is an Int (`other` is nil then).
    var int: Int
    var other: AnyHashable?
    /// Set for a conditional's branch (`int` is the branch): apart from every Int a ForEach or
    /// tuple gives, without boxing (an `AnyHashable` per `if` per evaluation cost ≈ 2 600
    /// instructions: 3 % of a bench-form-40 frame, one `if` per row).
    var isBranch = false

    init(_ key: Int) { int = key; other = nil }
    init<K: Hashable>(_ key: K) {
        if K.self == Int.self { int = unsafeBitCast(key, to: Int.self); other = nil; return }
        if K.self == BranchKey.self { int = Int(unsafeBitCast(key, to: BranchKey.self).rawValue); other = nil; isBranch = true; return }
        let boxed = AnyHashable(key)
        // An AnyHashable holding an Int equals the plain Int, as AnyHashable's own == has it.
        if K.self == AnyHashable.self, let i = boxed.base as? Int { int = i; other = nil } else { int = 0; other = boxed }
    }

    /// The key as AnyHashable (for lookups by a user's id, e.g. `scrollTo`).
    var anyHashable: AnyHashable {
        if let other { return other }
        if isBranch, let branch = BranchKey(rawValue: UInt8(truncatingIfNeeded: int)) { return AnyHashable(branch) }
        return AnyHashable(int)
    }
}
