// The seed programs as `kiosk` scenes: `kiosk run --scene seed-003` shows one on the panel and
// a touch does what its onTapGesture does.
import Kiosk

extension KioskScenes {
    static var seedEntries: [Entry] {
        [
            Entry("seed-000-transition", "seed 000: if/else swap, spring scale from the corner; onDisappear at the end") { w, h, now in
                ViewFrameSource(width: w, height: h, now: now) { ViewTransition() }
            },
            Entry("seed-000-intro", "seed 000: text fades in (easeIn 1 s), a completion observer fires once") { w, h, now in
                ViewFrameSource(width: w, height: h, now: now) { IntroductionView() }
            },
            Entry("seed-001", "seed 001: opacity ping-pongs forever, each completion starting the next") { w, h, now in
                ViewFrameSource(width: w, height: h, now: now) { MainView() }
            },
            Entry("seed-002", "seed 002: custom AnyTransitions (rotate in from the corner, move out)") { w, h, now in
                ViewFrameSource(width: w, height: h, now: now) { AnyTransitionPrac() }
            },
            Entry("seed-003", "seed 003: checkerboard rows/columns animated as an AnimatablePair") { w, h, now in
                ViewFrameSource(width: w, height: h, now: now) { ContentView() }
            },
            Entry("seed-004-id", "seed 004: counter cross-fade through .transition(.opacity) + .id") { w, h, now in
                ViewFrameSource(width: w, height: h, now: now) { IDFadeCounter() }
            },
            Entry("seed-004-fade", "seed 004: counter cross-fade through two texts and opacity") { w, h, now in
                ViewFrameSource(width: w, height: h, now: now) { FadeCounter() }
            },
        ]
    }
}
