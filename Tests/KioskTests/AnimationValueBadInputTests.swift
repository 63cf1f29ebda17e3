// AnimationValueBadInputTests: issue 9 "Bad input" for the value layer (the engine-level cases
// are in AnimationBadInputTests) — every unusable number gives
// its documented result (see AnimationInput), a warning, and an animation that ends (only
// repeatForever runs on): never a crash, a hang, or NaN on screen.
import Testing
@testable import Kiosk

/// Runs `body` with this thread's warnings collected.
private func warnings<R>(_ body: () -> R) -> (R, [String]) {
    let saved = Diagnostics.sink
    let sink = WarningSink()
    Diagnostics.sink = sink
    defer { Diagnostics.sink = saved }
    return (body(), sink.warnings)
}

/// Drives `animation` for a change of `value` at 60 Hz in an AnimatorState; returns the frame
/// at which it ended (nil if it ran past `limit` seconds) and whether every sample was finite.
private func drive(_ animation: Animation, value: Double = 100, limit: Double = 40) -> (end: Double?, finite: Bool) {
    var a = AnimatorState(animation: animation, interval: value, at: 0, listener: nil)
    var finite = true
    for k in 1...Int(limit * 60) {
        guard let v = a.sample(at: Double(k) / 60) else { return (Double(k) / 60, finite) }
        if !v.isFinite { finite = false }
    }
    return (nil, finite)
}

@Suite struct AnimationValueBadInputTests {
    init() { Diagnostics.printsWarnings = false }

    @Test(arguments: [Double.nan, .infinity, -.infinity, -1])
    func badDurationsJump(d: Double) {
        for make in [{ Animation.linear(duration: d) }, { .easeInOut(duration: d) }, { .timingCurve(.easeIn, duration: d) },
                     { .timingCurve(0.1, 0.2, 0.3, 0.4, duration: d) }] {
            let (a, w) = warnings(make)
            #expect(w.count == 1, "\(a): \(w)")
            #expect(drive(a).end == 1.0 / 60, "a bad duration makes the change jump")
        }
        // Zero is valid: it jumps without a warning.
        let (z, w0) = warnings { Animation.easeIn(duration: 0) }
        #expect(w0.isEmpty && drive(z).end == 1.0 / 60)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func badDelaysAreSkipped(d: Double) {
        let (a, w) = warnings { Animation.linear(duration: 1).delay(d) }
        #expect(w.count == 1)
        let r = drive(a)
        #expect(r.end.map { abs($0 - 61.0 / 60) < 1e-9 } == true && r.finite, "runs as if undelayed")
    }

    /// A negative delay is SwiftUI's `max(0, t − delay)` unclamped: the animation starts that far
    /// into its course, with no warning (a public equalizer staggers 45 bars this way).
    @Test(arguments: [-0.25, -0.5, -2])
    func negativeDelaysStartPartWay(d: Double) {
        let (a, w) = warnings { Animation.linear(duration: 1).delay(d) }
        #expect(w.isEmpty, "\(w)")
        var s = AnimatorState(animation: a, interval: 100, at: 0, listener: nil)
        // At the commit the value is already −d seconds into the linear 1 s course.
        let first = s.sample(at: 0)
        if -d < 1 {
            #expect(first.map { abs($0 - 100 * -d) < 1e-9 } == true, "\(String(describing: first))")
            let later = s.sample(at: 0.1)
            #expect(later.map { abs($0 - 100 * (-d + 0.1)) < 1e-9 } == true, "\(String(describing: later))")
        }
        let r = drive(a)
        // It ends when t − d passes the duration: 1 + d seconds after the commit (at once when
        // the delay reaches back past the whole course).
        let expectedEnd = max(1.0 / 60, (Double(Int(((1 + d) * 60).rounded(.down))) + 1) / 60)
        #expect(r.end.map { abs($0 - expectedEnd) < 1e-9 } == true && r.finite, "ends at \(String(describing: r.end)), expected \(expectedEnd)")
    }

    @Test func negativeDelayInsideRepeatShortensEveryPass() {
        // `linear(1).delay(-0.5).repeatForever(autoreverses: false)`: each pass starts half way.
        var s = AnimatorState(animation: Animation.linear(duration: 1).delay(-0.5).repeatForever(autoreverses: false),
                              interval: 100, at: 0, listener: nil)
        var values: [Double] = []
        for k in 0...60 { if let v = s.sample(at: Double(k) / 60) { values.append(v) } }
        #expect(values.count == 61, "repeatForever never ends")
        #expect(values.allSatisfy { $0 >= 50 - 1e-9 && $0 <= 100 + 1e-9 }, "every pass runs from 50 to 100: \(values)")
        #expect(values.contains { $0 < 55 } && values.contains { $0 > 95 })
    }

    @Test func farNegativeDelayIsBoundedOnce() {
        let (a, w) = warnings { Animation.spring.delay(-1e300) }
        #expect(w.count == 1, "\(w)")
        let r = drive(a)
        #expect(r.end != nil && r.finite, "a spring given a huge head start still ends")
    }

    @Test(arguments: [0, -1, Double.nan, .infinity, -.infinity])
    func badSpeedsJump(s: Double) {
        let (a, w) = warnings { Animation.easeInOut(duration: 1).speed(s) }
        #expect(w.count == 1)
        #expect(drive(a).end == 1.0 / 60)
        let (sp, _) = warnings { Animation.spring.speed(s) }
        #expect(drive(sp).end == 1.0 / 60)
    }

    @Test func badRepeatCountsJump() {
        for n in [0, -1, Int.min] {
            let (a, w) = warnings { Animation.linear(duration: 0.2).repeatCount(n) }
            #expect(w.count == 1 && drive(a).end == 1.0 / 60)
        }
        let (ok, w) = warnings { Animation.linear(duration: 0.2).repeatCount(1) }
        #expect(w.isEmpty && drive(ok).end != nil)
    }

    @Test func badSpringsEnd() {
        // Zero response: SwiftUI's infinitely stiff spring (stiffness capped at 45 000): no
        // warning, done within a few frames.
        let (zero, w0) = warnings { Animation.spring(response: 0, dampingFraction: 0.825) }
        #expect(w0.isEmpty)
        let z = drive(zero)
        #expect(z.end! < 0.2 && z.finite)
        for r in [-1, Double.nan, .infinity, -.infinity] {
            let (a, w) = warnings { Animation.spring(response: r, dampingFraction: 0.5) }
            #expect(w.count == 1, "response \(r)")
            let d = drive(a)
            #expect(d.end! < 0.5 && d.finite, "response \(r) runs as response 0")
            let (sd, _) = warnings { Animation.spring(duration: r, bounce: 0.2) }
            #expect(drive(sd).end! < 0.5)
        }
        // Damping fractions: negative → 0 (undamped, warned), which ends at the 30 s cap; NaN → 1;
        // huge (overdamped) stays finite and ends.
        let (neg, wn) = warnings { Animation.spring(response: 0.5, dampingFraction: -0.5) }
        #expect(wn.count == 1)
        let n = drive(neg)
        #expect(n.end.map { abs($0 - 30) < 0.05 } == true && n.finite, "undamped: ends at the cap, \(n)")
        let (nan, wnan) = warnings { Animation.spring(response: 0.5, dampingFraction: .nan) }
        #expect(wnan.count == 1 && drive(nan).end == drive(.spring(response: 0.5, dampingFraction: 1)).end)
        for zeta in [5.0, 50, 1e6, .infinity] {
            let d = drive(.spring(response: 0.05, dampingFraction: zeta))
            #expect(d.end != nil && d.finite, "ζ = \(zeta): \(d)")
        }
        #expect(drive(.spring(duration: 0.5, bounce: 5)).end != nil, "bounce > 1: negative damping fraction clamped")
        #expect(drive(.spring(duration: 0.5, bounce: -1)).end != nil && drive(.spring(duration: 0.5, bounce: -3)).end != nil)
        // Blend durations.
        let (bl, wb) = warnings { Animation.spring(response: 0.5, dampingFraction: 1, blendDuration: -1) }
        #expect(wb.count == 1 && drive(bl).end != nil)
    }

    @Test func badSpringValues() {
        let (s, w) = warnings { Spring(mass: 0, stiffness: -5, damping: -1) }
        #expect(w.count == 3)
        #expect(s.mass == 1 && s.stiffness > 0 && s.damping >= 0)
        #expect(s.value(target: 1.0, time: 0.1).isFinite && s.settlingDuration == .infinity, "no damping: never settles")
        let (d, wd) = warnings { Spring(duration: -1, bounce: .nan) }
        #expect(wd.count == 1 && d.duration > 0 && d.value(target: 1.0, time: 0.05).isFinite)
        let (i, wi) = warnings { Spring(duration: .infinity, bounce: 0.2) }
        #expect(wi.count == 1 && i.value(target: 5.0, time: 1).isFinite)
        // Undamped: settling never happens.
        #expect(Spring(duration: 0.5, bounce: 1).settlingDuration == .infinity)
        // interpolatingSpring.
        for (m, k, c) in [(0.0, 100.0, 10.0), (-1, 100, 10), (1, 0, 10), (1, -100, 10), (1, .nan, 10), (1, 100, -10), (.infinity, 100, 10)] {
            let (a, wa) = warnings { Animation.interpolatingSpring(mass: m, stiffness: k, damping: c) }
            #expect(wa.count == 1, "(\(m), \(k), \(c)): \(wa)")
            let r = drive(a)
            #expect(r.end != nil && r.finite, "(\(m), \(k), \(c))")
        }
        // Zero damping: undamped forever in SwiftUI; here it stops at the cap.
        #expect(drive(.interpolatingSpring(stiffness: 100, damping: 0)).end.map { abs($0 - 30) < 0.05 } == true)
        let (iv, wv) = warnings { Animation.interpolatingSpring(stiffness: 100, damping: 10, initialVelocity: .nan) }
        #expect(wv.count == 1 && drive(iv).finite)
        // duration/bounce form with a zero duration: infinite stiffness → the change jumps.
        #expect(drive(.interpolatingSpring(duration: 0, bounce: 0)).end == 1.0 / 60)
    }

    @Test func animatingTowardNaNJumps() {
        for anim in [Animation.spring, .easeInOut, .interpolatingSpring, .linear.repeatForever(), .default.delay(1)] {
            let l = CountingListener()
            let (r, w) = warnings { () -> Double? in
                var a = AnimatorState(animation: anim, interval: Double.nan, at: 0, listener: l)
                return a.sample(at: 1.0 / 60)
            }
            #expect(r == nil && w.count == 1 && l.started == 1 && l.logical == 1 && l.removed == 1)
            // A retarget toward NaN mid-flight ends the running animation, reporting its listeners.
            let m = CountingListener(), n = CountingListener()
            let (r2, w2) = warnings { () -> Double? in
                var a = AnimatorState(animation: anim, interval: 100.0, at: 0, listener: m)
                _ = a.sample(at: 1.0 / 60)
                a.retarget(animation: anim, interval: .infinity, at: 2.0 / 60, listener: n)
                return a.sample(at: 3.0 / 60)
            }
            #expect(r2 == nil && w2.count == 1 && m.removed == 1 && n.removed == 1 && m.logical == 1 && n.logical == 1)
        }
        // Raw animations given NaN values end rather than spin.
        var c = AnimationContext<AnimatablePair<Double, Double>>()
        #expect(Animation.spring.animate(value: AnimatablePair(.nan, 1), time: 0.1, context: &c) == nil)
        // A custom animation producing NaN is ended by the animator.
        struct Bad: CustomAnimation {
            func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
                value.scaled(by: .nan)
            }
        }
        var b = AnimatorState(animation: Animation(Bad()), interval: 1.0, at: 0, listener: nil)
        #expect(b.sample(at: 0.1) == nil)
        // Bad sample times neither crash nor hang.
        var s = AnimatorState(animation: .spring, interval: 1.0, at: 0, listener: nil)
        _ = s.sample(at: .nan); _ = s.sample(at: .infinity); _ = s.sample(at: -5)
        var t = AnimatorState(animation: .spring, interval: 1.0, at: .nan, listener: nil)
        #expect(t.sample(at: 0.1) != nil)
    }
}
