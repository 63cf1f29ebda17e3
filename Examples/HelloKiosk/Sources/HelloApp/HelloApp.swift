// HelloApp: a SwiftUI app written the SwiftUI way — `@main App` + `WindowGroup`, an
// `ObservableObject` model with `@Published`, `@StateObject`, `@EnvironmentObject`, a
// `Timer.publish` clock and `String(format:)` — with `import SwiftUI` changed to `import Kiosk`.
// Same options as `kiosk run`: .build/debug/HelloApp --display offscreen --duration 3
import Kiosk

final class Departures: ObservableObject {
    @Published var secondsToNext = 95
    @Published var platform = 4
}

@main
struct HelloApp: App {
    @StateObject private var departures = Departures()
    var body: some Scene {
        WindowGroup {
            Board().environmentObject(departures)
        }
    }
}

struct Board: View {
    @EnvironmentObject var departures: Departures
    let clock = Timer.publish(every: 1, on: .main, in: .common).autoconnect()

    var body: some View {
        VStack(spacing: 24) {
            Text("Next train").font(.title)
            Text(String(format: "%d:%02d", departures.secondsToNext / 60, departures.secondsToNext % 60))
                .font(.largeTitle)
            Text("Platform \(departures.platform)")
        }
        .onReceive(clock) { _ in
            departures.secondsToNext = departures.secondsToNext > 0 ? departures.secondsToNext - 1 : 95
        }
    }
}
