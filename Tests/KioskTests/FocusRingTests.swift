// The focus ring (Focus/FocusRing.swift): drawn around the focused button, switch and stepper
// when focus moves by keyboard (Tab, arrows, a rotary encoder's detent), gone on a touch, never
// around a text field (its caret shows focus).
import Testing
@testable import Kiosk
import Raster
import TestSupport

@Suite struct FocusRingTests {
    final class Box { var count = 1; var on = false; var pressed = 0 }

    struct Controls: View {
        let box: Box
        @State var on = false
        @State var count = 1
        @State var name = ""
        var body: some View {
            VStack(spacing: 24) {
                Button("Check in") { box.pressed += 1 }.buttonStyle(.bordered)
                Toggle("Wi-Fi", isOn: $on).labelsHidden()
                Kiosk.Stepper("Tickets", value: $count, in: 0...9).labelsHidden()
                TextField("Name", text: $name).textFieldStyle(.roundedBorder).frame(width: 160)
            }
            .onChange(of: count) { _, new in box.count = new }
            .onChange(of: on) { _, new in box.on = new }
            .frame(width: 300, height: 300)
            .background(Color.white)
        }
    }

    /// The laid-out frame of the first node whose view has type `T`.
    static func frame<T>(_ host: HeadlessHost, _ type: T.Type) -> CGRect {
        HeadlessHost.onMainQueue {
            host.allNodes.first { $0.view is T }.map { FocusManager.frame(of: $0) } ?? .zero
        }
    }

    /// Pixels of the accent colour (systemBlue) in the band 1 to 4 points outside `f`: the ring.
    static func ringPixels(_ host: HeadlessHost, around f: CGRect) -> Int {
        let s = host.snapshot()
        var n = 0
        for y in Int(f.minY) - 5...Int(f.maxY) + 5 {
            for x in Int(f.minX) - 5...Int(f.maxX) + 5 where x >= 0 && y >= 0 && x < s.width && y < s.height {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let inside = f.insetBy(dx: -1, dy: -1).contains(CGPoint(x: cx, y: cy))
                let inBand = f.insetBy(dx: -4, dy: -4).contains(CGPoint(x: cx, y: cy))
                guard inBand && !inside else { continue }
                let p = rgba(s, x, y)
                if abs(Int(p[0]) - 0) < 40 && abs(Int(p[1]) - 122) < 40 && abs(Int(p[2]) - 255) < 40 { n += 1 }
            }
        }
        return n
    }

    @Test func tabDrawsTheRingAroundEachControlInTurnAndATouchHidesIt() {
        let box = Box()
        let host = HeadlessHost(width: 300, height: 300) { Controls(box: box) }
        host.hardwareKeyboardAttached = true
        let button = Self.frame(host, Button<Text>.self)
        let toggle = Self.frame(host, _Switch.self)
        let stepper = Self.frame(host, _StepperBody.self)
        #expect(button.width > 40 && toggle.width > 40 && stepper.width > 40)
        let field = host.frames(of: _EditableText.self)[0]
        #expect(Self.ringPixels(host, around: button) == 0)

        host.press(.tab)                                    // the button
        let around = Self.ringPixels(host, around: button)
        #expect(around > Int(button.width + button.height) * 2, "ring pixels around the button: \(around)")
        #expect(Self.ringPixels(host, around: toggle) == 0)
        expectGolden(host.snapshot(), "focus-ring-button", tolerance: 2, maxDiffering: 40)
        host.press(.space)
        #expect(box.pressed == 1)

        host.press(.tab)                                    // the switch: space flips it
        #expect(Self.ringPixels(host, around: button) == 0)
        #expect(Self.ringPixels(host, around: toggle) > Int(toggle.width + toggle.height) * 2)
        host.press(.space)
        host.advance(by: 0.5)
        #expect(box.on)

        host.press(.tab)                                    // the stepper: arrows step it
        #expect(Self.ringPixels(host, around: toggle) == 0)
        #expect(Self.ringPixels(host, around: stepper) > Int(stepper.width + stepper.height) * 2)
        host.press(.rightArrow)
        host.press(.rightArrow)
        host.press(.leftArrow)
        #expect(box.count == 2)

        // A touch anywhere hides the ring; focus stays on the stepper (its keys still step it).
        host.tap(x: 5, y: 295)
        #expect(Self.ringPixels(host, around: stepper) == 0)
        host.press(.rightArrow)
        #expect(box.count == 3)
        // The next navigation key shows it again.
        host.press(.tab)
        host.press(.tab, modifiers: .shift)
        #expect(Self.ringPixels(host, around: stepper) > Int(stepper.width + stepper.height) * 2)

        // A text field reached by Tab shows its caret, no ring (nor is one left elsewhere).
        host.press(.tab)
        let focused = HeadlessHost.onMainQueue { host.renderer.graph.focusIfMade?.focusedTarget?.textInput }
        #expect(focused != nil)
        #expect(Self.ringPixels(host, around: field.insetBy(dx: -7, dy: -6)) == 0)
        #expect(Self.ringPixels(host, around: stepper) == 0)
    }

    @Test func aRotaryDetentShowsTheRingAndItsPushActivates() {
        let box = Box()
        let host = HeadlessHost(width: 300, height: 300) { Controls(box: box) }
        let button = Self.frame(host, Button<Text>.self)
        // A rotary encoder's detent arrives as Tab (KeyRouter), its push as Return.
        host.press(.tab)
        #expect(Self.ringPixels(host, around: button) > 0)
        host.press(.return)
        #expect(box.pressed == 1)
        // A touch hides it.
        host.tap(x: 5, y: 295)
        #expect(Self.ringPixels(host, around: button) == 0)
    }
}
