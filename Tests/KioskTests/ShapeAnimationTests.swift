// Shapes' data animates (issue 9): `cornerRadius(_:)` and `clipShape(RoundedRectangle(…))` move
// their radius through the clip's animatable data (an effect: nothing re-evaluates), a clip to a
// Circle follows the animated frame, `RoundedRectangle(cornerRadius:)` as a view animates its
// corner size (its body re-runs, as a custom Shape's does) and `.fill` of one animates as an effect.
import Testing
import Raster
@testable import Kiosk

private typealias Color = Kiosk.Color

private struct Toggler<Content: View>: View {
    let animation: Animation?
    @ViewBuilder let content: (Bool) -> Content
    @State private var on = false
    var body: some View {
        content(on).contentShape(Rectangle()).onTapGesture { withAnimation(animation) { on.toggle() } }
    }
}

@MainActor @Suite struct ShapeAnimationTests {
    private func host<C: View>(_ animation: Animation? = .linear(duration: 1), @ViewBuilder _ content: @escaping (Bool) -> C) -> HeadlessHost {
        HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) { Toggler(animation: animation, content: content) }
    }

    private func clipNode<S: Shape>(_ host: HeadlessHost, _: S.Type) -> Node? {
        host.allNodes.first { ($0.view as? any ModifierCarrier)?.anyModifier is _ClipEffect<S> && !$0.isRemoved }
    }

    /// The clip radius a `_ClipEffect<RoundedRectangle>` node draws with now.
    private func presentedRadius(_ node: Node) -> CGFloat? {
        guard let model = (node.view as? any ModifierCarrier)?.anyModifier as? _ClipEffect<RoundedRectangle> else { return nil }
        return node.presented(model).shape.cornerSize.width
    }

    @Test func cornerRadiusAnimatesAsAnEffect() throws {
        let h = host { on in Color.red.frame(width: 100, height: 100).cornerRadius(on ? 40 : 0) }
        let clip = try #require(clipNode(h, RoundedRectangle.self))
        #expect(presentedRadius(clip) == 0)
        // Before: the frame's corner pixel is red.
        #expect(rgba(h.snapshot(), 51, 51) == [255, 59, 48, 255])
        h.tap(x: 100, y: 100)
        h.advance(by: 0.5 - 1.0 / 60)
        #expect(abs(try #require(presentedRadius(clip)) - 20) < 1e-9)
        #expect(clip.valueAnimator?.kind == .effect)
        // Radius 20 cuts the corner: (51, 51) is outside the arc (centre (70, 70), 26.9 away),
        // (60, 60) inside it (14.1 away).
        #expect(rgba(h.snapshot(), 51, 51) == [255, 255, 255, 255])
        #expect(rgba(h.snapshot(), 60, 60) == [255, 59, 48, 255])
        h.advance(by: 0.6)
        #expect(presentedRadius(clip) == 40)
        #expect(clip.valueAnimator == nil)
    }

    @Test func clipShapeWithARoundedRectangleAnimatesItsRadius() throws {
        let h = host(.spring(duration: 0.5)) { on in
            Color.blue.frame(width: 100, height: 100).clipShape(RoundedRectangle(cornerRadius: on ? 50 : 10))
        }
        let clip = try #require(clipNode(h, RoundedRectangle.self))
        h.tap(x: 100, y: 100)
        var last = try #require(presentedRadius(clip))
        // A critically damped spring: the radius rises monotonically from 10 to 50.
        for _ in 0..<40 {
            h.advance(by: 1.0 / 60)
            let r = try #require(presentedRadius(clip))
            #expect(r >= last - 1e-9 && r <= 50 + 1e-9)
            last = r
        }
        h.advance(by: 1)
        #expect(presentedRadius(clip) == 50)
    }

    @Test func aCircleClipFollowsTheAnimatedFrame() throws {
        let h = host { on in Color.green.frame(width: on ? 160 : 40, height: on ? 160 : 40).clipShape(Circle()) }
        h.tap(x: 100, y: 100)
        h.advance(by: 0.5 - 1.0 / 60)
        // Half way the frame is 100 × 100 around the centre: a circle of radius 50.
        let s = h.snapshot()
        #expect(rgba(s, 100, 100 - 45) == [52, 199, 89, 255])      // inside, near the top
        #expect(rgba(s, 100, 100 - 55) == [255, 255, 255, 255])    // outside the circle
        #expect(rgba(s, 100 - 40, 100 - 40) == [255, 255, 255, 255]) // inside the frame, outside the circle
    }

    @Test func aRoundedRectangleViewAnimatesItsCornerSize() throws {
        let h = host { on in RoundedRectangle(cornerRadius: on ? 30 : 0).frame(width: 100, height: 100) }
        let shape = try #require(h.allNodes.first { $0.view is RoundedRectangle })
        h.tap(x: 100, y: 100)
        h.advance(by: 0.5 - 1.0 / 60)
        // A Shape view is a body animator: its view holds the presented copy.
        #expect(shape.valueAnimator?.kind == .body)
        #expect(abs(try #require(shape.view as? RoundedRectangle).cornerSize.width - 15) < 1e-9)
        let drawn = try #require(h.allNodes.first { $0.view is _ShapeView<RoundedRectangle, ForegroundStyle> })
        #expect(abs(try #require(drawn.view as? _ShapeView<RoundedRectangle, ForegroundStyle>).shape.cornerSize.width - 15) < 1e-9)
        h.advance(by: 0.6)
        #expect(try #require(shape.view as? RoundedRectangle).cornerSize.width == 30)
    }

    @Test func aFilledRoundedRectangleAnimatesItsRadiusAsAnEffect() throws {
        let h = host { on in RoundedRectangle(cornerRadius: on ? 30 : 0).fill(Color.red).frame(width: 100, height: 100) }
        let shape = try #require(h.allNodes.first { $0.view is _ShapeView<RoundedRectangle, Color> })
        h.tap(x: 100, y: 100)
        h.advance(by: 0.5 - 1.0 / 60)
        #expect(shape.valueAnimator?.kind == .effect)
        let model = try #require(shape.view as? _ShapeView<RoundedRectangle, Color>)
        #expect(model.shape.cornerSize.width == 30)
        #expect(abs(shape.presented(model).shape.cornerSize.width - 15) < 1e-9)
    }

    @Test func badRadiiHaveDocumentedResults() throws {
        // NaN and negative radii draw square corners; animating toward NaN or ∞ jumps;
        // a radius past half the side draws half the side (a capsule's ends).
        let h = host { on in
            VStack(spacing: 0) {
                Color.red.frame(width: 40, height: 40).cornerRadius(on ? .nan : 10)
                Color.red.frame(width: 40, height: 40).cornerRadius(on ? -20 : 10)
                Color.red.frame(width: 40, height: 40).clipShape(RoundedRectangle(cornerRadius: on ? .infinity : 10))
                RoundedRectangle(cornerRadius: on ? 1000 : 0).fill(Color.red).frame(width: 40, height: 40)
            }
        }
        h.tap(x: 100, y: 100)
        h.advance(by: 0.5)
        let clips = h.allNodes.filter { ($0.view as? any ModifierCarrier)?.anyModifier is _ClipEffect<RoundedRectangle> }
        #expect(clips.count == 3)
        #expect(clips[0].valueAnimator == nil && clips[2].valueAnimator == nil, "toward NaN / ∞: jumps")
        #expect(clips[1].valueAnimator != nil, "toward a negative radius: animates, drawn as 0 once below 0")
        h.advance(by: 1)
        let s = h.snapshot()
        // Rows start at y = 20: square corners for NaN (row 0) and −20 (row 1).
        #expect(rgba(s, 81, 21) == [255, 59, 48, 255])
        #expect(rgba(s, 81, 61) == [255, 59, 48, 255])
        // ∞ from Raster's clamp: corners square too (a non-finite radius is 0).
        #expect(rgba(s, 81, 101) == [255, 59, 48, 255])
        // 1000 on a 40-point square: a circle of radius 20 — its corner is empty.
        #expect(rgba(s, 81, 141) == [255, 255, 255, 255])
        #expect(rgba(s, 100, 160) == [255, 59, 48, 255])
    }
}
