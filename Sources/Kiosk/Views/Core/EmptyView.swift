// EmptyView, Group and AnyView: views that add no pixels and no layout of their own.

/// A view that shows nothing and takes no space.
public struct EmptyView: View, PrimitiveView {
    public init() {}
    public var body: Never { bodyNeverCalled("EmptyView") }
}

/// Groups views without laying them out: its children join the enclosing container.
///
/// ```swift
/// VStack { Group { Text("a"); Text("b") } }   // two rows
/// ```
public struct Group<Content: View>: View, PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { bodyNeverCalled("Group") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
}

/// A type-erased view. Changing the wrapped type replaces the view (and resets its state).
public struct AnyView: View, PrimitiveView {
    let view: any View
    public init<V: View>(_ view: V) { self.view = view }
    public init<V: View>(erasing view: V) { self.view = view }
    public var body: Never { bodyNeverCalled("AnyView") }
    func makeChildren(_ list: inout ChildList) { list.append(view, key: 0) }
}
