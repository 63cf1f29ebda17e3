// TabView: the bottom tab bar (metrics, colours, badges), selection by tap and by binding, tags
// and iOS 18's Tab, only the selected tab built with the others' state kept, and the page style
// swiped with a spring snap and dots.
import Testing
@testable import Kiosk
@testable import KioskScenes
import Raster
import TestSupport

/// A tab with its own counter (to see that its state survives a trip to another tab) and a
/// count of how many times its body ran (to see that it is built only once selected).
private struct CounterTab: View {
    let name: String
    let builds: Box<Int>
    @State private var count = 0
    var body: some View {
        builds.value += 1
        return VStack {
            Text("\(name) \(count)")
            Button("More") { count += 1 }
        }
    }
}

private struct ThreeTabs: View {
    let selection: Box<Int>
    let builds: [Box<Int>]
    @State private var tab = 0
    var body: some View {
        TabView(selection: $tab) {
            CounterTab(name: "Home", builds: builds[0])
                .tabItem { Label("Home", systemImage: "house") }
                .tag(0)
            CounterTab(name: "Inbox", builds: builds[1])
                .tabItem { Label("Inbox", systemImage: "bell") }
                .tag(1)
                .badge(3)
            CounterTab(name: "Settings", builds: builds[2])
                .tabItem { Label("Settings", systemImage: "gearshape") }
                .tag(2)
                .badge("New")
        }
        .onChange(of: tab) { _, new in selection.value = new }
    }
}

extension HeadlessHost {
    /// Whether a Text showing `string` was drawn in the last frame (a hidden tab's stays in the
    /// graph but is not drawn).
    func isDrawn(text string: String) -> Bool {
        let serials = Set(allNodes.filter { ($0.view as? Text)?.string == string && !$0.isRemoved }.map(\.serial))
        return renderer.displayList.contains { serials.contains($0.owner) }
    }
}

private func isBlue(_ p: [UInt8]) -> Bool { p[2] > 200 && p[0] < 80 }
private func isGrey(_ p: [UInt8]) -> Bool { abs(Int(p[0]) - Int(p[2])) < 12 && p[0] > 100 && p[0] < 180 }

@Suite struct TabViewTests {
    private func makeHost(_ selection: Box<Int> = Box(0), _ builds: [Box<Int>] = [Box(0), Box(0), Box(0)]) -> HeadlessHost {
        HeadlessHost(width: 360, height: 300) { ThreeTabs(selection: selection, builds: builds) }
    }

    @Test func theBarIs49PointsWithIconsOverCaptionsAndTheSelectedTabInBlue() throws {
        let host = makeHost()
        let home = try #require(host.frame(ofText: "Home"))          // the caption (the content says "Home 0")
        let inbox = try #require(host.frame(ofText: "Inbox"))
        // Captions sit in the bottom 49 points, in three equal columns.
        #expect(home.minY > 300 - 49 && home.maxY <= 300)
        #expect(abs(home.midX - 60) < 1 && abs(inbox.midX - 180) < 1)
        let s = host.snapshot()
        // The hairline on top of the bar, the bar's near-white fill under it.
        let line = rgba(s, 300, 300 - 49), bar = rgba(s, 300, 300 - 46)
        #expect(line[0] < 200 && bar[0] > 240)
        // The selected tab's filled house is blue; the others' symbols grey.
        let iconY = 300 - 49 + 7 + 14
        #expect(isBlue(rgba(s, 60, iconY)))
        #expect(isGrey(rgba(s, 180, iconY + 2)))
        // The caption's text is 10 points.
        #expect(home.height < 15)
        #expect(host.frame(ofText: "Home 0") != nil)
        #expect(host.warnings.isEmpty)
        expectGolden(s, "tabview-bar")
    }

    @Test func badgesShowNumbersAndTextAndZeroShowsNone() throws {
        let host = HeadlessHost(width: 360, height: 200) {
            TabView {
                Color.clear.tabItem { Label("A", systemImage: "house") }.badge(0)
                Color.clear.tabItem { Label("B", systemImage: "bell") }.badge(12)
                Color.clear.tabItem { Label("C", systemImage: "star") }.badge("New")
                Color.clear.tabItem { Label("D", systemImage: "heart") }.badge(nil as String?)
            }
        }
        #expect(host.isDrawn(text: "12") && host.isDrawn(text: "New"))
        #expect(host.frame(ofText: "0") == nil)
        // A red capsule 18 tall from 6 points right of the symbol's centre, 2 points above it.
        let s = host.snapshot()
        let top = 200 - 49 + 7 - 2
        for mid in [135, 225] {
            let red = rgba(s, mid + 7, top + 9)
            #expect(red[0] > 230 && red[1] < 90)
            #expect(rgba(s, mid + 7, top - 2)[1] > 200)        // above it, the bar
        }
        #expect(rgba(s, 315 + 7, top + 9)[1] > 100)          // D's nil badge: none
        expectGolden(s, "tabview-badges")
    }

    @Test func tappingATabSelectsItWritesTheBindingAndKeepsTheOthersState() throws {
        let selection = Box(0)
        let builds = [Box(0), Box(0), Box(0)]
        let host = makeHost(selection, builds)
        // Only the selected tab is built.
        #expect(builds[0].value > 0 && builds[1].value == 0 && builds[2].value == 0)
        let more = try #require(host.frame(ofText: "More"))
        host.tap(x: more.midX, y: more.midY)
        host.tap(x: more.midX, y: more.midY)
        host.advance(by: 0.3)
        #expect(host.frame(ofText: "Home 2") != nil)

        let inbox = try #require(host.frame(ofText: "Inbox"))
        host.tap(x: inbox.midX, y: inbox.midY - 15)                     // on its symbol
        host.advance(by: 0.3)
        #expect(selection.value == 1)
        #expect(host.isDrawn(text: "Inbox 0"))
        #expect(!host.isDrawn(text: "Home 2"))                           // kept, not drawn
        #expect(host.frame(ofText: "Home 2") != nil)
        #expect(builds[1].value > 0 && builds[2].value == 0)
        #expect(isBlue(rgba(host.snapshot(), 180, 300 - 49 + 21)))       // the bell is now blue

        let home = try #require(host.frame(ofText: "Home"))
        host.tap(x: home.midX, y: home.midY)
        host.advance(by: 0.3)
        #expect(selection.value == 0)
        #expect(host.isDrawn(text: "Home 2"))                            // its @State lived on
        #expect(!host.isDrawn(text: "Inbox 0"))
        #expect(host.warnings.isEmpty)
    }

    @Test func theBindingSelectsTheTaggedTabAndIOS18TabsWork() throws {
        struct Tabs: View {
            let value: Box<String>
            @State private var tab = "search"
            var body: some View {
                VStack(spacing: 0) {
                    Button("Elsewhere") { tab = "elsewhere" }
                    TabView(selection: $tab) {
                        Tab("Home", systemImage: "house", value: "home") { Text("home page") }
                        Tab("Search", systemImage: "magnifyingglass", value: "search") { Text("search page") }.badge(2)
                    }
                }
                .onChange(of: tab) { _, new in value.value = new }
            }
        }
        let value = Box("search")
        let host = HeadlessHost(width: 300, height: 240) { Tabs(value: value) }
        #expect(host.isDrawn(text: "search page"))
        #expect(host.isDrawn(text: "2"))
        let home = try #require(host.frame(ofText: "Home"))
        host.tap(x: home.midX, y: home.midY)
        host.advance(by: 0.2)
        #expect(value.value == "home")
        #expect(host.isDrawn(text: "home page") && !host.isDrawn(text: "search page"))
        // A value no tab carries shows the first tab and leaves the binding alone.
        let elsewhere = try #require(host.frame(ofText: "Elsewhere"))
        host.tap(x: elsewhere.midX, y: elsewhere.midY)
        host.advance(by: 0.2)
        #expect(value.value == "elsewhere")
        #expect(host.isDrawn(text: "home page"))
    }

    @Test func olderTabItemsAndForEachTabsAndAnEmptyTabView() throws {
        let host = HeadlessHost(width: 300, height: 200) {
            TabView {
                ForEach(["One", "Two"], id: \.self) { name in
                    Text("page \(name)").tabItem { Image(systemName: "star"); Text(name) }
                }
            }
        }
        let two = try #require(host.frame(ofText: "Two"))
        host.tap(x: two.midX, y: two.midY)
        host.advance(by: 0.2)
        #expect(host.frame(ofText: "page Two") != nil)
        #expect(host.warnings.isEmpty)

        let empty = HeadlessHost(width: 200, height: 120) { TabView { EmptyView() } }
        empty.tap(x: 100, y: 100)
        empty.advance(by: 0.1)
        #expect(empty.warnings.isEmpty)
    }
}

/// Three coloured pages in a page-style TabView bound to `page`.
private struct Pager: View {
    let page: Box<Int>
    @State private var selection = 0
    var body: some View {
        TabView(selection: $selection) {
            Kiosk.Color.red.tag(0)
            Kiosk.Color.green.tag(1)
            Kiosk.Color.blue.tag(2)
        }
        .tabViewStyle(.page)
        .onChange(of: selection) { _, new in page.value = new }
    }
}

@Suite struct PageTabViewTests {
    private func colour(_ host: HeadlessHost, _ x: Int, _ y: Int = 60) -> [UInt8] { rgba(host.snapshot(), x, y) }

    @Test func aSwipeTurnsThePageAndItSnaps() {
        let page = Box(0)
        let host = HeadlessHost(width: 300, height: 200) { Pager(page: page) }
        #expect(colour(host, 150) == [255, 59, 48, 255])
        // A slow drag more than half a page: the next page, snapped exactly into place.
        host.drag(from: CGPoint(x: 250, y: 100), to: CGPoint(x: 60, y: 100), duration: 1.0)
        host.advance(by: 0.05)
        #expect(page.value == 1)
        let moving = colour(host, 40)
        host.advance(by: 1.0)
        #expect(colour(host, 1) == [0x34, 0xC7, 0x59, 255])
        #expect(colour(host, 298) == [0x34, 0xC7, 0x59, 255])
        #expect(moving != [0x34, 0xC7, 0x59, 255])                       // it was still settling
        expectGolden(host.snapshot(), "tabview-page")

        // A short slow drag springs back; a flick turns the page.
        host.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 150, y: 100), duration: 1.0)
        host.advance(by: 1.0)
        #expect(page.value == 1 && colour(host, 1) == [0x34, 0xC7, 0x59, 255])
        host.drag(from: CGPoint(x: 200, y: 100), to: CGPoint(x: 140, y: 100), duration: 0.05)
        host.advance(by: 1.0)
        #expect(page.value == 2 && colour(host, 150) == [0, 122, 255, 255])
        // Past the last page: a rubber band, then back.
        host.drag(from: CGPoint(x: 250, y: 100), to: CGPoint(x: 20, y: 100), duration: 0.05)
        host.advance(by: 1.0)
        #expect(page.value == 2 && colour(host, 298) == [0, 122, 255, 255])
        #expect(host.warnings.isEmpty)
    }

    @Test func theReleaseRuleAndTheRubberBand() {
        #expect(_PageTabView.target(page: 0, count: 3, width: 300, offset: -160, velocity: 0) == 1)
        #expect(_PageTabView.target(page: 0, count: 3, width: 300, offset: -100, velocity: 0) == 0)
        #expect(_PageTabView.target(page: 1, count: 3, width: 300, offset: -20, velocity: -800) == 2)
        #expect(_PageTabView.target(page: 1, count: 3, width: 300, offset: 20, velocity: 800) == 0)
        #expect(_PageTabView.target(page: 2, count: 3, width: 300, offset: -290, velocity: -800) == 2)
        #expect(_PageTabView.target(page: 0, count: 0, width: 300, offset: .nan, velocity: .nan) == 0)
        #expect(_PageTabView.follow(-100, page: 1, count: 3, width: 300) == -100)
        let band = _PageTabView.follow(100, page: 0, count: 3, width: 300)
        #expect(band > 0 && band < 100)
        #expect(_PageTabView.follow(.infinity, page: 0, count: 3, width: 300) == 0)
    }

    @Test func dotsShowTheCurrentPage() throws {
        let page = Box(0)
        let host = HeadlessHost(width: 300, height: 200) {
            Pager(page: page).indexViewStyle(.page(backgroundDisplayMode: .always))
        }
        let s = host.snapshot()
        // Three 8-point dots 16 apart around x = 150, centred 22 points above the bottom.
        let y = 200 - 22
        #expect(rgba(s, 134, y) == [255, 255, 255, 255])      // the current (first) dot: white
        let other = rgba(s, 150, y)
        #expect(other[0] > 200 && other[1] < 200)            // the others: translucent white on red
        expectGolden(s, "tabview-page-dots")
    }
}

@Suite struct TabsSceneTests {
    @Test func theOnboardingPagerSwipesAndGetStartedOpensTheOrderTab() throws {
        let host = HeadlessHost(width: 800, height: 480) { TabsShowcase() }
        #expect(host.frame(ofText: "Welcome", 0) != nil)
        for _ in 0..<2 {
            host.drag(from: CGPoint(x: 700, y: 200), to: CGPoint(x: 200, y: 200), duration: 0.5)
            host.advance(by: 1.0)
        }
        let ready = try #require(host.frame(ofText: "Ready alerts"))
        #expect(abs(ready.midX - 400) < 2)                  // snapped: centred on the screen
        expectGolden(host.snapshot(), "tabs-scene-pager")
        let start = try #require(host.frame(ofText: "Get started"))
        host.tap(x: start.midX, y: start.midY)
        host.advance(by: 0.5)
        let add = try #require(host.frame(ofText: "Add a cup"))
        host.tap(x: add.midX, y: add.midY)
        host.advance(by: 0.3)
        #expect(host.frame(ofText: "1 cup") != nil)
        #expect(host.frame(ofText: "1") != nil)              // the Order tab's badge
        #expect(host.warnings.isEmpty)
        expectGolden(host.snapshot(), "tabs-scene-order")
    }
}
