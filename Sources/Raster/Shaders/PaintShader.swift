// PaintShader: every kind of paint behind one enum, so the compositor holds a concrete type
// (one switch per span, each case's loop specialised) instead of an existential.

/// A prepared shader for any `Paint`.
///
/// ```swift
/// guard let shader = makeShader(for: paint, transform: transform, opacity: opacity, cache: cache)
/// else { return }                         // nothing to draw
/// shader.shade(x: x0, y: y, count: n, into: scratch)
/// ```
public enum PaintShader: SpanShader {
    case solid(SolidShader)
    case linear(LinearGradientShader)
    case radial(RadialGradientShader)
    case conic(ConicGradientShader)
    case image(ImageShader)

    @inlinable public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        switch self {
        case .solid(let s): s.shade(x: x, y: y, count: count, into: out)
        case .linear(let s): s.shade(x: x, y: y, count: count, into: out)
        case .radial(let s): s.shade(x: x, y: y, count: count, into: out)
        case .conic(let s): s.shade(x: x, y: y, count: count, into: out)
        case .image(let s): s.shade(x: x, y: y, count: count, into: out)
        }
    }

    public var isOpaque: Bool {
        switch self {
        case .solid(let s): return s.isOpaque
        case .linear(let s): return s.isOpaque
        case .radial(let s): return s.isOpaque
        case .conic(let s): return s.isOpaque
        case .image(let s): return s.isOpaque
        }
    }

    /// The Double reference of the same shader (solid: the fast path is the reference).
    public func referenceShade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        switch self {
        case .solid(let s): s.shade(x: x, y: y, count: count, into: out)
        case .linear(let s): s.referenceShade(x: x, y: y, count: count, into: out)
        case .radial(let s): s.referenceShade(x: x, y: y, count: count, into: out)
        case .conic(let s): s.referenceShade(x: x, y: y, count: count, into: out)
        case .image(let s): s.referenceShade(x: x, y: y, count: count, into: out)
        }
    }
}

/// Prepares `paint` for drawing under `transform` (user → device) with `opacity` (0…1, NaN = 0),
/// borrowing `cache`'s buffers. Returns nil when the draw paints nothing: opacity ≤ 0, a
/// fully transparent solid colour, a gradient with no stops (after NaN locations are dropped),
/// an empty image, or a singular/non-finite transform.
public func makeShader(for paint: Paint, transform: Affine, opacity: Double, cache: ShaderCache) -> PaintShader? {
    let o = GradientLUT.unit(opacity)
    guard o > 0 else { return nil }
    switch paint {
    case .solid(let c):
        let s = SolidShader(c, opacity: o)
        return s.pixel >> 24 == 0 ? nil : .solid(s)
    case .linearGradient(let g):
        return LinearGradientShader(g, transform: transform, opacity: o, cache: cache).map { .linear($0) }
    case .radialGradient(let g):
        return RadialGradientShader(g, transform: transform, opacity: o, cache: cache).map { .radial($0) }
    case .conicGradient(let g):
        return ConicGradientShader(g, transform: transform, opacity: o, cache: cache).map { .conic($0) }
    case .image(let p):
        return ImageShader(p, transform: transform, opacity: o).map { .image($0) }
    }
}
