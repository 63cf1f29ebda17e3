// `String(localized:)`, which SwiftUI code uses for user-facing strings: Foundation on Linux does
// not have it (swift-corelibs-foundation 6.x has no String catalogs). Kiosk screens ship one
// language, so the key is its own value, interpolations included.

extension String {
    /// The localized string for `keyAndValue`. Kiosk has no string tables: the key itself,
    /// as SwiftUI shows it when no translation is found. `table`, `bundle`, `locale` and
    /// `comment` are accepted and ignored.
    ///
    /// ```swift
    /// Text(String(localized: "Welcome, \(name)"))
    /// ```
    public init(localized keyAndValue: String, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale = .current, comment: StaticString? = nil) {
        self = keyAndValue
    }

    /// The localized string for `key`, or `defaultValue` (kiosk has no string tables).
    public init(localized key: StaticString, defaultValue: String, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale = .current, comment: StaticString? = nil) {
        self = defaultValue
    }
}
