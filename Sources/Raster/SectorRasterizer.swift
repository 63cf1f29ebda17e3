// Analytic coverage for a ring segment (an annular sector): the region between two concentric
// circles from one angle to another, with flat (radial) ends — a progress ring, a gauge, an
// arc indicator, LVGL's `lv_arc`. Such a path (two arcs and a close, `Path.sector`), or one arc
// stroked with flat or round ends (`Circle().trim(…).stroke(…)`), is drawn here rather than
// flattened and scan-converted: each row's coverage is constant (0 or full) outside at most
// eight short intervals (the two edge bands of each circle, the band round each end ray, each
// round end's chord), so a row is a few runs and a few pixels evaluated one by one. LVGL scene 10 at
// 1920×1080 FULL draws 66 of them a frame: the cell sweep spent ≈ 141 k instructions on each
// (segments, strips, touched-cell bits, prefix sums), most of it on the runs between edges.
//
// A pixel's coverage is a function of its centre p and the sector alone:
//   radial   = clamp(R + ½ − d) − clamp(r + ½ − d)          (d = |p − centre|)
//   eₖ       = clamp(½ − distance from p to end ray k)       (the pixel's part past that ray;
//              to the centre when p lies behind the ray)
//   angular  = inside the wedge: 1 − e₀ − e₁ (up to a half turn: the rays on either side)
//                                or 1 − |e₀ − e₁| (past it); outside: |e₀ − e₁| or e₀ + e₁
//   coverage = radial · angular
// — each edge taken as a straight line across the pixel (exact for axis-aligned edges, within
// a few levels of the exact area elsewhere: SectorRasterizerTests). The sum rule keeps a sweep
// of a degree (a sliver thinner than a pixel) as thin as it is, and distances to the rays, not
// their lines, keep a pixel's value independent of the other ray when that ray's line passes
// nearby (a sweep near a half turn: the end ray's line runs along the start ray). So a pixel's
// value depends on the end angle only inside the swept wedge and within a pixel of the end
// ray, which the box of the path's changed cubics holds (PathDifference). Round ends add each
// disc's half beyond its ray (disc × half-plane): the three meet only along the rays, so the
// union is their sum (within 40 levels of 8 × 8 samples). The runs are
// taken only where this function is provably constant, so every pixel gets the same value
// whatever the clip draws it: a damage rectangle repaints exactly what a whole frame paints.
// Nothing outside the sector's covering box is drawn (its box never exceeds the box of the
// path's cubics, which lie on or outside the circles).

import CRasterCPU

/// A ring segment in device space: centre, radii (1 ≤ inner < outer), start
/// angle and a sweep in 0 < sweep ≤ 2π turning in increasing angle (clockwise on screen).
struct DeviceSector {
    var cx: Double, cy: Double, outer: Double, inner: Double, start: Double, sweep: Double
    /// The unit directions of the start and end rays (cos, sin of `start` and `start + sweep`),
    /// computed once: the box, the end discs and the coverage all use them.
    var u0x: Double, u0y: Double, u1x: Double, u1y: Double
    /// Round ends: a disc across the ring at each end ray (a stroke's round caps).
    var roundEnds = false

    /// The sector `hint` names under `t`, normalized; nil when `t` is not a similarity or the
    /// numbers are not usable (non-finite, empty).
    init?(_ hint: SectorHint, transform t: Affine) {
        guard hint.stage == 3, let h = hint.applying(t) else { return nil }
        var start = h.start, sweep = h.sweep
        if sweep < 0 { start += sweep; sweep = -sweep }
        let o = Swift.max(Swift.abs(h.outer), Swift.abs(h.inner)), i = Swift.min(Swift.abs(h.outer), Swift.abs(h.inner))
        // A ring whose hole is at least a pixel across: at a pie's centre, where both rays
        // meet, straight-edge coverage is far from the area (the cell sweep draws pies).
        guard h.center.x.isFinite, h.center.y.isFinite, o.isFinite, o > i, i >= 1, o < 1e7,
              Swift.abs(h.center.x) < 1e7, Swift.abs(h.center.y) < 1e7,
              start.isFinite, sweep.isFinite, sweep > 0, Swift.abs(start) < 1e6 else { return nil }
        cx = h.center.x; cy = h.center.y; outer = o; inner = i
        self.start = start; self.sweep = Swift.min(sweep, 2 * Double.pi)
        let end = start + self.sweep
        u0x = _cos(start); u0y = _sin(start); u1x = _cos(end); u1y = _sin(end)
    }

    /// The ring segment a stroke `width` wide of the one arc `hint` stands for (stage 1) is:
    /// flat ends are radial, round ends a disc across the ring; nil for square caps, unless it
    /// has a hole (a stroke wider than the arc's diameter covers the centre), or when
    /// `init(_:transform:)` would give nil.
    init?(stroking hint: SectorHint, width: Double, cap: LineCap, transform t: Affine) {
        guard hint.stage == 1, cap != .square, width.isFinite, width > 0, width < 2 * Swift.abs(hint.outer) else { return nil }
        var h = hint
        let r = Swift.abs(hint.outer)
        h.outer = r + width / 2; h.inner = r - width / 2; h.stage = 3
        self.init(h, transform: t)
        roundEnds = cap == .round
    }

    /// The end discs' centres (relative to the centre) and radius.
    var ends: (Double, Double, Double, Double, Double) {
        let m = (outer + inner) / 2
        return (m * u0x, m * u0y, m * u1x, m * u1y, (outer - inner) / 2)
    }

    /// The covering box of the sector: its end points and the outer circle's axis points the
    /// sweep passes.
    var box: IntRect {
        let ring = ringBox
        guard roundEnds && sweep < 2 * Double.pi else { return ring }
        let (ax, ay, bx, by, rc) = ends
        return ring.union(IntRect(covering: Rect(x: cx + ax - rc, y: cy + ay - rc, width: 2 * rc, height: 2 * rc)))
            .union(IntRect(covering: Rect(x: cx + bx - rc, y: cy + by - rc, width: 2 * rc, height: 2 * rc)))
    }

    private var ringBox: IntRect {
        let b = SectorHint.ringBox(start: start, sweep: sweep, outer: outer, inner: inner, c0: u0x, s0: u0y, c1: u1x, s1: u1y)
        return IntRect(covering: Rect(x: cx + b.x0, y: cy + b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0))
    }
}

/// The coverage formula of a ring segment (see the top of the file), its constants computed once.
struct SectorCoverage {
    let R: Double, r: Double, cx: Double, cy: Double
    let u0x: Double, u0y: Double, u1x: Double, u1y: Double
    /// (The inner radius is at least a pixel, `DeviceSector`: there is always a hole.)
    let angular: Bool, wide: Bool
    /// Round ends (see `DeviceSector.roundEnds`): the discs' centres relative to the centre,
    /// and their radius.
    let caps: Bool
    let a0x: Double, a0y: Double, a1x: Double, a1y: Double, rc: Double

    init(_ s: DeviceSector) {
        R = s.outer; r = s.inner; cx = s.cx; cy = s.cy
        angular = s.sweep < 2 * Double.pi; wide = s.sweep > Double.pi
        u0x = s.u0x; u0y = s.u0y; u1x = s.u1x; u1y = s.u1y
        caps = s.roundEnds && angular
        (a0x, a0y, a1x, a1y, rc) = caps ? s.ends : (0, 0, 0, 0, 0)
    }

    @inline(__always) static func clamp01(_ v: Double) -> Double { let a = v < 1 ? v : 1; return a > 0 ? a : 0 }

    /// The coverage of the pixel whose centre is dx right of the centre and dy below it
    /// (dy2 = dy²).
    @inline(__always) func at(_ dx: Double, _ dy: Double, _ dy2: Double) -> UInt8 {
        if !caps { return Self.level(segment(dx, dy, dy2)) }
        // Round ends: each disc's half beyond its end ray (disc × that half-plane), added to the
        // segment — the three meet only along the rays, so their union is the sum. (The most
        // of segment and whole discs left up to 100 levels out where a disc meets the inner
        // circle, a pixel half in each.)
        let q0 = ((dx - a0x) * (dx - a0x) + (dy - a0y) * (dy - a0y)).squareRoot()
        let q1 = ((dx - a1x) * (dx - a1x) + (dy - a1y) * (dy - a1y)).squareRoot()
        let (t0, t1) = sides(dx, dy)
        let c0 = Self.clamp01(rc + 0.5 - q0) * Self.clamp01(0.5 - t0)
        let c1 = Self.clamp01(rc + 0.5 - q1) * Self.clamp01(0.5 + t1)
        return Self.level(Swift.min(1, segment(dx, dy, dy2) + c0 + c1))
    }

    /// The ring segment's own coverage (no round ends), 0…1.
    @inline(__always) func segment(_ dx: Double, _ dy: Double, _ dy2: Double) -> Double {
        var a = 1.0
        var d = -1.0
        if angular {
            // Signed side of each end ray's line; the part of the pixel past a ray is
            // e = clamp(½ − distance to the ray), to the centre where the pixel lies behind it.
            // More than ½ from both lines (a ray is never nearer than its line): e₀ = e₁ = 0.
            let (t0, t1) = sides(dx, dy)
            let inside = isInside(t0, t1)
            if Swift.abs(t0) >= 0.5 && Swift.abs(t1) >= 0.5 {
                if !inside { return 0 }
            } else {
                d = (dx * dx + dy2).squareRoot()
                let d0 = u0x * dx + u0y * dy >= 0 ? Swift.abs(t0) : d
                let d1 = u1x * dx + u1y * dy >= 0 ? Swift.abs(t1) : d
                let e0 = Self.clamp01(0.5 - d0), e1 = Self.clamp01(0.5 - d1)
                if inside {
                    // Both rays on either side of the pixel (a wedge up to a half turn) take
                    // their parts away; past a half turn the nearer excluded one does.
                    a = wide ? 1 - Swift.abs(e0 - e1) : Swift.max(0, 1 - e0 - e1)
                } else {
                    a = wide ? Swift.min(1, e0 + e1) : Swift.abs(e0 - e1)
                }
            }
        }
        if d < 0 { d = (dx * dx + dy2).squareRoot() }
        return ringPart(d) * a
    }

    /// The pixel centre's signed distances to the start and end rays' lines (positive: the
    /// side of increasing angle).
    @inline(__always) func sides(_ dx: Double, _ dy: Double) -> (Double, Double) {
        (u0x * dy - u0y * dx, u1x * dy - u1y * dx)
    }

    /// Whether a centre with these `sides` lies in the wedge (by the rays' lines).
    @inline(__always) func isInside(_ t0: Double, _ t1: Double) -> Bool {
        wide ? (t0 >= 0 || t1 <= 0) : (t0 >= 0 && t1 <= 0)
    }

    /// Whether the pixel centre lies in the wedge (by the rays' lines; see `at`).
    @inline(__always) func inside(_ dx: Double, _ dy: Double) -> Bool {
        let (t0, t1) = sides(dx, dy)
        return isInside(t0, t1)
    }

    /// `at` for a pixel in the wedge more than ½ from both rays' lines: the radial part alone.
    @inline(__always) func radial(_ dx: Double, _ dy2: Double) -> UInt8 {
        Self.level(ringPart((dx * dx + dy2).squareRoot()))
    }

    @inline(__always) func ringPart(_ d: Double) -> Double {
        Self.clamp01(R + 0.5 - d) - Self.clamp01(r + 0.5 - d)
    }

    @inline(__always) static func level(_ v: Double) -> UInt8 {
        v > 0 ? UInt8(truncatingIfNeeded: kiosk_trunc32(v * 255 + 0.5)) : 0
    }
}

enum SectorRasterizer {
    /// Classification margin: a pixel is taken as fully in or out of an edge only this far
    /// (device px) beyond where the formula saturates, so rounding cannot make a run's pixels
    /// differ from the formula.
    static let margin = 1e-6

    /// Draws `s` inside `clip` into `sink` (`cov`: a row of scratch, at least the clip's width).
    static func fill<Sink: CoverageSink>(_ s: DeviceSector, clip: IntRect, cov: UnsafeMutablePointer<UInt8>, sink: inout Sink) {
        let area = s.box.intersection(clip)
        if area.isEmpty { return }
        let f = SectorCoverage(s)
        let R = f.R, r = f.r, cx = f.cx, cy = f.cy
        let u0x = f.u0x, u0y = f.u0y, u1x = f.u1x, u1y = f.u1y
        let e = margin
        let oAny = (R + 0.5 + e) * (R + 0.5 + e), oFull = R - 0.5 - e
        let iAny = (r + 0.5 + e) * (r + 0.5 + e), iFull = r - 0.5 - e
        let xs = area.x0, xe = area.x1
        let angular = f.angular

        // Intervals (pixel columns [lo, hi)) of a row where the formula is evaluated pixel by
        // pixel, at most eight (two per circle, one per end ray, one per round end), kept
        // sorted by insertion; `ray` marks one whose pixels need the whole formula.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 24) { slots in
            let los = slots.baseAddress!, his = los + 8, rays = los + 16
            for y in area.y0..<area.y1 {
                let dy = Double(y) + 0.5 - cy, dy2 = dy * dy
                if dy2 >= oAny { continue }
                var n = 0
                /// Adds the pixels whose centres lie in dx ∈ (a, b), within the row (an infinite
                /// end clamps; a NaN one takes the whole row). The bounds need no widening: the
                /// radii and ray offsets behind a, b carry `margin`, a million times their
                /// rounding error.
                @inline(__always) func add(_ a: Double, _ b: Double, ray: Int) {
                    let fa = a + cx - 0.5, fb = b + cx - 0.5
                    if fa >= Double(xe) || fb <= Double(xs) { return }
                    let l = fa > Double(xs) ? Rasterizer.floorInt(fa) &+ 1 : xs
                    let h = fb < Double(xe) ? Rasterizer.ceilInt(fb) : xe
                    if l >= h { return }
                    var k = n
                    while k > 0 && los[k - 1] > l { los[k] = los[k - 1]; his[k] = his[k - 1]; rays[k] = rays[k - 1]; k -= 1 }
                    los[k] = l; his[k] = h; rays[k] = ray; n += 1
                }
                // The outer edge's band, from full (|dx| ≤ of) to none (|dx| ≥ oa), and the
                // inner one's, from the hole (|dx| ≤ hf) to none (|dx| ≥ ia), added left to
                // right (no insertion moves).
                let oa = (oAny - dy2).squareRoot()
                let of = oFull > 0 && oFull * oFull > dy2 ? (oFull * oFull - dy2).squareRoot() : -1
                let ia = iAny > dy2 ? (iAny - dy2).squareRoot() : -1
                let hf = ia >= 0 && iFull * iFull > dy2 ? (iFull * iFull - dy2).squareRoot() : -1
                if of < 0 { add(-oa, oa, ray: 0) } else {
                    add(-oa, -of, ray: 0)
                    if ia >= 0 { if hf < 0 { add(-ia, ia, ray: 0) } else { add(-ia, -hf, ray: 0); add(hf, ia, ray: 0) } }
                    add(of, oa, ray: 0)
                }
                // End rays: a ray's part e is 0 wherever the pixel is more than ½ from the ray's
                // line (|ux·dy − uy·dx| > ½). A horizontal ray's line is the row itself or
                // misses it: then e changes only round the centre, where the pixel passes from
                // beside the ray to behind it.
                // Only the ray's side of its line matters: where the band lies more than a
                // pixel behind the centre (the line's other half), e is 0 (the distance is to
                // the centre) and the wedge does not change across the line (the other ray's
                // condition decides there, SectorRasterizerTests), so those pixels are the
                // circles' like any other; and outside the outer circle nothing is drawn.
                // (`flat`: this row is within ½ of a horizontal ray's line all along.)
                var flat = false
                if angular {
                    @inline(__always) func rayBand(_ ux: Double, _ uy: Double) {
                        if uy != 0 {
                            let p = (ux * dy - 0.5 - e) / uy, q = (ux * dy + 0.5 + e) / uy
                            let a = Swift.max(Swift.min(p, q), -oa), b = Swift.min(Swift.max(p, q), oa)
                            if Swift.max(ux * a, ux * b) + uy * dy >= -1 { add(a, b, ray: 1) }
                        } else if Swift.abs(dy) < 0.5 + e { add(-1, 1, ray: 1); flat = true }
                    }
                    rayBand(u0x, u0y)
                    rayBand(u1x, u1y)
                    // Round ends: each disc's chord of the row, pixel by pixel.
                    if f.caps {
                        let reach = (f.rc + 0.5 + e) * (f.rc + 0.5 + e)
                        @inline(__always) func disc(_ ex: Double, _ ey: Double) {
                            let q = (dy - ey) * (dy - ey)
                            if q < reach { let w = (reach - q).squareRoot(); add(ex - w, ex + w, ray: 1) }
                        }
                        disc(f.a0x, f.a0y)
                        disc(f.a1x, f.a1y)
                    }
                }
                // Walk the row: constant gaps as runs (their value at any pixel), the intervals
                // (merged where they overlap) pixel by pixel.
                var x = xs, k = 0
                while x < xe {
                    var stop = xe
                    if k < n { stop = Swift.max(x, los[k]) }
                    if stop > x {
                        let v = f.at(Double(x) + 0.5 - cx, dy, dy2)
                        if v != 0 { sink.run(x: x, y: y, count: stop - x, coverage: v) }
                        x = stop
                    }
                    if k >= n { break }
                    var h = his[k], ray = rays[k]; k += 1
                    while k < n && los[k] <= h { h = Swift.max(h, his[k]); ray |= rays[k]; k += 1 }
                    if h <= x { continue }
                    // Each pixel's own dx (not a running sum): the same bits whatever column the
                    // clip starts the interval at.
                    var any: UInt8 = 0
                    if ray != 0 || flat {
                        for i in 0..<(h - x) {
                            let v = f.at(Double(x &+ i) + 0.5 - cx, dy, dy2)
                            cov[i] = v; any |= v
                        }
                    } else if !angular || f.inside(Double(x) + 0.5 - cx, dy) {
                        // A circle's band away from both rays' lines: wholly in the wedge (the
                        // angular factor is exactly 1) or wholly out of it (nothing to draw).
                        for i in 0..<(h - x) {
                            let v = f.radial(Double(x &+ i) + 0.5 - cx, dy2)
                            cov[i] = v; any |= v
                        }
                    }
                    if any != 0 { sink.mask(x: x, y: y, count: h - x, mask: cov) }
                    x = h
                }
            }
        }
    }
}
