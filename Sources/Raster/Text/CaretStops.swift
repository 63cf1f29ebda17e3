// Caret stops: where a text caret stands before each scalar of a laid-out text, in visual order
// (text fields place their caret, selections and taps with them). Read from the placed glyphs'
// clusters, so bidirectional text and ligatures get the caret HarfBuzz's shaping implies.

/// Where a caret stands in a laid-out text.
public struct CaretStop: Hashable, Sendable {
    /// Horizontal position from the left of the layout box.
    public var x: Double
    /// The line it is on (an index into `TextLayout.lines`; 0 for empty text).
    public var line: Int
    public init(x: Double, line: Int) { self.x = x; self.line = line }
}

extension TextLayout {
    /// The caret's stop before each scalar offset `0...scalarCount` of the laid-out text.
    ///
    /// Before a left-to-right scalar the caret stands at its glyph's left edge, before a
    /// right-to-left one at its right edge; offsets inside one cluster (a ligature, a letter and
    /// its marks) divide the cluster's width evenly; trailing spaces, which lines do not draw,
    /// stand past the line's end; the last stop is after the last scalar. Empty text has one
    /// stop at 0. `scalarCount` is the count of the string given to `layout` (offsets past the
    /// laid-out text, cut by a line limit, stand at the end of the last line).
    public func caretStops(scalarCount n: Int) -> [CaretStop] {
        let count = max(0, n)
        guard !lines.isEmpty else { return [CaretStop](repeating: CaretStop(x: 0, line: 0), count: count + 1) }
        // Each cluster's box and direction, by its first scalar.
        struct Cluster { var left: Double; var right: Double; var rtl: Bool; var line: Int }
        var clusters: [Int: Cluster] = [:]
        for run in runs {
            let g = run.glyphs.count
            guard g > 0 else { continue }
            let rtl = g > 1 ? run.clusters[0] > run.clusters[g - 1] : (lines[lineIndex(baseline: run.ys[0])].isRightToLeft)
            for i in 0..<g {
                let li = lineIndex(baseline: run.ys[i])
                let line = lines[li]
                let x = run.xs[i]
                // The glyph's right edge: the next glyph's origin in visual order within the run,
                // or the run's end (the line's end or the next run's start).
                var right: Double
                if i + 1 < g { right = run.xs[i + 1] } else { right = nextRunStart(after: x, line: li) ?? (line.x + line.width) }
                if right < x { right = x }
                let c = Int(run.clusters[i])
                if var box = clusters[c] {
                    box.left = min(box.left, x); box.right = max(box.right, right)
                    clusters[c] = box
                } else {
                    clusters[c] = Cluster(left: x, right: right, rtl: rtl, line: li)
                }
            }
        }
        let starts = clusters.keys.sorted()
        var stops = [CaretStop?](repeating: nil, count: count + 1)
        for (k, c) in starts.enumerated() where c < count {
            let box = clusters[c]!
            var end = k + 1 < starts.count ? starts[k + 1] : count
            // A cluster ends with its line's range (trailing spaces are not its scalars).
            if let r = lines.indices.first(where: { lines[$0].range.contains(c) }).map({ lines[$0].range }) { end = min(end, max(c + 1, r.upperBound)) }
            end = min(end, count)
            let span = max(1, end - c)
            for s in c..<end {
                let f = Double(s - c) / Double(span)
                let x = box.rtl ? box.right - (box.right - box.left) * f : box.left + (box.right - box.left) * f
                stops[s] = CaretStop(x: x, line: box.line)
            }
            // The position after the cluster, if nothing else claims it.
            if end <= count, stops[end] == nil, end == count || clusters[end] == nil {
                stops[end] = CaretStop(x: box.rtl ? box.left : box.right, line: box.line)
            }
        }
        // Offsets no glyph stands for: trailing spaces past a line's end, line breaks, empty
        // paragraphs. Each line owns the offsets from its start to the next line's start.
        for (li, line) in lines.enumerated() {
            let from = li == 0 ? 0 : line.range.lowerBound
            let to = li + 1 < lines.count ? lines[li + 1].range.lowerBound : count + 1
            let endX = line.isRightToLeft ? line.x : line.x + line.width
            let trailing = max(0, (li + 1 < lines.count ? lines[li + 1].range.lowerBound : count) - line.range.upperBound)
            let perSpace = trailing > 0 ? line.trailingSpaceWidth / Double(trailing) : 0
            if from < to {
                for s in from..<min(to, count + 1) where stops[s] == nil {
                    if s < line.range.lowerBound || line.range.isEmpty {
                        stops[s] = CaretStop(x: line.isRightToLeft ? line.x + line.width : line.x, line: li)
                    } else {
                        let beyond = Double(max(0, s - line.range.upperBound))
                        stops[s] = CaretStop(x: line.isRightToLeft ? endX - perSpace * beyond : endX + perSpace * beyond, line: li)
                    }
                }
            }
        }
        // Offsets past what was laid out (a line limit cut the text) stand at the end.
        let last = lines.count - 1
        let fallback = CaretStop(x: lines[last].isRightToLeft ? lines[last].x : lines[last].x + lines[last].width, line: last)
        return stops.map { $0 ?? fallback }
    }

    /// The line whose baseline is nearest `y` (a glyph's y is its line's baseline less its
    /// vertical offset, which is a few pixels at most).
    private func lineIndex(baseline y: Double) -> Int {
        var best = 0
        var distance = Double.infinity
        for (i, l) in lines.enumerated() {
            let d = abs(l.baseline - y)
            if d < distance { distance = d; best = i }
        }
        return best
    }

    /// The smallest glyph origin of another run on line `line` to the right of `x`.
    private func nextRunStart(after x: Double, line: Int) -> Double? {
        var best: Double? = nil
        for run in runs {
            guard let first = run.xs.min(), first > x + 1e-9, !run.ys.isEmpty, lineIndex(baseline: run.ys[0]) == line else { continue }
            if best.map({ first < $0 }) ?? true { best = first }
        }
        return best
    }
}
