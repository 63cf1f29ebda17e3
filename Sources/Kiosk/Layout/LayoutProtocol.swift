// The Layout protocol as SwiftUI (iOS 16+) defines it: a value that sizes and places the
// subviews of a container. `MyLayout { … }` makes the container (`callAsFunction`), whose node
// runs the protocol through `LayoutDriver` (LayoutContainer.swift) inside kiosk's layout pass.
//
// Differences from SwiftUI, kept small and documented where they apply:
// - `explicitAlignment(of:…)`'s default returns nil (SwiftUI merges the subviews' explicit
//   guides, as kiosk's own stacks, padding and frames do: Layout/AlignmentGuide.swift). A
//   layout's explicit values are what the stacks around it line up (`.firstTextBaseline` in an
//   `HStack(alignment: .firstTextBaseline)`, `.leading` in a `VStack(alignment: .leading)`,
//   custom `AlignmentID` guides) and what other custom layouts read (`subview.dimensions(in:)[guide]`).
// - `ViewSpacing` keeps one preferred distance per edge (8 points by default, kiosk's stack
//   spacing); SwiftUI also varies it by the kind of the neighbouring view.
// - `LayoutSubviews.layoutDirection` is missing (kiosk lays out left to right).

/// A type that defines the geometry of a collection of views.
///
/// ```swift
/// struct Stairs: Layout {
///     func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
///         subviews.reduce(.zero) { s, v in
///             let d = v.sizeThatFits(.unspecified)
///             return CGSize(width: s.width + d.width, height: s.height + d.height)
///         }
///     }
///     func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
///         var p = bounds.origin
///         for v in subviews {
///             let d = v.sizeThatFits(.unspecified)
///             v.place(at: p, proposal: .unspecified)
///             p.x += d.width; p.y += d.height
///         }
///     }
/// }
/// Stairs { Text("a"); Text("b") }
/// ```
/// Bad answers do not crash: a non-finite or negative size becomes the proposed dimension when
/// that is finite, otherwise 0; a subview never placed is centred in the container's bounds at
/// the container's proposal (SwiftUI's rule); a subview placed twice keeps the last placement
/// (SwiftUI's rule); a non-finite position counts as not placed. Each of these logs one warning
/// per container.
public protocol Layout: Animatable {
    /// Properties of the layout: `stackOrientation` tells Spacers which way to grow.
    static var layoutProperties: LayoutProperties { get }
    /// Storage the layout's methods share between calls (`Void` by default).
    associatedtype Cache = Void
    /// The proxies of the container's subviews.
    typealias Subviews = LayoutSubviews

    /// Makes the cache, once per container (and again from `updateCache` by default).
    func makeCache(subviews: Self.Subviews) -> Self.Cache
    /// Called when the layout or its subviews changed; the default makes a new cache.
    func updateCache(_ cache: inout Self.Cache, subviews: Self.Subviews)
    /// The spacing the container prefers around it; the default merges the subviews'.
    func spacing(subviews: Self.Subviews, cache: inout Self.Cache) -> ViewSpacing
    /// The size of the container for `proposal`.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Self.Subviews, cache: inout Self.Cache) -> CGSize
    /// Places each subview (`subview.place(at:anchor:proposal:)`) inside `bounds`.
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Self.Subviews, cache: inout Self.Cache)
    /// Where a horizontal alignment guide lies, from the leading edge of `bounds`' origin (nil: no explicit value).
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Self.Subviews, cache: inout Self.Cache) -> CGFloat?
    /// Where a vertical alignment guide lies (nil: no explicit value).
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Self.Subviews, cache: inout Self.Cache) -> CGFloat?
}

extension Layout {
    public static var layoutProperties: LayoutProperties { LayoutProperties() }
    public func updateCache(_ cache: inout Self.Cache, subviews: Self.Subviews) { cache = makeCache(subviews: subviews) }
    public func spacing(subviews: Self.Subviews, cache: inout Self.Cache) -> ViewSpacing {
        var spacing = ViewSpacing.zero
        for subview in subviews { spacing.formUnion(subview.spacing) }
        return subviews.isEmpty ? ViewSpacing() : spacing
    }
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Self.Subviews, cache: inout Self.Cache) -> CGFloat? { nil }
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Self.Subviews, cache: inout Self.Cache) -> CGFloat? { nil }

    /// Makes a container that lays `content` out with this layout.
    ///
    /// ```swift
    /// let layout = isWide ? AnyLayout(HStackLayout()) : AnyLayout(VStackLayout())
    /// layout { Text("One"); Text("Two") }
    /// ```
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View {
        _LayoutContainer(layout: self, content: content())
    }
}

extension Layout where Cache == () {
    public func makeCache(subviews: Self.Subviews) -> Cache { () }
}

/// Layout properties a container reports to its content.
public struct LayoutProperties: Sendable, Hashable {
    /// The axis a stack-like layout arranges along (Spacers grow along it); nil for others.
    public var stackOrientation: Axis?
    public init() { stackOrientation = nil }
}

/// The spacing a view prefers around it, one distance per edge.
///
/// kiosk: `ViewSpacing()` is 8 points on every edge (the stacks' default spacing); SwiftUI
/// also distinguishes the kind of the neighbouring view (text to text, …).
public struct ViewSpacing: Sendable, Hashable {
    var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat

    /// Zero on every edge.
    public static let zero = ViewSpacing(all: 0)
    /// The default spacing on every edge.
    public init() { self.init(all: StackLayout.defaultSpacing) }
    init(all v: CGFloat) { top = v; leading = v; bottom = v; trailing = v }

    /// Keeps the larger preference on each of `edges`.
    public mutating func formUnion(_ other: ViewSpacing, edges: Edge.Set = .all) {
        if edges.contains(.top) { top = Swift.max(top, other.top) }
        if edges.contains(.leading) { leading = Swift.max(leading, other.leading) }
        if edges.contains(.bottom) { bottom = Swift.max(bottom, other.bottom) }
        if edges.contains(.trailing) { trailing = Swift.max(trailing, other.trailing) }
    }
    /// This spacing merged with `other` on `edges`.
    public func union(_ other: ViewSpacing, edges: Edge.Set = .all) -> ViewSpacing {
        var s = self
        s.formUnion(other, edges: edges)
        return s
    }
    /// The distance to put between this view and `next` along `axis`: the larger of the two
    /// facing preferences.
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat {
        axis == .horizontal ? Swift.max(trailing, next.leading) : Swift.max(bottom, next.top)
    }
}

/// A view's size and alignment guides, as a layout sees them.
public struct ViewDimensions: Equatable {
    public let width: CGFloat
    public let height: CGFloat
    let node: Node?
    unowned(unsafe) let pass: LayoutPass?

    init(size: CGSize, node: Node?, pass: LayoutPass?) {
        width = size.width; height = size.height; self.node = node; self.pass = pass
    }

    /// The guide's position from the leading edge: the view's explicit value, or the guide's default.
    public subscript(guide: HorizontalAlignment) -> CGFloat {
        self[explicit: guide] ?? guide.defaultValue(CGSize(width: width, height: height), node: node, pass: pass)
    }
    /// The guide's position from the top: a text baseline, the view's explicit value, or the default.
    public subscript(guide: VerticalAlignment) -> CGFloat {
        self[explicit: guide] ?? guide.defaultValue(CGSize(width: width, height: height), node: node, pass: pass)
    }
    /// The view's explicit value for `guide` (set by `.alignmentGuide` in it, a custom layout's
    /// `explicitAlignment`), if any.
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? {
        guard let node, let pass else { return nil }
        return pass.explicitGuide(of: node, size: CGSize(width: width, height: height), horizontal: guide)
    }
    /// The view's explicit value for `guide`: its text baseline for the baseline guides.
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? {
        guard let node, let pass else { return nil }
        let size = CGSize(width: width, height: height)
        if let b = guide.baseline { return pass.baseline(of: node, size: size, last: b == .last) }
        return pass.explicitGuide(of: node, size: size, vertical: guide)
    }

    public static func == (a: ViewDimensions, b: ViewDimensions) -> Bool {
        a.width == b.width && a.height == b.height && a.node === b.node
    }
}

/// A layout behaviour that can report explicit alignment guides (a custom layout's container).
protocol ExplicitAlignmentProvider {
    func explicitGuide(horizontal guide: HorizontalAlignment, size: CGSize, node: Node, pass: LayoutPass) -> CGFloat?
    func explicitGuide(vertical guide: VerticalAlignment, size: CGSize, node: Node, pass: LayoutPass) -> CGFloat?
    func preferredSpacing(node: Node, pass: LayoutPass) -> ViewSpacing
}

// MARK: - Layout values

/// A key for a value a view passes to the custom layout that contains it.
///
/// ```swift
/// struct Rank: LayoutValueKey { static let defaultValue = 0 }
/// Text("first").layoutValue(key: Rank.self, value: 1)
/// // in the layout: subview[Rank.self]
/// ```
public protocol LayoutValueKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// Carries one layout value to the enclosing layout (`LayoutSubview[key]`).
public struct _LayoutValueModifier<K: LayoutValueKey>: BuiltinModifier, PassThroughLayout {
    let value: K.Value
    func layoutValue<Q: LayoutValueKey>(_ key: Q.Type) -> Q.Value? {
        guard Q.self == K.self else { return nil }
        return withUnsafePointer(to: value) { UnsafeRawPointer($0).assumingMemoryBound(to: Q.Value.self).pointee }
    }
}

/// What the trait walk asks of a layout behaviour.
protocol LayoutTraitCarrier {
    func layoutValue<Q: LayoutValueKey>(_ key: Q.Type) -> Q.Value?
}
extension _LayoutValueModifier: LayoutTraitCarrier {}

extension View {
    /// Associates a value with this view, read by a custom layout through `subview[key]`.
    public func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> some View {
        modifier(_LayoutValueModifier<K>(value: value))
    }
}

/// Traits (layout values, priority) are read from a layout item and the modifiers wrapped
/// directly around it, as SwiftUI's traits pass through modifiers but not into containers:
/// from the item down while each node is a built-in modifier with a single laid-out child.
enum LayoutTraits {
    static func value<K: LayoutValueKey>(_ key: K.Type, of item: Node) -> K.Value? {
        var node = item
        for _ in 0..<64 {
            guard let layout = node.layout else { return nil }
            if let carrier = layout as? any LayoutTraitCarrier, let v = carrier.layoutValue(key) { return v }
            guard type(of: layout) is any BuiltinModifier.Type else { return nil }
            let inner = node.layoutItems
            guard inner.count == 1 else { return nil }
            node = inner[0]
        }
        return nil
    }

    /// The layout priority: the first non-zero one on the modifier chain.
    static func priority(of item: Node) -> Double {
        var node = item
        for _ in 0..<64 {
            guard let layout = node.layout else { return 0 }
            let p = layout.layoutPriority
            if p != 0 { return p.isFinite ? p : 0 }
            guard type(of: layout) is any BuiltinModifier.Type else { return 0 }
            let inner = node.layoutItems
            guard inner.count == 1 else { return 0 }
            node = inner[0]
        }
        return 0
    }
}
