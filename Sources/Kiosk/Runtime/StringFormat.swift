// String(format:): printf-style formatting, which SwiftUI code uses for numbers on screen
// (`String(format: "%.1f°", temperature)`, `String(format: "%02d:%02d", m, s)`). Foundation has it,
// FoundationEssentials does not, and Foundation brings ICU (README). Numbers are formatted by the
// C library's vsnprintf one directive at a time, so widths, flags and precisions are C's (and
// Foundation's: "C" locale, '.' decimal point); %@ and %s take any value in Swift.
//
// The arguments are `Any...`, not `CVarArg...`: in a file that also imports Foundation, Foundation's
// more specific `CVarArg...` initializer wins, so such a file formats exactly as before.

#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// Formats `arguments` printf-style.
    ///
    /// ```swift
    /// String(format: "%02d:%02d", minutes, seconds)     // "04:09"
    /// String(format: "%.1f%%", 99.44)                    // "99.4%"
    /// String(format: "%@ has %d items", name, count)
    /// ```
    /// Directives: `%d %i %u %x %X %o %f %F %e %E %g %G %a %A %s %@ %c %%`, with flags `- + space # 0`,
    /// a width and a precision (either may be `*`), positional arguments (`%2$@`) and the length
    /// modifiers `hh h l ll q z t j L`. Integers are C's: without `l`/`ll`/`q`/`z`/`t`/`j` they are
    /// 32-bit (`%d` of 5 000 000 000 prints 705032704, as Foundation does), `h` 16-bit, `hh` 8-bit.
    ///
    /// Mismatches have documented results, never garbage or a crash:
    /// - a floating-point value given to an integer directive is truncated toward zero (NaN and
    ///   infinities give 0); an integer given to a floating-point directive is converted;
    /// - `%@`/`%s` print any value as `String(describing:)`; `nil` prints `(null)`;
    /// - a missing argument, an argument of a kind a directive cannot take (a string for `%d`),
    ///   or an unknown directive leaves the directive in the result as written (`"%d"`), so the
    ///   bug shows on screen; `%n` prints nothing; extra arguments are ignored.
    public init(format: String, _ arguments: Any...) {
        self = StringFormatter.format(format, arguments)
    }

    /// Formats an array of arguments printf-style (see `init(format:_:)`).
    public init(format: String, arguments: [Any]) {
        self = StringFormatter.format(format, arguments)
    }
}

enum StringFormatter {
    private enum Kind { case signed, unsigned, float, text, character }

    static func format(_ format: String, _ arguments: [Any]) -> String {
        let chars = Array(format.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(chars.count + 16)
        var nextArg = 0
        var i = 0
        while i < chars.count {
            let c = chars[i]
            guard c == UInt8(ascii: "%") else { out.append(c); i += 1; continue }
            let start = i
            i += 1
            // %[n$][flags][width][.precision][length]conversion
            var position: Int?
            var j = i, n = 0, sawDigit = false
            while j < chars.count, chars[j] >= 48, chars[j] <= 57 { n = n &* 10 &+ Int(chars[j] - 48); j += 1; sawDigit = true }
            if sawDigit, j < chars.count, chars[j] == UInt8(ascii: "$"), n >= 1 { position = n - 1; i = j + 1 }
            var flags: [UInt8] = []
            while i < chars.count, let f = Optional(chars[i]), f == 45 || f == 43 || f == 32 || f == 35 || f == 48 || f == 39 {
                if f != 39 { flags.append(f) }           // ' (grouping) is ignored: "C" locale
                i += 1
            }
            let arg = { () -> Any?? in
                let k = position ?? nextArg
                if position == nil { nextArg += 1 }
                return k < arguments.count ? .some(unwrap(arguments[k])) : .none
            }
            var width: Int?
            var bad = false
            if i < chars.count, chars[i] == UInt8(ascii: "*") {
                i += 1
                if case .some(let v) = arg(), let w = integer(v as Any) { width = Int(clamping: w) } else { bad = true }
            } else {
                var w = 0, any = false
                while i < chars.count, chars[i] >= 48, chars[i] <= 57 { w = min(w &* 10 &+ Int(chars[i] - 48), 100_000); i += 1; any = true }
                if any { width = w }
            }
            var precision: Int?
            if i < chars.count, chars[i] == UInt8(ascii: ".") {
                i += 1
                if i < chars.count, chars[i] == UInt8(ascii: "*") {
                    i += 1
                    if case .some(let v) = arg(), let p = integer(v as Any) { precision = p < 0 ? nil : Int(clamping: p) } else { bad = true }
                } else {
                    var p = 0
                    while i < chars.count, chars[i] >= 48, chars[i] <= 57 { p = min(p &* 10 &+ Int(chars[i] - 48), 100_000); i += 1 }
                    precision = p
                }
            }
            var bits = 32
            var longDouble = false
            while i < chars.count {
                switch chars[i] {
                case UInt8(ascii: "h"): bits = bits == 16 ? 8 : 16
                case UInt8(ascii: "l"), UInt8(ascii: "q"), UInt8(ascii: "z"), UInt8(ascii: "t"), UInt8(ascii: "j"): bits = 64
                case UInt8(ascii: "L"): longDouble = true
                default: break
                }
                if [UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "q"), UInt8(ascii: "z"), UInt8(ascii: "t"),
                    UInt8(ascii: "j"), UInt8(ascii: "L")].contains(chars[i]) { i += 1 } else { break }
            }
            _ = longDouble
            guard i < chars.count else { out.append(contentsOf: chars[start...]); break }
            let conversion = chars[i]
            i += 1
            let written = chars[start..<i]
            if conversion == UInt8(ascii: "%") { out.append(conversion); continue }
            if conversion == UInt8(ascii: "n") { _ = arg(); continue }
            let kind: Kind
            switch conversion {
            case UInt8(ascii: "d"), UInt8(ascii: "i"): kind = .signed
            case UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"): kind = .unsigned
            case UInt8(ascii: "D"): kind = .signed; bits = 64
            case UInt8(ascii: "U"), UInt8(ascii: "O"): kind = .unsigned; bits = 64
            case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"),
                 UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"): kind = .float
            case UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "@"): kind = .text
            case UInt8(ascii: "c"), UInt8(ascii: "C"): kind = .character
            default:
                out.append(contentsOf: written)      // unknown directive: as written
                continue
            }
            guard !bad, case .some(let value) = arg() else { out.append(contentsOf: written); continue }
            switch kind {
            case .signed, .unsigned:
                guard let v = value.flatMap(integer) else { out.append(contentsOf: written); continue }
                let spec = cSpec(flags, width, precision, length: "ll", conversion: conversion == UInt8(ascii: "D") ? UInt8(ascii: "d") : conversion == UInt8(ascii: "U") ? UInt8(ascii: "u") : conversion == UInt8(ascii: "O") ? UInt8(ascii: "o") : conversion)
                let arg: CVarArg
                if kind == .signed {
                    switch bits {
                    case 8: arg = Int64(Int8(truncatingIfNeeded: v))
                    case 16: arg = Int64(Int16(truncatingIfNeeded: v))
                    case 32: arg = Int64(Int32(truncatingIfNeeded: v))
                    default: arg = Int64(truncatingIfNeeded: v)
                    }
                } else {
                    switch bits {
                    case 8: arg = UInt64(UInt8(truncatingIfNeeded: v))
                    case 16: arg = UInt64(UInt16(truncatingIfNeeded: v))
                    case 32: arg = UInt64(UInt32(truncatingIfNeeded: v))
                    default: arg = UInt64(truncatingIfNeeded: v)
                    }
                }
                out.append(contentsOf: printf(spec, arg))
            case .float:
                guard let v = value.flatMap(floating) else { out.append(contentsOf: written); continue }
                out.append(contentsOf: printf(cSpec(flags, width, precision, length: "", conversion: conversion), v))
            case .text:
                var s = value.map { String(describing: $0) } ?? "(null)"
                if let precision, s.count > precision { s = String(s.prefix(precision)) }
                out.append(contentsOf: pad(s, width: width, left: flags.contains(45)))
            case .character:
                let s: String
                switch value {
                case let ch as Character: s = String(ch)
                case let str as String: s = str.first.map(String.init) ?? ""
                case let sc as Unicode.Scalar: s = String(Character(sc))
                default:
                    guard let v = value.flatMap(integer), let sc = Unicode.Scalar(UInt32(truncatingIfNeeded: v)) else {
                        out.append(contentsOf: written); continue
                    }
                    s = sc.value == 0 ? "" : String(Character(sc))
                }
                out.append(contentsOf: pad(s, width: width, left: flags.contains(45)))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Optional arguments are unwrapped; nil becomes nil.
    private static func unwrap(_ value: Any) -> Any? {
        if let o = value as? any _OptionalArgument { return o.wrapped }
        return value
    }

    private static func integer(_ value: Any) -> Int64? {
        switch value {
        case let v as Int: return Int64(v)
        case let v as Int8: return Int64(v)
        case let v as Int16: return Int64(v)
        case let v as Int32: return Int64(v)
        case let v as Int64: return v
        case let v as UInt: return Int64(truncatingIfNeeded: v)
        case let v as UInt8: return Int64(v)
        case let v as UInt16: return Int64(v)
        case let v as UInt32: return Int64(v)
        case let v as UInt64: return Int64(truncatingIfNeeded: v)
        case let v as Bool: return v ? 1 : 0
        case let v as Double: return truncated(v)
        case let v as Float: return truncated(Double(v))
        case let v as Character: return v.unicodeScalars.first.map { Int64($0.value) }
        default: return nil
        }
    }

    /// Toward zero, clamped to Int64's range; NaN and infinities give 0.
    private static func truncated(_ v: Double) -> Int64 {
        guard v.isFinite else { return 0 }
        if v >= 9.2e18 { return .max }
        if v <= -9.2e18 { return .min }
        return Int64(v)
    }

    private static func floating(_ value: Any) -> Double? {
        switch value {
        case let v as Double: return v
        case let v as Float: return Double(v)
        case let v as Float16: return Double(v)
        default: return integer(value).map(Double.init)
        }
    }

    private static func cSpec(_ flags: [UInt8], _ width: Int?, _ precision: Int?, length: String, conversion: UInt8) -> String {
        var s = "%"
        s += String(decoding: flags, as: UTF8.self)
        if let width { s += String(min(abs(width), 100_000)); if width < 0 { s = "%-" + s.dropFirst() } }
        if let precision { s += "." + String(min(precision, 100_000)) }
        s += length
        s.unicodeScalars.append(Unicode.Scalar(conversion))
        return s
    }

    /// One directive through vsnprintf (sized to fit).
    private static func printf(_ spec: String, _ arg: CVarArg) -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = withVaList([arg]) { vsnprintf(&buffer, buffer.count, spec, $0) }
        if n < 0 { return [] }
        if Int(n) >= buffer.count {
            buffer = [CChar](repeating: 0, count: Int(n) + 1)
            _ = withVaList([arg]) { vsnprintf(&buffer, buffer.count, spec, $0) }
        }
        return buffer.prefix(Int(n)).map { UInt8(bitPattern: $0) }
    }

    private static func pad(_ s: String, width: Int?, left: Bool) -> [UInt8] {
        guard let width else { return Array(s.utf8) }
        let w = min(abs(width), 100_000)
        let count = s.count
        guard count < w else { return Array(s.utf8) }
        let spaces = [UInt8](repeating: 32, count: w - count)
        return (left || width < 0) ? Array(s.utf8) + spaces : spaces + Array(s.utf8)
    }
}

/// Lets `String(format:)` see through an Optional argument boxed as Any.
protocol _OptionalArgument { var wrapped: Any? { get } }
extension Optional: _OptionalArgument {
    var wrapped: Any? {
        switch self {
        case .some(let v): return (v as? any _OptionalArgument)?.wrapped ?? v
        case .none: return nil
        }
    }
}
