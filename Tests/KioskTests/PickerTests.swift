// Picker in each style (menu, segmented, inline, wheel, navigationLink): a tap or a drag
// changes the binding; tags, ForEach's implicit tags, Label content; bad input.
import Testing
@testable import Kiosk
import Raster
import TestSupport

@Suite struct PickerTests {
    enum Flavor: String, CaseIterable, Identifiable {
        case vanilla, chocolate, strawberry
        var id: Self { self }
    }

    struct MenuForm: View {
        @State var flavor = Flavor.vanilla
        var body: some View {
            Form {
                Picker("Flavor", selection: $flavor) {
                    ForEach(Flavor.allCases) { Text($0.rawValue.capitalized) }
                }
                Text("Chosen: \(flavor.rawValue)")
            }
        }
    }

    @Test func aMenuPickerInAFormOpensItsOptionsAndATapChooses() throws {
        let host = HeadlessHost(width: 390, height: 500) { MenuForm() }
        let label = try #require(host.frame(ofText: "Flavor"))
        let value = try #require(host.frame(ofText: "Vanilla"))
        #expect(label.minX < 60 && value.minX > 250)          // label leading, value trailing
        host.tap(x: value.midX, y: value.midY)
        host.advance(by: 0.5)
        let row = try #require(host.frame(ofText: "Chocolate"))
        #expect(row.minY > value.maxY)
        expectGolden(host.snapshot(), "picker-menu-open")
        host.tap(x: row.midX, y: row.midY)
        host.advance(by: 0.5)
        #expect(host.frame(ofText: "Chosen: chocolate") != nil)
        #expect(host.frame(ofText: "Strawberry") == nil)       // the menu closed
        #expect(host.warnings.isEmpty)
    }

    struct Tips: View {
        @State var tip = 15
        var body: some View {
            VStack(spacing: 20) {
                Picker("Tip", selection: $tip) {
                    Text("10%").tag(10)
                    Text("15%").tag(15)
                    Text("20%").tag(20)
                    Text("None").tag(0)
                }
                .pickerStyle(.segmented)
                Text("Tip: \(tip)")
                Spacer()
            }
            .padding()
        }
    }

    @Test func aSegmentedPickerSelectsTheTappedSegment() throws {
        let host = HeadlessHost(width: 390, height: 200) { Tips() }
        expectGolden(host.snapshot(), "picker-segmented")
        let none = try #require(host.frame(ofText: "None"))
        #expect(abs(none.midY - (16 + 16)) < 2)                 // a 32-pt control at the top
        // The chosen segment is the white thumb on the grey track.
        let fifteen = try #require(host.frame(ofText: "15%"))
        #expect(rgba(host.snapshot(), Int(fifteen.minX) - 4, Int(fifteen.midY)) == [255, 255, 255, 255])
        host.tap(x: none.midX, y: none.midY)
        host.advance(by: 0.3)
        #expect(host.frame(ofText: "Tip: 0") != nil)
    }

    struct InlineForm: View {
        @State var size = "M"
        var body: some View {
            Form {
                Section("Size") {
                    Picker("Size", selection: $size) {
                        ForEach(["S", "M", "L"], id: \.self) { Text($0) }
                    }
                    .pickerStyle(.inline)
                }
                Text("Size: \(size)")
            }
        }
    }

    @Test func anInlinePickerInAFormIsARowPerOptionWithACheckmark() throws {
        let host = HeadlessHost(width: 390, height: 400) { InlineForm() }
        let s = try #require(host.frame(ofText: "S"))
        let m = try #require(host.frame(ofText: "M"))
        let l = try #require(host.frame(ofText: "L"))
        #expect(abs(m.midY - s.midY - 44) < 0.5 && abs(l.midY - m.midY - 44) < 0.5)
        expectGolden(host.snapshot(), "picker-inline-form")
        host.tap(x: 200, y: l.midY)
        host.advance(by: 0.2)
        #expect(host.frame(ofText: "Size: L") != nil)
    }

    struct Wheel: View {
        @State var n = 5
        let count: Int
        var body: some View {
            VStack {
                Picker("Number", selection: $n) {
                    ForEach(0..<count, id: \.self) { Text("\($0)") }
                }
                .pickerStyle(.wheel)
                Text("n = \(n)")
            }
        }
    }

    @Test func aWheelTurnsWithADragAndSnapsToARow() throws {
        let host = HeadlessHost(width: 320, height: 300) { Wheel(count: 20) }
        let five = try #require(host.frame(ofText: "5"))
        expectGolden(host.snapshot(), "picker-wheel")
        // Dragging up by two rows, slowly (no momentum), stops two rows on.
        host.drag(from: CGPoint(x: 160, y: five.midY), to: CGPoint(x: 160, y: five.midY - 64), duration: 1.5)
        host.advance(by: 1)
        #expect(host.frame(ofText: "n = 7") != nil)
        // A tap one row below the middle turns the wheel to it.
        let seven = try #require(host.frame(ofText: "7"))
        host.tap(x: 160, y: seven.midY + 32)
        host.advance(by: 1)
        #expect(host.frame(ofText: "n = 8") != nil)
        // A fling far past the end stops at the last row.
        host.drag(from: CGPoint(x: 160, y: 200), to: CGPoint(x: 160, y: 20), duration: 0.05)
        host.advance(by: 1)
        #expect(host.frame(ofText: "n = 19") != nil)
    }

    @Test func aWheelOfTenThousandOptionsBuildsOnlyTheRowsNearTheMiddle() throws {
        let host = HeadlessHost(width: 320, height: 300) { Wheel(count: 10_000) }
        let built = host.allNodes.filter { ($0.view as? Text).map { Int($0.string) != nil } ?? false }
        #expect(built.count <= 11)
        #expect(host.frame(ofText: "5") != nil)
    }

    struct LinkForm: View {
        @State var flavor = Flavor.vanilla
        var body: some View {
            NavigationStack {
                Form {
                    Picker("Flavor", selection: $flavor) {
                        ForEach(Flavor.allCases) { Text($0.rawValue.capitalized).tag($0) }
                    }
                    .pickerStyle(.navigationLink)
                    Text("Chosen: \(flavor.rawValue)")
                }
                .navigationTitle("Order")
            }
        }
    }

    @Test func aNavigationLinkPickerPushesItsOptionsAndPopsOnAChoice() throws {
        let host = HeadlessHost(width: 390, height: 600) { LinkForm() }
        let row = try #require(host.frame(ofText: "Flavor"))
        #expect(host.frame(ofText: "Strawberry") == nil)
        host.tap(x: row.midX, y: row.midY)
        host.advance(by: 0.6)
        let option = try #require(host.frame(ofText: "Strawberry"))
        expectGolden(host.snapshot(), "picker-navigationlink-pushed")
        host.tap(x: option.midX, y: option.midY)
        host.advance(by: 0.6)
        #expect(host.frame(ofText: "Chosen: strawberry") != nil)
        #expect(host.frame(ofText: "Strawberry") != nil)           // the row shows the choice…
        #expect(host.frame(ofText: "Chocolate") == nil)            // …and the list is gone
    }

    @Test func aSelectionThatMatchesNoTagSelectsNothingAndWarnsOnce() throws {
        struct Unmatched: View {
            @State var n = 42_424
            var body: some View {
                VStack {
                    Picker("N", selection: $n) { Text("one").tag(1); Text("two").tag(2) }.pickerStyle(.inline)
                    Text("n \(n)")
                }
            }
        }
        Diagnostics.printsWarnings = false
        defer { Diagnostics.printsWarnings = true }
        let host = HeadlessHost(width: 320, height: 300) { Unmatched() }
        host.advance(by: 0.1)
        #expect(host.warnings.filter { $0.contains("42424") }.count == 1)
        // No checkmark is shown: every check is transparent.
        let one = try #require(host.frame(ofText: "one"))
        host.tap(x: one.midX, y: one.midY)
        host.advance(by: 0.1)
        #expect(host.frame(ofText: "n 1") != nil)
    }

    @Test func tagsOfAnotherTypeDoNotMatchAndUntaggedOptionsAreInert() throws {
        // A ForEach over Ints gives Int ids; a String selection matches none of them.
        let options = PickerOptions(ForEach(0..<3, id: \.self) { Text("\($0)") })
        #expect(options.index(of: AnyHashable(1)) == 1)
        #expect(options.index(of: AnyHashable("1")) == nil)
        // Options outside a ForEach with no tag match nothing (tuple positions are not tags).
        let plain = PickerOptions(Group { Text("a"); Text("b") })
        #expect(plain.items.count == 2)
        #expect(plain.index(of: AnyHashable(0)) == nil && plain.index(of: AnyHashable(1)) == nil)
        // An explicit tag wins over the ForEach id.
        let tagged = PickerOptions(ForEach(0..<2, id: \.self) { Text("\($0)").tag("t\($0)") })
        #expect(tagged.index(of: AnyHashable("t1")) == 1)
        // Sections are looked through.
        let sectioned = PickerOptions(Section("A") { Text("x").tag(7) })
        #expect(sectioned.index(of: AnyHashable(7)) == 0)
    }

    @Test func aStandaloneMenuPickerWithLabelContentShowsTheChoice() throws {
        struct Sort: View {
            @State var order = "Name"
            var body: some View {
                VStack {
                    Picker("Sort", systemImage: "arrow.up.arrow.down", selection: $order) {
                        Label("Name", systemImage: "textformat").tag("Name")
                        Label("Date", systemImage: "calendar").tag("Date")
                    }
                    Text("order \(order)")
                    Spacer()
                }
            }
        }
        let host = HeadlessHost(width: 320, height: 400) { Sort() }
        #expect(host.frame(ofText: "Sort") == nil)              // outside a Form: the button alone
        let name = try #require(host.frame(ofText: "Name"))
        host.tap(x: name.midX, y: name.midY)
        host.advance(by: 0.5)
        let date = try #require(host.frame(ofText: "Date"))
        host.tap(x: date.midX, y: date.midY)
        host.advance(by: 0.5)
        #expect(host.frame(ofText: "order Date") != nil)
    }

    @Test func aColorPickerOpensAGridAndATapSetsTheColour() throws {
        struct Paint: View {
            @State var colour = Color(white: 1)
            var body: some View {
                VStack {
                    ColorPicker("Background", selection: $colour, supportsOpacity: false)
                    Text(colour == _ColorGridSheet.swatch(row: 0, column: 11) ? "black" : "not black")
                    Spacer()
                }
                .padding()
            }
        }
        let host = HeadlessHost(width: 390, height: 700) { Paint() }
        #expect(host.frame(ofText: "not black") != nil)
        let label = try #require(host.frame(ofText: "Background"))
        host.tap(x: 390 - 16 - 14, y: label.midY)                  // the well, trailing
        host.advance(by: 0.8)
        #expect(host.frame(ofText: "Colors") != nil)
        expectGolden(host.snapshot(), "colorpicker-sheet")
        // The black swatch: the last of the first row of the grid.
        let title = try #require(host.frame(ofText: "Colors"))
        host.tap(x: 390 - 16 - 10, y: title.maxY + 16 + 13)
        host.advance(by: 0.3)
        #expect(host.frame(ofText: "black") != nil)
    }

    @Test func theIOS13AlertAndActionSheetValuesPresentAndDismiss() throws {
        struct Old: View {
            @State var alert = true
            @State var sheet = false
            @State var log = ""
            var body: some View {
                VStack {
                    Text("log \(log)")
                    Text("alert \(alert ? "on" : "off")")
                }
                .alert(isPresented: $alert) {
                    Alert(title: Text("Heads up"), message: Text("Wear sunscreen"), dismissButton: .default(Text("Got it")) { log += "a" })
                }
                .actionSheet(isPresented: $sheet) {
                    ActionSheet(title: Text("Share"), buttons: [.destructive(Text("Delete")) { log += "d" }, .cancel()])
                }
                .accentColor(.orange)
            }
        }
        let host = HeadlessHost(width: 320, height: 480) { Old() }
        host.advance(by: 0.5)
        #expect(host.frame(ofText: "Wear sunscreen") != nil)
        let ok = try #require(host.frame(ofText: "Got it"))
        host.tap(x: ok.midX, y: ok.midY)
        host.advance(by: 0.5)
        #expect(host.frame(ofText: "alert off") != nil && host.frame(ofText: "log a") != nil)
    }

    @Test func presentationModeDismissesASheetAndNavigationBarItemsShowInTheBar() throws {
        struct Closer: View {
            @Environment(\.presentationMode) var mode
            var body: some View {
                Text(mode.wrappedValue.isPresented ? "Close" : "not presented")
                    .onTapGesture { mode.wrappedValue.dismiss() }
            }
        }
        struct Page: View {
            @State var open = true
            var body: some View {
                NavigationView {
                    Text(open ? "sheet up" : "sheet down")
                        .navigationBarTitle("Home")
                        .navigationBarItems(trailing: Text("Edit"))
                        .navigationViewStyle(StackNavigationViewStyle())
                }
                .sheet(isPresented: $open) { Closer() }
            }
        }
        let host = HeadlessHost(width: 390, height: 600) { Page() }
        host.advance(by: 0.8)
        let edit = try #require(host.frame(ofText: "Edit"))
        #expect(edit.minX > 300 && edit.maxY < 60)                 // trailing, in the bar
        let close = try #require(host.frame(ofText: "Close"))
        host.tap(x: close.midX, y: close.midY)
        host.advance(by: 0.8)
        #expect(host.frame(ofText: "sheet down") != nil)
    }
}
