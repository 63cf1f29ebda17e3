// SimultaneousGesture and ExclusiveGesture: two gestures combined into one, as SwiftUI's
// `simultaneously(with:)` and `exclusively(before:)`. The touch router puts both members on the
// touch's path as gestures of their own (their own callbacks run as usual) and reports their
// values to the combination's callbacks:
// - simultaneous: both members may recognise the same touch (the second runs beside the first,
//   as a `simultaneousGesture` would); the value carries each member's latest value, and the
//   combination ends when the touch ends, if either member was recognised.
// - exclusive: the first member has precedence; the second is recognised only where the first
//   is not (a drag first, a tap otherwise). `TapGesture(count: 2).exclusively(before:
//   TapGesture())` waits the multi-tap interval (0.35 s) before it takes a tap as a single one.
// Members that are themselves sequences or combinations recognise only as far as their first
// gesture (documented gap).

/// A gesture whose two members are recognised at the same time.
///
/// ```swift
/// DragGesture().simultaneously(with: LongPressGesture())
///     .onEnded { value in print(value.first?.translation ?? .zero, value.second ?? false) }
/// ```
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture, RecipeGesture {
    /// The members' values, each nil until that member has one.
    public struct Value {
        public var first: First.Value?
        public var second: Second.Value?
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    var recipe: GestureRecipe {
        combinedRecipe(first, second, .simultaneous) { _, values in
            Value(first: values.first.flatMap { $0 as? First.Value }, second: values.last.flatMap { $0 as? Second.Value })
        }
    }
}

extension SimultaneousGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension SimultaneousGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}

/// A gesture recognised as its first member, or failing that as its second.
///
/// ```swift
/// TapGesture(count: 2).onEnded { zoomed.toggle() }
///     .exclusively(before: TapGesture().onEnded { selected.toggle() })
/// ```
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture, RecipeGesture {
    /// Which member was recognised, with its value.
    public enum Value {
        case first(First.Value)
        case second(Second.Value)
    }
    public var first: First
    public var second: Second
    public init(_ first: First, _ second: Second) { self.first = first; self.second = second }

    var recipe: GestureRecipe {
        combinedRecipe(first, second, .exclusive) { member, values in
            if member == 0, let a = values[0] as? First.Value { return Value.first(a) }
            if let b = values[member] as? Second.Value { return Value.second(b) }
            return ()
        }
    }
}

extension ExclusiveGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}
extension ExclusiveGesture.Value: Sendable where First.Value: Sendable, Second.Value: Sendable {}

/// The recipe of a two-member combination: the members' own recipes, and how the combined
/// value is built from their latest values.
private func combinedRecipe<A: Gesture, B: Gesture>(_ first: A, _ second: B, _ combination: GestureRecipe.Combination,
                                                     combine: @escaping (Int, [Any?]) -> Any) -> GestureRecipe {
    let f = baseRecipe(first)
    var r = GestureRecipe(kind: f.kind)
    r.combination = combination
    r.members = [f, baseRecipe(second)]
    r.combine = combine
    return r
}

extension Gesture {
    /// Combines this gesture with `other` so that both can be recognised at once.
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(self, other)
    }
    /// Combines this gesture with `other`, which is recognised only where this one is not.
    public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> {
        ExclusiveGesture(self, other)
    }
}
