import Testing
import Raster
import TestSupport
@testable import Kiosk

@Suite struct BufferAgeTests {
    @Test func newBuffersGetEverything() {
        let t = BufferAgeTracker(bufferCount: 2, width: 100, height: 50)
        #expect(t.rectsToUpdate(buffer: 0, frameDamage: [IntRect(x: 1, y: 1, width: 2, height: 2)]) == [IntRect(x: 0, y: 0, width: 100, height: 50)])
    }

    @Test func twoBuffersCarryThePreviousFramesDamage() {
        var t = BufferAgeTracker(bufferCount: 2, width: 100, height: 50)
        let a = IntRect(x: 0, y: 0, width: 10, height: 10), b = IntRect(x: 50, y: 20, width: 5, height: 5), c = IntRect(x: 90, y: 40, width: 10, height: 10)
        t.didPresent(buffer: 0, frameDamage: [t.bounds])
        t.didPresent(buffer: 1, frameDamage: [t.bounds])
        t.didPresent(buffer: 0, frameDamage: [a])
        // Buffer 1 was shown before frame `a`: it needs a ∪ this frame's b.
        #expect(Set(t.rectsToUpdate(buffer: 1, frameDamage: [b])) == Set([a, b]))
        t.didPresent(buffer: 1, frameDamage: [b])
        #expect(Set(t.rectsToUpdate(buffer: 0, frameDamage: [c])) == Set([b, c]))
        #expect(t.ages == [2, 1])
        t.invalidateAll()
        #expect(t.rectsToUpdate(buffer: 0, frameDamage: [c]) == [t.bounds])
    }

    @Test func simplifyMergesContainedAndFallsBackToBoundingBox() {
        let bounds = IntRect(x: 0, y: 0, width: 100, height: 100)
        let big = IntRect(x: 0, y: 0, width: 50, height: 50), small = IntRect(x: 10, y: 10, width: 5, height: 5)
        #expect(BufferAgeTracker.simplify([small, big, IntRect(x: 200, y: 0, width: 5, height: 5)], bounds: bounds, maxRects: 8) == [big])
        let many = (0..<10).map { IntRect(x: $0 * 10, y: 0, width: 2, height: 2) }
        #expect(BufferAgeTracker.simplify(many, bounds: bounds, maxRects: 8) == [IntRect(x: 0, y: 0, width: 92, height: 2)])
    }

    /// Simulates 2 and 3 scanout buffers in rotation with random damage: copying only
    /// `rectsToUpdate` into each buffer must leave it identical to the shadow every time.
    @Test(arguments: [1, 2, 3]) func buffersAlwaysMatchTheShadow(_ count: Int) throws {
        let w = 64, h = 48
        let shadow = try Surface(width: w, height: h)
        let buffers = try (0..<count).map { _ in try Surface(width: w, height: h) }
        for b in buffers { b.clear(0xFF12_3456) } // garbage the tracker must overwrite
        var t = BufferAgeTracker(bufferCount: count, width: w, height: h)
        t.maxRects = 3
        var rng = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15 &+ UInt64(count))
        for frame in 0..<200 {
            var damage: [IntRect] = []
            for _ in 0..<Int(rng.next() % 4) {
                let r = IntRect(x: Int(rng.next() % 70) - 3, y: Int(rng.next() % 50) - 2, width: Int(rng.next() % 20), height: Int(rng.next() % 20))
                shadow.fill(r, with: 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF)
                damage.append(r)
            }
            let i = frame % count
            for r in t.rectsToUpdate(buffer: i, frameDamage: damage) {
                ScanoutCopy.copy(shadow, rect: r, to: UnsafeMutableRawPointer(buffers[i].base), dstStride: buffers[i].stride, format: .xrgb8888, rotation: .degrees0)
            }
            t.didPresent(buffer: i, frameDamage: damage)
            #expect(buffers[i].samePixels(as: shadow), "frame \(frame) buffer \(i)")
        }
    }
}

