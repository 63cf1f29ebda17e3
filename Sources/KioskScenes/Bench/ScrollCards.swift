// Issue 14's scroll benchmark: a ScrollView of 200 cards (a rounded rectangle, two texts and
// an SF symbol each) that `kiosk bench --fling` flicks upward every two seconds with an
// injected drag, so most frames are momentum frames: the offset moves, nothing re-evaluates or
// re-lays out, the list is re-recorded and the viewport repainted.
import Kiosk

struct ScrollCards: View {
    private let symbols = ["star.fill", "heart.fill", "bolt.fill", "house.fill", "bell.fill"]

    var body: some View {
        ScrollView {
            VStack(spacing: 16) {
                ForEach(0..<200, id: \.self) { i in
                    HStack(spacing: 20) {
                        Image(systemName: symbols[i % symbols.count])
                            .font(.system(size: 40))
                            .foregroundStyle(.white)
                        VStack(alignment: .leading, spacing: 6) {
                            Text("Card \(i + 1)").font(.title).foregroundStyle(.white)
                            Text("Today's special, freshly made").foregroundStyle(.white.opacity(0.85))
                        }
                        Spacer()
                    }
                    .padding(24)
                    .frame(height: 120)
                    .background(RoundedRectangle(cornerRadius: 20)
                        .fill(Color(hue: Double(i % 24) / 24, saturation: 0.55, brightness: 0.8)))
                }
            }
            .padding(.horizontal, 120)
            .padding(.vertical, 24)
        }
        .background(Color(white: 0.95))
    }
}

extension KioskScenes {
    static var scrollEntries: [Entry] {
        [viewScene("scroll-200", "a ScrollView of 200 cards flung with momentum (bench: kiosk bench --fling)") { ScrollCards() }]
    }
}
