// SpanShader: the contract between a paint and the compositor. A shader is prepared once per
// draw (from a Paint, the user→device transform and the global opacity) and then asked for one
// horizontal span of colours at a time; the compositor multiplies them by coverage and blends.
// Spans, not pixels, cross this boundary: an existential or enum switch per span is free, per
// pixel it costs 4× (swift-facts: `any Protocol` per pixel 8.2 ms vs generic 2.1 ms).

/// Prepared once per draw from a Paint and the user→device transform; then asked for spans.
///
/// ```swift
/// if let shader = makeShader(for: paint, transform: canvas.transform, opacity: 1, cache: cache) {
///     shader.shade(x: 10, y: 20, count: 100, into: rowScratch)
/// }
/// ```
public protocol SpanShader {
    /// Writes premultiplied ARGB8888 for device pixels (x..<x+count, y), sampled at pixel
    /// centres (x+i+0.5, y+0.5), into out[0..<count].
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>)
    /// True when every shaded pixel is opaque (alpha 255) — lets the compositor skip blending.
    var isOpaque: Bool { get }
}

/// Fixed-point constants shared by the shaders. Gradient parameters and image coordinates are
/// stepped along a row as Int64 with 32 fractional bits ("32.32"): 16.16 drifts up to
/// 2⁻¹⁷ × 1920 ≈ 0.015 px across a full-HD row, enough to flip nearest-neighbour samples and LUT
/// cells against the Double reference; 32.32 drifts 2⁻³³ × 1920 ≈ 2·10⁻⁷ and costs the same on
/// a 64-bit CPU.
@usableFromInline enum Fixed {
    @usableFromInline static let one: Int64 = 1 << 32
    @usableFromInline static let half: Int64 = 1 << 31
    @usableFromInline static let scale: Double = 4294967296.0
    /// Largest magnitude (in units) stepped in fixed point; beyond it shaders take their
    /// Double path so that `value × 2³²` plus the steps cannot overflow Int64.
    @usableFromInline static let limit: Double = 16777216.0   // 2²⁴
    @inlinable @inline(__always) static func from(_ v: Double) -> Int64 { Int64((v * scale).rounded()) }
}
