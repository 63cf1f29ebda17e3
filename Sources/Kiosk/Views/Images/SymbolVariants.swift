// SymbolVariants: `.symbolVariant(.fill)` — SwiftUI draws symbol images inside in their filled
// variant. Kiosk's symbols are its own paths (SystemSymbols.swift), so a variant applies where
// the set has it: "house" with `.fill` draws "house.fill"; a name whose variant kiosk lacks
// draws as named. A tab bar fills its items' symbols, as iOS's does.

/// A variant of a symbol (filled, circled…).
public struct SymbolVariants: Hashable, Sendable {
    let suffix: String
    /// The symbol as named.
    public static let none = SymbolVariants(suffix: "")
    /// The filled variant ("heart" → "heart.fill").
    public static let fill = SymbolVariants(suffix: ".fill")
    /// The circled variant ("plus" → "plus.circle").
    public static let circle = SymbolVariants(suffix: ".circle")
    /// The squared variant ("checkmark" → "checkmark.square").
    public static let square = SymbolVariants(suffix: ".square")
    /// The same variant, filled.
    public var fill: SymbolVariants { SymbolVariants(suffix: suffix + ".fill") }

    /// `name` in this variant when kiosk draws it, else `name`.
    func apply(to name: String) -> String {
        if suffix.isEmpty || name.hasSuffix(suffix) { return name }
        let varied = name + suffix
        return SystemSymbols.names.contains(varied) ? varied : name
    }
}

struct SymbolVariantsKey: EnvironmentKey { static let defaultValue = SymbolVariants.none }

extension EnvironmentValues {
    /// The variant symbol images inside draw in.
    public var symbolVariants: SymbolVariants {
        get { self[SymbolVariantsKey.self] } set { self[SymbolVariantsKey.self] = newValue }
    }
}

extension View {
    /// Draws symbol images inside this view in `variant` where kiosk has it.
    ///
    /// ```swift
    /// Image(systemName: "heart").symbolVariant(.fill)
    /// ```
    public func symbolVariant(_ variant: SymbolVariants) -> some View { environment(\.symbolVariants, variant) }
}
