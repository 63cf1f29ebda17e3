// The transition value layer: each built-in applied in each phase to a 40×40 square, drawn as a
// static tree (no animation), checked by its pixels; the phases' structures; which of several
// stacked `.transition`s applies (seed 002 stacks seven).
import Testing
@testable import Kiosk
@testable import KioskScenes

// Seed 002's AnyTransition extension, as written there (its RotateViewModifier is SeedTests.swift's).
// fileprivate: the seed's own scene may define the same names in this module later.
extension AnyTransition {
    fileprivate static var rotating: AnyTransition {
        return AnyTransition.modifier(active: RotateViewModifier(rotation: 180), identity: RotateViewModifier(rotation: 0))
    }
    fileprivate static func rotating(amount: Double) -> AnyTransition {
        return AnyTransition.modifier(active: RotateViewModifier(rotation: amount), identity: RotateViewModifier(rotation: 0))
    }
    fileprivate static var rotateOn: AnyTransition {
        asymmetric(insertion: .rotating, removal: .rotating(amount: 100))
    }
}

/// Apple's example of a custom `Transition`.
struct RotatingFadeTransition: Transition {
    func body(content: Content, phase: TransitionPhase) -> some View {
        content
            .opacity(phase.isIdentity ? 1.0 : 0.0)
            .rotationEffect(.degrees(phase.value * 30))
    }
}

/// A rotation-only modifier, to see `modifier(active:identity:)` turn a bar.
struct Turn: ViewModifier {
    let degrees: Double
    func body(content: Content) -> some View { content.rotationEffect(.degrees(degrees)) }
}

private let red: [UInt8] = [255, 59, 48, 255]
private let white: [UInt8] = [255, 255, 255, 255]
private let allPhases: [TransitionPhase] = [.willAppear, .identity, .didDisappear]

/// A 120×120 screen with `content` (default a 40×40 red square, at 40…80 when in place) wrapped
/// in `t` for `phase`.
private func draw(_ t: AnyTransition, _ phase: TransitionPhase, _ content: any View = Color.red.frame(width: 40, height: 40)) -> Surface {
    let wrapped = t._apply(to: content, phase: phase)
    let host = HeadlessHost(width: 120, height: 120) { ZStack { AnyView(erasing: wrapped) } }
    return host.snapshot().copy()
}

/// Whether the surface is all background.
private func blank(_ s: Surface) -> Bool {
    for y in 0..<s.height { for x in 0..<s.width where rgba(s, x, y) != white { return false } }
    return true
}

/// The red square's bounding box (x0, y0, x1, y1), exclusive ends; nil when none is drawn.
private func redBox(_ s: Surface) -> [Int]? {
    var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
    for y in 0..<s.height { for x in 0..<s.width where rgba(s, x, y) == red {
        x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x + 1); y1 = max(y1, y + 1)
    } }
    return x1 < 0 ? nil : [x0, y0, x1, y1]
}

/// The view's nesting as text: modifier types around content, through transition placeholders.
private func structure(_ v: any View) -> String {
    if let m = v as? any ModifierCarrier { return "\(type(of: m.anyModifier))(\(structure(m.anyContent)))" }
    if let p = v as? any _PlaceholderUnwrapping { return "P(\(structure(p._content)))" }
    return "\(type(of: v))"
}
private protocol _PlaceholderUnwrapping { var _content: any View { get } }
extension PlaceholderContentView: _PlaceholderUnwrapping { var _content: any View { content } }

/// The modifiers of `v`'s chain (outermost first), through transition placeholders.
private func modifiers(_ v: any View) -> [Any] {
    if let m = v as? any ModifierCarrier { return [m.anyModifier] + modifiers(m.anyContent) }
    if let p = v as? any _PlaceholderUnwrapping { return modifiers(p._content) }
    return []
}

@Suite struct TransitionTests {
    @Test func phaseValuesAndIdentity() {
        #expect(allPhases.map(\.value) == [-1, 0, 1])
        #expect(allPhases.map(\.isIdentity) == [false, true, false])
        #expect(OpacityTransition.properties.hasMotion == false)
        #expect(MoveTransition.properties.hasMotion)
        #expect(AnyTransition.opacity._hasMotion == false && AnyTransition.slide._hasMotion)
        #expect(AnyTransition.opacity.combined(with: .scale)._hasMotion)
    }

    @Test func everyBuiltinDrawsInPlaceAtIdentity() {
        let all: [AnyTransition] = [.opacity, .scale, .scale(scale: 0.5, anchor: .bottomTrailing), .move(edge: .leading), .slide,
                                    .offset(x: 30), .push(from: .trailing), .identity, .rotating, .rotateOn,
                                    .asymmetric(insertion: .scale, removal: .opacity), .opacity.combined(with: .slide),
                                    .scale.animation(.linear(duration: 0.5)), AnyTransition(RotatingFadeTransition())]
        for t in all {
            #expect(redBox(draw(t, .identity)) == [40, 40, 80, 80], "\(t)")
        }
    }

    @Test func opacityDrawsNothingWhenActive() {
        #expect(blank(draw(.opacity, .willAppear)))
        #expect(blank(draw(.opacity, .didDisappear)))
        let o = modifiers(AnyTransition.opacity._apply(to: Color.red, phase: .willAppear)).first as? _OpacityEffect
        #expect(o?.opacity == 0)
    }

    @Test func scaleGoesToAlmostNothingAboutTheCentre() {
        #expect(blank(draw(.scale, .willAppear)))
        #expect(blank(draw(.scale, .didDisappear)))
        let s = modifiers(AnyTransition.scale._apply(to: Color.red, phase: .didDisappear)).first as? _ScaleEffect
        #expect(s?.scale == CGSize(width: 1e-5, height: 1e-5) && s?.anchor == .center)
    }

    @Test func scaleWithAnchorShrinksTowardsIt() {
        // Half size about the bottom-trailing corner (80, 80): 60…80.
        #expect(redBox(draw(.scale(scale: 0.5, anchor: .bottomTrailing), .willAppear)) == [60, 60, 80, 80])
        #expect(redBox(draw(.scale(scale: 0.5), .didDisappear)) == [50, 50, 70, 70])
        #expect(redBox(draw(AnyTransition(ScaleTransition(0.5, anchor: .topLeading)), .willAppear)) == [40, 40, 60, 60])
    }

    @Test func moveGoesOneOwnSizeTowardsTheEdge() {
        #expect(redBox(draw(.move(edge: .leading), .willAppear)) == [0, 40, 40, 80])
        #expect(redBox(draw(.move(edge: .leading), .didDisappear)) == [0, 40, 40, 80])
        #expect(redBox(draw(.move(edge: .trailing), .willAppear)) == [80, 40, 120, 80])
        #expect(redBox(draw(.move(edge: .top), .didDisappear)) == [40, 0, 80, 40])
        #expect(redBox(draw(.move(edge: .bottom), .willAppear)) == [40, 80, 80, 120])
        // Its own size, not a fixed distance: a 20×10 bar moves 20 left.
        #expect(redBox(draw(.move(edge: .leading), .willAppear, Color.red.frame(width: 20, height: 10))) == [30, 55, 50, 65])
        // A zero-sized view moves by zero (and draws nothing): no crash, no warning.
        #expect(blank(draw(.move(edge: .top), .willAppear, Color.red.frame(width: 0, height: 0))))
    }

    @Test func moveEffectAnimatesItsFraction() {
        var e = _MoveTransitionEffect(fraction: _MoveTransitionEffect.fraction(towards: .bottom))
        #expect(e.animatableData == AnimatablePair(0, 1))
        e.animatableData = AnimatablePair(-0.5, 0.25)
        #expect(e.fraction == CGSize(width: -0.5, height: 0.25))
    }

    @Test func slideInFromLeadingOutToTrailing() {
        #expect(redBox(draw(.slide, .willAppear)) == [0, 40, 40, 80])
        #expect(redBox(draw(.slide, .didDisappear)) == [80, 40, 120, 80])
    }

    @Test func offsetMovesByTheGivenAmount() {
        #expect(redBox(draw(.offset(x: 30), .willAppear)) == [70, 40, 110, 80])
        #expect(redBox(draw(.offset(CGSize(width: -10, height: 20)), .didDisappear)) == [30, 60, 70, 100])
    }

    @Test func pushComesFromTheEdgeAndLeavesTowardsTheOther() {
        #expect(blank(draw(.push(from: .trailing), .willAppear)))   // faded out as well as moved
        func parts(_ p: TransitionPhase) -> (CGSize?, Double?) {
            let m = modifiers(AnyTransition.push(from: .trailing)._apply(to: Color.red, phase: p))
            return (m.compactMap { $0 as? _MoveTransitionEffect }.first?.fraction, m.compactMap { $0 as? _OpacityEffect }.first?.opacity)
        }
        #expect(parts(.willAppear) == (CGSize(width: 1, height: 0), 0))
        #expect(parts(.identity) == (CGSize(width: 0, height: 0), 1))
        #expect(parts(.didDisappear) == (CGSize(width: -1, height: 0), 0))
        // Without the fade, the positions: in from trailing, out to leading.
        let m = AnyTransition(PushTransition(edge: .top))._apply(to: Color.red.frame(width: 40, height: 40), phase: .didDisappear)
        #expect(modifiers(m).compactMap { $0 as? _MoveTransitionEffect }.first?.fraction == CGSize(width: 0, height: 1))
    }

    @Test func identityChangesNothingAndIsRemovedAtOnce() {
        for p in allPhases { #expect(redBox(draw(.identity, p)) == [40, 40, 80, 80]) }
        #expect(AnyTransition.identity._isIdentity)
        #expect(AnyTransition.asymmetric(insertion: .identity, removal: .identity)._isIdentity)
        #expect(AnyTransition(IdentityTransition().animation(.linear))._isIdentity)
        #expect(!AnyTransition.opacity._isIdentity)
        #expect(!AnyTransition.asymmetric(insertion: .identity, removal: .opacity)._isIdentity)
        #expect(!AnyTransition.identity.combined(with: .slide)._isIdentity)
    }

    @Test func asymmetricRunsEachSideInItsDirectionOnly() {
        let t = AnyTransition.asymmetric(insertion: .move(edge: .leading), removal: .offset(x: 30))
        #expect(redBox(draw(t, .willAppear)) == [0, 40, 40, 80])
        #expect(redBox(draw(t, .identity)) == [40, 40, 80, 80])
        #expect(redBox(draw(t, .didDisappear)) == [70, 40, 110, 80])
        // Removal's modifier around insertion's: offset outermost, the move inside.
        let m = modifiers(t._apply(to: Color.red, phase: .willAppear))
        #expect(m.count == 2 && m[0] is _OffsetEffect && m[1] is _MoveTransitionEffect)
        #expect((m[0] as? _OffsetEffect)?.offset == .zero)
        // The Transition-protocol spelling does the same.
        let p = AnyTransition(AsymmetricTransition(insertion: MoveTransition(edge: .leading), removal: OffsetTransition(CGSize(width: 30, height: 0))))
        for phase in allPhases { #expect(redBox(draw(p, phase)) == redBox(draw(t, phase))) }
    }

    @Test func combinedAppliesBothInTheSamePhase() {
        let t = AnyTransition.offset(x: 20).combined(with: .offset(y: 20))
        #expect(redBox(draw(t, .willAppear)) == [60, 60, 100, 100])
        #expect(redBox(draw(t, .didDisappear)) == [60, 60, 100, 100])
        #expect(blank(draw(.move(edge: .top).combined(with: .opacity), .willAppear)))
        // The second is applied over the first.
        let m = modifiers(AnyTransition.opacity.combined(with: .scale)._apply(to: Color.red, phase: .identity))
        #expect(m.count == 2 && m[0] is _ScaleEffect && m[1] is _OpacityEffect)
        let p = AnyTransition(OffsetTransition(CGSize(width: 20, height: 0)).combined(with: OffsetTransition(CGSize(width: 0, height: 20))))
        #expect(redBox(draw(p, .willAppear)) == [60, 60, 100, 100])
    }

    @Test func modifierTransitionUsesActiveAndIdentityValues() {
        // Seed 002's rotating: rotated 180° and pushed off by the screen's size when active.
        #expect(blank(draw(.rotating, .willAppear)))
        #expect(blank(draw(.rotateOn, .didDisappear)))
        let m = modifiers(AnyTransition.rotateOn._apply(to: Color.red, phase: .didDisappear))
        #expect((m.compactMap { $0 as? RotateViewModifier }.map(\.rotation)) == [100, 0])   // removal active, insertion identity
        // A 80×20 bar turned by 90° when active stands upright.
        let turn = AnyTransition.modifier(active: Turn(degrees: 90), identity: Turn(degrees: 0))
        let bar = Color.red.frame(width: 80, height: 20)
        #expect(redBox(draw(turn, .identity, bar)) == [20, 50, 100, 70])
        let upright = redBox(draw(turn, .willAppear, bar))
        #expect(upright.map { ($0[2] - $0[0], $0[3] - $0[1]) }.map { $0.0 <= 21 && $0.1 >= 79 } == true, "\(String(describing: upright))")
    }

    @Test func customTransitionThroughTheProtocol() {
        let t = AnyTransition(RotatingFadeTransition())
        #expect(blank(draw(t, .willAppear)))
        let m = modifiers(t._apply(to: Color.red, phase: .willAppear))
        #expect((m.first as? _RotationEffect)?.angle == .degrees(-30))
        #expect((m.last as? _OpacityEffect)?.opacity == 0)
        #expect((modifiers(t._apply(to: Color.red, phase: .didDisappear)).first as? _RotationEffect)?.angle == .degrees(30))
    }

    @Test func ownAnimationWinsAndFollowsTheDirection() {
        let a = Animation.linear(duration: 0.5), b = Animation.linear(duration: 2)
        #expect(AnyTransition.opacity._animation == nil)
        #expect(AnyTransition.scale.animation(a)._animation == a)
        #expect(AnyTransition(ScaleTransition(0.5).animation(a))._animation == a)
        #expect(AnyTransition.scale.animation(a).animation(b)._animation == b)       // the outer one
        #expect(AnyTransition.scale.animation(a).combined(with: .opacity)._animation == a)
        let asym = AnyTransition.asymmetric(insertion: .scale.animation(a), removal: .opacity.animation(b))
        #expect(asym._animation(for: .willAppear) == a)
        #expect(asym._animation(for: .didDisappear) == b)
        #expect(AnyTransition.asymmetric(insertion: .scale, removal: .opacity.animation(b))._animation(for: .willAppear) == nil)
        let p = AnyTransition(AsymmetricTransition(insertion: ScaleTransition(0.5).animation(a), removal: OpacityTransition()))
        #expect(p._animation(for: .willAppear) == a && p._animation(for: .didDisappear) == nil)
    }

    /// The engine keeps the nodes across phases: every phase must give the same nesting of types.
    @Test func everyPhaseHasTheSameStructure() {
        let all: [AnyTransition] = [.opacity, .scale, .scale(scale: 0.1, anchor: .bottomTrailing), .move(edge: .leading), .slide,
                                    .offset(x: 3, y: 4), .push(from: .bottom), .identity, .rotating, .rotateOn,
                                    .asymmetric(insertion: .slide, removal: .push(from: .top)), .opacity.combined(with: .move(edge: .top)),
                                    .scale.animation(.linear), AnyTransition(RotatingFadeTransition()),
                                    AnyTransition(SlideTransition().combined(with: OpacityTransition()).animation(.linear)),
                                    AnyTransition(AsymmetricTransition(insertion: ScaleTransition.scale, removal: MoveTransition(edge: .bottom)))]
        let content = Color.red.frame(width: 40, height: 40)
        for t in all {
            let s = allPhases.map { structure(t._apply(to: content, phase: $0)) }
            #expect(s[0] == s[1] && s[1] == s[2], "\(t): \(s)")
            #expect(s[1].hasSuffix("_FrameLayout(Color)" + String(repeating: ")", count: s[1].filter { $0 == "(" }.count - 1)), "\(s[1])")
        }
        #expect(structure(AnyTransition.slide.combined(with: .opacity)._apply(to: content, phase: .identity))
                == "_OpacityEffect(P(_MoveTransitionEffect(P(_FrameLayout(Color)))))")
    }

    @Test func transitionModifierIsTransparent() {
        let plain = HeadlessHost(width: 120, height: 120) { Color.red.frame(width: 40, height: 40) }
        let marked = HeadlessHost(width: 120, height: 120) { Color.red.frame(width: 40, height: 40).transition(.slide).transition(MoveTransition(edge: .top)) }
        #expect(plain.snapshot().samePixels(as: marked.snapshot()))
    }

    @Test func innermostTransitionApplies() {
        #expect(_TransitionTraitModifier.effectiveTransition(of: Color.red) == nil)
        #expect(_TransitionTraitModifier.transition(of: Color.red.padding()).description == AnyTransition.opacity.description)
        let v = Color.red.frame(width: 40, height: 40).transition(.scale).padding().transition(.opacity).zIndex(1)
        #expect(_TransitionTraitModifier.effectiveTransition(of: v)?.description == AnyTransition.scale.description)
        // Both spellings make the same trait.
        let w = Color.red.transition(.slide)
        #expect(_TransitionTraitModifier.effectiveTransition(of: w)?.description == "SlideTransition()")
    }

    /// Seed 000 spells `.transition(.scale(scale:anchor:))` then `.zIndex(1)`: AnyTransition's
    /// spelling resolves (the protocol's is `.scale(_:anchor:)`), through the modifier after it.
    @Test func seed000ScaleWithAnchor() throws {
        let v = RoundedRectangle(cornerRadius: 30).fill(.blue).padding()
            .transition(.scale(scale: 0.1, anchor: .bottomTrailing))
            .zIndex(1)
        let t = try #require(_TransitionTraitModifier.effectiveTransition(of: v))
        #expect(redBox(draw(t, .willAppear)) == [76, 76, 80, 80])
    }

    /// Seed 002 stacks seven `.transition` calls on its rectangle; the first written, nearest the
    /// view (`.move(edge: .leading)`), is the one SwiftUI uses.
    @Test func seed002SevenStackedTransitions() {
        let rect = RoundedRectangle(cornerRadius: 25)
            .fill(LinearGradient(colors: [Color.blue, Color.green], startPoint: .topLeading, endPoint: .bottomTrailing))
            .frame(width: 300, height: 300)
            .transition(.move(edge: .leading))
            .transition(AnyTransition.scale.animation(.linear(duration: 0.35)))   // the seed says .easeInOut
            .transition(AnyTransition.rotating)
            .transition(.rotating)
            .transition(.rotating(amount: 180))
            .transition(.asymmetric(insertion: .rotating(amount: 180), removal: .move(edge: .trailing)))
            .transition(.rotateOn)
        let t = _TransitionTraitModifier.effectiveTransition(of: rect)
        #expect(t?.description == "MoveTransition(edge: Kiosk.Edge.leading)")
        #expect(t?._animation == nil && t?._isIdentity == false)
        // And it moves a 40×40 square one own width left when active.
        #expect(redBox(draw(try! #require(t), .willAppear)) == [0, 40, 40, 80])
    }
}
