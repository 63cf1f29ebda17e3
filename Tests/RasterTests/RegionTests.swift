import Testing
@testable import Raster
import TestSupport

/// The two promises of Region: no lost damage, no overlap (and the cap holds).
private func checkInvariants(_ region: Region, added: [IntRect], sourceLocation: SourceLocation = #_sourceLocation) {
    let rs = region.rects
    #expect(rs.count <= Region.maxRects, sourceLocation: sourceLocation)
    for r in rs { #expect(!r.isEmpty, sourceLocation: sourceLocation) }
    for i in 0..<rs.count {
        for j in (i + 1)..<rs.count {
            #expect(rs[i].intersection(rs[j]).isEmpty, "overlap \(rs[i]) \(rs[j])", sourceLocation: sourceLocation)
        }
    }
    // Every added pixel is covered. The rects are disjoint (checked above), so `a` is covered
    // exactly when the areas of its overlaps with them add up to its own area.
    for a in added where rs.reduce(0, { $0 + $1.intersection(a).area }) != a.area {
        Issue.record("lost part of \(a) in \(region)", sourceLocation: sourceLocation)
        return
    }
    #expect(region.area == rs.reduce(0) { $0 + $1.area }, sourceLocation: sourceLocation)
}

@Suite struct RegionTests {
    @Test func intRectExactlyTakesWholePixelsOnly() {
        #expect(IntRect(exactly: Rect(x: 3, y: -4, width: 10, height: 2)) == IntRect(x0: 3, y0: -4, x1: 13, y1: -2))
        #expect(IntRect(exactly: Rect(x: 0, y: 0, width: 0, height: 0)) == IntRect(x0: 0, y0: 0, x1: 0, y1: 0))
        #expect(IntRect(exactly: Rect(x: 0.5, y: 0, width: 10, height: 2)) == nil)
        #expect(IntRect(exactly: Rect(x: 0, y: 0, width: 10, height: 2.25)) == nil)
        #expect(IntRect(exactly: Rect(x: .nan, y: 0, width: 1, height: 1)) == nil)
        #expect(IntRect(exactly: Rect(x: 0, y: 0, width: .infinity, height: 1)) == nil)
        #expect(IntRect(exactly: Rect(x: 2e9, y: 0, width: 1, height: 1)) == nil)
        // Whole-number test by truncation: negative fractions, −0, near the ±10⁹ limit, a hair off.
        #expect(IntRect(exactly: Rect(x: -0.5, y: 0, width: 1, height: 1)) == nil)
        #expect(IntRect(exactly: Rect(x: -0.0, y: -3, width: 2, height: 1)) == IntRect(x0: 0, y0: -3, x1: 2, y1: -2))
        #expect(IntRect(exactly: Rect(x: 999_999_998.5, y: 0, width: 1, height: 1)) == nil)
        #expect(IntRect(exactly: Rect(x: 999_999_998, y: 0, width: 1, height: 1)) == IntRect(x0: 999_999_998, y0: 0, x1: 999_999_999, y1: 1))
        #expect(IntRect(exactly: Rect(x: 1.000_000_001, y: 0, width: 1, height: 1)) == nil)
        #expect(IntRect(exactly: Rect(x: -1e9, y: 0, width: 1, height: 1)) == nil)
        // covering agrees with it on whole-pixel rects
        let r = Rect(x: -7, y: 12, width: 30, height: 5)
        #expect(IntRect(exactly: r) == IntRect(covering: r))
    }

    @Test func emptyRegion() {
        let r = Region()
        #expect(r.isEmpty)
        #expect(r.bounds == .empty)
        #expect(r.area == 0)
        #expect(!r.contains(x: 0, y: 0))
        #expect(!r.intersects(IntRect(x: 0, y: 0, width: 100, height: 100)))
        #expect(Region(IntRect(x0: 5, y0: 5, x1: 5, y1: 9)).isEmpty)
        #expect(Region(IntRect(x0: 5, y0: 5, x1: 3, y1: 9)).isEmpty)
    }

    @Test func touchingRectsMergeIntoOne() {
        var r = Region(IntRect(x: 0, y: 0, width: 10, height: 10))
        r.add(IntRect(x: 10, y: 0, width: 10, height: 10))
        #expect(r.rects == [IntRect(x: 0, y: 0, width: 20, height: 10)])
        r.add(IntRect(x: 0, y: 10, width: 20, height: 5))
        #expect(r.rects == [IntRect(x: 0, y: 0, width: 20, height: 15)])
    }

    @Test func containedRectAddsNothing() {
        var r = Region(IntRect(x: 0, y: 0, width: 100, height: 100))
        r.add(IntRect(x: 10, y: 10, width: 5, height: 5))
        #expect(r.rects == [IntRect(x: 0, y: 0, width: 100, height: 100)])
    }

    @Test func farApartRectsStaySeparate() {
        var r = Region(IntRect(x: 0, y: 0, width: 10, height: 10))
        r.add(IntRect(x: 100, y: 100, width: 10, height: 10))
        #expect(r.rects.count == 2)
        #expect(r.area == 200)
        #expect(r.bounds == IntRect(x0: 0, y0: 0, x1: 110, y1: 110))
    }

    @Test func wastefulOverlapIsSplitNotMerged() {
        // An L shape: the bounding box would waste far more than 25 %, so the second rect is
        // added minus the overlap.
        var r = Region(IntRect(x: 0, y: 0, width: 100, height: 10))
        r.add(IntRect(x: 0, y: 0, width: 10, height: 100))
        #expect(r.rects.count == 2)
        #expect(r.area == 100 * 10 + 10 * 90)
        checkInvariants(r, added: [IntRect(x: 0, y: 0, width: 100, height: 10), IntRect(x: 0, y: 0, width: 10, height: 100)])
    }

    @Test func coverageCheckAgreesWithPixels() {
        var r = Region()
        let added = [IntRect(x: 0, y: 0, width: 30, height: 8), IntRect(x: 5, y: 3, width: 8, height: 30), IntRect(x: 20, y: 20, width: 9, height: 9)]
        for a in added { r.add(a) }
        checkInvariants(r, added: added)
        for a in added { for y in a.y0..<a.y1 { for x in a.x0..<a.x1 { #expect(r.contains(x: x, y: y)) } } }
    }

    @Test func capMergesCheapestPair() {
        var r = Region()
        var added: [IntRect] = []
        // Ten isolated 4×4 squares on a diagonal; the cap forces merges, nothing is lost.
        for i in 0..<10 {
            let a = IntRect(x: i * 50, y: i * 50, width: 4, height: 4)
            added.append(a); r.add(a)
        }
        #expect(r.rects.count == Region.maxRects)
        checkInvariants(r, added: added)
    }

    @Test func hugeAndExtremeRectsAreClamped() {
        var r = Region(IntRect(x0: Int.min, y0: Int.min, x1: Int.max, y1: Int.max))
        #expect(r.rects == [IntRect(x0: -(1 << 30), y0: -(1 << 30), x1: 1 << 30, y1: 1 << 30)])
        #expect(r.area == (1 << 31) * (1 << 31))
        r.add(IntRect(x: 5, y: 5, width: 1, height: 1))
        #expect(r.rects.count == 1)
        // The shift is clamped to 2^30 too, and the result squashed against the clamp edge.
        let t = r.translated(dx: Int.max, dy: 0)
        #expect(t.rects == [IntRect(x0: 0, y0: -(1 << 30), x1: 1 << 30, y1: 1 << 30)])
        #expect(r.translated(dx: 1 << 31, dy: 0).translated(dx: 1 << 31, dy: 0).isEmpty)
    }

    @Test func clipTranslateIntersect() {
        var r = Region(IntRect(x: 0, y: 0, width: 10, height: 10))
        r.add(IntRect(x: 50, y: 50, width: 10, height: 10))
        let c = r.clipped(to: IntRect(x: 5, y: 5, width: 50, height: 50))
        #expect(Set(c.rects) == [IntRect(x0: 5, y0: 5, x1: 10, y1: 10), IntRect(x0: 50, y0: 50, x1: 55, y1: 55)])
        let t = r.translated(dx: 3, dy: -2)
        #expect(Set(t.rects) == [IntRect(x0: 3, y0: -2, x1: 13, y1: 8), IntRect(x0: 53, y0: 48, x1: 63, y1: 58)])
        #expect(r.intersects(IntRect(x: 9, y: 9, width: 1, height: 1)))
        #expect(!r.intersects(IntRect(x: 10, y: 10, width: 40, height: 40)))
        #expect(r.contains(x: 59, y: 59) && !r.contains(x: 60, y: 59))
    }

    @Test func unionOfRegions() {
        let a = Region(IntRect(x: 0, y: 0, width: 10, height: 10))
        let b = Region(IntRect(x: 5, y: 5, width: 10, height: 10))
        let u = a.union(b)
        checkInvariants(u, added: a.rects + b.rects)
        #expect(u.area >= 175)
    }

    @Test func removeAllEmptiesForReuse() {
        var r = Region(IntRect(x: 0, y: 0, width: 10, height: 10))
        r.add(IntRect(x: 50, y: 50, width: 5, height: 5))
        r.removeAll()
        #expect(r.isEmpty && r.area == 0)
        r.add(IntRect(x: 1, y: 2, width: 3, height: 4))
        #expect(r == Region(IntRect(x: 1, y: 2, width: 3, height: 4)))
    }

    /// Random rectangles in a 200×200 field, many seeds: never lose damage, never overlap.
    @Test(arguments: 0..<100)
    func randomRectsKeepInvariants(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &* 7919)
        var region = Region()
        var added: [IntRect] = []
        for _ in 0..<30 {
            let w = Int.random(in: 0...40, using: &rng), h = Int.random(in: 0...40, using: &rng)
            let r = IntRect(x: Int.random(in: -20...180, using: &rng), y: Int.random(in: -20...180, using: &rng),
                            width: w, height: h)
            added.append(r)
            region.add(r)
            checkInvariants(region, added: added)
        }
        // formUnion and clip keep them too.
        var other = Region()
        for _ in 0..<10 {
            let r = IntRect(x: Int.random(in: 0...150, using: &rng), y: Int.random(in: 0...150, using: &rng),
                            width: Int.random(in: 1...30, using: &rng), height: Int.random(in: 1...30, using: &rng))
            other.add(r); added.append(r)
        }
        region.formUnion(other)
        checkInvariants(region, added: added)
        let clip = IntRect(x: 20, y: 30, width: 100, height: 90)
        let clipped = region.clipped(to: clip)
        checkInvariants(clipped, added: added.map { $0.intersection(clip) }.filter { !$0.isEmpty })
        for r in clipped.rects { #expect(clip.contains(r)) }
    }
}
