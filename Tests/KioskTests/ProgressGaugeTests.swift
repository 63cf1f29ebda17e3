// ProgressView (the spinner on the screen's clock, the bar, labels, styles, clamping) and
// Gauge (its five looks, clamping, a custom style).
import Testing
@testable import Kiosk
import Raster
import TestSupport

extension Surface {
    /// Every pixel, premultiplied, row by row (a copy to compare frames by).
    func allPixels() -> [UInt32] {
        var out: [UInt32] = []
        for y in 0..<height { for x in 0..<width { out.append(premultipliedPixel(x: x, y: y)) } }
        return out
    }
}

@Suite struct ProgressViewTests {
    @Test func fractionsClamp() {
        typealias P = ProgressView<EmptyView, EmptyView>
        #expect(P.fraction(0.25, 1.0) == 0.25)
        #expect(P.fraction(3.0, 2.0) == 1)
        #expect(P.fraction(-1.0, 2.0) == 0)
        #expect(P.fraction(Double.nan, 2.0) == 0)
        #expect(P.fraction(1.0, 0.0) == 0 && P.fraction(1.0, -3.0) == 0 && P.fraction(1.0, Double.infinity) == 0)
        #expect(P.fraction(nil as Double?, 1.0) == nil)
    }

    @Test func theBarFillsItsShareOfTheWidthInTheTint() {
        func edge(_ value: Double) -> Int {
            let host = HeadlessHost(width: 200, height: 20) { ProgressView(value: value).padding(.horizontal, 0) }
            let s = host.snapshot()
            // The bar is 4 tall, centred: row 10. The last blue pixel is the fill's end.
            var last = -1
            for x in 0..<200 where rgba(s, x, 9)[2] > 200 && rgba(s, x, 9)[0] < 100 { last = x }
            return last
        }
        #expect(abs(edge(0.5) - 99) <= 2)
        #expect(edge(0) == -1)
        #expect(edge(7) >= 197)                                       // over the total: full
        #expect(edge(-.infinity) == -1 && edge(.nan) == -1)
        let host = HeadlessHost(width: 200, height: 20) { ProgressView(value: 0.5) }
        #expect(rgba(host.snapshot(), 150, 9) == [0xE5, 0xE5, 0xEA, 255])      // the track
    }

    @Test func theBarsLabelsSitAboveAndBelowIt() throws {
        let host = HeadlessHost(width: 300, height: 120) {
            ProgressView(value: 2, total: 3) { Text("Tickets") } currentValueLabel: { Text("2 of 3") }
        }
        let label = try #require(host.frame(ofText: "Tickets")), current = try #require(host.frame(ofText: "2 of 3"))
        #expect(label.maxY < current.minY && label.minX == current.minX)
    }

    @Test func theSpinnerStepsEveryEighthOfASecondAndDamagesOnlyItself() throws {
        let host = HeadlessHost(width: 200, height: 200) { ProgressView() }
        let frame = try #require(host.frames(of: ActivityIndicator.self).first)
        #expect(frame.width == 20 && frame.height == 20)
        let a = host.snapshot().allPixels()
        let frames = host.frameCount
        host.advance(by: 0.125)
        let b = host.snapshot().allPixels()
        #expect(a != b)
        #expect(host.frameCount == frames + 1)                        // one frame per step, none between
        for r in host.lastDamage {
            #expect(r.x0 >= Int(frame.minX) - 1 && r.x1 <= Int(frame.maxX) + 1 && r.y0 >= Int(frame.minY) - 1 && r.y1 <= Int(frame.maxY) + 1)
        }
        host.advance(by: 1)
        #expect(host.frameCount == frames + 9)
        #expect(host.snapshot().allPixels() == b)                        // a whole turn later: the same picture
    }

    @Test func aSpinnerOffScreenOrGoneCostsNoFrames() {
        struct Toggled: View {
            @State var shown = true
            var body: some View {
                VStack { if shown { ProgressView() }; Button("hide") { shown = false } }
            }
        }
        let host = HeadlessHost(width: 200, height: 200) { Toggled() }
        let hide = host.frame(ofText: "hide")!
        host.tap(x: Double(hide.midX), y: Double(hide.midY))
        host.advance(by: 0.2)
        let frames = host.frameCount
        host.advance(by: 2)
        #expect(host.frameCount == frames)

        // Scrolled out of a (non-lazy) ScrollView: culled, so never drawn, so no next step.
        let scrolled = HeadlessHost(width: 200, height: 200) {
            ScrollView { VStack(spacing: 0) { Color.blue.frame(height: 1000); ProgressView() } }
        }
        let before = scrolled.frameCount
        scrolled.advance(by: 2)
        #expect(scrolled.frameCount == before)
    }

    @Test func theSpinnerLabelAndLargeSize() throws {
        let host = HeadlessHost(width: 200, height: 200) {
            VStack { ProgressView("Loading"); ProgressView().controlSize(.large) }
        }
        let spinners = host.frames(of: ActivityIndicator.self)
        let label = try #require(host.frame(ofText: "Loading"))
        #expect(spinners.count == 2 && spinners[1].width == 37)
        #expect(label.minY > spinners[0].maxY && abs(label.midX - spinners[0].midX) < 1)
    }

    /// A custom style: the fraction as a percentage in text.
    struct Percent: ProgressViewStyle {
        func makeBody(configuration: Configuration) -> some View {
            Text("\(Int((configuration.fractionCompleted ?? 0) * 100))%")
        }
    }
    /// A style that decorates the default look.
    struct Framed: ProgressViewStyle {
        func makeBody(configuration: Configuration) -> some View {
            ProgressView(configuration).padding(10).background(Color.yellow)
        }
    }

    @Test func customStylesAndTheBuiltIns() {
        let host = HeadlessHost(width: 300, height: 300) {
            VStack {
                ProgressView(value: 0.42).progressViewStyle(Percent())
                ProgressView(value: 0.5).progressViewStyle(Framed())
                ProgressView(value: 0.5).progressViewStyle(.circular)   // iOS: a spinner whatever the value
                ProgressView().progressViewStyle(.linear)              // an empty track
            }
        }
        #expect(host.frame(ofText: "42%") != nil)
        #expect(host.frames(of: ActivityIndicator.self).count == 1)
    }

    @Test func goldenProgressViews() {
        let host = HeadlessHost(width: 300, height: 200) {
            VStack(spacing: 20) {
                HStack(spacing: 30) { ProgressView(); ProgressView().controlSize(.large); ProgressView().tint(.orange) }
                ProgressView("Printing ticket", value: 0.35)
                ProgressView(value: 0.8) { Text("Upload") } currentValueLabel: { Text("80 %") }.tint(.green)
            }
            .padding()
        }
        expectGolden(host.snapshot(), "progress-views", tolerance: 2, maxDiffering: 40)
    }
}

@Suite struct GaugeTests {
    @Test func fractionsClamp() {
        typealias G = Gauge<EmptyView, EmptyView, EmptyView, EmptyView>
        #expect(G.fraction(5.0, 0...10) == 0.5)
        #expect(G.fraction(15.0, 0...10) == 1 && G.fraction(-1.0, 0...10) == 0)
        #expect(G.fraction(Double.nan, 0...10) == 0)
        #expect(G.fraction(3.0, 3...3) == 0)
    }

    @Test func theCircularMarkerFollowsTheValue() {
        /// The centre of the marker's dark dot (the only dark pixels: the label is empty).
        func marker(_ value: Double) -> CGPoint {
            let host = HeadlessHost(width: 100, height: 100) {
                Gauge(value: value) { Text("") }.gaugeStyle(.accessoryCircular)
            }
            let s = host.snapshot()
            var sx = 0.0, sy = 0.0, n = 0.0
            for y in 0..<100 { for x in 0..<100 where rgba(s, x, y)[0] < 60 { sx += Double(x); sy += Double(y); n += 1 } }
            return n > 0 ? CGPoint(x: sx / n + 0.5, y: sy / n + 0.5) : CGPoint(x: -1, y: -1)
        }
        let zero = marker(0), half = marker(0.5), full = marker(1)
        // The 58-point box is centred (21…79), radius 26: 0 at 135° (bottom left), ½ at the top, 1 at 45°.
        #expect(abs(zero.x - (50 - 18.4)) < 1.5 && abs(zero.y - (50 + 18.4)) < 1.5)
        #expect(abs(half.x - 50) < 1.5 && abs(half.y - 24) < 1.5)
        #expect(abs(full.x - (50 + 18.4)) < 1.5 && abs(full.y - (50 + 18.4)) < 1.5)
    }

    @Test func theCapacityRingFillsClockwiseFromTheTop() {
        let host = HeadlessHost(width: 100, height: 100) {
            Gauge(value: 0.25) { Text("") }.gaugeStyle(.accessoryCircularCapacity).tint(.red)
        }
        let s = host.snapshot()
        // Ring radius 26 about (50, 50): the top-right quarter is full red, the left is the pale track.
        let right = rgba(s, 50 + 18, 50 - 18), left = rgba(s, 50 - 26, 50)
        #expect(right == [255, 59, 48, 255])
        #expect(left[0] == 255 && left[1] > 150)
    }

    @Test func theLinearCapacityBarAndBoundsLabels() throws {
        let host = HeadlessHost(width: 300, height: 100) {
            Gauge(value: 30, in: 0...100) { Text("Battery") } currentValueLabel: { Text("30") }
                minimumValueLabel: { Text("0") } maximumValueLabel: { Text("100") }
        }
        let low = try #require(host.frame(ofText: "0")), high = try #require(host.frame(ofText: "100"))
        let title = try #require(host.frame(ofText: "Battery")), current = try #require(host.frame(ofText: "30"))
        #expect(low.minX == 0 && abs(high.maxX - 300) < 0.5)
        #expect(title.maxY <= low.minY && current.minY >= low.maxY)
    }

    struct Numeric: GaugeStyle {
        func makeBody(configuration: Configuration) -> some View {
            HStack { configuration.label; Text("\(Int(configuration.value * 100))/100") }
        }
    }

    @Test func aCustomGaugeStyle() {
        let host = HeadlessHost(width: 300, height: 100) {
            Gauge(value: 7, in: 0...10) { Text("Level") }.gaugeStyle(Numeric())
        }
        #expect(host.frame(ofText: "70/100") != nil && host.frame(ofText: "Level") != nil)
    }

    @Test func goldenGaugeStyles() {
        let host = HeadlessHost(width: 360, height: 300) {
            VStack(spacing: 16) {
                HStack(spacing: 24) {
                    Gauge(value: 0.62) { Text("kW") } currentValueLabel: { Text("62") }
                        minimumValueLabel: { Text("0") } maximumValueLabel: { Text("100") }
                        .gaugeStyle(.accessoryCircular)
                    Gauge(value: 0.62) { Text("kW") } currentValueLabel: { Text("62") }
                        .gaugeStyle(.accessoryCircular).tint(.green)
                    Gauge(value: 0.4) { Text("Disk") } currentValueLabel: { Text("40") }
                        .gaugeStyle(.accessoryCircularCapacity)
                }
                Gauge(value: 0.7) { Text("Battery") } currentValueLabel: { Text("70 %") }
                Gauge(value: 0.3) { Text("Queue") } currentValueLabel: { Text("3") }.gaugeStyle(.accessoryLinear)
                Gauge(value: 0.3) { Text("Queue") } currentValueLabel: { Text("3") }.gaugeStyle(.accessoryLinearCapacity)
            }
            .padding()
        }
        expectGolden(host.snapshot(), "gauge-styles", tolerance: 2, maxDiffering: 60)
    }
}
