// Stroke: the style of a stroked line and the entry points that turn a path into its outline.
// The outline is a Path that, filled with the nonzero rule, covers exactly the stroke; the
// construction is in Stroker.swift, dashing in Dash.swift.

/// The shape at the open ends of a stroked sub-path (and of each dash).
public enum LineCap: Hashable, Sendable {
    /// The stroke stops flat at the end point.
    case butt
    /// A half disc of the line's width is added at the end point.
    case round
    /// A half square of the line's width is added beyond the end point.
    case square
}

/// The shape where two segments of a stroked path meet.
public enum LineJoin: Hashable, Sendable {
    /// The outer edges are extended until they meet, unless that is longer than `miterLimit`
    /// times the line width, in which case the corner is bevelled (as SVG and cairo do).
    case miter
    /// The corner is rounded with a disc of the line's width.
    case round
    /// The corner is cut flat between the outer edges.
    case bevel
}

/// How to stroke a path: width, caps, joins and dashes. Mirrors SwiftUI's `StrokeStyle`.
///
/// ```swift
/// let style = StrokeStyle(lineWidth: 4, lineCap: .round, dash: [10, 5])
/// let outline = path.stroked(style)
/// ```
///
/// Degenerate values are defined: a width that is zero, negative or not finite strokes nothing,
/// and so does one whose half is more than 10¹⁵ device pixels (the rasterizer's range) when
/// drawn on a `Canvas`;
/// a miter limit below 1 (or NaN) acts as 1, so every corner is bevelled; a dash pattern that is
/// empty, sums to zero, holds a negative or non-finite length, or repeats within the flattening
/// tolerance strokes solid, as does a sub-path that would need more than 10 000 dashes; an
/// odd-length pattern is repeated twice (SVG), and a non-finite phase counts as 0.
public struct StrokeStyle: Hashable, Sendable {
    /// Width of the stroke, centred on the path. Default 1.
    public var lineWidth: Double
    /// The shape at open ends. Default `.butt`.
    public var lineCap: LineCap
    /// The shape at corners. Default `.miter`.
    public var lineJoin: LineJoin
    /// The longest miter allowed, as a multiple of the line width. Default 10.
    public var miterLimit: Double
    /// Alternating lengths of dashes and gaps, starting with a dash. Default `[]` (solid).
    public var dash: [Double]
    /// How far into the dash pattern each sub-path starts. Default 0.
    public var dashPhase: Double

    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.miterLimit = miterLimit; self.dash = dash; self.dashPhase = dashPhase
    }
}

/// The outline of `path` stroked with `style`: fill it with the nonzero rule to draw the stroke.
///
/// Curves are flattened within `tolerance` (same units as the path; pass device tolerance
/// divided by the transform's scale when the result will be drawn transformed). Closed
/// sub-paths get joins all round and no caps; open ones get caps. Sub-paths holding a
/// non-finite point are skipped, as the rasterizer skips them.
///
/// ```swift
/// let outline = strokedPath(path, style: StrokeStyle(lineWidth: 2, lineJoin: .round))
/// ```
public func strokedPath(_ path: Path, style: StrokeStyle, tolerance: Double = 0.1) -> Path {
    var stroker = Stroker()
    var out = Path()
    stroker.stroke(path, style: style, tolerance: tolerance, into: &out)
    return out
}

extension Path {
    /// The outline of this path stroked with `style`; fill it with the nonzero rule.
    ///
    /// ```swift
    /// let ring = Path.circle(center: Point(50, 50), radius: 40).stroked(StrokeStyle(lineWidth: 4))
    /// ```
    public func stroked(_ style: StrokeStyle, tolerance: Double = 0.1) -> Path {
        strokedPath(self, style: style, tolerance: tolerance)
    }
}
