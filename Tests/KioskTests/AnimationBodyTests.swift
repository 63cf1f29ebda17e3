// `.animation(_:body:)` (iOS 17): the animation applies to the modifiers `body` applies to the
// placeholder, and only to them; the content's own changes keep their transaction. Precedence
// against withAnimation and `.animation(_:value:)`: the rewrite closest to an attribute wins.
import Testing
@testable import Kiosk

private typealias Color = Kiosk.Color

private func modifierNode<M>(_ host: HeadlessHost, _: M.Type) -> Node? {
    host.allNodes.first { ($0.view as? any ModifierCarrier)?.anyModifier is M && !$0.isRemoved }
}

private func presented<M: Animatable>(_ host: HeadlessHost, _: M.Type) -> M? {
    guard let node = modifierNode(host, M.self), let model = (node.view as? any ModifierCarrier)?.anyModifier as? M else { return nil }
    return node.presented(model)
}

private let easeInHalf = UnitCurve.easeIn.value(at: 0.5)

/// A red square whose offset is the content's own change and whose opacity and scale are set
/// inside `.animation(bodyAnimation) { … }`. `outer` is the tap's withAnimation (nil: a plain
/// change); `inside`/`outside`: an `.animation(_:value:)` on body's opacity / around everything.
private struct Scoped: View {
    enum Extra { case none, inside(Animation), outside(Animation) }
    let outer: Animation?
    let bodyAnimation: Animation?
    var extra = Extra.none
    @State private var on = false
    var body: some View {
        content.onTapGesture { if let outer { withAnimation(outer) { on.toggle() } } else { on.toggle() } }
    }
    @ViewBuilder private var content: some View {
        let square = Color.red.frame(width: 20, height: 20).offset(x: on ? 100 : 0)
        switch extra {
        case .none:
            square.animation(bodyAnimation) { $0.opacity(on ? 0 : 1).scaleEffect(on ? 2 : 1) }
        case .inside(let a):
            square.animation(bodyAnimation) { $0.opacity(on ? 0 : 1).animation(a, value: on).scaleEffect(on ? 2 : 1) }
        case .outside(let a):
            square.animation(bodyAnimation) { $0.opacity(on ? 0 : 1).scaleEffect(on ? 2 : 1) }.animation(a, value: on)
        }
    }
}

@MainActor @Suite struct AnimationBodyTests {
    private func run(_ view: Scoped) -> HeadlessHost {
        let h = HeadlessHost(width: 300, height: 100, text: FixedAdvanceText()) { view }
        h.tap(x: 150, y: 50)
        h.advance(by: 0.5 - 1.0 / 60)
        return h
    }

    @Test func bodysModifiersTakeItsAnimationAndTheContentKeepsWithAnimations() throws {
        let h = run(Scoped(outer: .linear(duration: 1), bodyAnimation: .easeIn(duration: 1)))
        let opacity = try #require(presented(h, _OpacityEffect.self)).opacity
        let scale = try #require(presented(h, _ScaleEffect.self)).scale.width
        let offset = try #require(presented(h, _OffsetEffect.self)).offset.width
        #expect(abs(opacity - (1 - easeInHalf)) < 1e-6, "opacity \(opacity)")
        #expect(abs(scale - (1 + easeInHalf)) < 1e-6, "scale \(scale)")
        #expect(abs(offset - 50) < 1e-6, "the content's offset follows withAnimation's linear curve: \(offset)")
        h.advance(by: 0.6)
        #expect(h.renderer.graph.animators.isEmpty)
        #expect(try #require(presented(h, _OpacityEffect.self)).opacity == 0)
    }

    @Test func aPlainChangeAnimatesOnlyBodysModifiers() throws {
        let h = run(Scoped(outer: nil, bodyAnimation: .easeIn(duration: 1)))
        #expect(abs(try #require(presented(h, _OpacityEffect.self)).opacity - (1 - easeInHalf)) < 1e-6)
        #expect(modifierNode(h, _OffsetEffect.self)?.valueAnimator == nil)
        #expect(try #require(presented(h, _OffsetEffect.self)).offset.width == 100)
    }

    @Test func aNilBodyAnimationStopsWithAnimationForBodysModifiersOnly() throws {
        let h = run(Scoped(outer: .linear(duration: 1), bodyAnimation: nil))
        #expect(modifierNode(h, _OpacityEffect.self)?.valueAnimator == nil)
        #expect(try #require(presented(h, _OpacityEffect.self)).opacity == 0)
        #expect(abs(try #require(presented(h, _OffsetEffect.self)).offset.width - 50) < 1e-6)
    }

    @Test func animationValueInsideBodyWinsAndOutsideOneReachesOnlyTheContent() throws {
        // Inside body, nearer the opacity: linear(2) → 0.75 at 0.5 s (the scale is outside it:
        // body's easeIn). Outside the whole view, nearer the content than withAnimation:
        // linear(2) → offset 25, while body's modifiers keep easeIn.
        let inside = run(Scoped(outer: .linear(duration: 1), bodyAnimation: .easeIn(duration: 1), extra: .inside(.linear(duration: 2))))
        #expect(abs(try #require(presented(inside, _OpacityEffect.self)).opacity - 0.75) < 1e-6)
        #expect(abs(try #require(presented(inside, _ScaleEffect.self)).scale.width - (1 + easeInHalf)) < 1e-6)
        #expect(abs(try #require(presented(inside, _OffsetEffect.self)).offset.width - 50) < 1e-6)
        let outside = run(Scoped(outer: .linear(duration: 1), bodyAnimation: .easeIn(duration: 1), extra: .outside(.linear(duration: 2))))
        #expect(abs(try #require(presented(outside, _OpacityEffect.self)).opacity - (1 - easeInHalf)) < 1e-6)
        #expect(abs(try #require(presented(outside, _OffsetEffect.self)).offset.width - 25) < 1e-6)
    }

    @Test func aDynamicContainerInBodyDoesNotTransitionInAtFirstAppearance() throws {
        struct V: View {
            var body: some View {
                Color.red.frame(width: 20, height: 20).animation(.linear(duration: 1)) { p in
                    if Bool(true) { p.opacity(0.5) }
                }
            }
        }
        let h = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) { V() }
        #expect(h.renderer.graph.animators.isEmpty)
        #expect(!h.allNodes.contains { $0.transitionHost != nil })
    }

    @Test func theContentsOwnStateChangesKeepTheirTransaction() throws {
        // A content with its own state: its change (a plain write) does not pick up body's animation.
        struct Inner: View {
            @State var moved = false
            var body: some View {
                Color.blue.frame(width: 20, height: 20).offset(x: moved ? 60 : 0).onTapGesture { moved = true }
            }
        }
        struct Outer: View {
            var body: some View { Inner().animation(.linear(duration: 1)) { $0.opacity(0.5) } }
        }
        let h = HeadlessHost(width: 300, height: 100, text: FixedAdvanceText()) { Outer() }
        h.tap(x: 150, y: 50)
        #expect(modifierNode(h, _OffsetEffect.self)?.valueAnimator == nil)
        #expect(try #require(presented(h, _OffsetEffect.self)).offset.width == 60)
    }
}

