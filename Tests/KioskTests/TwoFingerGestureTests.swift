// MagnifyGesture/MagnificationGesture and RotateGesture/RotationGesture, driven with two
// fingers through HeadlessHost's beginTouch/moveTouch/endTouch on its virtual clock.
import Testing
@testable import Kiosk
import Raster

/// Two fingers on a circle around (cx, cy): radius and angle (degrees, clockwise on screen).
private struct Fingers {
    let host: HeadlessHost
    let cx = 150.0, cy = 150.0
    var ids: [Int] = []
    init(_ host: HeadlessHost, radius: Double, degrees: Double = 0) {
        self.host = host
        let (a, b) = points(radius, degrees)
        ids = [host.beginTouch(x: a.0, y: a.1), host.beginTouch(x: b.0, y: b.1)]
        host.advance(by: 1.0 / 60)
    }
    func points(_ r: Double, _ deg: Double) -> ((Double, Double), (Double, Double)) {
        let t = deg * .pi / 180
        return ((cx - r * cos(t), cy - r * sin(t)), (cx + r * cos(t), cy + r * sin(t)))
    }
    /// Moves both fingers in `steps` frames from (r0, d0) to (r1, d1).
    func move(from r0: Double, _ d0: Double, to r1: Double, _ d1: Double, steps: Int = 10) {
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            let (a, b) = points(r0 + (r1 - r0) * f, d0 + (d1 - d0) * f)
            host.moveTouch(ids[0], x: a.0, y: a.1)
            host.moveTouch(ids[1], x: b.0, y: b.1)
            host.advance(by: 1.0 / 60)
        }
    }
    func lift(_ finger: Int, radius: Double, degrees: Double = 0) {
        let (a, b) = points(radius, degrees)
        let p = finger == 0 ? a : b
        host.endTouch(ids[finger], x: p.0, y: p.1)
        host.advance(by: 1.0 / 60)
    }
}

/// Width in pixels of the systemRed run on row `y`.
private func redWidth(_ host: HeadlessHost, y: Int = 150) -> Int {
    let s = host.snapshot()
    return (0..<s.width).filter { rgba(s, $0, y) == [255, 59, 48, 255] }.count
}

@Suite struct TwoFingerGestureTests {
    struct Zoomable: View {
        @GestureState var scale: CGFloat = 1
        let log: GLog
        var body: some View {
            ZStack {
                Color.white
                Color.red.frame(width: 40, height: 40).scaleEffect(scale)
            }
            .frame(width: 300, height: 300)
            .gesture(MagnifyGesture()
                .updating($scale) { value, state, _ in state = value.magnification }
                .onChanged { log.values.append(Double($0.magnification)) }
                .onEnded { log.values.append(Double($0.magnification)); log.events.append("end") })
        }
    }

    @Test func pinchFrom100To200PointsApartMagnifiesTwofoldAndScalesTheContent() {
        let log = GLog()
        let host = HeadlessHost(width: 300, height: 300) { Zoomable(log: log) }
        #expect(redWidth(host) == 40)
        let f = Fingers(host, radius: 50)
        #expect(log.values.isEmpty)                              // two fingers down, not moved
        f.move(from: 50, 0, to: 100, 0)
        #expect(abs((log.values.last ?? 0) - 2) < 1e-6)
        #expect(redWidth(host) == 80)                            // doubled while held
        f.lift(0, radius: 100)
        #expect(log.events == ["end"])
        #expect(abs((log.values.last ?? 0) - 2) < 1e-6)
        #expect(redWidth(host) == 40)                            // @GestureState reset
    }

    @Test func magnifyValueCarriesTheStartAnchorAndLocation() {
        var value: MagnifyGesture.Value?
        let host = HeadlessHost(width: 300, height: 300) {
            Color.blue.frame(width: 200, height: 200).gesture(MagnifyGesture().onChanged { value = $0 })
        }
        let f = Fingers(host, radius: 50)
        f.move(from: 50, 0, to: 25, 0)
        #expect(abs((value?.magnification ?? 0) - 0.5) < 1e-6)
        #expect(value?.startLocation == CGPoint(x: 100, y: 100))
        #expect(value?.startAnchor == .center)
    }

    @Test func magnificationGestureGivesACGFloat() {
        var last: CGFloat = 0, ended = 0
        let host = HeadlessHost(width: 300, height: 300) {
            Color.blue.frame(width: 300, height: 300)
                .gesture(MagnificationGesture().onChanged { last = $0 }.onEnded { _ in ended += 1 })
        }
        let f = Fingers(host, radius: 50)
        f.move(from: 50, 0, to: 100, 0)
        #expect(abs(last - 2) < 1e-6)
        f.lift(1, radius: 100)
        #expect(ended == 1)
    }

    @Test func aQuarterTurnGivesNinetyDegrees() {
        var rotate: Angle?, rotation: Angle?, ended: Angle?
        let host = HeadlessHost(width: 300, height: 300) {
            Color.blue.frame(width: 300, height: 300)
                .gesture(RotateGesture().onChanged { rotate = $0.rotation }.onEnded { ended = $0.rotation })
                .simultaneousGesture(RotationGesture().onChanged { rotation = $0 })
        }
        let f = Fingers(host, radius: 60)
        f.move(from: 60, 0, to: 60, 90, steps: 9)
        #expect(abs((rotate?.degrees ?? 0) - 90) < 1e-6)
        #expect(abs((rotation?.degrees ?? 0) - 90) < 1e-6)
        f.move(from: 60, 90, to: 60, 0, steps: 9)              // back: counter-clockwise is negative change
        #expect(abs(rotate?.degrees ?? 1) < 1e-6)
        f.lift(0, radius: 60)
        #expect(ended != nil && abs(ended!.degrees) < 1e-6)
    }

    @Test func rotationPastHalfATurnIsNotWrapped() {
        var rotation: Angle?
        let host = HeadlessHost(width: 300, height: 300) {
            Color.blue.frame(width: 300, height: 300).gesture(RotationGesture().onChanged { rotation = $0 })
        }
        let f = Fingers(host, radius: 60)
        f.move(from: 60, 0, to: 60, -270, steps: 27)
        #expect(abs((rotation?.degrees ?? 0) + 270) < 1e-6)
    }

    @Test func simultaneouslyGivesBothValues() {
        var value: SimultaneousGesture<MagnifyGesture, RotateGesture>.Value?
        var ends = 0
        let host = HeadlessHost(width: 300, height: 300) {
            Color.blue.frame(width: 300, height: 300)
                .gesture(MagnifyGesture().simultaneously(with: RotateGesture())
                    .onChanged { value = $0 }.onEnded { value = $0; ends += 1 })
        }
        let f = Fingers(host, radius: 50)
        f.move(from: 50, 0, to: 100, 90, steps: 9)
        #expect(abs((value?.first?.magnification ?? 0) - 2) < 1e-6)
        #expect(abs((value?.second?.rotation.degrees ?? 0) - 90) < 1e-6)
        f.lift(0, radius: 100, degrees: 90)
        #expect(ends == 1)
        f.lift(1, radius: 100, degrees: 90)
        #expect(ends == 1)
    }

    @Test func aSingleFingerNeverTriggersThem() {
        let log = GLog()
        let host = HeadlessHost(width: 300, height: 300) {
            Color.blue.frame(width: 300, height: 300)
                .gesture(MagnifyGesture().onChanged { _ in log.events.append("magnify") }.onEnded { _ in log.events.append("end") })
                .simultaneousGesture(RotationGesture().onChanged { _ in log.events.append("rotate") })
        }
        host.drag(from: CGPoint(x: 100, y: 150), to: CGPoint(x: 250, y: 40))
        host.tap(x: 150, y: 150)
        let id = host.beginTouch(x: 100, y: 100)
        for i in 1...20 { host.moveTouch(id, x: 100 + Double(i) * 5, y: 100 + Double(i * i)); host.advance(by: 1.0 / 60) }
        host.endTouch(id, x: 200, y: 200); host.advance(by: 1.0 / 60)
        #expect(log.events.isEmpty)
    }

    @Test func liftingOneFingerEndsTheGestureOnce() {
        let log = GLog()
        let host = HeadlessHost(width: 300, height: 300) {
            Color.blue.frame(width: 300, height: 300)
                .gesture(MagnifyGesture().onChanged { _ in log.events.append("c") }.onEnded { _ in log.events.append("end") })
        }
        let f = Fingers(host, radius: 50)
        f.move(from: 50, 0, to: 80, 0, steps: 3)
        // One change per frame, not one per moved finger.
        let changes = log.events
        #expect(changes == ["c", "c", "c"])
        f.lift(0, radius: 80)
        host.moveTouch(f.ids[1], x: 280, y: 150); host.advance(by: 1.0 / 60)   // the other finger alone
        host.endTouch(f.ids[1], x: 280, y: 150); host.advance(by: 1.0 / 60)
        #expect(log.events == changes + ["end"])
    }

    @Test func bothFingersMovingInOneFrameGiveOneOnChangedWithBothMoves() {
        let log = GLog()
        let host = HeadlessHost(width: 300, height: 300) { Zoomable(log: log) }
        let f = Fingers(host, radius: 50)
        f.move(from: 50, 0, to: 100, 0, steps: 10)
        // 10 frames, each with both fingers moved: 10 changes, each the pair's whole step (the
        // first 1.1: both fingers 5 pt further out; per-finger reports gave 1.05, 1.1, ...).
        #expect(log.values.count == 10)
        #expect(abs((log.values.first ?? 0) - 1.1) < 1e-6)
        #expect(abs((log.values.last ?? 0) - 2) < 1e-6)
        // Many batches in one frame (a panel scanning faster than the screen): still one change.
        let (a, b) = f.points(120, 0)
        host.moveTouch(f.ids[0], x: a.0 + 5, y: a.1)
        host.moveTouch(f.ids[1], x: b.0 - 5, y: b.1)
        host.moveTouch(f.ids[0], x: a.0, y: a.1)
        host.moveTouch(f.ids[1], x: b.0, y: b.1)
        host.advance(by: 1.0 / 60)
        #expect(log.values.count == 11)
        #expect(abs((log.values.last ?? 0) - 2.4) < 1e-6)
        #expect(redWidth(host) == 96)                            // 40 × 2.4, drawn that frame
        // Moved and lifted before the next frame: the move is reported, then the end.
        let (c, d) = f.points(150, 0)
        host.moveTouch(f.ids[0], x: c.0, y: c.1)
        host.moveTouch(f.ids[1], x: d.0, y: d.1)
        host.endTouch(f.ids[0], x: c.0, y: c.1)
        #expect(log.values.count == 13 && log.events == ["end"])
        #expect(abs(log.values[11] - 3) < 1e-6 && abs(log.values[12] - 3) < 1e-6)
    }

    @Test func movesBelowTheThresholdAreNotRecognisedAndCancelFailsWithoutEnding() {
        let log = GLog()
        let host = HeadlessHost(width: 300, height: 300) {
            Color.blue.frame(width: 300, height: 300)
                .gesture(MagnifyGesture().onChanged { _ in log.events.append("c") }.onEnded { _ in log.events.append("end") })
        }
        let f = Fingers(host, radius: 50)
        f.move(from: 50, 0, to: 50.4, 0, steps: 2)               // 0.8 %: not yet
        #expect(log.events.isEmpty)
        f.move(from: 50.4, 0, to: 60, 0, steps: 2)
        let changes = log.events
        #expect(!changes.isEmpty && changes.allSatisfy { $0 == "c" })
        host.cancelTouch(f.ids[0]); host.advance(by: 1.0 / 60)
        host.endTouch(f.ids[1], x: 210, y: 150); host.advance(by: 1.0 / 60)
        #expect(log.events == changes)                           // cancelled: no onEnded
    }

    @Test func aThirdFingerIsIgnoredAndNaNMovesChangeNothing() {
        var last: CGFloat = 0
        let host = HeadlessHost(width: 300, height: 300) {
            Color.blue.frame(width: 300, height: 300).gesture(MagnificationGesture().onChanged { last = $0 })
        }
        let f = Fingers(host, radius: 50)
        let third = host.beginTouch(x: 20, y: 20)
        host.moveTouch(third, x: 290, y: 290); host.advance(by: 1.0 / 60)
        #expect(last == 0)
        f.move(from: 50, 0, to: 75, 0, steps: 1)
        host.moveTouch(f.ids[0], x: .nan, y: .infinity); host.advance(by: 1.0 / 60)
        #expect(abs(last - 1.5) < 1e-6)
    }

    @Test func fingersDownAtOnePointCountAsOnePointApart() {
        var last: CGFloat = 0
        let host = HeadlessHost(width: 300, height: 300) {
            Color.blue.frame(width: 300, height: 300).gesture(MagnificationGesture().onChanged { last = $0 })
        }
        let a = host.beginTouch(x: 150, y: 150), b = host.beginTouch(x: 150, y: 150)
        host.moveTouch(b, x: 160, y: 150); host.advance(by: 1.0 / 60)
        #expect(abs(last - 10) < 1e-6)
        host.endTouch(a, x: 150, y: 150); host.endTouch(b, x: 160, y: 150)
    }
}
