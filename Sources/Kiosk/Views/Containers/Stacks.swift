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

    var stack: StackLayout { StackLayout(axis: .vertical, alignment: alignment.fraction, verticalAlignment: .center, spacing: spacing) }
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        stack.size(items: node.layoutItems, proposal: proposal, pass: pass)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        stack.place(items: node.layoutItems, in: bounds, pass: pass)
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

    var stack: StackLayout { StackLayout(axis: .horizontal, alignment: 0.5, verticalAlignment: alignment, spacing: spacing) }
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        stack.size(items: node.layoutItems, proposal: proposal, pass: pass)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        stack.place(items: node.layoutItems, in: bounds, pass: pass)
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
        return result
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let saved = pass.stackAxis
        pass.stackAxis = nil
        defer { pass.stackAxis = saved }
        for item in node.layoutItems {
            let s = pass.size(item, ProposedViewSize(bounds.size))
            pass.place(item, in: CGRect(origin: alignment.origin(of: s, in: bounds), size: s))
        }
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
