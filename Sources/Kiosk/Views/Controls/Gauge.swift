// Gauge: SwiftUI's iOS 16+ gauge, a value within a range, in the looks of iOS's widgets.
// - `.accessoryCircular`: a 270° open ring (58-point box, 6-point round-ended stroke, the gap at
//   the bottom) in the tint (systemGray3 when none), a marker at the value — a dot in the label
//   colour inside a halo of the background that cuts the ring — the current value's label in
//   the middle, the minimum and maximum labels in the gap's corners (the label there when
//   neither is given).
// - `.accessoryCircularCapacity`: a full ring, its track the tint at 30 %, filled clockwise
//   from the top to the value; the current value's label (or the label) in the middle.
// - `.linearCapacity` (`.automatic` on iOS): the label above a 6-point capsule filled to the
//   value in the tint over a light grey track, the bounds labels at its ends, the current value's
//   label below it in footnote grey.
// - `.accessoryLinear`: a 6-point track in the tint at 30 % with the marker at the value (no
//   fill); `.accessoryLinearCapacity`: the same bar filled to the value. Both put the label
//   and current value's label on one line above the bar (leading, trailing).
// - `.tint(Gradient(…))`: the gradient along the track — around the circular ring (over its 270°
//   from the minimum, or the full turn from the top for the capacity ring), leading to trailing
//   along a linear bar (the track at 30 %, the fill showing the gradient's part up to the value).
//
// Bad input: the fraction is (value − lower) / (upper − lower) clamped to 0…1; a NaN value, an
// empty range (lower == upper) or one with a NaN bound gives 0 (the gauge at its minimum).

/// A view that shows a value within a range.
///
/// ```swift
/// Gauge(value: occupancy, in: 0...40) { Text("Seats") } currentValueLabel: { Text("\(Int(occupancy))") }
///     .gaugeStyle(.accessoryCircular)
/// Gauge(value: battery) { Text("Battery") }      // .linearCapacity on iOS
/// ```
public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View, MarkedValueLabels: View>: View {
    let fraction: Double
    let label: Label
    let currentValueLabel: CurrentValueLabel?
    let minimumValueLabel: BoundsLabel?
    let maximumValueLabel: BoundsLabel?
    @Environment(\.gaugeStyle) private var style

    init(fraction: Double, label: Label, current: CurrentValueLabel?, minimum: BoundsLabel?, maximum: BoundsLabel?) {
        self.fraction = fraction
        self.label = label
        currentValueLabel = current
        minimumValueLabel = minimum
        maximumValueLabel = maximum
    }

    /// (value − lower) / (upper − lower) in 0…1 (see the top of the file).
    static func fraction<V: BinaryFloatingPoint>(_ value: V, _ bounds: ClosedRange<V>) -> Double {
        let v = Double(value), lo = Double(bounds.lowerBound), hi = Double(bounds.upperBound)
        let span = hi - lo
        guard span > 0, span.isFinite, !v.isNaN else { return 0 }
        return min(1, max(0, (v - lo) / span))
    }

    public var body: some View {
        let configuration = GaugeStyleConfiguration(
            value: fraction,
            label: GaugeStyleConfiguration.Label(content: AnyView(label)),
            currentValueLabel: currentValueLabel.map { GaugeStyleConfiguration.CurrentValueLabel(content: AnyView($0)) },
            minimumValueLabel: minimumValueLabel.map { GaugeStyleConfiguration.MarkedValueLabel(content: AnyView($0)) },
            maximumValueLabel: maximumValueLabel.map { GaugeStyleConfiguration.MarkedValueLabel(content: AnyView($0)) })
        if let style {
            style.makeBody(configuration)
        } else {
            _LinearGauge(configuration: configuration, look: .capacity)
        }
    }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    /// A gauge of `value` in `bounds` with a label.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(fraction: Self.fraction(value, bounds), label: label(), current: nil, minimum: nil, maximum: nil)
    }
}

extension Gauge where BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    /// A gauge with a label and the current value's label.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        self.init(fraction: Self.fraction(value, bounds), label: label(), current: currentValueLabel(), minimum: nil, maximum: nil)
    }
}

extension Gauge where MarkedValueLabels == EmptyView {
    /// A gauge with a label, the current value's label and labels for the range's ends.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
                                        @ViewBuilder minimumValueLabel: () -> BoundsLabel,
                                        @ViewBuilder maximumValueLabel: () -> BoundsLabel) {
        self.init(fraction: Self.fraction(value, bounds), label: label(), current: currentValueLabel(),
                  minimum: minimumValueLabel(), maximum: maximumValueLabel())
    }
}

// MARK: - Styles

/// The look of gauges (`.gaugeStyle(_:)`).
///
/// ```swift
/// struct Thermometer: GaugeStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         VStack { configuration.currentValueLabel; Capsule().frame(width: 8, height: 80 * configuration.value) }
///     }
/// }
/// ```
public protocol GaugeStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = GaugeStyleConfiguration
}

/// What a GaugeStyle draws from.
public struct GaugeStyleConfiguration {
    /// The gauge's label, type-erased.
    public struct Label: View, PrimitiveView {
        let content: AnyView
        public var body: Never { bodyNeverCalled("GaugeStyleConfiguration.Label") }
        func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    }
    /// The current value's label, type-erased.
    public struct CurrentValueLabel: View, PrimitiveView {
        let content: AnyView
        public var body: Never { bodyNeverCalled("GaugeStyleConfiguration.CurrentValueLabel") }
        func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    }
    /// A bound's label, type-erased.
    public struct MarkedValueLabel: View, PrimitiveView {
        let content: AnyView
        public var body: Never { bodyNeverCalled("GaugeStyleConfiguration.MarkedValueLabel") }
        func makeChildren(_ list: inout ChildList) { list.append(content, key: 0) }
    }
    /// Where the value is in the range, 0…1.
    public let value: Double
    public var label: GaugeStyleConfiguration.Label
    public var currentValueLabel: GaugeStyleConfiguration.CurrentValueLabel?
    public var minimumValueLabel: GaugeStyleConfiguration.MarkedValueLabel?
    public var maximumValueLabel: GaugeStyleConfiguration.MarkedValueLabel?
}

/// The platform's default: `.linearCapacity` on iOS.
public struct DefaultGaugeStyle: GaugeStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _LinearGauge(configuration: configuration, look: .capacity) }
}
/// A bar filled to the value, its label above.
public struct LinearCapacityGaugeStyle: GaugeStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _LinearGauge(configuration: configuration, look: .capacity) }
}
/// The rectangular widget's bar with a marker at the value.
public struct LinearGaugeStyle: GaugeStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _LinearGauge(configuration: configuration, look: .accessory) }
}
/// The rectangular widget's bar filled to the value.
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _LinearGauge(configuration: configuration, look: .accessoryCapacity) }
}
/// The circular widget's 270° open ring with a marker at the value.
public struct AccessoryCircularGaugeStyle: GaugeStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _CircularGauge(configuration: configuration, capacity: false) }
}
/// The circular widget's full ring filled to the value.
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { _CircularGauge(configuration: configuration, capacity: true) }
}

extension GaugeStyle where Self == DefaultGaugeStyle { public static var automatic: DefaultGaugeStyle { .init() } }
extension GaugeStyle where Self == LinearCapacityGaugeStyle { public static var linearCapacity: LinearCapacityGaugeStyle { .init() } }
extension GaugeStyle where Self == LinearGaugeStyle { public static var accessoryLinear: LinearGaugeStyle { .init() } }
extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
    public static var accessoryLinearCapacity: AccessoryLinearCapacityGaugeStyle { .init() }
}
extension GaugeStyle where Self == AccessoryCircularGaugeStyle { public static var accessoryCircular: AccessoryCircularGaugeStyle { .init() } }
extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
    public static var accessoryCircularCapacity: AccessoryCircularCapacityGaugeStyle { .init() }
}

struct AnyGaugeStyle {
    let makeBody: (GaugeStyleConfiguration) -> AnyView
    init<S: GaugeStyle>(_ style: S) {
        makeBody = { configuration in AnyView(_StyleBody(style: style) { style.makeBody(configuration: configuration) }) }
    }
}

struct GaugeStyleKey: EnvironmentKey { static let defaultValue: AnyGaugeStyle? = nil }

extension EnvironmentValues {
    var gaugeStyle: AnyGaugeStyle? { get { self[GaugeStyleKey.self] } set { self[GaugeStyleKey.self] = newValue } }
}

extension View {
    /// Draws the gauges inside this view with `style`.
    public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View { environment(\.gaugeStyle, AnyGaugeStyle(style)) }
}

// MARK: - Looks

/// An arc of the circle inscribed in the rect (inset by half a stroke), from `start` clockwise
/// through `sweep` degrees; 0° points right, 90° down (SwiftUI's angles).
struct GaugeArc: Shape {
    var start: Double
    var sweep: Double
    let inset: CGFloat
    func path(in rect: CGRect) -> Path {
        var p = Path()
        let r = min(rect.width, rect.height) / 2 - inset
        let s = sweep.isFinite ? min(360, max(0, sweep)) : 0
        guard r > 0, s > 0 else { return p }
        let c = CGPoint(x: rect.midX, y: rect.midY)
        p.addArc(center: c, radius: r, startAngle: .degrees(start), endAngle: .degrees(start + s), clockwise: false)
        return p
    }
    /// The point at `angle` degrees on the arc's circle in a `side`-point box.
    static func point(side: CGFloat, inset: CGFloat, angle: Double) -> CGPoint {
        let r = side / 2 - inset
        let a = angle * Double.pi / 180
        return CGPoint(x: side / 2 + r * cos(a), y: side / 2 + r * sin(a))
    }
}

/// The marker at the value: a dot in the label colour inside a halo of the background.
struct GaugeMarker: View {
    let thickness: CGFloat
    var body: some View {
        ZStack {
            Circle().fill(Color(uiColor: .systemBackground)).frame(width: thickness + 3, height: thickness + 3)
            Circle().fill(Color(uiColor: .label)).frame(width: thickness - 1, height: thickness - 1)
        }
    }
}

struct _CircularGauge: View {
    static let side: CGFloat = 58
    static let thickness: CGFloat = 6
    let configuration: GaugeStyleConfiguration
    let capacity: Bool
    @Environment(\.tint) private var tint
    @Environment(\.tintGradient) private var gradient

    var body: some View {
        let side = _CircularGauge.side, t = _CircularGauge.thickness
        let stroke = StrokeStyle(lineWidth: t, lineCap: .round)
        let f = configuration.value
        ZStack {
            if capacity {
                if let gradient {
                    // The gradient around the whole ring, from the top clockwise.
                    let ring = AngularGradient(gradient: gradient, center: .center, startAngle: .degrees(-90), endAngle: .degrees(270))
                    Circle().inset(by: t / 2).stroke(ring, lineWidth: t).opacity(0.3)
                    GaugeArc(start: -90, sweep: 360 * f, inset: t / 2).stroke(ring, style: stroke)
                } else {
                    Circle().inset(by: t / 2).stroke((tint ?? .accentColor).opacity(0.3), lineWidth: t)
                    GaugeArc(start: -90, sweep: 360 * f, inset: t / 2).stroke(tint ?? .accentColor, style: stroke)
                }
                center(configuration.currentValueLabel.map { AnyView($0) } ?? AnyView(configuration.label))
            } else {
                if let gradient {
                    // iOS: the gradient spread along the 270° arc, minimum to maximum.
                    GaugeArc(start: 135, sweep: 270, inset: t / 2)
                        .stroke(AngularGradient(gradient: gradient, center: .center, startAngle: .degrees(135), endAngle: .degrees(405)),
                                style: stroke)
                } else {
                    GaugeArc(start: 135, sweep: 270, inset: t / 2).stroke(tint ?? Color(uiColor: .systemGray3), style: stroke)
                }
                let p = GaugeArc.point(side: side, inset: t / 2, angle: 135 + 270 * f)
                GaugeMarker(thickness: t).position(x: p.x, y: p.y)
                center(configuration.currentValueLabel.map { AnyView($0) } ?? AnyView(configuration.label))
                bottom
            }
        }
        .frame(width: side, height: side)
    }

    private func center(_ view: AnyView) -> some View {
        view.font(.system(size: 17, weight: .semibold)).lineLimit(1).frame(width: _CircularGauge.side - 16)
    }

    /// The gap's contents: the bounds labels in its corners, or the label when there are none
    /// and the current value took the middle.
    @ViewBuilder private var bottom: some View {
        let font = Font.system(size: 10, weight: .medium)
        if configuration.minimumValueLabel != nil || configuration.maximumValueLabel != nil {
            HStack(spacing: 0) {
                configuration.minimumValueLabel.font(font).lineLimit(1).fixedSize()
                Spacer(minLength: 0)
                configuration.maximumValueLabel.font(font).lineLimit(1).fixedSize()
            }
            .frame(width: _CircularGauge.side - 14)
            .frame(maxHeight: .infinity, alignment: .bottom)
        } else if configuration.currentValueLabel != nil {
            configuration.label.font(font).lineLimit(1)
                .frame(maxHeight: .infinity, alignment: .bottom)
        }
    }
}

struct _LinearGauge: View {
    enum Look { case capacity, accessory, accessoryCapacity }
    static let thickness: CGFloat = 6
    let configuration: GaugeStyleConfiguration
    let look: Look
    @Environment(\.tint) private var tint
    @Environment(\.tintGradient) private var gradient

    var body: some View {
        let fill = tint ?? .accentColor
        VStack(alignment: .leading, spacing: 4) {
            if look == .capacity {
                configuration.label
            } else {
                HStack(spacing: 8) {
                    configuration.label.frame(maxWidth: .infinity, alignment: .leading)
                    configuration.currentValueLabel
                }
                .font(.footnote)
            }
            HStack(spacing: 6) {
                configuration.minimumValueLabel.font(.caption).foregroundColor(.secondary)
                bar(fill)
                configuration.maximumValueLabel.font(.caption).foregroundColor(.secondary)
            }
            if look == .capacity, let current = configuration.currentValueLabel {
                current.font(.footnote).foregroundColor(.secondary)
            }
        }
    }

    private func bar(_ fill: Color) -> some View {
        let t = _LinearGauge.thickness
        let track = look == .capacity ? Color(hex: 0xE5E5EA, darkHex: 0x39393D) : fill.opacity(0.3)
        let f = configuration.value
        // A gradient tint spans the whole track, leading to trailing; the fill shows its part.
        let along = gradient.map { LinearGradient(gradient: $0, startPoint: .leading, endPoint: .trailing) }
        return ZStack {
            if let along, look != .capacity {
                ProgressBarShape(fraction: 1).fill(along).opacity(0.3)
            } else {
                ProgressBarShape(fraction: 1).fill(track)
            }
        }
            .overlay {
                if look == .accessory {
                    GeometryReader { geo in
                        let x = t / 2 + CGFloat(f) * max(0, geo.size.width - t)
                        GaugeMarker(thickness: t).position(x: x, y: t / 2)
                    }
                } else if let along {
                    // The gradient is laid over the shape's frame (the whole track), as SwiftUI's is.
                    ProgressBarShape(fraction: f).fill(along)
                } else {
                    ProgressBarShape(fraction: f).fill(fill)
                }
            }
            .frame(height: t)
    }
}
