// FingerPaintScene: every finger leaves a trail in its own colour; a multitouch test shows each
// contact landing where it should. Trails are kept (bounded) so a full redraw repaints them.
import Raster
import Kiosk

/// Draws a trail under each finger.
public final class FingerPaintScene: FrameSource {
    public let width: Int, height: Int
    private var dots: [(IntRect, UInt32)] = []
    private var newDots = 0
    private var last: [Int: Point] = [:]
    static let background: UInt32 = 0xFFF0_F0E8
    static let inks: [UInt32] = [0xFF20_40C0, 0xFFC0_3020, 0xFF20_9040, 0xFFA0_20A0, 0xFFD0_8010]
    /// Oldest dots are dropped beyond this many (a long session must not grow without bound).
    public static let maxDots = 20_000

    public init(width: Int, height: Int) { self.width = width; self.height = height }

    var radius: Int { max(3, min(width, height) / 60) }

    public func needsFrame() -> Bool { newDots > 0 }

    public func handleTouch(_ e: TouchEvent) {
        let ink = FingerPaintScene.inks[abs(e.id) % FingerPaintScene.inks.count]
        switch e.phase {
        case .began: stamp(e.location, ink); last[e.id] = e.location
        case .moved:
            // Stamp along the segment so fast moves leave a line, not dots.
            let from = last[e.id] ?? e.location
            let d = e.location - from
            let n = max(1, Int(d.length / Double(max(1, radius))))
            for k in 1...n { stamp(from + d * (Double(k) / Double(n)), ink) }
            last[e.id] = e.location
        case .ended, .cancelled: last[e.id] = nil
        }
    }

    private func stamp(_ p: Point, _ ink: UInt32) {
        let r = radius
        dots.append((IntRect(x: Int(p.x) - r, y: Int(p.y) - r, width: 2 * r + 1, height: 2 * r + 1), ink))
        newDots += 1
        if dots.count > FingerPaintScene.maxDots {
            let drop = dots.count - FingerPaintScene.maxDots
            dots.removeFirst(drop); newDots = min(newDots, dots.count)
        }
    }

    private var damage: [IntRect] = []

    public func renderFrame(into s: Surface, at time: Double, fullRedraw: Bool) -> [IntRect] {
        // Kept and refilled (an array literal per frame was 1 allocation per drawn frame).
        damage.removeAll(keepingCapacity: true)
        if fullRedraw {
            s.clear(FingerPaintScene.background)
            for (r, c) in dots { disc(r, c, s) }
            damage.append(s.bounds)
        } else {
            var u = IntRect.empty
            for (r, c) in dots.suffix(newDots) { disc(r, c, s); u = u.union(r) }
            if !u.isEmpty { damage.append(u.intersection(s.bounds)) }
        }
        newDots = 0
        return damage
    }

    private func disc(_ r: IntRect, _ c: UInt32, _ s: Surface) {
        let rad = r.width / 2, cx = r.x0 + rad, cy = r.y0 + rad
        for dy in -rad...rad {
            let half = Int((Double(rad * rad - dy * dy)).squareRoot())
            s.fill(IntRect(x: cx - half, y: cy + dy, width: 2 * half + 1, height: 1), with: c)
        }
    }
}
