// GridEngine: Grid's two-dimensional layout (SwiftUI's `Grid`, iOS 16), shared by `Grid` and
// `GridLayout`.
//
// - Rows are the grid's items: a `GridRow`'s laid-out children are its cells, one column each
//   (or `gridCellColumns(n)`); any other view is one cell spanning every column.
// - Columns: the grid's width is shared among the columns as an HStack shares its width among
//   its children — the least flexible column first (a column's flexibility is how much its
//   one-column cells can grow between 0 and an infinite offer), each offered an equal share
//   of what is left and taking the widest answer of its cells. Cells spanning several columns
//   are then offered their columns' width plus what the grid may still take; when they answer
//   wider, the extra is split equally over their columns (so a `Color` spanning every column
//   widens the grid to what it is offered, unless `.gridCellUnsizedAxes(.horizontal)`).
// - Rows share the height the same way, each row as tall as its tallest cell at the cell's width.
// - Cells whose `gridCellUnsizedAxes` contains an axis do not size that axis; they are offered
//   the cell's whole size there.
// - A cell is aligned in its area by its `gridCellAnchor`, else by its column's
//   `gridColumnAlignment` (one-column cells) or the grid's horizontal alignment, and by its
//   row's alignment or the grid's vertical alignment (text baselines align across the row).
// Bad input: `gridCellColumns` below 1 is 1, and the grid has at most 4096 columns (a span is
// cut to what fits). 10 000 cells lay out in a few measurements each: every cell is asked at
// most five proposals per pass (its column's 0/∞/share, its row's) and the answers are cached.

/// The grid's structure, rebuilt when its subtree changed (kept on the grid's node).
final class GridBox: LayoutStateBox {
    struct Cell {
        let node: Node
        let row: Int
        var column: Int
        var span: Int
        var unsized: Axis.Set
        var anchor: UnitPoint?
    }
    struct Row {
        var cells: Range<Int>
        /// The grid item this row is (a GridRow, or a view spanning every column).
        var item: Int
        var isGridRow: Bool
        var alignment: VerticalAlignment?
    }
    var cells: [Cell] = []
    var rows: [Row] = []
    var columns = 0
    var columnAlignment: [HorizontalAlignment?] = []
    /// One-column, horizontally sized cells by column (indices into `cells`), CSR-style.
    var singles: [Int] = []
    var singlesStart: [Int] = []
    var builtPass = -1
    var builtItems = -1

    static let maxColumns = 4096
}

/// Implemented by GridRow so the grid can find its rows.
protocol GridRowMarker {
    var rowAlignment: VerticalAlignment? { get }
}

/// Set on a GridRow's node by the grid that placed it in the current pass: the row then leaves
/// its cells to the grid.
final class GridRowMark {
    var gridPass = -1
}

struct GridEngine {
    var alignment: Alignment
    var horizontalSpacing: CGFloat?
    var verticalSpacing: CGFloat?

    private static func gap(_ v: CGFloat?) -> CGFloat {
        guard let v else { return StackLayout.defaultSpacing }
        return v.isFinite ? max(0, v) : 0
    }
    var hGap: CGFloat { GridEngine.gap(horizontalSpacing) }
    var vGap: CGFloat { GridEngine.gap(verticalSpacing) }

    // MARK: Structure

    /// The structure for `items`, from the node's box when it is current.
    func structure(items: [Node], node: Node?, pass: LayoutPass) -> GridBox {
        var box: GridBox
        if let node {
            if let b = node.modifierState as? GridBox {
                box = b
                if b.builtPass >= 0 && b.builtItems == items.count && (!node.needsLayout || b.builtPass == pass.number) { return b }
            } else {
                box = GridBox()
                box.lastLayoutType = (node.modifierState as? LayoutStateBox)?.lastLayoutType
                node.modifierState = box
            }
        } else {
            box = GridBox()
        }
        build(box, items: items)
        box.builtPass = pass.number
        box.builtItems = items.count
        return box
    }

    private func build(_ box: GridBox, items: [Node]) {
        box.cells.removeAll(keepingCapacity: true)
        box.rows.removeAll(keepingCapacity: true)
        var columns = 0
        var pending: [(Int, HorizontalAlignment)] = []
        for (i, item) in items.enumerated() {
            if let row = item.layout as? any GridRowMarker {
                let start = box.cells.count
                var column = 0
                for cell in item.layoutItems {
                    guard column < GridBox.maxColumns else { break }
                    var span = LayoutTraits.value(GridCellColumnsKey.self, of: cell) ?? 1
                    span = min(max(1, span), GridBox.maxColumns - column)
                    if let a = LayoutTraits.value(GridColumnAlignmentKey.self, of: cell) ?? nil { pending.append((column, a)) }
                    box.cells.append(GridBox.Cell(node: cell, row: box.rows.count, column: column, span: span,
                                                  unsized: LayoutTraits.value(GridCellUnsizedAxesKey.self, of: cell) ?? [],
                                                  anchor: LayoutTraits.value(GridCellAnchorKey.self, of: cell) ?? nil))
                    column += span
                }
                columns = max(columns, column)
                box.rows.append(GridBox.Row(cells: start..<box.cells.count, item: i, isGridRow: true, alignment: row.rowAlignment))
            } else {
                // Spans every column: its span is set once the column count is known.
                // A Divider takes the grid's width without widening it, as in SwiftUI.
                var unsized = LayoutTraits.value(GridCellUnsizedAxesKey.self, of: item) ?? []
                if item.view is Divider { unsized.insert(.horizontal) }
                box.cells.append(GridBox.Cell(node: item, row: box.rows.count, column: 0, span: 0, unsized: unsized,
                                              anchor: LayoutTraits.value(GridCellAnchorKey.self, of: item) ?? nil))
                box.rows.append(GridBox.Row(cells: (box.cells.count - 1)..<box.cells.count, item: i, isGridRow: false, alignment: nil))
            }
        }
        if columns == 0 && !box.rows.isEmpty { columns = 1 }
        box.columns = columns
        for k in box.cells.indices where box.cells[k].span == 0 { box.cells[k].span = columns }
        box.columnAlignment = Array(repeating: nil, count: columns)
        for (c, a) in pending where c < columns { box.columnAlignment[c] = a }
        // One-column sized cells grouped by column.
        var counts = Array(repeating: 0, count: columns + 1)
        for cell in box.cells where cell.span == 1 && !cell.unsized.contains(.horizontal) { counts[cell.column + 1] += 1 }
        for c in 0..<columns { counts[c + 1] += counts[c] }
        box.singlesStart = counts
        box.singles = Array(repeating: 0, count: counts[columns])
        var fill = counts
        for (k, cell) in box.cells.enumerated() where cell.span == 1 && !cell.unsized.contains(.horizontal) {
            box.singles[fill[cell.column]] = k
            fill[cell.column] += 1
        }
    }

    // MARK: Sizing

    private func columnAnswer(_ box: GridBox, _ c: Int, _ width: CGFloat?, _ pass: LayoutPass) -> CGFloat {
        var w: CGFloat = 0
        for k in box.singlesStart[c]..<box.singlesStart[c + 1] {
            w = max(w, pass.size(box.cells[box.singles[k]].node, ProposedViewSize(width: width, height: nil)).width)
        }
        return w
    }

    func columnWidths(_ box: GridBox, proposal: CGFloat?, pass: LayoutPass) -> [CGFloat] {
        let n = box.columns
        var widths = Array(repeating: CGFloat(0), count: n)
        guard n > 0 else { return widths }
        let available = proposal.map { $0 - hGap * CGFloat(n - 1) }
        if let available, available.isFinite {
            // An HStack's share: least flexible columns first, each an equal part of what is left.
            var order: [(flex: CGFloat, column: Int)] = []
            order.reserveCapacity(n)
            for c in 0..<n {
                let lo = columnAnswer(box, c, 0, pass), hi = columnAnswer(box, c, .infinity, pass)
                order.append((hi.isFinite ? hi - lo : .infinity, c))
            }
            order.sort { $0.flex != $1.flex ? $0.flex < $1.flex : $0.column < $1.column }
            var remaining = available
            for (k, entry) in order.enumerated() {
                let share = max(0, remaining / CGFloat(n - k))
                let w = columnAnswer(box, entry.column, share, pass)
                widths[entry.column] = w
                remaining -= w
            }
        } else {
            for c in 0..<n { widths[c] = columnAnswer(box, c, available == nil ? nil : .infinity, pass) }
        }
        // Spanning cells widen their columns when they insist on more.
        var total = widths.reduce(0, +)
        for cell in box.cells where cell.span > 1 && !cell.unsized.contains(.horizontal) {
            let range = cell.column..<(cell.column + cell.span)
            var current = hGap * CGFloat(cell.span - 1)
            for c in range { current += widths[c] }
            guard current.isFinite else { continue }
            var offer: CGFloat? = nil
            if let available { offer = available.isFinite ? current + max(0, available - total) : .infinity }
            let answer = pass.size(cell.node, ProposedViewSize(width: offer, height: nil)).width
            guard answer > current else { continue }
            let extra = answer.isFinite ? (answer - current) / CGFloat(cell.span) : .infinity
            for c in range { widths[c] += extra }
            total += answer.isFinite ? answer - current : .infinity
        }
        return widths
    }

    private func cellWidth(_ cell: GridBox.Cell, _ widths: [CGFloat]) -> CGFloat {
        var w = hGap * CGFloat(cell.span - 1)
        for c in cell.column..<(cell.column + cell.span) { w += widths[c] }
        return w
    }

    private func rowAnswer(_ box: GridBox, _ r: Int, _ height: CGFloat?, _ widths: [CGFloat], _ pass: LayoutPass) -> CGFloat {
        var h: CGFloat = 0
        for k in box.rows[r].cells {
            let cell = box.cells[k]
            if cell.unsized.contains(.vertical) { continue }
            h = max(h, pass.size(cell.node, ProposedViewSize(width: cellWidth(cell, widths), height: height)).height)
        }
        return h
    }

    func rowHeights(_ box: GridBox, proposal: CGFloat?, widths: [CGFloat], pass: LayoutPass) -> [CGFloat] {
        let n = box.rows.count
        var heights = Array(repeating: CGFloat(0), count: n)
        guard n > 0 else { return heights }
        let available = proposal.map { $0 - vGap * CGFloat(n - 1) }
        if let available, available.isFinite {
            var order: [(flex: CGFloat, row: Int)] = []
            order.reserveCapacity(n)
            for r in 0..<n {
                let lo = rowAnswer(box, r, 0, widths, pass), hi = rowAnswer(box, r, .infinity, widths, pass)
                order.append((hi.isFinite ? hi - lo : .infinity, r))
            }
            order.sort { $0.flex != $1.flex ? $0.flex < $1.flex : $0.row < $1.row }
            var remaining = available
            for (k, entry) in order.enumerated() {
                let share = max(0, remaining / CGFloat(n - k))
                let h = rowAnswer(box, entry.row, share, widths, pass)
                heights[entry.row] = h
                remaining -= h
            }
        } else {
            for r in 0..<n { heights[r] = rowAnswer(box, r, available == nil ? nil : .infinity, widths, pass) }
        }
        return heights
    }

    private func total(_ lengths: [CGFloat], gap: CGFloat) -> CGFloat {
        lengths.isEmpty ? 0 : lengths.reduce(0, +) + gap * CGFloat(lengths.count - 1)
    }

    func size(items: [Node], proposal: ProposedViewSize, node: Node?, pass: LayoutPass) -> CGSize {
        let saved = pass.stackAxis
        pass.stackAxis = nil
        defer { pass.stackAxis = saved }
        let box = structure(items: items, node: node, pass: pass)
        guard !box.rows.isEmpty else { return .zero }
        let widths = columnWidths(box, proposal: proposal.width, pass: pass)
        let heights = rowHeights(box, proposal: proposal.height, widths: widths, pass: pass)
        return CGSize(width: total(widths, gap: hGap), height: total(heights, gap: vGap))
    }

    // MARK: Placing

    /// Places the rows through `put` (they are the grid's items) and the GridRows' cells directly.
    func place(items: [Node], in bounds: CGRect, node: Node?, pass: LayoutPass, put: (Int, CGRect) -> Void) {
        let saved = pass.stackAxis
        pass.stackAxis = nil
        defer { pass.stackAxis = saved }
        let box = structure(items: items, node: node, pass: pass)
        guard !box.rows.isEmpty else { return }
        let widths = columnWidths(box, proposal: bounds.width, pass: pass)
        let heights = rowHeights(box, proposal: bounds.height, widths: widths, pass: pass)
        var xs = Array(repeating: bounds.minX, count: box.columns)
        for c in 1..<max(1, box.columns) { xs[c] = xs[c - 1] + widths[c - 1] + hGap }
        let gridWidth = total(widths, gap: hGap)
        var y = bounds.minY
        for (r, row) in box.rows.enumerated() {
            let h = heights[r]
            let vertical = row.alignment ?? alignment.vertical
            var baseline: CGFloat = 0
            if let b = vertical.baseline {
                for k in row.cells {
                    let cell = box.cells[k]
                    let s = pass.size(cell.node, ProposedViewSize(width: cellWidth(cell, widths), height: h))
                    baseline = max(baseline, pass.baseline(of: cell.node, size: s, last: b == .last) ?? s.height)
                }
            }
            if row.isGridRow {
                let rowNode = items[row.item]
                let mark: GridRowMark
                if let m = rowNode.modifierState as? GridRowMark { mark = m } else { mark = GridRowMark(); rowNode.modifierState = mark }
                mark.gridPass = pass.number
                put(row.item, CGRect(x: bounds.minX, y: y, width: gridWidth, height: h))
            }
            for k in row.cells {
                let cell = box.cells[k]
                let area = CGRect(x: xs[cell.column], y: y, width: cellWidth(cell, widths), height: h)
                let s = pass.size(cell.node, ProposedViewSize(area.size))
                var origin: CGPoint
                if let anchor = cell.anchor, anchor.x.isFinite, anchor.y.isFinite {
                    origin = CGPoint(x: area.minX + (area.width - s.width) * anchor.x, y: area.minY + (area.height - s.height) * anchor.y)
                } else {
                    let horizontal = (cell.span == 1 ? box.columnAlignment[cell.column] : nil) ?? alignment.horizontal
                    origin = CGPoint(x: area.minX + (area.width - s.width) * horizontal.fraction,
                                     y: area.minY + (area.height - s.height) * vertical.fraction)
                    if let b = vertical.baseline {
                        origin.y = area.minY + baseline - (pass.baseline(of: cell.node, size: s, last: b == .last) ?? s.height)
                    }
                }
                let rect = CGRect(origin: origin, size: s)
                if row.isGridRow { pass.place(cell.node, in: rect) } else { put(row.item, rect) }
            }
            y += h + vGap
        }
    }
}
