// Modifiers on view lists. In SwiftUI a ForEach, a Group, a view builder's block (TupleView)
// and an `if`/`else` or optional view are lists of views, not one view: a built-in modifier
// written on one applies to each element, as if written on each.
//
//     ZStack {
//         ForEach(0..<5, id: \.self) { i in
//             Rectangle().frame(width: 20, height: 60).offset(x: CGFloat(i) * 40 - 80)
//         }
//         .frame(width: 200, height: 100)      // five 200×100 frames, five bars
//     }
//
// Which modifiers: every built-in one — layout (frame, padding, offset, position,
// fixedSize, aspectRatio, overlay/background), effects (opacity, shadow, blur, clipShape,
// scale/rotation, masks, blend modes), gestures (onTapGesture: each element is its own target),
// lifecycle (onAppear/onDisappear/task run per element; an empty ForEach never appears),
// environment writers (font, foregroundStyle: the same result either way) and traits
// (transition, zIndex). A custom `ViewModifier` gets the list as its `content` once, as in
// SwiftUI (its body may stack it), and its own built-in modifiers on `content` are then
// distributed in turn. Not lists: composite views (a custom view whose body holds several
// views is one node here, so a modifier on it applies to its stacked body; SwiftUI would
// distribute that too), AnyView and EmptyView.
//
// How: the node of `ModifiedContent<List, M>` has no layout, lifecycle or environment of its
// own; its children are the list's elements, each wrapped as `ModifiedContent<Element, M>`
// (ChildList.wrappers), with the elements' keys, so identity and state are per element.
// Chains (`.frame().offset()`) nest: each modified list is again a list.

/// Views that SwiftUI treats as a list of views.
protocol ViewList: PrimitiveView {}
extension ForEach: ViewList {}
extension Group: ViewList {}
extension TupleView: ViewList {}
extension _ConditionalContent: ViewList {}
extension Optional: ViewList where Wrapped: View {}

/// A `ModifiedContent` seen without its generic arguments.
protocol ModifiedViewList {
    static var distributesOverElements: Bool { get }
    static var contentType: Any.Type { get }
}

extension ModifiedContent: ModifiedViewList where Content: View, Modifier: ViewModifier {
    /// A built-in modifier on a view list: applied to each element.
    static var distributesOverElements: Bool {
        Modifier.self is any BuiltinModifier.Type && isViewList(Content.self)
    }
    static var contentType: Any.Type { Content.self }
}

/// Whether views of type `t` are a list of views (a modified list is one too).
func isViewList(_ t: Any.Type) -> Bool {
    if t is any ViewList.Type { return true }
    if let modified = t as? any ModifiedViewList.Type { return modified.distributesOverElements }
    return false
}

/// Whether the elements of a view list of type `t` come and go with transitions (ForEach,
/// `if`, optional content, through any modifiers on them).
func isDynamicViewList(_ t: Any.Type) -> Bool {
    if t is any DynamicViewContainer.Type { return true }
    if let modified = t as? any ModifiedViewList.Type, modified.distributesOverElements {
        return isDynamicViewList(modified.contentType)
    }
    return false
}

/// Wraps each element appended to a child list in one modifier.
protocol ChildWrapper {
    func append<V: View>(_ view: V, key: ChildKey, level: Int, to list: inout ChildList)
}

struct ModifierWrapper<M: ViewModifier>: ChildWrapper {
    let modifier: M
    func append<V: View>(_ view: V, key: ChildKey, level: Int, to list: inout ChildList) {
        list.putWrapped(ModifiedContent(content: view, modifier: modifier), key, level: level - 1)
    }
}

extension ChildList {
    /// Appends the elements of `content` (a view list), each wrapped in `modifier`.
    mutating func distribute<M: ViewModifier, C: View>(_ modifier: M, over content: C) {
        guard let list = content as? any PrimitiveView else { return }
        wrappers.append(ModifierWrapper(modifier: modifier))
        list.makeChildren(&self)
        wrappers.removeLast()
    }
}
