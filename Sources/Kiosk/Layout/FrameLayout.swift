// Frames: `.frame(width:height:alignment:)` and the flexible
// `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
// Invalid dimensions (NaN, negative, infinite fixed sizes) are dropped with a warning, as
// SwiftUI logs "Invalid frame dimension (negative or non-finite)" and ignores them.

public struct _FrameLayout: BuiltinModifier, LayoutBehavior {
    let width: CGFloat?
    let height: CGFloat?
    let alignment: Alignment

    init(width: CGFloat?, height: CGFloat?, alignment: Alignment) {
        self.width = _FrameLayout.validated(width, allowInfinity: false)
        self.height = _FrameLayout.validated(height, allowInfinity: false)
        self.alignment = alignment
    }

    static func validated(_ v: CGFloat?, allowInfinity: Bool) -> CGFloat? {
        guard let v else { return nil }
        if v.isNaN || v < 0 || (!allowInfinity && v.isInfinite) {
            Diagnostics.warn("Invalid frame dimension (negative or non-finite): \(v); ignored")
            return nil
        }
        return min(v, v.isInfinite ? v : LayoutPass.maxDimension)
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        if let width, let height { return CGSize(width: width, height: height) }
        let child = pass.size(of: node.layoutItems, ProposedViewSize(width: width ?? proposal.width, height: height ?? proposal.height))
        return CGSize(width: width ?? child.width, height: height ?? child.height)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        pass.place(framed: node.layoutItems, in: bounds, alignment: alignment)
    }
}

public struct _FlexFrameLayout: BuiltinModifier, LayoutBehavior {
    var minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?
    var minHeight: CGFloat?, idealHeight: CGFloat?, maxHeight: CGFloat?
    let alignment: Alignment

    /// Clamps `v` to min…max; min wins when they contradict, as in SwiftUI.
    private static func clamp(_ v: CGFloat, _ lo: CGFloat?, _ hi: CGFloat?) -> CGFloat {
        var r = v
        if let hi { r = min(r, hi) }
        if let lo { r = max(r, lo) }
        return r
    }

    private static func resolve(proposed: CGFloat?, child: CGFloat, min lo: CGFloat?, max hi: CGFloat?) -> CGFloat {
        var r = child
        if let hi { r = min(hi, max(r, proposed ?? r)) }
        if let lo { r = max(lo, min(r, proposed ?? r)) }
        return r
    }

    func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        var p = proposal
        if let w = p.width { p.width = _FlexFrameLayout.clamp(w, minWidth, maxWidth) }
        else if let ideal = idealWidth { p.width = _FlexFrameLayout.clamp(ideal, minWidth, maxWidth) }
        if let h = p.height { p.height = _FlexFrameLayout.clamp(h, minHeight, maxHeight) }
        else if let ideal = idealHeight { p.height = _FlexFrameLayout.clamp(ideal, minHeight, maxHeight) }
        return p
    }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let p = childProposal(proposal)
        let child = pass.size(of: node.layoutItems, p)
        var w = _FlexFrameLayout.resolve(proposed: p.width, child: child.width, min: minWidth, max: maxWidth)
        var h = _FlexFrameLayout.resolve(proposed: p.height, child: child.height, min: minHeight, max: maxHeight)
        if proposal.width == nil, let ideal = idealWidth { w = _FlexFrameLayout.clamp(ideal, minWidth, maxWidth) }
        if proposal.height == nil, let ideal = idealHeight { h = _FlexFrameLayout.clamp(ideal, minHeight, maxHeight) }
        return CGSize(width: w, height: h)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        pass.place(framed: node.layoutItems, in: bounds, alignment: alignment)
    }
}

extension LayoutPass {
    /// A frame's placement: offers `bounds.size` to the content and puts the content's guide for
    /// `alignment` — its explicit value (`.alignmentGuide`) or the default — on the frame's own
    /// default guide, as SwiftUI's frames align.
    func place(framed items: [Node], in bounds: CGRect, alignment: Alignment) {
        guard items.count == 1 else { place(aligned: items, in: bounds, alignment: alignment); return }
        let s = size(items[0], ProposedViewSize(bounds.size))
        place(items[0], in: CGRect(origin: frameOrigin(of: items[0], size: s, in: bounds, alignment: alignment), size: s))
    }

    /// Where a frame of `bounds` puts its content `item` of `size` (see `place(framed:)`).
    func frameOrigin(of item: Node, size s: CGSize, in bounds: CGRect, alignment: Alignment) -> CGPoint {
        var p = alignment.origin(of: s, in: bounds)
        guard LayoutPass.explicitGuidesInUse else { return p }
        if let gx = explicitGuide(of: item, size: s, horizontal: alignment.horizontal) {
            p.x = bounds.minX + alignment.horizontal.defaultValue(bounds.size) - gx
        }
        if alignment.vertical.baseline == nil, let gy = explicitGuide(of: item, size: s, vertical: alignment.vertical) {
            p.y = bounds.minY + alignment.vertical.defaultValue(bounds.size) - gy
        }
        return p
    }

    /// Offers `bounds.size` to the content and aligns what it takes inside `bounds`.
    func place(aligned items: [Node], in bounds: CGRect, alignment: Alignment) {
        let s = size(of: items, ProposedViewSize(bounds.size))
        let rect = CGRect(origin: alignment.origin(of: s, in: bounds), size: s)
        if items.count == 1 { place(items[0], in: rect) } else { place(items: items, in: rect) }
    }
}

extension View {
    /// A fixed-size frame; a nil dimension takes the content's size in that axis.
    ///
    /// ```swift
    /// Text("Hi").frame(width: 100, height: 40, alignment: .leading)
    /// ```
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> ModifiedContent<Self, _FrameLayout> {
        modifier(_FrameLayout(width: width, height: height, alignment: alignment))
    }

    /// A flexible frame: `maxWidth: .infinity` takes all the width offered.
    ///
    /// ```swift
    /// Text("Wide").frame(maxWidth: .infinity, alignment: .leading)
    /// ```
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> ModifiedContent<Self, _FlexFrameLayout> {
        func v(_ x: CGFloat?) -> CGFloat? { _FrameLayout.validated(x, allowInfinity: true) }
        var frame = _FlexFrameLayout(minWidth: v(minWidth), idealWidth: v(idealWidth), maxWidth: v(maxWidth),
                                     minHeight: v(minHeight), idealHeight: v(idealHeight), maxHeight: v(maxHeight),
                                     alignment: alignment)
        if let lo = frame.minWidth, let hi = frame.maxWidth, lo > hi {
            Diagnostics.warn("Contradictory frame constraints: minWidth \(lo) > maxWidth \(hi); the minimum wins")
        }
        if let lo = frame.minHeight, let hi = frame.maxHeight, lo > hi {
            Diagnostics.warn("Contradictory frame constraints: minHeight \(lo) > maxHeight \(hi); the minimum wins")
        }
        if frame.minWidth?.isInfinite == true { frame.minWidth = nil }
        if frame.minHeight?.isInfinite == true { frame.minHeight = nil }
        return modifier(frame)
    }
}
