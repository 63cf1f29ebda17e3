// List selection: the data-driven List initialisers with a selection, as NavigationSplitView
// sidebars write them (`List(rooms, selection: $room) { … }`), and the type-erased binding the
// rows use — a tap on a row selects its value, the selected row is drawn grey (List.swift).

extension List {
    /// One row per element of `data`, with a selection binding.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<SelectionValue?>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }
    /// One row per element of `data`, identified by `id`, with a selection binding.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<SelectionValue?>?,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
    }
    /// One row per element of `data`, with a multiple selection binding.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<Set<SelectionValue>>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }
    /// One row per element of `data`, identified by `id`, with a multiple selection binding.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<Set<SelectionValue>>?,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
    }
}

/// A List's selection binding, type-erased for its rows.
struct ListSelection {
    let isSelected: (AnyHashable) -> Bool
    let select: (AnyHashable) -> Void

    init<V: Hashable>(_ binding: Binding<V?>) {
        isSelected = { value in binding.wrappedValue.map { AnyHashable($0) == value } ?? false }
        select = { value in if let v = value.base as? V { binding.wrappedValue = v } }
    }
    init<V: Hashable>(_ binding: Binding<Set<V>>) {
        isSelected = { value in (value.base as? V).map { binding.wrappedValue.contains($0) } ?? false }
        select = { value in if let v = value.base as? V { binding.wrappedValue = [v] } }
    }

    /// The value a row selects: its `.tag`, else the last key of its path (its ForEach id).
    static func value(of item: ListItem) -> AnyHashable? {
        var peeled: any View = item.view.view
        while let carrier = peeled as? any ModifierCarrier {
            if let tag = carrier.anyModifier as? _TagModifier { return tag.tag }
            peeled = carrier.anyContent
        }
        return item.path.last?.childKey?.anyHashable
    }
}
