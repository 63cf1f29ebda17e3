// Form: the inset-grouped look (cards, margins 16/20, 44-point rows, headers and footers),
// FormStyle, controls in rows (Toggle, Button, LabeledContent), LabeledContent and its style.
import Testing
@testable import Kiosk
import Raster
import TestSupport
@testable import KioskScenes

/// The pixels of `rect` that are not white (a text's ink and its anti-aliased edge).
func ink(_ s: Surface, _ rect: CGRect) -> [[UInt8]] {
    var out: [[UInt8]] = []
    for y in Int(rect.minY)..<Int(rect.maxY.rounded(.up)) {
        for x in Int(rect.minX)..<Int(rect.maxX.rounded(.up)) {
            let p = rgba(s, x, y)
            if p[0] < 230 || p[1] < 230 || p[2] < 230 { out.append(p) }
        }
    }
    return out
}

@Suite struct FormTests {
    struct CheckIn: View {
        @State var parking = false
        @State var taps = 0
        var body: some View {
            Form {
                Section("Guest") {
                    LabeledContent("Name", value: "Ada")
                    Toggle("Parking", isOn: $parking)
                }
                Section {
                    Button("Check in") { taps += 1 }
                } footer: {
                    Text("Taps: \(taps)")
                }
            }
        }
    }

    @Test func aFormIsAnInsetGroupedListOfCards() throws {
        let host = HeadlessHost(width: 320, height: 480) { CheckIn() }
        let name = try #require(host.frame(ofText: "Name"))
        let parking = try #require(host.frame(ofText: "Parking"))
        let header = try #require(host.frame(ofText: "Guest"))
        // Cards 16 in, row content 16 further; rows 44 apart (the switch does not grow its row).
        #expect(name.minX == 32 && parking.minX == 32 && header.minX == 32)
        #expect(abs(parking.midY - name.midY - 44) < 0.5)
        let s = host.snapshot()
        #expect(rgba(s, 8, Int(name.midY)) == [0xF2, 0xF2, 0xF7, 255])      // grouped background
        #expect(rgba(s, 24, Int(name.midY)) == [255, 255, 255, 255])         // the card
        // The header is uppercased footnote grey.
        let node = try #require(host.allNodes.first { ($0.view as? Text)?.string == "Guest" })
        #expect((node.view as! Text).resolved(node.environment).string == "GUEST")
        #expect(host.warnings.isEmpty)
    }

    @Test func wideFormsInsetTheirCardsTwentyPoints() throws {
        let host = HeadlessHost(width: 800, height: 480) { CheckIn() }
        let name = try #require(host.frame(ofText: "Name"))
        #expect(name.minX == 36)                                             // 20 + 16
        let s = host.snapshot()
        #expect(rgba(s, 18, Int(name.midY)) == [0xF2, 0xF2, 0xF7, 255])
        #expect(rgba(s, 22, Int(name.midY)) == [255, 255, 255, 255])
        #expect(rgba(s, 782, Int(name.midY)) == [0xF2, 0xF2, 0xF7, 255])
        // The margin is the list's own width's: a 320-point column in the wide screen keeps 16.
        let narrow = HeadlessHost(width: 800, height: 480) { HStack(spacing: 0) { CheckIn().frame(width: 320); Spacer() } }
        #expect(narrow.frame(ofText: "Name")?.minX == 32)
    }

    @Test func labeledContentPutsItsValueTrailingInGrey() throws {
        let host = HeadlessHost(width: 320, height: 480) { CheckIn() }
        let value = try #require(host.frame(ofText: "Ada"))
        #expect(abs(value.maxX - 288) < 0.5)                                 // 320 − 16 − 16
        let s = host.snapshot()
        // The value is secondary grey (60 60 67 at 60 % on white ≈ 138), the label black.
        #expect(ink(s, value).map { Int($0[0]) }.min() ?? 0 > 110)
        #expect(ink(s, try #require(host.frame(ofText: "Name"))).map { Int($0[0]) }.min() ?? 255 < 60)
    }

    @Test func theToggleRowFlipsAndItsSwitchSitsTrailing() throws {
        let host = HeadlessHost(width: 320, height: 480) { CheckIn() }
        let parking = try #require(host.frame(ofText: "Parking"))
        let switchX = 288.0 - 40         // the track's left part (the knob's place when off)
        let s0 = host.snapshot()
        #expect(rgba(s0, Int(switchX), Int(parking.midY)) != [52, 199, 89, 255])
        host.tap(x: switchX, y: Double(parking.midY))
        host.advance(by: 0.3)
        #expect(rgba(host.snapshot(), Int(switchX), Int(parking.midY)) == [52, 199, 89, 255])   // green: on
    }

    @Test func aButtonRowIsTintedAndTheWholeRowIsItsTarget() throws {
        let host = HeadlessHost(width: 320, height: 480) { CheckIn() }
        let label = try #require(host.frame(ofText: "Check in"))
        #expect(label.minX == 32)
        // The label is drawn in the accent blue.
        #expect(ink(host.snapshot(), label).contains { $0[2] > 200 && $0[0] < 80 })
        // Pressing far from the text, near the row's trailing end and top, greys the row and taps it.
        let y = Double(label.midY) - 18
        let id = 7
        host.touchDown(id, 280, y)
        #expect(rgba(host.snapshot(), 250, Int(label.midY)) == [0xD1, 0xD1, 0xD6, 255])   // systemGray4
        host.touchUp(id, 280, y)
        host.advance(by: 0.1)
        #expect(host.frame(ofText: "Taps: 1") != nil)
        #expect(rgba(host.snapshot(), 250, Int(label.midY)) == [255, 255, 255, 255])
        // Outside the card (the grey margin) is not the button.
        host.tap(x: 6, y: Double(label.midY))
        host.advance(by: 0.1)
        #expect(host.frame(ofText: "Taps: 1") != nil)
    }

    @Test func aButtonWithItsOwnStyleStaysAnOrdinaryRow() throws {
        let taps = Box(0)
        let host = HeadlessHost(width: 320, height: 300) {
            Form { Button("Bordered") { taps.value += 1 }.buttonStyle(.bordered) }
        }
        let label = try #require(host.frame(ofText: "Bordered"))
        host.tap(x: 280, y: Double(label.midY))        // the row's empty end: not the button
        host.advance(by: 0.1)
        #expect(taps.value == 0)
        host.tap(x: Double(label.midX), y: Double(label.midY))
        host.advance(by: 0.1)
        #expect(taps.value == 1)
    }

    @Test func aDisabledButtonRowIsGreyAndInert() throws {
        let taps = Box(0)
        let host = HeadlessHost(width: 320, height: 300) {
            Form { Button("Pay") { taps.value += 1 }.disabled(true); Button("Also") { taps.value += 1 } }.disabled(true)
        }
        let label = try #require(host.frame(ofText: "Also"))
        host.tap(x: Double(label.midX), y: Double(label.midY))
        host.advance(by: 0.1)
        #expect(taps.value == 0)
        let pixels = ink(host.snapshot(), label)
        #expect(!pixels.isEmpty && !pixels.contains { Int($0[2]) - Int($0[0]) > 30 })   // grey, not blue
    }

    struct Stacked: FormStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack(alignment: .leading, spacing: 4) { configuration.content }.padding(10)
        }
    }

    @Test func aCustomFormStyleDrawsTheContentItsOwnWay() throws {
        let host = HeadlessHost(width: 320, height: 300) {
            Form { Text("one"); Text("two") }.formStyle(Stacked())
        }
        let one = try #require(host.frame(ofText: "one")), two = try #require(host.frame(ofText: "two"))
        #expect(one.minX == two.minX && abs(two.minY - one.maxY - 4) < 0.5)
        // No grouped background: the screen's white shows.
        #expect(rgba(host.snapshot(), 8, 8) == [255, 255, 255, 255])
        // `.grouped` and `.automatic` are the iOS look.
        let grouped = HeadlessHost(width: 320, height: 300) { Form { Text("one") }.formStyle(.grouped) }
        #expect(grouped.frame(ofText: "one")?.minX == 32)
    }

    @Test func aFormIsGroupedWhateverListStyleIsAround() {
        let host = HeadlessHost(width: 320, height: 300) { Form { Text("one") }.listStyle(.plain) }
        #expect(host.frame(ofText: "one")?.minX == 32)
        #expect(rgba(host.snapshot(), 8, 200) == [0xF2, 0xF2, 0xF7, 255])
    }

    @Test func goldenForm() {
        let host = HeadlessHost(width: 390, height: 520) {
            Form {
                Section("Guest") {
                    LabeledContent("Name", value: "Ada Lovelace")
                    LabeledContent("Table", value: "12")
                    Toggle("Needs parking", isOn: .constant(true))
                    Toggle("High chair", isOn: .constant(false))
                }
                Section {
                    Kiosk.Stepper("Party of 4", value: .constant(4), in: 1...8)
                    ProgressView(value: 0.6) { Text("Preparing table") }
                } header: {
                    Text("Table")
                } footer: {
                    Text("We'll text you when your table is ready.")
                }
                Section {
                    Button("Check in") {}
                    Button("Cancel booking", role: .destructive) {}
                }
            }
        }
        expectGolden(host.snapshot(), "form-grouped", tolerance: 2, maxDiffering: 60)
    }
}

@Suite struct FormControlsSceneTests {
    @Test func checkingInStartsTheProgressAndTheStepperMovesTheGauge() throws {
        let host = HeadlessHost(width: 800, height: 600) { FormControls() }
        #expect(host.frame(ofText: "Waiting for check-in") != nil && host.frame(ofText: "28 of 40 seats") != nil)
        let party = try #require(host.frame(ofText: "Party of 2"))
        host.tap(x: 800 - 20 - 16 - 23.5, y: Double(party.midY))
        host.advance(by: 0.1)
        #expect(host.frame(ofText: "Party of 3") != nil && host.frame(ofText: "29 of 40 seats") != nil)
        let button = try #require(host.frame(ofText: "Check in"))
        host.tap(x: Double(button.midX), y: Double(button.midY))
        host.advance(by: 1.1)
        #expect(host.frame(ofText: "Preparing your table") != nil && host.frame(ofText: "10 %") != nil)
        #expect(host.warnings.isEmpty)
    }
}

@Suite struct LabeledContentTests {
    struct Euros: FormatStyle {
        func format(_ value: Double) -> String { String(format: "€%.2f", value) }
    }

    @Test func theFormatInitialiserWritesTheValue() {
        let host = HeadlessHost(width: 320, height: 100) { LabeledContent("Total", value: 12.5, format: Euros()) }
        #expect(host.frame(ofText: "€12.50") != nil)
    }

    @Test func aViewValueAndHiddenLabels() throws {
        let host = HeadlessHost(width: 320, height: 100) {
            VStack {
                LabeledContent { Text("on") } label: { Text("Wi-Fi") }
                LabeledContent("Hidden", value: "v").labelsHidden()
            }
        }
        let wifi = try #require(host.frame(ofText: "Wi-Fi")), on = try #require(host.frame(ofText: "on"))
        #expect(wifi.minX == 0 && abs(on.maxX - 320) < 0.5)
        #expect(host.frame(ofText: "Hidden") == nil && host.frame(ofText: "v") != nil)
    }

    struct Stacked: LabeledContentStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack(alignment: .leading, spacing: 2) { configuration.label; configuration.content }
        }
    }

    @Test func aCustomStyleStacksLabelAndValue() throws {
        let host = HeadlessHost(width: 320, height: 100) {
            LabeledContent("Name", value: "Ada").labeledContentStyle(Stacked()).frame(maxWidth: .infinity, alignment: .leading)
        }
        let name = try #require(host.frame(ofText: "Name")), ada = try #require(host.frame(ofText: "Ada"))
        #expect(ada.minY >= name.maxY && ada.minX == name.minX)
    }
}
