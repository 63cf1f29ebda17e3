// LabeledContent: a label beside a value, as iOS 16+ draws it — the label leading in the
// primary colour, the value trailing in the secondary grey (a Form row's "Version 17.2").
// Custom looks through LabeledContentStyle, as in SwiftUI.

/// A label and a value beside it.
///
/// ```swift
/// LabeledContent("Table", value: "12")
/// LabeledContent("Total", value: 12.5, format: .currency(code: "EUR"))   // with import Foundation
/// LabeledContent { Image(systemName: "wifi") } label: { Text("Network") }
/// ```
public struct LabeledContent<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    @Environment(\.labeledContentStyle) private var style

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    public var body: some View {
        let configuration = LabeledContentStyleConfiguration(
            label: LabeledContentStyleConfiguration.Label(content: AnyView(label)),
            content: LabeledContentStyleConfiguration.Content(content: AnyView(content)))
        if let style {
            style.makeBody(configuration)
        } else {
            _LabeledContentRow(configuration: configuration)
        }
    }
}

extension LabeledContent where Label == Text {
    /// A text label beside `content`.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(title) })
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// A text label beside a text value.
    public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) {
        self.init(content: { Text(value) }, label: { Text(title) })
    }

    /// A text label beside `value` written by `format` (any Foundation FormatStyle whose
    /// output is a String: `.number`, `.currency(code:)`, `.percent` with `import Foundation`).
    public init<S: StringProtocol, F: FormatStyle>(_ title: S, value: F.FormatInput, format: F)
    where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(content: { Text(format.format(value)) }, label: { Text(title) })
    }
}

/// The look of LabeledContent (`.labeledContentStyle(_:)`).
///
/// ```swift
/// struct Stacked: LabeledContentStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         VStack(alignment: .leading) { configuration.label.font(.caption); configuration.content }
///     }
/// }
/// ```
public protocol LabeledContentStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = LabeledContentStyleConfiguration
}

/// What a LabeledContentStyle draws from.
public struct LabeledContentStyleConfiguration {
    /// The label, type-erased.
    public struct Label: View, PrimitiveView {
        let content: AnyView
        public var body: Never { bodyNeverCalled("LabeledContentStyleConfiguration.Label") }
        func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    }
    /// The value, type-erased.
    public struct Content: View, PrimitiveView {
        let content: AnyView
        public var body: Never { bodyNeverCalled("LabeledContentStyleConfiguration.Content") }
        func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    }
    public let label: LabeledContentStyleConfiguration.Label
    public let content: LabeledContentStyleConfiguration.Content
}

/// iOS's look: label leading, value trailing in the secondary colour.
public struct AutomaticLabeledContentStyle: LabeledContentStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _LabeledContentRow(configuration: configuration) }
}

extension LabeledContentStyle where Self == AutomaticLabeledContentStyle {
    public static var automatic: AutomaticLabeledContentStyle { .init() }
}

/// The label takes the width the value leaves (the value keeps its own width, as iOS's
/// trailing detail text does); `.labelsHidden()` shows the value alone.
struct _LabeledContentRow: View {
    let configuration: LabeledContentStyleConfiguration
    @Environment(\.labelsHidden) private var labelsHidden

    var body: some View {
        HStack(spacing: 8) {
            if !labelsHidden {
                configuration.label.frame(maxWidth: .infinity, alignment: .leading)
            }
            configuration.content
                .foregroundStyle(Color.secondary)
                .multilineTextAlignment(.trailing)
                .fixedSize(horizontal: true, vertical: false)
        }
    }
}

struct AnyLabeledContentStyle {
    let makeBody: (LabeledContentStyleConfiguration) -> AnyView
    init<S: LabeledContentStyle>(_ style: S) {
        makeBody = { configuration in AnyView(_StyleBody(style: style) { style.makeBody(configuration: configuration) }) }
    }
}

struct LabeledContentStyleKey: EnvironmentKey { static let defaultValue: AnyLabeledContentStyle? = nil }

extension EnvironmentValues {
    var labeledContentStyle: AnyLabeledContentStyle? {
        get { self[LabeledContentStyleKey.self] } set { self[LabeledContentStyleKey.self] = newValue }
    }
}

extension View {
    /// Draws the LabeledContent inside this view with `style`.
    public func labeledContentStyle<S: LabeledContentStyle>(_ style: S) -> some View {
        environment(\.labeledContentStyle, AnyLabeledContentStyle(style))
    }
}
