import Testing
@testable import Raster

/// Gradients: the fixed-point, table-driven shaders against their Double references, spread
/// modes, stop edge cases, opacity detection and bad transforms.
///
/// Tolerance: every pixel within ±1/255 per channel of the reference colour, where the
/// reference t may be nudged by ±1e-6 (the 32.32 stepping drifts ≤ 2⁻³³ per pixel, so at a
/// table-cell boundary the two may pick neighbouring cells).
@Suite struct GradientShaderTests {
    static let nudge = 1e-6

    /// Random stops: 1–6, unsorted, sometimes sharing a location (hard edges).
    static func randomStops(_ r: inout TestRandom) -> [GradientStop] {
        var s: [GradientStop] = []
        for _ in 0..<(1 + r.int(6)) {
            let loc = s.isEmpty || r.unit() > 0.2 ? r.unit() : s[s.count - 1].location
            s.append(GradientStop(loc, r.color()))
        }
        return s
    }

    func expectMatchesReference(_ fast: [UInt32], x: Int, y: Int,
                                t: (Double, Double) -> Double, color: (Double) -> UInt32, _ what: String) {
        var bad = 0
        for i in fast.indices {
            let tr = t(Double(x + i) + 0.5, Double(y) + 0.5)
            let ok = [tr, tr - Self.nudge, tr + Self.nudge].contains { channelDistance(fast[i], color($0)) <= 1 }
            if !ok {
                bad += 1
                if bad == 1 { Issue.record("\(what): pixel (\(x + i), \(y)) fast \(String(fast[i], radix: 16)) ref \(String(color(tr), radix: 16)) t=\(tr)") }
            }
        }
        #expect(bad == 0, "\(what): \(bad) pixels beyond ±1/255")
    }

    @Test func linearFastEqualsReference() {
        var r = TestRandom(seed: 0x1234_5678)
        let cache = ShaderCache()
        for trial in 0..<300 {
            let g = LinearGradient(start: Point(r.range(-300, 300), r.range(-300, 300)),
                                   end: Point(r.range(-300, 300), r.range(-300, 300)),
                                   stops: Self.randomStops(&r), spread: r.spread())
            let tr = trial % 5 == 0 ? Affine.identity : r.transform()
            let opacity = r.unit() < 0.5 ? 1 : r.unit()
            guard let s = LinearGradientShader(g, transform: tr, opacity: opacity, cache: cache) else {
                Issue.record("gradient \(trial) unexpectedly paints nothing"); continue
            }
            for _ in 0..<4 {
                let x = r.int(400), y = r.int(400), n = 1 + r.int(300)
                expectMatchesReference(shadeSpan(s, x: x, y: y, count: n), x: x, y: y,
                                       t: s.referenceT, color: s.referenceColor, "linear \(trial)")
            }
        }
    }

    @Test func radialFastEqualsReference() {
        var r = TestRandom(seed: 0x0BAD_F00D)
        let cache = ShaderCache()
        for trial in 0..<300 {
            let g = RadialGradient(center: Point(r.range(-100, 500), r.range(-100, 500)), radius: r.range(0.5, 400),
                                   stops: Self.randomStops(&r), spread: r.spread())
            let tr = trial % 5 == 0 ? Affine.identity : r.transform()
            let opacity = r.unit() < 0.5 ? 1 : r.unit()
            guard let s = RadialGradientShader(g, transform: tr, opacity: opacity, cache: cache) else {
                Issue.record("gradient \(trial) unexpectedly paints nothing"); continue
            }
            for _ in 0..<4 {
                let x = r.int(400), y = r.int(400), n = 1 + r.int(300)
                expectMatchesReference(shadeSpan(s, x: x, y: y, count: n), x: x, y: y,
                                       t: s.referenceT, color: s.referenceColor, "radial \(trial)")
            }
        }
    }

    /// Black at 0 → white at 1 over device x 0…100: t = (x + 0.5)/100.
    func ramp(_ spread: Spread) -> LinearGradientShader {
        LinearGradientShader(LinearGradient(start: Point(0, 0), end: Point(100, 0),
                                            stops: [GradientStop(0, .black), GradientStop(1, .white)], spread: spread),
                             transform: .identity, opacity: 1, cache: ShaderCache())!
    }
    func grey(_ p: UInt32) -> Int { Int(p & 255) }

    @Test func spreadModes() {
        // x = 124 → t = 1.245: pad stays white, repeat restarts (0.245), reflect comes back (0.755).
        #expect(grey(shadeSpan(ramp(.pad), x: 124, y: 0, count: 1)[0]) == 255)
        #expect(abs(grey(shadeSpan(ramp(.repeat), x: 124, y: 0, count: 1)[0]) - 62) <= 1)
        #expect(abs(grey(shadeSpan(ramp(.reflect), x: 124, y: 0, count: 1)[0]) - 193) <= 1)
        // x = -26 → t = -0.255: pad black, repeat t = 0.745, reflect t = 0.255.
        #expect(grey(shadeSpan(ramp(.pad), x: -26, y: 0, count: 1)[0]) == 0)
        #expect(abs(grey(shadeSpan(ramp(.repeat), x: -26, y: 0, count: 1)[0]) - 190) <= 1)
        #expect(abs(grey(shadeSpan(ramp(.reflect), x: -26, y: 0, count: 1)[0]) - 65) <= 1)
        // A reflected ramp is symmetric about t = 1 across a whole span.
        let row = shadeSpan(ramp(.reflect), x: 0, y: 0, count: 200)
        for i in 0..<100 { #expect(channelDistance(row[i], row[199 - i]) <= 1) }
    }

    @Test func noStopsPaintNothingAndNaNLocationsAreDropped() {
        let cache = ShaderCache()
        let none = LinearGradient(start: .zero, end: Point(10, 0), stops: [])
        #expect(makeShader(for: .linearGradient(none), transform: .identity, opacity: 1, cache: cache) == nil)
        let allNaN = RadialGradient(center: .zero, radius: 5, stops: [GradientStop(.nan, .red)])
        #expect(makeShader(for: .radialGradient(allNaN), transform: .identity, opacity: 1, cache: cache) == nil)
        // A NaN stop among good ones is ignored: same pixels as without it.
        let good = [GradientStop(0, .red), GradientStop(1, .blue)]
        let a = LinearGradientShader(LinearGradient(start: .zero, end: Point(50, 0), stops: good),
                                     transform: .identity, opacity: 1, cache: ShaderCache())!
        let b = LinearGradientShader(LinearGradient(start: .zero, end: Point(50, 0),
                                                    stops: [good[0], GradientStop(.nan, .green), good[1]]),
                                     transform: .identity, opacity: 1, cache: ShaderCache())!
        #expect(shadeSpan(a, x: 0, y: 0, count: 60) == shadeSpan(b, x: 0, y: 0, count: 60))
    }

    @Test func oneStopIsSolid() {
        let c = Color(0.2, 0.4, 0.6, 0.5)
        let s = RadialGradientShader(RadialGradient(center: Point(10, 10), radius: 7, stops: [GradientStop(0.3, c)], spread: .reflect),
                                     transform: .rotation(0.3), opacity: 1, cache: ShaderCache())!
        for p in shadeSpan(s, x: 0, y: 5, count: 50) { #expect(channelDistance(p, c.premultiplied) <= 1) }
    }

    @Test func unsortedStopsEqualSorted() {
        let sorted = [GradientStop(0, .red), GradientStop(0.3, .green), GradientStop(0.8, .blue), GradientStop(1, .white)]
        let shuffled = [sorted[2], sorted[0], sorted[3], sorted[1]]
        let a = LinearGradientShader(LinearGradient(start: .zero, end: Point(80, 30), stops: sorted),
                                     transform: .identity, opacity: 1, cache: ShaderCache())!
        let b = LinearGradientShader(LinearGradient(start: .zero, end: Point(80, 30), stops: shuffled),
                                     transform: .identity, opacity: 1, cache: ShaderCache())!
        for y in [0, 7, 20] { #expect(shadeSpan(a, x: 0, y: y, count: 100) == shadeSpan(b, x: 0, y: y, count: 100)) }
    }

    @Test func equalLocationsMakeAHardEdge() {
        // red until 0.5, then blue from 0.5: no blend between them; locations out of range clamp.
        let g = LinearGradient(start: .zero, end: Point(100, 0),
                               stops: [GradientStop(-3, .red), GradientStop(0.5, .red), GradientStop(0.5, .blue), GradientStop(7, .blue)])
        let row = shadeSpan(LinearGradientShader(g, transform: .identity, opacity: 1, cache: ShaderCache())!, x: 0, y: 0, count: 100)
        for x in 0..<49 { #expect(row[x] == Color.red.premultiplied, "x \(x)") }
        for x in 51..<100 { #expect(row[x] == Color.blue.premultiplied, "x \(x)") }
    }

    @Test func opaqueDetection() {
        let cache = ShaderCache()
        let opaque = LinearGradient(start: .zero, end: Point(9, 9), stops: [GradientStop(0, .red), GradientStop(1, .blue)])
        let translucent = LinearGradient(start: .zero, end: Point(9, 9),
                                         stops: [GradientStop(0, .red), GradientStop(1, Color.blue.withAlpha(0.99))])
        #expect(makeShader(for: .linearGradient(opaque), transform: .identity, opacity: 1, cache: cache)!.isOpaque)
        #expect(!makeShader(for: .linearGradient(opaque), transform: .identity, opacity: 0.9, cache: cache)!.isOpaque)
        #expect(!makeShader(for: .linearGradient(translucent), transform: .identity, opacity: 1, cache: cache)!.isOpaque)
        let radial = RadialGradient(center: .zero, radius: 3, stops: [GradientStop(0.5, .green)])
        #expect(makeShader(for: .radialGradient(radial), transform: .identity, opacity: 1, cache: cache)!.isOpaque)
        #expect(makeShader(for: .solid(.red), transform: .identity, opacity: 1, cache: cache)!.isOpaque)
        #expect(!makeShader(for: .solid(.red), transform: .identity, opacity: 0.5, cache: cache)!.isOpaque)
        // Every shaded pixel of an opaque shader really is opaque.
        let s = makeShader(for: .linearGradient(opaque), transform: .rotation(1), opacity: 1, cache: cache)!
        #expect(shadeSpan(s, x: -20, y: 3, count: 100).allSatisfy { $0 >> 24 == 255 })
    }

    @Test func singularOrNonFiniteTransformPaintsNothing() {
        let cache = ShaderCache()
        let stops = [GradientStop(0, .red), GradientStop(1, .blue)]
        let bad = [Affine.scale(0, 1), Affine(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),
                   Affine(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0), Affine.translation(.infinity, 0)]
        for t in bad {
            #expect(makeShader(for: .linearGradient(LinearGradient(start: .zero, end: Point(5, 0), stops: stops)),
                               transform: t, opacity: 1, cache: cache) == nil)
            #expect(makeShader(for: .radialGradient(RadialGradient(center: .zero, radius: 5, stops: stops)),
                               transform: t, opacity: 1, cache: cache) == nil)
        }
        // NaN gradient geometry paints nothing as well.
        #expect(makeShader(for: .linearGradient(LinearGradient(start: Point(.nan, 0), end: Point(5, 0), stops: stops)),
                           transform: .identity, opacity: 1, cache: cache) == nil)
    }

    @Test func degenerateGeometryPaintsTheLastStopWithPad() {
        let stops = [GradientStop(0, .red), GradientStop(1, .blue)]
        let lin = LinearGradientShader(LinearGradient(start: Point(3, 3), end: Point(3, 3), stops: stops),
                                       transform: .identity, opacity: 1, cache: ShaderCache())!
        #expect(shadeSpan(lin, x: 0, y: 0, count: 8).allSatisfy { $0 == Color.blue.premultiplied })
        let rad = RadialGradientShader(RadialGradient(center: .zero, radius: 0, stops: stops),
                                       transform: .identity, opacity: 1, cache: ShaderCache())!
        #expect(shadeSpan(rad, x: 0, y: 0, count: 8).allSatisfy { $0 == Color.blue.premultiplied })
        // Repeat with zero period: the average colour (half red, half blue).
        let rep = RadialGradientShader(RadialGradient(center: .zero, radius: -1, stops: stops, spread: .repeat),
                                       transform: .identity, opacity: 1, cache: ShaderCache())!
        let p = shadeSpan(rep, x: 0, y: 0, count: 1)[0]
        #expect(channelDistance(p, Pixel.pack(a: 255, r: 128, g: 0, b: 127)) <= 1)
    }

    @Test func interpolationIsPremultiplied() {
        // Opaque red → transparent blue: half way is half-transparent red-ish-blue in premultiplied
        // space (r = 0.5·1, b = 0.5·0 = 0), not a purple fringe.
        let g = LinearGradient(start: .zero, end: Point(1023, 0), stops: [GradientStop(0, .red), GradientStop(1, Color.blue.withAlpha(0))])
        let s = LinearGradientShader(g, transform: .identity, opacity: 1, cache: ShaderCache())!
        let mid = shadeSpan(s, x: 511, y: 0, count: 1)[0]
        #expect(channelDistance(mid, Pixel.pack(a: 128, r: 128, g: 0, b: 0)) <= 1)
    }

    @Test func rowCacheAndOneColourRowsMatchTheGeneralPath() {
        // Horizontal (B = 0) and vertical (A = 0) gradients take the cached-row / one-colour paths;
        // compare them with the same gradient under a tiny rotation that forces the general path
        // (t changes by < 1e-9 per pixel, far below a table cell).
        let stops = [GradientStop(0, .red), GradientStop(0.4, .green), GradientStop(1, Color.blue.withAlpha(0.5))]
        let cache = ShaderCache()
        let h = LinearGradientShader(LinearGradient(start: Point(10, 0), end: Point(300, 0), stops: stops, spread: .reflect),
                                     transform: .identity, opacity: 1, cache: cache)!
        guard case .horizontal = h.mode else { Issue.record("expected the cached-row mode"); return }
        // Spans in an awkward order: overlapping, disjoint, growing — all must equal the reference.
        for (x, y, n) in [(50, 0, 100), (0, 1, 30), (120, 2, 300), (40, 3, 500), (700, 4, 10), (0, 5, 800)] {
            let fast = shadeSpan(h, x: x, y: y, count: n)
            expectMatchesReference(fast, x: x, y: y, t: h.referenceT, color: h.referenceColor, "horizontal")
        }
        let v = LinearGradientShader(LinearGradient(start: Point(0, 10), end: Point(0, 90), stops: stops),
                                     transform: .identity, opacity: 0.7, cache: cache)!
        guard case .vertical = v.mode else { Issue.record("expected the one-colour-row mode"); return }
        for y in [0, 9, 33, 50, 89, 120] {
            expectMatchesReference(shadeSpan(v, x: 5, y: y, count: 40), x: 5, y: y, t: v.referenceT, color: v.referenceColor, "vertical")
        }
    }

    @Test func tableIsReusedForTheSameStops() {
        let cache = ShaderCache()
        let stops = [GradientStop(0, .red), GradientStop(1, .blue)]
        _ = LinearGradientShader(LinearGradient(start: .zero, end: Point(5, 0), stops: stops), transform: .identity, opacity: 1, cache: cache)
        cache.lut[0] = 0x1234_5678          // a rebuild would overwrite this
        _ = RadialGradientShader(RadialGradient(center: .zero, radius: 5, stops: stops), transform: .identity, opacity: 1, cache: cache)
        #expect(cache.lut[0] == 0x1234_5678)
        _ = RadialGradientShader(RadialGradient(center: .zero, radius: 5, stops: stops), transform: .identity, opacity: 0.5, cache: cache)
        #expect(cache.lut[0] == Pixel.pack(a: 128, r: 128, g: 0, b: 0))
    }

    @Test func steadyStateReusesTheCacheBuffers() {
        // Zero allocations per draw: after a first draw of the widest row and most stops, later
        // shaders borrow the same buffers (no new allocation would leave the pointers unchanged).
        let cache = ShaderCache()
        let stops = [GradientStop(0, .red), GradientStop(0.5, .green), GradientStop(1, .blue)]
        func draw(_ i: Int) {
            let g = LinearGradient(start: Point(Double(i), 0), end: Point(300, 0), stops: i % 2 == 0 ? stops : stops.reversed())
            let s = LinearGradientShader(g, transform: .identity, opacity: 1, cache: cache)!
            for y in 0..<4 { _ = shadeSpan(s, x: 0, y: y, count: 640) }
        }
        draw(0)
        let row = cache.row, stopBuffer = cache.stops, lut = cache.lut
        for i in 1..<20 { draw(i) }
        #expect(cache.row == row && cache.stops == stopBuffer && cache.lut == lut)
    }
}
