// Text of values: `Text(12.5, format: .currency(code: "EUR"))`, `Text(0.25, format: .percent)`,
// `Text(date, style: .time)`. FoundationEssentials on Linux has the FormatStyle protocol but
// not its number and date styles (they live in FoundationInternationalization, which needs ICU:
// `3.5.formatted(.number)` does not compile here), so kiosk formats these few itself with the
// C library, as en_US does: "1,234.5", "25%", "€12.50", "9:41 AM", "June 3, 2026". Any other
// FormatStyle (Date.ISO8601FormatStyle, a user's own) is used as it is. Where a file imports
// Foundation, Foundation's `.number`, `.percent` and `.currency` win (kiosk's are disfavoured).
//
// Date styles are formatted when the text is made: SwiftUI keeps `.timer`, `.relative` and
// `.offset` text counting by itself; in kiosk put it in a `TimelineView(.periodic(from:by:))`.

#if canImport(Glibc)
import Glibc
#endif

extension Text {
    /// Text of `input` formatted by `format`.
    ///
    /// ```swift
    /// Text(price, format: .currency(code: "EUR"))
    /// ```
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
        self.init(verbatim: format.format(input))
    }

    /// How `Text(_:style:)` shows a date.
    public struct DateStyle: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case time, date, relative, offset, timer }
        let kind: Kind
        /// The time of day: "9:41 AM".
        public static let time = DateStyle(kind: .time)
        /// The day: "June 3, 2026".
        public static let date = DateStyle(kind: .date)
        /// The time from now: "2 hours, 5 minutes".
        public static let relative = DateStyle(kind: .relative)
        /// The signed time from now: "+2 hours".
        public static let offset = DateStyle(kind: .offset)
        /// A running clock from or to the date: "2:05".
        public static let timer = DateStyle(kind: .timer)
    }

    /// Text of `date` in `style`, formatted when the text is made (see the file's notes).
    ///
    /// ```swift
    /// Text(order.ready, style: .time)
    /// ```
    public init(_ date: Date, style: DateStyle) {
        self.init(verbatim: DateText.format(date, style: style, now: Date()))
    }

    /// Text of the range between two dates: "9:41 AM – 10:15 AM".
    public init(_ dates: ClosedRange<Date>) {
        self.init(verbatim: DateText.format(dates.lowerBound, style: .time, now: Date()) + " – "
                  + DateText.format(dates.upperBound, style: .time, now: Date()))
    }
}

/// The C library's clock and calendar, in the local time zone (TZ).
enum DateText {
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                         "September", "October", "November", "December"]

    static func format(_ date: Date, style: Text.DateStyle, now: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e12 else { return "" }
        var t = time_t(seconds.rounded(.down))
        var parts = tm()
        localtime_r(&t, &parts)
        switch style.kind {
        case .time:
            let h = Int(parts.tm_hour)
            return "\(h % 12 == 0 ? 12 : h % 12):\(pad(Int(parts.tm_min))) \(h < 12 ? "AM" : "PM")"
        case .date:
            return "\(months[Int(parts.tm_mon)]) \(parts.tm_mday), \(Int(parts.tm_year) + 1900)"
        case .relative:
            return duration(abs(seconds - now.timeIntervalSince1970))
        case .offset:
            let d = seconds - now.timeIntervalSince1970
            return (d < 0 ? "-" : "+") + duration(abs(d))
        case .timer:
            let d = Int(abs(seconds - now.timeIntervalSince1970).rounded(.down))
            let h = d / 3600, m = d / 60 % 60, s = d % 60
            return h > 0 ? "\(h):\(pad(m)):\(pad(s))" : "\(m):\(pad(s))"
        }
    }

    static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// The two largest units: "2 hours, 5 minutes", "3 days, 4 hours", "12 seconds".
    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.down))
        let units: [(Int, String)] = [(86_400, "day"), (3600, "hour"), (60, "minute"), (1, "second")]
        var out: [String] = []
        var rest = s
        for (size, name) in units {
            let n = rest / size
            if n > 0 || (out.isEmpty && size == 1) {
                out.append("\(n) \(name)\(n == 1 ? "" : "s")")
                rest -= n * size
            } else if !out.isEmpty {
                break
            }
            if out.count == 2 { break }
        }
        return out.joined(separator: ", ")
    }
}

// MARK: Number styles

/// Kiosk's number format (en_US): `.number`, `.percent`, `.currency(code:)`, with
/// `.precision(.fractionLength(_:))` and `.grouping(.never)`.
public struct _KioskNumberFormat<Value: _KioskFormattable>: FormatStyle {
    enum Kind: Hashable, Codable { case number, percent, currency(String) }
    var kind: Kind
    var minFraction: Int?
    var maxFraction: Int?
    var grouping = true

    /// How many digits follow the decimal point.
    public struct Precision: Hashable, Sendable {
        let lower: Int, upper: Int
        /// Exactly `length` digits.
        public static func fractionLength(_ length: Int) -> Precision { Precision(lower: max(0, length), upper: max(0, length)) }
        /// Between the range's bounds, trailing zeros dropped down to the lower one.
        public static func fractionLength(_ range: ClosedRange<Int>) -> Precision {
            Precision(lower: max(0, range.lowerBound), upper: max(0, range.upperBound))
        }
    }
    /// Whether thousands are grouped.
    public enum Grouping: Hashable, Sendable { case automatic, never }

    public func precision(_ p: Precision) -> Self { var f = self; f.minFraction = p.lower; f.maxFraction = min(15, p.upper); return f }
    public func grouping(_ g: Grouping) -> Self { var f = self; f.grouping = g == .automatic; return f }

    public func format(_ value: Value) -> String {
        let v = value._kioskDouble
        switch kind {
        case .number:
            return NumberText.format(v, min: minFraction ?? 0, max: maxFraction ?? (value._kioskIsInteger ? 0 : 6), grouping: grouping)
        case .percent:
            // Integers are whole percents (Foundation: 25.formatted(.percent) is "25%").
            let p = value._kioskIsInteger ? v : v * 100
            return NumberText.format(p, min: minFraction ?? 0, max: maxFraction ?? (value._kioskIsInteger ? 0 : 6), grouping: grouping) + "%"
        case .currency(let code):
            let (symbol, digits) = NumberText.currency(code)
            let body = NumberText.format(abs(v), min: minFraction ?? digits, max: maxFraction ?? digits, grouping: grouping)
            return (v < 0 ? "-" : "") + symbol + body
        }
    }
}

/// The numbers kiosk's number formats take.
public protocol _KioskFormattable: Hashable, Codable {
    var _kioskDouble: Double { get }
    var _kioskIsInteger: Bool { get }
}
extension Int: _KioskFormattable {
    public var _kioskDouble: Double { Double(self) }
    public var _kioskIsInteger: Bool { true }
}
extension Double: _KioskFormattable {
    public var _kioskDouble: Double { self }
    public var _kioskIsInteger: Bool { false }
}
extension Float: _KioskFormattable {
    public var _kioskDouble: Double { Double(self) }
    public var _kioskIsInteger: Bool { false }
}

extension FormatStyle where Self == _KioskNumberFormat<Double> {
    /// A number: "1,234.5" (up to 6 fraction digits, trailing zeros dropped).
    @_disfavoredOverload public static var number: Self { .init(kind: .number) }
    /// A fraction as a percentage: 0.25 → "25%".
    @_disfavoredOverload public static var percent: Self { .init(kind: .percent) }
    /// An amount of `code` (ISO 4217): "€12.50", "$3.00", "¥500", "CHF 4.20".
    @_disfavoredOverload public static func currency(code: String) -> Self { .init(kind: .currency(code)) }
}
extension FormatStyle where Self == _KioskNumberFormat<Int> {
    @_disfavoredOverload public static var number: Self { .init(kind: .number) }
    /// A whole number of percent: 25 → "25%".
    @_disfavoredOverload public static var percent: Self { .init(kind: .percent) }
    @_disfavoredOverload public static func currency(code: String) -> Self { .init(kind: .currency(code)) }
}
extension FormatStyle where Self == _KioskNumberFormat<Float> {
    @_disfavoredOverload public static var number: Self { .init(kind: .number) }
    @_disfavoredOverload public static var percent: Self { .init(kind: .percent) }
    @_disfavoredOverload public static func currency(code: String) -> Self { .init(kind: .currency(code)) }
}

enum NumberText {
    /// `v` with between `min` and `max` fraction digits (rounded half to even by printf),
    /// thousands grouped with ",". NaN and infinities print as "NaN", "∞", "-∞".
    static func format(_ v: Double, min lo: Int, max hi: Int, grouping: Bool) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v < 0 ? "-∞" : "∞" }
        let hi = Swift.max(0, Swift.min(15, hi)), lo = Swift.max(0, Swift.min(lo, hi))
        var s = String(format: "%.\(hi)f", v)
        if hi > lo, let dot = s.firstIndex(of: ".") {
            var end = s.endIndex
            let minEnd = s.index(dot, offsetBy: lo + (lo > 0 ? 1 : 0))
            while end > minEnd, s[s.index(before: end)] == "0" { end = s.index(before: end) }
            if end > dot, s.index(after: dot) == end, lo == 0 { end = dot }
            s = String(s[..<end])
        }
        // A negative number that rounds to zero prints without its sign.
        if s.hasPrefix("-"), !s.contains(where: { $0 >= "1" && $0 <= "9" }) { s.removeFirst() }
        guard grouping else { return s }
        let negative = s.hasPrefix("-")
        if negative { s.removeFirst() }
        let intEnd = s.firstIndex(of: ".") ?? s.endIndex
        var digits = Array(s[..<intEnd])
        var i = digits.count - 3
        while i > 0 { digits.insert(",", at: i); i -= 3 }
        return (negative ? "-" : "") + String(digits) + s[intEnd...]
    }

    /// A currency's symbol and its usual fraction digits.
    static func currency(_ code: String) -> (String, Int) {
        switch code.uppercased() {
        case "USD": return ("$", 2)
        case "EUR": return ("€", 2)
        case "GBP": return ("£", 2)
        case "JPY": return ("¥", 0)
        case "INR": return ("₹", 2)
        case "KRW": return ("₩", 0)
        case "CNY": return ("CN¥", 2)
        default: return (code.uppercased() + " ", 2)
        }
    }
}
