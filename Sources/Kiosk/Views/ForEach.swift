// ForEach: one child per element of a collection, identified by the element's id so that
// inserting or removing elements keeps the other children's state.

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
    public var content: (Data.Element) -> Content
    let idOf: (Data.Element) -> ID
    /// The ids cannot repeat (a range's elements are their own ids): no duplicate check, whose
    /// Set of every id was an allocation and a hash per element on every update.
    var idsAreDistinct = false
    /// Made by `ForEach(0..<n)` (Data is Range<Int>): the range is walked as Ints (walking it
    /// through the unspecialised `Data` was ~1 500 instructions per element in `lvgl-8`).
    var isIntRange = false

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.content = content; idOf = { $0[keyPath: id] }
    }

    public var body: Never { bodyNeverCalled("ForEach") }

    func makeChildren(_ list: inout ChildList) {
        if isIntRange {
            // Data is Range<Int> (only that initialiser sets the flag): elements are Ints.
            for i in unsafeBitCast(data, to: Range<Int>.self) { list.append(content(unsafeBitCast(i, to: Data.Element.self)), key: i) }
            return
        }
        if idsAreDistinct {
            for element in data { list.append(content(element), key: idOf(element)) }
            return
        }
        var seen = Set<ID>()
        var duplicates: [ID: Int] = [:]
        for element in data {
            let id = idOf(element)
            if seen.insert(id).inserted {
                list.append(content(element), key: id)
            } else {
                let n = (duplicates[id] ?? 0) + 1
                duplicates[id] = n
                Diagnostics.warn("ForEach: the id \(id) occurs more than once; occurrence \(n + 1) gets its own identity. Give each element a unique id.")
                list.append(content(element), key: DuplicateKey(id: id, occurrence: n))
            }
        }
    }
}

struct DuplicateKey<ID: Hashable>: Hashable { var id: ID; var occurrence: Int }

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data; self.content = content; idOf = { $0.id }
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A constant range; the element is its own id.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data; self.content = content; idOf = { $0 }; idsAreDistinct = true
        isIntRange = true
    }
}
