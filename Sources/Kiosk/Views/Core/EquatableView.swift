// EquatableView: `.equatable()` — the graph skips re-evaluating the content while its value
// (compared with ==) and its environment are unchanged.

/// A view whose content is re-evaluated only when it changes by `==`.
public struct EquatableView<Content: View & Equatable>: View, PrimitiveView, Equatable {
    public var content: Content
    public init(content: Content) { self.content = content }
    public var body: Never { bodyNeverCalled("EquatableView") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    public static func == (a: EquatableView, b: EquatableView) -> Bool { a.content == b.content }
}

extension View where Self: Equatable {
    /// Re-evaluates this view only when it changes by `==`.
    public func equatable() -> EquatableView<Self> { EquatableView(content: self) }
}
