// APIs public SwiftUI screens (scripts/corpus) used and kiosk lacked: segmented pickers styled
// through UISegmentedControl.appearance(), values formatted inside Text literals, and
// `.toolbarTitleMenu`. Each is driven as an app would: drawn, tapped, its binding read.
@testable import Kiosk
import SwiftUI
import Testing
import TestSupport

@Suite struct CorpusAPITests {
    /// As PickerBootcamp writes it: the appearance is set in the view's init.
    struct StyledPicker: View {
        @State var choice = "Liked"
        init() {
            UISegmentedControl.appearance().selectedSegmentTintColor = UIColor.systemRed
            UISegmentedControl.appearance().setTitleTextAttributes([.foregroundColor: UIColor.white], for: .selected)
            UISegmentedControl.appearance().setTitleTextAttributes([.foregroundColor: UIColor.systemBlue], for: .normal)
        }
        var body: some View {
            VStack {
                Picker("Sort", selection: $choice) {
                    ForEach(["Recent", "Popular", "Liked"], id: \.self) { Text($0) }
                }
                .pickerStyle(SegmentedPickerStyle())
                Text("Chose \(choice)")
                Spacer()
            }
            .padding()
        }
    }

    /// The pixels of `frame` whose colour is closest to `target` among `candidates` (counts).
    func count(_ s: Surface, in frame: CGRect, where match: ([UInt8]) -> Bool) -> Int {
        var n = 0
        for y in Int(frame.minY)..<Int(frame.maxY) { for x in Int(frame.minX)..<Int(frame.maxX) where match(rgba(s, x, y)) { n += 1 } }
        return n
    }

    @Test func theSegmentedPickerHonoursTheAppearanceProxy() throws {
        try UISegmentedControl.$taskProxy.withValue(UISegmentedControl()) {
            let host = HeadlessHost(width: 390, height: 120) { StyledPicker() }
            expectGolden(host.snapshot(), "corpus-segmented-appearance")
            let liked = try #require(host.frame(ofText: "Liked"))
            let s = host.snapshot()
            // The chosen segment's thumb is the tint (systemRed 255,59,48), its title white.
            #expect(rgba(s, Int(liked.minX) - 5, Int(liked.midY)) == [255, 59, 48, 255])
            #expect(count(s, in: liked) { $0[0] > 240 && $0[1] > 240 && $0[2] > 240 } > 10)
            // An unchosen title is blue, not black.
            let recent = try #require(host.frame(ofText: "Recent"))
            #expect(count(s, in: recent) { $0[2] > 200 && $0[0] < 80 } > 10)
            #expect(count(s, in: recent) { $0[0] < 40 && $0[1] < 40 && $0[2] < 40 } == 0)
            // Choosing another segment moves the red thumb there.
            host.tap(x: recent.midX, y: recent.midY)
            host.advance(by: 0.4)
            #expect(host.frame(ofText: "Chose Recent") != nil)
            #expect(rgba(host.snapshot(), Int(recent.minX) - 5, Int(recent.midY)) == [255, 59, 48, 255])
            #expect(UISegmentedControl.appearance().titleTextAttributes(for: .selected)?[.foregroundColor] as? UIColor === UIColor.white)
        }
    }

    @Test func withoutTheProxyTheSegmentedPickerKeepsIOSColours() throws {
        try UISegmentedControl.$taskProxy.withValue(UISegmentedControl()) {
            let host = HeadlessHost(width: 390, height: 120) {
                Picker("Sort", selection: .constant(1)) { Text("A").tag(0); Text("B").tag(1) }.pickerStyle(.segmented).padding()
            }
            let b = try #require(host.frame(ofText: "B"))
            #expect(rgba(host.snapshot(), Int(b.minX) - 5, Int(b.midY)) == [255, 255, 255, 255])
        }
    }

    @Test func valuesInterpolatedIntoTextUseTheirFormat() {
        let date = Date(timeIntervalSince1970: 0)
        let host = HeadlessHost(width: 390, height: 300) {
            VStack {
                Text("\(72, format: .percent)")
                Text("Share \(0.25, format: .percent) done")
                Text("Due \(1234.5, format: .currency(code: "EUR"))")
                Text("Slider \(0.5)")
                Text("Count \(7)")
                Text("At \(date, style: .date)")
            }
        }
        #expect(host.frame(ofText: "72%") != nil)
        #expect(host.frame(ofText: "Share 25% done") != nil)
        #expect(host.frame(ofText: "Due €1,234.50") != nil)
        #expect(host.frame(ofText: "Slider 0.500000") != nil)   // SwiftUI's "%lf"
        #expect(host.frame(ofText: "Count 7") != nil)
        #expect(host.frame(ofText: "At " + DateText.format(date, style: .date, now: Date())) != nil)
        #expect(host.warnings.isEmpty)
    }

    struct TitleMenu: View {
        @State var filter = "All"
        var body: some View {
            NavigationStack {
                Text("Showing \(filter)")
                    .navigationTitle("Inbox")
                    .navigationBarTitleDisplayMode(.inline)
                    .toolbarTitleMenu {
                        Button("Unread") { filter = "Unread" }
                        Button("Flagged") { filter = "Flagged" }
                    }
            }
        }
    }

    @Test func theTitleMenuOpensFromTheTitleAndRunsItsButtons() throws {
        let host = HeadlessHost(width: 390, height: 400) { TitleMenu() }
        host.advance(by: 0.1)
        expectGolden(host.snapshot(), "corpus-title-menu")
        let title = try #require(host.frame(ofText: "Inbox"))
        #expect(abs(title.midY - 22) < 3)
        #expect(host.frame(ofText: "Unread") == nil)
        // The chevron is drawn to the right of the title.
        #expect(count(host.snapshot(), in: CGRect(x: title.maxX + 2, y: title.minY, width: 16, height: title.height)) { $0[0] < 200 } > 4)
        host.tap(x: title.midX, y: title.midY)
        host.advance(by: 0.5)
        expectGolden(host.snapshot(), "corpus-title-menu-open")
        let unread = try #require(host.frame(ofText: "Unread"))
        #expect(unread.minY > title.maxY)
        host.tap(x: unread.midX, y: unread.midY)
        host.advance(by: 0.5)
        #expect(host.frame(ofText: "Showing Unread") != nil)
        #expect(host.frame(ofText: "Flagged") == nil)
    }

    @Test func aTitleMenuOutsideANavigationStackChangesNothing() {
        let host = HeadlessHost(width: 200, height: 100) {
            Text("Plain").toolbarTitleMenu { Button("X") {} }
        }
        #expect(host.frame(ofText: "Plain") != nil)
        #expect(host.frame(ofText: "X") == nil)
        #expect(host.warnings.isEmpty)
    }
}

@Suite struct CorpusSymbolTests {
    /// `names` at 24 pt in two rows, the second from `split` on.
    private func symbolRows(_ names: [String], split: Int, height: Int) -> HeadlessHost {
        HeadlessHost(width: 390, height: height) {
            VStack(spacing: 12) {
                HStack(spacing: 12) { ForEach(0..<split, id: \.self) { Image(systemName: names[$0]).font(.system(size: 24)) } }
                HStack(spacing: 12) { ForEach(split..<names.count, id: \.self) { Image(systemName: names[$0]).font(.system(size: 24)) } }
            }
        }
    }

    @Test func numberedAndAddedSymbolsDrawWithoutWarnings() {
        let names = SystemSymbols.moreNames + ["1.square.fill", "2.square.fill", "3.square.fill", "4.circle",
                                               "5.circle.fill", "6.square", "7.circle", "8.square.fill", "9.circle.fill", "0.square"]
        let host = symbolRows(names, split: 7, height: 120)
        expectGolden(host.snapshot(), "corpus-symbols")
        #expect(host.warnings.isEmpty)
        // A filled numbered square is filled around a cut-out digit: dark at its edge, light inside.
        let frames = host.frames(of: Image.self)
        #expect(frames.count == names.count)
        let one = frames[3], s = host.snapshot()
        #expect(rgba(s, Int(one.minX) + 4, Int(one.midY))[0] < 60)
        let digit = (Int(one.minX) + 3..<Int(one.maxX) - 3).filter { rgba(s, $0, Int(one.midY))[0] > 200 }
        #expect(!digit.isEmpty && digit.allSatisfy { Double($0) > one.minX + 6 && Double($0) < one.maxX - 6 })
        #expect(SystemSymbols.numbered("12.circle") == nil && SystemSymbols.numbered("1.hexagon") == nil)
    }

    /// The symbols the 2026-12-07 corpus run still missed most (mic, sparkles, lock, envelope, …).
    @Test func theCorpusRunsMissingSymbolsDraw() {
        expectDrawnWithoutWarnings(SystemSymbols.corpusNames, split: 8, golden: "corpus-symbols-2")
    }

    /// The next most asked-for (chevron.forward.circle.fill, key.fill, arrow.clockwise, alarm, a
    /// settings screen's row icons).
    @Test func theCorpusRunsNextMissingSymbolsDraw() {
        expectDrawnWithoutWarnings(SystemSymbols.laterCorpusNames, split: 6, golden: "corpus-symbols-3")
    }

    /// `names` in two rows match `golden`, each drawn (no placeholder warning).
    private func expectDrawnWithoutWarnings(_ names: [String], split: Int, golden: String,
                                            sourceLocation: SourceLocation = #_sourceLocation) {
        let host = symbolRows(names, split: split, height: 90)
        expectGolden(host.snapshot(), golden, sourceLocation: sourceLocation)
        #expect(host.warnings.isEmpty, sourceLocation: sourceLocation)
        #expect(host.frames(of: Image.self).count == names.count, sourceLocation: sourceLocation)
    }
}
