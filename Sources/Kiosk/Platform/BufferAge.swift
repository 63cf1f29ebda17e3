// BufferAge: which rectangles of a scanout buffer are stale. A buffer last shown k frames ago
// misses the damage of those k frames; copying that union (instead of the whole screen) is what
// keeps a 1-pixel change at a 1-pixel copy with two or three buffers in rotation.
import Raster

/// Damage bookkeeping for a ring of scanout buffers.
///
///     var ages = BufferAgeTracker(bufferCount: 2, width: 800, height: 480)
///     let copy = ages.rectsToUpdate(buffer: 1, frameDamage: [dirty])   // dirty ∪ stale
///     ages.didPresent(buffer: 1, frameDamage: [dirty])
public struct BufferAgeTracker: Sendable {
    /// Frames since each buffer was last written; 0 = never written (contents unknown).
    public private(set) var ages: [Int]
    /// Damage of recent frames, newest last; at most `bufferCount` entries are ever needed.
    private var history: [[IntRect]] = []
    public let bounds: IntRect
    /// Beyond this many rectangles the union becomes its bounding box (copying a little more is
    /// cheaper than walking a long list per frame).
    public var maxRects = 8

    public init(bufferCount: Int, width: Int, height: Int) {
        ages = Array(repeating: 0, count: max(1, bufferCount))
        bounds = IntRect(x0: 0, y0: 0, x1: width, y1: height)
    }

    /// Forgets every buffer's contents (after a modeset, or when the VT comes back).
    public mutating func invalidateAll() {
        for i in ages.indices { ages[i] = 0 }
        history.removeAll()
    }

    /// Forgets one buffer's contents (something else was drawn into it: the black before the
    /// panel goes off); the next frame it shows is copied whole.
    public mutating func invalidate(buffer: Int) {
        guard ages.indices.contains(buffer) else { return }
        ages[buffer] = 0
    }

    /// The rectangles to copy into `buffer` so it shows the current frame: this frame's damage and
    /// the damage of every frame since the buffer was last shown, or the whole screen when unknown.
    public func rectsToUpdate(buffer: Int, frameDamage: [IntRect]) -> [IntRect] {
        let age = ages[buffer]
        if age == 0 || age - 1 > history.count { return [bounds] }
        var out = frameDamage
        for d in history.suffix(age - 1) { out.append(contentsOf: d) }
        return BufferAgeTracker.simplify(out, bounds: bounds, maxRects: maxRects)
    }

    /// Records that `buffer` now shows the frame whose damage was `frameDamage`.
    public mutating func didPresent(buffer: Int, frameDamage: [IntRect]) {
        for i in ages.indices where ages[i] > 0 { ages[i] += 1 }
        ages[buffer] = 1
        history.append(frameDamage)
        if history.count > ages.count { history.removeFirst(history.count - ages.count) }
    }

    /// Clips to `bounds`, drops empty and contained rectangles, and falls back to the bounding box
    /// when more than `maxRects` remain.
    public static func simplify(_ rects: [IntRect], bounds: IntRect, maxRects: Int) -> [IntRect] {
        var out: [IntRect] = []
        for r in rects {
            let c = r.intersection(bounds)
            if c.isEmpty { continue }
            if out.contains(where: { $0.contains(c) }) { continue }
            out.removeAll { c.contains($0) }
            out.append(c)
        }
        if out.count > maxRects {
            var u = out[0]
            for r in out.dropFirst() { u = u.union(r) }
            return [u]
        }
        return out
    }
}

