// Stepper: SwiftUI's iOS stepper — the label leading, then UIStepper's 94×32 control: a rounded
// (8-point) light grey capsule-ish rectangle (tertiarySystemFill) split by a hairline into a
// − half and a + half; a side that cannot step (at a bound, or with no action) draws its glyph
// dimmed (tertiaryLabel) and takes no touch. Like UIStepper, a side steps when the finger goes
// down on it and, held, repeats: the first repeat after 0.5 s, then every 0.2 s shortening by
// 15 % a step to 0.05 s (UIStepper's autorepeat accelerates the same way), on the screen's clock.
// `onEditingChanged` is told true when a side is pressed and false when it is let go.
//
// Bad input (a documented result, never a trap), each with one warning per stepper:
// - a range that is not ordered (a NaN bound, or lower > upper; Swift's own checks trap on
//   building one in debug builds, release builds let `uncheckedBounds` through):
//   the stepper is inert — both sides dimmed, the value left as it is;
// - a step of zero or NaN: inert likewise; a negative step counts as its magnitude;
// - a value outside the range: the first step clamps it into the range (− from above the
//   upper bound gives upper − step or lower, whichever is larger);
// - a NaN value: both sides are live and either one sets the value to the lower bound (an
//   unbounded stepper leaves NaN alone: NaN ± step is NaN).

/// A control that increments and decrements a value.
///
/// ```swift
/// Stepper("Guests: \(guests)", value: $guests, in: 1...8)
/// Stepper(value: $volume, in: 0...1, step: 0.1) { Text("Volume \(volume, specifier: "%.1f")") }
/// Stepper("Page", onIncrement: { page += 1 }, onDecrement: { page -= 1 })
/// ```
public struct Stepper<Label: View>: View {
    let label: Label
    let actions: StepperActions

    /// A stepper that calls `onIncrement`/`onDecrement`; a nil action dims its side.
    public init(onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {
        self.label = label()
        actions = StepperActions(increment: onIncrement, decrement: onDecrement,
                                 canIncrement: { onIncrement != nil }, canDecrement: { onDecrement != nil },
                                 onEditingChanged: onEditingChanged, problem: nil)
    }

    /// A stepper that moves `value` by `step` within `bounds`.
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {
        self.label = label()
        actions = StepperActions(value: value, bounds: bounds, step: step, onEditingChanged: onEditingChanged)
    }

    /// A stepper that moves `value` by `step`, unbounded.
    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {
        self.label = label()
        actions = StepperActions(value: value, bounds: nil, step: step, onEditingChanged: onEditingChanged)
    }

    public var body: some View { _StepperBody(label: AnyView(label), actions: actions) }
}

extension Stepper where Label == Text {
    /// A text-labelled stepper that moves `value` by `step` within `bounds`.
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                                  onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, in: bounds, step: step, onEditingChanged: onEditingChanged) { Text(title) }
    }
    /// A text-labelled stepper that moves `value` by `step`, unbounded.
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, step: V.Stride = 1,
                                                  onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, step: step, onEditingChanged: onEditingChanged) { Text(title) }
    }
    /// A text-labelled stepper that calls `onIncrement`/`onDecrement`.
    public init<S: StringProtocol>(_ title: S, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                                   onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(onIncrement: onIncrement, onDecrement: onDecrement, onEditingChanged: onEditingChanged) { Text(title) }
    }
}

/// What the two sides do, whatever the value's type. `canIncrement`/`canDecrement` read the
/// value when the control draws (so the stepper's own node depends on it) and again before
/// each repeat.
struct StepperActions {
    let increment: (() -> Void)?
    let decrement: (() -> Void)?
    let canIncrement: () -> Bool
    let canDecrement: () -> Bool
    let onEditingChanged: (Bool) -> Void
    /// Why the stepper is inert or clamps, for its one warning.
    let problem: String?

    init(increment: (() -> Void)?, decrement: (() -> Void)?, canIncrement: @escaping () -> Bool, canDecrement: @escaping () -> Bool,
         onEditingChanged: @escaping (Bool) -> Void, problem: String?) {
        self.increment = increment; self.decrement = decrement
        self.canIncrement = canIncrement; self.canDecrement = canDecrement
        self.onEditingChanged = onEditingChanged; self.problem = problem
    }

    init<V: Strideable>(value: Binding<V>, bounds: ClosedRange<V>?, step rawStep: V.Stride, onEditingChanged: @escaping (Bool) -> Void) {
        var problem: String?
        var step = rawStep
        let stepIsNaN = step != step
        if stepIsNaN || step == 0 {
            problem = "Stepper step \(rawStep) cannot move the value; the stepper does nothing"
        } else if step < 0 {
            step = 0 - step
            problem = "Stepper step \(rawStep) is negative; using \(step)"
        }
        var usable = !(stepIsNaN || step == 0)
        if let b = bounds, !(b.lowerBound <= b.upperBound) {
            problem = "Stepper range \(b.lowerBound)...\(b.upperBound) is not ordered; the stepper does nothing"
            usable = false
        }
        let s = step
        func isNaN(_ v: V) -> Bool { v != v }
        func next(_ up: Bool) {
            let v = value.wrappedValue
            guard let b = bounds else {
                value.wrappedValue = v.advanced(by: up ? s : 0 - s)
                return
            }
            if isNaN(v) { value.wrappedValue = b.lowerBound; return }
            let moved = v.advanced(by: up ? s : 0 - s)
            value.wrappedValue = min(max(moved, b.lowerBound), b.upperBound)
        }
        func can(_ up: Bool) -> Bool {
            guard usable else { return false }
            guard let b = bounds else { return true }
            let v = value.wrappedValue
            if isNaN(v) { return true }
            return up ? v < b.upperBound : v > b.lowerBound
        }
        self.init(increment: usable ? { next(true) } : nil, decrement: usable ? { next(false) } : nil,
                  canIncrement: { can(true) }, canDecrement: { can(false) },
                  onEditingChanged: onEditingChanged, problem: problem)
    }
}

/// The press and repeat bookkeeping of one stepper (a reference: the repeat timer reads the
/// latest actions and whether its press is still the current one).
final class StepperSession {
    var generation = 0
    var warned = false
    var actions: StepperActions?

    /// The delay before repeat `n` (0: the first) while a side is held.
    static func repeatDelay(_ n: Int) -> Double {
        n == 0 ? 0.5 : max(0.05, 0.2 * pow(0.85, Double(n - 1)))
    }
}

/// The stepper's label and control (a type-erased label keeps one body type).
struct _StepperBody: View {
    enum Side { case decrement, increment }
    static let size = CGSize(width: 94, height: 32)

    let label: AnyView
    let actions: StepperActions
    @State private var pressed: Side?
    @State private var session = StepperSession()
    @Environment(\.isEnabled) private var isEnabled
    @Environment(\.labelsHidden) private var labelsHidden
    @Environment(\.isListRowContent) private var inListRow

    var body: some View {
        session.actions = actions
        if let problem = actions.problem, !session.warned {
            session.warned = true
            Diagnostics.warn(problem)
        }
        let canDecrement = isEnabled && actions.canDecrement()
        let canIncrement = isEnabled && actions.canIncrement()
        return HStack(spacing: 8) {
            if !labelsHidden {
                label.frame(maxWidth: .infinity, alignment: .leading)
            }
            HStack(spacing: 0) {
                half(.decrement, enabled: canDecrement)
                half(.increment, enabled: canIncrement)
            }
            .background(RoundedRectangle(cornerRadius: 8).fill(Color(uiColor: .tertiarySystemFill)))
            .overlay(Color(uiColor: .opaqueSeparator).frame(width: 1, height: 18))
            .frame(width: _StepperBody.size.width, height: _StepperBody.size.height)
            // Tab reaches it; while focused the left and right arrows (and - and +) step it,
            // as tvOS's focused stepper; its ring while focused by keyboard.
            ._focusRing(.rounded(8))
            .modifier(_ButtonKeysModifier(action: {}, keys: { [session] press in
                _StepperBody.key(press, session: session)
            }))
            // In a List/Form row the control takes a text line's height, as the switch does.
            .frame(height: inListRow ? ListRowControlHeight.line : nil)
        }
    }

    /// A key on the focused stepper: left or `-` decrements, right or `+` increments (each
    /// press and repeat one step, when that side can step).
    static func key(_ press: KeyPress, session: StepperSession) -> Bool {
        guard press.phase != .up, press.modifiers.isDisjoint(with: [.control, .option, .command]) else { return false }
        let side: Side
        switch press.key {
        case .leftArrow, "-": side = .decrement
        case .rightArrow, "+": side = .increment
        default: return false
        }
        guard let a = session.actions, side == .increment ? a.canIncrement() : a.canDecrement() else { return true }
        StepperSession.fire(side, session)
        return true
    }

    /// One side: its glyph, its press highlight, its touch.
    private func half(_ side: Side, enabled: Bool) -> some View {
        let r: CGFloat = 8
        let shape = side == .decrement
            ? UnevenRoundedRectangle(topLeadingRadius: r, bottomLeadingRadius: r, bottomTrailingRadius: 0, topTrailingRadius: 0)
            : UnevenRoundedRectangle(topLeadingRadius: 0, bottomLeadingRadius: 0, bottomTrailingRadius: r, topTrailingRadius: r)
        let glyph = enabled ? Color(uiColor: .label) : Color(uiColor: .tertiaryLabel)
        return ZStack {
            shape.fill(pressed == side && enabled ? Color(uiColor: .tertiarySystemFill) : Color.clear)
            StepperGlyph(plus: side == .increment).fill(glyph).frame(width: 14, height: 14)
        }
        .frame(width: _StepperBody.size.width / 2, height: _StepperBody.size.height)
        .contentShape(Rectangle())
        .modifier(_OptionalGesture(recipe: enabled ? GestureRecipe(kind: .tap(count: 1), onTap: {}, onPressingChanged: { on in
            press(side, on)
        }) : nil))
    }

    /// A side went down (step now, repeat while held) or up (stop).
    private func press(_ side: Side, _ on: Bool) {
        let session = self.session
        session.generation &+= 1
        if on {
            pressed = side
            actions.onEditingChanged(true)
            StepperSession.fire(side, session)
            scheduleRepeat(side, session, generation: session.generation, n: 0)
        } else {
            pressed = nil
            actions.onEditingChanged(false)
        }
    }

    private func scheduleRepeat(_ side: Side, _ session: StepperSession, generation: Int, n: Int) {
        GraphClock.scheduleOnCurrent(after: StepperSession.repeatDelay(n), .block { [weak session] in
            guard let session, session.generation == generation, let a = session.actions else { return }
            guard side == .increment ? a.canIncrement() : a.canDecrement() else { return }
            StepperSession.fire(side, session)
            scheduleRepeat(side, session, generation: generation, n: n + 1)
        })
    }
}

extension StepperSession {
    /// Steps once on `side` with the latest actions, when that side can step.
    static func fire(_ side: _StepperBody.Side, _ session: StepperSession) {
        guard let a = session.actions else { return }
        switch side {
        case .increment: if a.canIncrement() { a.increment?() }
        case .decrement: if a.canDecrement() { a.decrement?() }
        }
    }
}

/// UIStepper's − and + glyphs: 14-point bars 2 points thick with round ends.
struct StepperGlyph: Shape {
    let plus: Bool
    func path(in rect: CGRect) -> Path {
        var p = Path()
        let t: CGFloat = 2
        p.addRoundedRect(in: CGRect(x: rect.minX, y: rect.midY - t / 2, width: rect.width, height: t), cornerSize: CGSize(width: t / 2, height: t / 2))
        if plus {
            p.addRoundedRect(in: CGRect(x: rect.midX - t / 2, y: rect.minY, width: t, height: rect.height),
                             cornerSize: CGSize(width: t / 2, height: t / 2))
        }
        return p
    }
}
