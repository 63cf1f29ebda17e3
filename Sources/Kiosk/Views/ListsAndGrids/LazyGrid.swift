// LazyVGrid / LazyHGrid (SwiftUI, iOS 14): cells flow into tracks (columns of a LazyVGrid,
// rows of a LazyHGrid) described by `GridItem`s, line after line along the scroll axis.
//
// Tracks are resolved from the length across the scroll axis as SwiftUI does: fixed items
// take their size; the length left after them and after every item's spacing is shared, in
// declaration order, among the other items — each gets what is left divided by the items
// still to come, clamped to its minimum…maximum; an adaptive item then fits as many tracks
// of at least its minimum as its share holds (each at most its maximum), `spacing` apart.
//
// Laziness, as LazyVStack's (LazyStack.swift, and ENGINE.md's scrolling part): content that is
// a `ForEach` directly is built line by line, only the lines in the enclosing ScrollView's
// window ± a quarter viewport (the `LazyStackBox`'s rows are the grid's lines; unbuilt lines
// are estimated as the mean measured one); a scroll frame that needs no other lines touches
// nothing here. Other content (Sections, several ForEach, plain views) is built whole; a
// Section's header and footer take a whole line and each Section starts a new line.
// `pinnedViews` pins the Sections' headers and footers to the scroll view's edges while
// their section scrolls (PinnedSections.swift).
// `ScrollViewProxy.scrollTo` an unbuilt cell of a lazy grid scrolls to the line its index
// would be if every line held one cell (kiosk limit); built cells are found exactly.
//
// Bad input: no tracks lays out as one flexible track (with a warning); a fixed size or a
// minimum that is NaN, infinite or negative counts as 0, an adaptive minimum below 1 as 1, a
// maximum below the minimum as the minimum; at most 1000 tracks.

/// A description of one track (column or row) of a lazy grid.
///
/// ```swift
/// LazyVGrid(columns: [GridItem(.adaptive(minimum: 120), spacing: 12)]) { … }
/// ```
public struct GridItem: Sendable {
    /// How a track is sized.
    public enum Size: Sendable {
        /// One track of exactly this length.
        case fixed(CGFloat)
        /// One track sharing the free length, between `minimum` and `maximum`.
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many tracks of at least `minimum` as fit in a flexible item's share.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public var size: Size
    /// The space after this item (before the next one); nil is 8 points.
    public var spacing: CGFloat?
    /// How cells sit in this item's tracks; nil centres them.
    public var alignment: Alignment?
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size; self.spacing = spacing; self.alignment = alignment
    }
}

/// A track resolved for one cross length.
struct GridTrack {
    var offset: CGFloat
    var length: CGFloat
    var alignment: Alignment
}

/// A vertically scrolling grid whose cells fill `columns` left to right, built as they scroll into view.
///
/// ```swift
/// ScrollView {
///     LazyVGrid(columns: [GridItem(.adaptive(minimum: 150))], spacing: 12) {
///         ForEach(products) { ProductCard(product: $0) }
///     }
/// }
/// ```
public struct LazyVGrid<Content: View>: View, PrimitiveView, LayoutBehavior {
    let core: LazyGridCore
    let content: Content
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        core = LazyGridCore(axis: .vertical, tracks: columns, alignment: alignment.fraction, spacing: spacing)
        self.pinnedViews = pinnedViews
        self.content = content()
    }
    let pinnedViews: PinnedScrollableViews
    public var body: Never { bodyNeverCalled("LazyVGrid") }
    func makeChildren(_ list: inout ChildList) { core.makeChildren(content, &list) }
    func render(node: Node, pass: RenderPass) {
        PinnedSections.render(node: node, pass: pass, axis: .vertical, pinned: pinnedViews)
    }
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        core.sizeThatFits(proposal, node: node, pass: pass)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) { core.placeChildren(in: bounds, node: node, pass: pass) }
}

/// A horizontally scrolling grid whose cells fill `rows` top to bottom, built as they scroll into view.
public struct LazyHGrid<Content: View>: View, PrimitiveView, LayoutBehavior {
    let core: LazyGridCore
    let content: Content
    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {
        core = LazyGridCore(axis: .horizontal, tracks: rows, alignment: alignment.fraction, spacing: spacing)
        self.pinnedViews = pinnedViews
        self.content = content()
    }
    let pinnedViews: PinnedScrollableViews
    public var body: Never { bodyNeverCalled("LazyHGrid") }
    func makeChildren(_ list: inout ChildList) { core.makeChildren(content, &list) }
    func render(node: Node, pass: RenderPass) {
        PinnedSections.render(node: node, pass: pass, axis: .horizontal, pinned: pinnedViews)
    }
    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        core.sizeThatFits(proposal, node: node, pass: pass)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) { core.placeChildren(in: bounds, node: node, pass: pass) }
}

/// The lazy grids' shared layout. `axis` is the scroll axis (lines follow each other along it);
/// tracks lie across it.
struct LazyGridCore {
    let axis: Axis
    let tracks: [GridItem]
    /// Where the tracks sit across the axis when they do not fill it (0 leading/top … 1).
    let alignment: CGFloat
    let spacing: CGFloat?
    var gap: CGFloat { spacing.map { $0.isFinite ? max(0, $0) : 0 } ?? StackLayout.defaultSpacing }
    var cross: Axis { axis == .horizontal ? .vertical : .horizontal }
    static let maxTracks = 1000

    // MARK: Tracks

    /// The tracks for a cross length (nil: each at its minimum) and their total length.
    func resolve(_ length: CGFloat?) -> (tracks: [GridTrack], total: CGFloat) {
        func clean(_ v: CGFloat) -> CGFloat { v.isFinite && v > 0 ? v : 0 }
        let items = tracks.isEmpty ? [GridItem()] : tracks
        func space(_ i: Int) -> CGFloat { i == items.count - 1 ? 0 : (items[i].spacing.map(clean) ?? StackLayout.defaultSpacing) }
        var remaining = length.map { $0.isFinite ? max(0, $0) : 0 } ?? 0
        var flexibleLeft = 0
        for (i, item) in items.enumerated() {
            remaining -= space(i)
            if case .fixed(let v) = item.size { remaining -= clean(v) } else { flexibleLeft += 1 }
        }
        var out: [GridTrack] = []
        var cursor: CGFloat = 0
        for (i, item) in items.enumerated() {
            let align = item.alignment ?? .center
            switch item.size {
            case .fixed(let v):
                out.append(GridTrack(offset: cursor, length: clean(v), alignment: align))
                cursor += clean(v)
            case .flexible(let lo, let hi):
                let minimum = clean(lo), maximum = max(minimum, hi.isNaN ? .infinity : hi)
                let share = length == nil ? minimum : min(max(remaining / CGFloat(max(1, flexibleLeft)), minimum), maximum)
                out.append(GridTrack(offset: cursor, length: share, alignment: align))
                cursor += share
                remaining -= share
                flexibleLeft -= 1
            case .adaptive(let lo, let hi):
                let minimum = max(1, clean(lo)), maximum = max(minimum, hi.isNaN ? .infinity : hi)
                let s = items[i].spacing.map(clean) ?? StackLayout.defaultSpacing
                let share = length == nil ? minimum : max(remaining / CGFloat(max(1, flexibleLeft)), minimum)
                let fit = ((share + s) / (minimum + s)).rounded(.down)
                let n = max(1, min(Int(fit.isFinite ? fit : 1), LazyGridCore.maxTracks - out.count))
                let each = min(max(minimum, (share - s * CGFloat(n - 1)) / CGFloat(n)), maximum)
                for k in 0..<n {
                    out.append(GridTrack(offset: cursor, length: each, alignment: align))
                    cursor += each + (k < n - 1 ? s : 0)
                }
                remaining -= share
                flexibleLeft -= 1
            }
            if out.count >= LazyGridCore.maxTracks { break }
            cursor += space(i)
        }
        return (out, max(0, cursor))
    }

    /// Tracks placed in a cross length (offsets shifted by `alignment` when they do not fill it).
    private func tracks(in length: CGFloat) -> [GridTrack] {
        var (t, total) = resolve(length)
        let shift = max(0, length - total) * alignment
        if shift > 0 { for k in t.indices { t[k].offset += shift } }
        return t
    }

    private func warnIfNoTracks() {
        if tracks.isEmpty { Diagnostics.warn("a lazy grid with no GridItems lays its cells out in one flexible track") }
    }

    // MARK: Children

    func makeChildren<Content: View>(_ content: Content, _ list: inout ChildList) {
        warnIfNoTracks()
        guard let node = ViewGraph.currentReader, let source = content as? any LazyChildSource, !source.elementsAreSections else {
            (ViewGraph.currentReader?.modifierState as? LazyStackBox)?.source = nil
            list.append(content, key: 0)
            return
        }
        let box = LazyStackBox.of(node)
        box.source = source
        let perRow = max(1, box.itemsPerRow)
        let items = source.lazyCount
        box.resize((items + perRow - 1) / perRow)
        let rows = box.range.clamped(to: 0..<box.count)
        box.range = rows
        source.appendLazyChildren(min(items, rows.lowerBound * perRow)..<min(items, rows.upperBound * perRow), to: &list)
    }

    /// Lines the box counts when each holds `perRow` items; a change forgets the measured lines.
    private func setPerRow(_ perRow: Int, _ box: LazyStackBox) -> Bool {
        guard perRow != box.itemsPerRow, let source = box.source else { return false }
        box.itemsPerRow = perRow
        box.resize(0)
        box.resize((source.lazyCount + perRow - 1) / perRow)
        return true
    }

    private func proposal(crossLength: CGFloat) -> ProposedViewSize {
        var p = ProposedViewSize(width: nil, height: nil)
        p[cross] = crossLength
        return p
    }

    // MARK: Lazy layout

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        guard let box = node.modifierState as? LazyStackBox, box.source != nil else {
            return wholeSize(proposal, node: node, pass: pass)
        }
        let crossLength = proposal[cross].flatMap { $0.isFinite ? $0 : nil }
        let (t, total) = resolve(crossLength)
        _ = setPerRow(t.count, box)
        let items = node.layoutItems
        if items.count == builtCount(box) {
            measure(items, tracks: t, box: box, pass: pass)
        }
        var result = CGSize.zero
        result[axis] = box.total(gap: gap)
        result[cross] = crossLength ?? total
        return result
    }

    private func builtCount(_ box: LazyStackBox) -> Int {
        guard let source = box.source else { return 0 }
        let n = source.lazyCount, perRow = box.itemsPerRow
        return max(0, min(n, box.range.upperBound * perRow) - min(n, box.range.lowerBound * perRow))
    }

    /// Records each built line's length: its tallest cell at its track's cross length.
    private func measure(_ items: [Node], tracks t: [GridTrack], box: LazyStackBox, pass: LayoutPass) {
        let perRow = box.itemsPerRow
        var line: CGFloat = 0
        for (k, item) in items.enumerated() {
            let track = t[k % perRow < t.count ? k % perRow : 0]
            line = max(line, pass.size(item, proposal(crossLength: track.length))[axis])
            if k % perRow == perRow - 1 || k == items.count - 1 {
                box.record(index: box.range.lowerBound + k / perRow, length: line)
                line = 0
            }
        }
    }

    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        guard let box = node.modifierState as? LazyStackBox, box.source != nil else {
            wholePlace(in: bounds, node: node, pass: pass)
            return
        }
        box.core = LazyStackCore(axis: axis, alignment: alignment, spacing: spacing)
        box.node = node
        let t = tracks(in: bounds.size[cross])
        let regrouped = setPerRow(t.count, box)
        let scroll = box.enclosingScroll(of: node)
        let wanted = scroll.map { box.range(for: $0.visibleRect, in: bounds, gap: gap) } ?? 0..<box.count
        if wanted != box.range || regrouped {
            box.range = wanted
            node.graph.evaluate(node)
            pass.didChangeTree = true
        }
        let items = node.layoutItems
        let before = box.total(gap: gap)
        if items.count == builtCount(box) { measure(items, tracks: t, box: box, pass: pass) }
        let perRow = box.itemsPerRow
        let mainStart = axis == .vertical ? bounds.minY : bounds.minX
        var lineStart = mainStart + box.start(of: box.range.lowerBound, gap: gap)
        for (k, item) in items.enumerated() {
            let line = box.range.lowerBound + k / perRow
            let track = t[k % perRow < t.count ? k % perRow : 0]
            place(item, track: track, lineStart: lineStart, lineLength: box.length(line), bounds: bounds, pass: pass)
            if k % perRow == perRow - 1 { lineStart += box.length(line) + gap }
        }
        // Measured lines changed the estimate: lay out again so the scroll view's length follows.
        if abs(box.total(gap: gap) - before) > 0.5 {
            node.graph.invalidate(node)
            node.invalidateLayout()
            pass.didChangeTree = true
        }
    }

    /// Puts a cell in its track on a line, aligned by the track's alignment.
    private func place(_ item: Node, track: GridTrack, lineStart: CGFloat, lineLength: CGFloat, bounds: CGRect, pass: LayoutPass) {
        var area = CGRect.zero
        if axis == .vertical {
            area = CGRect(x: bounds.minX + track.offset, y: lineStart, width: track.length, height: lineLength)
        } else {
            area = CGRect(x: lineStart, y: bounds.minY + track.offset, width: lineLength, height: track.length)
        }
        let s = pass.size(item, proposal(crossLength: track.length))
        pass.place(item, in: CGRect(origin: track.alignment.origin(of: s, in: area), size: s))
    }

    // MARK: Whole layout (content that is not a ForEach)

    private enum Entry { case cell(Node), line(Node), sectionBreak }

    /// The grid's items in order, Sections' headers and footers as whole lines.
    private func entries(of node: Node) -> [Entry] {
        var out: [Entry] = []
        func walk(_ n: Node) {
            for child in n.children where !child.isLeaving {
                if child.view is any ListSection {
                    out.append(.sectionBreak)
                    for (k, part) in child.children.enumerated() {
                        if k == 1 { walk(part) } else {
                            var items: [Node] = []
                            part.appendLayoutItems(to: &items)
                            for i in items { out.append(.line(i)) }
                        }
                    }
                    out.append(.sectionBreak)
                } else if child.layout != nil {
                    out.append(.cell(child))
                } else {
                    walk(child)
                }
            }
        }
        walk(node)
        return out
    }

    /// Lines of the whole layout: a whole-line view, or up to `perRow` cells.
    private func lines(_ entries: [Entry], perRow: Int) -> [(nodes: [Node], whole: Bool)] {
        var out: [(nodes: [Node], whole: Bool)] = []
        var current: [Node] = []
        func flush() { if !current.isEmpty { out.append((current, false)); current = [] } }
        for e in entries {
            switch e {
            case .cell(let n):
                current.append(n)
                if current.count == perRow { flush() }
            case .line(let n): flush(); out.append(([n], true))
            case .sectionBreak: flush()
            }
        }
        flush()
        return out
    }

    private func lineLength(_ line: (nodes: [Node], whole: Bool), _ t: [GridTrack], crossLength: CGFloat, pass: LayoutPass) -> CGFloat {
        var length: CGFloat = 0
        for (k, n) in line.nodes.enumerated() {
            let c = line.whole ? crossLength : t[min(k, t.count - 1)].length
            length = max(length, pass.size(n, proposal(crossLength: c))[axis])
        }
        return length
    }

    private func wholeSize(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let crossLength = proposal[cross].flatMap { $0.isFinite ? $0 : nil }
        let (t, total) = resolve(crossLength)
        let ls = lines(entries(of: node), perRow: max(1, t.count))
        var result = CGSize.zero
        for l in ls { result[axis] += lineLength(l, t, crossLength: crossLength ?? total, pass: pass) }
        result[axis] += gap * CGFloat(max(0, ls.count - 1))
        result[cross] = crossLength ?? total
        return result
    }

    private func wholePlace(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let crossLength = bounds.size[cross]
        let t = tracks(in: crossLength)
        var start = axis == .vertical ? bounds.minY : bounds.minX
        let whole = GridTrack(offset: 0, length: crossLength, alignment: .center)
        for l in lines(entries(of: node), perRow: max(1, t.count)) {
            let length = lineLength(l, t, crossLength: crossLength, pass: pass)
            for (k, n) in l.nodes.enumerated() {
                let track = l.whole ? whole : t[min(k, t.count - 1)]
                place(n, track: track, lineStart: start, lineLength: length, bounds: bounds, pass: pass)
            }
            start += length + gap
        }
    }
}
