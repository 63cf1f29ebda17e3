// ColorMatrix: the colour filters (brightness, contrast, saturation, grayscale, hue rotation,
// colour multiply, invert) as one 4×4 matrix over *premultiplied* ARGB. Every one of them is
// linear in (r, g, b) plus a constant; a constant c on straight colour is c·α on premultiplied
// colour, so the matrix's α column carries the offsets and no pixel is ever unpremultiplied.
// Filters chain by multiplying matrices, so a stack of them costs one pass over the layer.
// The kernel runs in 12-bit fixed point (integers only); results are clamped to 0…α.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A colour transform on premultiplied pixels: out = M · (r, g, b, a), rows r, g, b, a.
public struct ColorMatrix: Hashable, Sendable {
    /// Row-major: m[row * 4 + column], rows and columns in the order r, g, b, a.
    public var m: [Double]

    public init(_ m: [Double]) {
        precondition(m.count == 16, "a ColorMatrix has 16 entries")
        self.m = m.map { $0.isFinite ? $0 : 0 }
    }
    public static let identity = ColorMatrix([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// Adds `amount` to each straight colour channel (0: none, 1: white where opaque).
    public static func brightness(_ amount: Double) -> ColorMatrix {
        ColorMatrix([1, 0, 0, amount, 0, 1, 0, amount, 0, 0, 1, amount, 0, 0, 0, 1])
    }
    /// Scales each channel's distance from mid-grey by `amount` (1: none, 0: grey).
    public static func contrast(_ amount: Double) -> ColorMatrix {
        let o = 0.5 * (1 - amount)
        return ColorMatrix([amount, 0, 0, o, 0, amount, 0, o, 0, 0, amount, o, 0, 0, 0, 1])
    }
    /// Rec. 709 luma weights, as Core Image and the CSS filter effects use.
    static let luma = (r: 0.2126, g: 0.7152, b: 0.0722)
    /// Mixes each colour with its luma (1: none, 0: grey, above 1: more saturated).
    public static func saturation(_ s: Double) -> ColorMatrix {
        let (lr, lg, lb) = luma
        let i = 1 - s
        return ColorMatrix([lr * i + s, lg * i, lb * i, 0,
                            lr * i, lg * i + s, lb * i, 0,
                            lr * i, lg * i, lb * i + s, 0,
                            0, 0, 0, 1])
    }
    /// Rotates hues by `radians` around the luma axis (the CSS `hue-rotate` matrix).
    public static func hueRotation(_ radians: Double) -> ColorMatrix {
        let c = cos(radians), s = sin(radians)
        return ColorMatrix([0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928, 0,
                            0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283, 0,
                            0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072, 0,
                            0, 0, 0, 1])
    }
    /// Multiplies every channel (alpha included) by a straight colour.
    public static func multiply(r: Double, g: Double, b: Double, a: Double) -> ColorMatrix {
        ColorMatrix([r * a, 0, 0, 0, 0, g * a, 0, 0, 0, 0, b * a, 0, 0, 0, 0, a])
    }
    /// Inverts colour by `amount` (1: full; alpha kept).
    public static func invert(_ amount: Double = 1) -> ColorMatrix {
        let k = 1 - 2 * amount
        return ColorMatrix([k, 0, 0, amount, 0, k, 0, amount, 0, 0, k, amount, 0, 0, 0, 1])
    }

    /// `other` applied after `self`.
    public func then(_ other: ColorMatrix) -> ColorMatrix {
        var out = [Double](repeating: 0, count: 16)
        for r in 0..<4 { for c in 0..<4 {
            var s = 0.0
            for k in 0..<4 { s += other.m[r * 4 + k] * m[k * 4 + c] }
            out[r * 4 + c] = s
        } }
        return ColorMatrix(out)
    }

    public var isIdentity: Bool { self == .identity }

    /// The matrix in 12-bit fixed point, clamped to ±64 so sums stay inside Int32.
    public var fixed: FixedColorMatrix {
        var f = FixedColorMatrix()
        for i in 0..<16 { f[i] = Int32((Swift.max(-64, Swift.min(64, m[i])) * 4096).rounded()) }
        return f
    }
}

/// A `ColorMatrix` in Q12, for the kernels.
public struct FixedColorMatrix: Sendable {
    public var v: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
                   Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    public init() {}
    public subscript(i: Int) -> Int32 {
        get { withUnsafeBytes(of: v) { $0.load(fromByteOffset: i * 4, as: Int32.self) } }
        set { withUnsafeMutableBytes(of: &v) { $0.storeBytes(of: newValue, toByteOffset: i * 4, as: Int32.self) } }
    }
}

extension Reference {
    /// One premultiplied pixel through a Q12 colour matrix, channel by channel: each output is
    /// round(Σ m·c / 4096) clamped to 0…255, then colour clamped to the new alpha.
    public static func colorMatrix(_ p: UInt32, _ f: FixedColorMatrix) -> UInt32 {
        let c = [Int32((p >> 16) & 255), Int32((p >> 8) & 255), Int32(p & 255), Int32(p >> 24)]
        var out = [Int32](repeating: 0, count: 4)
        for r in 0..<4 {
            var s: Int32 = 2048
            for k in 0..<4 { s += f[r * 4 + k] * c[k] }
            out[r] = Swift.max(0, Swift.min(255, s >> 12))
        }
        let a = out[3]
        let r = Swift.min(out[0], a), g = Swift.min(out[1], a), b = Swift.min(out[2], a)
        return UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }
}

public enum FilterKernels {
    /// Applies `f` to every pixel of `s` in place. Transparent pixels stay transparent (every
    /// term of a premultiplied matrix multiplies a channel), so they are skipped.
    public static func colorMatrix(_ s: Surface, _ f: FixedColorMatrix) {
        let c0 = SIMD4<Int32>(f[0], f[4], f[8], f[12]), c1 = SIMD4<Int32>(f[1], f[5], f[9], f[13])
        let c2 = SIMD4<Int32>(f[2], f[6], f[10], f[14]), c3 = SIMD4<Int32>(f[3], f[7], f[11], f[15])
        let half = SIMD4<Int32>(repeating: 2048), zero = SIMD4<Int32>(repeating: 0), top = SIMD4<Int32>(repeating: 255)
        for y in 0..<s.height {
            let row = s.row(y)
            for x in 0..<s.width {
                let p = row[x]
                if p == 0 { continue }
                let r = Int32(truncatingIfNeeded: (p >> 16) & 255), g = Int32(truncatingIfNeeded: (p >> 8) & 255)
                let b = Int32(truncatingIfNeeded: p & 255), a = Int32(truncatingIfNeeded: p >> 24)
                var v = half &+ c0 &* r &+ c1 &* g &+ c2 &* b &+ c3 &* a
                v = (v &>> 12).clamped(lowerBound: zero, upperBound: top)
                let na = v[3]
                row[x] = UInt32(truncatingIfNeeded: na) << 24 | UInt32(truncatingIfNeeded: Swift.min(v[0], na)) << 16
                    | UInt32(truncatingIfNeeded: Swift.min(v[1], na)) << 8 | UInt32(truncatingIfNeeded: Swift.min(v[2], na))
            }
        }
    }
}
