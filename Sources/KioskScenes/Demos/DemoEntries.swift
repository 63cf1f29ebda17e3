// The first demo scenes, listed right after the launcher: three drawn with Raster directly
// (they exercise the platform layer: pacing, multitouch, damage) and the first engine scene.
import Kiosk

extension KioskScenes {
    static var demoEntries: [Entry] {
        [
            Entry("gallery", "six tiles; a tap toggles a tile's colour") { w, h, _ in GalleryScene(width: w, height: h) },
            Entry("paint", "finger painting, one colour per finger (multitouch)") { w, h, _ in FingerPaintScene(width: w, height: h) },
            Entry("pulse", "a bar sweeping forever; a tap reverses it (animation, bench)") { w, h, _ in PulseScene(width: w, height: h) },
            Entry("views", "SwiftUI-style views (the engine): a card that counts taps") { w, h, now in
                ViewFrameSource(width: w, height: h, now: now) { TapCounterView() }
            },
        ]
    }
}
