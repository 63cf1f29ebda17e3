// Colours and fills animate (issue 9): a shape's fill and stroke colour, the foreground style of
// shapes and text, Color as a view, backgrounds, gradient stops and a control's tint interpolate in
// linear sRGB (Color.Resolved × 128) inside an animated transaction; a stroke's width and a
// shape's data animate without re-evaluating. Numbers are read from the paint the node draws.
import Testing
import Raster
import CAllocationCount
import TestSupport
@testable import Kiosk

private typealias Color = Kiosk.Color
private typealias LinearGradient = Kiosk.LinearGradient

/// The colour a node draws now (its presented paint while the paint animates).
private func drawnColor(_ node: Node) -> Raster.Color? {
    if case .solid(let c) = node.paint({ .solid(.clear) }) { return c }
    return nil
}

/// The sRGB colour halfway (at `f`) between `a` and `b`, interpolated in linear light as SwiftUI does.
private func mix(_ a: Color, _ b: Color, _ f: Float, scheme: ColorScheme = .light) -> Raster.Color {
    var env = EnvironmentValues()
    env.colorScheme = scheme
    var x = a.resolve(in: env).animatableData
    let y = b.resolve(in: env).animatableData
    x += (y - x).scaled(by: Double(f))
    var r = Color.Resolved(red: 0, green: 0, blue: 0, opacity: 0)
    r.animatableData = x
    return r.rasterColor
}

private func close(_ a: Raster.Color?, _ b: Raster.Color, _ tolerance: Double = 1e-5) -> Bool {
    guard let a else { return false }
    return abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance && abs(a.b - b.b) <= tolerance && abs(a.a - b.a) <= tolerance
}

/// A toggle of `on` in `withAnimation(animation)` on any tap.
private struct Toggler<Content: View>: View {
    let animation: Animation?
    @ViewBuilder let content: (Bool) -> Content
    @State private var on = false
    var body: some View {
        content(on).contentShape(Rectangle()).onTapGesture { withAnimation(animation) { on.toggle() } }
    }
}

@MainActor @Suite struct PaintAnimationTests {
    private func host<C: View>(_ animation: Animation? = .linear(duration: 1), @ViewBuilder _ content: @escaping (Bool) -> C) -> HeadlessHost {
        HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) { Toggler(animation: animation, content: content) }
    }

    private func nodes<T>(_ host: HeadlessHost, _: T.Type) -> [Node] { host.allNodes.filter { $0.view is T && !$0.isRemoved } }

    @Test func aShapesFillCrossFadesInLinearLight() throws {
        let h = host { on in Circle().fill(on ? Color.red : Color.blue).frame(width: 100, height: 100) }
        let shape = try #require(nodes(h, _ShapeView<Circle, Color>.self).first)
        #expect(close(drawnColor(shape), Color.blue.resolved(.light)))
        h.tap(x: 100, y: 100)
        // The first frame after the tap already moved one frame's worth.
        #expect(close(drawnColor(shape), mix(.blue, .red, 1 / 60)))
        h.advance(by: 0.5 - 1.0 / 60)
        let half = mix(.blue, .red, 0.5)
        #expect(close(drawnColor(shape), half))
        // Linear-light mixing is not sRGB averaging: red's 255 and blue's 0 meet at 188, not 128.
        #expect(abs(half.r * 255 - 188.0) < 1)
        // The pixels show it (8-bit, ±1).
        let p = rgba(h.snapshot(), 100, 100)
        #expect(abs(Int(p[0]) - Int((half.r * 255).rounded())) <= 1 && abs(Int(p[2]) - Int((half.b * 255).rounded())) <= 1, "\(p)")
        h.advance(by: 0.25)
        #expect(close(drawnColor(shape), mix(.blue, .red, 0.75)))
        h.advance(by: 0.3)
        #expect(shape.paintAnimator == nil)
        #expect(drawnColor(shape) == Color.red.resolved(.light))
        #expect(h.renderer.graph.animators.isEmpty)
        // Idle afterwards: no frames.
        let frames = h.frameCount
        h.advance(by: 1)
        #expect(h.frameCount == frames)
    }

    @Test func withoutAnimationTheColourJumps() throws {
        let h = host(nil) { on in Rectangle().fill(on ? Color.red : Color.blue).frame(width: 100, height: 100) }
        let shape = try #require(nodes(h, _ShapeView<Rectangle, Color>.self).first)
        h.tap(x: 100, y: 100)
        #expect(shape.paintAnimator == nil)
        #expect(drawnColor(shape) == Color.red.resolved(.light))
    }

    @Test func foregroundStyleOfShapesAndTextAnimates() throws {
        let h = host {
            on in
            VStack {
                Rectangle().frame(width: 50, height: 50)
                Text("Hi")
            }
            .foregroundStyle(on ? Color.green : Color.purple)
        }
        let shape = try #require(nodes(h, _ShapeView<Rectangle, ForegroundStyle>.self).first)
        let text = try #require(nodes(h, Text.self).first)
        h.tap(x: 100, y: 100)
        h.advance(by: 0.5 - 1.0 / 60)
        #expect(close(drawnColor(shape), mix(.purple, .green, 0.5)))
        #expect(close(drawnColor(text), mix(.purple, .green, 0.5)))
        h.advance(by: 0.6)
        #expect(drawnColor(text) == Color.green.resolved(.light))
        #expect(text.paintAnimator == nil && shape.paintAnimator == nil)
    }

    @Test func textsOwnForegroundColorAndColorViewsAndBackgroundsAnimate() throws {
        let h = host {
            on in
            VStack {
                Text("Hi").foregroundColor(on ? .red : .blue)
                (on ? Color.orange : Color.teal).frame(width: 40, height: 40)
                Text("Bg").background(on ? Color.yellow : Color.indigo)
            }
        }
        h.tap(x: 100, y: 100)
        h.advance(by: 0.25 - 1.0 / 60)
        let texts = nodes(h, Text.self)
        let colors = nodes(h, Color.self)
        #expect(texts.count == 2 && colors.count == 2)
        #expect(close(drawnColor(texts[0]), mix(.blue, .red, 0.25)))
        #expect(close(drawnColor(colors[0]), mix(.teal, .orange, 0.25)))
        #expect(close(drawnColor(colors[1]), mix(.indigo, .yellow, 0.25)))
    }

    @Test func strokeColourAndLineWidthAnimateTogether() throws {
        let h = host { on in Circle().stroke(on ? Color.red : Color.blue, lineWidth: on ? 10 : 2).frame(width: 100, height: 100) }
        let shape = try #require(nodes(h, _ShapeView<Circle, Color>.self).first)
        h.tap(x: 100, y: 100)
        h.advance(by: 0.5 - 1.0 / 60)
        #expect(close(drawnColor(shape), mix(.blue, .red, 0.5)))
        let model = try #require(shape.view as? _ShapeView<Circle, Color>)
        guard case .stroke(let style) = shape.presented(model).mode else { Issue.record("not a stroke"); return }
        #expect(abs(style.lineWidth - 6) < 1e-9)
        // The view value is the model (nothing re-evaluated): the target width.
        guard case .stroke(let target) = model.mode else { return }
        #expect(target.lineWidth == 10)
        h.advance(by: 0.6)
        #expect(shape.valueAnimator == nil)
    }

    @Test func gradientStopsInterpolateWhenTheirCountMatches() throws {
        let h = host {
            on in
            Rectangle()
                .fill(LinearGradient(colors: on ? [.red, .green] : [.blue, .white], startPoint: .leading, endPoint: on ? .bottom : .trailing))
                .frame(width: 100, height: 100)
        }
        let shape = try #require(nodes(h, _ShapeView<Rectangle, LinearGradient>.self).first)
        h.tap(x: 100, y: 100)
        h.advance(by: 0.5 - 1.0 / 60)
        guard case .linear(let g) = shape.paint({ .solid(.clear) }) else { Issue.record("not a gradient"); return }
        #expect(g.stops.count == 2)
        #expect(close(g.stops[0].color, mix(.blue, .red, 0.5)))
        #expect(close(g.stops[1].color, mix(.white, .green, 0.5)))
        // The end point moves too: from the trailing edge's middle (150, 100) to the bottom's (100, 150).
        #expect(abs(g.end.x - 125) < 1e-6 && abs(g.end.y - 125) < 1e-6)
        h.advance(by: 0.6)
        #expect(shape.paintAnimator == nil)
    }

    @Test func aGradientWhoseStopCountChangesJumps() throws {
        let h = host {
            on in
            Rectangle().fill(LinearGradient(colors: on ? [.red, .green, .blue] : [.blue, .white], startPoint: .leading, endPoint: .trailing))
                .frame(width: 100, height: 100)
        }
        let shape = try #require(nodes(h, _ShapeView<Rectangle, LinearGradient>.self).first)
        h.tap(x: 100, y: 100)
        #expect(shape.paintAnimator == nil)
        guard case .linear(let g) = shape.paint({ .solid(.clear) }) else { Issue.record("not a gradient"); return }
        #expect(g.stops.count == 3)
    }

    @Test func colourToGradientJumpsAndEndsTheRunningColourAnimation() throws {
        struct V: View {
            @State var step = 0
            var body: some View {
                Rectangle().fill(step == 2 ? AnyShapeStyle(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom))
                                           : AnyShapeStyle(step == 1 ? Color.red : Color.blue))
                    .frame(width: 100, height: 100)
                    .onTapGesture { withAnimation(.linear(duration: 1)) { step += 1 } }
            }
        }
        let h = HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) { V() }
        let shape = try #require(nodes(h, _ShapeView<Rectangle, AnyShapeStyle>.self).first)
        h.tap(x: 100, y: 100)
        h.advance(by: 0.2)
        #expect(shape.paintAnimator != nil)
        h.tap(x: 100, y: 100)
        #expect(shape.paintAnimator == nil)
        guard case .linear = shape.paint({ .solid(.clear) }) else { Issue.record("not the gradient"); return }
        #expect(h.renderer.graph.animators.isEmpty)
    }

    @Test func aRetargetedColourSpringStaysContinuous() throws {
        struct V: View {
            @State var step = 0
            var body: some View {
                Rectangle().fill([Color.blue, .red, .green][step % 3]).frame(width: 100, height: 100)
                    .onTapGesture { withAnimation(.spring(duration: 0.6)) { step += 1 } }
            }
        }
        let h = HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) { V() }
        let shape = try #require(nodes(h, _ShapeView<Rectangle, Color>.self).first)
        h.tap(x: 100, y: 100)
        h.advance(by: 0.2)
        let before = try #require(shape.paintAnimator?.presentedValue as? Color.Resolved.AnimatableData)
        // Retarget between frames: the presented colour is where it was, and the next frame
        // moves by about a frame's worth (velocity carried over), not a jump.
        h.tap(x: 100, y: 100)
        let after = try #require(shape.paintAnimator?.presentedValue as? Color.Resolved.AnimatableData)
        h.advance(by: 1.0 / 60)
        let next = try #require(shape.paintAnimator?.presentedValue as? Color.Resolved.AnimatableData)
        let step1 = (after - before).magnitudeSquared.squareRoot(), step2 = (next - after).magnitudeSquared.squareRoot()
        #expect(step1 < 20 && step2 < 20, "\(step1) \(step2) (× 128 units per frame)")
        h.advance(by: 2)
        #expect(drawnColor(shape) == Color.green.resolved(.light))
        #expect(shape.paintAnimator == nil)
    }

    @Test func aControlsTintAnimates() throws {
        struct V: View {
            @State var on = false
            var body: some View {
                Button("Go") { withAnimation(.linear(duration: 1)) { on.toggle() } }
                    .buttonStyle(.borderedProminent).tint(on ? .green : .red)
            }
        }
        let h = HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) { V() }
        h.tap(x: 100, y: 100)
        h.advance(by: 0.5 - 1.0 / 60)
        let animated = h.allNodes.filter { $0.paintAnimator != nil }
        #expect(!animated.isEmpty)
        #expect(animated.contains { close(drawnColor($0), mix(.red, .green, 0.5)) })
    }

    @Test func aColourSchemeChangeInAnAnimationAnimatesTheSystemColours() throws {
        let h = host { on in Color.blue.frame(width: 100, height: 100).environment(\.colorScheme, on ? .dark : .light) }
        let color = try #require(nodes(h, Color.self).first)
        h.tap(x: 100, y: 100)
        h.advance(by: 0.5 - 1.0 / 60)
        var dark = EnvironmentValues()
        dark.colorScheme = .dark
        #expect(close(drawnColor(color), mix(.blue, Color(Color.blue.resolve(in: dark)), 0.5), 1e-4))
    }

    @Test func badColoursHaveDocumentedResults() throws {
        // NaN components are 0 (Color's initialisers and Color.Resolved's): the colour animates
        // toward black. An infinite Color.Resolved component cannot be reached: the change jumps,
        // and the paint clamps it to 1.
        let h = host {
            on in
            VStack {
                Rectangle().fill(on ? Color(red: .nan, green: .nan, blue: .nan) : Color.white).frame(width: 50, height: 50)
                Rectangle().fill(on ? Color.Resolved(red: .infinity, green: 0, blue: 0) : Color.Resolved(red: 0, green: 0, blue: 1))
                    .frame(width: 50, height: 50)
            }
        }
        let nanShape = try #require(nodes(h, _ShapeView<Rectangle, Color>.self).first)
        let infShape = try #require(nodes(h, _ShapeView<Rectangle, Color.Resolved>.self).first)
        h.tap(x: 100, y: 100)
        h.advance(by: 0.5 - 1.0 / 60)
        #expect(close(drawnColor(nanShape), mix(.white, .black, 0.5)))
        #expect(infShape.paintAnimator == nil)
        #expect(drawnColor(infShape) == Raster.Color(1, 0, 0, 1))
        h.advance(by: 1)
        #expect(h.warnings.filter { !$0.contains("main queue") }.isEmpty, "\(h.warnings)")
    }
}

/// A colour animation of built-in shapes: once running, sampling it allocates nothing (four Floats
/// in each animator, updated in place). Drawing the presented paint (`node.paint`) allocates one
/// coroutine frame per call in this debug build (the generic animator's property read is not
/// specialised); release frames allocate nothing on this path (`kiosk bench --scene colours-100`).
private struct ColoursInMotion: View {
    @State private var on = false
    var body: some View {
        HStack(spacing: 20) {
            RoundedRectangle(cornerRadius: 8).fill(on ? Color.blue : Color.orange).frame(width: 60, height: 60)
            Circle().fill(on ? Color.red : Color.green).frame(width: 60, height: 60)
            Text("Hi").foregroundColor(on ? .pink : .black)
        }
        .contentShape(Rectangle())
        .onTapGesture { withAnimation(.spring(duration: 2)) { on.toggle() } }
    }
}

@Suite(.disabled(if: Sanitizers.replaceMalloc, "a sanitizer's malloc replaces the counted one (scripts/sanitize)"))
struct PaintAnimationAllocationTests {
    @Test func samplingRunningColourAnimationsAllocatesNothing() throws {
        #expect(kiosk_allocation_counting_active() == 1)
        let renderer = RootRenderer(width: 800, height: 480, colorScheme: .light, text: FixedAdvanceText(), root: ColoursInMotion())
        let surface = try Surface(width: 800, height: 480)
        var time = 0.0
        _ = renderer.renderFrame(into: surface, at: time, fullRedraw: false)
        renderer.touch(id: 1, phase: .began, x: 400, y: 240, time: time)
        renderer.touch(id: 1, phase: .ended, x: 400, y: 240, time: time)
        for _ in 0..<10 { time += 1.0 / 60; _ = renderer.renderFrame(into: surface, at: time, fullRedraw: false) }
        let painting = [renderer.graph.root!].flatMap { n -> [Node] in
            var out: [Node] = []
            func walk(_ n: Node) { if n.paintAnimator != nil { out.append(n) }; n.children.forEach(walk) }
            walk(n)
            return out
        }
        #expect(painting.count == 3)
        #expect(renderer.graph.animators.count == 3)
        var counts: [UInt64] = []
        for _ in 0..<20 {
            time += 1.0 / 60
            let a0 = kiosk_thread_allocations()
            renderer.graph.tickAnimations(at: time)
            counts.append(kiosk_thread_allocations() &- a0)
            _ = renderer.renderFrame(into: surface, at: time, fullRedraw: false)
        }
        #expect(counts.allSatisfy { $0 == 0 }, "allocations sampling 3 running colour animations: \(counts)")
        // Still running, and moving: the samples were not skipped.
        #expect(renderer.graph.animators.count == 3)
    }
}
