// Grid, GridRow, GridLayout and the grid cell modifiers (SwiftUI, iOS 16). The layout itself
// is GridEngine.swift.

/// A container that arranges its rows' cells in aligned columns.
///
/// ```swift
/// Grid(alignment: .leading, horizontalSpacing: 12) {
///     GridRow { Text("Name"); Text("Price") }
///     Divider()                                   // spans every column
///     GridRow { Text("Tea"); Text("2.50").gridColumnAlignment(.trailing) }
/// }
/// ```
/// Spacing nil is 8 points (kiosk's default spacing). The grid builds every cell; use
/// `LazyVGrid` in a ScrollView for long collections.
public struct Grid<Content: View>: View, PrimitiveView, LayoutBehavior {
    let engine: GridEngine
    let content: Content
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
                @ViewBuilder content: () -> Content) {
        engine = GridEngine(alignment: alignment, horizontalSpacing: horizontalSpacing, verticalSpacing: verticalSpacing)
        self.content = content()
    }
    public var body: Never { bodyNeverCalled("Grid") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        engine.size(items: node.layoutItems, proposal: proposal, node: node, pass: pass)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let items = node.layoutItems
        engine.place(items: items, in: bounds, node: node, pass: pass) { i, rect in pass.place(items[i], in: rect) }
    }
}

extension Grid: LayoutInputComparable {
    func laysOutLike(_ other: Self) -> Bool { engine.sameLayout(as: other.engine) }
}

extension GridEngine {
    func sameLayout(as other: GridEngine) -> Bool {
        alignment == other.alignment && horizontalSpacing == other.horizontalSpacing && verticalSpacing == other.verticalSpacing
    }
}

/// A row of cells in a Grid. Outside a Grid it lays its cells out like an HStack.
///
/// ```swift
/// GridRow(alignment: .top) { Text("a"); Text("b") }
/// ```
public struct GridRow<Content: View>: View, PrimitiveView, LayoutBehavior, GridRowMarker {
    let rowAlignment: VerticalAlignment?
    let content: Content
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        rowAlignment = alignment; self.content = content()
    }
    public var body: Never { bodyNeverCalled("GridRow") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }

    private var stack: StackLayout {
        StackLayout(axis: .horizontal, alignment: .center, verticalAlignment: rowAlignment ?? .center, spacing: nil)
    }
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        stack.size(items: node.layoutItems, proposal: proposal, pass: pass)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        // Inside a grid the grid places the cells.
        if let mark = node.modifierState as? GridRowMark, mark.gridPass == pass.number { return }
        stack.place(items: node.layoutItems, in: bounds, pass: pass)
    }
}

extension GridRow: LayoutInputComparable {
    func laysOutLike(_ other: Self) -> Bool { rowAlignment == other.rowAlignment }
}

/// A grid as a Layout value (for `AnyLayout(GridLayout())`); its content is GridRows as in `Grid`.
public struct GridLayout: Layout, EngineLayout {
    public var alignment: Alignment
    public var horizontalSpacing: CGFloat?
    public var verticalSpacing: CGFloat?
    public init(alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil) {
        self.alignment = alignment; self.horizontalSpacing = horizontalSpacing; self.verticalSpacing = verticalSpacing
    }
    var engine: GridEngine { GridEngine(alignment: alignment, horizontalSpacing: horizontalSpacing, verticalSpacing: verticalSpacing) }

    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        subviews.engine { items, pass in engine.size(items: items, proposal: proposal, node: nil, pass: pass) } ?? .zero
    }
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        _ = subviews.engine { items, pass in
            engine.place(items: items, in: bounds, node: nil, pass: pass) { subviews.placeItem($0, in: $1) }
        }
    }
    func engineSize(_ proposal: ProposedViewSize, items: [Node], node: Node, pass: LayoutPass) -> CGSize {
        engine.size(items: items, proposal: proposal, node: node, pass: pass)
    }
    func enginePlace(in bounds: CGRect, items: [Node], node: Node, pass: LayoutPass, put: (Int, CGRect) -> Void) {
        engine.place(items: items, in: bounds, node: node, pass: pass, put: put)
    }
}

// MARK: - Cell modifiers (layout values read by the grid)

struct GridCellColumnsKey: LayoutValueKey { static let defaultValue = 1 }
struct GridColumnAlignmentKey: LayoutValueKey { static let defaultValue: HorizontalAlignment? = nil }
struct GridCellAnchorKey: LayoutValueKey { static let defaultValue: UnitPoint? = nil }
struct GridCellUnsizedAxesKey: LayoutValueKey { static let defaultValue: Axis.Set = [] }

extension View {
    /// Makes this cell span `count` columns of its GridRow (values below 1 count as 1).
    public func gridCellColumns(_ count: Int) -> some View {
        layoutValue(key: GridCellColumnsKey.self, value: count)
    }
    /// Aligns every cell of this cell's column (set it on any one of them).
    public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View {
        layoutValue(key: GridColumnAlignmentKey.self, value: Optional(guide))
    }
    /// Aligns this cell in its area by `anchor`, overriding the column's and row's alignment.
    public func gridCellAnchor(_ anchor: UnitPoint) -> some View {
        layoutValue(key: GridCellAnchorKey.self, value: Optional(anchor))
    }
    /// Keeps this cell from sizing its column (`.horizontal`) or row (`.vertical`): it takes
    /// the size the other cells give them (a `Color` rule that should not widen the grid).
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View {
        layoutValue(key: GridCellUnsizedAxesKey.self, value: axes)
    }
}
