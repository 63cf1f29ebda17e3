// SolidShader: one premultiplied colour for every pixel. The compositor will usually special-
// case solid paints; this keeps `PaintShader` total so callers never need a second path.

/// Shades a solid colour × opacity.
public struct SolidShader: SpanShader {
    /// The premultiplied colour written to every pixel.
    public let pixel: UInt32
    public var isOpaque: Bool { pixel >> 24 == 255 }

    /// `color` × `opacity`, premultiplied and rounded to 8 bits.
    public init(_ color: Color, opacity: Double) {
        pixel = Color(color.r, color.g, color.b, GradientLUT.unit(color.a) * GradientLUT.unit(opacity)).premultiplied
    }

    @inlinable public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        if count > 0 { out.update(repeating: pixel, count: count) }
    }
}
