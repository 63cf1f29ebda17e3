// The SwiftUI the corpus (scripts/corpus, docs/corpus-manifest.md) still lacked in December:
// EllipticalGradient, `.tint(Gradient)` on a Gauge, `.redacted`, `.toolbarBackground`,
// UINavigationBarAppearance, `UIApplication.shared.windows`, `.glassEffect`,
// NotificationCenter's publisher, `.alignmentGuide`, and EditButton with `onDelete`/`onMove`.
// Each is driven as the public programs drive it: drawn, tapped, its effect read back.
@testable import Kiosk
import SwiftUI
import Raster
import Testing
import TestSupport

@Suite struct CorpusGapTests {
    func close(_ a: [UInt8], _ b: [UInt8], _ tolerance: Int = 6) -> Bool {
        zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    // MARK: EllipticalGradient

    @Test func ellipticalGradientStretchesItsRingsToTheRectangle() {
        let host = HeadlessHost(width: 200, height: 100) {
            EllipticalGradient(colors: [.white, .black]).frame(width: 200, height: 100)
        }
        let s = host.snapshot()
        expectGolden(s, "corpus-elliptical-gradient")
        // Radii 100 (x) and 50 (y): 0.8 of the way out is 80 points sideways and 40 down.
        let side = rgba(s, 180, 50), below = rgba(s, 100, 90)
        #expect(close(side, below, 8), "\(side) vs \(below)")
        #expect(rgba(s, 100, 50)[0] > 240)          // the centre is the first colour
        #expect(rgba(s, 199, 50)[0] < 20)           // the rim the last
        // A circular gradient of radius 100 would be only 0.4 of the way at (100, 90).
        #expect(below[0] < 80)
    }

    @Test func ellipticalGradientFillsTextAsAStyle() {
        let host = HeadlessHost(width: 240, height: 80) {
            Text("Thinking").font(.system(size: 40, weight: .bold))
                .foregroundStyle(EllipticalGradient(colors: [.blue, .indigo], center: .center, startRadiusFraction: 0, endRadiusFraction: 0.5))
        }
        let s = host.snapshot()
        var bluish = 0
        for y in 0..<80 { for x in 0..<240 { let p = rgba(s, x, y); if p[2] > 150 && p[0] < 120 { bluish += 1 } } }
        #expect(bluish > 200)
        #expect(host.warnings.isEmpty)
    }

    // MARK: Gauge tinted with a gradient

    @Test func aGradientTintRunsAlongTheCircularGaugesArc() {
        let host = HeadlessHost(width: 100, height: 100) {
            Gauge(value: 23, in: 17...29) { Text("℃") } currentValueLabel: { Text("23") }
                .gaugeStyle(.accessoryCircular)
                .tint(Gradient(colors: [.green, .yellow, .orange]))
        }
        let s = host.snapshot()
        expectGolden(s, "corpus-gauge-gradient-tint")
        // The 58-point gauge is centred: its arc starts bottom-left (green) and ends bottom-right (orange).
        let c = 50.0, r = 26.0
        func at(_ degrees: Double) -> [UInt8] {
            let a = degrees * .pi / 180
            return rgba(s, Int(c + cos(a) * r), Int(c + sin(a) * r))
        }
        let start = at(140), end = at(400)
        #expect(start[1] > 150 && start[0] < 120, "start \(start)")       // green
        #expect(end[0] > 200 && end[1] > 100 && end[1] < 200 && end[2] < 80, "end \(end)")   // orange
    }

    @Test func aGradientTintFillsTheLinearGaugeLeadingToTrailing() {
        let host = HeadlessHost(width: 300, height: 60) {
            Gauge(value: 1.0) { Text("Full") }.gaugeStyle(.linearCapacity)
                .tint(Gradient(colors: [.blue, .red])).padding(10)
        }
        let s = host.snapshot()
        let bars = (0..<60).filter { y in let p = rgba(s, 20, y); return p[2] > 150 && p[0] < 100 }
        let y = try! #require(bars.first.map { $0 + 1 })
        #expect(rgba(s, 20, y)[2] > 150)            // blue at the leading end
        #expect(rgba(s, 280, y)[0] > 150)           // red at the trailing end
    }

    // MARK: redacted

    @Test func placeholderRedactionDrawsTextAsBars() throws {
        let host = HeadlessHost(width: 240, height: 60) {
            VStack(spacing: 8) {
                Text("You cannot read me").redacted(reason: .placeholder)
                Text("But this you can")
            }
        }
        let s = host.snapshot()
        expectGolden(s, "corpus-redacted")
        let hidden = try #require(host.frame(ofText: "You cannot read me"))
        // No dark glyph pixels; the bar's middle row is one even grey (black at 20 %: 204).
        var dark = 0
        for y in Int(hidden.minY)..<Int(hidden.maxY) { for x in Int(hidden.minX)..<Int(hidden.maxX) where rgba(s, x, y)[0] < 150 { dark += 1 } }
        #expect(dark == 0)
        let mid = Int(hidden.midY)
        for x in stride(from: Int(hidden.minX) + 6, to: Int(hidden.maxX) - 6, by: 9) {
            #expect(close(rgba(s, x, mid), [204, 204, 204, 255], 3), "\(x): \(rgba(s, x, mid))")
        }
        let shown = try #require(host.frame(ofText: "But this you can"))
        var glyphs = 0
        for y in Int(shown.minY)..<Int(shown.maxY) { for x in Int(shown.minX)..<Int(shown.maxX) where rgba(s, x, y)[0] < 100 { glyphs += 1 } }
        #expect(glyphs > 50)
        // The environment says why.
        #expect(RedactionReasons.placeholder.isSubset(of: [.placeholder, .privacy]))
    }

    // MARK: toolbarBackground

    struct BarPage: View {
        let visibility: Visibility
        var body: some View {
            NavigationStack {
                Text("Body").frame(maxWidth: .infinity, maxHeight: .infinity)
                    .navigationTitle("Home").navigationBarTitleDisplayMode(.inline)
                    .toolbarBackground(Color.red, for: .navigationBar)
                    .toolbarBackground(visibility, for: .navigationBar)
            }
        }
    }

    @Test func toolbarBackgroundVisibleFillsTheBarWithTheStyle() {
        let host = HeadlessHost(width: 300, height: 200) { BarPage(visibility: .visible) }
        let s = host.snapshot()
        expectGolden(s, "corpus-toolbar-background")
        #expect(rgba(s, 10, 10) == [255, 59, 48, 255])     // systemRed behind the bar
        #expect(rgba(s, 10, 120) == [255, 255, 255, 255])  // the page below stays white
    }

    @Test func toolbarBackgroundAutomaticWaitsForTheScrollAndHiddenNeverShows() {
        let auto = HeadlessHost(width: 300, height: 200) { BarPage(visibility: .automatic) }
        #expect(rgba(auto.snapshot(), 10, 10) == [255, 255, 255, 255])   // at the scroll edge: no fill
        let hidden = HeadlessHost(width: 300, height: 200) { BarPage(visibility: .hidden) }
        let s = hidden.snapshot()
        #expect(rgba(s, 10, 10) == [255, 255, 255, 255])
        #expect(rgba(s, 10, 43) == [255, 255, 255, 255])                  // no hairline either
    }

    /// `.toolbar(.hidden, for: .navigationBar)` (a public hotel app's detail pages): no bar, the
    /// content takes its place; `.tabBar` alone leaves the navigation bar.
    @Test func toolbarHiddenForTheNavigationBarHidesIt() {
        struct Page: View {
            let bars: [ToolbarPlacement]
            var body: some View {
                NavigationStack {
                    Color.red.frame(maxWidth: .infinity, maxHeight: .infinity)
                        .navigationTitle("Home").navigationBarTitleDisplayMode(.inline)
                        .toolbarBackground(Color.blue, for: .navigationBar)
                        .toolbarBackground(.visible, for: .navigationBar)
                        .toolbar(.hidden, for: bars[0])
                }
            }
        }
        let hidden = HeadlessHost(width: 300, height: 200) { Page(bars: [.navigationBar]) }
        #expect(rgba(hidden.snapshot(), 10, 10) == [255, 59, 48, 255])    // the page's red where the bar was
        let tab = HeadlessHost(width: 300, height: 200) { Page(bars: [.tabBar]) }
        #expect(rgba(tab.snapshot(), 10, 10) == [0, 122, 255, 255])       // the bar's blue stays
        let v18 = HeadlessHost(width: 300, height: 200) {
            NavigationStack { Color.red.navigationTitle("Home").toolbarVisibility(.hidden, for: .navigationBar) }
        }
        #expect(rgba(v18.snapshot(), 10, 10) == [255, 59, 48, 255])
    }

    /// iOS 15+'s scroll-edge bar has no background: a page whose content ignores the top safe
    /// area shows under the bar (a public hotel app's photo), until the content scrolls under it.
    @Test func contentUnderTheBarShowsThroughAtTheScrollEdge() {
        let host = HeadlessHost(width: 300, height: 200) {
            NavigationStack {
                Color.red.ignoresSafeArea().navigationTitle("Home").navigationBarTitleDisplayMode(.inline)
            }
        }
        let s = host.snapshot()
        #expect(rgba(s, 10, 10) == [255, 59, 48, 255])
        #expect(rgba(s, 10, 43) == [255, 59, 48, 255])     // no hairline at the edge either
        // Without content under it the page's own background shows, as before.
        let plain = HeadlessHost(width: 300, height: 200) {
            NavigationStack { Text("Body").navigationTitle("Home").navigationBarTitleDisplayMode(.inline) }
        }
        #expect(rgba(plain.snapshot(), 10, 10) == [255, 255, 255, 255])
    }

    // MARK: UINavigationBarAppearance

    struct AppearancePage: View {
        init() {
            let appearance = UINavigationBarAppearance()
            appearance.backgroundColor = UIColor(red: 73 / 255, green: 119 / 255, blue: 172 / 255, alpha: 1)
            appearance.titleTextAttributes = [.foregroundColor: UIColor.white]
            UINavigationBar.appearance().scrollEdgeAppearance = appearance
            UINavigationBar.appearance().tintColor = UIColor.white
        }
        var body: some View {
            NavigationStack {
                Color.clear.navigationTitle("Title").navigationBarTitleDisplayMode(.inline)
                    .toolbar { ToolbarItem(placement: .topBarTrailing) { Button("Add") {} } }
            }
        }
    }

    @Test func theNavigationBarAppearanceProxyColoursTheBar() throws {
        try UINavigationBar.$taskProxy.withValue(UINavigationBar()) {
            let host = HeadlessHost(width: 300, height: 120) { AppearancePage() }
            let s = host.snapshot()
            expectGolden(s, "corpus-navigation-bar-appearance")
            #expect(rgba(s, 5, 5) == [73, 119, 172, 255])
            let title = try #require(host.frame(ofText: "Title"))
            var white = 0
            for y in Int(title.minY)..<Int(title.maxY) { for x in Int(title.minX)..<Int(title.maxX) where rgba(s, x, y)[2] > 240 && rgba(s, x, y)[0] > 240 { white += 1 } }
            #expect(white > 10)
            let add = try #require(host.frame(ofText: "Add"))
            var whiteAdd = 0
            for y in Int(add.minY)..<Int(add.maxY) { for x in Int(add.minX)..<Int(add.maxX) where rgba(s, x, y)[0] > 240 { whiteAdd += 1 } }
            #expect(whiteAdd > 10)
        }
        // Without the proxy's settings the bar keeps iOS's look.
        try UINavigationBar.$taskProxy.withValue(UINavigationBar()) {
            let host = HeadlessHost(width: 300, height: 120) {
                NavigationStack { Color.clear.navigationTitle("Title").navigationBarTitleDisplayMode(.inline) }
            }
            #expect(rgba(host.snapshot(), 5, 5) == [255, 255, 255, 255])
            _ = try #require(host.frame(ofText: "Title"))
        }
    }

    // MARK: UIApplication.shared.windows

    struct DarkSwitch: View {
        @State var dark = false
        var body: some View {
            VStack {
                Text(verbatim: "pad \(UIApplication.shared.windows.first?.safeAreaInsets.top ?? -1)")
                Button("Flip") {
                    dark.toggle()
                    UIApplication.shared.windows.first?.rootViewController?.view.overrideUserInterfaceStyle = dark ? .dark : .light
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(Color(.systemBackground))
        }
    }

    @Test func theWindowIsThePanelWithNoSafeAreaAndItsStyleIsTheScreens() throws {
        let host = HeadlessHost(width: 200, height: 200) { DarkSwitch() }
        #expect(host.frame(ofText: "pad 0.0") != nil)
        #expect(rgba(host.snapshot(), 5, 5) == [255, 255, 255, 255])
        let flip = try #require(host.frame(ofText: "Flip"))
        host.tap(x: flip.midX, y: flip.midY)
        host.advance(by: 0.1)
        #expect(host.colorScheme == .dark)
        #expect(rgba(host.snapshot(), 5, 5) == [0, 0, 0, 255])
        host.tap(x: flip.midX, y: flip.midY)
        host.advance(by: 0.1)
        #expect(host.colorScheme == .light)
        #expect(UIApplication.shared.windows.count == 1)
    }

    // MARK: glassEffect

    @Test func glassEffectDrawsATranslucentCapsuleWithARim() {
        let host = HeadlessHost(width: 200, height: 100) {
            ZStack {
                Color.blue
                Text("Glass").padding().glassEffect()
            }
        }
        let s = host.snapshot()
        expectGolden(s, "corpus-glass-effect")
        let inside = rgba(s, 100, 36), outside = rgba(s, 10, 10)
        #expect(outside == [0, 122, 255, 255])
        // The light glass over blue: lighter than blue, still bluish.
        #expect(inside[0] > 100 && inside[2] > 230, "\(inside)")
        let plain = HeadlessHost(width: 200, height: 100) {
            ZStack { Color.blue; Text("Glass").padding().glassEffect(.identity) }
        }
        #expect(rgba(plain.snapshot(), 100, 36) == [0, 122, 255, 255])
    }

    // MARK: NotificationCenter.publisher

    struct Listener: View {
        @State var got = 0
        var body: some View {
            VStack {
                Text("got \(got)")
                Button("Post") { NotificationCenter.default.post(name: Notification.Name("CorpusGapSuccess"), object: nil) }
            }
            .onReceive(NotificationCenter.default.publisher(for: Notification.Name("CorpusGapSuccess"))) { _ in got += 1 }
        }
    }

    @Test func onReceiveHearsNotificationCenterPosts() throws {
        let host = HeadlessHost(width: 200, height: 100) { Listener() }
        #expect(host.frame(ofText: "got 0") != nil)
        let post = try #require(host.frame(ofText: "Post"))
        host.tap(x: post.midX, y: post.midY)
        host.advance(by: 0.1)
        #expect(host.frame(ofText: "got 1") != nil)
        // A subscription lasts while it is kept: a released one hears nothing more.
        var count = 0
        var c: AnyCancellable? = NotificationCenter.default.publisher(for: Notification.Name("CorpusGapOther")).sink { _ in count += 1 }
        NotificationCenter.default.post(name: Notification.Name("CorpusGapOther"), object: nil)
        c = nil
        NotificationCenter.default.post(name: Notification.Name("CorpusGapOther"), object: nil)
        #expect(count == 1 && c == nil)
    }

    // MARK: alignmentGuide

    @Test func anExplicitGuideMovesAChildInAVStack() {
        let host = HeadlessHost(width: 300, height: 200) {
            VStack(alignment: .leading, spacing: 0) {
                Color.red.frame(width: 100, height: 20)
                Color.green.frame(width: 50, height: 20).alignmentGuide(.leading) { _ in -20 }
                Color.blue.frame(width: 60, height: 20).alignmentGuide(.leading) { d in d[.trailing] }
            }
        }
        let f = host.frames(of: Kiosk.Color.self)
        #expect(f.count == 3)
        // The line is at the largest guide (60, the blue's trailing): red at 60, green at 80, blue at 0.
        #expect(f[1].minX - f[0].minX == 20)
        #expect(f[0].minX - f[2].minX == 60)
        // The stack is as wide as its extent around the line: 60 + max(100, 70, 0) = 160.
        #expect(f[0].maxX - f[2].minX == 160)
        expectGolden(host.snapshot(), "corpus-alignment-guide")
    }

    @Test func anExplicitBaselineGuideLinesACursorUpWithText() throws {
        // The typing animation's cursor: a 62-point bar whose baseline is 18 below its centre.
        let host = HeadlessHost(width: 400, height: 120) {
            HStack(alignment: .firstTextBaseline, spacing: 0) {
                Text("Open")
                Color.cyan.frame(width: 5, height: 62).alignmentGuide(.firstTextBaseline) { d in d[VerticalAlignment.center] + 18 }
                Text("code")
            }
            .font(.system(size: 64, weight: .bold))
        }
        let text = try #require(host.frame(ofText: "Open"))
        let bar = try #require(host.frames(of: Kiosk.Color.self).first)
        // The text's baseline (≈ 0.8 of its height for this font) sits at the bar's top + 31 + 18.
        let baseline = bar.minY + 49
        #expect(baseline > text.minY + text.height * 0.6 && baseline < text.maxY, "\(bar) \(text)")
        // A ZStack lines its children up the same way.
        let z = HeadlessHost(width: 200, height: 200) {
            ZStack(alignment: .topLeading) {
                Color.red.frame(width: 40, height: 40)
                Color.blue.frame(width: 20, height: 20).alignmentGuide(.top) { _ in -10 }.alignmentGuide(.leading) { _ in -30 }
            }
        }
        let zf = z.frames(of: Kiosk.Color.self)
        #expect(zf[1].minX - zf[0].minX == 30 && zf[1].minY - zf[0].minY == 10)
    }

    // MARK: EditButton, onDelete, onMove

    struct Expenses: View {
        @State var items = ["Rent", "Food", "Fuel"]
        var body: some View {
            NavigationStack {
                List {
                    ForEach(items, id: \.self) { Text($0) }
                        .onDelete { items.remove(atOffsets: $0) }
                        .onMove { items.move(fromOffsets: $0, toOffset: $1) }
                }
                .navigationTitle("iExpense").navigationBarTitleDisplayMode(.inline)
                .navigationBarItems(leading: EditButton())
            }
        }
    }

    @Test func editModeDeletesARowWithTheMinusDiscThenDelete() throws {
        let host = HeadlessHost(width: 390, height: 400) { Expenses() }
        let before = try #require(host.frame(ofText: "Food"))
        let edit = try #require(host.frame(ofText: "Edit"))
        host.tap(x: edit.midX, y: edit.midY)
        host.advance(by: 0.5)
        #expect(host.frame(ofText: "Done") != nil)
        let food = try #require(host.frame(ofText: "Food"))
        #expect(food.minX == before.minX + 38)                 // moved right for the disc
        expectGolden(host.snapshot(), "corpus-list-edit-mode")
        host.tap(x: before.minX + 10, y: food.midY)            // the minus disc
        host.advance(by: 0.5)
        let delete = try #require(host.frame(ofText: "Delete"))
        host.tap(x: delete.midX, y: delete.midY)
        host.advance(by: 0.5)
        #expect(host.frame(ofText: "Food") == nil)
        #expect(host.frame(ofText: "Rent") != nil && host.frame(ofText: "Fuel") != nil)
        // Done leaves edit mode: the rows move back.
        let done = try #require(host.frame(ofText: "Done"))
        host.tap(x: done.midX, y: done.midY)
        host.advance(by: 0.5)
        #expect(try #require(host.frame(ofText: "Rent")).minX == before.minX)
    }

    @Test func aLeftSwipeRevealsDeleteOutsideEditMode() throws {
        let host = HeadlessHost(width: 390, height: 400) { Expenses() }
        let rent = try #require(host.frame(ofText: "Rent"))
        host.drag(from: CGPoint(x: 300, y: rent.midY), to: CGPoint(x: 150, y: rent.midY))
        host.advance(by: 0.5)
        let delete = try #require(host.frame(ofText: "Delete"))
        host.tap(x: delete.midX, y: delete.midY)
        host.advance(by: 0.5)
        #expect(host.frame(ofText: "Rent") == nil)
    }

    @Test func theGripMovesARowDownByTheRowsDragged() throws {
        let host = HeadlessHost(width: 390, height: 400) { Expenses() }
        let edit = try #require(host.frame(ofText: "Edit"))
        host.tap(x: edit.midX, y: edit.midY)
        host.advance(by: 0.5)
        let rent = try #require(host.frame(ofText: "Rent"))
        // The grip is at the row's trailing edge (inside the 16-point card margin and row inset).
        host.drag(from: CGPoint(x: 390 - 16 - 16 - 22, y: rent.midY), to: CGPoint(x: 390 - 54, y: rent.midY + 88), duration: 0.4)
        host.advance(by: 0.5)
        let order = ["Rent", "Food", "Fuel"].compactMap { name in host.frame(ofText: name).map { (name, $0.minY) } }
            .sorted { $0.1 < $1.1 }.map(\.0)
        #expect(order == ["Food", "Fuel", "Rent"])
    }

    // MARK: .border

    @Test func aBorderIsStrokedInsideTheEdgeOverTheContentAndTakesNoSpace() {
        let host = HeadlessHost(width: 100, height: 60) {
            ZStack {
                Color.black
                Color.white.frame(width: 40, height: 20).border(Color(red: 1, green: 0, blue: 0), width: 3)
            }
        }
        let s = host.snapshot()
        // The white box is at (30, 20)–(70, 40): a 3-point red band just inside its edges.
        for (x, y) in [(30, 30), (32, 30), (69, 30), (67, 30), (50, 20), (50, 22), (50, 39), (50, 37)] {
            #expect(rgba(s, x, y) == [255, 0, 0, 255], "(\(x), \(y)): \(rgba(s, x, y))")
        }
        #expect(rgba(s, 50, 30) == [255, 255, 255, 255])   // inside: the content
        #expect(rgba(s, 33, 30) == [255, 255, 255, 255])
        #expect(rgba(s, 29, 30) == [0, 0, 0, 255])         // outside: no space taken
        #expect(rgba(s, 50, 19) == [0, 0, 0, 255])
        // The width defaults to 1 and any ShapeStyle strokes it, as in SwiftUI.
        let thin = HeadlessHost(width: 100, height: 60) {
            ZStack { Color.black; Color.white.frame(width: 40, height: 20).border(Color(red: 0, green: 0, blue: 1)) }
        }.snapshot()
        #expect(rgba(thin, 30, 30) == [0, 0, 255, 255] && rgba(thin, 31, 30) == [255, 255, 255, 255])
    }
}
