// CombinedAnimation: how animations that do not merge (everything but springs) share one
// attribute, SwiftUI's DefaultCombiningAnimation (notes §5). Entry i, added at `start_i` with the
// cumulative interval V_i, blends from the still-moving output of the older entries to its own
// target:
//     r_0 = A_0(V_0, t),   r_i = r_(i−1) + A_i(V_i − r_(i−1), t − start_i)
// A finished entry contributes exactly V_i; the whole ends when the newest entry ends and takes
// its logical completion from it. easeInOut(1 s) 0→100 retargeted at 0.5 s to 200 reads
// 101.668280 at 0.75 s (a plain sum of deltas would read 100).

struct CombinedAnimation: CustomAnimation {
    struct Entry: Hashable {
        var animation: Animation
        var start: Double
    }
    var entries: [Entry]

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        let entries = self.entries
        var logical = false
        let result: V? = context.state.withValue(CombinedState<V>.self) { s in
            guard s.entries.count == entries.count else { return nil }
            var r = V.zero
            for i in s.entries.indices {
                if s.entries[i].finished {
                    r = s.entries[i].value
                    if i == entries.count - 1 { return nil }
                    continue
                }
                var w = s.entries[i].value
                w -= r
                s.entries[i].input = w
                let a = entries[i].animation.animate(value: w, time: time - entries[i].start, context: &s.entries[i].context)
                if i == entries.count - 1 { logical = s.entries[i].context.isLogicallyComplete }
                if let a {
                    s.entries[i].output = a
                    r += a
                } else {
                    s.entries[i].finished = true
                    s.entries[i].context = AnimationContext()
                    r = s.entries[i].value
                    if i == entries.count - 1 { return nil }
                }
            }
            return r
        }
        context.isLogicallyComplete = logical
        return result
    }

    /// The chain's velocity: dr_i = v_i + dr_(i−1)·(1 − p_i), where v_i is entry i's own velocity
    /// and p_i its progress (its output projected on its input: exact for timing curves and
    /// interpolating springs, whose output is a fraction of the input). A finished entry holds
    /// still (dr = 0). nil when a running entry reports no velocity (a Bézier curve).
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        let s = context.state[CombinedState<V>.self]
        guard s.entries.count == entries.count else { return nil }
        var dr = V.zero
        for i in s.entries.indices {
            let e = s.entries[i]
            if e.finished { dr = .zero; continue }
            guard let v = entries[i].animation.velocity(value: e.input, time: time - entries[i].start, context: e.context) else { return nil }
            let w2 = e.input.magnitudeSquared
            let p = w2 > 0 ? vectorDot(e.output, e.input) / w2 : 0
            dr.scale(by: 1 - p)
            dr += v
        }
        return dr
    }
}

/// Per-entry state of a `CombinedAnimation`, kept in the attribute's animation context.
struct CombinedState<V: VectorArithmetic>: AnimationStateKey {
    struct Entry {
        /// V_i: the cumulative interval up to this entry's change.
        var value: V
        var context: AnimationContext<V>
        var finished = false
        /// The last input (V_i − r_(i−1)) and output, for the chain's velocity.
        var input: V = .zero
        var output: V = .zero
    }
    var entries: [Entry] = []
    static var defaultValue: CombinedState { CombinedState() }
}

extension CombinedAnimation {
    /// Adds `newAnimation` (starting at `elapsed`, running to the cumulative `interval +
    /// newInterval`) to the running `animation` with context `context`, turning a single
    /// animation into a chain on the first retarget.
    static func combine<V: VectorArithmetic>(_ animation: inout Animation, context: inout AnimationContext<V>,
                                             interval: V, elapsed: Double, newAnimation: Animation, newInterval: V) {
        let target = interval + newInterval
        if let chain = animation.as(CombinedAnimation.self) {
            context.state.withValue(CombinedState<V>.self) { s in
                s.entries.append(.init(value: target, context: AnimationContext()))
            }
            animation = Animation(CombinedAnimation(entries: chain.entries + [Entry(animation: newAnimation, start: elapsed)]))
        } else {
            var fresh = AnimationContext<V>()
            let old = context
            fresh.state.withValue(CombinedState<V>.self) { s in
                s.entries = [.init(value: interval, context: old), .init(value: target, context: AnimationContext())]
            }
            context = fresh
            animation = Animation(CombinedAnimation(entries: [Entry(animation: animation, start: 0), Entry(animation: newAnimation, start: elapsed)]))
        }
    }
}
