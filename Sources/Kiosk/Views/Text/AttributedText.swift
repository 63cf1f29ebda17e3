// Text(AttributedString): FoundationEssentials' AttributedString works on Linux (it needs no
// ICU), so kiosk declares SwiftUI's attribute scope — `font`, `foregroundColor`,
// `backgroundColor`, `underlineStyle`, `strikethroughStyle`, `kern`, `tracking` — and Text shows
// each run in its style; Foundation's `link` draws in the tint. Other attributes are ignored.
//
// ```swift
// var s = AttributedString("Sold out")
// s.foregroundColor = .red
// s.strikethroughStyle = .single
// Text(s)
// ```

extension AttributeScopes {
    /// SwiftUI's text attributes.
    public struct SwiftUIAttributes: AttributeScope {
        public let font: FontAttribute
        public let foregroundColor: ForegroundColorAttribute
        public let backgroundColor: BackgroundColorAttribute
        public let underlineStyle: UnderlineStyleAttribute
        public let strikethroughStyle: StrikethroughStyleAttribute
        public let kern: KerningAttribute
        public let tracking: TrackingAttribute
        public let foundation: FoundationAttributes

        public enum FontAttribute: AttributedStringKey {
            public typealias Value = Font
            public static let name = "SwiftUI.Font"
        }
        public enum ForegroundColorAttribute: AttributedStringKey {
            public typealias Value = Color
            public static let name = "SwiftUI.ForegroundColor"
        }
        public enum BackgroundColorAttribute: AttributedStringKey {
            public typealias Value = Color
            public static let name = "SwiftUI.BackgroundColor"
        }
        public enum UnderlineStyleAttribute: AttributedStringKey {
            public typealias Value = Text.LineStyle
            public static let name = "SwiftUI.UnderlineStyle"
        }
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            public typealias Value = Text.LineStyle
            public static let name = "SwiftUI.StrikethroughStyle"
        }
        public enum KerningAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "SwiftUI.Kern"
        }
        public enum TrackingAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = "SwiftUI.Tracking"
        }
    }

    /// SwiftUI's text attributes (`AttributedString.foregroundColor` and the rest).
    public var swiftUI: SwiftUIAttributes.Type { SwiftUIAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.SwiftUIAttributes, T>) -> T {
        self[T.self]
    }
}

extension Text {
    /// Text of an attributed string, each run in its own style.
    /// (Disfavoured: AttributedString is a string literal too, and a literal is Markdown text.)
    @_disfavoredOverload public init(_ attributedContent: AttributedString) {
        typealias A = AttributeScopes.SwiftUIAttributes
        var string = ""
        var runs: [TextRun] = []
        for run in attributedContent.runs {
            let part = String(attributedContent[run.range].characters)
            var style = TextStyle()
            style.font = run[A.FontAttribute.self]
            style.color = run[A.ForegroundColorAttribute.self]
            style.background = run[A.BackgroundColorAttribute.self]
            style.underline = run[A.UnderlineStyleAttribute.self]
            style.strikethrough = run[A.StrikethroughStyleAttribute.self]
            style.kerning = run[A.KerningAttribute.self]
            style.tracking = run[A.TrackingAttribute.self]
            if run.link != nil { style.isLink = true }
            string += part
            let n = part.unicodeScalars.count
            if n > 0 { runs.append(TextRun(length: n, style: style)) }
        }
        self.init(string: string, runs: runs.isEmpty ? nil : runs)
    }
}
