// StyledText: one paragraph of text in several styles — SwiftUI's `Text + Text`, Markdown and
// AttributedString runs. Each span has its own font (face, size, weight, italic), tracking and
// digit style; the text is still laid out as one: bidi levels (FriBidi) and line breaking see
// the whole paragraph, and HarfBuzz shapes each span with the paragraph as context, so Arabic
// letters join across a change of colour or weight. Colours and decorations are the caller's:
// placed runs keep their span's index (`segments`), and `draw(_:in:at:paints:)` takes a paint
// per span.

/// A stretch of text in one style.
public struct TextSpan: Hashable {
    /// Unicode scalar offsets in the laid-out text.
    public var range: Range<Int>
    /// The span's font.
    public var font: Font
    /// Pixels added after every character (SwiftUI's tracking and kerning).
    public var tracking: Double
    /// Digits of equal width (OpenType `tnum`).
    public var tabularDigits: Bool

    public init(range: Range<Int>, font: Font, tracking: Double = 0, tabularDigits: Bool = false) {
        self.range = range; self.font = font
        self.tracking = tracking.isFinite ? tracking : 0
        self.tabularDigits = tabularDigits
    }
}

/// Ascent and line height of text in one or several fonts (the largest of each).
struct LineMetrics {
    var ascent: Double
    var lineHeight: Double
    init(font: Font, spans: [TextSpan]?) {
        ascent = font.ascent
        var descent = font.descent + font.leading
        if let spans, !spans.isEmpty {
            // The base font counts only where no span covers the text: a span styles all of it
            // when Text + Text built it.
            ascent = 0; descent = 0
            for s in spans where !s.range.isEmpty {
                ascent = max(ascent, s.font.ascent)
                descent = max(descent, s.font.descent + s.font.leading)
            }
            if ascent == 0 && descent == 0 { ascent = font.ascent; descent = font.descent + font.leading }
        }
        lineHeight = ascent + descent
    }
}

/// Where one span's glyphs sit on one line: for underlines, strikethroughs and backgrounds.
public struct TextSegment: Hashable {
    /// The span's index (-1: text no span covers).
    public let span: Int
    /// Left and right pen positions in the layout box.
    public let minX: Double, maxX: Double
    /// The line's baseline (y from the box's top).
    public let baseline: Double
    /// The pixel size of the glyphs.
    public let size: Double
}

extension TextLayout {
    /// The runs of glyphs, each in one span, left to right on each line.
    public var segments: [TextSegment] {
        runs.map { TextSegment(span: Int($0.style), minX: $0.penStart, maxX: $0.penEnd, baseline: $0.baseline,
                               size: Double($0.size64) / 64) }
    }
}

extension FontLibrary {
    /// Lays out `text` with `spans` styling parts of it (`font` for the rest and for "…").
    ///
    ///     let l = fonts.layout("Total 12", spans: [TextSpan(range: 6..<8, font: bold)], font: body)
    public func layout(_ text: String, spans: [TextSpan], font: Font, maxWidth: Double? = nil,
                       alignment: TextAlignment = .leading, lineLimit: Int? = nil, lineSpacing: Double = 0,
                       truncation: Bool = true) -> TextLayout {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(text.utf8.count)
        for s in text.unicodeScalars { scalars.append(s.value) }
        return layout(scalars: scalars, font: font, maxWidth: maxWidth, alignment: alignment, lineLimit: lineLimit,
                      lineSpacing: lineSpacing, truncation: truncation, spans: spans.isEmpty ? nil : spans)
    }

    /// Draws a styled layout: the glyphs of span `i` with `paints(i)` (`-1`: text no span covers).
    public func draw(_ layout: TextLayout, in canvas: Canvas, at origin: Point, paints: (Int) -> Paint) {
        var styles: [Int32] = []
        for r in layout.runs where !styles.contains(r.style) { styles.append(r.style) }
        if styles.count <= 1 { draw(layout, in: canvas, at: origin, paint: paints(Int(styles.first ?? -1))); return }
        for style in styles {
            let part = TextLayout(size: layout.size, lineCount: layout.lineCount, firstBaseline: layout.firstBaseline,
                                  lastBaseline: layout.lastBaseline, isTruncated: layout.isTruncated, lines: layout.lines,
                                  font: layout.font, runs: layout.runs.filter { $0.style == style })
            draw(part, in: canvas, at: origin, paint: paints(Int(style)))
        }
    }
}
