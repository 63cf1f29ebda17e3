// RepeatAnimation: `repeatCount(_:autoreverses:)` and `repeatForever(autoreverses:)`. Each pass
// runs the base animation until it returns nil; on that sample the pass count goes up, the next
// pass's clock starts at this sample's time with fresh base state, and the sample shows the ended
// pass's end value (so each boundary repeats one frame, as SwiftUI). With autoreverse every
// odd-numbered pass runs backwards (offset = value − base) and counts toward the total, so
// `repeatCount(2)` goes forward, back, and then the value snaps to the target (notes §4).

struct RepeatState<V: VectorArithmetic>: AnimationStateKey {
    var pass = 0
    var passStart = 0.0
    var base = AnimationContext<V>()
    static var defaultValue: RepeatState { RepeatState() }
}

struct RepeatAnimation: CustomAnimation {
    var base: Animation
    /// nil repeats forever.
    var repeatCount: Int?
    var autoreverses: Bool

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        if let n = repeatCount, n <= 0 { return nil }
        let base = self.base, count = repeatCount, autoreverses = self.autoreverses
        var logical = false
        let result: V? = context.state.withValue(RepeatState<V>.self) { s in
            let reversed = autoreverses && s.pass % 2 == 1
            if let v = base.animate(value: value, time: max(0, time - s.passStart), context: &s.base) {
                if let count, s.pass == count - 1, s.base.isLogicallyComplete { logical = true }
                return reversed ? value - v : v
            }
            s.pass += 1
            s.passStart = time
            s.base = AnimationContext()
            if let count, s.pass >= count { return nil }
            return reversed ? .zero : value
        }
        if logical { context.isLogicallyComplete = true }
        return result
    }

    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        let s = context.state[RepeatState<V>.self]
        guard let v = base.velocity(value: value, time: max(0, time - s.passStart), context: s.base) else { return nil }
        return autoreverses && s.pass % 2 == 1 ? .zero - v : v
    }
}

extension Animation {
    /// Repeats the animation `repeatCount` times. With `autoreverses` (the default) every other
    /// pass runs backwards, and reverse passes count: `repeatCount(2)` goes there and back, then
    /// the value snaps to its target.
    ///
    /// A count of zero or less runs no pass: the change jumps to its target at once, with a warning.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        if repeatCount <= 0 {
            Diagnostics.warn("Animation.repeatCount(\(repeatCount)) runs no pass; the change jumps to its target")
        }
        return Animation(RepeatAnimation(base: self, repeatCount: repeatCount, autoreverses: autoreverses))
    }

    /// Repeats the animation for as long as its view is alive (until its identity changes). With
    /// `autoreverses` (the default) every other pass runs backwards.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        Animation(RepeatAnimation(base: self, repeatCount: nil, autoreverses: autoreverses))
    }
}
