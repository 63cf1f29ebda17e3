// VStack, HStack, ZStack: the three stacks.

/// Arranges its children in a vertical line.
///
/// ```swift
/// VStack(alignment: .leading, spacing: 4) { Text("Title"); Text("Subtitle") }
/// ```
/// `spacing` nil means SwiftUI's default of 8 points between neighbours.
public struct VStack<Content: View>: View, PrimitiveView, LayoutBehavior {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    public var body: Never { bodyNeverCalled("VStack") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }

    var stack: StackLayout { StackLayout(axis: .vertical, alignment: alignment, verticalAlignment: .center, spacing: spacing) }
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        stack.size(items: node.layoutItems, proposal: proposal, pass: pass)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        stack.place(items: node.layoutItems, in: bounds, proposal: pass.placementProposal(of: node, bounds: bounds), pass: pass)
    }
}

/// Arranges its children in a horizontal line.
///
/// ```swift
/// HStack(alignment: .top) { Image("icon.png"); Text("Label"); Spacer() }
/// ```
public struct HStack<Content: View>: View, PrimitiveView, LayoutBehavior {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    public var body: Never { bodyNeverCalled("HStack") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }

    var stack: StackLayout { StackLayout(axis: .horizontal, alignment: .center, verticalAlignment: alignment, spacing: spacing) }
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        stack.size(items: node.layoutItems, proposal: proposal, pass: pass)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        stack.place(items: node.layoutItems, in: bounds, proposal: pass.placementProposal(of: node, bounds: bounds), pass: pass)
    }
}

/// Overlays its children, the first at the back; `zIndex` reorders them.
///
/// ```swift
/// ZStack(alignment: .bottomTrailing) { Color.blue; Text("Badge") }
/// ```
public struct ZStack<Content: View>: View, PrimitiveView, LayoutBehavior {
    let alignment: Alignment
    let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.content = content()
    }
    public var body: Never { bodyNeverCalled("ZStack") }
    func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let saved = pass.stackAxis
        pass.stackAxis = nil
        defer { pass.stackAxis = saved }
        var result = CGSize.zero
        for item in node.layoutItems {
            let s = pass.size(item, proposal)
            result.width = max(result.width, s.width)
            result.height = max(result.height, s.height)
        }
        let custom = alignment.hasCustomGuide
        if LayoutPass.explicitGuidesInUse || custom, let e = guideExtents(node.layoutItems, pass: pass, proposal: proposal, always: custom) {
            result = CGSize(width: e.left + e.right, height: e.top + e.bottom)
        }
        return result
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let items = node.layoutItems
        childRects(in: bounds, items: items, pass: pass) { i, rect in pass.place(items[i], in: rect) }
    }
    /// Each child's rectangle in `bounds`.
    func childRects(in bounds: CGRect, items: [Node], pass: LayoutPass, _ put: (Int, CGRect) -> Void) {
        let saved = pass.stackAxis
        pass.stackAxis = nil
        defer { pass.stackAxis = saved }
        let custom = alignment.hasCustomGuide
        if LayoutPass.explicitGuidesInUse || custom,
           let e = guideExtents(items, pass: pass, proposal: ProposedViewSize(bounds.size), always: custom) {
            // Explicit alignment guides (Layout/AlignmentGuide.swift): every child's guides on one
            // pair of lines, the children's extent around them aligned in the bounds.
            let lineX = bounds.minX + e.left + (bounds.width - e.left - e.right) * alignment.horizontal.fraction
            let lineY = bounds.minY + e.top + (bounds.height - e.top - e.bottom) * alignment.vertical.fraction
            for (i, item) in items.enumerated() {
                let s = pass.size(item, ProposedViewSize(bounds.size))
                let gx = pass.guide(of: item, size: s, horizontal: alignment.horizontal)
                let gy = pass.guide(of: item, size: s, vertical: alignment.vertical)
                put(i, CGRect(x: lineX - gx, y: lineY - gy, width: s.width, height: s.height))
            }
            return
        }
        for (i, item) in items.enumerated() {
            let s = pass.size(item, ProposedViewSize(bounds.size))
            put(i, CGRect(origin: alignment.origin(of: s, in: bounds), size: s))
        }
    }
    /// The largest guide values (left, top) and extents past them (right, bottom) of the children
    /// sized for `proposal`; nil when no child has an explicit guide (the plain alignment then).
    private func guideExtents(_ items: [Node], pass: LayoutPass, proposal: ProposedViewSize, always: Bool = false)
        -> (left: CGFloat, right: CGFloat, top: CGFloat, bottom: CGFloat)? {
        var left: CGFloat = 0, right: CGFloat = 0, top: CGFloat = 0, bottom: CGFloat = 0
        var explicit = false
        for item in items {
            let s = pass.size(item, proposal)
            if pass.explicitGuide(of: item, size: s, horizontal: alignment.horizontal) != nil
                || pass.explicitGuide(of: item, size: s, vertical: alignment.vertical) != nil { explicit = true }
            let gx = pass.guide(of: item, size: s, horizontal: alignment.horizontal)
            let gy = pass.guide(of: item, size: s, vertical: alignment.vertical)
            left = max(left, gx); right = max(right, s.width - gx)
            top = max(top, gy); bottom = max(bottom, s.height - gy)
        }
        return explicit || always ? (left, right, top, bottom) : nil
    }
}

/// Flexible space that expands along the axis of its stack (both axes outside a stack).
///
/// ```swift
/// HStack { Text("Left"); Spacer(); Text("Right") }
/// ```
/// `minLength` nil is 8 points, the default spacing.
public struct Spacer: View, PrimitiveView, LayoutBehavior {
    public var minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    public var body: Never { bodyNeverCalled("Spacer") }

    var isSpacer: Bool { true }
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let minimum = minLength.map { $0.isFinite ? max(0, $0) : 0 } ?? StackLayout.defaultSpacing
        switch pass.stackAxis {
        case .horizontal?: return CGSize(width: max(minimum, proposal.width ?? minimum), height: 0)
        case .vertical?: return CGSize(width: 0, height: max(minimum, proposal.height ?? minimum))
        case nil: return CGSize(width: max(minimum, proposal.width ?? minimum), height: max(minimum, proposal.height ?? minimum))
        }
    }
    func render(node: Node, pass: RenderPass) {}
}

// A stack lays out by its alignment and spacing; its content is its children, which mark
// themselves when they change (ViewTypeInfo's `LayoutComparator`).
extension VStack: LayoutInputComparable {
    func laysOutLike(_ other: Self) -> Bool { alignment == other.alignment && spacing == other.spacing }
}
extension HStack: LayoutInputComparable {
    func laysOutLike(_ other: Self) -> Bool { alignment == other.alignment && spacing == other.spacing }
}
extension ZStack: LayoutInputComparable {
    func laysOutLike(_ other: Self) -> Bool { alignment == other.alignment }
}
