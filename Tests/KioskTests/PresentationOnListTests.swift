// Issue 39: `.sheet`, `.alert`, `.confirmationDialog` and `.fullScreenCover` written on a view
// list (a ForEach, a multi-view Group) present once, as in SwiftUI — they are not per-element
// modifiers (their hook is a lifecycle modifier, merged over the list: ViewListModifiers.swift).
import Testing
@testable import Kiosk
import Raster
import TestSupport

private struct SheetOnForEach: View {
    @State var showing = true
    var body: some View {
        VStack {
            ForEach(0..<3, id: \.self) { i in Text("Row \(i)") }
                .sheet(isPresented: $showing) { Text("The sheet") }
        }
    }
}

private struct PresentersOnGroup: View {
    @State var alert = true
    @State var dialog: Bool
    @State var cover: Bool
    let log: Box<[String]>
    init(others: Bool = true, log: Box<[String]>) {
        _dialog = State(initialValue: others); _cover = State(initialValue: others); self.log = log
    }
    var body: some View {
        VStack {
            Group {
                Text("A")
                Text("B")
                Text("C")
            }
            .alert("Delete?", isPresented: $alert) {
                Button("Delete", role: .destructive) { log.value.append("delete") }
            }
            .confirmationDialog("Share", isPresented: $dialog) { Button("Copy") { log.value.append("copy") } }
            .fullScreenCover(isPresented: $cover, onDismiss: { log.value.append("cover dismissed") }) { Text("Cover") }
        }
    }
}

private struct ItemSheetOnForEach: View {
    struct Order: Identifiable { let id: Int }
    @State var order: Order? = Order(id: 7)
    var body: some View {
        HStack {
            ForEach(0..<4, id: \.self) { i in Color.blue.frame(width: 10, height: 10).id(i) }
                .sheet(item: $order) { o in Text("Order \(o.id)") }
        }
    }
}

@Suite struct PresentationOnListTests {
    private func styles(_ host: HeadlessHost) -> [PresentationStyle] {
        host.renderer.graph.presentations.entries.map(\.style)
    }

    @Test func aSheetOnAForEachPresentsOnceAndDismissesOnce() throws {
        let host = HeadlessHost(width: 320, height: 480, text: FixedAdvanceText()) { SheetOnForEach() }
        host.advance(by: 1)
        #expect(styles(host) == [.sheet])
        #expect(host.allNodes.filter { ($0.view as? Text)?.string == "The sheet" && !$0.isRemoved }.count == 1)
        // A tap on the dimming dismisses it; nothing is left behind.
        host.tap(x: 160, y: 2)
        host.advance(by: 1)
        #expect(styles(host).isEmpty)
        #expect(host.frame(ofText: "The sheet") == nil)
        #expect(host.frame(ofText: "Row 2") != nil)
    }

    @Test func alertDialogAndCoverOnAGroupPresentOnceEach() throws {
        let log = Box<[String]>([])
        let host = HeadlessHost(width: 320, height: 480, text: FixedAdvanceText()) { PresentersOnGroup(log: log) }
        host.advance(by: 1)
        #expect(styles(host).sorted { "\($0)" < "\($1)" } == [.alert, .dialog, .fullScreenCover])
        #expect(host.allNodes.filter { ($0.view as? Text)?.string == "Delete?" && !$0.isRemoved }.count == 1)
        #expect(host.allNodes.filter { ($0.view as? Text)?.string == "Cover" && !$0.isRemoved }.count == 1)
    }

    @Test func anAlertOnAGroupDrawsOnceAndItsActionRunsOnce() throws {
        let log = Box<[String]>([])
        let host = HeadlessHost(width: 320, height: 480) { PresentersOnGroup(others: false, log: log) }
        host.advance(by: 1)
        #expect(styles(host) == [.alert])
        // One dimming, one panel: drawn once, not once per element (three would darken more).
        expectGolden(host.snapshot(), "presenters-on-group")
        let delete = try #require(host.frame(ofText: "Delete"))
        host.tap(x: delete.midX, y: delete.midY)
        host.advance(by: 1)
        #expect(log.value == ["delete"])
        #expect(styles(host).isEmpty)
    }

    @Test func anItemSheetOnAForEachPresentsOnce() throws {
        let host = HeadlessHost(width: 320, height: 480, text: FixedAdvanceText()) { ItemSheetOnForEach() }
        host.advance(by: 1)
        #expect(styles(host) == [.sheet])
        #expect(host.allNodes.filter { ($0.view as? Text)?.string == "Order 7" && !$0.isRemoved }.count == 1)
    }
}
