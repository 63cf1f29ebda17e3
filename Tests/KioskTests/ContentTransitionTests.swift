// contentTransition: a Text's string change inside an animated transaction cross-fades
// (.opacity) or rolls only its changed characters (.numericText), repainting only them.
import Testing
@testable import Kiosk

private struct DigitCounter: View {
    @State var n: Int
    let transition: ContentTransition
    var body: some View {
        Text("\(n)").font(.system(size: 40))
            .contentTransition(transition)
            .frame(width: 200, height: 80)
            .contentShape(Rectangle())
            .onTapGesture { withAnimation(.linear(duration: 1)) { n += 1 } }
    }
}

@MainActor @Suite struct ContentTransitionTests {
    private func textItems(_ host: HeadlessHost) -> [DisplayItem] {
        host.renderer.displayList.filter { if case .text = $0.command { return true } else { return false } }
    }

    @Test func opacityCrossFadesOldAndNew() {
        let host = HeadlessHost(width: 200, height: 80) { DigitCounter(n: 7, transition: .opacity) }
        host.tap(x: 100, y: 40)
        host.advance(by: 0.5 - 1.0 / 60)
        let items = textItems(host)
        #expect(items.count == 2)
        #expect(items.allSatisfy { abs($0.opacity - 0.5) < 0.02 }, "\(items.map(\.opacity))")
        host.advance(by: 0.6)
        #expect(textItems(host).count == 1)
        #expect(host.renderer.graph.animators.isEmpty)
    }

    @Test func numericTextRollsOnlyTheChangedDigitsAndRepaintsOnlyThem() {
        let host = HeadlessHost(width: 200, height: 80) { DigitCounter(n: 1239, transition: .numericText()) }
        host.tap(x: 100, y: 40)
        host.advance(by: 0.5 - 1.0 / 60)
        // 1239 → 1240: "1" and "2" stay (one item each), "3"→"4" and "9"→"0" roll (two each).
        let items = textItems(host)
        #expect(items.count == 6, "\(items.count) text items")
        let still = items.filter { $0.opacity == 1 }
        #expect(still.count == 2)
        // The next frame repaints only the rolling digits: the damage stays right of the still ones.
        host.advance(by: 1.0 / 60)
        // The leading "1" is not repainted at all (its box, overhang included, stays out of the damage).
        let first = still.map(\.bounds).min { $0.x0 < $1.x0 }!
        #expect(!host.lastDamage.isEmpty)
        #expect(host.lastDamage.allSatisfy { $0.x0 >= first.x1 - 1 }, "\(host.lastDamage) vs the first digit's box \(first)")
        host.advance(by: 0.6)
        #expect(textItems(host).count == 1)
    }

    @Test func identityAndUnanimatedChangesJump() {
        let host = HeadlessHost(width: 200, height: 80) { DigitCounter(n: 1, transition: .identity) }
        host.tap(x: 100, y: 40)
        #expect(textItems(host).count == 1)
        #expect(host.renderer.graph.animators.isEmpty)
    }
}
