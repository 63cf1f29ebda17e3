// Blend modes: how a layer's premultiplied pixels combine with what is under them, as the
// W3C compositing spec writes them for premultiplied colour (separable modes: co = B·αs·αd +
// s·(1 − αd) + d·(1 − αs); Porter–Duff operators: their F·s + G·d). Each channel's result
// is one integer numerator in 1/255² units rounded once (round half up), so the fast row
// kernel and the per-pixel reference agree exactly.

/// A blend mode of a layer onto what is below it.
public enum PixelBlendMode: Hashable, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, hardLight,
         difference, exclusion, plusLighter, plusDarker
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
        default: return 0
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
    public static func blend(_ mode: PixelBlendMode, _ src: UInt32, onto dst: UInt32) -> UInt32 {
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
