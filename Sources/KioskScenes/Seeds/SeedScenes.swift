// The seed programs as `kiosk` scenes: `kiosk run --scene seed-003` shows one on the panel and
// a touch does what its onTapGesture does.
import Kiosk

extension KioskScenes {
    /// A scene that shows `view` full screen.
    static func viewScene<V: View>(_ name: String, _ summary: String, _ view: @escaping () -> V) -> Entry {
        Entry(name, summary) { w, h, now in ViewFrameSource(width: w, height: h, now: now) { view() } }
    }

    static var seedEntries: [Entry] {
        [
            viewScene("seed-000-transition", "seed 000: if/else swap, spring scale from the corner; onDisappear at the end") { ViewTransition() },
            viewScene("seed-000-intro", "seed 000: text fades in (easeIn 1 s), a completion observer fires once") { IntroductionView() },
            viewScene("seed-001", "seed 001: opacity ping-pongs forever, each completion starting the next") { MainView() },
            viewScene("seed-002", "seed 002: custom AnyTransitions (rotate in from the corner, move out)") { AnyTransitionPrac() },
            viewScene("seed-003", "seed 003: checkerboard rows/columns animated as an AnimatablePair") { ContentView() },
            viewScene("seed-004-id", "seed 004: counter cross-fade through .transition(.opacity) + .id") { IDFadeCounter() },
            viewScene("seed-004-fade", "seed 004: counter cross-fade through two texts and opacity") { FadeCounter() },
        ]
    }
}
