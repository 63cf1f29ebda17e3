// ForEach: one child per element of a collection, identified by the element's id so that
// inserting or removing elements keeps the other children's state.

import Raster

/// Makes views from a collection, one per element, identified by `id`.
///
/// ```swift
/// ForEach(items) { item in Text(item.name) }          // Identifiable
/// ForEach(names, id: \.self) { Text($0) }
/// ForEach(0..<3) { i in Text("row \(i)") }
/// ```
/// Duplicate ids are a programmer error in SwiftUI; here the later duplicates get their own
/// identity (the id plus its occurrence number) and a warning is logged, so nothing crashes.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    public var data: Data
    /// The content closure (for `ForEach(0..<n)` made from the Int closure on each use).
    public var content: (Data.Element) -> Content {
        get {
            switch storage {
            case .element(let f): return f
            case .range(let f): return { f(unsafeBitCast($0, to: Int.self)) }
            }
        }
        set { storage = .element(newValue) }
    }
    /// The closure as it came. `ForEach(0..<n)`'s takes an Int: stored as `(Data.Element) ->
    /// Content` (or in an Optional, whose payload is generic) it was wrapped in a reabstraction
    /// thunk, a heap context per ForEach value — one allocation a tick in every scene that
    /// re-makes a ForEach (`lvgl-4`, `lvgl-8`). An enum case keeps the Int closure as it is.
    private enum Storage {
        case element((Data.Element) -> Content)
        case range((Int) -> Content)
    }
    private var storage: Storage
    /// The view for one element.
    @inline(__always) func view(for element: Data.Element) -> Content {
        switch storage {
        case .element(let f): return f(element)
        case .range(let f): return f(unsafeBitCast(element, to: Int.self))
        }
    }
    let idOf: (Data.Element) -> ID
    /// How `idOf` was made, for comparing two ForEach values (Graph/ViewFieldEquality.swift;
    /// the closure itself captures the generic context, a new one per value): by the element
    /// type (`Identifiable`, a range) or by this key path; neither: the closure's identity.
    var idFromType = false
    var idKey: AnyKeyPath?
    /// The ids cannot repeat (a range's elements are their own ids): no duplicate check, whose
    /// Set of every id was an allocation and a hash per element on every update.
    var idsAreDistinct = false
    /// Made by `ForEach(0..<n)` (Data is Range<Int>): the range is walked as Ints (walking it
    /// through the unspecialised `Data` was ~1 500 instructions per element in `lvgl-8`).
    var isIntRange = false

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; storage = .element(content); idKey = id
        if ID.self == Data.Element.self, (id as AnyKeyPath) == IdentityKeyPaths.of(Data.Element.self) {
            // `id: \.self`, the commonest spelling: the element is its id. Applying the key path
            // allocated once per element per update (12 → 76 allocations an update from 4 to 64
            // elements, debug build); over a range the ids are distinct Ints, walked as the
            // range initialiser walks them (ForEachIdAllocationTests).
            idOf = { unsafeBitCast($0, to: ID.self) }
            if Data.self == Range<Int>.self { isIntRange = true; idsAreDistinct = true }
        } else {
            idOf = { $0[keyPath: id] }
        }
    }

    public var body: Never { bodyNeverCalled("ForEach") }

    func makeChildren(_ list: inout ChildList) {
        if isIntRange {
            // Data is Range<Int> (only that initialiser sets the flag): elements are Ints.
            let range = unsafeBitCast(data, to: Range<Int>.self)
            switch storage {
            case .range(let f): for i in range { list.append(f(i), key: i) }
            case .element(let f): for i in range { list.append(f(unsafeBitCast(i, to: Data.Element.self)), key: i) }
            }
            return
        }
        if idsAreDistinct {
            for element in data { list.append(view(for: element), key: idOf(element)) }
            return
        }
        var seen = Set<ID>()
        var duplicates: [ID: Int] = [:]
        for element in data {
            let id = idOf(element)
            if seen.insert(id).inserted {
                list.append(view(for: element), key: id)
            } else {
                let n = (duplicates[id] ?? 0) + 1
                duplicates[id] = n
                Diagnostics.warn("ForEach: the id \(id) occurs more than once; occurrence \(n + 1) gets its own identity. Give each element a unique id.")
                list.append(view(for: element), key: DuplicateKey(id: id, occurrence: n))
            }
        }
    }
}

struct DuplicateKey<ID: Hashable>: Hashable { var id: ID; var occurrence: Int }

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; storage = .element(content); idOf = { $0.id }; idFromType = true
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A constant range; the element is its own id.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data; storage = .range(content); idOf = { $0 }; idsAreDistinct = true; idFromType = true
        isIntRange = true
    }
}

extension ForEach: _FieldwiseComparable {
    /// The data, the content closure's identity, and how ids are found.
    static func _makeFieldEquality() -> FieldEquality {
        let data = FieldEqualityBuilder.makeTyped(Data.self, depth: 1)
        let dataOffset = MemoryLayout<Self>.offset(of: \Self.data)!
        let storageOffset = MemoryLayout<Self>.offset(of: \Self.storage)!
        let storageSize = MemoryLayout<Storage>.size
        let idOfOffset = MemoryLayout<Self>.offset(of: \Self.idOf)!
        let idOfSize = MemoryLayout<(Data.Element) -> ID>.size
        return { a, b in
            let x = a.assumingMemoryBound(to: Self.self), y = b.assumingMemoryBound(to: Self.self)
            guard x.pointee.isIntRange == y.pointee.isIntRange, x.pointee.idsAreDistinct == y.pointee.idsAreDistinct,
                  x.pointee.idFromType == y.pointee.idFromType,
                  memcmp(a + storageOffset, b + storageOffset, storageSize) == 0,
                  data(a + dataOffset, b + dataOffset) else { return false }
            if x.pointee.idFromType { return true }
            if let p = x.pointee.idKey, let q = y.pointee.idKey { return p == q }
            return memcmp(a + idOfOffset, b + idOfOffset, idOfSize) == 0
        }
    }
}

/// `\T.self` per element type, made once: written in ForEach's generic initialiser the key path
/// was instantiated on every call (`swift_getKeyPath`, ≈ 19 000 instructions: 3 % of a
/// bench-form-40 frame, five ForEach values re-made per step).
enum IdentityKeyPaths {
    private static let made = Locked<[ObjectIdentifier: AnyKeyPath]>([:])
    static func of<T>(_: T.Type) -> AnyKeyPath {
        let type = ObjectIdentifier(T.self)
        if let path = made.withLock({ $0[type] }) { return path }
        let path: AnyKeyPath = \T.self
        made.withLock { $0[type] = path }
        return path
    }
}
