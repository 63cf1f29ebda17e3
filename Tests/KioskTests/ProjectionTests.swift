// rotation3DEffect, GeometryEffect and ProjectionTransform: perspective, back faces (mirrored),
// edge-on (nothing), perspective 0 (orthographic), damage, goldens.
import Testing
@testable import Kiosk
import Raster
import TestSupport

/// Left half red, right half blue.
struct TwoTone: View {
    var body: some View {
        HStack(spacing: 0) { Color(red: 1, green: 0, blue: 0); Color(red: 0, green: 0, blue: 1) }.frame(width: 100, height: 60)
    }
}

func inked(_ s: Surface, column x: Int) -> Int {
    (0..<s.height).filter { rgba(s, x, $0) != [255, 255, 255, 255] }.count
}
func inked(_ s: Surface, row y: Int) -> Int {
    (0..<s.width).filter { rgba(s, $0, y) != [255, 255, 255, 255] }.count
}

@Suite struct ProjectionTests {
    @Test func zeroAngleDrawsTheViewUnchanged() {
        let plain = HeadlessHost(width: 160, height: 100) { TwoTone() }
        let rotated = HeadlessHost(width: 160, height: 100) { TwoTone().rotation3DEffect(.zero, axis: (x: 0, y: 1, z: 0)) }
        #expect(pixels(plain.snapshot()) == pixels(rotated.snapshot()))
    }

    @Test func backFaceIsMirrored() {
        let host = HeadlessHost(width: 160, height: 100) { TwoTone().rotation3DEffect(.degrees(180), axis: (x: 0, y: 1, z: 0)) }
        let s = host.snapshot()
        #expect(rgba(s, 50, 50) == [0, 0, 255, 255])      // blue now on the left
        #expect(rgba(s, 110, 50) == [255, 0, 0, 255])
    }

    @Test func edgeOnDrawsNothing() {
        let host = HeadlessHost(width: 160, height: 100) { TwoTone().rotation3DEffect(.degrees(90), axis: (x: 0, y: 1, z: 0)) }
        #expect(pixels(host.snapshot()).allSatisfy { $0 == 0xFFFF_FFFF })
        let almost = HeadlessHost(width: 160, height: 100) { TwoTone().rotation3DEffect(.degrees(88), axis: (x: 0, y: 1, z: 0)) }
        let inkedColumns = (0..<160).filter { inked(almost.snapshot(), column: $0) > 0 }.count
        #expect(inkedColumns > 0 && inkedColumns < 12)
    }

    @Test func perspectiveShrinksTheFarSide() {
        // Positive angles about y turn the right side away from the eye (Core Animation's
        // convention, which SwiftUI follows): it is drawn shorter than the left.
        let host = HeadlessHost(width: 160, height: 100) { TwoTone().rotation3DEffect(.degrees(45), axis: (x: 0, y: 1, z: 0)) }
        let s = host.snapshot()
        let columns = (0..<160).filter { inked(s, column: $0) > 0 }
        let left = inked(s, column: columns.first! + 2), right = inked(s, column: columns.last! - 2)
        #expect(left > right + 6, "left \(left) right \(right)")
        // Both sides are inside the unrotated 60 px height, the near one taller than before.
        #expect(left > 60 && right < 60)
    }

    @Test func perspectiveZeroIsOrthographic() {
        let host = HeadlessHost(width: 160, height: 100) {
            TwoTone().rotation3DEffect(.degrees(60), axis: (x: 0, y: 1, z: 0), perspective: 0)
        }
        let s = host.snapshot()
        let columns = (0..<160).filter { inked(s, column: $0) > 0 }
        // cos 60° = ½: 50 px wide, every column the full 60 px tall.
        #expect(abs(columns.count - 50) <= 2, "\(columns.count)")
        #expect(inked(s, column: columns.first! + 1) == 60 && inked(s, column: columns.last! - 1) == 60)
    }

    @Test func rotationAboutXAndZ() {
        let flat = HeadlessHost(width: 160, height: 160) {
            TwoTone().rotation3DEffect(.degrees(90), axis: (x: 0, y: 0, z: 1))
        }
        // About z: a plain 2-D quarter turn, drawn without perspective; 60 wide, 100 tall.
        let s = flat.snapshot()
        #expect(inked(s, row: 80) == 60 && inked(s, column: 80) == 100)
        let tilted = HeadlessHost(width: 160, height: 100) {
            TwoTone().rotation3DEffect(.degrees(180), axis: (x: 1, y: 0, z: 0))
        }
        // Upside down about x: left/right unchanged.
        #expect(rgba(tilted.snapshot(), 50, 50) == [255, 0, 0, 255])
    }

    @Test func zeroAxisAndNaNDrawUnrotated() {
        let plain = HeadlessHost(width: 160, height: 100) { TwoTone() }
        for v in [TwoTone().rotation3DEffect(.degrees(40), axis: (x: 0, y: 0, z: 0)),
                  TwoTone().rotation3DEffect(.radians(.nan), axis: (x: 0, y: 1, z: 0)),
                  TwoTone().rotation3DEffect(.degrees(30), axis: (x: 0, y: 1, z: 0), perspective: .nan)] {
            let host = HeadlessHost(width: 160, height: 100) { v }
            if v.modifier.perspective.isNaN { #expect(!pixels(host.snapshot()).allSatisfy { $0 == 0xFFFF_FFFF }) }
            else { #expect(pixels(plain.snapshot()) == pixels(host.snapshot())) }
        }
    }

    @Test func flipDamageCoversOldAndNewProjection() {
        let host = HeadlessHost(width: 240, height: 160) {
            Toggled { on in TwoTone().rotation3DEffect(.degrees(on ? 60 : 20), axis: (x: 0, y: 1, z: 0)) }
        }
        #expect(partialEqualsFull(host, tapAt: (120, 80)))
        #expect(partialEqualsFull(host, tapAt: (120, 80)))
    }

    struct Shift: GeometryEffect {
        var dx: CGFloat
        var animatableData: CGFloat { get { dx } set { dx = newValue } }
        func effectValue(size: CGSize) -> ProjectionTransform { ProjectionTransform(CGAffineTransform(translationX: dx, y: 0)) }
    }

    @Test func customGeometryEffectMovesTheDrawing() {
        let host = HeadlessHost(width: 160, height: 100) { TwoTone().modifier(Shift(dx: 20)) }
        let s = host.snapshot()
        #expect(rgba(s, 35, 50) == [255, 255, 255, 255])     // the view's left edge (30) moved to 50
        #expect(rgba(s, 55, 50) == [255, 0, 0, 255])
        #expect(rgba(s, 145, 50) == [0, 0, 255, 255])
    }

    @Test func projectionTransformAlgebra() {
        let t = ProjectionTransform(CGAffineTransform(translationX: 5, y: 7))
        #expect(t.isAffine && !t.isIdentity)
        #expect(t.concatenating(t.inverted()).isIdentity)
        var p = ProjectionTransform(); p.m13 = 0.01
        let q = CGPoint(x: 100, y: 0).applying(p)
        #expect(abs(q.x - 50) < 1e-9)
        var singular = ProjectionTransform(); singular.m11 = 0; singular.m21 = 0
        let inverted = singular.invert()
        #expect(!inverted)
        let rot = _Rotation3DEffect(angle: .degrees(30), axis: (x: 0, y: 1, z: 0), anchor: .center, anchorZ: 0, perspective: 1)
        var animated = rot
        animated.animatableData = rot.animatableData
        #expect(animated.effectValue(size: CGSize(width: 100, height: 50)) == rot.effectValue(size: CGSize(width: 100, height: 50)))
    }

    @Test func goldenFlips() {
        let host = HeadlessHost(width: 420, height: 110) {
            HStack(spacing: 10) {
                card.rotation3DEffect(.degrees(35), axis: (x: 0, y: 1, z: 0))
                card.rotation3DEffect(.degrees(-50), axis: (x: 1, y: 0, z: 0))
                card.rotation3DEffect(.degrees(150), axis: (x: 0, y: 1, z: 0))
                card.rotation3DEffect(.degrees(60), axis: (x: 0, y: 1, z: 0), anchor: .leading, perspective: 0)
                card.rotation3DEffect(.degrees(40), axis: (x: 1, y: 1, z: 0))
            }
        }
        expectGolden(host.snapshot(), "flips", tolerance: 2)
    }

    var card: some View {
        ZStack {
            RoundedRectangle(cornerRadius: 8).fill(LinearGradient(colors: [.blue, .purple], startPoint: .topLeading, endPoint: .bottomTrailing))
            Text("A→").font(.system(size: 28)).foregroundColor(.white)
        }.frame(width: 70, height: 90)
    }
}
