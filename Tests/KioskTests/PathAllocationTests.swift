// Single-shape paths are kept inline (Raster.Path.shape): building `Path(ellipseIn:)`,
// `Path(_ rect:)` or `Path(roundedRect:)`, comparing, hashing and bounding them allocates nothing,
// and a Canvas that fills one small dot per draw allocates nothing per dot (particles-2000 made
// 2005 allocations a frame, one array per dot, before; 4 after, in the release bench).
import Testing
import CAllocationCount
import TestSupport
@testable import Kiosk

/// `count` dots moving with the timeline, as the particles-2000 bench scene draws them.
private struct Dots: View {
    let count: Int
    let start = Date(timeIntervalSince1970: 0)
    var body: some View {
        TimelineView(.animation) { timeline in
            Kiosk.Canvas { context, size in
                let t = timeline.date.timeIntervalSince(start)
                for i in 0..<count {
                    let k = Double(i)
                    let x = 20 + (k * 37 + t * 90).truncatingRemainder(dividingBy: 760)
                    let y = 20 + (k * 23).truncatingRemainder(dividingBy: 440)
                    context.fill(Kiosk.Path(ellipseIn: CGRect(x: x - 3, y: y - 3, width: 6, height: 6)), with: .color(.orange))
                }
            }
        }
    }
}

@Suite(.disabled(if: Sanitizers.replaceMalloc, "a sanitizer's malloc replaces the counted one (scripts/sanitize)"))
struct PathAllocationTests {
    /// Building shape paths and comparing equal ones touches no heap (in this debug build too;
    /// bounds and hashing make their elements on the stack in release, which the Canvas test
    /// below and `kiosk bench` count).
    @Test func buildingAndComparingShapesAllocatesNothing() {
        #expect(kiosk_allocation_counting_active() == 1)
        var equal = 0
        var paths: [Kiosk.Path] = []
        paths.reserveCapacity(3)
        var a0 = kiosk_thread_allocations()
        for i in 0..<1001 {
            // The first round warms the runtime (type metadata is made, and allocated, on first use).
            if i == 1 { a0 = kiosk_thread_allocations() }
            let r = CGRect(x: Double(i % 50), y: 3, width: 6, height: 6)
            let e = Kiosk.Path(ellipseIn: r), b = Kiosk.Path(r), rr = Kiosk.Path(roundedRect: r, cornerRadius: 2)
            if e == Kiosk.Path(ellipseIn: r) && b == Kiosk.Path(r) && rr == Kiosk.Path(roundedRect: r, cornerRadius: 2) { equal += 1 }
            if i == 1000 { paths.append(e); paths.append(b); paths.append(rr) }
        }
        let allocations = kiosk_thread_allocations() &- a0
        #expect(allocations == 0, "allocations building and comparing 3000 shape paths: \(allocations)")
        #expect(equal == 1001)
        #expect(paths[0] != paths[1] && paths[1] != paths[2])
        #expect(paths[0].boundingRect == CGRect(x: 0, y: 3, width: 6, height: 6))
    }

    /// Allocations of a frame of `count` dots (after two warm-up frames).
    private func frameAllocations(dots count: Int) throws -> UInt64 {
        let surface = try Surface(width: 800, height: 480)
        let renderer = RootRenderer(width: 800, height: 480, colorScheme: .light, text: FixedAdvanceText(),
                                    root: Dots(count: count))
        var best = UInt64.max
        for f in 0..<8 {
            let a0 = kiosk_thread_allocations()
            _ = renderer.renderFrame(into: surface, at: 1000 + Double(f) / 60, fullRedraw: false)
            let a = kiosk_thread_allocations() &- a0
            if f >= 3 { best = min(best, a) }
        }
        return best
    }

    @Test func aCanvasOfDotsAllocatesNothingPerDot() throws {
        #expect(kiosk_allocation_counting_active() == 1)
        let none = try frameAllocations(dots: 0), many = try frameAllocations(dots: 400)
        // Whatever the frame itself allocates (more in a debug build), 400 dots add none of it.
        #expect(many <= none + 8, "a frame of 400 dots allocated \(many), of none \(none)")
    }
}
