// Navigation by value: NavigationPath, NavigationStack(path:) with a NavigationPath or an array,
// NavigationLink(value:), navigationDestination(for:/isPresented:/item:), the toolbar in the bar
// and at the bottom, navigationBarBackButtonHidden.
import Testing
@testable import Kiosk
import Raster
import TestSupport

private struct Recipe: Hashable { let name: String }

private struct Recipes: View {
    let path: Box<[Recipe]>
    @State private var stack: [Recipe] = []
    var body: some View {
        NavigationStack(path: $stack) {
            VStack(spacing: 20) {
                NavigationLink("Soup", value: Recipe(name: "Soup"))
                NavigationLink(value: 7) { Text("Seven") }
                Button("Pop to root") { stack = [] }
            }
            .navigationTitle("Recipes")
            .navigationDestination(for: Recipe.self) { r in
                Text("Recipe \(r.name)")
                    .navigationTitle(r.name)
                    .navigationBarTitleDisplayMode(.inline)
                    .toolbar {
                        ToolbarItem(placement: .topBarTrailing) { Button("Edit") {} }
                        ToolbarItemGroup(placement: .bottomBar) { Button("Share") {}; Spacer(); Button("Print") {} }
                    }
            }
            .navigationDestination(for: Int.self) { n in Text("Number \(n)") }
        }
        .onChange(of: stack) { _, new in path.value = new }
    }
}

@Suite struct NavigationPathTests {
    @Test func navigationPathCountsAppendsAndRemoves() {
        var p = NavigationPath()
        #expect(p.isEmpty && p.count == 0)
        p.append(1); p.append("two"); p.append(Recipe(name: "x"))
        #expect(p.count == 3 && !p.isEmpty)
        p.removeLast()
        #expect(p.count == 2)
        p.removeLast(10)                 // more than it holds: empty, no trap
        #expect(p.isEmpty)
        p.removeLast(-1)
        #expect(NavigationPath([1, 2, 3]).count == 3)
    }

    @Test func valueLinksPushTheirDestinationsAndTheBindingFollows() throws {
        let path = Box<[Recipe]>([])
        let host = HeadlessHost(width: 320, height: 400) { Recipes(path: path) }
        let soup = try #require(host.frame(ofText: "Soup"))
        host.tap(x: soup.midX, y: soup.midY)
        host.advance(by: 0.6)
        #expect(path.value == [Recipe(name: "Soup")])
        let page = try #require(host.frame(ofText: "Recipe Soup"))
        #expect(page.minY > 44)
        // The toolbar: "Edit" at the trailing side of the 44-pt row, the bottom bar's items at
        // the bottom, spread by the Spacer.
        let edit = try #require(host.frame(ofText: "Edit"))
        #expect(edit.maxX <= 320 - 16 + 1 && edit.midY < 44)
        let share = try #require(host.frame(ofText: "Share")), print = try #require(host.frame(ofText: "Print"))
        #expect(share.midY > 400 - 44 && print.maxX > 280 && share.minX < 40)
        expectGolden(host.snapshot(), "navigation-path-toolbar")
        // Back pops the value off the path.
        let back = try #require(host.frame(ofText: "Recipes", 1))
        host.tap(x: back.midX, y: back.midY)
        host.advance(by: 0.6)
        #expect(path.value.isEmpty)
        #expect(host.frame(ofText: "Recipe Soup") == nil)
        #expect(host.warnings.isEmpty)
    }

    @Test func aValueWithoutAnArrayTypeDestinationWarnsAndSetsOfPathsPop() throws {
        let path = Box<[Recipe]>([])
        let host = HeadlessHost(width: 320, height: 400) { Recipes(path: path) }
        // Int is not a Recipe: the array binding cannot hold it, so nothing is pushed.
        let seven = try #require(host.frame(ofText: "Seven"))
        host.tap(x: seven.midX, y: seven.midY)
        host.advance(by: 0.6)
        #expect(host.frame(ofText: "Number 7") == nil)
        #expect(path.value.isEmpty)
    }

    @Test func aNavigationPathStackTakesAnyValueAndWarnsForUnknownTypes() throws {
        struct Mixed: View {
            @State private var path = NavigationPath()
            var body: some View {
                NavigationStack(path: $path) {
                    VStack {
                        NavigationLink("Seven", value: 7)
                        NavigationLink("Word", value: "word")
                        Button("Push two") { path.append(1); path.append(2) }
                    }
                    .navigationDestination(for: Int.self) { n in Text("Number \(n)") }
                }
            }
        }
        let host = HeadlessHost(width: 320, height: 400) { Mixed() }
        let seven = try #require(host.frame(ofText: "Seven"))
        host.tap(x: seven.midX, y: seven.midY)
        host.advance(by: 0.6)
        #expect(host.frame(ofText: "Number 7") != nil)
        let back = try #require(host.frame(ofText: "Back"))
        host.tap(x: back.midX, y: back.midY)
        host.advance(by: 0.6)
        #expect(host.frame(ofText: "Number 7") == nil)
        // Two values appended outside withAnimation: both pages, the top one showing.
        let two = try #require(host.frame(ofText: "Push two"))
        host.tap(x: two.midX, y: two.midY)
        host.advance(by: 0.6)
        #expect(host.frame(ofText: "Number 1") != nil && host.frame(ofText: "Number 2") != nil)
        // A value of a type with no destination: an empty page and SwiftUI's warning.
        let back2 = try #require(host.frame(ofText: "Back", 1))
        host.tap(x: back2.midX, y: back2.midY); host.advance(by: 0.6)
        let back1 = try #require(host.frame(ofText: "Back"))
        host.tap(x: back1.midX, y: back1.midY); host.advance(by: 0.6)
        let word = try #require(host.frame(ofText: "Word"))
        host.tap(x: word.midX, y: word.midY)
        host.advance(by: 0.6)
        #expect(host.warnings.contains { $0.contains("no matching navigationDestination") })
    }

    @Test func isPresentedAndItemDestinationsAndAHiddenBackButton() throws {
        struct Presenting: View {
            let flag: Box<Bool>
            @State private var shown = false
            @State private var item: String?
            var body: some View {
                NavigationStack {
                    VStack {
                        Button("Show") { shown = true }
                        Button("Item") { item = "apple" }
                    }
                    .navigationTitle("Home")
                    .navigationDestination(isPresented: $shown) { Text("Shown page") }
                    .navigationDestination(item: $item) { name in
                        Text("Item \(name)").navigationBarBackButtonHidden(true)
                    }
                    .onChange(of: shown) { _, new in flag.value = new }
                }
            }
        }
        let flag = Box(false)
        let host = HeadlessHost(width: 320, height: 400) { Presenting(flag: flag) }
        let show = try #require(host.frame(ofText: "Show"))
        host.tap(x: show.midX, y: show.midY)
        host.advance(by: 0.6)
        #expect(flag.value && host.frame(ofText: "Shown page") != nil)
        let back = try #require(host.frame(ofText: "Home", 1))
        host.tap(x: back.midX, y: back.midY)
        host.advance(by: 0.6)
        #expect(!flag.value && host.frame(ofText: "Shown page") == nil)
        let item = try #require(host.frame(ofText: "Item"))
        host.tap(x: item.midX, y: item.midY)
        host.advance(by: 0.6)
        #expect(host.frame(ofText: "Item apple") != nil)
        #expect(host.frame(ofText: "Home", 1) == nil)          // no back button
        #expect(host.warnings.isEmpty)
    }
}
