// TextStyle: what styles a run of text besides its characters — font and its weight, design and
// slant, colour, tracking/kerning, underline, strikethrough, tabular digits, background — as
// Text's own modifiers set it (`Text("a").bold().underline()`) and as the View modifiers of iOS
// 16 set it for all text inside (`VStack { … }.fontWeight(.semibold).monospacedDigit()`).
// A Text's own style wins over its container's; in `Text + Text` each part's wins over what is
// applied to the sum.

import Raster

/// SwiftUI's `Text.LineStyle`: an underline's or strikethrough's pattern and colour.
extension Text {
    public struct LineStyle: Hashable, Sendable {
        /// The pattern of the line (kiosk draws every pattern solid).
        public enum Pattern: Hashable, Sendable { case solid, dot, dash, dashDot, dashDotDot }
        public var pattern: Pattern
        /// The line's colour (nil: the text's).
        public var color: Color?
        public init(pattern: Pattern = .solid, color: Color? = nil) { self.pattern = pattern; self.color = color }
        /// A solid line in the text's colour.
        public static let single = LineStyle()
    }
}

struct TextStyle: Hashable {
    var font: Font?
    var weight: Font.Weight?
    var isItalic = false
    var color: Color?
    var design: Font.Design?
    var tracking: CGFloat?
    var kerning: CGFloat?
    var underline: Text.LineStyle?
    var strikethrough: Text.LineStyle?
    var monospacedDigit = false
    var monospaced = false
    var background: Color?
    /// A Markdown link: drawn in the tint (the accent colour).
    var isLink = false

    /// This style with `top`'s settings over it.
    func merged(under top: TextStyle) -> TextStyle {
        var s = self
        if let f = top.font { s.font = f }
        if let w = top.weight { s.weight = w }
        if top.isItalic { s.isItalic = true }
        if let c = top.color { s.color = c }
        if let d = top.design { s.design = d }
        if let t = top.tracking { s.tracking = t }
        if let k = top.kerning { s.kerning = k }
        if let u = top.underline { s.underline = u }
        if let u = top.strikethrough { s.strikethrough = u }
        if top.monospacedDigit { s.monospacedDigit = true }
        if top.monospaced { s.monospaced = true }
        if let b = top.background { s.background = b }
        if top.isLink { s.isLink = true }
        return s
    }

    /// Whether text in this style measures as in `other` (colours and lines aside).
    func laysOutLike(_ other: TextStyle) -> Bool {
        font == other.font && weight == other.weight && isItalic == other.isItalic && design == other.design
            && tracking == other.tracking && kerning == other.kerning && monospacedDigit == other.monospacedDigit
            && monospaced == other.monospaced
    }

    /// Whether anything beyond the font is set (then the text is drawn as styled runs).
    var needsRuns: Bool {
        tracking != nil || kerning != nil || underline != nil || strikethrough != nil || monospacedDigit
            || background != nil || isLink
    }

    func resolvedFont(_ env: EnvironmentValues) -> Font {
        var f = font ?? env.font ?? .body
        if let weight { f.weight = weight }
        if isItalic { f.isItalic = true }
        if let design { f.design = design }
        if monospaced { f.design = .monospaced }
        return f
    }

    /// Extra advance after each character, in points (tracking and kerning add up; NaN is 0).
    var extraAdvance: Double {
        let t = Double((tracking ?? 0) + (kerning ?? 0))
        return t.isFinite ? t : 0
    }
}

/// One part of a Text in several styles: `length` Unicode scalars of its string.
struct TextRun: Hashable {
    var length: Int
    var style: TextStyle
}

/// A run with everything resolved for layout and drawing.
struct ResolvedTextRun: Hashable {
    var range: Range<Int>
    var font: Font
    var tracking: Double
    var tabularDigits: Bool
    /// nil: the text's paint.
    var color: Raster.Color?
    var underline: Bool
    var underlineColor: Raster.Color?
    var strikethrough: Bool
    var strikethroughColor: Raster.Color?
    var background: Raster.Color?
}

extension Text {
    /// The runs of styled text (nil when it all draws in one font and paint).
    func resolvedRuns(base: TextStyle, env: EnvironmentValues) -> [ResolvedTextRun]? {
        guard let runs else {
            guard base.needsRuns else { return nil }
            return [resolve(base, range: 0..<string.unicodeScalars.count, env: env)]
        }
        var out: [ResolvedTextRun] = []
        out.reserveCapacity(runs.count)
        var start = 0
        for run in runs {
            let end = start + max(0, run.length)
            out.append(resolve(base.merged(under: run.style), range: start..<end, env: env))
            start = end
        }
        return out
    }

    private func resolve(_ s: TextStyle, range: Range<Int>, env: EnvironmentValues) -> ResolvedTextRun {
        let scheme = env.colorScheme
        let colour: Color? = s.isLink && s.color == nil ? (env.tint ?? .accentColor) : s.color
        return ResolvedTextRun(range: range, font: s.resolvedFont(env), tracking: s.extraAdvance, tabularDigits: s.monospacedDigit,
                               color: colour?.resolved(scheme),
                               underline: s.underline != nil, underlineColor: s.underline?.color?.resolved(scheme),
                               strikethrough: s.strikethrough != nil, strikethroughColor: s.strikethrough?.color?.resolved(scheme),
                               background: s.background?.resolved(scheme))
    }

    /// This text as runs (its own style folded into each).
    var asRuns: [TextRun] {
        guard let runs else { return [TextRun(length: string.unicodeScalars.count, style: style)] }
        return runs.map { TextRun(length: $0.length, style: style.merged(under: $0.style)) }
    }

    /// Text in two styles: `lhs` then `rhs`, laid out as one paragraph.
    ///
    /// ```swift
    /// Text("Total: ") + Text("12,50 €").bold().foregroundColor(.green)
    /// ```
    public static func + (lhs: Text, rhs: Text) -> Text {
        Text(string: lhs.string + rhs.string, runs: lhs.asRuns + rhs.asRuns)
    }

    /// A copy with `edit` applied to its own style.
    func styled(_ edit: (inout TextStyle) -> Void) -> Text { var t = self; edit(&t.style); return t }

    /// Letter spacing added after every character, in points.
    public func tracking(_ tracking: CGFloat) -> Text { styled { $0.tracking = tracking } }
    /// Space added between characters, in points (kiosk: as tracking; SwiftUI's kerning
    /// is applied before ligatures).
    public func kerning(_ kerning: CGFloat) -> Text { styled { $0.kerning = kerning } }
    /// A line under the text (`isActive` false leaves it as it is).
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        isActive ? styled { $0.underline = LineStyle(pattern: pattern, color: color) } : self
    }
    /// A line through the text (`isActive` false leaves it as it is).
    public func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        isActive ? styled { $0.strikethrough = LineStyle(pattern: pattern, color: color) } : self
    }
    /// The font's design (serif, rounded, monospaced).
    public func fontDesign(_ design: Font.Design?) -> Text { styled { $0.design = design } }
    /// Digits of equal width (OpenType `tnum`), so counting numbers do not jiggle.
    public func monospacedDigit() -> Text { styled { $0.monospacedDigit = true } }
    /// The monospaced version of the font (fontconfig's "monospace").
    public func monospaced(_ isActive: Bool = true) -> Text { isActive ? styled { $0.monospaced = true } : self }
    /// The colour of the text (SwiftUI's `foregroundStyle` with a colour).
    public func foregroundStyle(_ color: Color) -> Text { foregroundColor(color) }
    /// Moves the text up by `offset` points (kiosk: accepted, not drawn raised).
    public func baselineOffset(_ offset: CGFloat) -> Text { self }
    /// Sets the text's weight (nil leaves it as it is).
    public func fontWidth(_ width: Font.Width?) -> Text { self }
}

extension Font {
    /// Font widths (kiosk: accepted; fontconfig picks the normal width).
    public struct Width: Hashable, Sendable {
        let value: Double
        public init(_ value: CGFloat) { self.value = Double(value) }
        public static let compressed = Width(-0.3), condensed = Width(-0.2), standard = Width(0), expanded = Width(0.2)
    }
}

struct TextStyleKey: EnvironmentKey { static let defaultValue = TextStyle() }

extension EnvironmentValues {
    /// The text style views inside inherit (from `fontWeight`, `bold`, `monospacedDigit`…).
    var textStyle: TextStyle { get { self[TextStyleKey.self] } set { self[TextStyleKey.self] = newValue } }
}

/// Puts a text style over the one text inside inherits.
struct _TextStyleModifier: EnvironmentModifier {
    let style: TextStyle
    func transform(_ environment: inout EnvironmentValues) { environment.textStyle = environment.textStyle.merged(under: style) }
    static func writeCheck() -> ((Self, EnvironmentValues) -> Bool)? { nil }
}

extension View {
    private func textStyle(_ edit: (inout TextStyle) -> Void) -> some View {
        var s = TextStyle()
        edit(&s)
        return modifier(_TextStyleModifier(style: s))
    }
    /// The weight of text inside this view (nil leaves it as it is).
    public func fontWeight(_ weight: Font.Weight?) -> some View { textStyle { $0.weight = weight } }
    /// The font design of text inside this view.
    public func fontDesign(_ design: Font.Design?) -> some View { textStyle { $0.design = design } }
    /// Bold text inside this view.
    public func bold(_ isActive: Bool = true) -> some View { textStyle { if isActive { $0.weight = .bold } } }
    /// Italic text inside this view.
    public func italic(_ isActive: Bool = true) -> some View { textStyle { $0.isItalic = isActive } }
    /// Monospaced text inside this view.
    public func monospaced(_ isActive: Bool = true) -> some View { textStyle { $0.monospaced = isActive } }
    /// Digits of equal width in text inside this view.
    public func monospacedDigit() -> some View { textStyle { $0.monospacedDigit = true } }
    /// Letter spacing of text inside this view.
    public func tracking(_ tracking: CGFloat) -> some View { textStyle { $0.tracking = tracking } }
    /// Kerning of text inside this view (as tracking).
    public func kerning(_ kerning: CGFloat) -> some View { textStyle { $0.kerning = kerning } }
    /// Underlines text inside this view.
    public func underline(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        textStyle { if isActive { $0.underline = Text.LineStyle(pattern: pattern, color: color) } }
    }
    /// Strikes through text inside this view.
    public func strikethrough(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        textStyle { if isActive { $0.strikethrough = Text.LineStyle(pattern: pattern, color: color) } }
    }
}
