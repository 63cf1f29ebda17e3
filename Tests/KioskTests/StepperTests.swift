// Stepper: stepping within bounds (Int and Double), the onIncrement/onDecrement form, editing
// callbacks, auto-repeat while held, bad input, the look, and the damage one step causes in a
// long Form.
import Testing
@testable import Kiosk
import Raster
import TestSupport

@Suite struct StepperTests {
    /// A stepper 320 wide: its control's − half is centred at x = 320 − 94 + 23.5, + at 320 − 23.5.
    static let minusX = 320.0 - 94 + 23.5, plusX = 320.0 - 23.5

    struct Counter: View {
        let box: Box<Int>
        @State var n: Int
        init(box: Box<Int>, start: Int) { self.box = box; _n = State(initialValue: start) }
        var body: some View {
            Kiosk.Stepper("Qty \(n)", value: $n, in: 0...3).onChange(of: n) { _, v in box.value = v }
        }
    }

    @Test func tappingTheSidesStepsWithinTheBounds() {
        let box = Box(1)
        let host = HeadlessHost(width: 320, height: 60) { Counter(box: box, start: 1) }
        host.tap(x: Self.plusX, y: 30); host.advance(by: 0.1)
        #expect(box.value == 2 && host.frame(ofText: "Qty 2") != nil)
        host.tap(x: Self.plusX, y: 30); host.advance(by: 0.1)
        host.tap(x: Self.plusX, y: 30); host.advance(by: 0.1)           // at 3 the + side is dimmed and inert
        #expect(box.value == 3)
        for _ in 0..<5 { host.tap(x: Self.minusX, y: 30); host.advance(by: 0.1) }
        #expect(box.value == 0 && host.frame(ofText: "Qty 0") != nil)
        #expect(host.warnings.isEmpty)
    }

    @Test func aDoubleStepsByItsStepAndClampsToTheBound() {
        let box = Box(0.0)
        struct V: View {
            let box: Box<Double>
            @State var v = 0.0
            var body: some View { Kiosk.Stepper("v", value: $v, in: 0...1, step: 0.4).onChange(of: v) { _, x in box.value = x } }
        }
        let host = HeadlessHost(width: 320, height: 60) { V(box: box) }
        for _ in 0..<3 { host.tap(x: Self.plusX, y: 30); host.advance(by: 0.1) }
        #expect(box.value == 1)                                      // 0.4, 0.8, then 1.2 clamped to 1
    }

    @Test func theDimmedSideAtABoundIsDrawnPaler() {
        let host = HeadlessHost(width: 320, height: 60) { Kiosk.Stepper("q", value: .constant(0), in: 0...3) }
        let s = host.snapshot()
        func darkest(_ cx: Double) -> Int {
            var d = 255
            for y in 22...38 { for x in Int(cx) - 8...Int(cx) + 8 { d = min(d, Int(rgba(s, x, y)[0])) } }
            return d
        }
        #expect(darkest(Self.plusX) < 60)                             // + in the label colour
        #expect(darkest(Self.minusX) > 150)                           // − dimmed (tertiaryLabel)
        // The control is the light grey rounded rectangle, 94 × 32.
        #expect(rgba(s, 320 - 90, 30) != [255, 255, 255, 255] && rgba(s, 320 - 98, 30) == [255, 255, 255, 255])
        #expect(rgba(s, 300, 15) != [255, 255, 255, 255] && rgba(s, 300, 12) == [255, 255, 255, 255])
    }

    @Test func onIncrementAndOnDecrementWithANilSideAndEditingCallbacks() {
        let log = Box<[String]>([])
        let host = HeadlessHost(width: 320, height: 60) {
            Kiosk.Stepper("Page", onIncrement: { log.value.append("+") }, onDecrement: nil,
                    onEditingChanged: { log.value.append($0 ? "begin" : "end") })
        }
        host.tap(x: Self.plusX, y: 30); host.advance(by: 0.1)
        host.tap(x: Self.minusX, y: 30); host.advance(by: 0.1)           // no action: inert
        #expect(log.value == ["begin", "+", "end"])
    }

    @Test func holdingASideRepeatsAfterHalfASecondThenFaster() {
        let steps = Box<[Double]>([])
        let host = HeadlessHost(width: 320, height: 60) {
            Kiosk.Stepper("Hold", onIncrement: { steps.value.append(0) }, onDecrement: {})
        }
        let start = host.time
        HeadlessHost.onMainQueue { host.renderer.touch(id: 1, phase: .began, x: Self.plusX, y: 30, time: host.time) }
        var times: [Double] = []
        var last = 0
        for _ in 0..<150 {                                            // 2.5 s held, frame by frame
            host.advance(by: 1.0 / 60)
            if steps.value.count != last { last = steps.value.count; times.append(host.time - start) }
        }
        HeadlessHost.onMainQueue { host.renderer.touch(id: 1, phase: .ended, x: Self.plusX, y: 30, time: host.time) }
        host.advance(by: 0.5)
        let held = steps.value.count
        #expect(times.first! < 0.05)                                  // a step at the touch
        #expect(times.count > 2 && abs(times[1] - 0.5) < 0.04)        // the first repeat after 0.5 s
        let gaps = zip(times.dropFirst(2), times.dropFirst()).map { $0 - $1 }
        #expect(gaps.first! > gaps.last! + 0.05)                      // accelerating
        #expect(held > 15)
        host.advance(by: 1)
        #expect(steps.value.count == held)                            // lifting stopped it
    }

    @Test func repeatingStopsAtTheBound() {
        let box = Box(0)
        let host = HeadlessHost(width: 320, height: 60) { Counter(box: box, start: 0) }
        HeadlessHost.onMainQueue { host.renderer.touch(id: 1, phase: .began, x: Self.plusX, y: 30, time: host.time) }
        host.advance(by: 3)
        #expect(box.value == 3)
        HeadlessHost.onMainQueue { host.renderer.touch(id: 1, phase: .ended, x: Self.plusX, y: 30, time: host.time) }
        host.advance(by: 0.1)
        #expect(box.value == 3 && host.warnings.isEmpty)
    }

    @Test func aZeroStepIsInertANegativeOneCountsAsItsMagnitude() {
        Diagnostics.printsWarnings = false
        defer { Diagnostics.printsWarnings = true }
        let a = Box(1), b = Box(1)
        let host = HeadlessHost(width: 320, height: 120) {
            VStack(spacing: 0) {
                Kiosk.Stepper("zero", value: Binding(get: { a.value }, set: { a.value = $0 }), in: 0...9, step: 0).frame(height: 60)
                Kiosk.Stepper("negative", value: Binding(get: { b.value }, set: { b.value = $0 }), in: 0...9, step: -2).frame(height: 60)
            }
        }
        host.tap(x: Self.plusX, y: 30); host.advance(by: 0.1)
        host.tap(x: Self.plusX, y: 90); host.advance(by: 0.1)
        #expect(a.value == 1 && b.value == 3)
        #expect(host.warnings.count == 2)
    }

    @Test func aNaNValueStepsToTheLowerBound() {
        let v = Box(Double.nan)
        let host = HeadlessHost(width: 320, height: 60) {
            Kiosk.Stepper("d", value: Binding(get: { v.value }, set: { v.value = $0 }), in: 2...5)
        }
        host.tap(x: Self.minusX, y: 30); host.advance(by: 0.1)
        #expect(v.value == 2)
    }

    @Test func aValueOutsideTheRangeIsClampedByTheFirstStep() {
        let v = Box(20)
        let host = HeadlessHost(width: 320, height: 60) {
            Kiosk.Stepper("d", value: Binding(get: { v.value }, set: { v.value = $0 }), in: 0...10, step: 3)
        }
        host.tap(x: Self.minusX, y: 30); host.advance(by: 0.1)
        #expect(v.value == 10)
    }

    /// 40 steppers in a Form, their values in one @State array (as such forms are written).
    struct Order: View {
        @State var qty = Array(repeating: 1, count: 40)
        var body: some View {
            Form {
                ForEach(0..<40, id: \.self) { i in
                    Kiosk.Stepper("Item \(i): \(qty[i])", value: $qty[i], in: 0...9)
                }
            }
        }
    }

    @Test func oneStepInAFortyRowFormDamagesOnlyItsRow() throws {
        let host = HeadlessHost(width: 320, height: 480) { Order() }
        let label = try #require(host.frame(ofText: "Item 3: 1"))
        let stampBefore = host.renderer.graph.updateStamp
        let nodes = host.allNodes.count
        let frames = host.frameCount
        host.tap(x: 288 - 23.5, y: Double(label.midY))              // + of row 3 (down and up, one frame)
        #expect(host.frame(ofText: "Item 3: 2") != nil)
        #expect(host.frameCount == frames + 1)
        // The repainted rectangles all lie in row 3's slice of the card (x 16…304, 44 tall).
        let row = IntRect(x0: 16, y0: Int(label.midY) - 22, x1: 304, y1: Int(label.midY) + 22)
        let damage = host.lastDamage
        #expect(!damage.isEmpty)
        for r in damage {
            #expect(r.x0 >= row.x0 && r.y0 >= row.y0 && r.x1 <= row.x1 && r.y1 <= row.y1, "damage \(r) outside row \(row)")
        }
        // Re-evaluated: the form's body (the array changed) and the rows it hands new values; the
        // other rows' text and stepper nodes keep theirs. Reported, bounded loosely.
        let evaluated = host.allNodes.filter { $0.transactionStamp > stampBefore }.count
        print("form-damage: \(evaluated) of \(nodes) nodes re-evaluated; damage \(damage)")
        #expect(evaluated < nodes)
        host.advance(by: 0.5)
        #expect(host.frameCount == frames + 1)                      // nothing more to draw
    }
}
