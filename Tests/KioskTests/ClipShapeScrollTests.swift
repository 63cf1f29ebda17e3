// Issue 39 (the product-grid benchmark): cards clipped to a rounded rectangle scroll by moving
// pixels like any other card — the clip group and its hit regions' device clip paths move with
// them (RangeShift, RenderPass.shiftCopy) — and the frame is what a fresh recording draws.
import Testing
@testable import Kiosk
import Raster

private struct ClippedCards: View {
    var body: some View {
        ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 90), spacing: 10)], spacing: 10) {
                ForEach(0..<200, id: \.self) { i in
                    Color(hue: Double(i % 12) / 12, saturation: 0.6, brightness: 0.9)
                        .frame(height: 60)
                        .overlay(Circle().fill(.white).frame(width: 20, height: 20))
                        .clipShape(RoundedRectangle(cornerRadius: 12))
                }
            }
            .padding(10)
        }
        .background(Color.gray)
    }
}

@Suite struct ClipShapeScrollTests {
    @Test func clippedCardsScrollByMovingPixelsAndDrawWhatAFreshFrameDraws() {
        let host = HeadlessHost(width: 400, height: 300, text: FixedAdvanceText()) { ClippedCards() }
        host.advance(by: 0.1)
        host.scrollBox()?.scroll(to: CGPoint(x: 0, y: 5), transaction: Transaction())
        host.advance(by: 1.0 / 60)
        for k in 1...3 {
            host.scrollBox()?.scroll(to: CGPoint(x: 0, y: 5 + 7 * k), transaction: Transaction())
            host.advance(by: 1.0 / 60)
            #expect(host.renderer.lastShiftedNodes > 0, "frame \(k)")
            #expect(host.renderer.lastMove != nil, "frame \(k): the scroll was drawn by moving pixels")
        }
        let fresh = HeadlessHost(width: 400, height: 300, text: FixedAdvanceText()) { ClippedCards() }
        fresh.advance(by: 0.1)
        fresh.scrollBox()?.scroll(to: CGPoint(x: 0, y: 26), transaction: Transaction())
        fresh.advance(by: 1.0 / 60)
        fresh.redraw()
        var differing = 0
        for y in 0..<300 { for x in 0..<400 where rgba(host.snapshot(), x, y) != rgba(fresh.snapshot(), x, y) { differing += 1 } }
        #expect(differing == 0)
    }

    /// Cards cut by the viewport's edge are recorded again each scrolled frame: their clip
    /// outline is rewritten in the node's cached object (`ClipOutline.of`), not made anew, and
    /// is what a new one would be. (With hit regions holding one clip path inline, this made
    /// bench-grid-1000's fling frames allocate nothing: 64 allocations before, release build.)
    @Test func aRecordedAgainClipRewritesItsCachedOutline() throws {
        let host = HeadlessHost(width: 400, height: 300, text: FixedAdvanceText()) { ClippedCards() }
        host.advance(by: 0.1)
        func outlines() -> [ObjectIdentifier: ClipOutline<RoundedRectangle>] {
            var out: [ObjectIdentifier: ClipOutline<RoundedRectangle>] = [:]
            for n in host.allNodes { if let c = n.renderCache as? ClipOutline<RoundedRectangle> { out[ObjectIdentifier(n)] = c } }
            return out
        }
        let before = outlines().mapValues { (ObjectIdentifier($0), $0.transform) }
        #expect(!before.isEmpty)
        for k in 1...4 {
            host.scrollBox()?.scroll(to: CGPoint(x: 0, y: 3 * CGFloat(k)), transaction: Transaction())
            host.advance(by: 1.0 / 60)
        }
        var rewritten = 0
        for (node, outline) in outlines() {
            guard let (object, transform) = before[node] else { continue }
            #expect(ObjectIdentifier(outline) == object, "a new outline object for a node that had one")
            if outline.transform != transform { rewritten += 1 }
            let fresh = ClipOutline(shape: outline.shape, frame: outline.frame, transform: outline.transform)
            #expect(fresh.device == outline.device && fresh.box == outline.box && fresh.rect == outline.rect)
        }
        #expect(rewritten > 0, "no card cut by the viewport's edge was recorded again")
    }

    /// A scroll far enough that the lazy grid builds (and drops) lines each frame: the frame is
    /// recorded again whole (a structure change), and the diff still finds the cards that are
    /// their old ones moved, by their keys, and moves their pixels (bench-grid-1000's frames
    /// that built a line drew the whole screen: 39–43 M instructions, now 19–24 M). Each frame is
    /// checked against the damage painted without the move, and the last against a fresh host.
    @Test func aScrollThatBuildsGridLinesStillMovesPixels() {
        let host = HeadlessHost(width: 400, height: 300, text: FixedAdvanceText()) { ClippedCards() }
        host.renderer.verifiesRetainedRecording = true
        host.advance(by: 0.1)
        var structureMoves = 0
        var y: CGFloat = 0
        for k in 1...8 {
            let structure = host.renderer.graph.structureVersion
            y += 41
            host.scrollBox()?.scroll(to: CGPoint(x: 0, y: y), transaction: Transaction())
            host.advance(by: 1.0 / 60)
            #expect(host.renderer.retainedMismatch == nil, "frame \(k): \(host.renderer.retainedMismatch ?? "")")
            if host.renderer.graph.structureVersion != structure && host.renderer.lastMove != nil { structureMoves += 1 }
        }
        #expect(structureMoves >= 4, "\(structureMoves) of 8 frames built lines and moved pixels")
        let fresh = HeadlessHost(width: 400, height: 300, text: FixedAdvanceText()) { ClippedCards() }
        fresh.advance(by: 0.1)
        fresh.scrollBox()?.scroll(to: CGPoint(x: 0, y: y), transaction: Transaction())
        fresh.advance(by: 1.0 / 60)
        fresh.redraw()
        var differing = 0
        for yy in 0..<300 { for x in 0..<400 where rgba(host.snapshot(), x, yy) != rgba(fresh.snapshot(), x, yy) { differing += 1 } }
        #expect(differing == 0)
    }
}
