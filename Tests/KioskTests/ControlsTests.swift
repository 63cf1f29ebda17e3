// Controls: Button with ButtonStyle/PrimitiveButtonStyle (isPressed from the touch router), the
// built-in styles, tint, controlSize, disabled; Toggle, Slider, Label, Image(systemName:).
import Testing
@testable import Kiosk
import Raster
import TestSupport

/// Blue, red while pressed: shows whether the style saw the press.
struct PressColour: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .frame(width: 100, height: 60)
            .background(configuration.isPressed ? Color.red : Color.blue)
    }
}

/// A style that ignores its configuration entirely.
struct IgnoresConfiguration: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View { Color.green.frame(width: 80, height: 40) }
}

/// Reads the environment, as styles often do: grey when the button is disabled.
struct EnvironmentReadingStyle: ButtonStyle {
    @Environment(\.isEnabled) private var isEnabled
    func makeBody(configuration: Configuration) -> some View {
        configuration.label.frame(width: 100, height: 60).background(isEnabled ? Color.blue : Color.gray)
    }
}

/// Triggers on a double tap only.
struct DoubleTapStyle: PrimitiveButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label.frame(width: 100, height: 60).onTapGesture(count: 2) { configuration.trigger() }
    }
}

final class Box<T> { var value: T; init(_ v: T) { value = v } }

extension HeadlessHost {
    func touchDown(_ id: Int, _ x: Double, _ y: Double) { HeadlessHost.onMainQueue { renderer.touch(id: id, phase: .began, x: x, y: y, time: time) }; advance(by: 1.0 / 60) }
    func touchMove(_ id: Int, _ x: Double, _ y: Double) { HeadlessHost.onMainQueue { renderer.touch(id: id, phase: .moved, x: x, y: y, time: time) }; advance(by: 1.0 / 60) }
    func touchUp(_ id: Int, _ x: Double, _ y: Double) { HeadlessHost.onMainQueue { renderer.touch(id: id, phase: .ended, x: x, y: y, time: time) }; advance(by: 1.0 / 60) }
}

@Suite struct ButtonStyleTests {
    @Test func isPressedFollowsTheFingerAndTheActionRunsOnLiftInside() {
        let taps = Box(0)
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) {
            Button(action: { taps.value += 1 }) { Text("Go") }.buttonStyle(PressColour())
        }
        #expect(rgba(host.snapshot(), 100, 50) == [0, 122, 255, 255])
        host.touchDown(1, 100, 50)
        #expect(rgba(host.snapshot(), 100, 50) == [255, 59, 48, 255])
        host.touchMove(1, 115, 55)                  // past the tap slop, still on the button
        #expect(rgba(host.snapshot(), 100, 50) == [255, 59, 48, 255])
        host.touchUp(1, 115, 55)
        #expect(rgba(host.snapshot(), 100, 50) == [0, 122, 255, 255])
        #expect(taps.value == 1)
    }

    @Test func leavingTheButtonReleasesItAndALiftOutsideDoesNothing() {
        let taps = Box(0)
        let host = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) {
            Button(action: { taps.value += 1 }) { Text("Go") }.buttonStyle(PressColour())
        }
        host.touchDown(1, 150, 100)
        host.touchMove(1, 150, 180)                 // 50 below the button's bottom (130): beyond 20
        #expect(rgba(host.snapshot(), 150, 100) == [0, 122, 255, 255])
        host.touchMove(1, 150, 145)                 // back within the margin: pressed again
        #expect(rgba(host.snapshot(), 150, 100) == [255, 59, 48, 255])
        host.touchMove(1, 150, 190)
        host.touchUp(1, 150, 190)
        #expect(taps.value == 0)
    }

    @Test func aStyleThatIgnoresItsConfigurationStillMakesAWorkingButton() {
        let taps = Box(0)
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) {
            Button("never drawn") { taps.value += 1 }.buttonStyle(IgnoresConfiguration())
        }
        #expect(host.frame(ofText: "never drawn") == nil)
        #expect(rgba(host.snapshot(), 100, 50) == [52, 199, 89, 255])
        host.tap(x: 100, y: 50)
        #expect(taps.value == 1)
    }

    @Test func aStyleSeesItsEnvironment() {
        let host = HeadlessHost(width: 200, height: 200, text: FixedAdvanceText()) {
            VStack(spacing: 0) {
                Button("on") {}.buttonStyle(EnvironmentReadingStyle())
                Button("off") {}.buttonStyle(EnvironmentReadingStyle()).disabled(true)
            }
        }
        #expect(rgba(host.snapshot(), 60, 50) == [0, 122, 255, 255])     // off the label
        #expect(rgba(host.snapshot(), 60, 110) == [142, 142, 147, 255])
    }

    @Test func primitiveStyleDecidesWhenToTrigger() {
        let taps = Box(0)
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) {
            Button("Twice") { taps.value += 1 }.buttonStyle(DoubleTapStyle())
        }
        host.tap(x: 100, y: 50)
        #expect(taps.value == 0)
        host.tap(x: 100, y: 50)
        #expect(taps.value == 1)
    }

    @Test func disabledButtonsIgnoreTouchesInEveryStyle() {
        let taps = Box(0)
        let host = HeadlessHost(width: 300, height: 200, text: FixedAdvanceText()) {
            VStack(spacing: 20) {
                Button("plain") { taps.value += 1 }
                Button("bordered") { taps.value += 1 }.buttonStyle(.bordered)
                Button("custom") { taps.value += 1 }.buttonStyle(PressColour())
            }.disabled(true)
        }
        for label in ["plain", "bordered"] {
            let f = host.frame(ofText: label)!
            host.tap(x: Double(f.midX), y: Double(f.midY))
        }
        host.tap(x: 150, y: 160)
        #expect(taps.value == 0)
    }

    @Test func buttonInsideATappableRowTakesTheTap() {
        let log = Box<[String]>([])
        let host = HeadlessHost(width: 300, height: 100, text: FixedAdvanceText()) {
            HStack {
                Button("inner") { log.value.append("button") }.buttonStyle(.borderedProminent)
            }
            .frame(width: 300, height: 100)
            .contentShape(Rectangle())
            .onTapGesture { log.value.append("row") }
        }
        let f = host.frame(ofText: "inner")!
        host.tap(x: Double(f.midX), y: Double(f.midY))
        host.tap(x: 10, y: 10)
        #expect(log.value == ["button", "row"])
    }

    @Test func goldenButtonStyles() {
        let host = HeadlessHost(width: 360, height: 300) {
            VStack(spacing: 12) {
                HStack(spacing: 12) {
                    Button("Default") {}
                    Button("Plain") {}.buttonStyle(.plain)
                    Button("Delete", role: .destructive) {}
                }
                HStack(spacing: 12) {
                    Button("Bordered") {}.buttonStyle(.bordered)
                    Button("Prominent") {}.buttonStyle(.borderedProminent)
                }
                HStack(spacing: 12) {
                    Button("Green") {}.buttonStyle(.borderedProminent).tint(.green)
                    Button("Remove", role: .destructive) {}.buttonStyle(.bordered)
                    Button("Off") {}.buttonStyle(.borderedProminent).disabled(true)
                }
                Button("Large") {}.buttonStyle(.borderedProminent).controlSize(.large)
                Button("Small") {}.buttonStyle(.bordered).controlSize(.small)
                Button("Favourite", systemImage: "star.fill") {}.buttonStyle(.bordered)
            }
        }
        expectGolden(host.snapshot(), "button-styles", tolerance: 2, maxDiffering: 40)
    }
}

struct ToggleHost: View {
    @State var on = false
    @State var wifi = true
    var body: some View {
        VStack(spacing: 16) {
            Toggle("Sound", isOn: $on)
            Toggle(isOn: $wifi) { Label("Wi-Fi", systemImage: "wifi") }.tint(.blue)
            Toggle("Hidden", isOn: .constant(true)).labelsHidden()
            Toggle("Off and disabled", isOn: .constant(false)).disabled(true)
            Text(on ? "sound on" : "sound off")
        }
        .padding(16)
    }
}

struct Checkbox: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack {
            Image(systemName: configuration.isOn ? "checkmark.circle.fill" : "circle")
            configuration.label
        }
        .onTapGesture { configuration.isOn.toggle() }
    }
}

@Suite struct ToggleTests {
    @Test func tappingTheSwitchFlipsTheBinding() {
        let host = HeadlessHost(width: 320, height: 260, text: FixedAdvanceText()) { ToggleHost() }
        #expect(host.frame(ofText: "sound off") != nil)
        let row = host.frame(ofText: "Sound")!
        // The switch is at the trailing edge: 16 padding, 51 wide.
        host.tap(x: 320 - 16 - 25, y: Double(row.midY))
        #expect(host.frame(ofText: "sound on") != nil)
        // The label itself does not toggle (as in SwiftUI on iOS).
        host.tap(x: Double(row.midX), y: Double(row.midY))
        #expect(host.frame(ofText: "sound on") != nil)
    }

    @Test func customToggleStyle() {
        struct V: View {
            @State var done = false
            var body: some View {
                VStack { Toggle("Done", isOn: $done).toggleStyle(Checkbox()); Text(done ? "yes" : "no") }
            }
        }
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) { V() }
        let f = host.frame(ofText: "Done")!
        host.tap(x: Double(f.midX), y: Double(f.midY))
        #expect(host.frame(ofText: "yes") != nil)
    }

    @Test func goldenToggles() {
        let host = HeadlessHost(width: 320, height: 260) { ToggleHost() }
        expectGolden(host.snapshot(), "toggles", tolerance: 2, maxDiffering: 40)
    }
}

struct SliderHost: View {
    @State var value = 0.25
    @State var stepped = 50.0
    let log: Box<[Bool]>
    var body: some View {
        VStack(spacing: 20) {
            Slider(value: $value, onEditingChanged: { log.value.append($0) })
            Slider(value: $stepped, in: 0...100, step: 10) { Text("Volume") } minimumValueLabel: {
                Image(systemName: "minus")
            } maximumValueLabel: {
                Image(systemName: "plus")
            }
            Text(String(format: "%.2f / %.0f", arguments: [value, stepped]))
        }
        .padding(20)
    }
}

@Suite struct SliderTests {
    @Test func dragMovesTheValueAndReportsEditing() {
        let log = Box<[Bool]>([])
        let host = HeadlessHost(width: 340, height: 200, text: FixedAdvanceText()) { SliderHost(log: log) }
        #expect(host.frame(ofText: "0.25 / 50") != nil)
        // Track 300 wide from x = 20 (the first row, y 41.5…69.5); thumb centres run from 34 to 306.
        host.drag(from: CGPoint(x: 102, y: 55), to: CGPoint(x: 306, y: 55))
        #expect(host.frame(ofText: "1.00 / 50") != nil)
        #expect(log.value == [true, false])
        host.drag(from: CGPoint(x: 200, y: 55), to: CGPoint(x: -50, y: 55))
        #expect(host.frame(ofText: "0.00 / 50") != nil)
    }

    @Test func steppedSliderSnaps() {
        let log = Box<[Bool]>([])
        let host = HeadlessHost(width: 340, height: 200, text: FixedAdvanceText()) { SliderHost(log: log) }
        let row = host.frames(of: Image.self)
        #expect(row.count == 2)
        let y = Double(row[0].midY)
        let start = Double(row[0].maxX) + 8 + 14, end = Double(row[1].minX) - 8 - 14
        host.drag(from: CGPoint(x: (start + end) / 2, y: y), to: CGPoint(x: start + (end - start) * 0.73, y: y))
        #expect(host.frame(ofText: "0.25 / 70") != nil)
    }

    @Test func badRangesAndValuesHaveDocumentedResults() {
        #expect(_SliderBody.fraction(.nan, 0...1) == 0)
        #expect(_SliderBody.fraction(5, 3...3) == 0)
        #expect(_SliderBody.value(atX: 100, width: 200, bounds: 3...3, step: nil) == 3)
        #expect(_SliderBody.value(atX: .nan, width: 200, bounds: 0...1, step: nil) == 0)
        #expect(abs(_SliderBody.value(atX: 1e9, width: 200, bounds: 0...1, step: 0.3) - 0.9) < 1e-9)   // 3 steps, not past the end
    }

    @Test func goldenSliders() {
        let host = HeadlessHost(width: 340, height: 200) { SliderHost(log: Box([])).tint(.orange) }
        expectGolden(host.snapshot(), "sliders", tolerance: 2, maxDiffering: 40)
    }
}

@Suite struct SymbolTests {
    @Test func symbolsSizeFromTheFontAndDrawInTheForegroundStyle() {
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) {
            HStack(spacing: 0) {
                Image(systemName: "square.fill").foregroundColor(.red)
                Image(systemName: "square.fill").font(.system(size: 40)).foregroundStyle(Color.blue)
                Image(systemName: "square.fill").imageScale(.large)
            }
        }
        let frames = host.frames(of: Image.self)
        #expect(frames.map(\.width) == [20, 48, 27])     // 1.2 × 17, 1.2 × 40, 1.3 × 1.2 × 17, rounded
        let a = frames[0], b = frames[1]
        #expect(rgba(host.snapshot(), Int(a.midX), Int(a.midY)) == [255, 59, 48, 255])
        #expect(rgba(host.snapshot(), Int(b.midX), Int(b.midY)) == [0, 122, 255, 255])
    }

    @Test func unknownSymbolDrawsAPlaceholderAndWarnsOnce() {
        let previous = Diagnostics.printsWarnings
        Diagnostics.printsWarnings = false
        defer { Diagnostics.printsWarnings = previous }
        let host = HeadlessHost(width: 100, height: 60, text: FixedAdvanceText()) {
            HStack { Image(systemName: "no.such.symbol.kiosk"); Image(systemName: "no.such.symbol.kiosk") }
        }
        host.redraw()
        #expect(host.warnings.filter { $0.contains("no.such.symbol.kiosk") }.count == 1)
        #expect(host.frames(of: Image.self).allSatisfy { $0.width == 20 })
    }

    @Test func goldenSymbolsAndLabels() {
        let names = SystemSymbols.names + ["not.a.symbol"]
        let previous = Diagnostics.printsWarnings
        Diagnostics.printsWarnings = false
        defer { Diagnostics.printsWarnings = previous }
        let host = HeadlessHost(width: 400, height: 300) {
            VStack(alignment: .leading, spacing: 10) {
                ForEach(0..<6) { row in
                    HStack(spacing: 12) {
                        ForEach(0..<9) { col in
                            let i = row * 9 + col
                            if i < names.count { Image(systemName: names[i]).font(.system(size: 24)) }
                        }
                    }
                }
                HStack(spacing: 16) {
                    Label("Favourites", systemImage: "star.fill").foregroundColor(.orange)
                    Label("Settings", systemImage: "gearshape").labelStyle(.iconOnly)
                    Label("Title only", systemImage: "trash").labelStyle(.titleOnly)
                }
            }
        }
        expectGolden(host.snapshot(), "symbols-labels", tolerance: 2, maxDiffering: 40)
    }
}
