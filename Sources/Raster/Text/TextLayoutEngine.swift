// TextLayoutEngine: FontLibrary.layout — paragraphs → bidi levels → runs (face, script, level)
// → HarfBuzz → per-cluster advances → greedy wrapping → per-line visual reordering → alignment.
// Each paragraph is shaped once; lines slice the shaped runs by cluster (binary search), so the
// whole pipeline is linear in the text length (100 000 characters: see TextLayoutTests).
import CHarfBuzz

/// A paragraph after shaping: runs in logical order plus per-codepoint cluster advances.
struct ShapedParagraph {
    var runs: [ShapedRun]
    var advances: [Double]
    var clusterStart: [Bool]
    var rtl: Bool
}

/// One line, placed at x = 0 before alignment.
private struct PendingLine {
    var runs: [PlacedRun]
    var width: Double
    var rtl: Bool
    var range: Range<Int>
    var baseline: Double
    var trailing: Double
}

extension FontLibrary {
    /// Combining marks drawn on one base character; more are laid out as U+034F (invisible).
    public static let maxCombiningMarks = 30

    /// Lays out `text` in `font`, wrapping at `maxWidth`.
    ///
    ///     let l = fonts.layout("Prices include VAT", font: body, maxWidth: 120, alignment: .center)
    ///
    /// - Parameters:
    ///   - maxWidth: wrap width in pixels; nil, NaN or +∞ = one line per paragraph. A width ≤ 0
    ///     wraps after every cluster (one character per line), never loops.
    ///   - alignment: where each line sits in the box (the box is as wide as the widest line);
    ///     leading/trailing swap for right-to-left paragraphs.
    ///   - lineLimit: at most this many lines (nil = no limit, values < 1 count as 1).
    ///   - lineSpacing: extra pixels between lines; NaN counts as 0, and it never pulls a line
    ///     above the previous one (clamped to ≥ −lineHeight).
    ///   - truncation: when lines are dropped by `lineLimit`, end the last kept line with "…"
    ///     (text is cut so that line plus ellipsis fits `maxWidth`).
    /// Newlines (LF, CR, CRLF, U+2028, U+2029) start a new paragraph, each with its own direction;
    /// other control characters draw as spaces.
    public func layout(_ text: String, font: Font, maxWidth: Double? = nil, alignment: TextAlignment = .leading,
                       lineLimit: Int? = nil, lineSpacing: Double = 0, truncation: Bool = true) -> TextLayout {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(text.utf8.count)
        for s in text.unicodeScalars { scalars.append(s.value) }
        return layout(scalars: scalars, font: font, maxWidth: maxWidth, alignment: alignment,
                      lineLimit: lineLimit, lineSpacing: lineSpacing, truncation: truncation)
    }

    /// Lays out UTF-8 bytes; invalid sequences become U+FFFD (drawn as the replacement glyph).
    public func layout(utf8 bytes: [UInt8], font: Font, maxWidth: Double? = nil, alignment: TextAlignment = .leading,
                       lineLimit: Int? = nil, lineSpacing: Double = 0, truncation: Bool = true) -> TextLayout {
        layout(String(decoding: bytes, as: UTF8.self), font: font, maxWidth: maxWidth, alignment: alignment,
               lineLimit: lineLimit, lineSpacing: lineSpacing, truncation: truncation)
    }

    /// Advance width in pixels of `text` on one line (no wrapping), trailing spaces included:
    /// the sum of its shaped advances. For several paragraphs, the widest.
    public func measure(_ text: String, font: Font) -> Double {
        layout(text, font: font).lines.reduce(0) { max($0, $1.width + $1.trailingSpaceWidth) }
    }

    func layout(scalars input: [UInt32], font: Font, maxWidth: Double?, alignment: TextAlignment,
                lineLimit: Int?, lineSpacing: Double, truncation: Bool, spans: [TextSpan]? = nil) -> TextLayout {
        var wrapWidth: Double? = nil
        if let w = maxWidth, !w.isNaN, w != .infinity { wrapWidth = max(0, w) }
        let limit = lineLimit.map { max(1, $0) } ?? Int.max
        // Styled text: every line is as tall as the tallest span's font (kiosk's simplification;
        // SwiftUI sizes each line by the spans on it).
        let metrics = LineMetrics(font: font, spans: spans)
        let spacing = lineSpacing.isFinite ? max(lineSpacing, -metrics.lineHeight) : 0
        guard !input.isEmpty else {
            return TextLayout(size: .zero, lineCount: 0, firstBaseline: 0, lastBaseline: 0, isTruncated: false,
                              lines: [], font: font, runs: [])
        }
        var text = input
        var nonStarters = 0
        for i in text.indices {
            let c = text[i]
            // Tabs and other C0/DEL controls draw as spaces; LF, VT, FF, CR separate paragraphs.
            if (c < 0x20 && !(0x0A...0x0D).contains(c)) || c == 0x7F { text[i] = 0x20 }
            // Combining marks past 30 in a row (Unicode's stream-safe limit, UAX #15) become
            // U+034F COMBINING GRAPHEME JOINER, which draws nothing: they would pile up on one
            // spot, and HarfBuzz positions a run of n marks in O(n²) (10⁴ marks on one letter took
            // 4 s under fuzz-text). Indices stay as they were, so line ranges still match `input`.
            if c >= 0x300, let u = Unicode.Scalar(c), u.properties.canonicalCombiningClass != .notReordered {
                nonStarters += 1
                if nonStarters > Self.maxCombiningMarks { text[i] = 0x34F }
            } else {
                nonStarters = 0
            }
        }
        let paragraphs = Self.paragraphs(text)

        return text.withUnsafeBufferPointer { all -> TextLayout in
            var pending: [PendingLine] = []
            var truncated = false
            var ellipsis: ShapedRun? = nil
            paragraphLoop: for (pi, para) in paragraphs.enumerated() {
                let p = UnsafeBufferPointer(rebasing: all[para])
                let shaped = spans.map { shapeStyled(p, offset: para.lowerBound, font: font, spans: $0) } ?? shapeParagraph(p, font: font)
                let ranges = LineBreaker.wrap(p, advances: shaped.advances, clusterStart: shaped.clusterStart,
                                              from: 0, to: p.count, maxWidth: wrapWidth)
                for (li, range) in ranges.enumerated() {
                    let baseline = metrics.ascent + Double(pending.count) * (metrics.lineHeight + spacing)
                    let isLastAllowed = pending.count == limit - 1
                    let more = li < ranges.count - 1 || pi < paragraphs.count - 1
                    if isLastAllowed && more {
                        truncated = true
                        var end = range.upperBound
                        var tail: ShapedRun? = nil
                        if truncation {
                            if ellipsis == nil { ellipsis = shapeEllipsis(font: font) }
                            tail = ellipsis
                            let ellipsisWidth = ellipsis!.advances.reduce(0, +)
                            end = Self.cut(p, shaped, from: range.lowerBound,
                                           available: wrapWidth.map { $0 - ellipsisWidth } ?? .infinity,
                                           limit: wrapWidth == nil ? range.upperBound : p.count)
                        }
                        pending.append(placeLine(p, shaped, range.lowerBound..<end, ellipsis: tail,
                                                 offset: para.lowerBound, baseline: baseline))
                        break paragraphLoop
                    }
                    pending.append(placeLine(p, shaped, range, ellipsis: nil, offset: para.lowerBound, baseline: baseline))
                }
            }
            return Self.align(pending, font: font, lineHeight: metrics.lineHeight, alignment: alignment, spacing: spacing, truncated: truncated)
        }
    }

    /// Paragraph ranges split at LF, CR, CRLF, VT, FF, NEL, U+2028 and U+2029.
    static func paragraphs(_ text: [UInt32]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0, i = 0
        while i < text.count {
            let c = text[i]
            if c == 0x0A || c == 0x0D || c == 0x0B || c == 0x0C || c == 0x85 || c == 0x2028 || c == 0x2029 {
                out.append(start..<i)
                if c == 0x0D && i + 1 < text.count && text[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
        out.append(start..<text.count)
        return out
    }

    /// The shaped paragraph, from the paragraph cache when this text was shaped in this font
    /// before (a UI redraws the same strings every frame).
    private func shapeParagraph(_ p: UnsafeBufferPointer<UInt32>, font: Font) -> ShapedParagraph {
        guard p.count <= ParagraphCache.maxScalars else { return shapeUncached(p, font: font) }
        let key = ParagraphCache.Key(text: Array(p), face: font.face.id, size64: font.size64,
                                     weight: font.weight, italic: font.italic)
        if let hit = paragraphCache.lookup(key) { return hit }
        let shaped = shapeUncached(p, font: font)
        paragraphCache.insert(key, shaped)
        return shaped
    }

    /// A paragraph shaped span by span: each span's font, tracking and digit style (not cached:
    /// the text engine caches whole layouts). `offset` is the paragraph's start in the text.
    private func shapeStyled(_ p: UnsafeBufferPointer<UInt32>, offset: Int, font: Font, spans: [TextSpan]) -> ShapedParagraph {
        let n = p.count
        var styles = [Int32](repeating: -1, count: n)
        for (k, span) in spans.enumerated() {
            let lo = max(0, span.range.lowerBound - offset), hi = min(n, span.range.upperBound - offset)
            if lo < hi { for i in lo..<hi { styles[i] = Int32(k) } }
        }
        let (levels, rtl) = Bidi.levels(p)
        var fallbackList: FontFallback? = nil
        let items = ScriptItemizer.itemize(p, levels: levels, styles: styles, primary: { $0 >= 0 ? spans[Int($0)].font.face : font.face },
                                           emoji: { self.emojiFace() }) { c in
            if fallbackList == nil { fallbackList = self.fallback(for: font) }
            return fallbackList!.face(for: c) { try self.loadFace(path: $0, index: $1) }
        }
        return shapeItems(p, items: items, font: font, spans: spans, rtl: rtl)
    }

    private func shapeUncached(_ p: UnsafeBufferPointer<UInt32>, font: Font) -> ShapedParagraph {
        let (levels, rtl) = Bidi.levels(p)
        // The fallback list (FcFontSort over every installed font) is only built when a character
        // is missing from the font: Latin in DejaVu never pays for it on the first frame.
        var fallbackList: FontFallback? = nil
        let items = ScriptItemizer.itemize(p, levels: levels, primary: font.face, emoji: { self.emojiFace() }) { c in
            if fallbackList == nil { fallbackList = self.fallback(for: font) }
            return fallbackList!.face(for: c) { try self.loadFace(path: $0, index: $1) }
        }
        return shapeItems(p, items: items, font: font, spans: [], rtl: rtl)
    }

    /// Shapes each item (in its span's font, tracking and digit style, or `font` for items with
    /// no span) and sums each cluster's advance.
    private func shapeItems(_ p: UnsafeBufferPointer<UInt32>, items: [TextItem], font: Font, spans: [TextSpan],
                            rtl: Bool) -> ShapedParagraph {
        let n = p.count
        var runs: [ShapedRun] = []
        runs.reserveCapacity(items.count)
        var advances = [Double](repeating: 0, count: n)
        var clusterStart = [Bool](repeating: false, count: n)
        for item in items {
            let span = item.style >= 0 ? spans[Int(item.style)] : nil
            let size64 = span?.font.size64 ?? font.size64
            var run = shaper.shape(p, start: item.start, end: item.end, face: item.face, size64: size64,
                                   level: item.level, script: item.script, tabularDigits: span?.tabularDigits ?? false,
                                   tracking: span?.tracking ?? 0)
            run.style = item.style
            for g in 0..<run.glyphs.count {
                let c = Int(run.clusters[g])
                advances[c] += run.advances[g]
                clusterStart[c] = true
            }
            clusterStart[item.start] = true
            runs.append(run)
        }
        return ShapedParagraph(runs: runs, advances: advances, clusterStart: clusterStart, rtl: rtl)
    }

    /// "…" in the font (or a fallback that has it), else "...".
    private func shapeEllipsis(font: Font) -> ShapedRun {
        let single: [UInt32] = [0x2026]
        let face = font.face.covers(0x2026) ? font.face
            : (fallback(for: font).face(for: 0x2026) { try self.loadFace(path: $0, index: $1) })
        let text: [UInt32] = face == nil ? [0x2E, 0x2E, 0x2E] : single
        return text.withUnsafeBufferPointer {
            shaper.shape($0, start: 0, end: $0.count, face: face ?? font.face, size64: font.size64,
                         level: 0, script: HB_SCRIPT_COMMON)
        }
    }

    /// The end of the longest run of whole clusters from `start` whose advance fits `available`,
    /// without trailing spaces (at most `limit`).
    private static func cut(_ p: UnsafeBufferPointer<UInt32>, _ s: ShapedParagraph, from start: Int,
                            available: Double, limit: Int) -> Int {
        var width = 0.0, end = start, i = start
        while i < limit {
            var j = i + 1
            while j < limit && !s.clusterStart[j] { j += 1 }
            width += s.advances[i]
            if width > available + 1e-9 { break }
            end = j
            i = j
        }
        while end > start && LineBreaker.isSpace(p[end - 1]) { end -= 1 }
        return end
    }

    /// Glyphs of `range` (paragraph offsets) in visual order, x from 0, y = baseline.
    private func placeLine(_ p: UnsafeBufferPointer<UInt32>, _ s: ShapedParagraph, _ range: Range<Int>,
                           ellipsis: ShapedRun?, offset: Int, baseline: Double) -> PendingLine {
        var end = range.upperBound
        var trailing = 0.0
        while end > range.lowerBound && LineBreaker.isSpace(p[end - 1]) { end -= 1; trailing += s.advances[end] }
        var placed: [PlacedRun] = []
        var pen = 0.0
        /// Appends the glyphs of `run` whose clusters lie in `lo..<hi` (all of the ellipsis).
        func place(_ run: ShapedRun, isEllipsis: Bool, lo: Int, hi: Int) {
            let span: Range<Int>
            if isEllipsis {
                span = 0..<run.glyphs.count
            } else if run.rtl {
                span = Self.firstIndex(run.clusters) { $0 < hi } ..< Self.firstIndex(run.clusters) { $0 < lo }
            } else {
                span = Self.firstIndex(run.clusters) { $0 >= lo } ..< Self.firstIndex(run.clusters) { $0 >= hi }
            }
            if span.isEmpty { return }
            var out = PlacedRun(face: run.face, size64: run.size64, glyphs: [], clusters: [], xs: [], ys: [],
                                style: isEllipsis ? (placed.last?.style ?? -1) : run.style, penStart: pen, penEnd: pen, baseline: baseline)
            out.glyphs.reserveCapacity(span.count); out.clusters.reserveCapacity(span.count)
            out.xs.reserveCapacity(span.count); out.ys.reserveCapacity(span.count)
            for g in span {
                out.glyphs.append(run.glyphs[g])
                out.clusters.append(isEllipsis ? Int32(end + offset) : run.clusters[g] + Int32(offset))
                out.xs.append(pen + run.offsetsX[g])
                out.ys.append(baseline - run.offsetsY[g])
                pen += run.advances[g]
            }
            out.penEnd = pen
            placed.append(out)
        }
        // The runs inside the line (runs are in logical order, and tile the paragraph).
        let first = Self.firstRun(s.runs, containing: range.lowerBound)
        var last = first
        while last < s.runs.count && s.runs[last].start < end { last += 1 }
        if ellipsis == nil && last - first <= 1 {
            // One run and nothing to reorder — most lines, and every line of one cluster: no
            // segment, level or order arrays (with the run's arrays, ≈ 8 allocations a line were
            // a quarter of fuzz-text-long's instructions under callgrind, 4 000 a line).
            if first < last {
                let lo = max(range.lowerBound, s.runs[first].start), hi = min(end, s.runs[first].end)
                if hi > lo { placed.reserveCapacity(1); place(s.runs[first], isEllipsis: false, lo: lo, hi: hi) }
            }
        } else {
            // Segments: the parts of runs inside the line, reordered visually by their levels.
            var segments: [(run: Int, lo: Int, hi: Int)] = []
            var levels: [UInt8] = []
            for r in first..<last {
                let lo = max(range.lowerBound, s.runs[r].start), hi = min(end, s.runs[r].end)
                if hi > lo { segments.append((r, lo, hi)); levels.append(s.runs[r].level) }
            }
            if ellipsis != nil { segments.append((-1, 0, 0)); levels.append(s.rtl ? 1 : 0) }
            placed.reserveCapacity(segments.count)
            for k in Bidi.visualOrder(levels) {
                let seg = segments[k]
                if seg.run >= 0 {
                    place(s.runs[seg.run], isEllipsis: false, lo: seg.lo, hi: seg.hi)
                } else {
                    place(ellipsis!, isEllipsis: true, lo: 0, hi: 0)
                }
            }
        }
        return PendingLine(runs: placed, width: pen, rtl: s.rtl,
                           range: (range.lowerBound + offset)..<(end + offset), baseline: baseline, trailing: trailing)
    }

    /// Index of the run holding codepoint `i` (runs tile the paragraph in order).
    private static func firstRun(_ runs: [ShapedRun], containing i: Int) -> Int {
        var lo = 0, hi = runs.count
        while lo < hi { let m = (lo + hi) / 2; if runs[m].end <= i { lo = m + 1 } else { hi = m } }
        return lo
    }

    /// First index where `pred` holds, for `pred` false…false true…true over `a`.
    private static func firstIndex(_ a: [Int32], where pred: (Int) -> Bool) -> Int {
        var lo = 0, hi = a.count
        while lo < hi { let m = (lo + hi) / 2; if pred(Int(a[m])) { hi = m } else { lo = m + 1 } }
        return lo
    }

    private static func align(_ pending: [PendingLine], font: Font, lineHeight: Double, alignment: TextAlignment, spacing: Double,
                              truncated: Bool) -> TextLayout {
        let boxWidth = pending.reduce(0) { max($0, $1.width) }
        var lines: [TextLine] = []
        var runs: [PlacedRun] = []
        lines.reserveCapacity(pending.count)
        for line in pending {
            let slack = boxWidth - line.width
            let x: Double
            switch (alignment, line.rtl) {
            case (.center, _): x = slack / 2
            case (.leading, false), (.trailing, true): x = 0
            case (.leading, true), (.trailing, false): x = slack
            }
            for var run in line.runs {
                if x != 0 { for i in run.xs.indices { run.xs[i] += x }; run.penStart += x; run.penEnd += x }
                runs.append(run)
            }
            lines.append(TextLine(range: line.range, baseline: line.baseline, x: x, width: line.width, isRightToLeft: line.rtl,
                                  trailingSpaceWidth: line.trailing))
        }
        let n = pending.count
        let height = Double(n) * lineHeight + Double(max(0, n - 1)) * spacing
        return TextLayout(size: Size(boxWidth, height), lineCount: n, firstBaseline: lines.first?.baseline ?? 0,
                          lastBaseline: lines.last?.baseline ?? 0, isTruncated: truncated, lines: lines,
                          font: font, runs: runs)
    }
}
