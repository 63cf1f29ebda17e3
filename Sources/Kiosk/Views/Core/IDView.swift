// `.id(_:)`: explicit identity. A new id makes a new view: state resets, onDisappear runs for
// the old one and onAppear for the new one.

public struct _IDView<Content: View, ID: Hashable>: View, PrimitiveView {
    let content: Content
    let id: ID
    public var body: Never { bodyNeverCalled("_IDView") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: ExplicitID(id: id)) }
}

struct ExplicitID<ID: Hashable>: Hashable { var id: ID }

extension View {
    /// Gives this view an explicit identity; changing it replaces the view.
    ///
    /// ```swift
    /// Text("\(count)").id("MyText\(count)")
    /// ```
    public func id<ID: Hashable>(_ id: ID) -> _IDView<Self, ID> { _IDView(content: self, id: id) }
}
