// Presentations: alerts, sheets and menus above the whole screen; what is under them takes no
// touches; a sheet sliding up over a List does not re-evaluate the List.
import Testing
@testable import Kiosk
import Raster
import TestSupport

private final class BodyCount { var value = 0 }

private struct CountingList: View {
    let counter: BodyCount
    let taps: BodyCount
    var body: some View {
        counter.value += 1
        return List {
            Button("Row") { taps.value += 1 }
            Text("Second")
        }
    }
}

private struct SheetOverList: View {
    let counter: BodyCount
    let taps: BodyCount
    @State private var showing = false
    var body: some View {
        VStack(spacing: 0) {
            Button("Open") { showing = true }.frame(height: 44)
            CountingList(counter: counter, taps: taps)
        }
        .sheet(isPresented: $showing) {
            Text("In the sheet").presentationDetents([.medium])
        }
    }
}

private struct AlertHost: View {
    let log: Box<[String]>
    @State var asking = true
    var body: some View {
        Text(asking ? "asking" : "answered")
            .alert("Delete?", isPresented: $asking) {
                Button("Delete", role: .destructive) { log.value.append("delete:\(asking)") }
                Button("Cancel", role: .cancel) { log.value.append("cancel") }
            } message: { Text("This cannot be undone.") }
    }
}

@Suite struct PresentationTests {
    @Test func aSheetBlocksTouchesBelowAndSlidesUpWithoutReEvaluatingTheList() throws {
        let counter = BodyCount(), taps = BodyCount()
        let host = HeadlessHost(width: 320, height: 480, text: FixedAdvanceText()) { SheetOverList(counter: counter, taps: taps) }
        let row = try #require(host.frame(ofText: "Row"))
        host.tap(x: row.midX, y: row.midY)
        #expect(taps.value == 1)
        let open = try #require(host.frame(ofText: "Open"))
        host.tap(x: open.midX, y: open.midY)
        // The presenter's body ran once for the write (and made the List anew, as SwiftUI does);
        // from then on the slide re-evaluates nothing under the sheet.
        let before = counter.value
        var early: [[UInt8]] = []
        for _ in 0..<4 {
            host.advance(by: 1.0 / 60)
            early.append(rgba(host.snapshot(), 10, 300))
        }
        host.advance(by: 1)
        let settled = try #require(host.frame(ofText: "In the sheet"))
        #expect(counter.value == before)
        #expect(settled.minY >= 240 - 1 && settled.minY < 260)       // medium: the lower half
        // The sheet's white reaches y = 300 only after the first frames of the slide.
        #expect(early.first != [255, 255, 255, 255])
        #expect(rgba(host.snapshot(), 10, 300) == [255, 255, 255, 255])
        expectGolden(host.snapshot(), "sheet-medium-over-list")
        // A tap on the dimmed List does not reach its row: it dismisses the sheet instead.
        host.tap(x: row.midX, y: row.midY)
        #expect(taps.value == 1)
        host.advance(by: 1)
        #expect(host.frame(ofText: "In the sheet") == nil)
        host.tap(x: row.midX, y: row.midY)
        #expect(taps.value == 2)
        #expect(host.warnings.isEmpty)
    }

    @Test func anAlertButtonWritesTheBindingFalseThenRunsItsAction() throws {
        let log = Box<[String]>([])
        let host = HeadlessHost(width: 320, height: 480, text: FixedAdvanceText()) { AlertHost(log: log) }
        host.advance(by: 0.6)
        let title = try #require(host.frame(ofText: "Delete?"))
        #expect(abs(title.midX - 160) < 1)
        let delete = try #require(host.frame(ofText: "Delete"))
        let cancel = try #require(host.frame(ofText: "Cancel"))
        // Two buttons side by side, cancel on the left.
        #expect(cancel.midX < delete.midX && abs(cancel.midY - delete.midY) < 1)
        expectGolden(host.snapshot(), "alert-two-buttons")
        host.tap(x: delete.midX, y: delete.midY)
        host.advance(by: 0.5)
        #expect(log.value == ["delete:false"])
        #expect(host.frame(ofText: "answered") != nil)
        #expect(host.frame(ofText: "Delete?") == nil)
    }

    @Test func anAlertWithoutActionsGetsOK() throws {
        let host = HeadlessHost(width: 320, height: 480, text: FixedAdvanceText()) {
            Text("under").alert("Done", isPresented: .constant(true)) {}
        }
        host.advance(by: 0.6)
        #expect(host.frame(ofText: "OK") != nil)
    }

    @Test func aMenuOpensAtItsLabelAndATapOnARowRunsIt() throws {
        let log = Box<[String]>([])
        let host = HeadlessHost(width: 320, height: 480, text: FixedAdvanceText()) {
            VStack {
                Menu("Sort") {
                    Button("By name") { log.value.append("name") }
                    Button("By date") { log.value.append("date") }
                }
                Spacer()
            }
        }
        let label = try #require(host.frame(ofText: "Sort"))
        host.tap(x: label.midX, y: label.midY)
        host.advance(by: 0.5)
        let row = try #require(host.frame(ofText: "By date"))
        #expect(row.minY > label.maxY)
        expectGolden(host.snapshot(), "menu-open")
        host.tap(x: row.midX, y: row.midY)
        host.advance(by: 0.5)
        #expect(log.value == ["date"])
        #expect(host.frame(ofText: "By date") == nil)
    }

    @Test func sheetsInsideSheetsFiftyDeepDoNotCrash() throws {
        struct Nested: View {
            let depth: Int
            @State private var open = true
            var body: some View {
                Text("level \(depth)").sheet(isPresented: $open) {
                    if depth < 50 { Nested(depth: depth + 1) }
                }
            }
        }
        let host = HeadlessHost(width: 200, height: 300, text: FixedAdvanceText()) { Nested(depth: 0) }
        for _ in 0..<60 { host.advance(by: 1.0 / 60) }
        host.advance(by: 1)
        #expect(host.renderer.graph.presentations.entries.count == 51)       // levels 0…50 each present one
    }

    @Test func anActionSheetKeepsCancelApartAndATapOutsideCancels() throws {
        let log = Box<[String]>([])
        struct Host: View {
            let log: Box<[String]>
            @State var asking = true
            var body: some View {
                Text(asking ? "asking" : "answered")
                    .confirmationDialog("Share", isPresented: $asking, titleVisibility: .visible) {
                        Button("Print") { log.value.append("print") }
                    }
            }
        }
        let host = HeadlessHost(width: 320, height: 480, text: FixedAdvanceText()) { Host(log: log) }
        host.advance(by: 0.8)
        let print = try #require(host.frame(ofText: "Print"))
        let cancel = try #require(host.frame(ofText: "Cancel", 1))   // 0: the main group's hidden copy
        #expect(cancel.minY > print.maxY + 8)                 // its own group below
        #expect(cancel.maxY > 480 - 8 - 57)
        host.tap(x: 160, y: 40)
        host.advance(by: 0.8)
        #expect(host.frame(ofText: "answered") != nil)
        #expect(log.value.isEmpty)
    }

    @Test func aSheetDraggedDownPastHalfItsSmallestDetentDismissesAndDetentsSnap() throws {
        struct Host: View {
            @State var showing = true
            var body: some View {
                Text(showing ? "shown" : "gone")
                    .sheet(isPresented: $showing) {
                        Text("Sheet").presentationDetents([.medium, .large])
                    }
            }
        }
        let host = HeadlessHost(width: 320, height: 480, text: FixedAdvanceText()) { Host() }
        host.advance(by: 1)
        let medium = try #require(host.frame(ofText: "Sheet"))
        #expect(medium.minY >= 240 && medium.minY < 260)
        // Up to large.
        host.drag(from: CGPoint(x: 160, y: 300), to: CGPoint(x: 160, y: 60), duration: 0.3)
        host.advance(by: 1)
        let large = try #require(host.frame(ofText: "Sheet"))
        #expect(large.minY > 0 && large.minY < 30, "large: \(large)")
        // Down a little: back to medium.
        host.drag(from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 300), duration: 0.5)
        host.advance(by: 1)
        #expect(abs(try #require(host.frame(ofText: "Sheet")).minY - medium.minY) < 1)
        // Down past half of the medium height: dismissed.
        host.drag(from: CGPoint(x: 160, y: 300), to: CGPoint(x: 160, y: 470), duration: 0.5)
        host.advance(by: 1)
        #expect(host.frame(ofText: "Sheet") == nil)
        #expect(host.frame(ofText: "gone") != nil)
    }
}
