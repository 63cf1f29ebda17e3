// Label: a title beside an icon, as SwiftUI's (icon first, 8 points apart, centred vertically),
// with `labelStyle(.titleOnly / .iconOnly / .titleAndIcon)`.

/// A title with an icon.
///
/// ```swift
/// Label("Favourites", systemImage: "star.fill")
/// Label { Text("Custom") } icon: { Circle().frame(width: 12, height: 12) }
/// ```
public struct Label<Title: View, Icon: View>: View {
    let title: Title
    let icon: Icon
    @Environment(\.labelStyle) private var style

    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    public var body: some View {
        switch style {
        case .titleOnly: title
        case .iconOnly: icon
        case .titleAndIcon: HStack(spacing: 8) { icon; title }
        }
    }
}

extension Label where Title == Text, Icon == Image {
    /// A text title and a symbol (`Image(systemName:)`).
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }
    /// A text title and a PNG image (`Image(_:)`).
    public init<S: StringProtocol>(_ title: S, image name: String) {
        self.init(title: { Text(title) }, icon: { Image(name) })
    }
}

/// How labels show: `.automatic` and `.titleAndIcon` show both.
public struct LabelStyleKind: Hashable, Sendable {
    enum Kind { case titleAndIcon, titleOnly, iconOnly }
    let kind: Kind
    public static let automatic = LabelStyleKind(kind: .titleAndIcon)
    public static let titleAndIcon = LabelStyleKind(kind: .titleAndIcon)
    public static let titleOnly = LabelStyleKind(kind: .titleOnly)
    public static let iconOnly = LabelStyleKind(kind: .iconOnly)
}

struct LabelStyleKey: EnvironmentKey { static let defaultValue = LabelStyleKind.Kind.titleAndIcon }

extension EnvironmentValues {
    var labelStyle: LabelStyleKind.Kind { get { self[LabelStyleKey.self] } set { self[LabelStyleKey.self] = newValue } }
}

extension View {
    /// How labels inside this view show their title and icon.
    public func labelStyle(_ style: LabelStyleKind) -> some View { environment(\.labelStyle, style.kind) }
}

/// A label's two parts, for containers that lay them out themselves (a tab bar's items).
protocol LabelParts {
    var titlePart: any View { get }
    var iconPart: any View { get }
}

extension Label: LabelParts {
    var titlePart: any View { title }
    var iconPart: any View { icon }
}
