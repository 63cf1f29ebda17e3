// Kiosk declares its own CGPoint/CGSize/CGRect/CGAffineTransform (CoreGraphicsTypes.swift) so the
// binary does not drag in Foundation's NSCoder and ICU. These tests hold them to Foundation's
// behaviour on this platform, case by case, on random and degenerate rectangles.
import Foundation
import Kiosk
import Raster
import Testing
import TestSupport

private typealias KRect = Kiosk.CGRect
private typealias FRect = Foundation.CGRect
private typealias KT = Kiosk.CGAffineTransform

private func k(_ r: FRect) -> KRect {
    KRect(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
}
private func same(_ a: KRect, _ b: FRect) -> Bool {
    if a.isNull && b.isNull { return true }
    func eq(_ x: Double, _ y: Foundation.CGFloat) -> Bool { abs(x - Double(y)) <= 1e-9 * max(1, abs(x)) }
    return eq(a.origin.x, b.origin.x) && eq(a.origin.y, b.origin.y) &&
        eq(a.size.width, b.size.width) && eq(a.size.height, b.size.height)
}

/// Rectangles that exercise the edge cases: negative sizes, zero sizes, touching, null.
private func sampleRects(_ rng: inout SplitMix64, count: Int) -> [FRect] {
    var rects: [FRect] = [.zero, .null, FRect(x: 0, y: 0, width: 10, height: 10),
                          FRect(x: 10, y: 0, width: 5, height: 10), FRect(x: 5, y: 5, width: -10, height: -3),
                          FRect(x: 3, y: 3, width: 0, height: 7)]
    for _ in 0..<count {
        func v(_ lo: Double, _ hi: Double) -> Foundation.CGFloat { Foundation.CGFloat(lo + (hi - lo) * Double(rng.next() >> 11) / Double(1 << 53)) }
        func pick(_ lo: Double, _ hi: Double) -> Foundation.CGFloat { rng.next() % 5 == 0 ? Foundation.CGFloat(rng.next() % 3) * 5 : v(lo, hi) }
        rects.append(FRect(x: pick(-20, 20), y: pick(-20, 20), width: pick(-15, 30), height: pick(-15, 30)))
    }
    return rects
}

@Test func rectAccessorsMatchFoundation() {
    var rng = SplitMix64(seed: 7)
    var mismatches: [String] = []
    for f in sampleRects(&rng, count: 200) where !f.isNull {
        let r = k(f)
        let pairs: [(String, Double, Foundation.CGFloat)] = [
            ("minX", r.minX, f.minX), ("minY", r.minY, f.minY), ("maxX", r.maxX, f.maxX), ("maxY", r.maxY, f.maxY),
            ("midX", r.midX, f.midX), ("midY", r.midY, f.midY), ("width", r.width, f.width), ("height", r.height, f.height),
        ]
        for (name, a, b) in pairs where abs(a - Double(b)) > 1e-9 { mismatches.append("\(f).\(name): \(a) vs \(b)") }
        if r.isEmpty != f.isEmpty { mismatches.append("\(f).isEmpty") }
        if !same(r.standardized, f.standardized) { mismatches.append("\(f).standardized") }
        if !same(r.integral, f.integral) { mismatches.append("\(f).integral: \(r.integral) vs \(f.integral)") }
        for (dx, dy) in [(1.0, 2.0), (-3.0, 0.5), (40.0, 1.0)] {
            if !same(r.insetBy(dx: dx, dy: dy), f.insetBy(dx: Foundation.CGFloat(dx), dy: Foundation.CGFloat(dy))) {
                mismatches.append("\(f).insetBy(\(dx), \(dy)): \(r.insetBy(dx: dx, dy: dy)) vs \(f.insetBy(dx: Foundation.CGFloat(dx), dy: Foundation.CGFloat(dy)))")
            }
            if !same(r.offsetBy(dx: dx, dy: dy), f.offsetBy(dx: Foundation.CGFloat(dx), dy: Foundation.CGFloat(dy))) { mismatches.append("\(f).offsetBy") }
        }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) differences, first: \(mismatches.prefix(5))")
}

@Test func rectSetOperationsMatchFoundation() {
    var rng = SplitMix64(seed: 11)
    let rects = sampleRects(&rng, count: 60)
    var mismatches: [String] = []
    for a in rects {
        for b in rects {
            let ka = k(a), kb = k(b)
            if !same(ka.union(kb), a.union(b)) { mismatches.append("\(a) ∪ \(b): \(ka.union(kb)) vs \(a.union(b))") }
            if !same(ka.intersection(kb), a.intersection(b)) {
                mismatches.append("\(a) ∩ \(b): \(ka.intersection(kb)) vs \(a.intersection(b))")
            }
            if ka.intersects(kb) != a.intersects(b) { mismatches.append("\(a) intersects \(b): \(ka.intersects(kb))") }
            if ka.contains(kb) != a.contains(b) { mismatches.append("\(a) contains \(b): \(ka.contains(kb))") }
        }
        for p in [(0.0, 0.0), (10, 10), (10, 0), (5, 5), (-1, 2), (2.5, 9.999)] {
            if k(a).contains(Kiosk.CGPoint(x: p.0, y: p.1)) != a.contains(Foundation.CGPoint(x: p.0, y: p.1)) {
                mismatches.append("\(a) contains point \(p)")
            }
        }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) differences, first: \(mismatches.prefix(5))")
}

/// Foundation on Linux has no CGAffineTransform; Raster's `Affine` has CoreGraphics' convention
/// (and its own tests), so the engine's transform is held to it.
@Test func affineTransformsMatchRaster() {
    let pairs: [(KT, Affine)] = [
        (KT(translationX: 3, y: -4), .translation(3, -4)),
        (KT(scaleX: 2, y: 0.5), .scale(2, 0.5)),
        (KT(rotationAngle: 0.7), .rotation(0.7)),
        (KT(rotationAngle: 0.3).scaledBy(x: 2, y: 3).translatedBy(x: 5, y: -1).rotated(by: -1.1),
         Affine.rotation(0.3).scaledBy(2, 3).translatedBy(5, -1).rotatedBy(-1.1)),
        (KT(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1), Affine(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)),  // singular
    ]
    var mismatches: [String] = []
    func eq(_ a: KT, _ b: Affine) -> Bool {
        zip([a.a, a.b, a.c, a.d, a.tx, a.ty], [b.a, b.b, b.c, b.d, b.tx, b.ty]).allSatisfy { abs($0 - $1) < 1e-9 }
    }
    for (i, (kt, at)) in pairs.enumerated() {
        if !eq(kt, at) { mismatches.append("\(i): built \(kt) vs \(at)") }
        // CoreGraphics returns a singular transform unchanged from inverted().
        if !eq(kt.inverted(), at.inverted() ?? at) { mismatches.append("\(i): inverted") }
        if !eq(kt.concatenating(KT(translationX: 1, y: 2)), at.concatenating(.translation(1, 2))) {
            mismatches.append("\(i): concatenating")
        }
        let kp = Kiosk.CGPoint(x: 3, y: 7).applying(kt), ap = at.apply(Raster.Point(3, 7))
        if abs(kp.x - ap.x) > 1e-9 || abs(kp.y - ap.y) > 1e-9 { mismatches.append("\(i): point") }
        let kr = KRect(x: 1, y: 2, width: 30, height: 8).applying(kt)
        let ar = at.apply(Raster.Rect(x: 1, y: 2, width: 30, height: 8))
        if abs(kr.minX - ar.minX) > 1e-9 || abs(kr.maxY - ar.maxY) > 1e-9 { mismatches.append("\(i): rect \(kr) vs \(ar)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
}

@Test func geometryCodesAsFoundationDoes() throws {
    let k = KRect(x: 1, y: 2.5, width: 3, height: 4)
    let f = FRect(x: 1, y: 2.5, width: 3, height: 4)
    let kd = try JSONEncoder().encode(k), fd = try JSONEncoder().encode(f)
    #expect(String(decoding: kd, as: UTF8.self) == String(decoding: fd, as: UTF8.self))
    #expect(try JSONDecoder().decode(KRect.self, from: fd) == k)
    #expect(k.description == "(1.0, 2.5, 3.0, 4.0)")  // CoreGraphics' form; Linux Foundation prints the reflection
}

/// SwiftUI code passes Doubles where CGFloats are expected and back; with `CGFloat = Double`
/// that is the identity, so arithmetic mixing the two compiles as it does with Foundation.
@Test func cgFloatMixesWithDouble() {
    let d: Double = 2.5
    let c: Kiosk.CGFloat = d * 2
    let back: Double = c + d
    #expect(back == 7.5)
    #expect(Kiosk.CGSize(width: d, height: c).width == 2.5)
}
