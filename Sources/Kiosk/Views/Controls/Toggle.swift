// Toggle: SwiftUI's iOS switch by default — the label, then a 51×31 capsule (the tint, or green,
// when on; light grey E9E9EB / dark 39393D when off) with a 27-point white knob inset 2 points;
// tapping the switch flips the binding. Custom looks through ToggleStyle, as in SwiftUI.

/// A control that turns a Boolean on and off.
///
/// ```swift
/// Toggle("Sound", isOn: $soundOn)
/// Toggle(isOn: $flag) { Label("Wi-Fi", systemImage: "wifi") }.tint(.blue)
/// ```
public struct Toggle<Label: View>: View {
    let isOn: Binding<Bool>
    let label: Label
    @Environment(\.toggleStyle) private var style

    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    public var body: some View {
        (style ?? AnyToggleStyle(SwitchToggleStyle())).makeBody(
            ToggleStyleConfiguration(label: ToggleStyleConfiguration.Label(content: AnyView(label)), isOn: isOn))
    }
}

extension Toggle where Label == Text {
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// The look and behaviour of toggles (`.toggleStyle(_:)`).
///
/// ```swift
/// struct Checkbox: ToggleStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         HStack { Image(systemName: configuration.isOn ? "checkmark.circle.fill" : "circle"); configuration.label }
///             .onTapGesture { configuration.isOn.toggle() }
///     }
/// }
/// ```
public protocol ToggleStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = ToggleStyleConfiguration
}

/// What a ToggleStyle draws from.
public struct ToggleStyleConfiguration {
    /// The toggle's label, type-erased.
    public struct Label: View, PrimitiveView {
        let content: AnyView
        public var body: Never { bodyNeverCalled("ToggleStyleConfiguration.Label") }
        func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    }
    public let label: ToggleStyleConfiguration.Label
    @Binding public var isOn: Bool
    /// Always false: kiosk has no mixed-state toggles.
    public var isMixed: Bool { false }

    init(label: ToggleStyleConfiguration.Label, isOn: Binding<Bool>) {
        self.label = label
        _isOn = isOn
    }
}

struct AnyToggleStyle {
    let makeBody: (ToggleStyleConfiguration) -> AnyView
    init<S: ToggleStyle>(_ style: S) {
        makeBody = { configuration in AnyView(_StyleBody(style: style) { style.makeBody(configuration: configuration) }) }
    }
}

struct ToggleStyleKey: EnvironmentKey { static let defaultValue: AnyToggleStyle? = nil }
struct LabelsHiddenKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    var toggleStyle: AnyToggleStyle? { get { self[ToggleStyleKey.self] } set { self[ToggleStyleKey.self] = newValue } }
    var labelsHidden: Bool { get { self[LabelsHiddenKey.self] } set { self[LabelsHiddenKey.self] = newValue } }
}

extension View {
    /// Draws the toggles inside this view with `style`.
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View { environment(\.toggleStyle, AnyToggleStyle(style)) }
    /// Hides the labels of toggles and sliders inside this view (they keep no space).
    public func labelsHidden() -> some View { environment(\.labelsHidden, true) }
}

/// iOS's switch.
public struct SwitchToggleStyle: ToggleStyle {
    let tint: Color?
    public init() { tint = nil }
    public init(tint: Color) { self.tint = tint }
    public func makeBody(configuration: Configuration) -> some View { _Switch(configuration: configuration, styleTint: tint) }
}

/// A button that shows whether it is on (bordered-prominent look when on, bordered when off).
public struct ButtonToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        let isOn = configuration.$isOn
        if configuration.isOn {
            Button(action: { isOn.wrappedValue.toggle() }) { configuration.label }.buttonStyle(.borderedProminent)
        } else {
            Button(action: { isOn.wrappedValue.toggle() }) { configuration.label }.buttonStyle(.bordered)
        }
    }
}

extension ToggleStyle where Self == SwitchToggleStyle {
    public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
}
extension ToggleStyle where Self == ButtonToggleStyle {
    public static var button: ButtonToggleStyle { ButtonToggleStyle() }
}
extension ToggleStyle where Self == SwitchToggleStyle {
    /// iOS: the switch.
    public static var automatic: SwitchToggleStyle { SwitchToggleStyle() }
}

struct _Switch: View {
    let configuration: ToggleStyleConfiguration
    let styleTint: Color?
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.labelsHidden) private var labelsHidden
    @Environment(\.isListRowContent) private var inListRow

    var body: some View {
        let on = configuration.isOn
        let binding = configuration.$isOn
        let track = on ? (styleTint ?? tint ?? .green) : Color(hex: 0xE9E9EB, darkHex: 0x39393D)
        HStack(spacing: 8) {
            if !labelsHidden {
                // The label takes the width the switch leaves (a Spacer beside it would halve it).
                configuration.label.frame(maxWidth: .infinity, alignment: .leading)
            }
            ZStack(alignment: on ? .trailing : .leading) {
                Capsule().fill(track).frame(width: 51, height: 31)
                Circle().fill(Color.white)
                    .frame(width: 27, height: 27)
                    .shadow(color: Color(.sRGB, white: 0, opacity: 0.15), radius: 2, x: 0, y: 1)
                    .padding(2)
            }
            .opacity(isEnabled ? 1 : 0.5)
            .contentShape(Rectangle())
            .onTapGesture { binding.wrappedValue.toggle() }
            // Tab reaches the switch, Return or space flips it; its ring while focused by keyboard.
            ._focusRing(.capsule)
            .modifier(_ButtonKeysModifier(action: { binding.wrappedValue.toggle() }))
            // In a List/Form row the switch takes a text line's height (it overhangs into the
            // row's insets), so the row stays 44 points as iOS's does.
            .frame(height: inListRow ? ListRowControlHeight.line : nil)
        }
    }
}
