// LayoutSkipTests: a re-evaluated view is laid out again only when something its layout reads
// changed (ViewTypeInfo's LayoutComparator, Node.layoutInputChanged). The bug to fear is a
// stale "same": each test changes one layout input with a tap and checks the new frame, and
// the colour-only change checks that layout really was skipped (and the new colour drawn).
// Text is measured by FixedAdvanceText (0.6 em per character, 1.2 em lines).
import Testing
@testable import Kiosk

/// Shows `content(step)`; a tap on the white background (bottom right) steps.
private struct Stepping<Content: View>: View {
    @State private var step = 0
    let content: (Int) -> Content
    init(@ViewBuilder content: @escaping (Int) -> Content) { self.content = content }
    var body: some View {
        ZStack(alignment: .topLeading) {
            Color.white.onTapGesture { step += 1 }
            content(step)
        }
    }
}

@Suite struct LayoutSkipTests {
    private func host<C: View>(@ViewBuilder _ content: @escaping (Int) -> C) -> HeadlessHost {
        HeadlessHost(width: 400, height: 300, text: FixedAdvanceText()) { Stepping(content: content) }
    }
    private func step(_ host: HeadlessHost) { host.tap(x: 390, y: 290) }

    @Test func aLongerStringIsLaidOutAgain() {
        let h = host { s in Text(s == 0 ? "AB" : "ABCDEF") }
        let before = h.frame(ofText: "AB")!
        step(h)
        let after = h.frame(ofText: "ABCDEF")!
        #expect(after.width > before.width * 2, "\(before) → \(after)")
    }

    @Test func aTextFontChangeIsLaidOutAgain() {
        let h = host { s in Text("AB").font(.system(size: s == 0 ? 17 : 34)) }
        let before = h.frame(ofText: "AB")!
        step(h)
        let after = h.frame(ofText: "AB")!
        #expect(after.height > before.height * 1.5, "\(before) → \(after)")
    }

    @Test func anEnvironmentFontChangeIsLaidOutAgain() {
        let h = host { s in VStack { Text("AB") }.font(.system(size: s == 0 ? 17 : 34)) }
        let before = h.frame(ofText: "AB")!
        step(h)
        let after = h.frame(ofText: "AB")!
        #expect(after.height > before.height * 1.5, "\(before) → \(after)")
    }

    @Test func aFrameSizeChangeIsLaidOutAgain() {
        let h = host { s in Color.red.frame(width: s == 0 ? 50 : 80, height: 10) }
        let before = h.frames(of: Color.self).last!
        step(h)
        let after = h.frames(of: Color.self).last!
        #expect(before.width == 50 && after.width == 80, "\(before) → \(after)")
    }

    @Test func aPaddingChangeIsLaidOutAgain() {
        let h = host { s in Text("AB").padding(s == 0 ? 0 : 10) }
        let before = h.frame(ofText: "AB")!
        step(h)
        let after = h.frame(ofText: "AB")!
        #expect(after.minX == before.minX + 10 && after.minY == before.minY + 10, "\(before) → \(after)")
    }

    @Test func aFlexibleFrameChangeIsLaidOutAgain() {
        let h = host { s in Color.red.frame(minWidth: 10, idealWidth: s == 0 ? 30 : 60, maxWidth: 100, minHeight: 10, maxHeight: 10).fixedSize() }
        let before = h.frames(of: Color.self).last!
        step(h)
        let after = h.frames(of: Color.self).last!
        #expect(before.width == 30 && after.width == 60, "\(before) → \(after)")
    }

    @Test func aStackSpacingChangeIsLaidOutAgain() {
        let h = host { s in
            VStack(spacing: s == 0 ? 0 : 20) {
                Color.red.frame(width: 10, height: 10)
                Color.blue.frame(width: 10, height: 10)
            }
        }
        let before = h.frames(of: Color.self).last!.minY - h.frames(of: Color.self)[1].minY
        step(h)
        let colors = h.frames(of: Color.self)
        #expect(before == 10 && colors[2].minY - colors[1].minY == 30, "\(colors)")
    }

    @Test func aStructureChangeIsLaidOutAgain() {
        let h = host { s in
            VStack(spacing: 0) {
                if s > 0 { Color.red.frame(width: 10, height: 40) }
                Text("AB")
            }
        }
        let before = h.frame(ofText: "AB")!
        step(h)
        let after = h.frame(ofText: "AB")!
        #expect(after.minY == before.minY + 40, "\(before) → \(after)")
    }

    @Test func aColourChangeRedrawsWithoutLayingOut() throws {
        let h = host { s in Text("AB").foregroundColor(s == 0 ? .red : .blue).background(Color.green) }
        let text = try #require(h.allNodes.first { $0.view is Text })
        let pass = text.sizeCachePass
        let frame = text.frame
        step(h)
        #expect(text.frame == frame)
        #expect(text.sizeCachePass == pass, "the recoloured Text was measured again")
        #expect(h.allNodes.contains { ($0.view as? Text)?.color == .blue && $0 === text }, "the new colour reached the node")
    }

    @Test func anOffsetChangeMovesTheDrawingWithoutLayout() {
        let h = host { s in Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10).offset(x: s == 0 ? 0 : 50) }
        #expect(rgba(h.snapshot(), 5, 5) == [255, 0, 0, 255])
        step(h)
        #expect(rgba(h.snapshot(), 55, 5) == [255, 0, 0, 255])
        #expect(rgba(h.snapshot(), 5, 5) == [255, 255, 255, 255])
    }

    /// A Color's size is whatever it is offered: recolouring it redraws it and lays nothing out.
    @Test func aRecolouredColorViewIsNotLaidOutAgain() throws {
        let h = host { s in
            Color(red: s == 0 ? 1 : 0, green: 0, blue: s == 0 ? 0 : 1).frame(width: 20, height: 10).position(x: 50, y: 50)
        }
        let box = try #require(h.allNodes.first { $0.view is Color && $0.layout != nil && $0.frame.width == 20 })
        let pass = box.sizeCachePass
        #expect(rgba(h.snapshot(), 45, 50) == [255, 0, 0, 255])
        step(h)
        #expect(box.sizeCachePass == pass, "the recoloured Color was measured again")
        #expect(box.frame == CGRect(x: 40, y: 45, width: 20, height: 10))
        #expect(rgba(h.snapshot(), 45, 50) == [0, 0, 255, 255])
    }
}
