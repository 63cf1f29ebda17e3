// The focus ring: the accent-coloured rounded outline iPadOS and tvOS draw around the focused
// control when focus moves by a hardware keyboard (Tab, Shift-Tab, arrows; here also a rotary
// encoder's detents). The focus manager decides when it shows (`FocusManager.focusVisible`:
// keyboard navigation shows it, a touch hides it); each control that can take focus by keyboard
// (Button, and so the menu Picker and the button-style Toggle; the switch Toggle; Stepper) draws
// `_FocusRingView` over itself. The ring view finds its control as its nearest focusable
// ancestor node and asks the manager whether the ring is on it (recording the read on the
// manager's ring tracker, which is invalidated only when the ring moves): no state per control,
// nothing allocated per button. A text field draws no ring: its caret shows focus.

/// The ring's outline, outside the control's bounds by `FocusRingMetrics.outset`.
enum FocusRingShape: Equatable {
    /// A rounded rectangle with this corner radius at the control's edge (the ring's own radius
    /// is larger by the outset, so it stays concentric).
    case rounded(CGFloat)
    /// A capsule (the switch).
    case capsule
}

/// The ring: 3 points of the accent colour, 4 points outside the control (kiosk's choice, after
/// the look of iPadOS's keyboard focus ring; Apple documents no metrics, none were measured).
enum FocusRingMetrics {
    static let lineWidth: CGFloat = 3
    static let outset: CGFloat = 4
}

/// The ring over a focusable control: nothing while `ring` is off.
struct _FocusRingView: View {
    let shape: FocusRingShape
    @Environment(\.tint) private var tint

    var body: some View {
        if let node = ViewGraph.currentReader, node.graph.focus.ringShown(around: node) {
            let color = tint ?? Color.accentColor
            let o = FocusRingMetrics.outset
            Group {
                switch shape {
                case .rounded(let r):
                    RoundedRectangle(cornerRadius: r + o, style: .continuous).strokeBorder(color, lineWidth: FocusRingMetrics.lineWidth)
                case .capsule:
                    Capsule().strokeBorder(color, lineWidth: FocusRingMetrics.lineWidth)
                }
            }
            .padding(-o)
            .allowsHitTesting(false)
        }
    }
}

extension View {
    /// Draws the control's focus ring over it (internal: the controls call it).
    func _focusRing(_ shape: FocusRingShape) -> some View {
        overlay(_FocusRingView(shape: shape))
    }
}
