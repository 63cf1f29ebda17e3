// Font: SwiftUI's text styles and system fonts. Sizes are iOS's defaults at the "large"
// Dynamic Type setting (body 17 points).

/// A font: a text style or an explicit size, with weight, design and italic.
///
/// ```swift
/// Text("Title").font(.title)
/// Text("Price").font(.system(size: 48, weight: .bold))
/// ```
public struct Font: Hashable, Sendable {
    var size: CGFloat
    var weight: Weight
    var design: Design
    var isItalic: Bool
    /// A family name for `.custom`; nil is the system sans-serif.
    var family: String?

    /// Font weights, as SwiftUI's.
    public struct Weight: Hashable, Sendable, Comparable {
        /// CSS-style weight, 100…900.
        let value: Int
        public static let ultraLight = Weight(value: 100)
        public static let thin = Weight(value: 200)
        public static let light = Weight(value: 300)
        public static let regular = Weight(value: 400)
        public static let medium = Weight(value: 500)
        public static let semibold = Weight(value: 600)
        public static let bold = Weight(value: 700)
        public static let heavy = Weight(value: 800)
        public static let black = Weight(value: 900)
        public static func < (a: Weight, b: Weight) -> Bool { a.value < b.value }
    }

    /// Font designs; kiosk maps them to fontconfig generic families.
    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }

    init(size: CGFloat, weight: Weight = .regular, design: Design = .default, italic: Bool = false, family: String? = nil) {
        self.size = size.isFinite && size > 0 ? min(size, 2000) : 17
        self.weight = weight; self.design = design; self.isItalic = italic; self.family = family
    }

    public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
        Font(size: size, weight: weight, design: design)
    }
    public static func system(_ style: Font, design: Design = .default) -> Font { var f = style; f.design = design; return f }
    /// A font family by name (fontconfig matches it; falls back to the system font).
    public static func custom(_ name: String, size: CGFloat) -> Font { Font(size: size, family: name) }

    public static let largeTitle = Font(size: 34)
    public static let title = Font(size: 28)
    public static let title2 = Font(size: 22)
    public static let title3 = Font(size: 20)
    public static let headline = Font(size: 17, weight: .semibold)
    public static let subheadline = Font(size: 15)
    public static let body = Font(size: 17)
    public static let callout = Font(size: 16)
    public static let footnote = Font(size: 13)
    public static let caption = Font(size: 12)
    public static let caption2 = Font(size: 11)

    public func weight(_ weight: Weight) -> Font { var f = self; f.weight = weight; return f }
    public func bold() -> Font { weight(.bold) }
    public func italic() -> Font { var f = self; f.isItalic = true; return f }
    public func monospaced() -> Font { var f = self; f.design = .monospaced; return f }
}

/// How lines of multi-line text align.
public enum TextAlignment: Hashable, Sendable, CaseIterable { case leading, center, trailing }

struct FontKey: EnvironmentKey { static let defaultValue: Font? = nil }
struct MultilineAlignmentKey: EnvironmentKey { static let defaultValue = TextAlignment.leading }
struct LineLimitKey: EnvironmentKey { static let defaultValue: Int? = nil }
struct LineSpacingKey: EnvironmentKey { static let defaultValue: CGFloat = 0 }

extension EnvironmentValues {
    /// The default font of text in this view (body when nil).
    public var font: Font? { get { self[FontKey.self] } set { self[FontKey.self] = newValue } }
    public var multilineTextAlignment: TextAlignment {
        get { self[MultilineAlignmentKey.self] } set { self[MultilineAlignmentKey.self] = newValue }
    }
    public var lineLimit: Int? { get { self[LineLimitKey.self] } set { self[LineLimitKey.self] = newValue } }
    public var lineSpacing: CGFloat { get { self[LineSpacingKey.self] } set { self[LineSpacingKey.self] = newValue } }
}

extension View {
    /// Sets the default font of text inside this view.
    public func font(_ font: Font?) -> some View { environment(\.font, font) }
    /// How multi-line text inside this view aligns its lines.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { environment(\.multilineTextAlignment, alignment) }
    /// The most lines text inside this view shows (nil: no limit); the last one ends in "…".
    public func lineLimit(_ number: Int?) -> some View {
        if let n = number, n < 1 {
            Diagnostics.warn("lineLimit(\(n)) is below 1; using 1")
            return environment(\.lineLimit, 1)
        }
        return environment(\.lineLimit, number)
    }
    /// Extra space between lines of text.
    public func lineSpacing(_ spacing: CGFloat) -> some View { environment(\.lineSpacing, spacing) }
}
