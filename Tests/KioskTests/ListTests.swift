// List and Section: flattening into rows, the inset-grouped and plain looks, row traits,
// laziness over long data, textCase.
import Testing
@testable import Kiosk
import Raster
import TestSupport

@Suite struct ListTests {
    struct Drink: Identifiable { let id: Int; let name: String }

    struct Menu: View {
        let drinks = [Drink(id: 1, name: "Espresso"), Drink(id: 2, name: "Latte"), Drink(id: 3, name: "Mocha")]
        var body: some View {
            List {
                Section("Drinks") {
                    ForEach(drinks) { d in
                        HStack { Text(d.name); Spacer(); Text("€\(d.id + 1)") }
                    }
                }
                Section {
                    Text("Open 7–19")
                } footer: {
                    Text("Card payments only")
                }
            }
        }
    }

    @Test func rowsStackInSectionsWithTheInsetGroupedMetrics() throws {
        let host = HeadlessHost(width: 320, height: 480) { Menu() }
        let espresso = try #require(host.frame(ofText: "Espresso"))
        let latte = try #require(host.frame(ofText: "Latte"))
        let mocha = try #require(host.frame(ofText: "Mocha"))
        let header = try #require(host.frame(ofText: "Drinks"))
        let open = try #require(host.frame(ofText: "Open 7–19"))
        let footer = try #require(host.frame(ofText: "Card payments only"))
        // Rows are 44 points apart, their text 16 (card) + 16 (row inset) from the left.
        #expect(abs(latte.minY - espresso.minY - 44) < 0.5 && abs(mocha.minY - latte.minY - 44) < 0.5)
        #expect(espresso.minX == 32 && header.minX == 32)
        #expect(header.maxY < espresso.minY)
        // The second section starts 35 points below the first card, then its footer.
        #expect(open.minY > mocha.maxY + 35)
        #expect(footer.minY > open.maxY)
        // The card is white on the grouped grey; the grey shows at the sides.
        let s = host.snapshot()
        #expect(rgba(s, 8, Int(espresso.midY)) == [0xF2, 0xF2, 0xF7, 255])
        #expect(rgba(s, 24, Int(espresso.midY)) == [255, 255, 255, 255])
    }

    @Test func headersAreShownInUppercase() {
        let host = HeadlessHost(width: 320, height: 200, text: FixedAdvanceText()) {
            List { Section("drinks") { Text("a") } }
        }
        let node = host.allNodes.first { ($0.view as? Text)?.string == "drinks" }
        #expect(node.map { ($0.view as! Text).resolved($0.environment).string } == "DRINKS")
    }

    @Test func looseRowsFormOneSectionAndPlainRowsSpanTheWidth() throws {
        let host = HeadlessHost(width: 320, height: 300) {
            List { Text("one"); Text("two"); if true { Text("three") } }.listStyle(.plain)
        }
        let one = try #require(host.frame(ofText: "one")), two = try #require(host.frame(ofText: "two"))
        let three = try #require(host.frame(ofText: "three"))
        #expect(one.minX == 16 && abs(two.minY - one.minY - 44) < 0.5 && abs(three.minY - two.minY - 44) < 0.5)
        let s = host.snapshot()
        #expect(rgba(s, 2, Int(one.midY)) == [255, 255, 255, 255])
        // A hairline separator between rows, from the content's leading edge.
        let between = Int(one.midY + 21)
        #expect(rgba(s, 40, between) != [255, 255, 255, 255])
        #expect(rgba(s, 4, between) == [255, 255, 255, 255])
    }

    @Test func rowTraitsChangeBackgroundSeparatorAndInsets() throws {
        let host = HeadlessHost(width: 320, height: 300) {
            List {
                Text("red").listRowBackground(Color.red).listRowSeparator(.hidden)
                Text("inset").listRowInsets(EdgeInsets(top: 0, leading: 60, bottom: 0, trailing: 0))
                Text("last")
            }
            .listStyle(.plain)
        }
        let red = try #require(host.frame(ofText: "red")), inset = try #require(host.frame(ofText: "inset"))
        let s = host.snapshot()
        #expect(rgba(s, 300, Int(red.midY)) == [255, 59, 48, 255])     // iOS's red
        #expect(inset.minX == 60)
        // No separator under the red row: its bottom line is still red.
        #expect(rgba(s, 200, Int(red.midY + 21)) == [255, 59, 48, 255])
    }

    @Test func aLongListBuildsOnlyTheRowsOnScreen() {
        let host = HeadlessHost(width: 320, height: 480) {
            List(0..<10_000, id: \.self) { i in Text("Row \(i)") }
        }
        #expect(host.frame(ofText: "Row 0") != nil)
        let texts = host.allNodes.filter { $0.view is Text }.count
        #expect(texts > 5 && texts < 40)
        #expect(host.frame(ofText: "Row 500") == nil)
    }

    @Test func outsideAListASectionIsItsParts() throws {
        let host = HeadlessHost(width: 200, height: 200) {
            VStack(spacing: 0) { Section { Text("b") } header: { Text("a") } footer: { Text("c") } }
        }
        let a = try #require(host.frame(ofText: "a")), b = try #require(host.frame(ofText: "b"))
        let c = try #require(host.frame(ofText: "c"))
        #expect(a.maxY <= b.minY && b.maxY <= c.minY)
    }

    @Test func rowStateSurvivesReordering() {
        final class Model { var order = [1, 2, 3] }
        struct Counter: View {
            let id: Int
            @State private var taps = 0
            var body: some View { Text("c\(id)-\(taps)").onTapGesture { taps += 1 } }
        }
        struct Host: View {
            @State var order = [1, 2, 3]
            var body: some View {
                List {
                    ForEach(order, id: \.self) { Counter(id: $0) }
                    Button("flip") { order.reverse() }
                }
            }
        }
        let host = HeadlessHost(width: 320, height: 400) { Host() }
        let c1 = host.frame(ofText: "c1-0")!
        host.tap(x: Double(c1.midX), y: Double(c1.midY)); host.advance(by: 0.1)
        #expect(host.frame(ofText: "c1-1") != nil)
        let flip = host.frame(ofText: "flip")!
        host.tap(x: Double(flip.midX), y: Double(flip.midY)); host.advance(by: 0.1)
        let moved = host.frame(ofText: "c1-1")
        #expect(moved != nil && moved!.minY > c1.minY)          // c1 kept its count and moved down
    }

    @Test func goldenListStyles() {
        let host = HeadlessHost(width: 640, height: 300) {
            HStack(spacing: 0) {
                Menu().frame(width: 320)
                List {
                    Section("Hot") { Text("Tea"); Text("Cocoa") }
                    Section("Cold") { Text("Juice") }
                }
                .listStyle(.plain).frame(width: 320)
            }
        }
        expectGolden(host.snapshot(), "list-styles", tolerance: 2, maxDiffering: 60)
    }
}

@Suite struct UnevenRoundedRectangleTests {
    @Test func cornersTakeTheirOwnRadii() {
        let host = HeadlessHost(width: 100, height: 100) {
            UnevenRoundedRectangle(topLeadingRadius: 40, bottomTrailingRadius: 1e9).fill(Color.black)
        }
        let s = host.snapshot()
        #expect(rgba(s, 2, 2)[0] == 255)            // top leading cut away (the white background)
        #expect(rgba(s, 97, 2)[0] == 0)             // top trailing square
        #expect(rgba(s, 90, 90)[0] == 255)          // bottom trailing: radius clamped to 50
        #expect(rgba(s, 10, 90)[0] == 0)            // bottom leading square
        #expect(rgba(s, 50, 50)[0] == 0)
        let nan = UnevenRoundedRectangle(topLeadingRadius: .nan).path(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(nan.boundingRect == CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}
