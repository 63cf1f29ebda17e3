// ScrollMotion: one axis of a scroll view's offset in motion after the finger lifts — UIKit's
// physics, drawn with the engine's springs.
// - Momentum: the release velocity decays as UIScrollView's `.normal` deceleration rate, 0.998
//   per millisecond (v(t) = v0·e^(kt), k = 1000·ln 0.998 = −2.002/s), so a 1000 pt/s fling
//   travels 1000/2.002 ≈ 500 pt. It stops when less than half a point of travel is left.
// - Edges: while dragged past an edge the offset follows the finger with UIKit's rubber band,
//   f(x) = (1 − 1/(0.55·x/d + 1))·d (d the viewport length; at most d); released past an edge,
//   or carried past one by momentum, a critically damped spring (response 0.5 s — the engine's
//   `Spring`) pulls it back with the velocity it had.
// - Paging and view-aligned targets settle with a spring (response 0.35 s, no bounce) onto
//   the chosen offset, starting with the release velocity.
// Everything is closed-form in time (no per-frame integration state), so a frame's offset
// depends only on the frame's time: the headless host and the panel show the same positions.

import Glibc

struct ScrollMotion {
    static let decelerationRate = 0.998
    static let k = 1000 * Glibc.log(decelerationRate)        // −2.002 per second
    static let bounceSpring = Spring(response: 0.5, dampingRatio: 1)
    static let snapSpring = Spring(response: 0.35, dampingRatio: 1)

    enum Mode: Equatable {
        case rest
        /// Momentum from `x0` at `v0` (points per second) since `t0`.
        case decelerating(x0: Double, v0: Double, t0: Double)
        /// A spring from `x0` (velocity `v0`) toward `target` since `t0`.
        case spring(x0: Double, v0: Double, target: Double, t0: Double, snap: Bool)
    }
    var mode = Mode.rest
    var isMoving: Bool { mode != .rest }

    /// UIKit's rubber band: how far the content shows past an edge for `overshoot` points of
    /// finger travel past it, in a viewport `length` points long.
    static func rubberBand(_ overshoot: Double, length: Double) -> Double {
        guard overshoot > 0, length > 0 else { return 0 }
        return (1 - 1 / (overshoot * 0.55 / length + 1)) * length
    }

    /// Where momentum from `x` at `v` comes to rest (ignoring the edges).
    static func projectedEnd(from x: Double, velocity v: Double) -> Double { x - v / k }

    /// Starts moving from `x` at `v` after a release at `time`, inside 0…`maximum`, toward
    /// `target` when one is chosen (paging, view alignment).
    mutating func release(from x: Double, velocity v: Double, at time: Double, maximum: Double, target: Double? = nil) {
        let v = v.isFinite ? v : 0
        if x < 0 || x > maximum {
            mode = .spring(x0: x, v0: v, target: x < 0 ? 0 : maximum, t0: time, snap: false)
        } else if let target {
            mode = .spring(x0: x, v0: v, target: min(max(0, target), maximum), t0: time, snap: true)
        } else if abs(v) * (-1 / ScrollMotion.k) < 0.5 {
            mode = .rest
        } else {
            mode = .decelerating(x0: x, v0: v, t0: time)
        }
    }

    /// The offset at `time` (and the motion's next state: momentum past an edge becomes a spring).
    mutating func position(at time: Double, maximum: Double) -> Double? {
        switch mode {
        case .rest:
            return nil
        case let .decelerating(x0, v0, t0):
            let t = max(0, time - t0)
            let e = Glibc.exp(ScrollMotion.k * t)
            let x = x0 + v0 * (e - 1) / ScrollMotion.k
            let v = v0 * e
            if x < 0 || x > maximum {
                // Past the edge: find where it crossed and hand over to the bounce spring with
                // the velocity it had there (it starts this frame; the error is under a frame).
                mode = .spring(x0: x, v0: v, target: x < 0 ? 0 : maximum, t0: time, snap: false)
                return x
            }
            if abs(v) / -ScrollMotion.k < 0.5 {
                mode = .rest
                return (x0 - v0 / ScrollMotion.k).clamped(0, maximum)
            }
            return x
        case let .spring(x0, v0, target, t0, snap):
            let t = max(0, time - t0)
            let spring = snap ? ScrollMotion.snapSpring : ScrollMotion.bounceSpring
            let x = x0 + spring.value(target: target - x0, initialVelocity: v0, time: t)
            let v = spring.velocity(target: target - x0, initialVelocity: v0, time: t)
            if (abs(x - target) < 0.25 && abs(v) < 10) || t > 5 {
                mode = .rest
                return target
            }
            return x
        }
    }
}

extension Double {
    func clamped(_ lower: Double, _ upper: Double) -> Double { Swift.min(Swift.max(self, lower), Swift.max(lower, upper)) }
}
