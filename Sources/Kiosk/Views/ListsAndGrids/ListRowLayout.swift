// The parts of a List row that Form needed beyond List's first cut: the side margin that grows
// on wide lists as UIKit's layout margins do, the environment flag controls read inside a row,
// and Button rows drawn the iOS way (tinted text, the whole row the target, grey while pressed).

/// Pads its content horizontally by the list's side margin plus `extra`. The margin of an
/// inset style is UIKit's layout margin: 16 points in a list narrower than 414 points (compact
/// iPhones), 20 in a wider one (Plus/Max iPhones, iPads, most kiosk panels); a full-width style
/// has none. Read from the width proposed, so a list in a narrow column keeps 16.
struct _ListMarginLayout: BuiltinModifier, LayoutBehavior {
    let inset: Bool
    let extra: CGFloat

    /// The side margin of an inset list `width` points wide.
    static func margin(forWidth width: CGFloat?) -> CGFloat { (width ?? 0) >= 414 ? 20 : 16 }

    func horizontal(_ width: CGFloat?) -> CGFloat { (inset ? _ListMarginLayout.margin(forWidth: width) : 0) + extra }

    func sizeThatFits(_ proposal: ProposedViewSize, node: Node, pass: LayoutPass) -> CGSize {
        let m = horizontal(proposal.width)
        let p = ProposedViewSize(width: proposal.width.map { max(0, $0 - 2 * m) }, height: proposal.height)
        let child = pass.size(of: node.layoutItems, p)
        return CGSize(width: child.width + 2 * m, height: child.height)
    }
    func placeChildren(in bounds: CGRect, node: Node, pass: LayoutPass) {
        let m = min(horizontal(bounds.width), bounds.width / 2)
        let inner = CGRect(x: bounds.minX + m, y: bounds.minY, width: max(0, bounds.width - 2 * m), height: bounds.height)
        pass.place(aligned: node.layoutItems, in: inner, alignment: .topLeading)
    }
}

struct ListRowContentKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// True inside a List or Form row: a Toggle's switch and a Stepper's control then take no
    /// more height than a line of text, so the row stays 44 points as on iOS.
    var isListRowContent: Bool { get { self[ListRowContentKey.self] } set { self[ListRowContentKey.self] = newValue } }
}

/// A gesture when there is one (a Button row's press), the content alone otherwise.
struct _OptionalGesture: ViewModifier {
    let recipe: GestureRecipe?
    func body(content: Content) -> some View {
        if let recipe {
            content.contentShape(Rectangle()).modifier(_GestureModifier(recipe: recipe))
        } else {
            content
        }
    }
}

/// What a List needs of a Button to draw it as a row, whatever its label type.
protocol ListRowButton {
    var rowLabel: AnyView { get }
    var rowRole: ButtonRole? { get }
    var rowAction: () -> Void { get }
}

extension Button: ListRowButton {
    var rowLabel: AnyView { AnyView(label) }
    var rowRole: ButtonRole? { role }
    var rowAction: () -> Void { action }
}

/// A Button as a List/Form row (iOS 17): the label leading in the tint (red for a destructive
/// role, grey when disabled), the whole row — insets included — the touch target, and the row
/// grey (systemGray4) while a finger is on it. A Button given a style of its own
/// (`.buttonStyle(.bordered)`) stays an ordinary row with that button in it, as in SwiftUI.
struct ListButtonRow: View {
    let item: ListItem
    let metrics: ListMetrics
    let label: AnyView
    let role: ButtonRole?
    let action: () -> Void
    @State private var isPressed = false
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled

    var body: some View {
        let colour: Color = !isEnabled ? .gray : role == .destructive ? .red : (tint ?? .accentColor)
        ListRowChrome(item: item, metrics: metrics, highlighted: isPressed,
                      onPress: GestureRecipe(kind: .tap(count: 1), onTap: action, onPressingChanged: { isPressed = $0 })) {
            label.foregroundColor(colour)
        }
    }
}

/// The height a control taller than a text line claims inside a List row (a 17-point body line).
enum ListRowControlHeight { static let line: CGFloat = 22 }
