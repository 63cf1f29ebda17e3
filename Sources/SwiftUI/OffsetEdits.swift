// The collection edits SwiftUI adds for `List`'s `onDelete`/`onMove` (`items.remove(atOffsets:)`,
// `items.move(fromOffsets:toOffset:)`). They take Foundation's `IndexSet`, which FoundationEssentials
// (all `import Kiosk` brings) has not, so they live in the SwiftUI module (issue 39's corpus).

extension RangeReplaceableCollection where Self: MutableCollection {
    /// Removes the elements at `offsets` (positions from the start), as SwiftUI adds for
    /// `.onDelete { items.remove(atOffsets: $0) }`. Offsets past the end are ignored.
    public mutating func remove(atOffsets offsets: IndexSet) {
        guard !offsets.isEmpty else { return }
        var kept: [Element] = []
        kept.reserveCapacity(count)
        for (i, element) in enumerated() where !offsets.contains(i) { kept.append(element) }
        replaceSubrange(startIndex..<endIndex, with: kept)
    }
}

extension MutableCollection where Self: RangeReplaceableCollection {
    /// Moves the elements at `source` so that they sit, in their order, before the element that
    /// was at `destination` (the end when `destination == count`), as `.onMove` hands them over.
    /// Offsets past the end are ignored; `destination` is clamped to 0…count.
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let n = count
        let moving = source.filter { $0 >= 0 && $0 < n }
        guard !moving.isEmpty else { return }
        let dest = Swift.min(Swift.max(destination, 0), n)
        var picked: [Element] = [], rest: [Element] = []
        var insertAt = 0
        for (i, element) in enumerated() {
            if moving.contains(i) { picked.append(element) } else {
                if i < dest { insertAt += 1 }
                rest.append(element)
            }
        }
        rest.insert(contentsOf: picked, at: insertAt)
        replaceSubrange(startIndex..<endIndex, with: rest)
    }
}


// `.onDelete`/`.onMove` on a ForEach in a List (Kiosk/Views/ListsAndGrids/ListEditing.swift), with
// Foundation's IndexSet as SwiftUI hands the offsets over.
extension ForEach {
    /// Deletes rows in edit mode (the minus disc, then Delete) or by a leftward swipe.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> _EditableRows<Self> {
        _onDelete(perform: action.map { a in { a(IndexSet($0)) } })
    }
    /// Reorders rows in edit mode by their grip.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> _EditableRows<Self> {
        _onMove(perform: action.map { a in { a(IndexSet($0), $1) } })
    }
}

extension _EditableRows {
    /// Deletes rows in edit mode (the minus disc, then Delete) or by a leftward swipe.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> _EditableRows<Content> {
        _onDelete(perform: action.map { a in { a(IndexSet($0)) } })
    }
    /// Reorders rows in edit mode by their grip.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> _EditableRows<Content> {
        _onMove(perform: action.map { a in { a(IndexSet($0), $1) } })
    }
}
