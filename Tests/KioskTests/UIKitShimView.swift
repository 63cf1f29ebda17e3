// A pasted-style view in a file that imports UIKit (see UIKitShimTests.swift). This file does not
// import Testing: swift-testing declares a `_Testing_UIKit` cross-import overlay, which the
// compiler then looks for (and Linux lacks) in any file importing both.
import UIKit

struct UIKitBuzzView: View {
    @State var taps = 0
    let width = UIScreen.main.bounds.width
    /// The screen size the last body saw. Read in the body, UIScreen.main is the screen whose
    /// graph runs on this thread; outside one it is the last screen made anywhere, and tests
    /// run hosts of other sizes at once. Only UIKitShimTests renders this view.
    nonisolated(unsafe) static var seenScreen: CGSize?
    var body: some View {
        Self.seenScreen = UIScreen.main.bounds.size
        return Button("Taps \(taps)") {
            UIImpactFeedbackGenerator(style: .light).impactOccurred()
            UINotificationFeedbackGenerator().notificationOccurred(.success)
            UISelectionFeedbackGenerator().selectionChanged()
            taps += 1
        }
        .frame(width: 120, height: 40)
        .background(Color(uiColor: .systemBlue))
    }
}
