// Issue 39: ForEach(subviews:) and Group(subviews:) take a view's content apart.
import Testing
@testable import Kiosk

private struct Boxed<Content: View>: View {
    @ViewBuilder var content: Content
    var body: some View {
        VStack(spacing: 0) { ForEach(subviews: content) { subview in subview.padding(10) } }
    }
}

private struct Counted<Content: View>: View {
    @ViewBuilder var content: Content
    var body: some View {
        Group(subviews: content) { subviews in
            VStack(spacing: 0) {
                Text("count \(subviews.count)")
                if let first = subviews.first { first }
            }
        }
    }
}

@Suite struct SubviewsTests {
    @Test func eachSubviewOfABlockAForEachAndABranchIsItsOwnElement() {
        let flag = true
        let host = HeadlessHost(width: 200, height: 300) {
            Boxed {
                Text("a")
                ForEach(0..<2, id: \.self) { i in Text("n\(i)") }
                if flag { Text("yes") } else { Text("no") }
            }
        }
        _ = host.snapshot()
        let names = ["a", "n0", "n1", "yes"]
        let frames = names.compactMap { host.frame(ofText: $0) }
        #expect(frames.count == 4)
        // Each padded on its own: 10 + 10 between consecutive texts.
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(b.minY - a.maxY == 20, "\(a) \(b)") }
        #expect(host.frame(ofText: "no") == nil)
    }

    @Test func groupSubviewsCountsAndPicks() {
        let host = HeadlessHost(width: 200, height: 300) {
            Counted {
                Text("first")
                Text("second")
                ForEach(0..<3, id: \.self) { Text("x\($0)") }
            }
        }
        _ = host.snapshot()
        #expect(host.frame(ofText: "count 5") != nil)
        #expect(host.frame(ofText: "first") != nil)
        #expect(host.frame(ofText: "second") == nil)
    }

    @Test func emptyContentHasNoSubviews() {
        let host = HeadlessHost(width: 100, height: 100) { Counted { EmptyView() } }
        _ = host.snapshot()
        #expect(host.frame(ofText: "count 0") != nil)
    }
}

/// Draws each section as "header: n rows" and its rows, from `ForEach(sections:)`.
private struct SectionBoard<Content: View>: View {
    @ViewBuilder var content: Content
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(sections: content) { section in
                Text("header \(section.header.count) rows \(section.content.count) footer \(section.footer.count)")
                ForEach(section.header) { $0 }
                ForEach(section.content) { $0.padding(.leading, 20) }
            }
        }
    }
}

@Suite struct SectionsCollectionTests {
    @Test func sectionsAndTheViewsBetweenThemAreTakenApart() {
        let host = HeadlessHost(width: 300, height: 400) {
            SectionBoard {
                Text("loose 1")
                Text("loose 2")
                Section("Drinks") {
                    Text("Tea")
                    ForEach(0..<2, id: \.self) { Text("Coffee \($0)") }
                }
                Section {
                    Text("Cake")
                } header: { Text("Food") } footer: { Text("Fresh daily") }
            }
        }
        _ = host.snapshot()
        // Two loose views make a section of their own; then the two Sections.
        #expect(host.frame(ofText: "header 0 rows 2 footer 0") != nil)
        #expect(host.frame(ofText: "header 1 rows 3 footer 0") != nil)
        #expect(host.frame(ofText: "header 1 rows 1 footer 1") != nil)
        let drinks = host.frame(ofText: "Drinks"), tea = host.frame(ofText: "Tea")
        #expect(drinks != nil && tea != nil)
        if let drinks, let tea { #expect(tea.minX == drinks.minX + 20) }
        #expect(host.frame(ofText: "Coffee 1") != nil)
    }

    @Test func groupSectionsCountsThem() {
        let host = HeadlessHost(width: 200, height: 100) {
            Group(sections: Group { Section("A") { Text("1") }; Section("B") { Text("2") } }) { sections in
                Text("sections \(sections.count)")
            }
        }
        _ = host.snapshot()
        #expect(host.frame(ofText: "sections 2") != nil)
    }
}
