// What public SwiftUI screens (scripts/corpus) drew unlike iOS, fixed in the engine.
@testable import Kiosk
import Testing
import TestSupport

@Suite struct CorpusRenderingTests {
    /// A body of two views with no container (the corpus's MenuView).
    struct TwoViews: View {
        var body: some View {
            Text("Sort")
            Text("Your choice is:")
        }
    }

    @Test func aMultiViewBodyAtTheRootIsCentredLikeAnImplicitVStack() throws {
        let host = HeadlessHost(width: 390, height: 844) { TwoViews() }
        let a = try #require(host.frame(ofText: "Sort"))
        let b = try #require(host.frame(ofText: "Your choice is:"))
        #expect(abs(a.midX - 195) < 1 && abs(b.midX - 195) < 1)
        #expect(abs((a.minY + b.maxY) / 2 - 422) < 1)            // the pair is centred vertically
        #expect(abs(b.minY - a.maxY - 8) < 0.5)                   // VStack's default spacing
    }
}

@Suite struct CorpusNavigationBarTests {
    struct TipForm: View {
        var body: some View {
            NavigationStack {
                Form {
                    Section { Text("Amount") }
                }
                .navigationTitle("Tip calculator")
                .navigationBarTitleDisplayMode(.inline)
            }
        }
    }

    @Test func aBarOverAFormShowsTheGroupedBackgroundAsIOSsScrollEdgeBarDoes() throws {
        let host = HeadlessHost(width: 390, height: 300) { TipForm() }
        host.advance(by: 0.1)
        expectGolden(host.snapshot(), "corpus-form-bar")
        let title = try #require(host.frame(ofText: "Tip calculator"))
        // Beside the title, in the bar: systemGroupedBackground (242, 242, 247), not white.
        #expect(rgba(host.snapshot(), 8, Int(title.midY)) == [242, 242, 247, 255])
    }

    @Test func aBarOverPlainContentStaysWhite() throws {
        let host = HeadlessHost(width: 390, height: 300) {
            NavigationStack { Text("Body").navigationTitle("Plain").navigationBarTitleDisplayMode(.inline) }
        }
        host.advance(by: 0.1)
        let title = try #require(host.frame(ofText: "Plain"))
        #expect(rgba(host.snapshot(), 8, Int(title.midY)) == [255, 255, 255, 255])
    }
}
