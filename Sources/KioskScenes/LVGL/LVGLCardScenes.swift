// LVGL benchmark scenes 11–15: the "container" cards (SCENES.md §2.5), falling 30 px (11–14),
// under a flickering half-transparent overlay (12), with per-primitive opacity (13, LVGL's
// "opa"), with group opacity (14, LVGL's "opa_layered" = SwiftUI's `.opacity` on a container),
// and scrolled (15).
import Kiosk

/// How the cards of scenes 11–14 are faded.
enum LVGLCardFade { case none, perPrimitive, group }

/// Scenes 11–14: cards in spread rows (350×170 cells, bottom padding 88), each falling 30 px.
struct LVGLFallingCards: View {
    let name: String
    let fade: LVGLCardFade
    let overlay: Bool
    let width: Int, height: Int, start: Date

    var body: some View {
        let cw = width - 16, ch = height - 48 - 88
        let xs = lvglSpread(cw, cw / 350, 270), ys = lvglSpread(ch, ch / 170, 120)
        LVGLScreen(name, width: width, height: height, start: start) {
            ForEach(0..<(xs.count * ys.count)) { k in
                LVGLTicker(start: start) { ms in
                    card
                        .offset(y: LVGLMotion.fallOffset(ms: ms, index: k, distance: 30))
                }
                .lvglBox(8 + xs[k % xs.count], 48 + ys[k / xs.count], 270, 120)
            }
        } overlay: {
            if overlay {
                LVGLTicker(start: start) { ms in
                    LVGLPalette.flicker(index: 0, of: 1, ms: ms).opacity(127.0 / 255)
                }
            }
        }
    }

    @ViewBuilder var card: some View {
        switch fade {
        case .none: LVGLCard()
        case .perPrimitive: LVGLCard(primitiveOpacity: 127.0 / 255)
        case .group: LVGLCard().opacity(127.0 / 255)
        }
    }
}

/// Scene 15, "Containers with scrolling": static cards in columns of 20 rows (152 px apart,
/// row gap 32), the screen scrolling to the bottom at 130 px/s (capped at 10 s) and back.
struct LVGLScrollingCards: View {
    let width: Int, height: Int, start: Date

    var body: some View {
        let cw = width - 16, ch = height - 56
        let xs = lvglSpread(cw, cw / 400, 270), rows = max(20, 2 * (ch / 152))
        let limit = 48 + 152 * (rows - 1) + 120 + 8 - height
        let t = LVGLMotion.scrollDuration(limit)
        LVGLScreen("Containers with scrolling", width: width, height: height, start: start) {
            LVGLTicker(start: start) { ms in
                ZStack(alignment: .topLeading) {
                    ForEach(0..<(rows * xs.count)) { k in
                        LVGLCard().lvglBox(8 + xs[k % xs.count], 48 + 152 * (k / xs.count), 270, 120)
                    }
                }
                .frame(width: CGFloat(width), height: CGFloat(48 + 152 * rows + 8), alignment: .topLeading)
                .offset(y: -CGFloat(LVGLMotion.pingPong(ms: ms, distance: limit, t1: t, t2: t)))
            }
        }
    }
}
