// TouchRouter: turns touches into gesture callbacks. A touch goes to the topmost drawn thing
// under it (the last frame's hit regions, honouring transforms, clips, contentShape and
// allowsHitTesting); the innermost enabled gesture around that thing recognises it. A touch
// that moves more than 10 points is no longer a tap; a drag starts past its minimumDistance.

import Raster

// TouchPhase is the platform's (Runtime/FrameSource.swift): one vocabulary from evdev to gestures.

final class TouchRouter {
    /// Movement (points) that turns a tap into not-a-tap.
    static let tapSlop: CGFloat = 10
    /// Longest gap between taps of a multi-tap, and their largest distance.
    static let multiTapInterval = 0.35
    static let multiTapDistance: CGFloat = 40
    /// How far (points) outside a pressed button the touch may go and still count as on it:
    /// a lift there still triggers it (UIKit's tracking margin is larger, ≈ 70; a kiosk's
    /// buttons sit closer together).
    static let pressMargin: CGFloat = 20

    struct Session {
        var chain: [Node]           // gesture nodes, innermost first
        var start: CGPoint
        var startTime: Double
        var samples: [(CGPoint, Double)] = []
        var isTap = true
        var drag: Node?
        /// A press-tracking tap target (Button) and whether the touch is on it now.
        var press: Node?
        var isPressing = false
    }
    private var sessions: [Int: Session] = [:]
    private var lastTap: (serial: Int, time: Double, location: CGPoint, count: Int)?
    /// The startDate of the graph, for DragGesture.Value.time.
    var startDate = Date()

    func handle(id: Int, phase: TouchPhase, location p: CGPoint, time: Double, regions: [HitRegion],
                transforms: [Int: Affine]) {
        switch phase {
        case .began:
            var chain: [Node] = []
            if p.x.isFinite, p.y.isFinite,
               let region = regions.last(where: { $0.contains(Raster.Point(p)) }) {
                chain = region.gestureNodes.reversed().filter { !$0.isRemoved && $0.environment.isEnabled }
            }
            var s = Session(chain: chain, start: p, startTime: time)
            s.samples.append((p, time))
            if let tap = chain.first(where: { if case .tap? = recipe($0)?.kind { return true } else { return false } }),
               let pressing = recipe(tap)?.onPressingChanged {
                s.press = tap
                s.isPressing = true
                pressing(true)
            }
            sessions[id] = s
            if let drag = chain.first(where: { if case .drag(let d)? = recipe($0)?.kind { return d == 0 } else { return false } }) {
                sessions[id]?.drag = drag
                sessions[id]?.isTap = false
                if let onChanged = recipe(drag)?.onChanged {
                    let v = value(s, node: drag, at: p, time: time, transforms: transforms)
                    withContinuousGestureTransaction { onChanged(v) }
                }
            }
        case .moved:
            guard var s = sessions[id] else { return }
            s.samples.append((p, time))
            if s.samples.count > 8 { s.samples.removeFirst(s.samples.count - 8) }
            let distance = hypot(p.x - s.start.x, p.y - s.start.y)
            if distance > TouchRouter.tapSlop { s.isTap = false }
            if s.drag == nil {
                s.drag = s.chain.first { node in
                    if case .drag(let d)? = recipe(node)?.kind { return distance >= d } else { return false }
                }
                if s.drag != nil { s.isTap = false }
            }
            if let press = s.press {
                // A drag that takes the touch (a slider, a scroll view) ends the press.
                let on = s.drag == nil && !press.isRemoved && isInside(p, node: press, transforms: transforms, margin: TouchRouter.pressMargin)
                if on != s.isPressing { s.isPressing = on; recipe(press)?.onPressingChanged?(on) }
                if s.drag != nil { s.press = nil }
            }
            sessions[id] = s
            if let drag = s.drag, !drag.isRemoved {
                if let onChanged = recipe(drag)?.onChanged {
                    let v = value(s, node: drag, at: p, time: time, transforms: transforms)
                    withContinuousGestureTransaction { onChanged(v) }
                }
            }
        case .ended:
            guard var s = sessions.removeValue(forKey: id) else { return }
            s.samples.append((p, time))
            if let press = s.press {
                let r = recipe(press)
                if s.isPressing { r?.onPressingChanged?(false) }
                let on = !press.isRemoved && isInside(p, node: press, transforms: transforms, margin: TouchRouter.pressMargin)
                if on && s.drag == nil { r?.onTap?() }
            } else if let drag = s.drag {
                if !drag.isRemoved { recipe(drag)?.onEnded?(value(s, node: drag, at: p, time: time, transforms: transforms)) }
            } else if s.isTap {
                recogniseTap(s, at: p, time: time)
            }
        case .cancelled:
            if let s = sessions.removeValue(forKey: id), let press = s.press, s.isPressing {
                recipe(press)?.onPressingChanged?(false)
            }
        }
    }

    /// Whether `p` (screen) lies within `margin` of the node's frame, in the node's own space.
    private func isInside(_ p: CGPoint, node: Node, transforms: [Int: Affine], margin: CGFloat) -> Bool {
        guard p.x.isFinite, p.y.isFinite else { return false }
        var q = Raster.Point(p)
        if let inverse = transforms[node.serial]?.inverted() { q = inverse.apply(q) }
        let f = node.frame
        return Double(q.x) >= Double(f.minX - margin) && Double(q.x) <= Double(f.maxX + margin)
            && Double(q.y) >= Double(f.minY - margin) && Double(q.y) <= Double(f.maxY + margin)
    }

    private func recogniseTap(_ s: Session, at p: CGPoint, time: Double) {
        guard let node = s.chain.first(where: { if case .tap? = recipe($0)?.kind { return true } else { return false } }),
              let r = recipe(node), case .tap(let count) = r.kind else { return }
        var n = 1
        if let last = lastTap, last.serial == node.serial, time - last.time <= TouchRouter.multiTapInterval,
           hypot(p.x - last.location.x, p.y - last.location.y) <= TouchRouter.multiTapDistance {
            n = last.count + 1
        }
        lastTap = (node.serial, time, p, n)
        if n % count == 0 { r.onTap?() }
    }

    private func recipe(_ node: Node) -> GestureRecipe? {
        ((node.primitive as? any ModifierCarrier)?.anyModifier as? _GestureModifier)?.recipe
    }

    private func value(_ s: Session, node: Node, at p: CGPoint, time: Double, transforms: [Int: Affine]) -> DragGesture.Value {
        func local(_ q: CGPoint) -> CGPoint {
            guard let inverse = transforms[node.serial]?.inverted() else { return q }
            let l = inverse.apply(Raster.Point(q))
            return CGPoint(x: l.x - Double(node.frame.minX), y: l.y - Double(node.frame.minY))
        }
        // Velocity over the samples of the last 100 ms.
        var velocity = CGSize.zero
        if let first = s.samples.first(where: { time - $0.1 <= 0.1 }) ?? s.samples.first, time - first.1 > 1e-6 {
            let a = local(first.0), b = local(p)
            velocity = CGSize(width: (b.x - a.x) / (time - first.1), height: (b.y - a.y) / (time - first.1))
        }
        return DragGesture.Value(time: startDate.addingTimeInterval(time), location: local(p), startLocation: local(s.start),
                                 velocity: velocity)
    }
}
