// Values interpolated into a Text literal as SwiftUI shows them:
// - `Text("\(x, format: .percent)")`: any FormatStyle whose output is a String (kiosk's own
//   `.number`, `.percent`, `.currency(code:)` — TextFormats.swift — or Foundation's);
// - `Text("\(date, style: .time)")`: a date in one of Text's date styles;
// - floating-point numbers as SwiftUI formats them, printf's "%lf" (`Float`: "%f"), so
//   `Text("\(slider)")` reads "10.000000" as on iOS — the reason SwiftUI code writes
//   `specifier: "%.1f"` or `format:`. Integers stay as written ("%lld").
// Non-finite numbers print as the C library prints them ("nan", "inf").

extension LocalizedStringKey.StringInterpolation {
    /// `input` formatted by `format`: `Text("Done: \(share, format: .percent)")`.
    public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
        appendValue(format.format(input))
    }

    /// A date in a Text date style: `Text("Ready at \(ready, style: .time)")` (formatted when
    /// the text is made, as `Text(_:style:)` is in kiosk).
    public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
        appendValue(DateText.format(date, style: style, now: Date()))
    }

    /// A Double as SwiftUI shows it: printf's "%lf", six fraction digits ("0.500000").
    public mutating func appendInterpolation(_ value: Double) { appendValue(String(format: "%lf", value)) }
    /// A Float as SwiftUI shows it: "%f" ("0.500000").
    public mutating func appendInterpolation(_ value: Float) { appendValue(String(format: "%f", Double(value))) }
}
