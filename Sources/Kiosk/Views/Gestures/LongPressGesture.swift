// LongPressGesture: recognised once a touch has stayed down `minimumDuration` seconds without
// moving more than `maximumDistance` points. Its value is a Bool: `.updating` and `.onChanged`
// see `true` as soon as the touch goes down (the press is in progress), `.onEnded` gets `true`
// when the duration is reached — while the finger is still down, as in SwiftUI — and the
// gesture state resets then. Lifting early or moving too far fails it (state reset, no
// `onEnded`); a tap on the same view still fires on a quick lift, and not after a recognised
// long press. The duration runs on the screen's clock (GraphClock): virtual under
// HeadlessHost, so a test holds a press by advancing the host.
//
// Bad input: a negative or NaN duration is 0 (recognised at the touch); a negative or NaN
// distance is 0 (any movement fails it); an infinite distance never fails.

/// A gesture that succeeds when the touch is held long enough.
///
/// ```swift
/// Circle().gesture(LongPressGesture(minimumDuration: 1).onEnded { _ in done = true })
/// ```
public struct LongPressGesture: Gesture, RecipeGesture {
    public typealias Value = Bool
    public var minimumDuration: Double
    public var maximumDistance: CGFloat
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration >= 0 ? minimumDuration : 0
        self.maximumDistance = maximumDistance >= 0 ? maximumDistance : 0
    }
    var recipe: GestureRecipe {
        GestureRecipe(kind: .longPress(minimumDuration: minimumDuration.isFinite ? minimumDuration : .infinity,
                                       maximumDistance: maximumDistance))
    }
}

extension View {
    /// Runs `action` when the touch has stayed on the view `minimumDuration` seconds;
    /// `onPressingChanged` is told true at the touch and false when it is recognised, lifted
    /// or moved too far.
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10,
                                   perform action: @escaping () -> Void,
                                   onPressingChanged: ((Bool) -> Void)? = nil) -> ModifiedContent<Self, _GestureModifier> {
        var r = LongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance).recipe
        r.onTap = action
        r.onPressingChanged = onPressingChanged
        return modifier(_GestureModifier(recipe: r))
    }
    /// The iOS 13 spelling (pressing first).
    @_disfavoredOverload
    public func onLongPressGesture(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10,
                                   pressing: ((Bool) -> Void)? = nil,
                                   perform action: @escaping () -> Void) -> ModifiedContent<Self, _GestureModifier> {
        onLongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance, perform: action, onPressingChanged: pressing)
    }
}
