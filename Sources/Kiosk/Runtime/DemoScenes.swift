// DemoScenes: the scenes `kiosk run --scene` and `kiosk snapshot --scene` know, drawn with Raster
// directly. The engine's SwiftUI-style views replace them as they land; the names stay.

/// The built-in demo scenes.
public enum DemoScenes {
    /// Name and one-line description, in listing order.
    public static let all: [(name: String, summary: String)] = [
        ("gallery", "six tiles; a tap toggles a tile's colour"),
        ("paint", "finger painting, one colour per finger (multitouch)"),
        ("pulse", "a bar sweeping forever; a tap reverses it (animation, bench)"),
        ("views", "SwiftUI-style views (the engine): a card that counts taps"),
    ]

    /// A new scene `name` for a `width`×`height` surface, or nil for an unknown name.
    /// `now` is the clock view-based scenes read (virtual in snapshots and tests).
    public static func make(_ name: String, width: Int, height: Int, now: @escaping () -> Double = Syscall.monotonicNow) -> FrameSource? {
        switch name {
        case "gallery": return GalleryScene(width: width, height: height)
        case "paint": return FingerPaintScene(width: width, height: height)
        case "pulse": return PulseScene(width: width, height: height)
        case "views": return ViewFrameSource(width: width, height: height, now: now) { TapCounterView() }
        default: return nil
        }
    }
}
