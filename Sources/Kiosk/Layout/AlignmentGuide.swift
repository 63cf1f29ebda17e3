// `.alignmentGuide(_:computeValue:)`: a view's own value for an alignment guide, which the stacks
// use in place of the guide's default (SwiftUI's explicit alignment). A VStack lines its children
// up on the horizontal guide, an HStack on the vertical one, a ZStack on both: each child's guide
// value g (its explicit value, else the default — fraction × size, a text baseline for the
// baseline guides) is put on one line, the line at the largest g from the stack's edge, and the
// stack is as wide as max(g) + max(size − g) (StackLayout.swift, ZStack in Stacks.swift). With
// only default guides this is the plain alignment (the sizes and places are the same), so the
// stacks skip the reckoning until some view has an explicit guide (`explicitGuidesInUse`).
// The closure gets the view's dimensions (`d[.center]`, `d.width`, `d[.firstTextBaseline]`, its own
// other explicit guides); a NaN or infinite result counts as the default.
//
// A frame lines its content's guide for the frame's alignment (explicit or default) up with its
// own default guide: `Text("a").alignmentGuide(.leading) { _ in 10 }.frame(width: 100,
// alignment: .leading)` starts 10 points left of the frame.
//
// Explicit guides pass outwards as in SwiftUI: through a single-child layout modifier
// (`.padding`, `.frame`, `.background`/`.overlay`, the effects) moved by where it puts its
// content — `Text("a").alignmentGuide(.leading) { _ in 0 }.padding(10)` has an explicit leading of
// 10 — and through the stacks, whose value is the average of their children's explicit values
// at the children's places (SwiftUI's `_combineExplicit`), so a guide set deep in a VStack lines
// up with an HStack around it. Custom guides (`AlignmentID`, Alignment.swift) work the same way;
// their default is the ID's `defaultValue`.

extension View {
    /// Sets this view's value for a horizontal alignment guide (from its leading edge).
    ///
    /// ```swift
    /// VStack(alignment: .leading) {
    ///     Text("Total")
    ///     Text("42").alignmentGuide(.leading) { d in -20 }   // 20 points further right
    /// }
    /// ```
    public func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modifier(_AlignmentGuideLayout(horizontal: g, vertical: nil, compute: computeValue))
    }
    /// Sets this view's value for a vertical alignment guide (from its top edge); the baseline
    /// guides are what `HStack(alignment: .firstTextBaseline)` lines up.
    public func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modifier(_AlignmentGuideLayout(horizontal: nil, vertical: g, compute: computeValue))
    }
}

struct _AlignmentGuideLayout: BuiltinModifier, PassThroughLayout, ExplicitAlignmentProvider {
    let horizontal: HorizontalAlignment?
    let vertical: VerticalAlignment?
    let compute: (ViewDimensions) -> CGFloat

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        LayoutPass.explicitGuidesInUse = true
        return pass.size(of: node.layoutItems, proposal)
    }

    private func value(size: CGSize, node: Node, pass: LayoutPass) -> CGFloat? {
        let items = node.layoutItems
        let v = compute(ViewDimensions(size: size, node: items.count == 1 ? items[0] : nil, pass: pass))
        return v.isFinite ? v : nil
    }

    func explicitGuide(horizontal guide: HorizontalAlignment, size: CGSize, node: Node, pass: LayoutPass) -> CGFloat? {
        if guide == horizontal { return value(size: size, node: node, pass: pass) }
        let items = node.layoutItems
        guard items.count == 1 else { return nil }
        return pass.explicitGuide(of: items[0], size: size, horizontal: guide)
    }
    func explicitGuide(vertical guide: VerticalAlignment, size: CGSize, node: Node, pass: LayoutPass) -> CGFloat? {
        if guide == vertical { return value(size: size, node: node, pass: pass) }
        let items = node.layoutItems
        guard items.count == 1 else { return nil }
        return pass.explicitGuide(of: items[0], size: size, vertical: guide)
    }
    func baseline(node: Node, size: CGSize, last: Bool, pass: LayoutPass) -> CGFloat? {
        if let b = vertical?.baseline, (b == .last) == last, let v = value(size: size, node: node, pass: pass) { return v }
        let items = node.layoutItems
        guard items.count == 1 else { return nil }
        return pass.baseline(of: items[0], size: size, last: last)
    }
    func preferredSpacing(node: Node, pass: LayoutPass) -> ViewSpacing { ViewSpacing() }
}

/// One explicit-guide question: a guide (horizontal or vertical) of a view of `size`.
struct GuideQuery: Equatable {
    var size: CGSize
    var horizontal: HorizontalAlignment?
    var vertical: VerticalAlignment?
}

/// A layout whose explicit alignment guides are those of its content, moved to where it puts
/// the content (SwiftUI's unary layout modifiers, and the stacks, which average them).
protocol ExplicitGuideForwarding {
    /// Calls `body` with each laid-out child and its rectangle inside a view of `size`.
    func guideContent(size: CGSize, node: Node, pass: LayoutPass, _ body: (Node, CGRect) -> Void)
}

extension LayoutPass {
    /// Set once any view has an explicit alignment guide; until then stacks align by fractions alone.
    nonisolated(unsafe) static var explicitGuidesInUse = false

    /// `item`'s explicit value for `guide`, if it has one.
    func explicitGuide(of item: Node, size: CGSize, horizontal guide: HorizontalAlignment) -> CGFloat? {
        guard let layout = item.layout, LayoutPass.takesPartInGuides(layout) else { return nil }
        if type(of: layout) is any ExplicitAlignmentProvider.Type, let p = layout as? any ExplicitAlignmentProvider {
            return p.explicitGuide(horizontal: guide, size: size, node: item, pass: self).flatMap { $0.isFinite ? $0 : nil }
        }
        return cachedGuide(item, GuideQuery(size: size, horizontal: guide, vertical: nil)) {
            forwardedGuide(layout, item, size) { child, rect in
                explicitGuide(of: child, size: rect.size, horizontal: guide).map { $0 + rect.minX }
            }
        }
    }
    func explicitGuide(of item: Node, size: CGSize, vertical guide: VerticalAlignment) -> CGFloat? {
        guard let layout = item.layout, LayoutPass.takesPartInGuides(layout) else { return nil }
        if type(of: layout) is any ExplicitAlignmentProvider.Type, let p = layout as? any ExplicitAlignmentProvider {
            return p.explicitGuide(vertical: guide, size: size, node: item, pass: self).flatMap { $0.isFinite ? $0 : nil }
        }
        return cachedGuide(item, GuideQuery(size: size, horizontal: nil, vertical: guide)) {
            forwardedGuide(layout, item, size) { child, rect in
                explicitGuide(of: child, size: rect.size, vertical: guide).map { $0 + rect.minY }
            }
        }
    }

    /// Whether `layout` sets or passes on explicit guides — asked of its type, not its value: a
    /// conditional cast copies a value larger than three words into a new box, and a leaf like
    /// Image (which takes no part) allocated ≈ 8 times a frame that way while guides were in use.
    static func takesPartInGuides(_ layout: any LayoutBehavior) -> Bool {
        let t = type(of: layout)
        return t is any ExplicitAlignmentProvider.Type || t is any ExplicitGuideForwarding.Type
            || (t is any PassThroughLayout.Type && t is any BuiltinModifier.Type)
    }

    /// `compute`'s answer for `query` on `item`, once per pass. A stack asks each child's guide
    /// while placing it and again when its own guide is asked (which places it once more), so an
    /// unremembered walk is exponential in the nesting depth: 2^depth for a deep column of stacks
    /// (a body nested in itself, cut off at the depth limit, never finished).
    private func cachedGuide(_ item: Node, _ query: GuideQuery, _ compute: () -> CGFloat?) -> CGFloat? {
        guard LayoutPass.explicitGuidesInUse else { return nil }    // no view has set one
        if item.guideCachePass != number {
            item.guideCache.removeAll(keepingCapacity: true)
            item.guideCachePass = number
        }
        for (q, v) in item.guideCache where q == query { return v }
        let v = compute()
        if item.guideCache.count >= 16 { item.guideCache.removeFirst(8) }
        item.guideCache.append((query, v))
        return v
    }

    /// The average of the children's explicit values (`value` in the item's coordinates) for a
    /// layout that forwards its content's guides; a built-in modifier that sizes to its single
    /// content and puts it at its origin (the effects) forwards them unchanged.
    private func forwardedGuide(_ layout: any LayoutBehavior, _ item: Node, _ size: CGSize,
                                _ value: (Node, CGRect) -> CGFloat?) -> CGFloat? {
        guard LayoutPass.explicitGuidesInUse else { return nil }    // no view has set one
        var result: CGFloat? = nil
        var n: CGFloat = 0
        func combine(_ v: CGFloat?) {
            guard let v, v.isFinite else { return }
            result = ((result ?? 0) * n + v) / (n + 1)
            n += 1
        }
        if type(of: layout) is any ExplicitGuideForwarding.Type, let f = layout as? any ExplicitGuideForwarding {
            f.guideContent(size: size, node: item, pass: self) { child, rect in combine(value(child, rect)) }
        } else if type(of: layout) is any PassThroughLayout.Type, type(of: layout) is any BuiltinModifier.Type {
            let items = item.layoutItems
            if items.count == 1 { combine(value(items[0], CGRect(origin: .zero, size: size))) }
        }
        return result
    }

    /// `item`'s value for `guide`: explicit, else the default (fraction × width, or a custom
    /// guide's `defaultValue`).
    func guide(of item: Node, size: CGSize, horizontal guide: HorizontalAlignment) -> CGFloat {
        explicitGuide(of: item, size: size, horizontal: guide) ?? guide.defaultValue(size, node: item, pass: self)
    }
    /// `item`'s value for `guide`: explicit, its baseline for the baseline guides, else the default.
    func guide(of item: Node, size: CGSize, vertical guide: VerticalAlignment) -> CGFloat {
        if let b = guide.baseline { return baseline(of: item, size: size, last: b == .last) ?? size.height }
        return explicitGuide(of: item, size: size, vertical: guide) ?? guide.defaultValue(size, node: item, pass: self)
    }
}

// MARK: - Who forwards

extension _PaddingLayout: ExplicitGuideForwarding {
    func guideContent(size: CGSize, node: Node, pass: LayoutPass, _ body: (Node, CGRect) -> Void) {
        let items = node.layoutItems
        guard items.count == 1 else { return }
        body(items[0], CGRect(x: insets.leading, y: insets.top, width: max(0, size.width - insets.leading - insets.trailing),
                              height: max(0, size.height - insets.top - insets.bottom)))
    }
}

extension LayoutPass {
    /// The single child of a frame of `size` aligned by `alignment` (`place(framed:)`'s rect).
    func alignedContent(_ node: Node, size: CGSize, alignment: Alignment, _ body: (Node, CGRect) -> Void) {
        alignedContent(of: node.layoutItems, size: size, alignment: alignment, body)
    }
    /// `items`' one item, sized for `size` and aligned in it by `alignment` — by its explicit guide
    /// as a frame aligns (`byGuides`), else by the plain alignment as a background's content is
    /// placed; nothing for more or none.
    func alignedContent(of items: [Node], size: CGSize, alignment: Alignment, byGuides: Bool = true,
                        _ body: (Node, CGRect) -> Void) {
        guard items.count == 1 else { return }
        let s = self.size(items[0], ProposedViewSize(size)), bounds = CGRect(origin: .zero, size: size)
        let origin = byGuides ? frameOrigin(of: items[0], size: s, in: bounds, alignment: alignment) : alignment.origin(of: s, in: bounds)
        body(items[0], CGRect(origin: origin, size: s))
    }
}

extension _FrameLayout: ExplicitGuideForwarding {
    func guideContent(size: CGSize, node: Node, pass: LayoutPass, _ body: (Node, CGRect) -> Void) {
        pass.alignedContent(node, size: size, alignment: alignment, body)
    }
}

extension _FlexFrameLayout: ExplicitGuideForwarding {
    func guideContent(size: CGSize, node: Node, pass: LayoutPass, _ body: (Node, CGRect) -> Void) {
        pass.alignedContent(node, size: size, alignment: alignment, body)
    }
}

extension _BackgroundLayout: ExplicitGuideForwarding {
    /// The content's guides (the secondary view's do not count, as in SwiftUI).
    func guideContent(size: CGSize, node: Node, pass: LayoutPass, _ body: (Node, CGRect) -> Void) {
        guard let first = node.children.first else { return }
        pass.alignedContent(of: first.layout != nil ? [first] : first.layoutItems, size: size, alignment: .center, byGuides: false, body)
    }
}

extension StackLayout {
    /// The children where the stack puts them in a view of `size` sized for `node`'s proposal.
    func guideContent(items: [Node], size: CGSize, node: Node, pass: LayoutPass, _ body: (Node, CGRect) -> Void) {
        let bounds = CGRect(origin: .zero, size: size)
        place(items: items, in: bounds, proposal: pass.placementProposal(of: node, bounds: bounds), pass: pass) { i, rect in
            body(items[i], rect)
        }
    }
}

extension VStack: ExplicitGuideForwarding {
    func guideContent(size: CGSize, node: Node, pass: LayoutPass, _ body: (Node, CGRect) -> Void) {
        stack.guideContent(items: node.layoutItems, size: size, node: node, pass: pass, body)
    }
}

extension HStack: ExplicitGuideForwarding {
    func guideContent(size: CGSize, node: Node, pass: LayoutPass, _ body: (Node, CGRect) -> Void) {
        stack.guideContent(items: node.layoutItems, size: size, node: node, pass: pass, body)
    }
}

extension ZStack: ExplicitGuideForwarding {
    func guideContent(size: CGSize, node: Node, pass: LayoutPass, _ body: (Node, CGRect) -> Void) {
        childRects(in: CGRect(origin: .zero, size: size), items: node.layoutItems, pass: pass) { i, rect in body(node.layoutItems[i], rect) }
    }
}
