// A pasted-style view in a file that imports UIKit (see UIKitShimTests.swift). This file does not
// import Testing: swift-testing declares a `_Testing_UIKit` cross-import overlay, which the
// compiler then looks for (and Linux lacks) in any file importing both.
import UIKit

struct UIKitBuzzView: View {
    @State var taps = 0
    let width = UIScreen.main.bounds.width
    var body: some View {
        VStack {
            // Read in the body: the screen whose graph runs on this thread (tests run hosts of
            // other sizes at once, so outside a body it is the last screen made anywhere).
            Text("Screen \(Int(UIScreen.main.bounds.width))×\(Int(UIScreen.main.bounds.height))")
            Button("Taps \(taps)") {
                UIImpactFeedbackGenerator(style: .light).impactOccurred()
                UINotificationFeedbackGenerator().notificationOccurred(.success)
                UISelectionFeedbackGenerator().selectionChanged()
                taps += 1
            }
            .frame(width: 120, height: 40)
            .background(Color(uiColor: .systemBlue))
        }
    }
}
