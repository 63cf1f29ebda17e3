// StackLayout: HStack/VStack distribution. Following SwiftUI, the stack subtracts spacing,
// then offers the remaining length to its children from the least flexible (max − min along
// the axis) to the most flexible, each getting an equal share of what is left; higher
// layoutPriority goes first and may take what the lower ones do not need at their minimum.
// Spacers are the most flexible, so they split whatever the others leave.

/// One child's numbers while a stack distributes its length.
private struct StackEntry {
    var minimum: CGFloat
    var flexibility: CGFloat
    var priority: Double
    var index: Int

    static func goesFirst(_ a: StackEntry, _ b: StackEntry) -> Bool {
        if a.priority != b.priority { return a.priority > b.priority }
        if a.flexibility != b.flexibility { return a.flexibility < b.flexibility }
        return a.index < b.index
    }
}

struct StackLayout {
    var axis: Axis
    /// Cross-axis alignment for VStack.
    var alignment: HorizontalAlignment
    /// Cross-axis alignment for HStack (may be a text baseline).
    var verticalAlignment: VerticalAlignment
    /// nil: 8 points between neighbours, SwiftUI's default.
    var spacing: CGFloat?

    static let defaultSpacing: CGFloat = 8

    /// Whether children line up by their guide values (some view has an explicit guide, or the
    /// alignment is a custom one) rather than by the alignment's fraction alone.
    private var usesGuides: Bool {
        LayoutPass.explicitGuidesInUse || (axis == .horizontal ? verticalAlignment.id != nil : alignment.id != nil)
    }

    private func totalSpacing(_ n: Int) -> CGFloat {
        let s = spacing.map { $0.isFinite ? $0 : 0 } ?? StackLayout.defaultSpacing
        return s * CGFloat(max(0, n - 1))
    }

    /// Sizes for each child under `proposal`.
    /// `sizes` holds `items.count` initialised sizes; the callers keep it in stack memory.
    func childSizes(items: [Node], proposal: ProposedViewSize, pass: LayoutPass, into sizes: UnsafeMutableBufferPointer<CGSize>) {
        let saved = pass.stackAxis
        pass.stackAxis = axis
        defer { pass.stackAxis = saved }
        let cross = proposal[axis == .horizontal ? .vertical : .horizontal]
        guard let main = proposal[axis] else {
            for (i, item) in items.enumerated() { sizes[i] = pass.size(item, ProposedViewSize(axis: axis, main: nil, cross: cross)) }
            return
        }
        // The per-child bookkeeping lives in stack memory (four arrays per call before; stacks
        // are asked several times per layout, so they were most of a relayout's allocations).
        withUnsafeTemporaryAllocation(of: StackEntry.self, capacity: items.count) { entries in
            for (i, item) in items.enumerated() {
                let lo = pass.size(item, ProposedViewSize(axis: axis, main: 0, cross: cross))[axis]
                let hi = pass.size(item, ProposedViewSize(axis: axis, main: .infinity, cross: cross))[axis]
                (entries.baseAddress! + i).initialize(to: StackEntry(minimum: lo, flexibility: hi - lo,
                                                                     priority: item.layout?.layoutPriority ?? 0, index: i))
            }
            // Higher priority first, then the least flexible, then declaration order.
            var sorted = entries     // the same memory (a buffer pointer is a view)
            sorted.sort(by: StackEntry.goesFirst)
            var remaining = main - totalSpacing(items.count)
            var k = 0
            while k < entries.count {
                // One priority group at a time; lower groups keep their minimum in reserve.
                let p = entries[k].priority
                var end = k
                while end < entries.count && entries[end].priority == p { end += 1 }
                var reserved: CGFloat = 0
                for j in end..<entries.count { reserved += entries[j].minimum }
                var available = remaining - reserved
                var count = end - k
                for j in k..<end {
                    let i = entries[j].index
                    let share = max(0, available / CGFloat(count))
                    let s = pass.size(items[i], ProposedViewSize(axis: axis, main: share, cross: cross))
                    sizes[i] = s
                    available -= s[axis]
                    remaining -= s[axis]
                    count -= 1
                }
                k = end
            }
        }
    }

    /// Runs `body` with the children's sizes under `proposal`, kept in stack memory.
    private func withChildSizes<R>(items: [Node], proposal: ProposedViewSize, pass: LayoutPass,
                                   _ body: (UnsafeMutableBufferPointer<CGSize>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: CGSize.self, capacity: items.count) { sizes in
            sizes.initialize(repeating: .zero)
            childSizes(items: items, proposal: proposal, pass: pass, into: sizes)
            return body(sizes)
        }
    }

    func size(items: [Node], proposal: ProposedViewSize, pass: LayoutPass) -> CGSize {
        guard !items.isEmpty else { return .zero }
        return withChildSizes(items: items, proposal: proposal, pass: pass) { sizes in
            let crossAxis: Axis = axis == .horizontal ? .vertical : .horizontal
            var result = CGSize.zero
            result[axis] = sizes.reduce(0) { $0 + $1[axis] } + totalSpacing(items.count)
            if axis == .horizontal, verticalAlignment.baseline != nil {
                let (above, below) = baselineExtents(items: items, sizes: sizes, pass: pass)
                result.height = above + below
            } else if usesGuides {
                let (above, below) = guideExtents(items: items, sizes: sizes, pass: pass)
                result[crossAxis] = above + below
            } else {
                result[crossAxis] = sizes.reduce(0) { max($0, $1[crossAxis]) }
            }
            return result
        }
    }

    /// For baseline alignment: the tallest part above and below the shared baseline.
    private func baselineExtents(items: [Node], sizes: UnsafeMutableBufferPointer<CGSize>, pass: LayoutPass) -> (CGFloat, CGFloat) {
        var above: CGFloat = 0, below: CGFloat = 0
        for (i, item) in items.enumerated() {
            let b = pass.baseline(of: item, size: sizes[i], last: verticalAlignment.baseline == .last) ?? sizes[i].height
            above = max(above, b)
            below = max(below, sizes[i].height - b)
        }
        return (above, below)
    }

    /// A child's cross-axis guide value (AlignmentGuide.swift): explicit, else the default.
    private func crossGuide(_ item: Node, _ size: CGSize, pass: LayoutPass) -> CGFloat {
        axis == .horizontal ? pass.guide(of: item, size: size, vertical: verticalAlignment)
            : pass.guide(of: item, size: size, horizontal: alignment)
    }

    /// With explicit guides: the largest guide value and the largest extent past it.
    private func guideExtents(items: [Node], sizes: UnsafeMutableBufferPointer<CGSize>, pass: LayoutPass) -> (CGFloat, CGFloat) {
        let crossAxis: Axis = axis == .horizontal ? .vertical : .horizontal
        var above: CGFloat = 0, below: CGFloat = 0
        for (i, item) in items.enumerated() {
            let g = crossGuide(item, sizes[i], pass: pass)
            above = max(above, g)
            below = max(below, sizes[i][crossAxis] - g)
        }
        return (above, below)
    }

    func place(items: [Node], in bounds: CGRect, proposal: ProposedViewSize? = nil, pass: LayoutPass) {
        place(items: items, in: bounds, proposal: proposal, pass: pass) { i, rect in pass.place(items[i], in: rect) }
    }

    /// Computes each item's rectangle and hands it to `put` (HStackLayout/VStackLayout inside a
    /// custom layout record it as the subview's placement instead of placing the node).
    /// The children get the sizes they had for `proposal`, the one the stack was sized with
    /// (`LayoutPass.placementProposal`; the bounds' size when nil), as SwiftUI's stacks do.
    func place(items: [Node], in bounds: CGRect, proposal: ProposedViewSize? = nil, pass: LayoutPass, put: (Int, CGRect) -> Void) {
        guard !items.isEmpty else { return }
        withChildSizes(items: items, proposal: proposal ?? ProposedViewSize(bounds.size), pass: pass) { sizes in
            let gap = spacing.map { $0.isFinite ? $0 : 0 } ?? StackLayout.defaultSpacing
            var cursor = axis == .horizontal ? bounds.minX : bounds.minY
            var baselineY: CGFloat = 0
            if axis == .horizontal, verticalAlignment.baseline != nil {
                baselineY = bounds.minY + baselineExtents(items: items, sizes: sizes, pass: pass).0
            }
            // Explicit alignment guides: one line through every child's guide, the stack's extent
            // (above + below) aligned in the bounds by the guide's fraction.
            var line: CGFloat? = nil
            if usesGuides, !(axis == .horizontal && verticalAlignment.baseline != nil) {
                let (above, below) = guideExtents(items: items, sizes: sizes, pass: pass)
                line = axis == .horizontal ? bounds.minY + above + (bounds.height - above - below) * verticalAlignment.fraction
                    : bounds.minX + above + (bounds.width - above - below) * alignment.fraction
            }
            for (i, item) in items.enumerated() {
                let s = sizes[i]
                var origin = CGPoint.zero
                if axis == .horizontal {
                    origin.x = cursor
                    if verticalAlignment.baseline != nil {
                        let b = pass.baseline(of: item, size: s, last: verticalAlignment.baseline == .last) ?? s.height
                        origin.y = baselineY - b
                    } else if let line {
                        origin.y = line - crossGuide(item, s, pass: pass)
                    } else {
                        origin.y = bounds.minY + (bounds.height - s.height) * verticalAlignment.fraction
                    }
                    cursor += s.width + gap
                } else {
                    origin.y = cursor
                    if let line {
                        origin.x = line - crossGuide(item, s, pass: pass)
                    } else {
                        origin.x = bounds.minX + (bounds.width - s.width) * alignment.fraction
                    }
                    cursor += s.height + gap
                }
                put(i, CGRect(origin: origin, size: s))
            }
        }
    }
}
