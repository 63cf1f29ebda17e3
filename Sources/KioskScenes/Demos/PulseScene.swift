// PulseScene: a bar sweeping across the screen every two seconds and a square pulsing in colour —
// an animation that never stops, for `kiosk bench`, frame pacing and missed-flip checks.
import Raster
import Kiosk

/// An always-animating scene; a tap reverses the sweep.
public final class PulseScene: FrameSource {
    public let width: Int, height: Int
    private var lastBar = IntRect.empty
    private var damage: [IntRect] = []
    private var direction = 1.0
    private var phaseOffset = 0.0
    private var lastTime = 0.0
    static let background: UInt32 = 0xFF10_1830

    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public func needsFrame() -> Bool { true }

    public func handleTouch(_ e: TouchEvent) {
        if e.phase == .ended {
            // Reverse about the current position so the bar does not jump.
            let p = position(lastTime)
            direction = -direction
            phaseOffset = p - direction * lastTime / 2
        }
    }

    /// 0…1 across the screen at `time` (a triangle wave, period 4 s with reversal support).
    func position(_ time: Double) -> Double {
        let u = phaseOffset + direction * time / 2
        let f = u - u.rounded(.down)
        let tri = f < 0.5 ? f * 2 : 2 - f * 2
        return tri
    }

    public func renderFrame(into s: Surface, at time: Double, fullRedraw: Bool) -> [IntRect] {
        lastTime = time
        let barW = max(8, width / 12)
        let x = Int(position(time) * Double(width - barW))
        let bar = IntRect(x: x, y: height / 4, width: barW, height: height / 2)
        // The damage list is kept and refilled: a fresh array literal per frame was the scene's
        // 2 allocations per frame (`kiosk bench --scene pulse`). The caller's copy from the last
        // frame is gone by now, so the storage is unshared and reused.
        damage.removeAll(keepingCapacity: true)
        if fullRedraw { s.clear(PulseScene.background); damage.append(s.bounds) }
        else { s.fill(lastBar, with: PulseScene.background); damage.append(lastBar.union(bar)) }
        s.fill(bar, with: 0xFFF0_C040)
        let sq = min(width, height) / 8
        let sqRect = IntRect(x: width - sq - sq / 2, y: sq / 2, width: sq, height: sq)
        let level = UInt32(128 + 127 * (0.5 + 0.5 * sin(time * 2 * .pi)))
        s.fill(sqRect, with: 0xFF00_0000 | level << 16 | (255 - level) << 8 | 0x80)
        if !fullRedraw { damage.append(sqRect) }
        lastBar = bar
        return damage
    }
}

#if canImport(Glibc)
import Glibc
#endif
