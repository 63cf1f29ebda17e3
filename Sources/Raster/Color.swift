// Colours: `Color` is straight (not premultiplied) RGBA in 0…1, as people write them;
// `Pixel` helpers pack premultiplied ARGB8888 (memory order B,G,R,A = DRM ARGB8888).

/// A straight-alpha RGBA colour, components in 0…1 (values outside are clamped when packed).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var r: Double, g: Double, b: Double, a: Double
    @inlinable public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    @inlinable public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }
    /// From 8-bit straight components.
    @inlinable public init(r8: UInt8, g8: UInt8, b8: UInt8, a8: UInt8 = 255) {
        self.init(Double(r8) / 255, Double(g8) / 255, Double(b8) / 255, Double(a8) / 255)
    }
    public static let clear = Color(0, 0, 0, 0)
    public static let black = Color(0, 0, 0)
    public static let white = Color(1, 1, 1)
    public static let red = Color(1, 0, 0)
    public static let green = Color(0, 1, 0)
    public static let blue = Color(0, 0, 1)

    @inlinable public func withAlpha(_ alpha: Double) -> Color { Color(r, g, b, alpha) }
    /// The colour as a premultiplied ARGB8888 pixel (rounded to nearest, NaN treated as 0).
    @inlinable public var premultiplied: UInt32 {
        let a8 = Pixel.unit8(a)
        return Pixel.pack(a: a8, r: Pixel.mul255(Pixel.unit8(r), a8),
                          g: Pixel.mul255(Pixel.unit8(g), a8), b: Pixel.mul255(Pixel.unit8(b), a8))
    }
    public var description: String { "Color(\(r), \(g), \(b), \(a))" }
}

/// Straight (un-premultiplied) 8-bit RGBA, as `Surface.pixel(x:y:)` returns it.
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    @inlinable public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }
    public var description: String { "RGBA8(\(r), \(g), \(b), \(a))" }
}

/// Integer pixel maths on premultiplied ARGB8888 words.
public enum Pixel {
    /// x·y/255 rounded, exact for all 8-bit inputs.
    @inlinable @inline(__always) public static func mul255(_ x: UInt32, _ y: UInt32) -> UInt32 {
        let t = x &* y &+ 128
        return (t &+ (t >> 8)) >> 8
    }
    /// 0…1 → 0…255, rounded; NaN and negatives → 0, above 1 → 255.
    @inlinable public static func unit8(_ v: Double) -> UInt32 {
        guard v > 0 else { return 0 }
        guard v < 1 else { return 255 }
        return UInt32(v * 255 + 0.5)
    }
    @inlinable @inline(__always) public static func pack(a: UInt32, r: UInt32, g: UInt32, b: UInt32) -> UInt32 {
        (a << 24) | (r << 16) | (g << 8) | b
    }
    /// Scales all four channels of a premultiplied pixel by `s`/255 (two channels per multiply).
    @inlinable @inline(__always) public static func scale(_ p: UInt32, _ s: UInt32) -> UInt32 {
        var rb = (p & 0x00FF00FF) &* s &+ 0x00800080
        rb = ((rb &+ ((rb >> 8) & 0x00FF00FF)) >> 8) & 0x00FF00FF
        var ag = ((p >> 8) & 0x00FF00FF) &* s &+ 0x00800080
        ag = (ag &+ ((ag >> 8) & 0x00FF00FF)) & 0xFF00FF00
        return rb | ag
    }
    /// Source-over of premultiplied `src` onto `dst`.
    @inlinable @inline(__always) public static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let ia = 255 &- (src >> 24)
        return src &+ scale(dst, ia)
    }
    /// Straight RGBA8 of a premultiplied pixel (rounded division).
    @inlinable public static func unpremultiply(_ p: UInt32) -> RGBA8 {
        let a = p >> 24
        if a == 0 { return RGBA8(r: 0, g: 0, b: 0, a: 0) }
        func u(_ c: UInt32) -> UInt8 { UInt8(Swift.min(255, (c * 255 + a / 2) / a)) }
        return RGBA8(r: u((p >> 16) & 255), g: u((p >> 8) & 255), b: u(p & 255), a: UInt8(a))
    }
    /// Premultiplied pixel from straight RGBA8.
    @inlinable public static func premultiply(_ c: RGBA8) -> UInt32 {
        let a = UInt32(c.a)
        return pack(a: a, r: mul255(UInt32(c.r), a), g: mul255(UInt32(c.g), a), b: mul255(UInt32(c.b), a))
    }
}
