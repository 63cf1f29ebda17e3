// TwoFingerTracking: the touch router's side of MagnifyGesture/RotateGesture (and their older
// spellings). Touches are routed one session per finger; a two-finger gesture instead follows a
// pair: the first finger that goes down on its view opens a FingerPair, the next finger that
// goes down on the same view (its own hit chain holds the same gesture) joins it, and further
// fingers are ignored. Each finger keeps its own session too, so the view's other gestures see
// it as usual; once the pair is recognised neither finger is a tap any more.
// Measured on the screen, so the view's own transforms change neither the ratio nor the angle.

import Raster

extension TouchRouter {
    /// One two-finger gesture following its fingers.
    struct FingerPair {
        let ref: GestureRef
        var ids: [Int]
        var points: [CGPoint]
        /// Set when the second finger goes down.
        var startDistance: CGFloat = 1
        var startLocation = CGPoint.zero
        var startAnchor = UnitPoint.zero
        var lastAngle: Double = 0
        var rotation: Double = 0
        var magnification: CGFloat = 1
        var lastTime: Double = 0
        var magnificationVelocity: CGFloat = 0
        var rotationVelocity: Double = 0
        var recognised = false
        /// Moved since its last onChanged: the change is sent once per frame (`flushPairs`).
        var pending = false
        var pendingTime: Double = 0
    }

    /// A finger went down: it joins a waiting pair of each two-finger gesture on its path, or
    /// opens one.
    func fingerDown(id: Int, at p: CGPoint, time: Double, chain: [GestureRef], transforms: [Int: Affine]) {
        guard p.x.isFinite, p.y.isFinite else { return }
        for ref in chain where recipe(ref)?.isTwoFinger == true {
            if let i = pairs.firstIndex(where: { $0.ref == ref }) {
                guard pairs[i].ids.count == 1 else { continue }      // a third finger: ignored
                var pair = pairs[i]
                pair.ids.append(id)
                pair.points.append(p)
                let a = pair.points[0]
                pair.startDistance = max(1, hypot(p.x - a.x, p.y - a.y))
                pair.lastAngle = atan2(Double(p.y - a.y), Double(p.x - a.x))
                pair.lastTime = time
                let mid = CGPoint(x: (a.x + p.x) / 2, y: (a.y + p.y) / 2)
                let node = ref.node
                var local = mid
                if let inverse = transforms[node.serial]?.inverted() {
                    let l = inverse.apply(Raster.Point(mid))
                    local = CGPoint(x: l.x - Double(node.frame.minX), y: l.y - Double(node.frame.minY))
                }
                pair.startLocation = local
                let w = node.frame.width, h = node.frame.height
                pair.startAnchor = UnitPoint(x: w > 0 ? local.x / w : 0.5, y: h > 0 ? local.y / h : 0.5)
                pairs[i] = pair
            } else {
                pairs.append(FingerPair(ref: ref, ids: [id], points: [p]))
            }
        }
    }

    /// A finger moved: every pair it belongs to measures again, recognises past its threshold,
    /// and, once recognised, has a change to report. Reported once per frame (`flushPairs`, at
    /// the start of the renderer's frame), not per finger: a panel reports both fingers of one
    /// scan in one SYN_REPORT, and both arrive here as separate moves, so SwiftUI's one
    /// `onChanged` per event batch is one per frame here (a frame takes every batch since the
    /// last).
    func fingerMoved(id: Int, to p: CGPoint, time: Double) {
        guard p.x.isFinite, p.y.isFinite else { return }
        for i in pairs.indices {
            guard let f = pairs[i].ids.firstIndex(of: id) else { continue }
            pairs[i].points[f] = p
            guard pairs[i].ids.count == 2 else { continue }
            var pair = pairs[i]
            let a = pair.points[0], b = pair.points[1]
            let scale = hypot(b.x - a.x, b.y - a.y) / pair.startDistance
            let angle = atan2(Double(b.y - a.y), Double(b.x - a.x))
            var turn = angle - pair.lastAngle
            if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
            let dt = time - pair.lastTime
            if dt > 1e-6 {
                pair.magnificationVelocity = (scale - pair.magnification) / dt
                pair.rotationVelocity = turn / dt
            }
            pair.lastTime = time
            pair.lastAngle = angle
            pair.rotation += turn
            pair.magnification = scale
            guard let r = recipe(pair.ref) else { pairs[i] = pair; continue }
            if !pair.recognised {
                switch r.kind {
                case .magnify(let delta): pair.recognised = abs(scale - 1) > delta
                case .rotate(let delta): pair.recognised = abs(pair.rotation) > delta.radians
                default: break
                }
                if pair.recognised {
                    for finger in pair.ids { sessions[finger]?.isTap = false }
                }
            }
            if pair.recognised {
                pair.pending = true
                pair.pendingTime = time
            }
            pairs[i] = pair
        }
    }

    /// True when a pair moved since it last reported (the renderer then wants a frame).
    var hasPendingPairs: Bool { pairs.contains { $0.pending } }

    /// Sends each moved pair's value: one `onChanged` per gesture per frame.
    func flushPairs() {
        guard hasPendingPairs else { return }
        for i in pairs.indices where pairs[i].pending {
            pairs[i].pending = false
            let pair = pairs[i]
            guard pair.recognised, !pair.ref.node.isRemoved, let r = recipe(pair.ref), let make = r.twoFingerValue else { continue }
            r.change(make(sample(pair, time: pair.pendingTime)))
        }
    }

    /// A finger lifted or was cancelled: its pairs are over. A recognised pair ends with its
    /// last value (`onEnded` once) when the finger lifts, and fails when it is cancelled.
    func fingerUp(id: Int, time: Double, cancelled: Bool) {
        guard pairs.contains(where: { $0.ids.contains(id) }) else { return }
        let done = pairs.filter { $0.ids.contains(id) }
        pairs.removeAll { $0.ids.contains(id) }
        for pair in done {
            guard pair.recognised, !pair.ref.node.isRemoved, let r = recipe(pair.ref) else { continue }
            if cancelled { r.fail(); continue }
            guard let make = r.twoFingerValue else { continue }
            // A move not reported yet is reported before the end, as its own change.
            if pair.pending { r.change(make(sample(pair, time: pair.pendingTime))) }
            r.end(make(sample(pair, time: time)))
        }
    }

    private func sample(_ pair: FingerPair, time: Double) -> TwoFingerSample {
        TwoFingerSample(time: startDate.addingTimeInterval(time), magnification: pair.magnification,
                        magnificationVelocity: pair.magnificationVelocity, rotation: Angle(radians: pair.rotation),
                        rotationVelocity: Angle(radians: pair.rotationVelocity),
                        startAnchor: pair.startAnchor, startLocation: pair.startLocation)
    }
}
