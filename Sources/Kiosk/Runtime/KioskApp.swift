// KioskApp: a user's own kiosk program. `@main` on a type conforming to it gives a `main()` that
// takes the same options and environment as `kiosk run`, settings from /etc/NAME/NAME.conf (AppIdentity), and shows `body` full screen.

/// A full-screen app written the SwiftUI way.
///
///     @main struct Tickets: KioskApp {
///         var body: some View { Text("Tap to start").onTapGesture { … } }
///     }
///
/// Run it with `--display`, `--rotation`, … exactly like `kiosk run`; `--help` lists them.
public protocol KioskApp {
    associatedtype Body: View
    init()
    @ViewBuilder var body: Body { get }
}

extension KioskApp {
    /// Parses the options, opens display, input and console, and runs until SIGTERM.
    public static func main() {
        KioskRunner.runMain { w, h in
            let app = Self()
            return ViewFrameSource(width: w, height: h) { app.body }
        }
    }
}
