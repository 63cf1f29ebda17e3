// `.redacted(reason: .placeholder)`: content shown as a placeholder while its data loads. Kiosk
// redacts text, as SwiftUI does: each line of a redacted Text is drawn as a rounded bar in the
// text's foreground style at 20 % opacity, as wide as the line, 70 % of the line's height,
// corners a quarter of that (Text.swift, `renderRedacted`). Lines are not measured one by one:
// every line but the last is the text box's width, the last the rest of the text's one-line width
// (at least a third of the box). Layout is unchanged (the bars take the text's size). Shapes and
// images are drawn as they are (SwiftUI greys images too). `.privacy` and `.invalidated` are
// recorded in `redactionReasons` and not drawn differently. `.unredacted()` undoes it below.

/// Why a view is redacted.
public struct RedactionReasons: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Placeholder data: text drawn as bars.
    public static let placeholder = RedactionReasons(rawValue: 1 << 0)
    /// Private data (kept; drawn as is).
    public static let privacy = RedactionReasons(rawValue: 1 << 1)
    /// Data that is being updated (kept; drawn as is).
    public static let invalidated = RedactionReasons(rawValue: 1 << 2)
}

struct RedactionReasonsKey: EnvironmentKey { static let defaultValue = RedactionReasons() }

extension EnvironmentValues {
    /// Why the views here are redacted (empty: they are not).
    public var redactionReasons: RedactionReasons {
        get { self[RedactionReasonsKey.self] }
        set { self[RedactionReasonsKey.self] = newValue }
    }
}

extension View {
    /// Redacts this view and its descendants for `reason` (`.placeholder`: text as bars).
    ///
    /// ```swift
    /// Text("You cannot read me").redacted(reason: .placeholder)
    /// ```
    public func redacted(reason: RedactionReasons) -> some View {
        transformEnvironment(\.redactionReasons) { $0.formUnion(reason) }
    }
    /// Removes every redaction reason from this view and its descendants.
    public func unredacted() -> some View {
        environment(\.redactionReasons, RedactionReasons())
    }
}
