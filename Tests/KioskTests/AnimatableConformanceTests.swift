// AnimatableConformanceTests: the public types' animatableData (SwiftUI's shapes and scales),
// round trips, interpolation through an animation, Shape refining Animatable (seed 003's
// Checkerboard with an AnimatablePair), and VectorArithmetic on nested pairs.
import Testing
@testable import Kiosk
@testable import KioskScenes   // seed 003's Checkerboard, as the seed writes it

/// Interpolates `from` → `to` with `animation` at `time`, through the types' animatableData.
private func lerp<T: Animatable>(_ from: T, _ to: T, _ animation: Animation, at time: Double) -> T {
    var a = AnimatorState(animation: animation, interval: to.animatableData - from.animatableData, at: 0, listener: nil)
    var out = to
    out.animatableData = a.presented(model: to.animatableData, at: time)
    return out
}

@Suite struct AnimatableConformanceTests {
    @Test func geometryData() {
        var p = CGPoint(x: 3, y: 4)
        #expect(p.animatableData == AnimatablePair(3, 4))
        p.animatableData = AnimatablePair(5, 6)
        #expect(p == CGPoint(x: 5, y: 6))
        var r = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(r.animatableData.first == AnimatablePair(1, 2) && r.animatableData.second == AnimatablePair(3, 4))
        r.animatableData = CGRect(x: 10, y: 20, width: 30, height: 40).animatableData
        #expect(r == CGRect(x: 10, y: 20, width: 30, height: 40))
        var e = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(e.animatableData.first == 1 && e.animatableData.second.first == 2
                && e.animatableData.second.second.first == 3 && e.animatableData.second.second.second == 4)
        e.animatableData.scale(by: 2)
        #expect(e == EdgeInsets(top: 2, leading: 4, bottom: 6, trailing: 8))
        // Angle and UnitPoint are stored ×128, as SwiftUI's.
        var a = Angle.degrees(90)
        #expect(abs(a.animatableData - Double.pi / 2 * 128) < 1e-9)
        a.animatableData = Double.pi * 128
        #expect(abs(a.degrees - 180) < 1e-9)
        var u = UnitPoint.center
        #expect(u.animatableData == AnimatablePair(64, 64))
        u.animatableData = AnimatablePair(128, 0)
        #expect(u == .topTrailing)
        var s = StrokeStyle(lineWidth: 2, miterLimit: 4, dash: [1, 2], dashPhase: 3)
        #expect(s.animatableData.first == 2 && s.animatableData.second.first == 4 && s.animatableData.second.second == 3)
        s.animatableData = AnimatablePair(5, AnimatablePair(6, 7))
        #expect(s.lineWidth == 5 && s.miterLimit == 6 && s.dashPhase == 7 && s.dash == [1, 2])
        var size = CGSize(width: 1, height: 2)
        size.animatableData = AnimatablePair(7, 8)
        #expect(size == CGSize(width: 7, height: 8))
        #expect(2.5.animatableData == 2.5 && Float(1.5).animatableData == 1.5)
    }

    @Test func interpolationThroughAnimations() {
        let r = lerp(CGRect(x: 0, y: 0, width: 100, height: 50), CGRect(x: 100, y: 20, width: 200, height: 50), .linear(duration: 1), at: 0.25)
        #expect(abs(r.minX - 25) < 1e-9 && abs(r.minY - 5) < 1e-9 && abs(r.width - 125) < 1e-9 && r.height == 50)
        let e = lerp(EdgeInsets(), EdgeInsets(top: 8, leading: 16, bottom: 24, trailing: 32), .linear(duration: 1), at: 0.5)
        #expect(e == EdgeInsets(top: 4, leading: 8, bottom: 12, trailing: 16))
        let angle = lerp(Angle.zero, .degrees(90), .easeInOut(duration: 1), at: 0.25)
        #expect(abs(angle.degrees - 90 * 0.129162) < 1e-4)
        let corner = lerp(RoundedRectangle(cornerRadius: 0), RoundedRectangle(cornerRadius: 20), .linear(duration: 1), at: 0.5)
        #expect(corner.cornerSize == CGSize(width: 10, height: 10))
    }

    @Test func shapesAreAnimatable() {
        // Seed 003: 4×4 → 8×16 over linear(3 s) shows the integer boards in between.
        let board = lerp(Checkerboard(rows: 4, columns: 4), Checkerboard(rows: 8, columns: 16), .linear(duration: 3), at: 1.5)
        #expect(board.rows == 6 && board.columns == 10)
        #expect(!board.path(in: CGRect(x: 0, y: 0, width: 160, height: 80)).isEmpty)
        // Shapes without animatable data have none (no animator is ever made for them).
        #expect(Rectangle().animatableData == EmptyAnimatableData() && Circle().animatableData.magnitudeSquared == 0)
        func isAnimatable<S: Shape>(_: S) -> Bool { (S.self as Any.Type) is any Animatable.Type }
        #expect(isAnimatable(Capsule()) && isAnimatable(Ellipse()))
    }

    @Test func resolvedColors() {
        var env = EnvironmentValues()
        let white = Color.white.resolve(in: env)
        #expect(abs(white.red - 1) < 1e-6 && abs(white.linearRed - 1) < 1e-6 && white.opacity == 1)
        let mid = Color.Resolved(red: 0.5, green: 0.5, blue: 0.5)
        #expect(abs(mid.linearRed - 0.214041) < 1e-5 && abs(mid.red - 0.5) < 1e-5)
        #expect(mid.animatableData.first == mid.linearRed * 128)
        env.colorScheme = .dark
        #expect(Color.blue.resolve(in: env) != Color.blue.resolve(in: EnvironmentValues()))
        // Black → white at half way is linear-light grey 0.5 (sRGB 0.735), not sRGB 0.5.
        let half = lerp(Color.black.resolve(in: env), Color.white.resolve(in: env), .linear(duration: 1), at: 0.5)
        #expect(abs(half.linearGreen - 0.5) < 1e-6 && abs(half.green - 0.735357) < 1e-4)
        let back = Color(half).resolve(in: EnvironmentValues())
        #expect(abs(back.linearRed - 0.5) < 1e-5)
        let linear = Color.Resolved(colorSpace: .sRGBLinear, red: 0.25, green: 0, blue: 1, opacity: 0.5)
        #expect(linear.linearRed == 0.25 && linear.opacity == 0.5)
    }

    @Test func nestedPairsAreVectors() {
        typealias P4 = AnimatablePair<Double, AnimatablePair<Double, AnimatablePair<Double, Double>>>
        let a = P4(1, .init(2, .init(3, 4))), b = P4(5, .init(6, .init(7, 8)))
        #expect((b - a).magnitudeSquared == 64)
        #expect(a.interpolated(towards: b, amount: 0.5) == P4(3, .init(4, .init(5, 6))))
        let dot: Double = 5 + 12 + 21 + 32
        #expect(vectorDot(a, b) == dot)
        #expect(EmptyAnimatableData().magnitudeSquared == 0)
    }
}

@Suite struct GradientAnimationTests {
    @Test func gradientStopsInterpolate() {
        let env = EnvironmentValues()
        let from = Gradient(stops: [.init(color: .black, location: 0), .init(color: .white, location: 1)])
        let to = Gradient(stops: [.init(color: .white, location: 0.2), .init(color: .black, location: 0.8)])
        let a0 = from.animatableData(in: env), a1 = to.animatableData(in: env)
        var state = AnimatorState(animation: .linear(duration: 1), interval: a1 - a0, at: 0, listener: nil)
        let mid = Gradient(animatableData: state.presented(model: a1, at: 0.5))
        #expect(mid.stops.count == 2)
        #expect(abs(mid.stops[0].location - 0.1) < 1e-9 && abs(mid.stops[1].location - 0.9) < 1e-9)
        let c0 = mid.stops[0].color.resolve(in: env)
        #expect(abs(c0.linearRed - 0.5) < 1e-5 && abs(c0.opacity - 1) < 1e-6, "stops cross-fade in linear light")
        #expect(state.presented(model: a1, at: 2) == a1)
        // A stop added mid-way animates in from zero (transparent black at location 0).
        let three = Gradient(colors: [.red, .green, .blue]).animatableData(in: env)
        let d = three - a0
        #expect(d.elements.count == 3 && (a0 + d - three).magnitudeSquared < 1e-6)
        var grown = AnimatorState(animation: .smooth, interval: d, at: 0, listener: nil)
        for k in 1...30 { _ = grown.sample(at: Double(k) / 60) }
        #expect(Gradient(animatableData: grown.presented(model: three, at: 0.5)).stops.count == 3)
    }
}
