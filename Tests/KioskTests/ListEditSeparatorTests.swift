// A List's row separators in edit mode.
import Testing
@testable import Kiosk

/// In edit mode the rows' separators start under the content the delete disc pushed right.
@Suite struct ListEditSeparatorTests {

    /// The hairlines between the rows (1 point tall, below Rent and Food).
    private func separators(_ host: HeadlessHost) -> [CGRect] {
        guard let rent = host.frame(ofText: "Rent"), let fuel = host.frame(ofText: "Fuel") else { return [] }
        return host.frames(of: Color.self).filter { $0.height == 1 && $0.minY > rent.minY && $0.minY < fuel.minY }
    }

    @Test func theSeparatorIsInsetLikeTheContent() throws {
        let host = HeadlessHost(width: 390, height: 400, text: FixedAdvanceText()) { CorpusGapTests.Expenses() }
        let before = try #require(host.frame(ofText: "Food"))
        #expect(separators(host).map(\.minX) == [before.minX, before.minX])
        let edit = try #require(host.frame(ofText: "Edit"))
        host.tap(x: edit.midX, y: edit.midY)
        host.advance(by: 0.5)
        let food = try #require(host.frame(ofText: "Food"))
        #expect(food.minX == before.minX + 38)
        #expect(separators(host).map(\.minX) == [food.minX, food.minX])
        #expect(separators(host).allSatisfy { $0.maxX == 390 - 16 })   // the card's trailing edge, as before
        let done = try #require(host.frame(ofText: "Done"))
        host.tap(x: done.midX, y: done.midY)
        host.advance(by: 0.5)
        #expect(separators(host).map(\.minX) == [before.minX, before.minX])
    }
}
