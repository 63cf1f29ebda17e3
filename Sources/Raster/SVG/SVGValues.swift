// SVGValues: reading attribute values — numbers (the compact syntax "1.5.5", "1e-3", "-.5-.5"),
// path data (every command, implicit repeats, arcs as cubics), transform lists, points and
// colours. Each reader throws `SVGError.badValue` for garbage and for numbers that are not
// finite (1e999), so nothing downstream sees NaN or infinity from the file.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A cursor over one attribute's bytes.
struct ValueScanner {
    let b: [UInt8]
    var i = 0
    let what: String
    let line: Int
    init(_ s: String, what: String, line: Int) { b = Array(s.utf8); self.what = what; self.line = line }

    var atEnd: Bool { i >= b.count }
    var peek: UInt8? { i < b.count ? b[i] : nil }
    func fail(_ m: String) -> SVGError { SVGError(.badValue, "\(what): \(m)", line: line) }

    mutating func skipSpace() { while i < b.count && XMLReader.isSpace(b[i]) { i += 1 } }
    /// Spaces and at most one comma.
    mutating func skipSeparator() {
        skipSpace()
        if i < b.count && b[i] == 44 { i += 1; skipSpace() }
    }
    static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    /// Whether a number starts here.
    var atNumber: Bool {
        guard let c = peek else { return false }
        return ValueScanner.isDigit(c) || c == 43 || c == 45 || c == 46
    }

    /// A number in SVG's grammar; finite.
    mutating func number() throws -> Double {
        let s = i
        if i < b.count && (b[i] == 43 || b[i] == 45) { i += 1 }
        var digits = 0
        while i < b.count && ValueScanner.isDigit(b[i]) { i += 1; digits += 1 }
        if i < b.count && b[i] == 46 {
            i += 1
            while i < b.count && ValueScanner.isDigit(b[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else {
            i = s
            throw fail(atEnd ? "a number is missing at the end" : "expected a number at '\(context(s))'")
        }
        // An exponent only when digits follow (so "1em" keeps its unit).
        if i < b.count && (b[i] == 101 || b[i] == 69) {
            var k = i + 1
            if k < b.count && (b[k] == 43 || b[k] == 45) { k += 1 }
            if k < b.count && ValueScanner.isDigit(b[k]) {
                while k < b.count && ValueScanner.isDigit(b[k]) { k += 1 }
                i = k
            }
        }
        guard i - s <= 64, let v = Double(String(decoding: b[s..<i], as: UTF8.self)), v.isFinite else {
            throw fail("the number '\(context(s, i - s))' is out of range")
        }
        return v
    }
    /// A flag of an arc command: a single 0 or 1 (may run into the next number: "a1 1 0 00.5.5").
    mutating func flag() throws -> Bool {
        skipSpace()
        guard let c = peek, c == 48 || c == 49 else { throw fail("an arc flag must be 0 or 1, at '\(context(i))'") }
        i += 1
        skipSeparator()
        return c == 49
    }
    func context(_ s: Int, _ n: Int = 12) -> String {
        String(decoding: b[s..<min(b.count, s + max(1, n))], as: UTF8.self)
    }
}

enum SVGValues {
    /// A plain list of numbers ("points", "viewBox", dash arrays), comma or space separated.
    static func numbers(_ s: String, what: String, line: Int) throws -> [Double] {
        var sc = ValueScanner(s, what: what, line: line)
        var out: [Double] = []
        sc.skipSpace()
        while !sc.atEnd {
            out.append(try sc.number())
            sc.skipSeparator()
            if out.count > 1_000_000 { throw SVGError(.tooComplex, "\(what): more than a million numbers", line: line) }
        }
        return out
    }

    /// Path data into `path`; returns the segment count.
    @discardableResult
    static func pathData(_ d: String, into path: inout Path, line: Int) throws -> Int {
        var sc = ValueScanner(d, what: "path data", line: line)
        var cur = Point(0, 0), start = Point(0, 0)
        var lastControl: Point? = nil      // for S/s (cubic) and T/t (quadratic) reflection
        var lastWasCubic = false, lastWasQuad = false
        var cmd: UInt8 = 0
        var segments = 0
        var open = false   // a sub-path has been started
        sc.skipSpace()
        while !sc.atEnd {
            if let c = sc.peek, (c >= 65 && c <= 90) || (c >= 97 && c <= 122) {
                if cmd == 0 && c != 77 && c != 109 { throw sc.fail("must start with a move (M or m), not '\(sc.context(sc.i))'") }
                cmd = c; sc.i += 1; sc.skipSpace()
                if c == 90 || c == 122 {   // Z z
                    if open { path.close() }
                    cur = start
                    lastWasCubic = false; lastWasQuad = false
                    segments += 1
                    sc.skipSeparator()
                    continue
                }
            } else if cmd == 0 {
                throw sc.fail("must start with a move (M or m), not '\(sc.context(sc.i))'")
            } else if cmd == 90 || cmd == 122 {
                throw sc.fail("numbers after Z at '\(sc.context(sc.i))'")
            }
            let rel = cmd >= 97
            let base = rel ? cur : Point(0, 0)
            func pt(_ sc: inout ValueScanner) throws -> Point {
                let x = try sc.number(); sc.skipSeparator()
                let y = try sc.number(); sc.skipSeparator()
                return Point(base.x + x, base.y + y)
            }
            var cubic = false, quad = false
            switch cmd | 0x20 {
            case 109:  // m
                let p = try pt(&sc)
                path.move(to: p); cur = p; start = p; open = true
                cmd = rel ? 108 : 76   // further pairs are lines
            case 108:  // l
                let p = try pt(&sc)
                if !open { path.move(to: cur); open = true }
                path.line(to: p); cur = p
            case 104:  // h
                let x = try sc.number(); sc.skipSeparator()
                if !open { path.move(to: cur); open = true }
                cur = Point(rel ? cur.x + x : x, cur.y); path.line(to: cur)
            case 118:  // v
                let y = try sc.number(); sc.skipSeparator()
                if !open { path.move(to: cur); open = true }
                cur = Point(cur.x, rel ? cur.y + y : y); path.line(to: cur)
            case 99:   // c
                let c1 = try pt(&sc), c2 = try pt(&sc), p = try pt(&sc)
                if !open { path.move(to: cur); open = true }
                path.cubic(to: p, control1: c1, control2: c2)
                lastControl = c2; cur = p; cubic = true
            case 115:  // s
                let c2 = try pt(&sc), p = try pt(&sc)
                let c1 = lastWasCubic && lastControl != nil ? cur * 2 - lastControl! : cur
                if !open { path.move(to: cur); open = true }
                path.cubic(to: p, control1: c1, control2: c2)
                lastControl = c2; cur = p; cubic = true
            case 113:  // q
                let c = try pt(&sc), p = try pt(&sc)
                if !open { path.move(to: cur); open = true }
                path.quad(to: p, control: c)
                lastControl = c; cur = p; quad = true
            case 116:  // t
                let p = try pt(&sc)
                let c = lastWasQuad && lastControl != nil ? cur * 2 - lastControl! : cur
                if !open { path.move(to: cur); open = true }
                path.quad(to: p, control: c)
                lastControl = c; cur = p; quad = true
            case 97:   // a
                let rx = try sc.number(); sc.skipSeparator()
                let ry = try sc.number(); sc.skipSeparator()
                let rot = try sc.number(); sc.skipSeparator()
                let large = try sc.flag(), sweep = try sc.flag()
                let p = try pt(&sc)
                if !open { path.move(to: cur); open = true }
                addArc(&path, from: cur, to: p, rx: rx, ry: ry, rotation: rot, large: large, sweep: sweep)
                cur = p
            default:
                throw sc.fail("unknown command '\(String(decoding: [cmd], as: UTF8.self))'")
            }
            lastWasCubic = cubic; lastWasQuad = quad
            segments += 1
            if segments > SVGLimits.maxSegments { throw SVGError(.tooComplex, "path data: more than \(SVGLimits.maxSegments) segments", line: line) }
        }
        return segments
    }

    /// An elliptical arc (SVG's endpoint form) as cubics, by the implementation notes in SVG 1.1
    /// appendix F.6: out-of-range radii scaled up, zero radii a line.
    static func addArc(_ path: inout Path, from p0: Point, to p1: Point, rx rx0: Double, ry ry0: Double,
                       rotation: Double, large: Bool, sweep: Bool) {
        if p0 == p1 { return }
        var rx = Swift.abs(rx0), ry = Swift.abs(ry0)
        if rx == 0 || ry == 0 { path.line(to: p1); return }
        let phi = rotation * .pi / 180
        let cs = cos(phi), sn = sin(phi)
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1 = cs * dx + sn * dy, y1 = -sn * dx + cs * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { let s = lambda.squareRoot(); rx *= s; ry *= s }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var coef = den > 0 ? (Swift.max(0, num) / den).squareRoot() : 0
        if large == sweep { coef = -coef }
        let cxp = coef * rx * y1 / ry, cyp = -coef * ry * x1 / rx
        let cx = cs * cxp - sn * cyp + (p0.x + p1.x) / 2
        let cy = sn * cxp + cs * cyp + (p0.y + p1.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let ux = (x1 - cxp) / rx, uy = (y1 - cyp) / ry
        let vx = (-x1 - cxp) / rx, vy = (-y1 - cyp) / ry
        let theta1 = angle(1, 0, ux, uy)
        var delta = angle(ux, uy, vx, vy)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        guard theta1.isFinite, delta.isFinite, cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite else { path.line(to: p1); return }
        let n = Swift.max(1, Int((Swift.abs(delta) / (.pi / 2)).rounded(.up)))
        let step = delta / Double(n)
        let k = 4.0 / 3.0 * tan(step / 4)
        func onEllipse(_ t: Double) -> (Point, Point) {   // point and derivative
            let ct = cos(t), st = sin(t)
            let p = Point(cx + rx * ct * cs - ry * st * sn, cy + rx * ct * sn + ry * st * cs)
            let d = Point(-rx * st * cs - ry * ct * sn, -rx * st * sn + ry * ct * cs)
            return (p, d)
        }
        var t = theta1
        var (a, da) = onEllipse(t)
        for s in 0..<n {
            let t2 = t + step
            var (b, db) = onEllipse(t2)
            if s == n - 1 { b = p1 }
            path.cubic(to: b, control1: a + da * k, control2: b - db * k)
            t = t2; a = b; da = db
        }
    }

    /// A transform list: matrix, translate, scale, rotate (with an optional centre), skewX, skewY.
    static func transform(_ s: String, line: Int) throws -> Affine {
        var sc = ValueScanner(s, what: "transform", line: line)
        var m = Affine.identity
        sc.skipSpace()
        var count = 0
        while !sc.atEnd {
            let start = sc.i
            while let c = sc.peek, (c >= 97 && c <= 122) || (c >= 65 && c <= 90) { sc.i += 1 }
            let name = String(decoding: sc.b[start..<sc.i], as: UTF8.self)
            sc.skipSpace()
            guard sc.peek == 40 else { throw sc.fail("expected '(' after '\(name)' at '\(sc.context(start))'") }
            sc.i += 1; sc.skipSpace()
            var args: [Double] = []
            while sc.atNumber && args.count < 6 { args.append(try sc.number()); sc.skipSeparator() }
            sc.skipSpace()
            guard sc.peek == 41 else { throw sc.fail("expected ')' closing \(name)(…) at '\(sc.context(sc.i))'") }
            sc.i += 1
            let t: Affine
            switch (name, args.count) {
            case ("matrix", 6): t = Affine(a: args[0], b: args[1], c: args[2], d: args[3], tx: args[4], ty: args[5])
            case ("translate", 1): t = .translation(args[0], 0)
            case ("translate", 2): t = .translation(args[0], args[1])
            case ("scale", 1): t = .scale(args[0], args[0])
            case ("scale", 2): t = .scale(args[0], args[1])
            case ("rotate", 1): t = .rotation(args[0] * .pi / 180)
            case ("rotate", 3): t = .rotation(args[0] * .pi / 180, about: Point(args[1], args[2]))
            case ("skewX", 1): t = Affine(a: 1, b: 0, c: tan(args[0] * .pi / 180), d: 1, tx: 0, ty: 0)
            case ("skewY", 1): t = Affine(a: 1, b: tan(args[0] * .pi / 180), c: 0, d: 1, tx: 0, ty: 0)
            default: throw sc.fail("\(name) with \(args.count) numbers is not a transform")
            }
            // The list applies right to left: the last function acts on the element first.
            m = t.concatenating(m)
            sc.skipSeparator()
            count += 1
            if count > 1000 { throw sc.fail("more than 1000 functions") }
        }
        guard m.a.isFinite, m.b.isFinite, m.c.isFinite, m.d.isFinite, m.tx.isFinite, m.ty.isFinite else {
            throw sc.fail("the result is not finite")
        }
        return m
    }

    /// A colour: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() (numbers or percentages, comma or
    /// space separated, "/ alpha"), hsl()/hsla(), a named colour, `transparent`. Nil: not a colour.
    static func color(_ s0: String) -> Color? {
        let s = s0.trimmingSVGSpace().lowercased()
        if s.hasPrefix("#") {
            let hex = Array(s.utf8.dropFirst())
            func h(_ c: UInt8) -> Int? {
                switch c { case 48...57: return Int(c) - 48; case 97...102: return Int(c) - 87; default: return nil }
            }
            let v = hex.compactMap(h)
            guard v.count == hex.count else { return nil }
            switch v.count {
            case 3, 4:
                return Color(r8: UInt8(v[0] * 17), g8: UInt8(v[1] * 17), b8: UInt8(v[2] * 17), a8: UInt8(v.count == 4 ? v[3] * 17 : 255))
            case 6, 8:
                return Color(r8: UInt8(v[0] * 16 + v[1]), g8: UInt8(v[2] * 16 + v[3]), b8: UInt8(v[4] * 16 + v[5]),
                             a8: UInt8(v.count == 8 ? v[6] * 16 + v[7] : 255))
            default: return nil
            }
        }
        if let open = s.firstIndex(of: "("), s.hasSuffix(")") {
            let fn = String(s[..<open]).trimmingSVGSpace()
            let inner = s[s.index(after: open)..<s.index(before: s.endIndex)]
            let parts = inner.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" || $0 == "\t" || $0 == "\n" })
            guard parts.count == 3 || parts.count == 4 else { return nil }
            func comp(_ p: Substring, _ scale: Double) -> Double? {
                if p.hasSuffix("%") { return Double(p.dropLast()).map { $0 / 100 } }
                return Double(p).map { $0 / scale }
            }
            func clamp(_ v: Double) -> Double { v.isFinite ? Swift.min(1, Swift.max(0, v)) : 0 }
            let alpha = parts.count == 4 ? comp(parts[3], 1) : 1
            guard let a = alpha else { return nil }
            switch fn {
            case "rgb", "rgba":
                guard let r = comp(parts[0], 255), let g = comp(parts[1], 255), let bl = comp(parts[2], 255) else { return nil }
                return Color(clamp(r), clamp(g), clamp(bl), clamp(a))
            case "hsl", "hsla":
                guard let hue = Double(parts[0].hasSuffix("deg") ? parts[0].dropLast(3) : parts[0]), hue.isFinite,
                      let sat = comp(parts[1], 100), let lig = comp(parts[2], 100) else { return nil }
                let hh = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
                let l = clamp(lig), sa = clamp(sat)
                let q = l < 0.5 ? l * (1 + sa) : l + sa - l * sa, p = 2 * l - q
                func f(_ t0: Double) -> Double {
                    var t = t0; if t < 0 { t += 1 }; if t > 1 { t -= 1 }
                    if t < 1.0 / 6 { return p + (q - p) * 6 * t }
                    if t < 0.5 { return q }
                    if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
                    return p
                }
                return Color(f(hh + 1.0 / 3), f(hh), f(hh - 1.0 / 3), clamp(a))
            default: return nil
            }
        }
        if s == "transparent" { return .clear }
        guard let v = namedColors[s] else { return nil }
        return Color(r8: UInt8(v >> 16), g8: UInt8((v >> 8) & 255), b8: UInt8(v & 255))
    }

    /// CSS named colours: the 16 basic ones and the common extended ones.
    static let namedColors: [String: UInt32] = [
        "black": 0x000000, "silver": 0xC0C0C0, "gray": 0x808080, "grey": 0x808080, "white": 0xFFFFFF,
        "maroon": 0x800000, "red": 0xFF0000, "purple": 0x800080, "fuchsia": 0xFF00FF, "magenta": 0xFF00FF,
        "green": 0x008000, "lime": 0x00FF00, "olive": 0x808000, "yellow": 0xFFFF00, "navy": 0x000080,
        "blue": 0x0000FF, "teal": 0x008080, "aqua": 0x00FFFF, "cyan": 0x00FFFF, "orange": 0xFFA500,
        "darkgray": 0xA9A9A9, "darkgrey": 0xA9A9A9, "lightgray": 0xD3D3D3, "lightgrey": 0xD3D3D3,
        "dimgray": 0x696969, "dimgrey": 0x696969, "gainsboro": 0xDCDCDC, "whitesmoke": 0xF5F5F5,
        "darkred": 0x8B0000, "firebrick": 0xB22222, "crimson": 0xDC143C, "tomato": 0xFF6347, "coral": 0xFF7F50,
        "salmon": 0xFA8072, "orangered": 0xFF4500, "darkorange": 0xFF8C00, "gold": 0xFFD700, "khaki": 0xF0E68C,
        "pink": 0xFFC0CB, "hotpink": 0xFF69B4, "deeppink": 0xFF1493, "violet": 0xEE82EE, "orchid": 0xDA70D6,
        "plum": 0xDDA0DD, "indigo": 0x4B0082, "darkviolet": 0x9400D3, "darkmagenta": 0x8B008B,
        "darkgreen": 0x006400, "forestgreen": 0x228B22, "seagreen": 0x2E8B57, "limegreen": 0x32CD32,
        "lightgreen": 0x90EE90, "yellowgreen": 0x9ACD32, "olivedrab": 0x6B8E23, "springgreen": 0x00FF7F,
        "darkblue": 0x00008B, "mediumblue": 0x0000CD, "royalblue": 0x4169E1, "steelblue": 0x4682B4,
        "dodgerblue": 0x1E90FF, "deepskyblue": 0x00BFFF, "skyblue": 0x87CEEB, "lightblue": 0xADD8E6,
        "cornflowerblue": 0x6495ED, "slateblue": 0x6A5ACD, "midnightblue": 0x191970, "darkcyan": 0x008B8B,
        "turquoise": 0x40E0D0, "aquamarine": 0x7FFFD4, "slategray": 0x708090, "slategrey": 0x708090,
        "lightslategray": 0x778899, "darkslategray": 0x2F4F4F, "brown": 0xA52A2A, "chocolate": 0xD2691E,
        "sienna": 0xA0522D, "saddlebrown": 0x8B4513, "tan": 0xD2B48C, "beige": 0xF5F5DC, "wheat": 0xF5DEB3,
        "ivory": 0xFFFFF0, "linen": 0xFAF0E6, "lavender": 0xE6E6FA, "mintcream": 0xF5FFFA, "snow": 0xFFFAFA,
        "aliceblue": 0xF0F8FF, "ghostwhite": 0xF8F8FF, "honeydew": 0xF0FFF0, "azure": 0xF0FFFF,
        "rebeccapurple": 0x663399, "goldenrod": 0xDAA520, "peru": 0xCD853F, "lightyellow": 0xFFFFE0,
    ]
}

extension StringProtocol {
    func trimmingSVGSpace() -> String {
        let u = Array(utf8)
        var s = 0, e = u.count
        while s < e && XMLReader.isSpace(u[s]) { s += 1 }
        while e > s && XMLReader.isSpace(u[e - 1]) { e -= 1 }
        return String(decoding: u[s..<e], as: UTF8.self)
    }
}
