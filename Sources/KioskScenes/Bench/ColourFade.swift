// The colour-animation bench scene (issue 9): 100 built-in shapes whose fills cross-fade
// between two colours forever (a linear repeatForever started in onAppear). Only paint
// animators run: no body re-evaluates, no layout changes, so a steady frame is the samples, the
// re-recorded display list and the damaged tiles. No gesture: a gesture modifier's hit region
// costs an allocation per frame of its own (RenderPass copies `gestureNodes` shared with the
// last region), which would hide the colour path's zero.
import Kiosk

struct ColourFade: View {
    static let columns = 10, rows = 10
    @State private var warm = false

    var body: some View {
        GeometryReader { proxy in
            let w = proxy.size.width / CGFloat(ColourFade.columns), h = proxy.size.height / CGFloat(ColourFade.rows)
            VStack(spacing: 0) {
                ForEach(0..<ColourFade.rows, id: \.self) { row in
                    HStack(spacing: 0) {
                        ForEach(0..<ColourFade.columns, id: \.self) { column in
                            let i = row * ColourFade.columns + column
                            Group {
                                if i % 2 == 0 {
                                    RoundedRectangle(cornerRadius: 12).fill(color(i))
                                } else {
                                    Circle().fill(color(i))
                                }
                            }
                            .frame(width: max(0, w - 10), height: max(0, h - 10))
                            .frame(width: w, height: h)
                        }
                    }
                }
            }
        }
        .onAppear { withAnimation(.linear(duration: 1.5).repeatForever()) { warm = true } }
    }

    private func color(_ i: Int) -> Color {
        let hue = (Double(i % 17) / 17 + (warm ? 0.5 : 0)).truncatingRemainder(dividingBy: 1)
        return Color(hue: hue, saturation: 0.7, brightness: 0.9)
    }
}

extension KioskScenes {
    static var colourEntries: [Entry] {
        [viewScene("colours-100", "100 shapes cross-fading their fills forever (bench)") { ColourFade() }]
    }
}
