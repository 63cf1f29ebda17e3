// TapCounterView: the `views` demo scene — the engine's SwiftUI-style views on the platform's frame
// loop: a tap on the card counts and flips its colour.
import Kiosk

/// A card that counts taps.
public struct TapCounterView: View {
    @State private var count = 0
    public init() {}
    public var body: some View {
        VStack(spacing: 24) {
            Text(count == 0 ? "Tap the card" : "Tapped \(count) time\(count == 1 ? "" : "s")").font(.largeTitle)
            RoundedRectangle(cornerRadius: 28)
                .fill(count % 2 == 0 ? Color.blue : Color.orange)
                .frame(width: 260, height: 150)
                .onTapGesture { count += 1 }
        }
    }
}
