// AnimatorStateTests: one attribute's running animation driven directly at 60 Hz sample times —
// the combining chain (notes §5 table), the spring merge (§5 numbers), value and velocity
// continuity at retargets, delay/speed ordering (§4), repeat pass counting,
// logicallyComplete(after:), listener reporting, and no allocation per running frame.
import Testing
import CAllocationCount
import TestSupport
@testable import Kiosk

/// Counts what an animator reports, and checks the order rules of `AnimationListener`.
final class CountingListener: AnimationListener {
    var started = 0, logical = 0, removed = 0
    var logicalAt: Double? = nil, removedAt: Double? = nil
    var now = 0.0
    var orderViolations = 0
    func animationStarted() { started += 1 }
    func animationLogicallyCompleted() {
        logical += 1
        if logicalAt == nil { logicalAt = now }
        if removed > 0 { orderViolations += 1 }
    }
    func animationRemoved() {
        removed += 1
        if removedAt == nil { removedAt = now }
        if logical == 0 { orderViolations += 1 }
    }
}

/// The frame time of 60 Hz frame k.
private func f(_ k: Int) -> Double { Double(k) / 60 }

@Suite struct AnimatorStateTests {
    @Test func combiningChainMatchesTheNotes() {
        // easeInOut(1 s) 0 → 100 at t = 0, retargeted at 0.5 s to 200 with easeInOut(1 s).
        var a = AnimatorState(animation: .easeInOut(duration: 1), interval: 100.0, at: 0, listener: nil)
        var model = 100.0
        for k in 1...30 { _ = a.presented(model: model, at: f(k)) }
        #expect(abs(a.presented(model: model, at: 0.5) - 50) < 1e-9)
        a.retarget(animation: .easeInOut(duration: 1), interval: 100, at: 0.5, listener: nil)
        model = 200
        #expect(a.interval == 200)
        var seen: [Int: Double] = [:]
        var end: Int? = nil
        for k in 31...120 {
            guard let off = a.sample(at: f(k)) else { end = k; break }
            seen[k] = model - a.interval + off
        }
        #expect(abs(seen[36]! - 69.438415) < 1e-6, "0.60 s: \(seen[36]!)")
        #expect(abs(seen[45]! - 101.668280) < 1e-6, "0.75 s: \(seen[45]!) (a plain sum would read 100)")
        #expect(abs(seen[60]! - 150) < 1e-6)
        #expect(abs(seen[75]! - 187.083807) < 1e-6)
        #expect(abs(seen[90]! - 200) < 1e-9)
        #expect(end == 91, "ends on the first sample after the newest entry ends")
        #expect(a.presented(model: model, at: 2) == 200)
    }

    @Test func springMergeMatchesTheNotes() {
        // spring(response: 0.5, dampingFraction: 0.825) 0 → 100, retargeted to 0 at 0.25 s.
        let spring = Animation.spring(response: 0.5, dampingFraction: 0.825)
        let listener = CountingListener()
        // The change lands at 0.25 s, before that frame's sample: the old spring was last
        // sampled at 14/60 s, the merge reads that sample's velocity and advances it to 0.25 s.
        var a = AnimatorState(animation: spring, interval: 100.0, at: 0, listener: nil)
        for k in 1...14 { _ = a.sample(at: f(k)) }
        let before = a.velocity!
        a.retarget(animation: spring, interval: -100, at: 0.25, listener: listener)
        #expect(a.interval == 0)
        #expect(abs(a.velocity! - 188.394467) < 1e-5, "velocity carried over: \(a.velocity!)")
        #expect(abs(a.velocity! - before) < 1e-9)
        #expect(abs(a.sample(at: 0.25)! - 90.987038) < 1e-5, "offset carried over")
        var seen: [Int: Double] = [:]
        var end: Int? = nil
        for k in 16...120 {
            listener.now = f(k)
            guard let off = a.sample(at: f(k)) else { end = k; break }
            seen[k] = off   // model 0, interval 0
        }
        for (k, x) in [(18, 84.209965), (21, 61.474282), (27, 21.648494), (33, 4.190340), (45, -0.650390), (60, -0.031780)] {
            #expect(abs(seen[k]! - x) < 1e-5, "\(f(k)) s: \(seen[k]!) vs \(x)")
        }
        #expect(end == 75, "finishes (exactly 0) at 1.25 s")
        #expect(listener.logicalAt.map { ($0 * 60).rounded() } == 45, "logically complete at 0.25 + 0.5 s")
        #expect(listener.started == 1 && listener.logical == 1 && listener.removed == 1 && listener.orderViolations == 0)
    }

    /// Presented values of `a` at `times`, for model `model` (a copy, so `a` is untouched).
    private func values(_ a: AnimatorState<Double>, model: Double, _ times: [Double]) -> [Double] {
        var c = a
        return times.map { c.presented(model: model, at: $0) }
    }

    @Test func continuityAtRetargets() {
        let h = 1e-4
        // curve → curve (easeInOut): value and velocity continuous (the new entry starts with
        // zero slope from the old one's moving output).
        do {
            var a = AnimatorState(animation: .easeInOut(duration: 1), interval: 100.0, at: 0, listener: nil)
            let left = values(a, model: 100, [0.4 - h, 0.4])
            a.retarget(animation: .easeInOut(duration: 1), interval: -150, at: 0.4, listener: nil)
            let right = values(a, model: -50, [0.4, 0.4 + h])
            #expect(abs(left[1] - right[0]) < 1e-9)
            let vl = (left[1] - left[0]) / h, vr = (right[1] - right[0]) / h
            #expect(abs(vl - vr) < 0.01 * abs(vl), "velocity \(vl) → \(vr)")
        }
        // curve → curve (UnitCurve): the reported velocity is continuous too.
        do {
            let curve = Animation.timingCurve(.easeInOut, duration: 1)
            var a = AnimatorState(animation: curve, interval: 100.0, at: 0, listener: nil)
            _ = a.sample(at: 0.4)
            let v0 = a.velocity!
            a.retarget(animation: curve, interval: 100, at: 0.4, listener: nil)
            _ = a.sample(at: 0.4)
            #expect(abs(a.velocity! - v0) < 1e-9 && abs(v0 - 100 * UnitCurve.easeInOut.velocity(at: 0.4)) < 1e-9)
        }
        // spring → spring: value and velocity carry over exactly (also with a different response,
        // blended over blendDuration).
        do {
            var a = AnimatorState(animation: .snappy, interval: 300.0, at: 0, listener: nil)
            for k in 1...10 { _ = a.sample(at: f(k)) }
            let x0 = a.presented(model: 300, at: f(10)), v0 = a.velocity!
            a.retarget(animation: .spring(response: 0.3, dampingFraction: 0.8, blendDuration: 0.2), interval: -400, at: f(10), listener: nil)
            #expect(abs(a.presented(model: -100, at: f(10)) - x0) < 1e-9 && abs(a.velocity! - v0) < 1e-9)
            var prev = x0, jumps = 0.0
            for k in 11...40 { let x = a.presented(model: -100, at: f(k)); jumps = max(jumps, abs(x - prev)); prev = x }
            #expect(jumps < 0.2 * 300, "no jump after the merge: largest step \(jumps)")
        }
        // spring → curve: value continuous; the spring keeps moving inside the chain, so with a
        // UnitCurve (which reports velocity) the chain's velocity is exactly the spring's.
        do {
            var a = AnimatorState(animation: .bouncy, interval: 100.0, at: 0, listener: nil)
            for k in 1...12 { _ = a.sample(at: f(k)) }
            let x0 = a.presented(model: 100, at: f(12)), v0 = a.velocity!
            a.retarget(animation: .timingCurve(.easeInOut, duration: 0.5), interval: 50, at: f(12), listener: nil)
            #expect(abs(a.presented(model: 150, at: f(12)) - x0) < 1e-9)
            #expect(abs(a.velocity! - v0) < 1e-9, "\(a.velocity!) vs \(v0)")
        }
        // spring → Bézier curve: value continuous, and the spring keeps moving inside the chain:
        // over the next frame the value moves as the spring alone would have (easeInOut starts
        // with zero slope), not from rest.
        do {
            var a = AnimatorState(animation: .bouncy, interval: 100.0, at: 0, listener: nil)
            for k in 1...12 { _ = a.sample(at: f(k)) }
            let x0 = a.presented(model: 100, at: f(12))
            var alone = a
            a.retarget(animation: .easeInOut(duration: 0.5), interval: 50, at: f(12), listener: nil)
            #expect(abs(a.presented(model: 150, at: f(12)) - x0) < 1e-9)
            let vAlone = (alone.presented(model: 100, at: f(13)) - x0) * 60
            let vChain = (a.presented(model: 150, at: f(13)) - x0) * 60
            #expect(vAlone > 50 && abs(vChain - vAlone) < 0.05 * vAlone, "velocity \(vAlone) → \(vChain)")
        }
        // For contrast, linear → linear has a kink (SwiftUI's too): the slope doubles.
        do {
            var a = AnimatorState(animation: .linear(duration: 1), interval: 100.0, at: 0, listener: nil)
            let left = values(a, model: 100, [0.5 - h, 0.5])
            a.retarget(animation: .linear(duration: 1), interval: 100, at: 0.5, listener: nil)
            let right = values(a, model: 200, [0.5, 0.5 + h])
            #expect(abs(left[1] - right[0]) < 1e-9)
            #expect(abs((right[1] - right[0]) / h - 250) < 0.05 && abs((left[1] - left[0]) / h - 100) < 0.05)
        }
    }

    @Test func blendDurationEasesTheResponse() {
        // A stiff spring (0.2 s) merged by a soft one (0.8 s): with blendDuration 1 the response
        // starts at 0.2 and smoothsteps to 0.8, so the value first moves like the stiff spring.
        func run(blend: Double) -> (x: Double, logical: Double?) {
            var a = AnimatorState(animation: .spring(response: 0.2, dampingFraction: 1), interval: 100.0, at: 0, listener: nil)
            for k in 1...6 { _ = a.sample(at: f(k)) }
            a.retarget(animation: .spring(response: 0.8, dampingFraction: 1, blendDuration: blend), interval: 100, at: 0.1, listener: nil)
            var x = 0.0, logical: Double? = nil
            for k in 7...60 {
                x = a.presented(model: 200, at: f(k))
                if a.isLogicallyComplete && logical == nil { logical = f(k) }
                if k == 18 { break }
            }
            for k in 19...120 where logical == nil {
                _ = a.sample(at: f(k))
                if a.isLogicallyComplete { logical = f(k) }
            }
            return (x, logical)
        }
        let plain = run(blend: 0), blended = run(blend: 1)
        #expect(blended.x > plain.x + 5, "blended \(blended.x) vs plain \(plain.x) at 0.3 s")
        // Logical completion follows the effective response: about 0.8 s after the merge without
        // blending, sooner with it (the response is still short right after the merge).
        #expect(plain.logical.map { abs($0 - 0.9) < 0.02 } == true, "\(plain.logical ?? -1)")
        #expect(blended.logical! < plain.logical!)
    }

    @Test func springTakesOverAChain() {
        // Two curves chained, then a spring: it starts where the chain is, from rest (Bézier
        // curves report no velocity, as in SwiftUI).
        var a = AnimatorState(animation: .easeInOut(duration: 1), interval: 100.0, at: 0, listener: nil)
        for k in 1...12 { _ = a.sample(at: f(k)) }
        a.retarget(animation: .easeInOut(duration: 1), interval: 100, at: 0.2, listener: nil)
        for k in 13...24 { _ = a.sample(at: f(k)) }
        let x = a.presented(model: 200, at: f(24))
        a.retarget(animation: .smooth, interval: -200, at: f(24), listener: nil)
        let y = a.presented(model: 0, at: f(24))
        #expect(abs(y - x) < 1e-9 && a.velocity == .zero, "\(x) → \(y), velocity \(String(describing: a.velocity)), \(a.animation)")
        var last = x
        var k = 25
        while let off = a.sample(at: f(k)) { last = off; k += 1 }
        #expect(abs(last) < 1 && a.isFinished)
    }

    @Test func interpolatingSpringsCombine() {
        let a0 = Animation.interpolatingSpring(stiffness: 170, damping: 15)
        var a = AnimatorState(animation: a0, interval: 100.0, at: 0, listener: nil)
        for k in 1...6 { _ = a.sample(at: f(k)) }
        a.retarget(animation: a0, interval: 100, at: 0.1, listener: nil)
        // r1 = r0 + A1(200 − r0): at the retarget the chain is at r0, later both add up to 200.
        #expect(abs(a.sample(at: 0.1)! - 48.0943) < 1e-3)
        var last = 0.0
        var k = 7
        while let x = a.sample(at: f(k)) { last = x; k += 1 }
        #expect(abs(last - 200) < 0.5 && f(k) >= 1.1 && f(k) < 1.2, "ends when the newest ends (1 s after 0.1 s)")
    }

    @Test func delayAndSpeedOrder() {
        func at(_ a: Animation, _ t: Double) -> Double? {
            var c = AnimationContext<Double>()
            return a.animate(value: 1, time: t, context: &c)
        }
        let ds = Animation.linear(duration: 1).delay(1).speed(2)
        #expect(at(ds, 0.5) == 0 && at(ds, 0.75) == 0.5 && at(ds, 1.0) == 1 && at(ds, 1.01) == nil)
        let sd = Animation.linear(duration: 1).speed(2).delay(1)
        #expect(at(sd, 1.0) == 0 && at(sd, 1.25) == 0.5 && at(sd, 1.5) == 1 && at(sd, 1.51) == nil)
        #expect(at(sd, 0.3) == 0)
        // Velocities scale with speed; a delayed animation is still during its delay.
        let c = AnimationContext<Double>()
        let u = Animation.timingCurve(.linear, duration: 1)
        #expect(abs(u.speed(2).velocity(value: 10, time: 0.25, context: c)! - 20) < 1e-9)
        #expect(u.delay(1).velocity(value: 10, time: 0.5, context: c) == 0)
        // Springs with equal delays merge; different delays combine.
        var m = AnimationContext<Double>()
        #expect(Animation.spring.delay(0.2).shouldMerge(previous: .spring.delay(0.2), value: 1.0, time: 0.5, context: &m))
        #expect(!Animation.spring.delay(0.2).shouldMerge(previous: .spring.delay(0.3), value: 1.0, time: 0.5, context: &m))
        #expect(Animation.spring.speed(2).shouldMerge(previous: .spring.speed(2), value: 1.0, time: 0.5, context: &m))
        #expect(!Animation.spring.speed(2).shouldMerge(previous: .spring, value: 1.0, time: 0.5, context: &m))
    }

    /// The 60 Hz samples of `animation` for a unit change, until it ends (at most `limit` frames).
    private func run(_ animation: Animation, limit: Int = 600) -> (values: [Double], end: Int?) {
        var a = AnimatorState(animation: animation, interval: 1.0, at: 0, listener: nil)
        var out: [Double] = []
        for k in 1...limit {
            guard let v = a.sample(at: f(k)) else { return (out, k) }
            out.append(v)
        }
        return (out, nil)
    }

    /// Turning points of a sampled motion (a pass boundary shows as a change of direction).
    private func reversals(_ v: [Double]) -> Int {
        var n = 0, dir = 0.0
        for i in 1..<v.count where v[i] != v[i - 1] {
            let d = v[i] > v[i - 1] ? 1.0 : -1.0
            if dir != 0 && d != dir { n += 1 }
            dir = d
        }
        return n
    }

    @Test func repeatCountCountsEveryPass() {
        // 0.1001 s: 6 frames a pass plus the boundary frame (0.1 s would tie with 6/60 and end
        // passes a frame early or late depending on rounding of the pass's start time).
        let base = Animation.linear(duration: 0.1001)
        for n in 1...5 {
            let (v, end) = run(base.repeatCount(n))
            #expect(reversals(v) == n - 1, "repeatCount(\(n)): \(reversals(v)) reversals")
            #expect(end == 7 * n, "repeatCount(\(n)) ends at frame \(end ?? -1)")
            #expect(abs(v.last! - (n % 2 == 0 ? 0 : 1)) < 0.01, "an even count ends back at the start, then snaps")
        }
        let (fwd, fend) = run(base.repeatCount(3, autoreverses: false))
        let drops = (1..<fwd.count).filter { fwd[$0] < fwd[$0 - 1] }.count
        #expect(fend == 21 && drops == 2, "three forward passes, each restarting from 0")
        let (forever, fe) = run(base.repeatForever(), limit: 6000)
        #expect(fe == nil && reversals(forever) > 800)
        let (once, oe) = run(base.repeatForever(autoreverses: false), limit: 600)
        #expect(oe == nil && once.max() == 1)
        // Each pass's delay: x.delay(d).repeatCount(n) delays every pass.
        let (dv, de) = run(base.delay(0.1).repeatCount(2))
        #expect(de == 26 && dv.prefix(6).allSatisfy { $0 == 0 }, "delay then pass, twice: ends at \(de ?? -1)")
    }

    @Test func logicallyCompleteAfter() {
        let l = CountingListener()
        var a = AnimatorState(animation: .linear(duration: 5).logicallyComplete(after: 1), interval: 10.0, at: 0, listener: l)
        var k = 1
        while true {
            l.now = f(k)
            if a.sample(at: f(k)) == nil { break }
            k += 1
        }
        #expect(l.logicalAt == 1.0 && l.removedAt == f(301) && l.logical == 1 && l.removed == 1)
        // Removal before the logical time reports logical completion at once.
        let r = CountingListener()
        var b = AnimatorState(animation: .linear(duration: 0.5).logicallyComplete(after: 3), interval: 1.0, at: 0, listener: r)
        for k in 1...40 { r.now = f(k); _ = b.sample(at: f(k)) }
        #expect(r.logicalAt == f(31) && r.removedAt == f(31))
        // A spring is logically complete at its response, long before it settles.
        let s = CountingListener()
        var c = AnimatorState(animation: .bouncy, interval: 300.0, at: 0, listener: s)
        for k in 1...200 { s.now = f(k); _ = c.sample(at: f(k)) }
        #expect(s.logicalAt == 0.5 && s.removedAt! > 1.4)
    }

    @Test func listenersAcrossRetargets() {
        // Spring merged by spring: A (first change) is logically complete when the first spring
        // alone would have been (0.5 s), ignoring the new one; B at 0.25 + 0.5 s; both removed at the end.
        let a = CountingListener(), b = CountingListener()
        var s = AnimatorState(animation: .smooth, interval: 100.0, at: 0, listener: a)
        var k = 1
        func step(_ st: inout AnimatorState<Double>) -> Bool {
            a.now = f(k); b.now = f(k)
            defer { k += 1 }
            return st.sample(at: f(k)) != nil
        }
        while k <= 15 { _ = step(&s) }
        s.retarget(animation: .smooth, interval: 100, at: 0.25, listener: b)
        while step(&s) {}
        #expect(a.logicalAt == 0.5 && b.logicalAt == 0.75)
        #expect(a.removedAt == b.removedAt && a.removedAt! > 0.75)
        for l in [a, b] { #expect(l.started == 1 && l.logical == 1 && l.removed == 1 && l.orderViolations == 0) }

        // Curve combined with curve: A's logical completion is its own curve's end (1 s, seen on
        // the first sample after it), B's is the chain's end.
        let c = CountingListener(), d = CountingListener()
        var e = AnimatorState(animation: .easeInOut(duration: 1), interval: 100.0, at: 0, listener: c)
        k = 1
        func step2(_ st: inout AnimatorState<Double>) -> Bool {
            c.now = f(k); d.now = f(k)
            defer { k += 1 }
            return st.sample(at: f(k)) != nil
        }
        while k <= 30 { _ = step2(&e) }
        e.retarget(animation: .easeInOut(duration: 1), interval: 100, at: 0.5, listener: d)
        while step2(&e) {}
        #expect(c.logicalAt == f(61) && d.logicalAt == f(91) && c.removedAt == f(91) && d.removedAt == f(91))
        for l in [c, d] { #expect(l.started == 1 && l.logical == 1 && l.removed == 1 && l.orderViolations == 0) }

        // cancel(): every entry reports once; later samples and cancels report nothing.
        let g = CountingListener(), h = CountingListener()
        var x = AnimatorState(animation: .default, interval: 1.0, at: 0, listener: g)
        _ = x.sample(at: 0.1)
        x.addListener(h)
        x.cancel()
        #expect(x.sample(at: 0.2) == nil)
        x.cancel()
        for l in [g, h] { #expect(l.started == 1 && l.logical == 1 && l.removed == 1 && l.orderViolations == 0) }
    }

    @Test(.disabled(if: Sanitizers.replaceMalloc, "a sanitizer's malloc replaces the counted one (scripts/sanitize)"))
    func noAllocationPerRunningFrame() {
        #expect(kiosk_allocation_counting_active() == 1)
        func measure<V: VectorArithmetic>(_ state: inout AnimatorState<V>, from k0: Int) -> UInt64 {
            // Two warm-up frames, then ten counted ones, with nothing else between the reads.
            _ = state.sample(at: f(k0)); _ = state.sample(at: f(k0 + 1))
            let a0 = kiosk_thread_allocations()
            for k in (k0 + 2)..<(k0 + 12) { _ = state.sample(at: f(k)) }
            return kiosk_thread_allocations() &- a0
        }
        let l = CountingListener()
        var d = AnimatorState(animation: .spring, interval: 100.0, at: 0, listener: l)
        #expect(measure(&d, from: 1) == 0)
        var p = AnimatorState(animation: .bouncy, interval: AnimatablePair(100.0, -50.0), at: 0, listener: nil)
        #expect(measure(&p, from: 1) == 0)
        var r = AnimatorState(animation: .smooth, interval: CGRect(x: 0, y: 0, width: 300, height: 100).animatableData, at: 0, listener: nil)
        #expect(measure(&r, from: 1) == 0)
        var e = AnimatorState(animation: .easeInOut(duration: 1), interval: EdgeInsets(top: 10, leading: 20, bottom: 30, trailing: 40).animatableData, at: 0, listener: nil)
        #expect(measure(&e, from: 1) == 0)
        // A chain after a retarget, and a merged spring, once warmed up.
        var c = AnimatorState(animation: .easeInOut(duration: 1), interval: 100.0, at: 0, listener: l)
        _ = c.sample(at: f(1))
        c.retarget(animation: .easeIn(duration: 1), interval: 50, at: f(2), listener: l)
        #expect(measure(&c, from: 2) == 0)
        d.retarget(animation: .snappy, interval: -100, at: f(13), listener: l)
        #expect(measure(&d, from: 13) == 0)
        var rep = AnimatorState(animation: .easeInOut(duration: 1).repeatForever(), interval: 1.0, at: 0, listener: nil)
        #expect(measure(&rep, from: 1) == 0)
        var ds = AnimatorState(animation: .default.delay(0.01).speed(1.5), interval: 1.0, at: 0, listener: nil)
        #expect(measure(&ds, from: 1) == 0)
    }
}

/// A custom animation that reads the environment: opacity-like fades that go twice as fast in
/// dark mode. Checks that user animations are first-class and see the view's environment.
private struct SchemeAwareFade: CustomAnimation {
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        let duration = context.environment.colorScheme == .dark ? 0.5 : 1.0
        guard time <= duration else { return nil }
        return value.scaled(by: time / duration)
    }
}

@Suite struct CustomAnimationTests {
    @Test func customAnimationsSeeTheEnvironment() {
        var dark = EnvironmentValues()
        dark.colorScheme = .dark
        var a = AnimatorState(animation: Animation(SchemeAwareFade()), interval: 1.0, at: 0, listener: nil)
        #expect(a.sample(at: 0.25, environment: dark) == 0.5)
        #expect(a.sample(at: 0.25, environment: EnvironmentValues()) == 0.25)
        // Through a chain and a repeat, too.
        a.retarget(animation: Animation(SchemeAwareFade()).repeatCount(1), interval: 1, at: 0.25, listener: nil)
        #expect(a.sample(at: 0.5, environment: dark)! > a.sample(at: 0.5, environment: EnvironmentValues())!)
        #expect(Animation(SchemeAwareFade()) == Animation(SchemeAwareFade()))
        #expect(Animation(SchemeAwareFade()) != .linear)
    }
}

@Suite struct VelocityTrackingTests {
    @Test func aSpringAfterTrackedChangesKeepsTheirVelocity() {
        // A drag moves the value 5 pt a frame (300 pt/s) with no animation, tracking velocity;
        // then a release springs back to 0.
        var model = 5.0
        var a = AnimatorState(animation: .velocityTracking, interval: 5.0, at: 0, listener: nil)
        #expect(a.presented(model: model, at: 0) == model, "tracked changes show the model at once")
        for k in 1...10 {
            a.retarget(animation: .velocityTracking, interval: 5, at: Double(k) / 60, listener: nil)
            model += 5
            #expect(a.presented(model: model, at: Double(k) / 60) == model)
        }
        let v = a.velocity!
        #expect(abs(v - 300) < 1e-6, "tracked velocity \(v)")
        // Release 1/60 s after the last sample: the spring starts at the model with the tracked
        // velocity, decayed by 0.998 per ms.
        a.retarget(animation: .spring, interval: -model, at: 11.0 / 60, listener: nil)
        #expect(abs(a.velocity! - 300 * pow(0.998, 1000.0 / 60)) < 1e-6)
        let x0 = a.presented(model: 0, at: 11.0 / 60)
        #expect(abs(x0 - 55) < 1e-9)
        let x1 = a.presented(model: 0, at: 12.0 / 60)
        #expect(x1 > x0, "keeps moving the way the finger went before turning back: \(x0) → \(x1)")
        // The tracker alone ends 2 s after its last sample.
        var t = AnimatorState(animation: .velocityTracking, interval: 1.0, at: 0, listener: nil)
        #expect(t.sample(at: 0) != nil && t.sample(at: 1.9) != nil && t.sample(at: 2.01) == nil)
    }
}
