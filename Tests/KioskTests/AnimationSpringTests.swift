// AnimationSpringTests: the Spring value type's closed forms (notes §2.2–2.4, to 1e-4), the
// 1/300 s FluidSpringAnimation integrator at 60 Hz (§2.5: values, end and logical-completion
// times), interpolatingSpring (§2.6), the constructors' mapping and `.spring`'s resolution.
import Testing
@testable import Kiosk

@Suite struct AnimationSpringTests {
    @Test func springParameters() {
        let s = Spring(duration: 0.5, bounce: 0.3)
        #expect(abs(s.mass - 1) < 1e-12 && abs(s.stiffness - 157.913670) < 1e-6 && abs(s.damping - 17.592919) < 1e-6)
        #expect(abs(s.duration - 0.5) < 1e-12 && abs(s.bounce - 0.3) < 1e-12 && abs(s.dampingRatio - 0.7) < 1e-12)
        let p = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(p.duration - 0.628319) < 1e-6 && abs(p.bounce - 0.5) < 1e-9 && abs(p.response - 0.628319) < 1e-6)
        #expect(abs(p.stiffness - 100) < 1e-9 && abs(p.damping - 10) < 1e-9)
        // Overdamped: bounce −0.5 ↔ ζ = 2, read back.
        let o = Spring(duration: 0.5, bounce: -0.5)
        #expect(abs(o.dampingRatio - 2) < 1e-9 && abs(o.bounce + 0.5) < 1e-9 && abs(o.stiffness - 157.913670) < 1e-6)
        #expect(abs(o.damping - 50.265482) < 1e-6)
        // Overdamping not allowed: treated as critically damped.
        let crit = Spring(mass: 1, stiffness: 100, damping: 50)
        #expect(abs(crit.dampingRatio - 1) < 1e-12 && abs(crit.damping - 20) < 1e-9)
        let over = Spring(mass: 1, stiffness: 100, damping: 50, allowOverDamping: true)
        #expect(abs(over.dampingRatio - 2.5) < 1e-9 && abs(over.stiffness - 100) < 1e-9)
        #expect(Spring(response: 0.5, dampingRatio: 0.7) == Spring(duration: 0.5, bounce: 0.3))
        #expect(Spring.smooth == Spring() && Spring.snappy == Spring(duration: 0.5, bounce: 0.15))
        #expect(Spring.bouncy(extraBounce: 0.1) == Spring(duration: 0.5, bounce: 0.4))
        // Bounce above 1 is undamped in the Spring struct.
        #expect(Spring(duration: 0.5, bounce: 1.5).dampingRatio == 0)
    }

    /// (spring, ζ, k, c, settlingDuration, x(0.1), x(0.2), x(0.5), x(1.0)), notes §2.4.
    static let table: [(Spring, Double, Double, Double, Double, [Double])] = [
        (Spring(response: 0.5, dampingRatio: 0.825), 0.825, 157.913670, 20.734512, 0.900768, [0.393608, 0.799649, 1.008402, 0.999945]),
        (Spring(response: 0.5, dampingRatio: 0.5), 0.5, 157.913670, 12.566371, 1.415416, [0.479612, 1.026972, 0.989822, 1.001281]),
        (.smooth, 1.0, 157.913670, 25.132741, 0.800000, [0.357740, 0.715416, 0.986399, 0.999953]),
        (.snappy, 0.85, 157.913670, 21.362830, 0.876827, [0.388102, 0.786369, 1.006020, 0.999966]),
        (.bouncy, 0.7, 157.913670, 17.592919, 1.044713, [0.423302, 0.873711, 1.014498, 1.000072]),
        (Spring(response: 0.55, dampingRatio: 1.0), 1.0, 130.507166, 22.847947, 0.900000, [0.316461, 0.665624, 0.977810, 0.999864]),
        (Spring(response: 0.15, dampingRatio: 0.86), 0.86, 1754.596338, 72.047192, 0.292012, [0.975876, 1.001449, 1.000000, 1.000000]),
        (Spring(duration: 0.5, bounce: -0.5), 2.0, 157.913670, 50.265482, 2.100000, [0.231362, 0.450605, 0.799926, 0.962845]),
    ]

    @Test(arguments: 0..<8)
    func closedFormUnitStep(row: Int) {
        let (s, zeta, k, c, settle, xs) = Self.table[row]
        #expect(abs(s.dampingRatio - zeta) < 1e-9)
        #expect(abs(s.stiffness - k) < 1e-4 && abs(s.damping - c) < 1e-4)
        #expect(abs(s.settlingDuration - settle) < 1e-4, "settling \(s.settlingDuration) vs \(settle)")
        for (t, x) in zip([0.1, 0.2, 0.5, 1.0], xs) {
            let v = s.value(target: 1.0, initialVelocity: 0, time: t)
            #expect(abs(v - x) < 1e-4, "row \(row) x(\(t)) = \(v) vs \(x)")
            // Velocity is the derivative of value (central difference).
            let fd = (s.value(target: 1.0, time: t + 1e-6) - s.value(target: 1.0, time: t - 1e-6)) / 2e-6
            #expect(abs(s.velocity(target: 1.0, time: t) - fd) < 1e-4 * max(1, abs(fd)))
        }
        #expect(s.value(target: 1.0, time: 0) == 0 && abs(s.velocity(target: 1.0, initialVelocity: 3.0, time: 0) - 3) < 1e-9)
    }

    @Test func closedFormVelocities() {
        let a = Spring(response: 0.5, dampingRatio: 0.825), b = Spring(response: 0.5, dampingRatio: 0.5)
        for (t, va, vb) in [(0.1, 5.140866, 6.857319), (0.2, 2.764626, 3.394974), (0.5, -0.049617, -0.467676), (1.0, 0.000511, -0.026925)] {
            #expect(abs(a.velocity(target: 1.0, time: t) - va) < 1e-4)
            #expect(abs(b.velocity(target: 1.0, time: t) - vb) < 1e-4)
        }
        // Initial velocity, vector-valued, and `update` stepping agree with one closed-form call.
        let s = Spring.bouncy
        let target = AnimatablePair(100.0, -40.0), v0 = AnimatablePair(300.0, 50.0)
        var x = AnimatablePair(0.0, 0.0), v = v0
        for _ in 0..<30 { s.update(value: &x, velocity: &v, target: target, deltaTime: 0.01) }
        let direct = s.value(target: target, initialVelocity: v0, time: 0.3)
        #expect(abs(x.first - direct.first) < 1e-9 && abs(x.second - direct.second) < 1e-9)
        let dv = s.velocity(target: target, initialVelocity: v0, time: 0.3)
        #expect(abs(v.first - dv.first) < 1e-9 && abs(v.second - dv.second) < 1e-9)
        // force = k(T − x) − c·v.
        #expect(abs(s.force(target: 1.0, position: 0.25, velocity: 2) - (s.stiffness * 0.75 - s.damping * 2)) < 1e-9)
    }

    /// (animation, x(0.1), x(0.2), x(0.5), end of a unit move, logical completion, end of 100 pt), §2.5.
    static let integrator: [(Animation, [Double], Double, Double, Double)] = [
        (.spring(response: 0.5, dampingFraction: 0.825), [0.407970, 0.805948, 1.006794], 32, 30, 59),
        (.spring(response: 0.5, dampingFraction: 0.5), [0.496716, 1.034863, 0.989669], 57, 30, 108),
        (.smooth, [0.370762, 0.721278, 0.984469], 50, 30, 76),
        (.snappy, [0.402265, 0.792594, 1.004350], 34, 30, 62),
        (.bouncy, [0.438695, 0.880468, 1.013297], 46, 30, 68),
        (.spring(response: 0.55, dampingFraction: 1.0), [0.328388, 0.672355, 0.975601], 53, 33, 83),
    ]

    @Test(arguments: 0..<6)
    func integratorAt60Hz(row: Int) {
        let (a, xs, endFrame, logicalFrame, end100Frame) = Self.integrator[row]
        var context = AnimationContext<Double>()
        var logicalAt: Int? = nil, endAt: Int? = nil
        for k in 1...300 {
            let v = a.animate(value: 1.0, time: Double(k) / 60, context: &context)
            if context.isLogicallyComplete && logicalAt == nil { logicalAt = k }
            if k == 6 { #expect(abs(v! - xs[0]) < 1e-6, "x(0.1) = \(v!)") }
            if k == 12 { #expect(abs(v! - xs[1]) < 1e-6, "x(0.2) = \(v!)") }
            if k == 30 { #expect(abs(v! - xs[2]) < 1e-6, "x(0.5) = \(v!)") }
            if v == nil { endAt = k; break }
        }
        #expect(endAt == Int(endFrame), "unit move ends at frame \(endAt ?? -1)")
        #expect(logicalAt == Int(logicalFrame), "logically complete at frame \(logicalAt ?? -1)")
        let end100 = endTime60(a, value: 100.0)
        #expect(end100.map { Int(($0 * 60).rounded()) } == Int(end100Frame), "100-pt end \(end100 ?? -1)")
    }

    @Test func integratorDetails() {
        // interactiveSpring(response: 0.15, dampingFraction: 0.86): 0.969006 at 0.1 s, done at 0.2 s.
        let s = samples60(Animation.interactiveSpring(response: 0.15, dampingFraction: 0.86), value: 1.0)
        #expect(abs(s[5].v! - 0.969006) < 1e-6 && s.count == 12 && s[11].v == nil)
        // After exactly 30 steps (0.1 s in one call): 0.390798.
        var c = AnimationContext<Double>()
        #expect(abs(Animation.spring(response: 0.5, dampingFraction: 0.825).animate(value: 1.0, time: 0.1 - 1e-9, context: &c)! - 0.390798) < 1e-6)
        // Velocity is the integrator's.
        #expect(Animation.spring.velocity(value: 1.0, time: 0.1, context: c)! > 3)
        // A long hitch simulates only its last 1/60 s.
        var h = AnimationContext<Double>()
        let first = Animation.smooth.animate(value: 100.0, time: 1.0 / 60, context: &h)!
        let afterHitch = Animation.smooth.animate(value: 100.0, time: 5, context: &h)!
        #expect(afterHitch > first && afterHitch < 10, "only 1/60 s more was simulated: \(afterHitch)")
        // Vector values end on the whole vector's magnitude (the 100-pt rule, per component sum).
        #expect(endTime60(Animation.spring, value: AnimatablePair(100.0, 0.0)) == endTime60(Animation.spring, value: 100.0))
        // 300-pt moves (notes: 1.317 s for spring(response:0.5, dampingFraction:0.825), 1.383 s smooth).
        #expect(endTime60(Animation.spring(response: 0.5, dampingFraction: 0.825), value: 300.0).map { ($0 * 60).rounded() } == 79)
        #expect(endTime60(Animation.smooth, value: 300.0).map { ($0 * 60).rounded() } == 83)
    }

    @Test func springResolution() {
        // A bare `.spring` / `.spring()` is spring(duration: 0.5, bounce: 0): critically damped.
        let bare: Animation = .spring()
        #expect(bare == Animation.spring(duration: 0.5, bounce: 0, blendDuration: 0))
        #expect(Animation.spring == Animation.spring(response: 0.5, dampingFraction: 1.0, blendDuration: 0))
        #expect(Animation.spring != Animation.spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0))
        #expect(Animation.smooth == .spring(duration: 0.5, bounce: 0))
        #expect(Animation.snappy == .spring(response: 0.5, dampingFraction: 0.85))
        #expect(Animation.bouncy == .spring(response: 0.5, dampingFraction: 0.7))
        #expect(Animation.bouncy(duration: 0.3, extraBounce: 0.1) == .spring(response: 0.3, dampingFraction: 0.6))
        #expect(Animation.smooth(extraBounce: -0.5) == .spring(response: 0.5, dampingFraction: 2))
        // Like `.spring`, a bare `interactiveSpring()` is the duration form (the response form is
        // disfavoured): duration 0.15, bounce 0.15, blend 0.25.
        #expect(Animation.interactiveSpring == .interactiveSpring(duration: 0.15, extraBounce: 0, blendDuration: 0.25))
        #expect(Animation.interactiveSpring(duration: 0.15, extraBounce: 0) == .spring(response: 0.15, dampingFraction: 0.85, blendDuration: 0.25))
        let fromSpring = samples60(Animation.spring(Spring(duration: 0.5, bounce: 0.3)), value: 100.0)
        let direct = samples60(Animation.spring(response: 0.5, dampingFraction: 0.7), value: 100.0)
        #expect(fromSpring.count == direct.count)
        #expect(zip(fromSpring, direct).allSatisfy { abs(($0.v ?? 0) - ($1.v ?? 0)) < 1e-9 })
        // `.default`: its own type (equal only to itself), a (0.55, 1.0) spring.
        #expect(Animation.default == .default && Animation.default != .spring(response: 0.55, dampingFraction: 1))
        #expect(Animation.default.description == "DefaultAnimation()")
        #expect(endTime60(Animation.default, value: 1.0).map { ($0 * 60).rounded() } == 53)
        #expect(endTime60(Animation.default, value: 100.0).map { ($0 * 60).rounded() } == 83)
    }

    @Test func interpolatingSpring() {
        let a = Animation.interpolatingSpring(stiffness: 170, damping: 15)
        var c = AnimationContext<Double>()
        var logical: Double? = nil
        for (t, x) in [(0.1, 0.480943), (0.2, 0.986203), (0.5, 0.999787), (0.9, nil as Double?)] {
            let v = a.animate(value: 1.0, time: t, context: &c)
            if let x { #expect(abs(v! - x) < 1e-6, "x(\(t)) = \(v!)") }
        }
        #expect(abs(a.animate(value: 1.0, time: 0.999, context: &c)! - 1.000547) < 1e-3)
        for k in 1...100 {
            var cc = AnimationContext<Double>()
            _ = a.animate(value: 1.0, time: Double(k) / 100, context: &cc)
            if cc.isLogicallyComplete { logical = Double(k) / 100; break }
        }
        #expect(logical == 0.49, "logically complete at 2π/√170 = 0.481898 s")
        #expect(a.animate(value: 1.0, time: 1.0, context: &c) == nil, "ends at max(settle, 1 s) = 1 s")
        // Velocity is the derivative; initial velocity is a fraction of the change per second.
        let fd = (a.animate(value: 10.0, time: 0.15 + 1e-6, context: &c)! - a.animate(value: 10.0, time: 0.15 - 1e-6, context: &c)!) / 2e-6
        #expect(abs(a.velocity(value: 10.0, time: 0.15, context: c)! - fd) < 1e-3)
        let kick = Animation.interpolatingSpring(stiffness: 170, damping: 15, initialVelocity: 4)
        #expect(abs(kick.velocity(value: 10.0, time: 0, context: c)! - 40) < 1e-9)
        // duration/bounce form: stiffness (2π/d)², damping 2ζ√k; critical form for ζ ≥ 1.
        let d = Animation.interpolatingSpring(duration: 0.5, bounce: 0)
        #expect(abs(d.animate(value: 1.0, time: 0.2, context: &c)! - 0.715416) < 1e-6)
        #expect(!d.shouldMerge(previous: a, value: 1.0, time: 0.1, context: &c))
    }
}
