// TextLayout: the result of laying out a string — positioned glyphs, line boxes and the
// metrics views align by. A value: lay out once when the text or width changes, draw every frame.

/// One line of a laid-out paragraph.
public struct TextLine: Hashable, Sendable {
    /// Unicode scalar offsets of the text on this line (trailing spaces excluded).
    public let range: Range<Int>
    /// Baseline y, from the top of the layout box.
    public let baseline: Double
    /// Left edge of the line's ink advance, from the left of the layout box (after alignment).
    public let x: Double
    /// Advance width of the line (without trailing spaces, with the ellipsis if truncated).
    public let width: Double
    /// Whether the line's paragraph runs right to left.
    public let isRightToLeft: Bool
    /// Advance of the spaces that hang past the line's end (not drawn, not in `width`).
    public let trailingSpaceWidth: Double
}

/// Glyphs of one face and size, positioned in the layout box (y at the baseline, down).
struct PlacedRun {
    var face: FontFace
    var size64: Int32
    var glyphs: [UInt32]
    /// Unicode scalar offset (in the laid-out text) of each glyph's cluster.
    var clusters: [Int32]
    var xs: [Double]
    var ys: [Double]
    /// The style span of the glyphs (StyledText), -1 for unstyled text.
    var style: Int32 = -1
    /// Pen position before the first glyph and after the last (x, in the layout box).
    var penStart = 0.0, penEnd = 0.0
    /// Baseline y of the run's line.
    var baseline = 0.0
}

/// Text laid out by `FontLibrary.layout(...)`, ready to draw.
///
///     let layout = fonts.layout("Total: 12,50 €", font: font)
///     layout.size          // the box the text needs
///     layout.firstBaseline // align neighbouring views to this
public struct TextLayout {
    /// The box the text occupies: width of the widest line, height of all lines and spacing.
    /// Zero for empty text.
    public let size: Size
    /// Number of lines (0 for empty text; a trailing newline adds an empty line).
    public let lineCount: Int
    /// Baseline of the first line, from the top of the box (0 for empty text).
    public let firstBaseline: Double
    /// Baseline of the last line, from the top of the box (0 for empty text).
    public let lastBaseline: Double
    /// Whether lines were dropped by `lineLimit` (the last kept line ends in "…" when
    /// truncation was asked for).
    public let isTruncated: Bool
    /// The lines, top to bottom.
    public let lines: [TextLine]
    /// The font the text was laid out with (fallback fonts supply glyphs it lacks).
    public let font: Font
    let runs: [PlacedRun]

    /// Number of glyphs drawn (after shaping: ligatures count once, marks separately).
    public var glyphCount: Int { runs.reduce(0) { $0 + $1.glyphs.count } }
}

extension TextLayout {
    /// Estimated heap bytes this layout holds (its line and run arrays; the font is shared), for
    /// byte-bounded layout caches.
    package var estimatedBytes: Int {
        var n = heapBytes(of: lines) + heapBytes(of: runs)
        for r in runs { n += heapBytes(of: r.glyphs) + heapBytes(of: r.clusters) + heapBytes(of: r.xs) + heapBytes(of: r.ys) }
        return n
    }
}
