// Canvas and GraphicsContext, shape modifiers (trim, rotation, offset, scale, AnyShape) and
// Path helpers: pixels, goldens, one display item per Canvas, bad input.
import Testing
@testable import Kiosk
import Raster
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A dot moved along x by a time, drawn in a Canvas.
struct MovingDot: View {
    let t: Double
    var body: some View {
        Kiosk.Canvas { context, size in
            let x = 10 + CGFloat(t) * 100
            context.fill(Kiosk.Path(ellipseIn: CGRect(x: x, y: 10, width: 20, height: 20)), with: .color(.orange))
        }
        .frame(width: 200, height: 50)
    }
}

@Suite struct CanvasTests {
    @Test func fillDrawsInCanvasCoordinates() {
        let host = HeadlessHost(width: 100, height: 100) {
            Kiosk.Canvas { context, size in
                context.fill(Kiosk.Path(CGRect(x: 10, y: 10, width: 30, height: 20)), with: .color(.red))
            }
            .frame(width: 80, height: 80)
        }
        // The canvas sits at (10, 10): its (10, 10) is the screen's (20, 20).
        #expect(rgba(host.snapshot(), 25, 25) == [255, 59, 48, 255])
        #expect(rgba(host.snapshot(), 15, 15) == [255, 255, 255, 255])
        #expect(rgba(host.snapshot(), 55, 45) == [255, 255, 255, 255])
    }

    @Test func oneDisplayItemHoweverManyDraws() {
        let host = HeadlessHost(width: 200, height: 200) {
            Kiosk.Canvas { context, size in
                for i in 0..<500 {
                    let x = CGFloat(i % 25) * 8, y = CGFloat(i / 25) * 8
                    context.fill(Kiosk.Path(ellipseIn: CGRect(x: x, y: y, width: 6, height: 6)), with: .color(.blue))
                }
            }
        }
        let list = host.renderer.displayList
        #expect(list.count == 1)
        if case .group(.canvas, let items) = list[0].command { #expect(items.count == 500) } else { Issue.record("not a canvas group") }
    }

    @Test func drawingIsClippedToTheCanvasFrame() {
        let host = HeadlessHost(width: 100, height: 100) {
            Kiosk.Canvas { context, size in
                context.fill(Kiosk.Path(CGRect(x: -50, y: -50, width: 300, height: 300)), with: .color(.green))
            }
            .frame(width: 40, height: 40)
        }
        let s = host.snapshot()
        #expect(rgba(s, 50, 50)[3] == 255 && rgba(s, 50, 50) != [255, 255, 255, 255])
        #expect(rgba(s, 20, 50) == [255, 255, 255, 255])
        #expect(rgba(s, 50, 75) == [255, 255, 255, 255])
    }

    @Test func contextCopiesAreIndependent() {
        var seen: [CGAffineTransform] = []
        let host = HeadlessHost(width: 50, height: 50) {
            Kiosk.Canvas { context, size in
                var copy = context
                copy.translateBy(x: 10, y: 5)
                copy.rotate(by: .degrees(90))
                seen = [context.transform, copy.transform]
                copy.fill(Kiosk.Path(CGRect(x: 0, y: 0, width: 10, height: 4)), with: .color(.black))
            }
        }
        _ = host.snapshot()
        #expect(seen.count == 2 && seen[0] == .identity)
        // Rotated 90° around (10, 5): the 10×4 bar becomes a 4×10 bar left of x = 10.
        #expect(rgba(host.snapshot(), 8, 10) == [0, 0, 0, 255])
        #expect(rgba(host.snapshot(), 14, 6) == [255, 255, 255, 255])
    }

    @Test func nanDrawsNothingAndDoesNotCrash() {
        let host = HeadlessHost(width: 60, height: 60) {
            Kiosk.Canvas { context, size in
                context.fill(Kiosk.Path(CGRect(x: .nan, y: 0, width: 10, height: 10)), with: .color(.red))
                var p = Kiosk.Path(); p.move(to: CGPoint(x: 0, y: 0)); p.addLine(to: CGPoint(x: .nan, y: .infinity)); p.addLine(to: CGPoint(x: 10, y: 40))
                context.stroke(p, with: .color(.red), lineWidth: .nan)
                context.stroke(p, with: .color(.red), lineWidth: 4)
                var c = context
                c.scaleBy(x: .nan, y: 1)
                c.fill(Kiosk.Path(CGRect(x: 0, y: 0, width: 50, height: 50)), with: .color(.red))
                c.opacity = .nan
                context.draw(Text("x"), at: CGPoint(x: CGFloat.nan, y: 3))
                var b = context
                b.addFilter(.blur(radius: .nan))
                b.addFilter(.brightness(.nan))
                b.fill(Kiosk.Path(CGRect(x: 40, y: 40, width: 10, height: 10)), with: .color(.black))
            }
        }
        let s = host.snapshot()
        #expect(rgba(s, 5, 5) == [255, 255, 255, 255])
        #expect(rgba(s, 45, 45) == [0, 0, 0, 255])   // the finite draw still happens
    }

    @Test func timelineCanvasRedrawsOnlyItsFrame() {
        let start = Date()
        let host = HeadlessHost(width: 300, height: 200) {
            TimelineView<PeriodicTimelineSchedule, MovingDot>(.periodic(from: start, by: 0.1)) { context in
                MovingDot(t: context.date.timeIntervalSince(start))
            }
        }
        host.advance(by: 0.1)
        let damage = host.lastDamage
        #expect(!damage.isEmpty)
        let canvasFrame = host.frames(of: Kiosk.Canvas<EmptyView>.self).first ?? .zero
        for r in damage {
            #expect(Double(r.x0) >= Double(canvasFrame.minX) - 2 && Double(r.x1) <= Double(canvasFrame.maxX) + 2)
        }
    }

    @Test func goldenCanvas() {
        let host = HeadlessHost(width: 240, height: 160) {
            Kiosk.Canvas { context, size in
                let w = size.width, h = size.height
                context.fill(Kiosk.Path(roundedRect: CGRect(x: 8, y: 8, width: w - 16, height: h - 16), cornerRadius: 14),
                             with: .linearGradient(Gradient(colors: [.blue, .purple]), startPoint: .zero, endPoint: CGPoint(x: w, y: h)))
                // A ring of rotated bars.
                var ring = context
                ring.translateBy(x: 60, y: 70)
                for i in 0..<12 {
                    ring.fill(Kiosk.Path(CGRect(x: 18, y: -3, width: 22, height: 6)), with: .color(.white.opacity(Double(i + 1) / 12)))
                    ring.rotate(by: .degrees(30))
                }
                // Dashed stroke, radial gradient dot, text.
                var dash = Kiosk.Path()
                dash.move(to: CGPoint(x: 120, y: 30)); dash.addLine(to: CGPoint(x: 220, y: 30))
                context.stroke(dash, with: .color(.yellow), style: Kiosk.StrokeStyle(lineWidth: 4, lineCap: .round, dash: [10, 8], dashPhase: 4))
                context.fill(Kiosk.Path(ellipseIn: CGRect(x: 130, y: 50, width: 40, height: 40)),
                             with: .radialGradient(Gradient(colors: [.white, .orange]), center: CGPoint(x: 150, y: 70), startRadius: 0, endRadius: 20))
                context.draw(Text("Canvas").font(.system(size: 18)).foregroundColor(.white), at: CGPoint(x: 180, y: 125))
                // Clip to a circle, blend, layer with opacity.
                var clipped = context
                clipped.clip(to: Kiosk.Path(ellipseIn: CGRect(x: 180, y: 45, width: 44, height: 44)))
                clipped.fill(Kiosk.Path(CGRect(x: 170, y: 40, width: 30, height: 60)), with: .color(.green))
                var blended = context
                blended.blendMode = .multiply
                blended.fill(Kiosk.Path(CGRect(x: 196, y: 40, width: 30, height: 60)), with: .color(.red))
                var layer = context
                layer.opacity = 0.5
                layer.drawLayer { l in
                    l.fill(Kiosk.Path(ellipseIn: CGRect(x: 20, y: 110, width: 30, height: 30)), with: .color(.red))
                    l.fill(Kiosk.Path(ellipseIn: CGRect(x: 35, y: 110, width: 30, height: 30)), with: .color(.red))
                }
                var blurred = context
                blurred.addFilter(.blur(radius: 6))
                blurred.fill(Kiosk.Path(CGRect(x: 85, y: 115, width: 30, height: 20)), with: .color(.white))
            }
        }
        expectGolden(host.snapshot(), "canvas", tolerance: 2)
    }
}

@Suite struct ShapeModifierTests {
    @Test func trimDrawsTheFractionOfTheOutline() {
        // A circle's outline starts at 3 o'clock and runs clockwise on screen (as SwiftUI's):
        // the first quarter is the bottom-right arc.
        let host = HeadlessHost(width: 100, height: 100) {
            Circle().trim(from: 0, to: 0.25).stroke(.black, lineWidth: 6).frame(width: 80, height: 80)
        }
        let s = host.snapshot()
        let bottomRight = rgba(s, 50 + 28, 50 + 28), topLeft = rgba(s, 50 - 28, 50 - 28)
        #expect(bottomRight[0] < 128)
        #expect(topLeft == [255, 255, 255, 255])
        #expect(rgba(s, 50, 89)[0] < 128)          // 6 o'clock: the end of the quarter
        #expect(rgba(s, 11, 50) == [255, 255, 255, 255])
    }

    @Test func trimEdgeCases() {
        let circle = Kiosk.Path(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(circle.trimmedPath(from: 0.5, to: 0.5).isEmpty)
        #expect(circle.trimmedPath(from: 0.8, to: 0.2).isEmpty)
        #expect(circle.trimmedPath(from: .nan, to: 1).isEmpty)
        #expect(circle.trimmedPath(from: -1, to: 2) == circle)
        let half = circle.trimmedPath(from: 0, to: 0.5).boundingRect
        #expect(half.minY > 4.9 && half.maxY > 9.9)     // the lower half
    }

    @Test func shapeTransformsMoveTheOutline() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 50)
        #expect(Rectangle().offset(x: 10, y: 5).path(in: r).boundingRect == CGRect(x: 10, y: 5, width: 100, height: 50))
        let scaled = Rectangle().scale(0.5).path(in: r).boundingRect
        #expect(abs(scaled.minX - 25) < 1e-9 && abs(scaled.width - 50) < 1e-9)
        let rotated = Rectangle().rotation(.degrees(90)).path(in: r).boundingRect
        #expect(abs(rotated.width - 50) < 1e-6 && abs(rotated.height - 100) < 1e-6 && abs(rotated.midX - 50) < 1e-6)
        let any = AnyShape(Circle()).path(in: r)
        #expect(any == Circle().path(in: r))
    }

    @Test func strokeStyleAnimatesWidthAndDashPhase() {
        var s = Kiosk.StrokeStyle(lineWidth: 2, dash: [4, 4], dashPhase: 1)
        #expect(s.animatableData == AnimatablePair(2, AnimatablePair(10, 1)))
        s.animatableData = AnimatablePair(3, AnimatablePair(10, 7))
        #expect(s.lineWidth == 3 && s.dashPhase == 7 && s.dash == [4, 4])
        var t = Circle().trim(from: 0, to: 0.3)
        t.animatableData = AnimatablePair(0.1, 0.9)
        #expect(t.startFraction == 0.1 && t.endFraction == 0.9)
    }

    @Test func pathHelpers() {
        var p = Kiosk.Path()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 5)
        let b = p.boundingRect
        #expect(abs(b.maxX - 10) < 0.01 && abs(b.maxY - 5) < 0.01)
        var q = Kiosk.Path()
        q.addRelativeArc(center: .zero, radius: 10, startAngle: .zero, delta: .degrees(90))
        #expect(abs(q.currentPoint!.x) < 1e-6 && abs(q.currentPoint!.y - 10) < 1e-6)
        let ring = Kiosk.Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(ring.strokedPath(Kiosk.StrokeStyle(lineWidth: 4)).contains(CGPoint(x: 10, y: 0)))
        #expect(!ring.strokedPath(Kiosk.StrokeStyle(lineWidth: 4)).contains(CGPoint(x: 10, y: 10)))
        var two = Kiosk.Path(CGRect(x: 0, y: 0, width: 10, height: 10)); two.addRect(CGRect(x: 2, y: 2, width: 6, height: 6))
        #expect(two.contains(CGPoint(x: 5, y: 5)) && !two.contains(CGPoint(x: 5, y: 5), eoFill: true))
    }

    @Test func goldenTrimsAndShapeModifiers() {
        let host = HeadlessHost(width: 320, height: 100) {
            HStack(spacing: 12) {
                ZStack {
                    Circle().stroke(Color.gray.opacity(0.3), lineWidth: 8)
                    Circle().trim(from: 0, to: 0.7).stroke(.blue, style: Kiosk.StrokeStyle(lineWidth: 8, lineCap: .round))
                        .rotationEffect(.degrees(-90))
                }.frame(width: 70, height: 70)
                RoundedRectangle(cornerRadius: 10).stroke(.red, style: Kiosk.StrokeStyle(lineWidth: 3, dash: [8, 5], dashPhase: 6))
                    .frame(width: 60, height: 60)
                Rectangle().rotation(.degrees(30)).fill(.green).frame(width: 40, height: 40)
                Capsule().scale(x: 1, y: 0.5).offset(x: 0, y: 10).fill(.orange).frame(width: 60, height: 40)
                AnyShape(Ellipse()).fill(.purple).frame(width: 30, height: 50)
            }
        }
        expectGolden(host.snapshot(), "trims-shapes", tolerance: 2)
    }
}
