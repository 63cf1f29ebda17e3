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
// lifecycle (merged: one appearance for the whole list, see the end of this file),
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

/// A built-in modifier that applies to its content as one view, never per element: the
/// engine's own wrappers around an app's root (the keyboard's safe area), so a multi-view root
/// body (`Group { Color.red; Text("B") }`) is one content laid out as SwiftUI's implicit VStack,
/// not one keyboard-avoiding region per element (which split the screen in equal parts).
protocol UnaryViewModifier: BuiltinModifier {}

/// A `ModifiedContent` seen without its generic arguments.
protocol ModifiedViewList {
    static var distributesOverElements: Bool { get }
    static var contentType: Any.Type { get }
}

extension ModifiedContent: ModifiedViewList where Content: View, Modifier: ViewModifier {
    /// A built-in modifier on a view list: applied to each element.
    static var distributesOverElements: Bool {
        Modifier.self is any BuiltinModifier.Type && !(Modifier.self is any UnaryViewModifier.Type)
            && isViewList(Content.self)
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

/// Wraps each element appended to a child list in one modifier, read from where
/// `ChildList.distribute` holds it.
protocol ChildWrapper {
    static func append<V: View>(_ view: V, modifier: UnsafeRawPointer, key: ChildKey, level: Int, to list: inout ChildList)
}

enum ModifierWrapper<M: ViewModifier>: ChildWrapper {
    static func append<V: View>(_ view: V, modifier: UnsafeRawPointer, key: ChildKey, level: Int, to list: inout ChildList) {
        list.putWrapped(ModifiedContent(content: view, modifier: modifier.assumingMemoryBound(to: M.self).pointee), key, level: level - 1)
    }
}

/// One modifier being distributed: where its value is (valid while `distribute` runs) and how
/// to wrap an element in it, stored inline in the array: a `ModifierWrapper<M>` value kept as an
/// `any ChildWrapper` was boxed on every distribution once `M` was over three words (a frame),
/// an allocation per element per update.
struct ChildWrapperEntry {
    let modifier: UnsafeRawPointer
    let wrapper: any ChildWrapper.Type
}

extension ChildList {
    /// Appends the elements of `content` (a view list), each wrapped in `modifier`.
    ///
    /// Allocates nothing: the list is opened from its metatype and read in place (`content as?
    /// any PrimitiveView` boxed a list over three words, a Group or a modified one, on every
    /// update), the modifier is referred to where it is, and the wrapped elements are written
    /// into the entries kept from the last evaluation like any other child.
    mutating func distribute<M: ViewModifier, C: View>(_ modifier: M, over content: C) {
        guard let listType = C.self as? any PrimitiveView.Type else { return }
        withUnsafePointer(to: modifier) { m in
            withUnsafePointer(to: content) { c in
                wrappers.append(ChildWrapperEntry(modifier: UnsafeRawPointer(m), wrapper: ModifierWrapper<M>.self))
                ChildList.makeChildren(of: UnsafeRawPointer(c), as: listType, into: &self)
                wrappers.removeLast()
            }
        }
    }

    private static func makeChildren<P: PrimitiveView>(of view: UnsafeRawPointer, as _: P.Type, into list: inout ChildList) {
        view.assumingMemoryBound(to: P.self).pointee.makeChildren(&list)
    }
}

// MARK: Lifecycle modifiers on view lists

/// SwiftUI merges a lifecycle modifier on a view list into one appearance: `onAppear` runs
/// when the first element appears and `onDisappear` when the last one goes, and a `.task`
/// starts once and is cancelled with the last element. So `Group { if a { A() } else { B() } }
/// .onAppear { … }.task { … }` runs each once, and switching the branch (a new element appears
/// before the old one goes) neither calls them again nor restarts the task, while the state
/// inside each branch stays the branch's own. An empty ForEach never appears; one that empties
/// disappears and appears again when it fills. `onChange` runs once per change, not per element.
///
/// Each element is wrapped in `_MergedLifecycle`, which counts the elements that are present
/// in the list's `LifecycleMerge` and calls the modifier on the list's own node (whose
/// state — a task, the last value — is kept per merge) when the count leaves or reaches 0, and
/// `updated` once per update.
final class LifecycleMerge {
    /// Elements that appeared and have not disappeared.
    var count = 0
    /// The last update that called `updated` (once per update, not per element).
    var updatedStamp = -1
    /// The list's node; held strongly only while an element is present (the node holds this).
    weak var owner: Node?
    private var anchor: Node?
    init(owner: Node) { self.owner = owner }

    /// The merge of the lifecycle modifier `depth` modifiers deep in the chain being
    /// distributed by the node under evaluation, made on first use.
    static func current(depth: Int) -> LifecycleMerge? {
        guard let node = ViewGraph.currentReader else { return nil }
        let merges: LifecycleMerges
        if let m = node.listLifecycles { merges = m } else { merges = LifecycleMerges(); node.listLifecycles = merges }
        while merges.byDepth.count <= depth { merges.byDepth.append(LifecycleMerge(owner: node)) }
        return merges.byDepth[depth]
    }

    /// What the modifier keeps in its node's `modifierState` (a task, the last value), kept
    /// here so that several lifecycle modifiers chained on one list do not share the slot.
    private var state: AnyObject?

    /// Calls the modifier on the list's node with this merge's state in the node's slot.
    private func call(_ anchor: Node, _ body: (Node) -> Void) {
        let saved = anchor.modifierState
        if saved !== state { anchor.modifierState = state }
        body(anchor)
        state = anchor.modifierState
        if saved !== state { anchor.modifierState = saved }
    }

    func appeared(_ base: some LifecycleModifier) {
        count += 1
        if count == 1, let owner { anchor = owner; call(owner) { base.appeared($0) } }
    }
    func updated(_ base: some LifecycleModifier, stamp: Int) {
        guard count > 0, let anchor, updatedStamp != stamp else { return }
        updatedStamp = stamp
        call(anchor) { base.updated($0) }
    }
    func disappeared(_ base: some LifecycleModifier) {
        guard count > 0 else { return }
        count -= 1
        if count == 0, let anchor { self.anchor = nil; call(anchor) { base.disappeared($0) } }
    }
}

/// A list node's merges, by depth in its modifier chain.
final class LifecycleMerges { var byDepth: [LifecycleMerge] = [] }

extension ChildList {
    /// Appends the elements of the view list `content`, each wrapped in the built-in `modifier`;
    /// a lifecycle modifier shares one appearance among them (`_MergedLifecycle`).
    mutating func distributeBuiltin<B: BuiltinModifier, C: View>(_ modifier: B, over content: C) {
        if !(B.self is any MergedLifecycleModifier.Type),
           let lifecycleType = B.self as? any (BuiltinModifier & LifecycleModifier).Type,
           let merge = LifecycleMerge.current(depth: wrappers.count) {
            func merged<L: BuiltinModifier & LifecycleModifier>(_: L.Type) {
                let l = withUnsafePointer(to: modifier) { UnsafeRawPointer($0).assumingMemoryBound(to: L.self).pointee }
                distribute(_MergedLifecycle(base: l, merge: merge), over: content)
            }
            merged(lifecycleType)
            return
        }
        distribute(modifier, over: content)
    }
}

protocol MergedLifecycleModifier {}

/// One element's share of a lifecycle modifier on its list; distributed as it is over nested
/// lists (a Group's `if`), so every element of the list counts in the same merge.
struct _MergedLifecycle<Base: BuiltinModifier & LifecycleModifier>: BuiltinModifier, LifecycleModifier, MergedLifecycleModifier {
    let base: Base
    let merge: LifecycleMerge
    func appeared(_ node: Node) { merge.appeared(base) }
    func updated(_ node: Node) { merge.updated(base, stamp: node.graph.updateStamp) }
    func disappeared(_ node: Node) { merge.disappeared(base) }
    static var runsAfterLayout: Bool { Base.runsAfterLayout }
}
