// TextField(_:value:format:): a field that edits a number (or any value a parseable format
// style reads back). As in SwiftUI the field shows the formatted value, the user edits the text
// freely, and the value is written only when the edit is committed — on Return (before
// `onSubmit` runs) or when focus leaves. Text that does not parse leaves the value as it was and
// the field shows it formatted again (SwiftUI does the same); Foundation's lenient parse
// strategies are held to that too ("1,x" is not 1: see the ParseableFormatStyle initializer). The bound value changing from code
// shows at once, with the caret at the end.
//
// Formats: kiosk's number formats (`.number`, `.percent`, `.currency(code:)` with precision and
// grouping, Views/Text/TextFormats.swift; FoundationEssentials on Linux has no number styles),
// read back as en_US writes them ("1,234.5", "25%", "€12.50"); and any `ParseableFormatStyle`
// whose output is a String (Date.ISO8601FormatStyle, a user's own).

extension TextField where Label == Text {
    /// A field editing a number through kiosk's number format, committed on Return or when focus
    /// leaves.
    ///
    /// ```swift
    /// TextField("Quantity", value: $quantity, format: .number)
    /// ```
    public init<S: StringProtocol, V>(_ title: S, value: Binding<V>, format: _KioskNumberFormat<V>, prompt: Text? = nil)
        where V: BinaryInteger {
        self.init(title, value: value, prompt: prompt, show: { format.format($0) }, read: { s in
            format.parse(s).flatMap { $0.isFinite && abs($0) < 9.0e18 ? V(exactly: $0.rounded()) : nil }
        })
    }

    /// A field editing a floating-point number through kiosk's number format.
    ///
    /// ```swift
    /// TextField("Price", value: $price, format: .currency(code: "EUR"))
    /// ```
    public init<S: StringProtocol, V>(_ title: S, value: Binding<V>, format: _KioskNumberFormat<V>, prompt: Text? = nil)
        where V: BinaryFloatingPoint {
        self.init(title, value: value, prompt: prompt, show: { format.format($0) }, read: { s in
            format.parse(s).flatMap { $0.isFinite ? V($0) : nil }
        })
    }

    /// A field editing a value through a parseable format style (SwiftUI's
    /// `TextField(_:value:format:prompt:)`).
    public init<S: StringProtocol, F: ParseableFormatStyle>(_ title: S, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil)
        where F.FormatOutput == String {
        self.init(title, value: value, prompt: prompt, show: { format.format($0) }, read: { s in
            guard let v = try? format.parseStrategy.parse(s) else { return nil }
            // Foundation's parse strategies are lenient: IntegerFormatStyle (which `.number` names
            // for an Int here) reads "1,x" as 1. SwiftUI keeps the last valid value for text that
            // does not parse, so text with a character that is neither a digit, a sign, a
            // separator nor in the value's own formatting ("€", "%", "T") is refused.
            let shown = format.format(v)
            for c in s where !(c.isWhitespace || c.isNumber || "+-.,".contains(c) || shown.contains(c)) { return nil }
            return v
        })
    }

    init<S: StringProtocol, V>(_ title: S, value: Binding<V>, prompt: Text?, show: @escaping (V) -> String, read: @escaping (String) -> V?) {
        self.init(text: .constant(""), prompt: prompt, label: Text(title), axis: .horizontal, isSecure: false, isBare: false)
        formatted = _FormattedValue(
            text: { model in
                Binding(get: { model.formattedText ?? show(value.wrappedValue) }, set: { model.formattedText = $0 })
            },
            commit: { model in
                if let t = model.formattedText, let v = read(t) { value.wrappedValue = v }
                model.formattedText = nil
            })
    }
}

/// A formatted field's value: the binding its text field edits (the text being edited, kept on
/// the field's model, or the value formatted) and the commit when focus leaves.
struct _FormattedValue {
    let text: (TextFieldModel) -> Binding<String>
    let commit: (TextFieldModel) -> Void

    func editingChanged(_ model: TextFieldModel, then other: ((Bool) -> Void)?) -> (Bool) -> Void {
        let commit = self.commit
        return { focused in
            if !focused { commit(model) }
            other?(focused)
        }
    }
}

extension _KioskNumberFormat {
    /// Reads text written the way this format writes it: grouping commas, a currency symbol and
    /// a percent sign are accepted and dropped (a percent of a fractional type divides by 100).
    /// nil for anything else.
    func parse(_ s: String) -> Double? {
        var t = s
        t.removeAll { $0 == "," || $0.isWhitespace }
        if t.hasSuffix("%") { t.removeLast() }
        if case .currency(let code) = kind {
            let symbol = NumberText.currency(code).0
            if t.hasPrefix(symbol) { t.removeFirst(symbol.count) }
            else if t.hasPrefix("-" + symbol) { t = "-" + t.dropFirst(symbol.count + 1) }
        }
        for c in t where !(c.isASCII && (c.isNumber || "+-.eE".contains(c))) { return nil }
        guard !t.isEmpty, let v = Double(t) else { return nil }
        if case .percent = kind {
            // Integers are whole percents ("25%" is 25), fractions are divided ("25%" is 0.25).
            return Value.self is any BinaryInteger.Type ? v : v / 100
        }
        return v
    }
}
