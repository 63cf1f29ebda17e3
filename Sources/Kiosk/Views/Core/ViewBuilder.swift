// ViewBuilder: the result builder behind every `body` and container closure. Any arity works
// through parameter packs (Swift 5.9+), so there is no ten-view limit.

/// Builds views from closures: lists, `if`/`else`, `if let`, `switch` and optionals.
///
/// ```swift
/// VStack {
///     Text("Title")
///     if showDetail { Text("Detail") }
/// }
/// ```
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView(packing: repeat each content)
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views built from one block, laid out by the enclosing container.
public struct TupleView<T>: View, PrimitiveView {
    public var value: T
    /// How `makeChildren` reads `value`: a view builder's block keeps only the pack's type and
    /// hands the elements over one by one, unboxed. It kept an `[any View]` beside the tuple
    /// before: an array (grown from empty) and a box per view over three words, made on every
    /// evaluation of every block (3 of `lvgl-16`'s allocations per steady frame).
    private let elements: Elements
    private enum Elements {
        case pack(any _TupleViewPack.Type)
        case reflected([any View])
    }

    /// Wraps a tuple of views; elements that are not views are ignored with a warning.
    public init(_ value: T) {
        self.value = value
        var list: [any View] = []
        for child in Mirror(reflecting: value).children {
            if let view = child.value as? any View { list.append(view) } else {
                Diagnostics.warn("TupleView element of type \(type(of: child.value)) is not a View; ignored")
            }
        }
        elements = .reflected(list)
    }

    init<each V: View>(packing views: repeat each V) where T == (repeat each V) {
        value = (repeat each views)
        elements = .pack(_ViewPack<repeat each V>.self)
    }

    public var body: Never { bodyNeverCalled("TupleView") }
    func makeChildren(_ list: inout ChildList) {
        switch elements {
        case .pack(let pack): pack.makeChildren(of: value, into: &list)
        case .reflected(let views): for (i, child) in views.enumerated() { list.append(child, key: i) }
        }
    }
}

/// The element types of a view builder's block, as a type: appends a tuple of them, each view
/// as its own type (the child list writes it into the box it kept from the last evaluation).
protocol _TupleViewPack {
    static func makeChildren<T>(of value: T, into list: inout ChildList)
}

struct _ViewPack<each V: View>: _TupleViewPack {
    static func makeChildren<T>(of value: T, into list: inout ChildList) {
        // `T` is `(repeat each V)`: TupleView(packing:) pairs them.
        let views = unsafeBitCast(value, to: (repeat each V).self)
        var index = 0
        for view in repeat each views {
            list.append(view, key: index)
            index += 1
        }
    }
}

/// The result of `if`/`else` and `switch` in a view builder: one of two views.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    enum Storage { case trueContent(TrueContent), falseContent(FalseContent) }
    let storage: Storage
    public var body: Never { bodyNeverCalled("_ConditionalContent") }
    func makeChildren(_ list: inout ChildList) {
        switch storage {
        case .trueContent(let v): list.append(v, key: BranchKey.first)
        case .falseContent(let v): list.append(v, key: BranchKey.second)
        }
    }
}

/// Which branch of a conditional a child came from: part of its structural identity, so
/// flipping an `if` makes a new view (with fresh state and onAppear) as in SwiftUI.
enum BranchKey: UInt8, Hashable { case first, second, some }

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { bodyNeverCalled("Optional") }
}

extension Optional: PrimitiveView where Wrapped: View {
    func makeChildren(_ list: inout ChildList) {
        if case .some(let v) = self { list.append(v, key: BranchKey.some) }
    }
}
