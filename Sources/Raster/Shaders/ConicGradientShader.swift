// ConicGradientShader: t from the angle of p around the centre (SwiftUI's AngularGradient).
// Angles are atan2(dy, dx) in user space (y down, so they grow clockwise on screen), taken into
// [start, start + 2π). Inside start…end, t = (a − start)/(end − start); a sweep wider than a
// turn shows its last turn; in the gap of a narrower one the first half takes t = 1 and the
// second t = 0 (SwiftUI's documented fill of "the missing area"). One atan2 per pixel and the
// shared 1024-entry table.

import Glibc

/// Shades a `ConicGradient` under a user→device transform.
public struct ConicGradientShader: SpanShader {
    @usableFromInline let lut: UnsafePointer<UInt32>
    @usableFromInline let cache: ShaderCache
    @usableFromInline let inverse: Affine
    @usableFromInline let center: Point
    @usableFromInline let start: Double, sweep: Double, span: Double
    @usableFromInline let solid: UInt32?
    public let isOpaque: Bool

    /// Prepares the shader, or nil when it paints nothing: no stops, a singular or non-finite
    /// transform, a non-finite centre. Non-finite angles or a sweep of 0 paint the last stop.
    public init?(_ g: ConicGradient, transform: Affine, opacity: Double, cache: ShaderCache) {
        guard let inv = transform.inverted(), g.center.isFinite else { return nil }
        guard GradientLUT.build(g.stops, opacity: opacity, cache: cache) else { return nil }
        lut = UnsafePointer(cache.lut); self.cache = cache
        isOpaque = cache.lutIsOpaque
        inverse = inv; center = g.center
        cache.invalidateRow()
        let twoPi = 2 * Double.pi
        guard g.startAngle.isFinite, g.endAngle.isFinite, g.endAngle != g.startAngle else {
            start = 0; sweep = 1; span = 1
            solid = lut[GradientLUT.lastIndex]
            return
        }
        var s = g.startAngle, e = g.endAngle
        if e < s { swap(&s, &e) }
        if e - s > twoPi { s = e - twoPi }          // only the last full turn shows
        start = s; span = e - s; sweep = twoPi
        solid = nil
    }

    /// t (0…1) of the angle `a` (radians, any value).
    @inlinable @inline(__always) func t(angle a: Double) -> Double {
        var d = (a - start).truncatingRemainder(dividingBy: sweep)
        if d < 0 { d += sweep }
        if d <= span { return span > 0 ? d / span : 1 }
        // In the gap: the first half continues the last colour, the second leads into the first.
        return d - span < (sweep - span) / 2 ? 1 : 0
    }

    public func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        if let p = solid { out.update(repeating: p, count: count); return }
        let fx = Double(x) + 0.5, fy = Double(y) + 0.5
        var ux = inverse.a * fx + inverse.c * fy + inverse.tx - center.x
        var uy = inverse.b * fx + inverse.d * fy + inverse.ty - center.y
        let dx = inverse.a, dy = inverse.b
        let lut = self.lut
        for i in 0..<count {
            let tt = t(angle: atan2(uy, ux))
            out[i] = lut[GradientLUT.index(fixed: Int64(tt * Fixed.scale + 0.5))]
            ux += dx; uy += dy
        }
    }

    /// Straightforward Double version: pixel centre → user space → angle → t → stops.
    public func referenceShade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        for i in 0..<count {
            if let p = solid { out[i] = p; continue }
            let p = inverse.apply(Point(Double(x + i) + 0.5, Double(y) + 0.5))
            let tt = t(angle: atan2(p.y - center.y, p.x - center.x))
            var k = -1
            let tq = Double(GradientLUT.index(tt)) / Double(GradientLUT.lastIndex)
            out[i] = GradientLUT.pack(GradientLUT.color(at: tq, cache.stops, cache.stopCount, hint: &k), cache.lutOpacity)
        }
    }
}
