// ProgressView: SwiftUI's iOS progress indicators.
// - Indeterminate (no value, or `.circular`): iOS 17's activity indicator — 8 round-ended
//   spokes around a 20-point box (37 with `.controlSize(.large)`), grey (systemGray, or the
//   tint), the head spoke opaque and the ones behind it fading; the head moves one spoke
//   clockwise every 1/8 s (a turn a second), on the screen's clock. The spinner draws itself
//   (ActivityIndicator.swift) and asks for its next frame only when it has just been drawn, so
//   one culled by a scroll view, or gone from the hierarchy, costs no frames.
// - Determinate (a value, `.linear` or `.automatic`): UIProgressView's bar — 4 points tall,
//   round-ended, the tint (accent blue) filling a light grey track (E5E5EA / dark 39393D) from
//   the leading edge; the label above it, the current-value label below it in footnote grey.
//
// Bad input: the fraction is value / total clamped to 0…1; a NaN or negative value is 0, one
// over the total is 1, and a total ≤ 0 or not finite makes the fraction 0 (an empty bar).

/// A view that shows progress towards completing a task, or that work is under way.
///
/// ```swift
/// ProgressView()                                   // the spinner
/// ProgressView("Printing ticket…")
/// ProgressView(value: printed, total: 3) { Text("Tickets") } currentValueLabel: { Text("\(Int(printed)) of 3") }
/// ```
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    let fraction: Double?
    let label: Label?
    let currentValueLabel: CurrentValueLabel?
    @Environment(\.progressViewStyle) private var style

    init(fraction: Double?, label: Label?, currentValueLabel: CurrentValueLabel?) {
        self.fraction = fraction
        self.label = label
        self.currentValueLabel = currentValueLabel
    }

    public var body: some View {
        let configuration = ProgressViewStyleConfiguration(
            fractionCompleted: fraction,
            label: label.map { ProgressViewStyleConfiguration.Label(content: AnyView($0)) },
            currentValueLabel: currentValueLabel.map { ProgressViewStyleConfiguration.CurrentValueLabel(content: AnyView($0)) })
        if let style {
            style.makeBody(configuration)
        } else {
            _DefaultProgress(configuration: configuration)
        }
    }

    /// value / total in 0…1 (see the top of the file); nil stays nil (indeterminate).
    static func fraction<V: BinaryFloatingPoint>(_ value: V?, _ total: V) -> Double? {
        guard let value else { return nil }
        let v = Double(value), t = Double(total)
        guard t.isFinite, t > 0, !v.isNaN else { return 0 }
        return min(1, max(0, v / t))
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// The spinner.
    public init() { self.init(fraction: nil, label: nil, currentValueLabel: nil) }
    /// A bar filled to `value` of `total` (the spinner when `value` is nil).
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(fraction: Self.fraction(value, total), label: nil, currentValueLabel: nil)
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    /// The spinner with a label under it.
    public init(@ViewBuilder label: () -> Label) { self.init(fraction: nil, label: label(), currentValueLabel: nil) }
    /// A labelled bar filled to `value` of `total`.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        self.init(fraction: Self.fraction(value, total), label: label(), currentValueLabel: nil)
    }
}

extension ProgressView {
    /// A bar with a label above it and the current value's label below it.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        self.init(fraction: Self.fraction(value, total), label: label(), currentValueLabel: currentValueLabel())
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    /// The spinner with a text label under it.
    public init<S: StringProtocol>(_ title: S) { self.init(fraction: nil, label: Text(title), currentValueLabel: nil) }
    /// A bar with a text label, filled to `value` of `total`.
    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) {
        self.init(fraction: Self.fraction(value, total), label: Text(title), currentValueLabel: nil)
    }
}

extension ProgressView where Label == ProgressViewStyleConfiguration.Label,
                             CurrentValueLabel == ProgressViewStyleConfiguration.CurrentValueLabel {
    /// The progress view a style was given, drawn in the style around it (a custom style that
    /// decorates the default look: `ProgressView(configuration).padding().background(...)`).
    public init(_ configuration: ProgressViewStyleConfiguration) {
        self.init(fraction: configuration.fractionCompleted, label: configuration.label, currentValueLabel: configuration.currentValueLabel)
    }
}

// MARK: - Styles

/// The look of progress views (`.progressViewStyle(_:)`).
///
/// ```swift
/// struct Ring: ProgressViewStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         Circle().trim(from: 0, to: configuration.fractionCompleted ?? 0).stroke(lineWidth: 4)
///     }
/// }
/// ```
public protocol ProgressViewStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = ProgressViewStyleConfiguration
}

/// What a ProgressViewStyle draws from.
public struct ProgressViewStyleConfiguration {
    /// The label, type-erased.
    public struct Label: View, PrimitiveView {
        let content: AnyView
        public var body: Never { bodyNeverCalled("ProgressViewStyleConfiguration.Label") }
        func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    }
    /// The current-value label, type-erased.
    public struct CurrentValueLabel: View, PrimitiveView {
        let content: AnyView
        public var body: Never { bodyNeverCalled("ProgressViewStyleConfiguration.CurrentValueLabel") }
        func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    }
    /// How much is done, 0…1; nil when unknown (indeterminate).
    public let fractionCompleted: Double?
    public var label: ProgressViewStyleConfiguration.Label?
    public var currentValueLabel: ProgressViewStyleConfiguration.CurrentValueLabel?
}

/// The spinner, whatever the value (as on iOS, where a circular progress view never shows an
/// amount).
public struct CircularProgressViewStyle: ProgressViewStyle {
    let tint: Color?
    public init() { tint = nil }
    public init(tint: Color) { self.tint = tint }
    public func makeBody(configuration: Configuration) -> some View { _SpinnerProgress(configuration: configuration, styleTint: tint) }
}

/// The bar; an unknown amount draws an empty track.
public struct LinearProgressViewStyle: ProgressViewStyle {
    let tint: Color?
    public init() { tint = nil }
    public init(tint: Color) { self.tint = tint }
    public func makeBody(configuration: Configuration) -> some View { _BarProgress(configuration: configuration, styleTint: tint) }
}

/// The platform's default: the spinner for an unknown amount, the bar otherwise.
public struct DefaultProgressViewStyle: ProgressViewStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _DefaultProgress(configuration: configuration) }
}

extension ProgressViewStyle where Self == CircularProgressViewStyle { public static var circular: CircularProgressViewStyle { .init() } }
extension ProgressViewStyle where Self == LinearProgressViewStyle { public static var linear: LinearProgressViewStyle { .init() } }
extension ProgressViewStyle where Self == DefaultProgressViewStyle { public static var automatic: DefaultProgressViewStyle { .init() } }

struct AnyProgressViewStyle {
    let makeBody: (ProgressViewStyleConfiguration) -> AnyView
    init<S: ProgressViewStyle>(_ style: S) {
        makeBody = { configuration in
            // The style's body sees no style: a `ProgressView(configuration)` inside it draws the default look.
            AnyView(_StyleBody(style: style) { style.makeBody(configuration: configuration) }.environment(\.progressViewStyle, nil))
        }
    }
}

struct ProgressViewStyleKey: EnvironmentKey { static let defaultValue: AnyProgressViewStyle? = nil }

extension EnvironmentValues {
    var progressViewStyle: AnyProgressViewStyle? {
        get { self[ProgressViewStyleKey.self] } set { self[ProgressViewStyleKey.self] = newValue }
    }
}

extension View {
    /// Draws the progress views inside this view with `style`.
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        environment(\.progressViewStyle, AnyProgressViewStyle(style))
    }
}

// MARK: - Looks

struct _DefaultProgress: View {
    let configuration: ProgressViewStyleConfiguration
    var body: some View {
        if configuration.fractionCompleted == nil {
            _SpinnerProgress(configuration: configuration, styleTint: nil)
        } else {
            _BarProgress(configuration: configuration, styleTint: nil)
        }
    }
}

/// The spinner, with the label under it in secondary grey.
struct _SpinnerProgress: View {
    let configuration: ProgressViewStyleConfiguration
    let styleTint: Color?
    @Environment(\.tint) private var tint
    @Environment(\.controlSize) private var controlSize

    var body: some View {
        let large = controlSize == .large || controlSize == .extraLarge
        VStack(spacing: 8) {
            ActivityIndicator(large: large, color: styleTint ?? tint ?? Color(uiColor: .systemGray))
            if let label = configuration.label {
                label.foregroundColor(.secondary)
            }
        }
    }
}

/// The bar, with the label above it and the current value's label below it.
struct _BarProgress: View {
    let configuration: ProgressViewStyleConfiguration
    let styleTint: Color?
    @Environment(\.tint) private var tint

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            if let label = configuration.label { label }
            ProgressBarShape(fraction: 1).fill(Color(hex: 0xE5E5EA, darkHex: 0x39393D))
                .overlay(ProgressBarShape(fraction: configuration.fractionCompleted ?? 0).fill(styleTint ?? tint ?? .accentColor))
                .frame(height: 4)
            if let current = configuration.currentValueLabel {
                current.font(.footnote).foregroundColor(.secondary)
            }
        }
    }
}

/// A 4-point capsule from the leading edge, `fraction` of the width long (a plain-data shape,
/// so an unchanged fraction keeps its outline and a changed one redraws only the bar).
struct ProgressBarShape: Shape {
    var fraction: Double
    var animatableData: Double { get { fraction } set { fraction = newValue } }
    func path(in rect: CGRect) -> Path {
        let f = fraction.isFinite ? min(1, max(0, fraction)) : 0
        var p = Path()
        guard f > 0 else { return p }
        let w = rect.width * f
        p.addRoundedRect(in: CGRect(x: rect.minX, y: rect.minY, width: w, height: rect.height),
                         cornerSize: CGSize(width: min(w, rect.height) / 2, height: rect.height / 2))
        return p
    }
}
