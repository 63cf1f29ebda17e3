// iOS 18's `ForEach(subviews:)` and `Group(subviews:)`: a view's content taken apart into its
// subviews (the leaves of its view builder blocks, ForEach elements, Groups and branches), so a
// container can lay out or decorate each one.
//
//     struct Card<Content: View>: View {
//         @ViewBuilder var content: Content
//         var body: some View {
//             VStack { ForEach(subviews: content) { subview in subview.padding().background(.yellow) } }
//         }
//     }
//
// The content is taken apart at the view level, as List flattens its rows (List.swift): a subview's
// id is the path of keys to it (ForEach ids, block indexes), so its state follows it. Kiosk
// differs: sections (`ForEach(sections:)`) and container values are not read, and a custom
// view whose body holds several views is one subview.

/// One subview of a view's content.
public struct Subview: View, Identifiable {
    /// The subview's identity: the keys on the way to it.
    public struct ID: Hashable { let keys: [AnyHashable] }
    public let id: ID
    let view: AnyView
    public var body: some View { view }
}

/// The subviews of a view, in order.
public struct SubviewsCollection: RandomAccessCollection {
    let elements: [Subview]
    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Subview { elements[position] }

    init<V: View>(_ view: V) {
        var out: [Subview] = []
        SubviewsCollection.walk(view, path: []) { leaf, path in
            out.append(Subview(id: Subview.ID(keys: path), view: AnyView(leaf)))
        }
        elements = out
    }

    /// Takes `view` apart as `ForEach(subviews:)` does: view lists (blocks, ForEach, Group,
    /// branches) are opened, every other view goes to `leaf` with the keys on the way to it.
    /// `claim` sees each view first and may take it whole (`ForEach(sections:)` takes Sections).
    static func walk(_ view: any View, path: [AnyHashable],
                     claim: (any View, [AnyHashable]) -> Bool = { _, _ in false },
                     leaf: (any View, [AnyHashable]) -> Void) {
        if claim(view, path) { return }
        if let container = view as? any ListRowsContainer {
            var children = ChildList()
            container.makeChildren(&children)
            for i in 0..<children.count {
                let child = children[i]
                walk(child.view, path: path + [AnyHashable(child.key)], claim: claim, leaf: leaf)
            }
        } else {
            leaf(view, path)
        }
    }
}

extension ForEach where Data == SubviewsCollection, ID == Subview.ID, Content: View {
    /// One `content` per subview of `view`.
    public init<V: View>(subviews view: V, @ViewBuilder content: @escaping (Subview) -> Content) {
        self.init(SubviewsCollection(view), id: \.id, content: content)
    }
}

/// `Group(subviews:transform:)`'s content: the transform's result for the subviews.
public struct _GroupSubviews<Base: View, Result: View>: View {
    let base: Base
    let transform: (SubviewsCollection) -> Result
    public var body: some View { transform(SubviewsCollection(base)) }
}

extension Group {
    /// The view that `transform` makes of `view`'s subviews.
    public init<Base: View, Result: View>(subviews view: Base, @ViewBuilder transform: @escaping (SubviewsCollection) -> Result)
    where Content == _GroupSubviews<Base, Result> {
        self.content = _GroupSubviews(base: view, transform: transform)
    }
}
