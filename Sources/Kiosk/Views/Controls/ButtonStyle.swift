// Button styles: ButtonStyle (draws the label, sees isPressed; the button keeps the touch
// handling) and PrimitiveButtonStyle (also decides when to trigger), with SwiftUI's built-ins
// `.automatic`, `.plain`, `.borderless`, `.bordered`, `.borderedProminent`, and the environment
// they read: `.tint`, `.controlSize`, `.disabled`.
//
// Built-in looks follow iOS 17 (measured from its screenshots at 1×, rounded to whole points):
// bordered and prominent backgrounds are rounded rectangles, padding and corner radius by
// control size (mini 6×2 r4 · small 10×5 r6 · regular 12×7 r8 · large 16×14 r12 · extraLarge
// 20×16 r14); bordered fills the tint at 15 % with the label in the tint, prominent fills the tint
// with a white label. Pressed: the label (default, borderless, plain) or the whole button
// (bordered, prominent) drawn at 40 %. Disabled: the tint turns grey and the button at 50 %.

/// The look of a button; the button still recognises the touch, so `configuration.isPressed`
/// follows the finger.
///
/// ```swift
/// struct Pill: ButtonStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         configuration.label
///             .padding()
///             .background(Capsule().fill(configuration.isPressed ? Color.gray : Color.blue))
///     }
/// }
/// Button("Go") { … }.buttonStyle(Pill())
/// ```
/// A style that ignores its configuration (draws something else, never reads isPressed) still
/// makes a working button: the touch area is what the style draws, the action runs on a tap.
public protocol ButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = ButtonStyleConfiguration
}

/// What a `ButtonStyle` draws from.
public struct ButtonStyleConfiguration {
    /// The button's label, type-erased.
    public struct Label: View, PrimitiveView {
        let content: AnyView
        public var body: Never { bodyNeverCalled("ButtonStyleConfiguration.Label") }
        func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    }
    public let role: ButtonRole?
    public let label: ButtonStyleConfiguration.Label
    /// True while a finger is down on the button.
    public let isPressed: Bool
}

/// A style that also decides how the button is triggered: call `configuration.trigger()`.
///
/// ```swift
/// struct DoubleTap: PrimitiveButtonStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         configuration.label.onTapGesture(count: 2) { configuration.trigger() }
///     }
/// }
/// ```
public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = PrimitiveButtonStyleConfiguration
}

/// What a `PrimitiveButtonStyle` draws from.
public struct PrimitiveButtonStyleConfiguration {
    public let role: ButtonRole?
    public let label: ButtonStyleConfiguration.Label
    let action: () -> Void
    /// Runs the button's action.
    public func trigger() { action() }
}

/// What a Button hands its style.
struct ButtonInput {
    let label: ButtonStyleConfiguration.Label
    let role: ButtonRole?
    let action: () -> Void
}

/// A button style of either kind, as the environment keeps it.
struct AnyButtonStyle {
    let makeButton: (ButtonInput) -> AnyView
    init<S: ButtonStyle>(_ style: S) {
        makeButton = { AnyView(_StyledButton(style: style, input: $0)) }
    }
    init<S: PrimitiveButtonStyle>(primitive style: S) {
        makeButton = { input in
            let configuration = PrimitiveButtonStyleConfiguration(role: input.role, label: input.label, action: input.action)
            return AnyView(_StyleBody(style: style) { style.makeBody(configuration: configuration) })
        }
    }
}

/// A style's body, evaluated as its own view so the style's `@Environment`/`@State` properties
/// are installed (a style is a struct the button only stores; SwiftUI installs them too:
/// `@Environment(\.isEnabled) var isEnabled` inside a ButtonStyle is common).
struct _StyleBody<Style, Content: View>: View, DynamicPropertyHost {
    let style: Style
    let content: () -> Content
    var body: Content { content() }
    var dynamicPropertySource: Any { style }
}

/// A ButtonStyle's body with the press-tracking tap around it.
struct _StyledButton<Style: ButtonStyle>: View {
    let style: Style
    let input: ButtonInput
    @State private var isPressed = false
    var body: some View {
        let configuration = ButtonStyleConfiguration(role: input.role, label: input.label, isPressed: isPressed)
        let style = self.style
        _StyleBody(style: style) { style.makeBody(configuration: configuration) }
            .contentShape(Rectangle())
            .modifier(_GestureModifier(recipe: GestureRecipe(kind: .tap(count: 1), onTap: input.action,
                                                             onPressingChanged: { isPressed = $0 })))
    }
}

struct ButtonStyleKey: EnvironmentKey { static let defaultValue: AnyButtonStyle? = nil }
struct TintKey: EnvironmentKey { static let defaultValue: Color? = nil }
struct TintGradientKey: EnvironmentKey { static let defaultValue: Gradient? = nil }
struct ControlSizeKey: EnvironmentKey { static let defaultValue = ControlSize.regular }

extension EnvironmentValues {
    var buttonStyle: AnyButtonStyle? {
        get { self[ButtonStyleKey.self] } set { self[ButtonStyleKey.self] = newValue }
    }
    /// The tint of controls (buttons, toggles, sliders); nil means the accent colour.
    public var tint: Color? { get { self[TintKey.self] } set { self[TintKey.self] = newValue } }
    /// A gradient tint (`.tint(Gradient(…))`), drawn along a Gauge's track.
    var tintGradient: Gradient? { get { self[TintGradientKey.self] } set { self[TintGradientKey.self] = newValue } }
    /// The size of controls.
    public var controlSize: ControlSize { get { self[ControlSizeKey.self] } set { self[ControlSizeKey.self] = newValue } }
}

/// Control sizes (`.controlSize(.large)`).
public enum ControlSize: Hashable, Sendable, CaseIterable { case mini, small, regular, large, extraLarge }

extension View {
    /// Draws the buttons inside this view with `style`.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        environment(\.buttonStyle, AnyButtonStyle(style))
    }
    /// Draws (and triggers) the buttons inside this view with `style`.
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        environment(\.buttonStyle, AnyButtonStyle(primitive: style))
    }
    /// Tints controls inside this view (a bordered button's fill, a toggle's on colour).
    public func tint(_ tint: Color?) -> some View { environment(\.tint, tint).environment(\.tintGradient, nil) }
    /// Tints controls with a style (iOS 16). A `Color` is `tint(_:)`; a `Gradient` (or
    /// `AnyGradient`) colours a `Gauge` along its track — around the ring of a circular one,
    /// leading to trailing along a linear one — and other controls with its first colour.
    public func tint<S: ShapeStyle>(_ tint: S?) -> some View {
        var color: Color? = nil, gradient: Gradient? = nil
        if let c = tint as? Color { color = c }
        else if let g = tint as? Gradient { gradient = g }
        else if let g = tint as? AnyGradient { gradient = g.gradient }
        else if tint != nil { Diagnostics.warn("tint(\(S.self)): kiosk tints with a Color or a Gradient; using the accent colour") }
        return environment(\.tint, color ?? gradient?.stops.first?.color).environment(\.tintGradient, gradient)
    }
    /// Sets the size of controls inside this view.
    public func controlSize(_ size: ControlSize) -> some View { environment(\.controlSize, size) }
}

// MARK: Built-in styles

/// A built-in style's body: one view per look, reading the environment.
struct _BuiltinButton: View {
    enum Look { case automatic, plain, bordered, prominent }
    let look: Look
    let configuration: PrimitiveButtonStyleConfiguration
    @State private var isPressed = false
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.tint) private var tint
    @Environment(\.controlSize) private var controlSize
    @Environment(\.foregroundStyle) private var foreground

    private var metrics: (h: CGFloat, v: CGFloat, radius: CGFloat) {
        switch controlSize {
        case .mini: return (6, 2, 4)
        case .small: return (10, 5, 6)
        case .regular: return (12, 7, 8)
        case .large: return (16, 14, 12)
        case .extraLarge: return (20, 16, 14)
        }
    }

    var body: some View {
        let c: Color = !isEnabled ? .gray : configuration.role == .destructive ? .red : (tint ?? .accentColor)
        let pressedOpacity = isPressed ? 0.4 : 1
        let m = metrics
        Group {
            switch look {
            case .automatic:
                configuration.label
                    .modifier(_ForegroundStyleModifier(style: (isEnabled && configuration.role != .destructive && tint == nil ? foreground : nil) ?? AnyShapeStyle(c)))
                    .opacity(pressedOpacity)
            case .plain:
                configuration.label.opacity(isPressed ? 0.4 : isEnabled ? 1 : 0.5)
            case .bordered:
                configuration.label
                    .modifier(_ForegroundStyleModifier(style: AnyShapeStyle(c)))
                    .padding(.horizontal, m.h).padding(.vertical, m.v)
                    .background(RoundedRectangle(cornerRadius: m.radius).fill(c.opacity(0.15)))
                    .opacity(pressedOpacity * (isEnabled ? 1 : 0.5))
            case .prominent:
                configuration.label
                    .modifier(_ForegroundStyleModifier(style: AnyShapeStyle(Color.white)))
                    .padding(.horizontal, m.h).padding(.vertical, m.v)
                    .background(RoundedRectangle(cornerRadius: m.radius).fill(c))
                    .opacity(pressedOpacity * (isEnabled ? 1 : 0.5))
            }
        }
        .contentShape(Rectangle())
        .modifier(_GestureModifier(recipe: GestureRecipe(kind: .tap(count: 1), onTap: configuration.action,
                                                         onPressingChanged: { isPressed = $0 })))
    }
}

/// The platform's default button style (iOS: borderless).
public struct DefaultButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _BuiltinButton(look: .automatic, configuration: configuration) }
}

/// The label in the tint colour, no border; faded while pressed.
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _BuiltinButton(look: .automatic, configuration: configuration) }
}

/// The label as it is (no tint); faded while pressed or disabled.
public struct PlainButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _BuiltinButton(look: .plain, configuration: configuration) }
}

/// A rounded rectangle of the tint at 15 % behind the label in the tint.
public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _BuiltinButton(look: .bordered, configuration: configuration) }
}

/// A rounded rectangle filled with the tint behind a white label.
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _BuiltinButton(look: .prominent, configuration: configuration) }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}
