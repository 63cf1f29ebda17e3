// Form: SwiftUI's container for settings and data entry. On iOS a Form is a List in the
// inset-grouped style — grouped grey background, white cards with 10-point corners inset 16
// points (20 on lists 414 points wide or more), 44-point rows, separators from the text's
// leading edge, uppercase footnote-grey headers and footnote-grey footers — and that is what
// kiosk draws: the form's content is flattened into rows by List's machinery (Section,
// ForEach, Group, if/else), so everything List rows accept (`.listRowBackground`,
// `.listRowSeparator`, `.listRowInsets`) works in a Form.
//
// Controls in a row lay out as iOS's do: a Toggle's label leading and its switch trailing, a
// Stepper's likewise, LabeledContent's value trailing in grey, and a Button with no style of
// its own is the row itself (tinted text, the whole row tappable, grey while pressed).
//
// Styles: `.automatic` and `.grouped` are this look; `.columns` (macOS's label column) is drawn
// grouped too. A custom FormStyle receives the content and draws it as it likes.

/// A container of grouped controls for data entry, drawn as iOS draws it.
///
/// ```swift
/// Form {
///     Section("Guest") {
///         LabeledContent("Name", value: guest.name)
///         Stepper("Party of \(guests)", value: $guests, in: 1...8)
///         Toggle("Needs parking", isOn: $parking)
///     }
///     Section { Button("Check in") { checkIn() } } footer: { Text("We'll text you when your table is ready.") }
/// }
/// ```
public struct Form<Content: View>: View {
    let content: Content
    @Environment(\.formStyle) private var style

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public var body: some View {
        let configuration = FormStyleConfiguration(content: FormStyleConfiguration.Content(content: AnyView(content)))
        if let style {
            style.makeBody(configuration)
        } else {
            _GroupedForm(configuration: configuration)
        }
    }
}

/// The look of a Form (`.formStyle(_:)`).
///
/// ```swift
/// struct Card: FormStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         VStack(alignment: .leading, spacing: 12) { configuration.content }.padding()
///     }
/// }
/// ```
public protocol FormStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = FormStyleConfiguration
}

/// What a FormStyle draws from.
public struct FormStyleConfiguration {
    /// The form's content, type-erased; inside a List its sections and rows are the List's.
    public struct Content: View, PrimitiveView, ListRowsContainer {
        let content: AnyView
        public var body: Never { bodyNeverCalled("FormStyleConfiguration.Content") }
        func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    }
    /// The form's content.
    public let content: FormStyleConfiguration.Content
}

/// iOS's form: the content as an inset-grouped List.
public struct GroupedFormStyle: FormStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _GroupedForm(configuration: configuration) }
}

/// The platform's default: grouped on iOS.
public struct AutomaticFormStyle: FormStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _GroupedForm(configuration: configuration) }
}

/// macOS's two-column form; kiosk draws it grouped, as iPhone-sized screens have no room for
/// a label column.
public struct ColumnsFormStyle: FormStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _GroupedForm(configuration: configuration) }
}

extension FormStyle where Self == AutomaticFormStyle { public static var automatic: AutomaticFormStyle { .init() } }
extension FormStyle where Self == GroupedFormStyle { public static var grouped: GroupedFormStyle { .init() } }
extension FormStyle where Self == ColumnsFormStyle { public static var columns: ColumnsFormStyle { .init() } }

/// The grouped form: an inset-grouped List of the content, whatever list style is around it
/// (a Form inside a `.listStyle(.plain)` view is still grouped on iOS).
struct _GroupedForm: View {
    let configuration: FormStyleConfiguration
    var body: some View { List { configuration.content }.listStyle(.insetGrouped) }
}

/// A form style as the environment keeps it.
struct AnyFormStyle {
    let makeBody: (FormStyleConfiguration) -> AnyView
    init<S: FormStyle>(_ style: S) {
        makeBody = { configuration in AnyView(_StyleBody(style: style) { style.makeBody(configuration: configuration) }) }
    }
}

struct FormStyleKey: EnvironmentKey { static let defaultValue: AnyFormStyle? = nil }

extension EnvironmentValues {
    var formStyle: AnyFormStyle? { get { self[FormStyleKey.self] } set { self[FormStyleKey.self] = newValue } }
}

extension View {
    /// Draws the forms inside this view with `style`.
    public func formStyle<S: FormStyle>(_ style: S) -> some View { environment(\.formStyle, AnyFormStyle(style)) }
}
