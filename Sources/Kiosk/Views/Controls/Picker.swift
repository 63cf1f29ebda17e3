// Picker: SwiftUI's control for choosing one of a set of values, in iOS 17's looks.
//
// The options are the content's views, flattened as a List flattens rows (ForEach, Group,
// Section, if/else). An option's value is its `.tag(_:)`, else — inside a ForEach — its id (the
// implicit tag SwiftUI gives ForEach elements); a tag of another type than the selection never
// matches, as in SwiftUI. A selection that matches no option selects nothing and warns once.
//
// Styles (`.pickerStyle(_:)`):
// - `.automatic` and `.menu`: a button showing the chosen option and ⌃⌄ chevrons that opens the
//   options as a pull-down menu (Controls/Menu.swift), the chosen one checked. In a Form row the
//   label is leading and the button trailing in grey; elsewhere the button alone, in the tint.
// - `.segmented` and `.palette`: iOS's segmented control — a 32-pt grey track (systemFill-like
//   7 % black, radius 8.9) with the chosen segment a white 7-pt rounded thumb under a soft
//   shadow, 13-pt text (semibold when chosen), hairlines between unchosen neighbours.
// - `.inline`: every option a 44-pt row with the chosen one checked in the tint (in a Form, the
//   rows are the section's rows; the label is not shown).
// - `.wheel`: a 216-pt drum of 32-pt rows (PickerWheel.swift): drag with momentum and snapping.
// - `.navigationLink`: a Form row (label, the chosen option in grey, a chevron) that pushes a
//   grouped List of the options onto the enclosing NavigationStack; choosing one pops it.

import Raster

/// A control for selecting from a set of mutually exclusive values.
///
/// ```swift
/// Picker("Flavor", selection: $flavor) {
///     ForEach(Flavor.allCases) { Text($0.rawValue.capitalized) }   // ids are the tags
/// }
/// Picker("Tip", selection: $tip) { Text("10%").tag(10); Text("15%").tag(15) }.pickerStyle(.segmented)
/// ```
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
    let selection: Binding<SelectionValue>
    let label: Label
    let content: Content
    @Environment(\.pickerStyleKind) private var style
    @Environment(\.isListRowContent) private var inRow
    @Environment(\.labelsHidden) private var labelsHidden

    /// A picker with a custom label.
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection; self.content = content(); self.label = label()
    }

    /// The iOS 13 spelling: the label as a value.
    public init(selection: Binding<SelectionValue>, label: Label, @ViewBuilder content: () -> Content) {
        self.selection = selection; self.content = content(); self.label = label
    }

    public var body: some View {
        let options = PickerOptions(content)
        let chosen = options.index(of: AnyHashable(selection.wrappedValue))
        if chosen == nil, !options.items.isEmpty {
            PickerWarning.once("Picker: the selection \(selection.wrappedValue) matches no option's tag; nothing is selected")
        }
        let set: (Int) -> Void = { i in
            guard options.items.indices.contains(i), let v = options.items[i].value.base as? SelectionValue else { return }
            selection.wrappedValue = v
        }
        return _PickerBody(style: style, inRow: inRow, labelsHidden: labelsHidden, label: AnyView(label),
                           options: options, chosen: chosen, select: set)
    }
}

extension Picker where Label == Text {
    /// A picker titled `title`.
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

extension Picker where Label == Kiosk.Label<Text, Image> {
    /// A picker titled `title` with a symbol.
    public init<S: StringProtocol>(_ title: S, systemImage: String, selection: Binding<SelectionValue>,
                                   @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Kiosk.Label(title, systemImage: systemImage) }
    }
}

/// One warning per message per process, not one per body evaluation.
enum PickerWarning {
    private static let seen = Locked(Set<String>())
    static func once(_ message: String) {
        if seen.withLock({ $0.insert(message).inserted }) { Diagnostics.warn(message) }
    }
}

// MARK: - Options

/// A picker's options, flattened from its content.
struct PickerOptions {
    struct Item { let value: AnyHashable; let view: AnyView }
    private(set) var items: [Item] = []

    init<C: View>(_ content: C) { add(content, forEachID: nil) }

    func index(of value: AnyHashable) -> Int? { items.firstIndex { $0.value == value } }

    private mutating func add(_ view: any View, forEachID: AnyHashable?) {
        if let section = view as? any ListSection {
            add(section.contentView, forEachID: nil)
            return
        }
        if !(view is any ModifierCarrier), let container = view as? any ListRowsContainer {
            var children = ChildList()
            container.makeChildren(&children)
            let isForEach = view is any _PickerForEachMarker
            for child in children.views {
                add(child.view, forEachID: isForEach ? child.key.anyHashable : forEachID)
            }
            return
        }
        var tag: AnyHashable?
        var peeled: any View = view
        while tag == nil, let carrier = peeled as? any ModifierCarrier {
            if let t = carrier.anyModifier as? _TagModifier { tag = t.tag }
            peeled = carrier.anyContent
        }
        // A ForEach id: an option with no tag of its own gets it; untagged others match nothing.
        let value = tag ?? forEachID ?? AnyHashable(_UntaggedOption(index: items.count))
        items.append(Item(value: value, view: AnyView(view)))
    }
}

/// The value of an option with no tag: equal to no selection.
struct _UntaggedOption: Hashable { let index: Int }

protocol _PickerForEachMarker {}
extension ForEach: _PickerForEachMarker {}

// MARK: - Styles

/// The look of a Picker (`.pickerStyle(_:)`).
public protocol PickerStyle {}

enum PickerStyleKind: Hashable, Sendable { case automatic, menu, segmented, inline, wheel, navigationLink, palette }

protocol BuiltinPickerStyle: PickerStyle { var kind: PickerStyleKind { get } }

/// The platform's default: a menu on iOS 16 and later.
public struct DefaultPickerStyle: BuiltinPickerStyle { public init() {}; var kind: PickerStyleKind { .automatic } }
/// A button that opens the options as a menu.
public struct MenuPickerStyle: BuiltinPickerStyle { public init() {}; var kind: PickerStyleKind { .menu } }
/// A segmented control.
public struct SegmentedPickerStyle: BuiltinPickerStyle { public init() {}; var kind: PickerStyleKind { .segmented } }
/// Every option inline, the chosen one checked.
public struct InlinePickerStyle: BuiltinPickerStyle { public init() {}; var kind: PickerStyleKind { .inline } }
/// A spinning wheel of options.
public struct WheelPickerStyle: BuiltinPickerStyle { public init() {}; var kind: PickerStyleKind { .wheel } }
/// A row that pushes a list of the options (inside a NavigationStack).
public struct NavigationLinkPickerStyle: BuiltinPickerStyle { public init() {}; var kind: PickerStyleKind { .navigationLink } }
/// A row of compact options; kiosk draws it segmented.
public struct PalettePickerStyle: BuiltinPickerStyle { public init() {}; var kind: PickerStyleKind { .palette } }
/// macOS's radio buttons; kiosk draws the options inline.
public struct RadioGroupPickerStyle: BuiltinPickerStyle { public init() {}; var kind: PickerStyleKind { .inline } }

extension PickerStyle where Self == DefaultPickerStyle { public static var automatic: DefaultPickerStyle { .init() } }
extension PickerStyle where Self == MenuPickerStyle { public static var menu: MenuPickerStyle { .init() } }
extension PickerStyle where Self == SegmentedPickerStyle { public static var segmented: SegmentedPickerStyle { .init() } }
extension PickerStyle where Self == InlinePickerStyle { public static var inline: InlinePickerStyle { .init() } }
extension PickerStyle where Self == WheelPickerStyle { public static var wheel: WheelPickerStyle { .init() } }
extension PickerStyle where Self == NavigationLinkPickerStyle { public static var navigationLink: NavigationLinkPickerStyle { .init() } }
extension PickerStyle where Self == PalettePickerStyle { public static var palette: PalettePickerStyle { .init() } }
extension PickerStyle where Self == RadioGroupPickerStyle { public static var radioGroup: RadioGroupPickerStyle { .init() } }

struct PickerStyleKindKey: EnvironmentKey { static let defaultValue = PickerStyleKind.automatic }

extension EnvironmentValues {
    var pickerStyleKind: PickerStyleKind { get { self[PickerStyleKindKey.self] } set { self[PickerStyleKindKey.self] = newValue } }
}

extension View {
    /// Draws the pickers inside this view with `style`.
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        environment(\.pickerStyleKind, (style as? any BuiltinPickerStyle)?.kind ?? .automatic)
    }
}

// MARK: - Drawing

/// The picker in its style (type-erased options, so one body serves every selection type).
struct _PickerBody: View {
    let style: PickerStyleKind
    let inRow: Bool
    let labelsHidden: Bool
    let label: AnyView
    let options: PickerOptions
    let chosen: Int?
    let select: (Int) -> Void

    var body: some View {
        switch style {
        case .segmented, .palette:
            _SegmentedControl(options: options, chosen: chosen, select: select)
        case .inline:
            _InlinePicker(options: options, chosen: chosen, select: select, inRow: inRow)
        case .wheel:
            _PickerWheel(labels: options.items.map(\.view), chosen: chosen ?? 0, select: select)
        case .navigationLink:
            _NavigationLinkPicker(label: label, labelsHidden: labelsHidden, options: options, chosen: chosen, select: select)
        case .automatic, .menu:
            _MenuPicker(label: label, showsLabel: inRow && !labelsHidden, options: options, chosen: chosen, select: select)
        }
    }
}

/// The chosen option's view, or nothing.
private func chosenView(_ options: PickerOptions, _ chosen: Int?) -> AnyView {
    if let chosen, options.items.indices.contains(chosen) { return options.items[chosen].view }
    return AnyView(EmptyView())
}

/// `.menu`: the chosen option and ⌃⌄ opening a menu of the options.
struct _MenuPicker: View {
    let label: AnyView
    let showsLabel: Bool
    let options: PickerOptions
    let chosen: Int?
    let select: (Int) -> Void

    var body: some View {
        let button = Menu {
            ForEach(0..<options.items.count, id: \.self) { i in
                Button(action: { select(i) }) {
                    HStack(spacing: 6) {
                        Image(systemName: "checkmark").font(.system(size: 15, weight: .semibold))
                            .opacity(i == chosen ? 1 : 0)
                        options.items[i].view
                    }
                }
            }
        } label: {
            HStack(spacing: 5) {
                chosenView(options, chosen).lineLimit(1)
                _UpDownChevrons()
            }
            .foregroundColor(showsLabel ? Color.secondary : nil)
        }
        if showsLabel {
            HStack(spacing: 8) {
                label.frame(maxWidth: .infinity, alignment: .leading)
                button
            }
        } else {
            button
        }
    }
}

/// The small ⌃⌄ pair of a menu picker's button.
struct _UpDownChevrons: View {
    var body: some View {
        VStack(spacing: 1) {
            Image(systemName: "chevron.up").font(.system(size: 9, weight: .semibold))
            Image(systemName: "chevron.down").font(.system(size: 9, weight: .semibold))
        }
    }
}

/// `.segmented`: iOS's segmented control.
struct _SegmentedControl: View {
    let options: PickerOptions
    let chosen: Int?
    let select: (Int) -> Void
    @Environment(\.colorScheme) private var scheme

    static let height: CGFloat = 32

    var body: some View {
        let dark = scheme == .dark
        let track = dark ? Color(.sRGB, red: 0.46, green: 0.46, blue: 0.5, opacity: 0.24)
                         : Color(.sRGB, red: 0.46, green: 0.46, blue: 0.5, opacity: 0.12)
        let thumb = dark ? Color(.sRGB, red: 0.39, green: 0.39, blue: 0.4, opacity: 1) : Color.white
        // UISegmentedControl.appearance() (UISegmentedControlAppearance.swift), as iOS honours it.
        let style = UISegmentedControl.currentStyle
        let n = options.items.count
        HStack(spacing: 0) {
            ForEach(0..<n, id: \.self) { i in
                let isChosen = i == chosen
                // A hairline between two unchosen neighbours.
                let line = i > 0 && !isChosen && chosen != i - 1
                options.items[i].view
                    .font(.system(size: 13, weight: isChosen ? .semibold : .regular))
                    .lineLimit(1)
                    .foregroundColor((isChosen ? style.selectedText : style.normalText) ?? .primary)
                    .padding(.horizontal, 6)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .background(
                        RoundedRectangle(cornerRadius: 7)
                            .fill(isChosen ? style.thumb ?? thumb : Color.clear)
                            .shadow(color: Color.black.opacity(isChosen ? 0.12 : 0), radius: 4, x: 0, y: 3)
                            .padding(2))
                    .overlay(alignment: .leading) {
                        Color(.sRGB, red: 0.24, green: 0.24, blue: 0.26, opacity: line ? 0.3 : 0)
                            .frame(width: 1).padding(.vertical, 8)
                    }
                    .contentShape(Rectangle())
                    .onTapGesture { withAnimation(.easeInOut(duration: 0.2)) { select(i) } }
            }
        }
        .frame(height: Self.height)
        .frame(maxWidth: .infinity)
        .background(RoundedRectangle(cornerRadius: 8.91).fill(style.track ?? track))
    }
}

/// `.inline`: each option a 44-pt row, the chosen one checked.
struct _InlinePicker: View {
    let options: PickerOptions
    let chosen: Int?
    let select: (Int) -> Void
    let inRow: Bool
    @Environment(\.tint) private var tint

    var body: some View {
        let n = options.items.count
        VStack(spacing: 0) {
            ForEach(0..<n, id: \.self) { i in
                HStack {
                    options.items[i].view.foregroundColor(.primary).frame(maxWidth: .infinity, alignment: .leading)
                    Image(systemName: "checkmark").font(.system(size: 17, weight: .semibold))
                        .foregroundColor(tint ?? .accentColor)
                        .opacity(i == chosen ? 1 : 0)
                }
                .frame(minHeight: 44)
                .contentShape(Rectangle())
                .onTapGesture { select(i) }
                .overlay(alignment: .bottom) {
                    if i < n - 1 { Color(uiColor: .separator).frame(height: 1) }
                }
            }
        }
        // In a Form row the options fill the row: its 11-pt insets are taken back.
        .padding(.vertical, inRow ? -11 : 0)
    }
}

/// `.navigationLink`: a row that pushes the options.
struct _NavigationLinkPicker: View {
    let label: AnyView
    let labelsHidden: Bool
    let options: PickerOptions
    let chosen: Int?
    let select: (Int) -> Void
    @Environment(\.navigationActions) private var actions

    var body: some View {
        HStack(spacing: 8) {
            if !labelsHidden { label.foregroundColor(.primary).frame(maxWidth: .infinity, alignment: .leading) }
            chosenView(options, chosen).foregroundColor(.secondary).lineLimit(1)
            Image(systemName: "chevron.right").font(.system(size: 14, weight: .semibold))
                .foregroundColor(Color(uiColor: .tertiaryLabel))
        }
        .contentShape(Rectangle())
        .onTapGesture { push() }
    }

    private func push() {
        guard let actions else {
            Diagnostics.warn("Picker(.navigationLink) outside a NavigationStack: nothing to push onto")
            return
        }
        let token = _PushToken()
        let select = self.select
        let options = self.options
        let chosen = self.chosen
        token.id = actions.present(AnyView(_PickerOptionsPage(options: options, initial: chosen, choose: { i in
            select(i)
            if let id = token.id { actions.dismiss(id) }
        })), {})
    }
}

final class _PushToken { var id: Int? }

/// The pushed list of a `.navigationLink` picker.
struct _PickerOptionsPage: View {
    let options: PickerOptions
    let initial: Int?
    let choose: (Int) -> Void
    @State private var chosen: Int? = nil
    @State private var touched = false

    var body: some View {
        let current = touched ? chosen : initial
        List {
            ForEach(0..<options.items.count, id: \.self) { i in
                _InlineOptionRow(view: options.items[i].view, checked: i == current) {
                    touched = true; chosen = i
                    choose(i)
                }
            }
        }
    }
}

struct _InlineOptionRow: View {
    let view: AnyView
    let checked: Bool
    let action: () -> Void
    @Environment(\.tint) private var tint
    var body: some View {
        HStack {
            view.foregroundColor(.primary).frame(maxWidth: .infinity, alignment: .leading)
            Image(systemName: "checkmark").font(.system(size: 17, weight: .semibold))
                .foregroundColor(tint ?? .accentColor).opacity(checked ? 1 : 0)
        }
        .contentShape(Rectangle())
        .onTapGesture(perform: action)
    }
}
