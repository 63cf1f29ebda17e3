// A path built by one shape builder keeps only the shape (Path.shape) and makes its elements on
// demand. These tests hold that it is still the same value: the elements are exactly what the
// element-by-element builders (move/line/cubic/addArc, written out here as the builders were
// before shapes were kept inline) produce, equality and hashing do not see the difference,
// bounds agree, and appending to an inline path keeps its elements first.
import Testing
@testable import Raster

@Suite struct PathInlineShapeTests {
    /// An ellipse as `addEllipse` appended it element by element.
    static func referenceEllipse(_ r: Rect) -> Path {
        var p = Path()
        let rr = r.standardized
        let cx = rr.midX, cy = rr.midY, rx = rr.width / 2, ry = rr.height / 2
        let k = 0.5522847498307936
        p.move(to: Point(cx + rx, cy))
        p.cubic(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + k * ry), control2: Point(cx + k * rx, cy + ry))
        p.cubic(to: Point(cx - rx, cy), control1: Point(cx - k * rx, cy + ry), control2: Point(cx - rx, cy + k * ry))
        p.cubic(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - k * ry), control2: Point(cx - k * rx, cy - ry))
        p.cubic(to: Point(cx + rx, cy), control1: Point(cx + k * rx, cy - ry), control2: Point(cx + rx, cy - k * ry))
        p.close()
        return p
    }

    static func referenceRect(_ r: Rect) -> Path {
        var p = Path()
        p.move(to: Point(r.minX, r.minY)); p.line(to: Point(r.maxX, r.minY))
        p.line(to: Point(r.maxX, r.maxY)); p.line(to: Point(r.minX, r.maxY)); p.close()
        return p
    }

    /// A rounded rect as `addRoundedRect` appended it, corners through the public `addArc`.
    static func referenceRoundedRect(_ r: Rect, _ radius: Double) -> Path {
        var p = Path()
        let rr = r.standardized
        let v = radius.isFinite ? max(0, min(radius, min(rr.width, rr.height) * 0.5)) : 0
        let h = Double.pi / 2
        p.move(to: Point(rr.minX + v, rr.minY))
        p.line(to: Point(rr.maxX - v, rr.minY))
        if v > 0 { p.addArc(center: Point(rr.maxX - v, rr.minY + v), radius: v, startAngle: -h, endAngle: 0) }
        p.line(to: Point(rr.maxX, rr.maxY - v))
        if v > 0 { p.addArc(center: Point(rr.maxX - v, rr.maxY - v), radius: v, startAngle: 0, endAngle: h) }
        p.line(to: Point(rr.minX + v, rr.maxY))
        if v > 0 { p.addArc(center: Point(rr.minX + v, rr.maxY - v), radius: v, startAngle: h, endAngle: 2 * h) }
        p.line(to: Point(rr.minX, rr.minY + v))
        if v > 0 { p.addArc(center: Point(rr.minX + v, rr.minY + v), radius: v, startAngle: 2 * h, endAngle: 3 * h) }
        p.close()
        return p
    }

    /// Random shapes with their element-built references.
    static func cases() -> [(Path, Path)] {
        var rng = XorShift(seed: 1414)
        var out: [(Path, Path)] = []
        for _ in 0..<200 {
            let r = Rect(rng.range(-50, 50), rng.range(-50, 50), rng.range(-20, 80), rng.range(-20, 80))
            let radius = rng.range(-5, 40)
            out.append((.ellipse(in: r), referenceEllipse(r)))
            out.append((.rect(r), referenceRect(r)))
            out.append((.roundedRect(r, cornerRadius: radius), referenceRoundedRect(r, radius)))
        }
        return out
    }

    @Test func shapesAreInlineAndTheirElementsAreTheBuildersOnes() {
        for (inline, reference) in Self.cases() {
            #expect(inline.shape != nil && reference.shape == nil)
            #expect(inline.elements == reference.elements, "\(String(describing: inline.shape))")
            #expect(inline.withElements { Array($0) } == reference.elements)
            #expect(inline.currentPoint == reference.currentPoint)
            #expect(!inline.isEmpty)
        }
    }

    @Test func equalityAndHashingGoByElements() {
        for (inline, reference) in Self.cases() {
            #expect(inline == reference && reference == inline)
            #expect(inline.hashValue == reference.hashValue)
        }
        let a = Path.ellipse(in: Rect(0, 0, 6, 6))
        #expect(a == Path.ellipse(in: Rect(0, 0, 6, 6)))
        #expect(a != Path.ellipse(in: Rect(0, 0, 6, 7)))
        #expect(a != Path.rect(Rect(0, 0, 6, 6)))
        // Different shapes with the same elements: a rect and a rounded rect of radius 0 differ
        // by the rounded rect's explicit line back to the start, so they are not equal either.
        #expect(Path.rect(Rect(0, 0, 6, 6)) != Path.roundedRect(Rect(0, 0, 6, 6), cornerRadius: 0))
        // A radius that clamps to the same value is the same path.
        #expect(Path.roundedRect(Rect(0, 0, 10, 6), cornerRadius: 3) == Path.roundedRect(Rect(0, 0, 10, 6), cornerRadius: 30))
        var set = Set<Path>()
        for (inline, reference) in Self.cases() { set.insert(inline); set.insert(reference) }
        #expect(set.count == Set(Self.cases().map { $0.1 }).count)
    }

    @Test func boundsAgreeWithTheElementBuiltPath() {
        for (inline, reference) in Self.cases() {
            #expect(inline.controlPointBounds == reference.controlPointBounds)
            #expect(inline.bounds == reference.bounds)
        }
        // Non-finite rectangles: the same documented results as the element-built path.
        for r in [Rect(.nan, 0, 5, 5), Rect(0, 0, .infinity, 5), Rect(0, 0, 5, -.infinity)] {
            #expect(Path.ellipse(in: r).controlPointBounds == Self.referenceEllipse(r).controlPointBounds)
            #expect(Path.rect(r).controlPointBounds == Self.referenceRect(r).controlPointBounds)
            #expect(Path.ellipse(in: r).bounds == Self.referenceEllipse(r).bounds)
        }
    }

    @Test func appendingAfterAnInlineShapeKeepsItsElementsFirst() {
        let r = Rect(10, 20, 30, 40)
        var p = Path.ellipse(in: r)
        p.line(to: Point(0, 0))
        #expect(p.shape == nil)
        var q = Self.referenceEllipse(r)
        q.line(to: Point(0, 0))
        #expect(p == q && p.elements == q.elements && p.currentPoint == Point(0, 0))

        // A second shape on a non-empty path is appended as elements.
        var two = Path.rect(r)
        two.addEllipse(in: Rect(0, 0, 4, 4))
        var twoRef = Self.referenceRect(r)
        twoRef.addPath(Self.referenceEllipse(Rect(0, 0, 4, 4)))
        #expect(two.shape == nil && two.elements == twoRef.elements && two == twoRef)

        // addPath of an inline shape: into an empty path it stays inline, else its elements.
        var empty = Path()
        empty.addPath(.roundedRect(r, cornerRadius: 5))
        #expect(empty.shape != nil && empty == Self.referenceRoundedRect(r, 5))
        var moved = Path()
        moved.move(to: Point(1, 1))
        moved.addPath(.ellipse(in: r))
        #expect(Array(moved.elements.dropFirst()) == Self.referenceEllipse(r).elements)
        var shifted = Path()
        shifted.addPath(.ellipse(in: r), transform: .translation(3, 4))
        #expect(shifted == Self.referenceEllipse(r).applying(.translation(3, 4)))

        // applying, close, removeAll.
        let t = Affine.rotation(0.3).concatenating(.translation(5, 7))
        #expect(Path.roundedRect(r, cornerRadius: 8).applying(t) == Self.referenceRoundedRect(r, 8).applying(t))
        var closed = Path.rect(r)
        closed.close()
        var closedRef = Self.referenceRect(r)
        closedRef.close()
        #expect(closed == closedRef && closed.elements.count == 6)
        var cleared = Path.ellipse(in: r)
        cleared.removeAll(keepingCapacity: true)
        #expect(cleared.isEmpty && cleared.shape == nil && cleared == Path() && cleared.currentPoint == nil)
        // The rounded-rect fast path still sees the shape; an appended one does not.
        #expect(Path.roundedRect(r, cornerRadius: 4).roundedRect != nil)
        var grown = Path.roundedRect(r, cornerRadius: 4)
        grown.line(to: Point(0, 0))
        #expect(grown.roundedRect == nil)
    }

    @Test func strokesAndFillsOfInlineShapesMatchTheElementBuiltOnes() throws {
        // The same pixels whichever way the path was built (the rasterizer and stroker read the
        // inline shape's elements from the stack).
        for (i, (inline, reference)) in Self.cases().prefix(60).enumerated() {
            let a = try Surface(width: 64, height: 64), b = try Surface(width: 64, height: 64)
            let ca = Canvas(a), cb = Canvas(b)
            let t = i % 2 == 0 ? Affine.translation(20, 20) : Affine.rotation(0.4).concatenating(.translation(30, 10))
            ca.transform = t; cb.transform = t
            ca.fill(inline, with: .solid(Color(0.2, 0.6, 0.9, 0.8)))
            cb.fill(reference, with: .solid(Color(0.2, 0.6, 0.9, 0.8)))
            ca.stroke(inline, with: .solid(.black), style: StrokeStyle(lineWidth: 1.5))
            cb.stroke(reference, with: .solid(.black), style: StrokeStyle(lineWidth: 1.5))
            // Rounded rects: the inline one fills its straight rows as boxes (exact area too, so
            // within 1/255); everything else takes the same code on the same elements.
            var worst = 0
            for y in 0..<64 {
                for x in 0..<64 {
                    let p = a.premultipliedPixel(x: x, y: y), q = b.premultipliedPixel(x: x, y: y)
                    for sh in stride(from: 0, to: 32, by: 8) {
                        worst = max(worst, abs(Int((p >> UInt32(sh)) & 255) - Int((q >> UInt32(sh)) & 255)))
                    }
                }
            }
            #expect(worst <= (inline.roundedRect != nil ? 1 : 0), "case \(i): \(worst)")
        }
    }
}
