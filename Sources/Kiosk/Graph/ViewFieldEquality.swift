// Field-wise equality of view values that are not Equatable: SwiftUI's rule for deciding that a
// re-evaluated parent's child needs no new body (its stored fields are the same as last time).
// A comparison is made once per view type from the type's field metadata (`_forEachField`) and
// kept in its `ViewTypeInfo`; comparing two values then allocates nothing.
//
// The rules, per field (recursively):
// - plain data (`_isPOD`): the field's bytes (`MemoryLayout.size`, so the padding between fields
//   is never read; −0/+0 or two NaNs of other bits count as different: a needless evaluation,
//   never a missed one);
// - storage the node owns — `@State`, `@StateObject`, `@GestureState`, `@Environment`,
//   `@EnvironmentObject` —: not compared. The node keeps its
//   cells whatever the new value holds; the environment is compared by the reconcile (its
//   version), and writes to any of these invalidate their readers directly;
// - class references (`@ObservedObject`'s object, `@Bindable`'s, any other object): identity,
//   except kiosk's own objects that views read untracked (`_UntrackedStateObject`): never equal;
// - `Binding`: the storage it points at (a `@State`'s cell; an `@Observable` object and key
//   path, `@Bindable`'s); others — made from closures (`Binding(get:set:)`, `.constant`), or
//   into an ObservableObject, whose changes reach only its subscribers — by their closures'
//   identity. A body that reads a @State or @Observable value through a binding is invalidated
//   by the write itself, so the value is not compared;
// - closures: identity (function and context). A closure that captures nothing, or the very
//   same context, is equal; one that captures values gets a new context each time it is made,
//   so it counts as changed. SwiftUI cannot compare closures either, and documents nothing;
//   in practice (AttributeGraph compares a function's bits) a view holding a capturing closure,
//   a Button's action capturing `self`, is re-evaluated with its parent, as here;
// - other Equatable values (String, arrays of Equatable…): the same bytes, else `==`;
// - optionals: both nil, or both values equal; `AnyView`: the same type and equal values;
// - structs and tuples: every field;
// - anything else (enums, existentials): the same bytes, else changed. Equal bytes of two live
//   values are equal values (the references in them are the same objects).
// Kiosk's own view types with derived or generic-context closures say how they compare
// (`_FieldwiseComparable`: TupleView, ForEach, Binding).

@_spi(Reflection) import Swift
#if canImport(Glibc)
import Glibc
#endif

/// Whether two values of one type (given by address) are equal.
typealias FieldEquality = (UnsafeRawPointer, UnsafeRawPointer) -> Bool

/// A type that says how two of its values compare field by field (see the file's notes).
protocol _FieldwiseComparable {
    static func _makeFieldEquality() -> FieldEquality
}

/// An engine object whose fields views read in their bodies without observation (a
/// presentation's entry: its drag, detent, environment and scheme): a view holding one is never
/// equal to its next value, so it is evaluated whenever its parent is, as before field-wise
/// skipping. (An app's plain object is compared by identity, as SwiftUI does.)
protocol _UntrackedStateObject: AnyObject {}

/// Property wrappers whose storage belongs to the node: never compared.
protocol _NodeOwnedProperty {}
extension State: _NodeOwnedProperty {}
extension StateObject: _NodeOwnedProperty {}
extension GestureState: _NodeOwnedProperty {}
extension Environment: _NodeOwnedProperty {}
extension EnvironmentObject: _NodeOwnedProperty {}

/// Optionals: compared by nil-ness and wrapped value.
protocol _OptionalFieldComparable {
    static func _makeOptionalEquality(depth: Int) -> FieldEquality
}

extension Optional: _OptionalFieldComparable {
    static func _makeOptionalEquality(depth: Int) -> FieldEquality {
        let size = MemoryLayout<Wrapped?>.size
        // A class reference (or weak storage, which reflection also reports as an optional):
        // the bits only, never read as a reference.
        if Wrapped.self is AnyObject.Type || _isPOD(Wrapped.self) {
            return { a, b in memcmp(a, b, size) == 0 }
        }
        let inner = FieldEqualityBuilder.makeTyped(Wrapped.self, depth: depth + 1)
        // The closure calls through this metatype: `Self` then arrives as the static method's own
        // metadata. Code in the closure that names `Wrapped?` asked the runtime for that
        // metadata on every call (≈ 500 instructions: 2.5 % of a bench-form-40 step, for the
        // five optionals of each List row's traits).
        let optional = Self.self
        return { a, b in
            // The same bytes are the same value (two nils, or one payload's references): the
            // common case. A nil's bytes outside its payload's spare bits are undefined, though
            // (an `AnyView?` or `Color?` nil), so differing bytes still ask which case each is.
            if memcmp(a, b, size) == 0 { return true }
            let xNil = optional._isNone(a), yNil = optional._isNone(b)
            if xNil || yNil { return xNil && yNil }
            // A single-payload enum keeps its payload at offset 0.
            return inner(a, b)
        }
    }

    /// Whether the optional at `p` is nil: the payload's enum-tag witness, no copy.
    static func _isNone(_ p: UnsafeRawPointer) -> Bool {
        switch p.assumingMemoryBound(to: Self.self).pointee {
        case .none: return true
        case .some: return false
        }
    }
}

enum FieldEqualityBuilder {
    /// Deeper nesting than this compares by bytes (a needless evaluation at worst).
    static let maxDepth = 40

    /// The equality of values of `type`.
    static func make(_ type: Any.Type, depth: Int = 0) -> FieldEquality {
        func open<T>(_: T.Type) -> FieldEquality { makeTyped(T.self, depth: depth) }
        return _openExistential(type, do: open)
    }

    static func makeTyped<T>(_: T.Type, depth: Int) -> FieldEquality {
        let size = MemoryLayout<T>.size
        if size == 0 { return { _, _ in true } }
        if _isPOD(T.self) { return { a, b in memcmp(a, b, size) == 0 } }
        let bytes: FieldEquality = { a, b in memcmp(a, b, size) == 0 }
        if depth > maxDepth { return bytes }
        if T.self is _UntrackedStateObject.Type { return { _, _ in false } }
        if T.self is AnyClass { return bytes }                       // identity
        if T.self is _NodeOwnedProperty.Type { return { _, _ in true } }
        if let c = T.self as? any _FieldwiseComparable.Type { return c._makeFieldEquality() }
        if let o = T.self as? any _OptionalFieldComparable.Type { return o._makeOptionalEquality(depth: depth) }
        if let e = T.self as? any Equatable.Type { return equatable(e) }
        switch metadataKindWord(T.self) {
        case 0x200, 0x301:                                           // struct, tuple
            // Field comparisons are held by a class, not as closures in an array of tuples: an
            // array keeps a closure in its most general form, and each call through it wrapped
            // it in a new reabstraction thunk (3 allocations per compared modifier in debug).
            var fields: [FieldCheck] = []
            var plain: [(offset: Int, size: Int)] = []
            let walked = _forEachField(of: T.self, options: [.ignoreUnknown]) { _, offset, fieldType, _ in
                func open<F>(_: F.Type) {
                    let fieldSize = MemoryLayout<F>.size
                    if fieldSize == 0 { return }
                    if _isPOD(F.self) {
                        // Adjacent plain fields are compared as one run.
                        if let last = plain.last, last.offset + last.size == offset {
                            plain[plain.count - 1].size += fieldSize
                        } else {
                            plain.append((offset, fieldSize))
                        }
                    } else {
                        fields.append(FieldCheck(offset: offset, equal: makeTyped(F.self, depth: depth + 1)))
                    }
                }
                _openExistential(fieldType, do: open)
                return true
            }
            guard walked else { return bytes }
            if fields.isEmpty && plain.isEmpty { return bytes }
            if fields.isEmpty && plain.count == 1 {
                let run = plain[0]
                return { a, b in memcmp(a + run.offset, b + run.offset, run.size) == 0 }
            }
            if plain.isEmpty && fields.count == 1 {
                let offset = fields[0].offset, equal = fields[0].equal
                return { a, b in equal(a + offset, b + offset) }
            }
            let checks = FieldChecks(plain: plain, fields: fields)
            return { a, b in checks.equal(a, b) }
        default:
            return bytes
        }
    }

    /// Whether two values of one type are equal by this file's rules (a comparison made per
    /// call: for values met rarely, like a constant binding's).
    static func valuesEqual<T>(_ a: T, _ b: T) -> Bool {
        withUnsafePointer(to: a) { pa in
            withUnsafePointer(to: b) { pb in
                if _isPOD(T.self) { return memcmp(pa, pb, MemoryLayout<T>.size) == 0 }
                return makeTyped(T.self, depth: 1)(UnsafeRawPointer(pa), UnsafeRawPointer(pb))
            }
        }
    }

    /// `==`, after the bytes: equal bytes are the same value (the same references, the same
    /// plain data), and a re-made label's Text or String usually is — its `==` through the
    /// generic witness copied both values first (≈ 1 000 instructions a Text in bench-form-40).
    private static func equatable<E: Equatable>(_: E.Type) -> FieldEquality {
        let size = MemoryLayout<E>.size
        return { a, b in
            memcmp(a, b, size) == 0 || a.assumingMemoryBound(to: E.self).pointee == b.assumingMemoryBound(to: E.self).pointee
        }
    }

}

/// The kind word of a type's metadata (0x200 struct, 0x201 enum, 0x202 optional, 0x301
/// tuple, 0x302 function, 0x303 existential; classes hold an isa pointer there).
func metadataKindWord(_ type: Any.Type) -> UInt {
    unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
}

/// One non-plain field's comparison.
final class FieldCheck {
    let offset: Int
    let equal: FieldEquality
    init(offset: Int, equal: @escaping FieldEquality) { self.offset = offset; self.equal = equal }
}

/// A struct's comparison: its plain runs by bytes, then its other fields.
final class FieldChecks {
    let plain: [(offset: Int, size: Int)]
    let fields: [FieldCheck]
    init(plain: [(offset: Int, size: Int)], fields: [FieldCheck]) { self.plain = plain; self.fields = fields }

    func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        for i in plain.indices where memcmp(a + plain[i].offset, b + plain[i].offset, plain[i].size) != 0 { return false }
        for i in fields.indices {
            let f = fields[i]
            if !f.equal(a + f.offset, b + f.offset) { return false }
        }
        return true
    }
}

// MARK: Kiosk's own types

extension TupleView: _FieldwiseComparable {
    /// The tuple only: how the elements are listed follows from its type or its values.
    static func _makeFieldEquality() -> FieldEquality {
        let offset = MemoryLayout<TupleView<T>>.offset(of: \TupleView<T>.value)!
        let values = FieldEqualityBuilder.makeTyped(T.self, depth: 1)
        return { a, b in values(a + offset, b + offset) }
    }
}

extension AnyView: _FieldwiseComparable {
    /// The same type and equal values (that type's comparison, from the graph's type table;
    /// made there for a type that has no node, like a List gap's `AnyView(EmptyView())`).
    static func _makeFieldEquality() -> FieldEquality {
        { a, b in
            let x = a.assumingMemoryBound(to: AnyView.self).pointee.view
            let y = b.assumingMemoryBound(to: AnyView.self).pointee.view
            let type = ObjectIdentifier(Swift.type(of: x))
            guard type == ObjectIdentifier(Swift.type(of: y)), let graph = ThreadContext.current.graph else { return false }
            let info = graph.typeInfo(of: x, type: type)
            return info.kinds.contains(.equatable) ? info.isEqual(x, y) : info.fieldsEqual(x, y)
        }
    }
}

extension Binding: _FieldwiseComparable {
    static func _makeFieldEquality() -> FieldEquality {
        let size = MemoryLayout<Binding<Value>>.size
        return { a, b in
            let x = a.assumingMemoryBound(to: Binding<Value>.self), y = b.assumingMemoryBound(to: Binding<Value>.self)
            if let p = x.pointee.source, let q = y.pointee.source {
                if p === q { return x.pointee.sourcePath == y.pointee.sourcePath }
                // `.constant(v)`: equal values are the same binding (reads give v, writes do nothing).
                guard x.pointee.sourcePath == nil, y.pointee.sourcePath == nil,
                      let c = p as? ConstantBindingSource, let d = q as? ConstantBindingSource else { return false }
                return c.hasSameValue(as: d)
            }
            return memcmp(a, b, size) == 0
        }
    }
}
