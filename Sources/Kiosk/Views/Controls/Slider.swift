// Slider: SwiftUI's iOS slider — a 4-point capsule track (the tint left of the thumb, light grey
// E5E5EA / dark 39393D right of it) under a 28-point white thumb with a soft shadow, 28 points
// tall, as wide as offered. Touching anywhere on it moves the thumb there and follows the drag;
// `onEditingChanged` is told true at the touch and false at the lift.
//
// Bad input: an empty or reversed range keeps the value at its lower bound (thumb at the start);
// a NaN value draws the thumb at the start; a step ≤ 0 or NaN means no stepping.

/// A control for choosing a value from a range by dragging.
///
/// ```swift
/// Slider(value: $volume, in: 0...100, step: 5)
/// Slider(value: $brightness) { Text("Brightness") } minimumValueLabel: { Text("0") } maximumValueLabel: { Text("1") }
/// ```
public struct Slider<Label: View, ValueLabel: View>: View {
    let value: Binding<Double>
    let bounds: ClosedRange<Double>
    let step: Double?
    let label: Label
    let minimumValueLabel: ValueLabel?
    let maximumValueLabel: ValueLabel?
    let onEditingChanged: (Bool) -> Void

    init<V: BinaryFloatingPoint>(_ value: Binding<V>, bounds: ClosedRange<V>, step: Double?, label: Label,
                                 minimum: ValueLabel?, maximum: ValueLabel?, onEditingChanged: @escaping (Bool) -> Void) {
        self.value = Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) })
        self.bounds = Double(bounds.lowerBound)...Double(bounds.upperBound)
        self.step = step.flatMap { $0 > 0 ? $0 : nil }
        self.label = label
        minimumValueLabel = minimum
        maximumValueLabel = maximum
        self.onEditingChanged = onEditingChanged
    }

    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>,
                                        @ViewBuilder label: () -> Label, @ViewBuilder minimumValueLabel: () -> ValueLabel,
                                        @ViewBuilder maximumValueLabel: () -> ValueLabel,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds: bounds, step: nil, label: label(), minimum: minimumValueLabel(), maximum: maximumValueLabel(),
                  onEditingChanged: onEditingChanged)
    }

    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride,
                                        @ViewBuilder label: () -> Label, @ViewBuilder minimumValueLabel: () -> ValueLabel,
                                        @ViewBuilder maximumValueLabel: () -> ValueLabel,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds: bounds, step: Double(step), label: label(), minimum: minimumValueLabel(), maximum: maximumValueLabel(),
                  onEditingChanged: onEditingChanged)
    }

    /// The iOS 13 spelling: value labels as views, the label last.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in },
                                        minimumValueLabel: ValueLabel, maximumValueLabel: ValueLabel,
                                        @ViewBuilder label: () -> Label) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds: bounds, step: nil, label: label(), minimum: minimumValueLabel, maximum: maximumValueLabel,
                  onEditingChanged: onEditingChanged)
    }
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in },
                                        minimumValueLabel: ValueLabel, maximumValueLabel: ValueLabel,
                                        @ViewBuilder label: () -> Label) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds: bounds, step: Double(step), label: label(), minimum: minimumValueLabel, maximum: maximumValueLabel,
                  onEditingChanged: onEditingChanged)
    }

    public var body: some View {
        _SliderBody(value: value, bounds: bounds, step: step, onEditingChanged: onEditingChanged,
                    label: AnyView(label), minimum: minimumValueLabel.map { AnyView($0) }, maximum: maximumValueLabel.map { AnyView($0) })
    }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds: bounds, step: nil, label: EmptyView(), minimum: nil, maximum: nil, onEditingChanged: onEditingChanged)
    }
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds: bounds, step: Double(step), label: EmptyView(), minimum: nil, maximum: nil, onEditingChanged: onEditingChanged)
    }
}

extension Slider where ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds: bounds, step: nil, label: label(), minimum: nil, maximum: nil, onEditingChanged: onEditingChanged)
    }
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride, @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(value, bounds: bounds, step: Double(step), label: label(), minimum: nil, maximum: nil, onEditingChanged: onEditingChanged)
    }
}

/// The slider's drawing and dragging (type-erased labels keep one body type).
struct _SliderBody: View {
    static let thumb: CGFloat = 28
    let value: Binding<Double>
    let bounds: ClosedRange<Double>
    let step: Double?
    let onEditingChanged: (Bool) -> Void
    let label: AnyView
    let minimum: AnyView?
    let maximum: AnyView?
    @State private var isEditing = false
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled

    /// The value's position in 0…1 (0 for an empty range or NaN).
    static func fraction(_ v: Double, _ bounds: ClosedRange<Double>) -> Double {
        let span = bounds.upperBound - bounds.lowerBound
        guard span > 0, span.isFinite, v.isFinite else { return 0 }
        return min(1, max(0, (v - bounds.lowerBound) / span))
    }

    /// The value at a touch `x` points into a track `width` wide, stepped and clamped.
    static func value(atX x: Double, width: Double, bounds: ClosedRange<Double>, step: Double?) -> Double {
        let span = bounds.upperBound - bounds.lowerBound
        guard span > 0, span.isFinite else { return bounds.lowerBound }
        let usable = max(1, width - Double(thumb))
        let f = x.isFinite ? min(1, max(0, (x - Double(thumb) / 2) / usable)) : 0
        var v = bounds.lowerBound + f * span
        if let step, step.isFinite { v = bounds.lowerBound + (f * span / step).rounded() * step }
        return min(bounds.upperBound, max(bounds.lowerBound, v))
    }

    var body: some View {
        let f = _SliderBody.fraction(value.wrappedValue, bounds)
        let fill = isEnabled ? (tint ?? .accentColor) : .gray
        HStack(spacing: 8) {
            if let minimum { minimum }
            GeometryReader { geo in
                let width = Double(geo.size.width)
                let x = _SliderBody.thumb / 2 + CGFloat(f) * CGFloat(max(0, width - Double(_SliderBody.thumb)))
                ZStack(alignment: .leading) {
                    Capsule().fill(Color(hex: 0xE5E5EA, darkHex: 0x39393D)).frame(height: 4)
                    Capsule().fill(fill).frame(width: max(0, x), height: 4)
                    Circle().fill(Color.white)
                        .frame(width: _SliderBody.thumb, height: _SliderBody.thumb)
                        .shadow(color: Color(.sRGB, white: 0, opacity: 0.2), radius: 3, x: 0, y: 1)
                        .offset(x: x - _SliderBody.thumb / 2)
                }
                .frame(width: geo.size.width, height: _SliderBody.thumb)
                .contentShape(Rectangle())
                .gesture(DragGesture(minimumDistance: 0)
                    .onChanged { drag in
                        if !isEditing { isEditing = true; onEditingChanged(true) }
                        value.wrappedValue = _SliderBody.value(atX: Double(drag.location.x), width: width, bounds: bounds, step: step)
                    }
                    .onEnded { _ in
                        isEditing = false
                        onEditingChanged(false)
                    })
            }
            .frame(height: _SliderBody.thumb)
            if let maximum { maximum }
        }
        .opacity(isEnabled ? 1 : 0.5)
    }
}
