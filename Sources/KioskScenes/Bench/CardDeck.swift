// Issue 10's transition benchmark: a ForEach of 100 cards; each tap removes ten and inserts ten
// with `.move(edge: .leading)` combined with `.opacity`, while the survivors glide to their new
// places in the grid (layout animation).
import Kiosk

struct CardDeck: View {
    @State private var ids = Array(0..<100)
    @State private var next = 100
    private let columns = 10

    var body: some View {
        GeometryReader { proxy in
            let w = proxy.size.width / CGFloat(columns), h = proxy.size.height / 10
            ZStack(alignment: .topLeading) {
                ForEach(Array(ids.enumerated()), id: \.element) { index, id in
                    RoundedRectangle(cornerRadius: 10)
                        .fill(Color(hue: Double(id % 37) / 37, saturation: 0.55, brightness: 0.95))
                        .frame(width: max(0, w - 8), height: max(0, h - 8))
                        .position(x: CGFloat(index % columns) * w + w / 2, y: CGFloat(index / columns) * h + h / 2)
                        .transition(.move(edge: .leading).combined(with: .opacity))
                }
            }
            .frame(width: proxy.size.width, height: proxy.size.height, alignment: .topLeading)
            .contentShape(Rectangle())
            .onTapGesture {
                withAnimation(.easeInOut(duration: 0.6)) {
                    // Drop every tenth card (shifting with each tap) and add ten new ones at the front.
                    let phase = next / 10 % 10
                    ids = Array(next..<next + 10) + ids.enumerated().filter { $0.offset % 10 != phase }.map(\.element)
                    next += 10
                }
            }
        }
    }
}

extension KioskScenes {
    static var deckEntries: [Entry] {
        [Entry("cards-100", "100 cards: a tap moves ten out and ten in, the rest glide to their places (bench)") { w, h, now in
            ViewFrameSource(width: w, height: h, now: now) { CardDeck() }
        }]
    }
}
