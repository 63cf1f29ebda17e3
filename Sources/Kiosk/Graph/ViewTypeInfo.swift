// ViewTypeInfo: what the graph knows about one view type, found once (by casting the first
// value met) and kept in `ViewGraph.viewKinds`. A re-evaluated node gets a new value of the
// same type every update; asking the runtime again which protocols it conforms to (`as? any
// PrimitiveView`, the modifier `as? any LayoutBehavior`/`BuiltinModifier`/`EnvironmentModifier`,
// `as? any Equatable`) is a conformance-cache lookup per cast, ≈ 10 per label per frame:
// 11 % of an `lvgl-8` frame at 1080p (88 labels recoloured every 16 ms) was `refreshKinds`
// alone. Here the conformances are kept as metatypes and each value is used through its
// concrete type (the existential opened, the payload read as the type the info was made for).

/// Which casts succeed for a view type, and the projections of its values.
class ViewTypeInfo {
    let type: ObjectIdentifier
    var kinds: ViewKinds = []
    /// `as? any Equatable`, kept as the type's equality.
    fileprivate var equality: ViewEquality?
    /// The type holds no dynamic properties (set by `PropertyInstaller` once the graph's
    /// `plainTypes` knows it: a set lookup per evaluated node otherwise).
    var isPlainView = false

    init(type: ObjectIdentifier) { self.type = type }

    /// The info of a composite view, or of a node with nothing to project (a transition host).
    static let opaque = ViewTypeInfo(type: ObjectIdentifier(Never.self))

    /// Made once per view type, from its first value.
    static func make(for view: any View) -> ViewTypeInfo {
        let type = ObjectIdentifier(Swift.type(of: view))
        let info: ViewTypeInfo
        if let primitive = view as? any PrimitiveView {
            info = Swift.type(of: primitive).makeTypeInfo(type)
            info.kinds.insert(.primitive)
            if info.hasLayout { info.kinds.insert(.layout) }
            if info.hasLifecycle { info.kinds.insert(.lifecycle) }
        } else {
            info = ViewTypeInfo(type: type)
        }
        if let listKinds = info.viewListKinds {
            // A modifier on a view list: the node only lists the modified elements.
            info.kinds.formUnion(listKinds)
        } else {
            info.kinds.formUnion(ViewKinds.animationKinds(of: view))
        }
        if view is any RedrawsWithoutLayout { info.kinds.insert(.redrawsWithoutLayout) }
        if let e = view as? any Equatable {
            info.kinds.insert(.equatable)
            info.equality = makeEquality(e)
        }
        return info
    }

    private static func makeEquality<E: Equatable>(_: E) -> ViewEquality { TypedEquality<E>() }

    // Overridden by the primitive infos; these are a composite view's (nothing).
    var hasLayout: Bool { false }
    var hasLifecycle: Bool { false }
    /// For a built-in modifier on a view list (ViewListModifiers.swift), the kinds its node has
    /// (`.dynamicContainer` when the list's elements come and go); nil for every other view.
    var viewListKinds: ViewKinds? { nil }
    func primitive(of view: any View) -> (any PrimitiveView)? { nil }
    func makeChildren(of view: any View, _ list: inout ChildList) {}
    func transformEnvironment(of view: any View, _ environment: inout EnvironmentValues) {}
    /// Whether `transformEnvironment` writes one value that `environmentWrite` can find again.
    var writesEnvironment: Bool { false }
    /// Whether the value the view writes is the one `environment` holds already.
    func environmentWrite(of view: any View, isIn environment: EnvironmentValues) -> Bool { false }
    func layout(of view: any View) -> (any LayoutBehavior)? { nil }
    /// Sets `slot` to the view's layout behaviour, writing into the box `slot` already has when
    /// it holds the same type. Returns whether the new behaviour lays out exactly as the old one
    /// (`assignLayout`); false when unknown.
    /// `drawsSame`: set when the new behaviour also draws exactly as the old (`DrawComparator`).
    func updateLayout(of view: any View, _ slot: inout (any LayoutBehavior)?, drawsSame: inout Bool) -> Bool {
        slot = layout(of: view); return false
    }
    func lifecycle(of view: any View) -> (any LifecycleModifier)? { nil }

    /// What values of this type are to a List's flattening (List.swift), found on first use.
    private var listRoleFound: ListRole?
    func listRole(of view: any View) -> ListRole {
        if let listRoleFound { return listRoleFound }
        let role = ListRole(of: view)
        listRoleFound = role
        return role
    }

    /// Whether two values of this type are equal (false for types that are not Equatable).
    func isEqual(_ a: any View, _ b: any View) -> Bool { equality?.isEqual(a, b) ?? false }

    /// Field-wise equality (ViewFieldEquality.swift), made on first use.
    private var fieldEquality: FieldEquality?

    /// Whether two values of this type hold the same fields (SwiftUI's comparison of views that
    /// are not Equatable; see ViewFieldEquality.swift). False when either is of another type.
    func fieldsEqual(_ a: any View, _ b: any View) -> Bool {
        let ta = ObjectIdentifier(Swift.type(of: a))
        guard ta == self.type, ta == ObjectIdentifier(Swift.type(of: b)) else { return false }
        let equal: FieldEquality
        if let made = fieldEquality { equal = made } else {
            equal = FieldEqualityBuilder.make(Swift.type(of: a))
            fieldEquality = equal
        }
        return withPayload(of: a) { pa in withPayload(of: b) { pb in equal(pa, pb) } }
    }
}

/// Reads a view value as the concrete type `T` it is known to have (checked by the caller's
/// type table: the node's key and info carry the type), without a runtime cast.
@inline(__always)
func withValue<T, R>(of view: any View, as _: T.Type, _ body: (T) -> R) -> R {
    func open<V: View>(_ v: V) -> R {
        withUnsafePointer(to: v) { body(UnsafeRawPointer($0).assumingMemoryBound(to: T.self).pointee) }
    }
    return open(view)
}

/// The bytes of a view value (the existential opened: its own metadata, no lookup).
@inline(__always)
func withPayload<R>(of view: any View, _ body: (UnsafeRawPointer) -> R) -> R {
    func open<V: View>(_ v: V) -> R { withUnsafePointer(to: v) { body(UnsafeRawPointer($0)) } }
    return open(view)
}

/// A plain primitive (Text, shapes, stacks, ForEach, …): its own layout behaviour, if any.
final class PrimitiveTypeInfo<P: PrimitiveView>: ViewTypeInfo {
    private let layoutType: (any LayoutBehavior.Type)?
    private let layoutComparator: LayoutComparator?
    private let drawComparator: DrawComparator?

    override init(type: ObjectIdentifier) {
        layoutType = P.self as? any LayoutBehavior.Type
        layoutComparator = layoutType.flatMap { makeLayoutComparator($0) }
        drawComparator = layoutType.flatMap { makeDrawComparator($0) }
        super.init(type: type)
    }
    override var hasLayout: Bool { layoutType != nil }
    override func primitive(of view: any View) -> (any PrimitiveView)? { withValue(of: view, as: P.self) { $0 } }
    override func makeChildren(of view: any View, _ list: inout ChildList) {
        withValue(of: view, as: P.self) { $0.makeChildren(&list) }
    }
    override func transformEnvironment(of view: any View, _ environment: inout EnvironmentValues) {
        withValue(of: view, as: P.self) { $0.transformEnvironment(&environment) }
    }
    override func layout(of view: any View) -> (any LayoutBehavior)? {
        guard let layoutType else { return nil }
        func make<L: LayoutBehavior>(_: L.Type) -> any LayoutBehavior { withValue(of: view, as: L.self) { $0 } }
        return make(layoutType)
    }
    override func updateLayout(of view: any View, _ slot: inout (any LayoutBehavior)?, drawsSame: inout Bool) -> Bool {
        guard let layoutType else { slot = nil; return false }
        func write<L: LayoutBehavior>(_: L.Type) -> Bool {
            withValue(of: view, as: L.self) { value in
                let same = assignLayout(value, to: &slot, layout: layoutComparator, draw: drawComparator)
                drawsSame = same.draw
                return same.layout
            }
        }
        return write(layoutType)
    }
}

/// A `ModifiedContent`: the modifier's conformances (built-in, environment, layout, lifecycle).
/// Its fields are read at their offsets in the value: naming `ModifiedContent<Content,
/// Modifier>` in this unspecialised code is a metadata-cache lookup per use (4.5 % of an
/// `lvgl-8` frame when the projections went through it).
final class ModifiedContentTypeInfo<Content: View, Modifier: ViewModifier>: ViewTypeInfo {
    typealias Value = ModifiedContent<Content, Modifier>
    private let builtinType: (any BuiltinModifier.Type)?
    private let environmentType: (any EnvironmentModifier.Type)?
    private let layoutType: (any LayoutBehavior.Type)?
    private let lifecycleType: (any LifecycleModifier.Type)?
    private let layoutComparator: LayoutComparator?
    private let drawComparator: DrawComparator?
    /// The environment modifier's `EnvironmentModifier.writeCheck`, given the modifier's address.
    private let environmentCheck: ((UnsafeRawPointer, EnvironmentValues) -> Bool)?
    private let contentOffset: Int
    private let modifierOffset: Int
    /// A built-in modifier on a view list: applied to each element, the node itself transparent.
    private let distributes: Bool

    override init(type: ObjectIdentifier) {
        let distributes = Value.distributesOverElements
        self.distributes = distributes
        builtinType = Modifier.self as? any BuiltinModifier.Type
        // Distributed, the node neither writes the environment, lays out nor appears: its elements do.
        environmentType = distributes ? nil : Modifier.self as? any EnvironmentModifier.Type
        layoutType = distributes ? nil : Modifier.self as? any LayoutBehavior.Type
        lifecycleType = distributes ? nil : Modifier.self as? any LifecycleModifier.Type
        layoutComparator = layoutType.flatMap { makeLayoutComparator($0) }
        drawComparator = layoutType.flatMap { makeDrawComparator($0) }
        func check<E: EnvironmentModifier>(_: E.Type) -> ((UnsafeRawPointer, EnvironmentValues) -> Bool)? {
            guard let written = E.writeCheck() else { return nil }
            return { p, environment in written(p.assumingMemoryBound(to: E.self).pointee, environment) }
        }
        environmentCheck = environmentType.flatMap { check($0) }
        contentOffset = MemoryLayout<Value>.offset(of: \Value.content)!
        modifierOffset = MemoryLayout<Value>.offset(of: \Value.modifier)!
        super.init(type: type)
    }
    override var hasLayout: Bool { layoutType != nil }
    override var hasLifecycle: Bool { lifecycleType != nil }
    override var viewListKinds: ViewKinds? {
        guard distributes else { return nil }
        return isDynamicViewList(Content.self) ? .dynamicContainer : []
    }
    override func primitive(of view: any View) -> (any PrimitiveView)? { withValue(of: view, as: Value.self) { $0 } }

    /// The modifier, read as `M` (its own type, opened from a kept metatype).
    @inline(__always)
    private func modifier<M, R>(_ p: UnsafeRawPointer, as _: M.Type, _ body: (M) -> R) -> R {
        body((p + modifierOffset).assumingMemoryBound(to: M.self).pointee)
    }
    @inline(__always)
    private func content(_ p: UnsafeRawPointer) -> Content { (p + contentOffset).assumingMemoryBound(to: Content.self).pointee }

    override func makeChildren(of view: any View, _ list: inout ChildList) {
        withPayload(of: view) { p in
            guard let builtinType else {
                list.append(_ModifierBody(modifier: modifier(p, as: Modifier.self) { $0 }, content: content(p)), key: 0)
                return
            }
            func make<B: BuiltinModifier>(_: B.Type) {
                if distributes {
                    modifier(p, as: B.self) { list.distributeBuiltin($0, over: content(p)) }
                    return
                }
                modifier(p, as: B.self) { $0.makeChildren(content: content(p), &list) }   // Content, not boxed
            }
            make(builtinType)
        }
    }
    override func transformEnvironment(of view: any View, _ environment: inout EnvironmentValues) {
        guard let environmentType else { return }
        withPayload(of: view) { p in
            func transform<E: EnvironmentModifier>(_: E.Type) { modifier(p, as: E.self) { $0.transform(&environment) } }
            transform(environmentType)
        }
    }
    override var writesEnvironment: Bool { environmentCheck != nil }
    override func environmentWrite(of view: any View, isIn environment: EnvironmentValues) -> Bool {
        guard let environmentCheck else { return false }
        return withPayload(of: view) { p in environmentCheck(p + modifierOffset, environment) }
    }
    override func layout(of view: any View) -> (any LayoutBehavior)? {
        guard let layoutType else { return nil }
        return withPayload(of: view) { p in
            func make<L: LayoutBehavior>(_: L.Type) -> any LayoutBehavior { modifier(p, as: L.self) { $0 } }
            return make(layoutType)
        }
    }
    override func updateLayout(of view: any View, _ slot: inout (any LayoutBehavior)?, drawsSame: inout Bool) -> Bool {
        guard let layoutType else { slot = nil; return false }
        return withPayload(of: view) { p in
            func write<L: LayoutBehavior>(_: L.Type) -> Bool {
                modifier(p, as: L.self) { value in
                    let same = assignLayout(value, to: &slot, layout: layoutComparator, draw: drawComparator)
                    drawsSame = same.draw
                    return same.layout
                }
            }
            return write(layoutType)
        }
    }
    override func lifecycle(of view: any View) -> (any LifecycleModifier)? {
        guard let lifecycleType else { return nil }
        return withPayload(of: view) { p in
            func make<L: LifecycleModifier>(_: L.Type) -> any LifecycleModifier { modifier(p, as: L.self) { $0 } }
            return make(lifecycleType)
        }
    }
}

/// `==` of one Equatable view type, for two values known to be of it.
fileprivate class ViewEquality {
    func isEqual(_ a: any View, _ b: any View) -> Bool { false }
}

fileprivate final class TypedEquality<E: Equatable>: ViewEquality {
    override func isEqual(_ a: any View, _ b: any View) -> Bool {
        guard Swift.type(of: a) == E.self, Swift.type(of: b) == E.self else { return false }
        return withValue(of: a, as: E.self) { x in withValue(of: b, as: E.self) { y in x == y } }
    }
}

/// Writes `value` into `slot` — in place in the existential's box when it holds an `L` (Swift
/// copies a shared box first) — and says whether it lays out (`layout`) and draws (`draw`)
/// exactly as the value it replaces; both false when the slot held nothing or another type.
/// The slot is opened once, not copied: reading `slot!` for the type check and each
/// comparison copied the behaviour (retaining what it holds) three times per node per update.
@inline(__always)
func assignLayout<L: LayoutBehavior>(_ value: L, to slot: inout (any LayoutBehavior)?, layout: LayoutComparator?,
                                     draw: DrawComparator?) -> (layout: Bool, draw: Bool) {
    guard slot != nil else { slot = value; return (false, false) }
    func assign<O: LayoutBehavior>(_ o: inout O) -> (layout: Bool, draw: Bool)? {
        guard O.self == L.self else { return nil }
        return withUnsafeMutablePointer(to: &o) { po in
            let old = UnsafeMutableRawPointer(po)
            return withUnsafePointer(to: value) { pn in
                let new = UnsafeRawPointer(pn)
                let same = (layout: layout?(UnsafeRawPointer(old), new) ?? false, draw: draw?(UnsafeRawPointer(old), new) ?? false)
                old.assumingMemoryBound(to: L.self).pointee = value
                return same
            }
        }
    }
    if let same = assign(&slot!) { return same }
    slot = value
    return (false, false)
}

/// A layout behaviour that can tell whether another value of its type lays out exactly as it
/// does (a stack's alignment and spacing, not its content; a Text's string and font, not its
/// colour).
protocol LayoutInputComparable {
    func laysOutLike(_ other: Self) -> Bool
}

/// Compares two values of one layout behaviour type, given their addresses: true when the new
/// one lays out exactly as the old (ViewTypeInfo's `updateLayout` then leaves the node's sizes
/// and frames alone). Made once per type:
/// - render effects and the other `DrawOnlyLayout`s (opacity, clip, shadow): their values
///   draw; they size and place as their content (not every `PassThroughLayout`: zIndex and
///   layoutPriority are read by the parent's layout, matchedGeometry and onGeometryChange place);
/// - `LayoutInputComparable` types: their own rule;
/// - other plain-data behaviours (position, fixedSize): the same bytes. Bytes can only differ
///   where values are equal (padding, −0), never the other way, so a false "changed" costs a
///   relayout and nothing is missed;
/// - anything else: nil (always counts as changed).
typealias LayoutComparator = (UnsafeRawPointer, UnsafeRawPointer) -> Bool

func makeLayoutComparator<L: LayoutBehavior>(_: L.Type) -> LayoutComparator? {
    if L.self is any RenderEffect.Type || L.self is any DrawOnlyLayout.Type { return { _, _ in true } }
    // A colour or gradient view takes the size it is offered whatever its value (StyleView's
    // sizeThatFits reads only the proposal): a recoloured box is redrawn, not laid out (it was
    // compared by bytes, so `lvgl-3`'s box walked its ancestors and placed the screen again).
    if L.self is any StyleView.Type { return { _, _ in true } }
    if let c = L.self as? any LayoutInputComparable.Type {
        func make<C: LayoutInputComparable>(_: C.Type) -> LayoutComparator {
            { a, b in a.assumingMemoryBound(to: C.self).pointee.laysOutLike(b.assumingMemoryBound(to: C.self).pointee) }
        }
        return make(c)
    }
    if _isPOD(L.self) {
        let size = MemoryLayout<L>.size
        return { a, b in size == 0 || memcmp(a, b, size) == 0 }
    }
    return nil
}

/// Compares two values of one layout behaviour type, given their addresses: true when the new
/// one draws exactly as the old — given the same node state (frame, environment, children,
/// animators, modifier state), each of which marks the node on its own when it changes. The
/// renderer then keeps the node's last recording (`Node.view`). Made once per type:
/// - `DrawsOnlyChildren` (stacks, frames, padding): they draw nothing of their own, so laying
///   out alike (`laysOutLike`) is drawing alike; their content is their children's business;
/// - `DrawInputComparable` (Text, Image): their own rule;
/// - other plain-data behaviours (offset, opacity, position, colours, shapes of plain data):
///   the same bytes (equal bytes are an equal value; padding or −0 can only make equal values
///   count as changed: a needless recording, never a missed one);
/// - anything else (closures, references, arrays): nil, always counts as changed.
typealias DrawComparator = LayoutComparator

/// A layout behaviour that draws nothing itself, only its children (`render` is the default).
protocol DrawsOnlyChildren: LayoutInputComparable {}
/// A layout behaviour that can tell whether another value of its type draws exactly as it
/// does, given the same node state.
protocol DrawInputComparable: LayoutBehavior {
    func drawsLike(_ other: Self) -> Bool
}

func makeDrawComparator<L: LayoutBehavior>(_: L.Type) -> DrawComparator? {
    if let c = L.self as? any DrawsOnlyChildren.Type {
        func make<C: DrawsOnlyChildren>(_: C.Type) -> DrawComparator {
            { a, b in a.assumingMemoryBound(to: C.self).pointee.laysOutLike(b.assumingMemoryBound(to: C.self).pointee) }
        }
        return make(c)
    }
    if let e = L.self as? any DrawInputComparable.Type {
        func make<E: DrawInputComparable>(_: E.Type) -> DrawComparator {
            { a, b in a.assumingMemoryBound(to: E.self).pointee.drawsLike(b.assumingMemoryBound(to: E.self).pointee) }
        }
        return make(e)
    }
    if _isPOD(L.self) {
        let size = MemoryLayout<L>.size
        return { a, b in size == 0 || memcmp(a, b, size) == 0 }
    }
    return nil
}

extension VStack: DrawsOnlyChildren {}
extension HStack: DrawsOnlyChildren {}
extension ZStack: DrawsOnlyChildren {}
extension _FrameLayout: DrawsOnlyChildren {}
extension _FlexFrameLayout: DrawsOnlyChildren {}
extension _PaddingLayout: DrawsOnlyChildren {}
/// Text: every field (string, style with its colour, runs) is something it draws from.
extension Text: DrawInputComparable {
    func drawsLike(_ other: Text) -> Bool { self == other }
}

/// Image: its size is its content's (the name's file, as kept on the node's `ImageLookup`, a
/// symbol's side from the font, or the decoded pixels), taken or stretched by `resizable`; the
/// environment marks the node itself. The same value by `drawsLike` therefore lays out alike: an
/// image re-made by a ticker with the same name no longer lays out its stack again every tick
/// (`lvgl-5`: 32 images under a ZStack; without it every tick re-sized the stack and each image).
extension Image: LayoutInputComparable {
    func laysOutLike(_ other: Image) -> Bool { drawsLike(other) }
}

/// Image: the same name (or the same decoded pixels) drawn the same way. What the name
/// resolves to is the node's `ImageLookup`, which marks the node itself when pixels arrive or
/// an animated image steps (`Image.makeChildren`).
extension Image: DrawInputComparable {
    func drawsLike(_ other: Image) -> Bool {
        // `drawFlags` holds resizable, tiled, template and aliased; `capsID` the nine-slice insets.
        guard bundleID == other.bundleID, capsID == other.capsID, sampling == other.sampling,
              drawFlags == other.drawFlags else { return false }
        switch content {
        case .named(let a): if case .named(let b) = other.content { return a == b }
        case .decoded(let a): if case .decoded(let b) = other.content { return a === b }
        }
        return false
    }
}


/// A pass-through modifier whose value only draws (see `makeLayoutComparator`).
protocol DrawOnlyLayout: PassThroughLayout {}
extension _OpacityEffect: DrawOnlyLayout {}
extension _ShadowEffect: DrawOnlyLayout {}
extension _ClipEffect: DrawOnlyLayout {}

// Frames and padding compare their fields: compared by bytes, the padding after a `CGFloat?`'s
// tag holds whatever was in memory, so equal values counted as changed (every label's frame in
// `lvgl-8` was laid out again, and walked its ancestors).
extension _FrameLayout: LayoutInputComparable {
    func laysOutLike(_ other: Self) -> Bool { width == other.width && height == other.height && alignment == other.alignment }
}
extension _FlexFrameLayout: LayoutInputComparable {
    func laysOutLike(_ other: Self) -> Bool {
        minWidth == other.minWidth && idealWidth == other.idealWidth && maxWidth == other.maxWidth
            && minHeight == other.minHeight && idealHeight == other.idealHeight && maxHeight == other.maxHeight
            && alignment == other.alignment
    }
}
extension _PaddingLayout: LayoutInputComparable {
    func laysOutLike(_ other: Self) -> Bool {
        insets.top == other.insets.top && insets.leading == other.insets.leading
            && insets.bottom == other.insets.bottom && insets.trailing == other.insets.trailing
    }
}

extension ViewGraph {
    /// The type table's entry for a view's type (`type`: its ObjectIdentifier), made on first use.
    func typeInfo(of view: any View, type: ObjectIdentifier) -> ViewTypeInfo {
        if let known = viewKinds[type] { return known }
        let made = ViewTypeInfo.make(for: view)
        viewKinds[type] = made
        return made
    }
}
