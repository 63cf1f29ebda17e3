// SequenceGesture: `first.sequenced(before: second)` — the second gesture starts only once the
// first has succeeded. Kiosk recognises the common form, a LongPressGesture before a
// DragGesture (press and hold, then drag): `.first(true)` while pressing, `.second(true, nil)`
// once held long enough, `.second(true, drag)` as the touch moves past the drag's minimum
// distance (its translation counted from where the touch was at the recognition), and
// `onEnded` with the last `.second` value. While the first part is pending the touch may still
// go to other gestures (a scroll view around it takes a drag and the press fails, as in UIKit).
// Other pairs (a tap first, a drag first) recognise only their first gesture (documented gap).

/// A gesture that recognises `first`, then `second`.
///
/// ```swift
/// LongPressGesture().sequenced(before: DragGesture())
///     .updating($state) { value, state, _ in
///         if case .second(true, let drag) = value { state = drag?.translation ?? .zero }
///     }
/// ```
public struct SequenceGesture<First: Gesture, Second: Gesture>: Gesture, RecipeGesture {
    /// The sequence's progress.
    public enum Value {
        /// The first gesture is in progress with this value.
        case first(First.Value)
        /// The first succeeded with this value; the second's value once it has one.
        case second(First.Value, Second.Value?)
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    var recipe: GestureRecipe {
        let f = baseRecipe(first), s = baseRecipe(second)
        var r = GestureRecipe(kind: f.kind)
        r.sequenceSecond = s.kind
        r.parts = [f, s]
        r.wrapFirst = { v in
            guard let a = v as? First.Value else { return () }
            return Value.first(a)
        }
        r.wrapSecond = { a, b in
            guard let fa = a as? First.Value else { return () }
            return Value.second(fa, b as? Second.Value)
        }
        return r
    }
}

extension SequenceGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension SequenceGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}

extension Gesture {
    /// Recognises this gesture, then `other` (see SequenceGesture for what kiosk supports).
    public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> { SequenceGesture(self, other) }
}
