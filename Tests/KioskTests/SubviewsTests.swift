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
