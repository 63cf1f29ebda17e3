// Alignment: where a child sits inside a larger space, and UnitPoint anchors.

/// A type that identifies an alignment guide, and gives its value for a view that sets none.
///
/// ```swift
/// extension VerticalAlignment {
///     enum Middle: AlignmentID {
///         static func defaultValue(in d: ViewDimensions) -> CGFloat { d[VerticalAlignment.center] }
///     }
///     static let middle = VerticalAlignment(Middle.self)
/// }
/// HStack(alignment: .middle) { Text("Name"); VStack { Text("a"); Text("b").alignmentGuide(.middle) { $0[.bottom] } } }
/// ```
/// A container's explicit value for a guide is the average of its children's explicit values
/// (SwiftUI's `_combineExplicit`), in the container's coordinates; a container none of whose
/// children has one uses the guide's `defaultValue`.
public protocol AlignmentID {
    /// The guide's value in a view of these dimensions, measured from its leading or top edge.
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// A custom guide's `defaultValue` in a view of `size` (a non-finite one counts as 0).
private func customDefault(_ id: any AlignmentID.Type, _ size: CGSize, _ node: Node?, _ pass: LayoutPass?) -> CGFloat {
    let v = id.defaultValue(in: ViewDimensions(size: size, node: node, pass: pass))
    return v.isFinite ? v : 0
}

/// An alignment position along the horizontal axis.
public struct HorizontalAlignment: Hashable, @unchecked Sendable {
    /// 0 at the leading edge, 1 at the trailing edge (0 for a custom guide: see `id`).
    let fraction: CGFloat
    /// A custom guide's identifier; nil for the built-in guides.
    let id: (any AlignmentID.Type)?
    init(fraction: CGFloat) { self.fraction = fraction; id = nil }
    /// A custom guide identified by `id`.
    public init(_ id: any AlignmentID.Type) { fraction = 0; self.id = id }
    public static let leading = HorizontalAlignment(fraction: 0)
    public static let center = HorizontalAlignment(fraction: 0.5)
    public static let trailing = HorizontalAlignment(fraction: 1)

    public static func == (a: HorizontalAlignment, b: HorizontalAlignment) -> Bool {
        a.fraction == b.fraction && a.id.map(ObjectIdentifier.init) == b.id.map(ObjectIdentifier.init)
    }
    public func hash(into h: inout Hasher) { h.combine(fraction); h.combine(id.map(ObjectIdentifier.init)) }

    /// The guide's value in a view of `size` that sets none: fraction × width, or the custom
    /// guide's `defaultValue` (a non-finite one counts as 0).
    func defaultValue(_ size: CGSize, node: Node? = nil, pass: LayoutPass? = nil) -> CGFloat {
        id.map { customDefault($0, size, node, pass) } ?? size.width * fraction
    }
    /// Where a child `inner` wide goes in `outer` so that both guides meet.
    func offset(_ inner: CGSize, in outer: CGSize) -> CGFloat {
        id == nil ? (outer.width - inner.width) * fraction : defaultValue(outer) - defaultValue(inner)
    }
}

/// An alignment position along the vertical axis.
public struct VerticalAlignment: Hashable, @unchecked Sendable {
    /// 0 at the top, 1 at the bottom; baselines are resolved per child (0 for a custom guide).
    let fraction: CGFloat
    let baseline: Baseline?
    /// A custom guide's identifier; nil for the built-in guides.
    let id: (any AlignmentID.Type)?
    enum Baseline: Hashable, Sendable { case first, last }
    init(fraction: CGFloat, baseline: Baseline? = nil) { self.fraction = fraction; self.baseline = baseline; id = nil }
    /// A custom guide identified by `id`.
    public init(_ id: any AlignmentID.Type) { fraction = 0; baseline = nil; self.id = id }
    public static let top = VerticalAlignment(fraction: 0)
    public static let center = VerticalAlignment(fraction: 0.5)
    public static let bottom = VerticalAlignment(fraction: 1)
    /// A text's first baseline; views without text align their bottom edge, as in SwiftUI.
    public static let firstTextBaseline = VerticalAlignment(fraction: 1, baseline: .first)
    public static let lastTextBaseline = VerticalAlignment(fraction: 1, baseline: .last)

    public static func == (a: VerticalAlignment, b: VerticalAlignment) -> Bool {
        a.fraction == b.fraction && a.baseline == b.baseline && a.id.map(ObjectIdentifier.init) == b.id.map(ObjectIdentifier.init)
    }
    public func hash(into h: inout Hasher) { h.combine(fraction); h.combine(baseline); h.combine(id.map(ObjectIdentifier.init)) }

    /// The guide's value in a view of `size` that sets none (baselines aside): fraction ×
    /// height, or the custom guide's `defaultValue` (a non-finite one counts as 0).
    func defaultValue(_ size: CGSize, node: Node? = nil, pass: LayoutPass? = nil) -> CGFloat {
        id.map { customDefault($0, size, node, pass) } ?? size.height * fraction
    }
    /// Where a child `inner` tall goes in `outer` so that both guides meet.
    func offset(_ inner: CGSize, in outer: CGSize) -> CGFloat {
        id == nil ? (outer.height - inner.height) * fraction : defaultValue(outer) - defaultValue(inner)
    }
}

/// An alignment in both axes.
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal; self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// Whether either axis is a custom guide (`AlignmentID`): children then line up by guide values.
    var hasCustomGuide: Bool { horizontal.id != nil || vertical.id != nil }

    /// The origin of a child of `size` aligned inside `bounds`.
    func origin(of size: CGSize, in bounds: CGRect) -> CGPoint {
        CGPoint(x: bounds.minX + horizontal.offset(size, in: bounds.size),
                y: bounds.minY + vertical.offset(size, in: bounds.size))
    }
}

/// A point in a view's unit coordinate space: (0, 0) top-leading, (1, 1) bottom-trailing.
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init() { x = 0; y = 0 }
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    func point(in rect: CGRect) -> CGPoint {
        CGPoint(x: rect.minX + rect.width * x, y: rect.minY + rect.height * y)
    }
}

/// An edge of a rectangle.
public enum Edge: Int8, Hashable, Sendable, CaseIterable {
    case top, leading, bottom, trailing
    /// A set of edges.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ edge: Edge) { rawValue = 1 << edge.rawValue }
        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// Insets on each edge of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public init() { self.init(top: 0) }
}
