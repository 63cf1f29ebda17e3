// ColorPicker: the label and iOS's colour well — a 28-pt disc of the colour inside a rainbow
// ring. A tap opens the picker as a sheet, as iOS does; kiosk's sheet is UIColorPicker's "Grid"
// page alone: 12 hues across, from white to black down in 10 rows, the chosen swatch outlined.
// A tap on a swatch sets the binding (opacity kept when `supportsOpacity`, else 1) and the sheet
// stays until Done or a drag down, as on iOS. Not done: the Spectrum and Sliders pages, the
// eyedropper and the opacity slider.

/// A control for choosing a colour.
///
/// ```swift
/// ColorPicker("Background", selection: $background)
/// ```
public struct ColorPicker<Label: View>: View {
    let selection: Binding<Color>
    let supportsOpacity: Bool
    let label: Label
    @State private var isPresented = false
    @Environment(\.labelsHidden) private var labelsHidden

    /// A colour picker with a custom label.
    public init(selection: Binding<Color>, supportsOpacity: Bool = true, @ViewBuilder label: () -> Label) {
        self.selection = selection; self.supportsOpacity = supportsOpacity; self.label = label()
    }

    public var body: some View {
        let selection = self.selection
        let keepsOpacity = supportsOpacity
        HStack(spacing: 8) {
            if !labelsHidden { label.frame(maxWidth: .infinity, alignment: .leading) }
            _ColorWell(color: selection.wrappedValue)
                .contentShape(Rectangle())
                .onTapGesture { isPresented = true }
        }
        .sheet(isPresented: $isPresented) {
            _ColorGridSheet(selection: selection, keepsOpacity: keepsOpacity)
        }
    }
}

extension ColorPicker where Label == Text {
    /// A colour picker titled `title`.
    public init<S: StringProtocol>(_ title: S, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(title) }
    }
}

/// The well: the colour in a disc inside a ring of hues.
struct _ColorWell: View {
    let color: Color
    var body: some View {
        ZStack {
            ForEach(0..<12, id: \.self) { i in
                Circle()
                    .trim(from: CGFloat(i) / 12, to: CGFloat(i + 1) / 12 + 0.004)
                    .stroke(Color(hue: Double(i) / 12, saturation: 0.9, brightness: 1), lineWidth: 3)
            }
            .rotationEffect(.degrees(-90))
            Circle().fill(color).padding(5)
        }
        .frame(width: 28, height: 28)
    }
}

/// The sheet: a grid of swatches and Done.
struct _ColorGridSheet: View {
    let selection: Binding<Color>
    let keepsOpacity: Bool
    @Environment(\.dismiss) private var dismiss

    /// Row 0 greys from white to black; rows 1… each hue from dark to light (UIKit's grid).
    static func swatch(row: Int, column: Int) -> Color {
        if row == 0 { return Color(white: 1 - Double(column) / 11) }
        let hue = Double(column) / 12
        let t = Double(row - 1) / 8                       // 0 dark … 1 light
        let saturation = t < 0.5 ? 1 : 1 - (t - 0.5) * 1.5
        let brightness = t < 0.5 ? 0.35 + t * 1.3 : 1
        return Color(hue: hue, saturation: saturation, brightness: brightness)
    }

    var body: some View {
        let current = selection.wrappedValue
        VStack(spacing: 16) {
            HStack {
                Text("Colors").font(.headline).frame(maxWidth: .infinity)
                    .overlay(alignment: .trailing) {
                        Text("Done").font(.headline).foregroundColor(.accentColor)
                            .onTapGesture { dismiss() }
                    }
            }
            VStack(spacing: 0) {
                ForEach(0..<10, id: \.self) { r in
                    HStack(spacing: 0) {
                        ForEach(0..<12, id: \.self) { c in
                            let colour = Self.swatch(row: r, column: c)
                            colour
                                .frame(maxWidth: .infinity).frame(height: 26)
                                .overlay(Rectangle().stroke(Color.white, lineWidth: colour == current ? 3 : 0))
                                .contentShape(Rectangle())
                                .onTapGesture { selection.wrappedValue = keepsOpacity ? colour.opacity(current.opacityValue) : colour }
                        }
                    }
                }
            }
            .clipShape(RoundedRectangle(cornerRadius: 8))
            Spacer()
        }
        .padding(16)
    }
}

extension Color {
    /// The colour's opacity (1 for colours that do not say).
    var opacityValue: Double { let a = resolved(.light).a; return a.isFinite ? a : 1 }
}
