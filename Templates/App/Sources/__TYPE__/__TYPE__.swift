// __NAME__: the app. Written as for SwiftUI (`import SwiftUI` becomes `import Kiosk`).
import Kiosk

@main
struct __TYPE__: App {
    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}

/// The screen: a greeting and a button that counts taps (the tests tap it).
struct ContentView: View {
    @State private var taps = 0

    var body: some View {
        VStack(spacing: 24) {
            Text("__NAME__")
                .font(.largeTitle)
            Text(taps == 0 ? "Tap the button" : taps == 1 ? "Tapped once" : "Tapped \(taps) times")
                .foregroundStyle(.secondary)
            Button("Tap me") { taps += 1 }
                .buttonStyle(.borderedProminent)
                .controlSize(.large)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}
