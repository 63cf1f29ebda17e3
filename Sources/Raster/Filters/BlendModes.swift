// Blend modes: how a layer's premultiplied pixels combine with what is under them, as the
// W3C compositing spec writes them for premultiplied colour (separable modes: co = B·αs·αd +
// s·(1 − αd) + d·(1 − αs); Porter–Duff operators: their F·s + G·d). Each channel's result
// is one integer numerator in 1/255² units rounded once (round half up), so the fast row
// kernel and the per-pixel reference agree exactly.
//
// softLight and the non-separable modes (hue, saturation, color, luminosity) are integer too,
// checked against a floating-point W3C reference (`Reference.blendFloat`) instead: softLight
// keeps its D(Cd)·αd term in 1/256 fixed point (one `squareRoot` for Cd > 1/4); the
// non-separable ones work on S = s·αd and D = d·αs, colours in units where 1 = αs·αd, because
// SetLum/SetSat/ClipColor are homogeneous (scaling the colours and the clip bound scales the
// result), so B(Cb, Cs)·αs·αd comes out directly, with Lum = (30R + 59G + 11B) / 100.

/// A blend mode of a layer onto what is below it.
public enum PixelBlendMode: Hashable, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight,
         difference, exclusion, plusLighter, plusDarker, softLight
    /// Non-separable modes (W3C: the colour as a whole, through Lum/Sat).
    case hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn, destinationOut,
         destinationAtop, xor
}

extension PixelBlendMode {
    /// A transparent source leaves the destination unchanged (so it may be skipped).
    @inlinable var transparentSourceKeepsDestination: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop: return false
        default: return true
        }
    }
}

@usableFromInline enum BlendMath {
    @inline(__always) @usableFromInline static func round255(_ n: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: Swift.max(0, Swift.min(255, (2 * n + 255) / 510)))
    }

    /// One colour channel's numerator for a separable mode.
    @inline(__always) @usableFromInline
    static func separable(_ mode: PixelBlendMode, _ s: Int, _ d: Int, _ sa: Int, _ da: Int) -> Int {
        let rest = s * (255 - da) + d * (255 - sa)
        switch mode {
        case .normal: return s * 255 + d * (255 - sa)
        case .multiply: return s * d + rest
        case .screen: return s * 255 + d * 255 - s * d
        case .overlay: return (2 * d <= da ? 2 * s * d : sa * da - 2 * (da - d) * (sa - s)) + rest
        case .hardLight: return (2 * s <= sa ? 2 * s * d : sa * da - 2 * (da - d) * (sa - s)) + rest
        case .darken: return Swift.min(s * da, d * sa) + rest
        case .lighten: return Swift.max(s * da, d * sa) + rest
        case .difference: return s * 255 + d * 255 - 2 * Swift.min(s * da, d * sa)
        case .exclusion: return s * 255 + d * 255 - 2 * s * d
        case .colorDodge:
            let b: Int
            if d == 0 { b = 0 } else if s >= sa { b = sa * da } else { b = Swift.min(sa * da, d * sa * sa / (sa - s)) }
            return b + rest
        case .colorBurn:
            let b: Int
            if d >= da { b = sa * da } else if s == 0 { b = 0 } else { b = sa * da - Swift.min(sa * da, (da - d) * sa * sa / s) }
            return b + rest
        case .softLight:
            let b: Int
            if 2 * s <= sa {
                // Cd − (1 − 2Cs)·Cd·(1 − Cd), times αs·αd.
                b = da == 0 ? 0 : d * sa - (sa - 2 * s) * d * (da - d) / da
            } else {
                // Cd + (2Cs − 1)·(D(Cd) − Cd), times αs·αd; D(Cd)·αd in 1/256 units.
                let dd256: Int
                if 4 * d <= da {
                    dd256 = da == 0 ? 0 : (((16 * d - 12 * da) * d + 4 * da * da) * d * 256) / (da * da)
                } else {
                    dd256 = Int((Double(d * da)).squareRoot() * 256)
                }
                b = d * sa + ((2 * s - sa) * Swift.max(0, dd256 - 256 * d) + 128) >> 8
            }
            return b + rest
        default: return 0
        }
    }

    @inline(__always) @usableFromInline static func isNonSeparable(_ mode: PixelBlendMode) -> Bool {
        switch mode {
        case .hue, .saturation, .color, .luminosity: return true
        default: return false
        }
    }

    @inline(__always) static func lum(_ r: Int, _ g: Int, _ b: Int) -> Int { (30 * r + 59 * g + 11 * b + 50) / 100 }

    /// W3C SetLum then ClipColor, with `one` as the clip's upper bound.
    @inline(__always) static func setLum(_ r: Int, _ g: Int, _ b: Int, _ l: Int, one: Int) -> (Int, Int, Int) {
        let d = l - lum(r, g, b)
        var r = r + d, g = g + d, b = b + d
        let ll = lum(r, g, b)
        let n = Swift.min(r, Swift.min(g, b)), x = Swift.max(r, Swift.max(g, b))
        if n < 0 && ll > n {
            r = ll + (r - ll) * ll / (ll - n); g = ll + (g - ll) * ll / (ll - n); b = ll + (b - ll) * ll / (ll - n)
        }
        if x > one && x > ll {
            r = ll + (r - ll) * (one - ll) / (x - ll); g = ll + (g - ll) * (one - ll) / (x - ll); b = ll + (b - ll) * (one - ll) / (x - ll)
        }
        return (Swift.max(0, Swift.min(one, r)), Swift.max(0, Swift.min(one, g)), Swift.max(0, Swift.min(one, b)))
    }

    /// W3C SetSat: the colour's spread set to `s`, its minimum to 0.
    @inline(__always) static func setSat(_ r: Int, _ g: Int, _ b: Int, _ s: Int) -> (Int, Int, Int) {
        let mx = Swift.max(r, Swift.max(g, b)), mn = Swift.min(r, Swift.min(g, b))
        guard mx > mn else { return (0, 0, 0) }
        func f(_ c: Int) -> Int { c == mx ? s : c == mn ? 0 : (c - mn) * s / (mx - mn) }
        // Ties: the first maximum takes s, so two equal maxima both get s (as the spec's sort does).
        return (f(r), f(g), f(b))
    }

    /// B(Cb, Cs)·αs·αd for the non-separable modes, per channel, in 1/255² units.
    @inline(__always) static func nonSeparable(_ mode: PixelBlendMode, _ sr: Int, _ sg: Int, _ sb: Int,
                                               _ dr: Int, _ dg: Int, _ db: Int, _ sa: Int, _ da: Int) -> (Int, Int, Int) {
        let one = sa * da
        let s = (sr * da, sg * da, sb * da), d = (dr * sa, dg * sa, db * sa)
        func sat(_ c: (Int, Int, Int)) -> Int { Swift.max(c.0, Swift.max(c.1, c.2)) - Swift.min(c.0, Swift.min(c.1, c.2)) }
        switch mode {
        case .hue:
            let t = setSat(s.0, s.1, s.2, sat(d))
            return setLum(t.0, t.1, t.2, lum(d.0, d.1, d.2), one: one)
        case .saturation:
            let t = setSat(d.0, d.1, d.2, sat(s))
            return setLum(t.0, t.1, t.2, lum(d.0, d.1, d.2), one: one)
        case .color:
            return setLum(s.0, s.1, s.2, lum(d.0, d.1, d.2), one: one)
        default:
            return setLum(d.0, d.1, d.2, lum(s.0, s.1, s.2), one: one)
        }
    }

    /// Porter–Duff numerator (same formula for colour and alpha).
    @inline(__always) @usableFromInline
    static func porterDuff(_ mode: PixelBlendMode, _ s: Int, _ d: Int, _ sa: Int, _ da: Int) -> Int {
        switch mode {
        case .clear: return 0
        case .copy: return s * 255
        case .sourceIn: return s * da
        case .sourceOut: return s * (255 - da)
        case .sourceAtop: return s * da + d * (255 - sa)
        case .destinationOver: return d * 255 + s * (255 - da)
        case .destinationIn: return d * sa
        case .destinationOut: return d * (255 - sa)
        case .destinationAtop: return d * sa + s * (255 - da)
        case .xor: return s * (255 - da) + d * (255 - sa)
        default: return 0
        }
    }

    @inline(__always) @usableFromInline static func isPorterDuff(_ mode: PixelBlendMode) -> Bool {
        switch mode {
        case .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn, .destinationOut,
             .destinationAtop, .xor: return true
        default: return false
        }
    }

    @inline(__always) @usableFromInline static func pixel(_ mode: PixelBlendMode, _ src: UInt32, _ dst: UInt32) -> UInt32 {
        let sa = Int(src >> 24), da = Int(dst >> 24)
        let sr = Int((src >> 16) & 255), sg = Int((src >> 8) & 255), sb = Int(src & 255)
        let dr = Int((dst >> 16) & 255), dg = Int((dst >> 8) & 255), db = Int(dst & 255)
        if isPorterDuff(mode) {
            return round255(porterDuff(mode, sa, da, sa, da)) << 24 | round255(porterDuff(mode, sr, dr, sa, da)) << 16
                | round255(porterDuff(mode, sg, dg, sa, da)) << 8 | round255(porterDuff(mode, sb, db, sa, da))
        }
        let a: UInt32
        if mode == .plusLighter || mode == .plusDarker { a = UInt32(Swift.min(255, sa + da)) }
        else { a = round255(sa * 255 + da * (255 - sa)) }
        if mode == .plusLighter {
            return a << 24 | UInt32(Swift.min(Int(a), sr + dr)) << 16 | UInt32(Swift.min(Int(a), sg + dg)) << 8 | UInt32(Swift.min(Int(a), sb + db))
        }
        if mode == .plusDarker {
            let ia = Int(a)
            func c(_ s: Int, _ d: Int) -> UInt32 { UInt32(Swift.max(0, ia - ((sa - s) + (da - d)))) }
            return a << 24 | c(sr, dr) << 16 | c(sg, dg) << 8 | c(sb, db)
        }
        let ai = Int(a)
        if isNonSeparable(mode) {
            let b = nonSeparable(mode, sr, sg, sb, dr, dg, db, sa, da)
            func n(_ b: Int, _ s: Int, _ d: Int) -> UInt32 {
                Swift.min(UInt32(ai), round255(b + s * (255 - da) + d * (255 - sa)))
            }
            return a << 24 | n(b.0, sr, dr) << 16 | n(b.1, sg, dg) << 8 | n(b.2, sb, db)
        }
        func c(_ s: Int, _ d: Int) -> UInt32 { Swift.min(UInt32(ai), round255(separable(mode, s, d, sa, da))) }
        return a << 24 | c(sr, dr) << 16 | c(sg, dg) << 8 | c(sb, db)
    }

    /// Blends `count` source pixels onto `dst`; the mode is fixed for the whole row so each
    /// specialisation's switch folds away.
    @inline(__always) static func row(_ mode: PixelBlendMode, _ dst: UnsafeMutablePointer<UInt32>,
                                      _ src: UnsafePointer<UInt32>, _ count: Int, opacity: UInt32) {
        let skip = mode.transparentSourceKeepsDestination
        for i in 0..<count {
            var s = src[i]
            if opacity < 255 { s = Pixel.scale(s, opacity) }
            if s == 0 && skip { continue }
            dst[i] = pixel(mode, s, dst[i])
        }
    }
}

extension Reference {
    /// One premultiplied source pixel blended onto a destination pixel, channel by channel
    /// from the W3C formulas (straight colours recovered by exact division where needed).
    /// softLight and the non-separable modes give the integer per-pixel kernel here (the row
    /// kernel must match it exactly); `blendFloat` is their independent reference.
    public static func blend(_ mode: PixelBlendMode, _ src: UInt32, onto dst: UInt32) -> UInt32 {
        if mode == .softLight || BlendMath.isNonSeparable(mode) { return BlendMath.pixel(mode, src, dst) }
        func ch(_ p: UInt32, _ i: Int) -> Int { Int((p >> UInt32(8 * i)) & 255) }
        let sa = ch(src, 3), da = ch(dst, 3)
        var out = [UInt32](repeating: 0, count: 4)
        for i in 0..<4 {
            let s = ch(src, i), d = ch(dst, i)
            var n: Int
            switch mode {
            case .clear: n = 0
            case .copy: n = 255 * s
            case .sourceIn: n = s * da
            case .sourceOut: n = s * (255 - da)
            case .sourceAtop: n = s * da + d * (255 - sa)
            case .destinationOver: n = 255 * d + s * (255 - da)
            case .destinationIn: n = d * sa
            case .destinationOut: n = d * (255 - sa)
            case .destinationAtop: n = d * sa + s * (255 - da)
            case .xor: n = s * (255 - da) + d * (255 - sa)
            case .plusLighter, .plusDarker: n = 0
            default:
                if i == 3 { n = 255 * sa + da * (255 - sa); break }
                // B(cs, cd)·αs·αd in 1/255² units, then the two uncovered terms.
                let b: Int
                switch mode {
                case .normal: b = s * da
                case .multiply: b = s * d
                case .screen: b = s * da + d * sa - s * d
                case .overlay: b = 2 * d <= da ? 2 * s * d : sa * da - 2 * (da - d) * (sa - s)
                case .hardLight: b = 2 * s <= sa ? 2 * s * d : sa * da - 2 * (da - d) * (sa - s)
                case .darken: b = Swift.min(s * da, d * sa)
                case .lighten: b = Swift.max(s * da, d * sa)
                case .difference: b = s * da + d * sa - 2 * Swift.min(s * da, d * sa)
                case .exclusion: b = s * da + d * sa - 2 * s * d
                case .colorDodge: b = d == 0 ? 0 : s >= sa ? sa * da : Swift.min(sa * da, d * sa * sa / (sa - s))
                case .colorBurn: b = d >= da ? sa * da : s == 0 ? 0 : sa * da - Swift.min(sa * da, (da - d) * sa * sa / s)
                default: b = 0
                }
                n = b + s * (255 - da) + d * (255 - sa)
            }
            out[i] = UInt32(Swift.max(0, Swift.min(255, (2 * n + 255) / 510)))
        }
        if mode == .plusLighter || mode == .plusDarker {
            let a = Swift.min(255, sa + da)
            out[3] = UInt32(a)
            for i in 0..<3 {
                let s = ch(src, i), d = ch(dst, i)
                out[i] = UInt32(mode == .plusLighter ? Swift.min(a, s + d) : Swift.max(0, a - ((sa - s) + (da - d))))
            }
        } else if !BlendMath.isPorterDuff(mode) {
            for i in 0..<3 { out[i] = Swift.min(out[i], out[3]) }
        }
        return out[3] << 24 | out[2] << 16 | out[1] << 8 | out[0]
    }
}

extension Reference {
    /// One premultiplied pixel blended onto another in floating point, straight from the W3C
    /// formulas (B(Cb, Cs) on straight colours; co = αs·αd·B + cs·(1 − αd) + cb·(1 − αs)), for
    /// every separable and non-separable mode (Porter–Duff and plus modes: `blend`).
    public static func blendFloat(_ mode: PixelBlendMode, _ src: UInt32, onto dst: UInt32) -> UInt32 {
        func ch(_ p: UInt32, _ i: Int) -> Double { Double((p >> UInt32(8 * i)) & 255) / 255 }
        let sa = ch(src, 3), da = ch(dst, 3)
        let s = [ch(src, 2), ch(src, 1), ch(src, 0)], d = [ch(dst, 2), ch(dst, 1), ch(dst, 0)]
        let cs = s.map { sa > 0 ? $0 / sa : 0 }, cb = d.map { da > 0 ? $0 / da : 0 }
        func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
        func clip(_ c: [Double]) -> [Double] {
            let l = lum(c), n = c.min()!, x = c.max()!
            var c = c
            if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
            if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
            return c
        }
        func setLum(_ c: [Double], _ l: Double) -> [Double] { let dl = l - lum(c); return clip(c.map { $0 + dl }) }
        func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
        func setSat(_ c: [Double], _ s: Double) -> [Double] {
            let mx = c.max()!, mn = c.min()!
            guard mx > mn else { return [0, 0, 0] }
            return c.map { $0 == mx ? s : $0 == mn ? 0 : ($0 - mn) * s / (mx - mn) }
        }
        func softLight(_ cs: Double, _ cb: Double) -> Double {
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let dd = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (dd - cb)
        }
        let b: [Double]
        switch mode {
        case .softLight: b = (0..<3).map { softLight(cs[$0], cb[$0]) }
        case .hue: b = setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: b = setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: b = setLum(cs, lum(cb))
        case .luminosity: b = setLum(cb, lum(cs))
        default: return blend(mode, src, onto: dst)
        }
        let a = sa + da * (1 - sa)
        let out = (0..<3).map { i -> UInt32 in
            let co = sa * da * b[i] + s[i] * (1 - da) + d[i] * (1 - sa)
            return UInt32(Swift.max(0, Swift.min(a, co)) * 255 + 0.5)
        }
        return UInt32(a * 255 + 0.5) << 24 | out[0] << 16 | out[1] << 8 | out[2]
    }
}

extension Kernels {
    /// The row blend kernel on arrays (for tests).
    public static func blendRow(_ dst: inout [UInt32], _ src: [UInt32], mode: PixelBlendMode, opacity: UInt8 = 255) {
        let n = Swift.min(dst.count, src.count)
        dst.withUnsafeMutableBufferPointer { d in src.withUnsafeBufferPointer { s in
            Canvas.blendRow(mode, d.baseAddress!, s.baseAddress!, n, opacity: UInt32(opacity))
        } }
    }
}

extension Canvas {
    static func blendRow(_ mode: PixelBlendMode, _ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>,
                         _ count: Int, opacity: UInt32) {
        switch mode {
        case .normal: BlendMath.row(.normal, dst, src, count, opacity: opacity)
        case .multiply: BlendMath.row(.multiply, dst, src, count, opacity: opacity)
        case .screen: BlendMath.row(.screen, dst, src, count, opacity: opacity)
        case .overlay: BlendMath.row(.overlay, dst, src, count, opacity: opacity)
        case .darken: BlendMath.row(.darken, dst, src, count, opacity: opacity)
        case .lighten: BlendMath.row(.lighten, dst, src, count, opacity: opacity)
        case .difference: BlendMath.row(.difference, dst, src, count, opacity: opacity)
        case .plusLighter: BlendMath.row(.plusLighter, dst, src, count, opacity: opacity)
        default: BlendMath.row(mode, dst, src, count, opacity: opacity)
        }
    }

    /// Composites `image` with its top-left at device pixel (x, y) through `mode`, at the
    /// canvas opacity, inside the clip (and clip region). The transform is ignored.
    public func composite(_ image: Surface, x: Int, y: Int, mode: PixelBlendMode) {
        let o = opacity8
        if _clip.isEmpty || (o == 0 && mode.transparentSourceKeepsDestination) { return }
        let box = IntRect(x: x, y: y, width: image.width, height: image.height)
        forEachClip { clip in
            let r = box.intersection(clip)
            if r.isEmpty { return }
            for yy in r.y0..<r.y1 {
                Canvas.blendRow(mode, surface.row(yy) + r.x0, UnsafePointer(image.row(yy - y) + (r.x0 - x)), r.width, opacity: o)
            }
        }
    }
}
