// `.alignmentGuide(_:computeValue:)`: a view's own value for an alignment guide, which the stacks
// use in place of the guide's default (SwiftUI's explicit alignment). A VStack lines its children
// up on the horizontal guide, an HStack on the vertical one, a ZStack on both: each child's guide
// value g (its explicit value, else the default — fraction × size, a text baseline for the
// baseline guides) is put on one line, the line at the largest g from the stack's edge, and the
// stack is as wide as max(g) + max(size − g) (StackLayout.swift, ZStack in Stacks.swift). With
// only default guides this is the plain alignment (the sizes and places are the same), so the
// stacks skip the reckoning until some view has an explicit guide (`explicitGuidesInUse`).
// The closure gets the view's dimensions (`d[.center]`, `d.width`, `d[.firstTextBaseline]`, its own
// other explicit guides); a NaN or infinite result counts as the default. The guide passes through
// the modifier it is written under, not through outer ones (`.alignmentGuide(…).padding()`: the
// padding's view has only default guides). Custom guides (`AlignmentID`) are not supported: kiosk's
// alignments are the built-in ones.

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

extension LayoutPass {
    /// Set once any view has an explicit alignment guide; until then stacks align by fractions alone.
    nonisolated(unsafe) static var explicitGuidesInUse = false

    /// `item`'s explicit value for `guide`, if it has one.
    func explicitGuide(of item: Node, size: CGSize, horizontal guide: HorizontalAlignment) -> CGFloat? {
        guard let p = item.layout as? any ExplicitAlignmentProvider else { return nil }
        return p.explicitGuide(horizontal: guide, size: size, node: item, pass: self).flatMap { $0.isFinite ? $0 : nil }
    }
    func explicitGuide(of item: Node, size: CGSize, vertical guide: VerticalAlignment) -> CGFloat? {
        guard let p = item.layout as? any ExplicitAlignmentProvider else { return nil }
        return p.explicitGuide(vertical: guide, size: size, node: item, pass: self).flatMap { $0.isFinite ? $0 : nil }
    }
    /// `item`'s value for `guide`: explicit, else the default (fraction × width).
    func guide(of item: Node, size: CGSize, horizontal guide: HorizontalAlignment) -> CGFloat {
        explicitGuide(of: item, size: size, horizontal: guide) ?? size.width * guide.fraction
    }
    /// `item`'s value for `guide`: explicit, its baseline for the baseline guides, else fraction × height.
    func guide(of item: Node, size: CGSize, vertical guide: VerticalAlignment) -> CGFloat {
        if let b = guide.baseline { return baseline(of: item, size: size, last: b == .last) ?? size.height }
        return explicitGuide(of: item, size: size, vertical: guide) ?? size.height * guide.fraction
    }
}
