// HelloKiosk: a ticket-machine style start screen. Same options as `kiosk run` (--display,
// --rotation, --input, …), the same KIOSK_* variables; settings from /etc/HelloKiosk/HelloKiosk.conf (its own name, AppIdentity).
import Kiosk

@main
struct HelloKiosk: KioskApp {
    var body: some View {
        StartScreen()
    }
}

struct StartScreen: View {
    @State private var language = 0
    private let greetings = ["Welcome", "Willkommen", "Bienvenue", "Benvenuto"]

    var body: some View {
        VStack(spacing: 32) {
            Text(greetings[language]).font(.largeTitle)
            HStack(spacing: 16) {
                ForEach(0..<greetings.count) { i in
                    RoundedRectangle(cornerRadius: 12)
                        .fill(i == language ? Color.blue : Color.gray)
                        .frame(width: 60, height: 40)
                        .onTapGesture { language = i }
                }
            }
        }
    }
}
