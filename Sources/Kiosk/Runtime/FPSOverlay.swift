// FPSOverlay: `--fps-overlay` draws frames per second and missed flips in the top-left corner of
// each presented frame. It updates only when frames are drawn anyway: an idle kiosk stays idle.
import Raster

/// The frame-rate overlay.
public final class FPSOverlay {
    private var times: [Double] = []
    private var lastRect = IntRect.empty
    public let scale: Int
    public var needsFrame: Bool { false }

    public init(scale: Int = 3) { self.scale = scale }

    /// Draws over `surface` and returns the damage (the new box ∪ the old box).
    public func draw(into surface: Surface, now: Double, missed: Int) -> [IntRect] {
        times.append(now)
        times.removeAll { now - $0 > 1 }
        let text = "\(times.count) FPS \(missed) M"
        let (w, h) = BitmapFont.size(text, scale: scale)
        let box = IntRect(x: 0, y: 0, width: w + 2 * scale, height: h + 2 * scale).intersection(surface.bounds)
        surface.fill(box, with: 0xFF10_1010)
        BitmapFont.draw(text, into: surface, x: scale, y: scale, scale: scale, color: 0xFFFF_FFFF)
        let damage = box.union(lastRect)
        lastRect = box
        return [damage]
    }
}
