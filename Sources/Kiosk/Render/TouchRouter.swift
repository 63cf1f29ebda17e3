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
        var chain: [Node]           // gesture nodes, innermost first (high-priority ones first)
        var start: CGPoint
        var startTime: Double
        var samples: [(CGPoint, Double)] = []
        var isTap = true
        var drag: Node?
        /// Drags added with `simultaneousGesture` that follow the touch beside `drag`.
        var simultaneousDrags: [Node] = []
        /// A press-tracking tap target (Button) and whether the touch is on it now.
        var press: Node?
        var isPressing = false
        /// A long press waiting for its duration, and whether one was recognised (the touch's
        /// lift is then no tap).
        var longPress: Node?
        var longPressDone = false
        /// A `sequenced(before:)` gesture whose first part was recognised: its drag follows the
        /// touch from `secondStart` (once past its minimum distance: `secondActive`).
        var second: Node?
        var secondStart = CGPoint.zero
        var secondActive = false
    }
    private var sessions: [Int: Session] = [:]
    private var lastTap: (serial: Int, time: Double, location: CGPoint, count: Int)?
    /// The startDate of the graph, for DragGesture.Value.time.
    var startDate = Date()
    /// Runs a block at a time on the screen's clock (set by the renderer: GraphClock).
    var schedule: ((Double, @escaping () -> Void) -> Void)?

    func handle(id: Int, phase: TouchPhase, location p: CGPoint, time: Double, regions: [HitRegion],
                transforms: [Int: Affine]) {
        switch phase {
        case .began:
            var chain: [Node] = []
            if p.x.isFinite, p.y.isFinite,
               let region = regions.last(where: { $0.contains(Raster.Point(p)) }) {
                chain = region.gestureNodes.reversed().filter { !$0.isRemoved && $0.environment.isEnabled }
            }
            // highPriorityGesture: an outer view's gesture considered before its content's.
            if chain.contains(where: { recipe($0)?.priority == .high }) {
                chain = chain.filter { recipe($0)?.priority == .high } + chain.filter { recipe($0)?.priority != .high }
            }
            var s = Session(chain: chain, start: p, startTime: time)
            s.samples.append((p, time))
            for node in chain { recipe(node)?.onTouchDown?() }
            if let tap = chain.first(where: { recipe($0)?.isTap == true }),
               let pressing = recipe(tap)?.onPressingChanged {
                s.press = tap
                s.isPressing = true
                pressing(true)
            }
            if let lp = chain.first(where: { recipe($0)?.isLongPress == true }), let r = recipe(lp),
               case .longPress(let duration, _) = r.kind {
                s.longPress = lp
                r.onPressingChanged?(true)
                r.changeFirst(true)
                if duration.isFinite {
                    schedule?(time + duration) { [weak self, weak lp] in
                        guard let self, let lp else { return }
                        self.longPressDue(id: id, node: lp, startTime: time)
                    }
                }
            }
            sessions[id] = s
            if let drag = chain.first(where: { recipe($0)?.dragDistance() == 0 && recipe($0)?.priority != .simultaneous }) {
                sessions[id]?.drag = drag
                sessions[id]?.isTap = false
                failLongPress(id: id, unlessSimultaneous: true)
                recipe(drag)?.change(value(s, node: drag, at: p, time: time, transforms: transforms))
            }
            for node in chain where node !== sessions[id]?.drag && recipe(node)?.priority == .simultaneous && recipe(node)?.dragDistance() == 0 {
                sessions[id]?.simultaneousDrags.append(node)
                recipe(node)?.change(value(s, node: node, at: p, time: time, transforms: transforms))
            }
        case .moved:
            guard var s = sessions[id] else { return }
            s.samples.append((p, time))
            if s.samples.count > 8 { s.samples.removeFirst(s.samples.count - 8) }
            if let node = s.second {
                // The sequence's drag owns the touch now: no other gesture takes it.
                guard p.x.isFinite, p.y.isFinite, let r = recipe(node), !node.isRemoved else { sessions[id] = s; return }
                let minimum: CGFloat
                if case .drag(let d)? = r.sequenceSecond { minimum = d } else { minimum = 0 }
                if !s.secondActive && hypot(p.x - s.secondStart.x, p.y - s.secondStart.y) >= minimum { s.secondActive = true }
                sessions[id] = s
                if s.secondActive {
                    let v = value(s, node: node, at: p, time: time, transforms: transforms, start: s.secondStart)
                    withContinuousGestureTransaction { r.changeSecond(v) }
                }
                return
            }
            let distance = p.x.isFinite && p.y.isFinite ? hypot(p.x - s.start.x, p.y - s.start.y) : 0
            if distance > TouchRouter.tapSlop { s.isTap = false }
            if s.drag == nil {
                let moved = CGSize(width: p.x - s.start.x, height: p.y - s.start.y)
                s.drag = s.chain.first { node in
                    guard let r = recipe(node), r.priority != .simultaneous, let d = r.dragDistance() else { return false }
                    return distance >= d && (r.accepts?(moved) ?? true)
                }
                if s.drag != nil { s.isTap = false }
            }
            for node in s.chain where node !== s.drag && !s.simultaneousDrags.contains(where: { $0 === node }) {
                guard let r = recipe(node), r.priority == .simultaneous, let d = r.dragDistance(), distance >= d else { continue }
                s.simultaneousDrags.append(node)
            }
            if let press = s.press {
                // A drag that takes the touch (a slider, a scroll view) ends the press.
                let on = s.drag == nil && !press.isRemoved && isInside(p, node: press, transforms: transforms, margin: TouchRouter.pressMargin)
                if on != s.isPressing { s.isPressing = on; recipe(press)?.onPressingChanged?(on) }
                if s.drag != nil { s.press = nil }
            }
            sessions[id] = s
            if let lp = s.longPress, let r = recipe(lp), case .longPress(_, let maximum) = r.kind, distance > maximum {
                failLongPress(id: id, unlessSimultaneous: false)
            } else if s.drag != nil {
                failLongPress(id: id, unlessSimultaneous: true)
            }
            guard p.x.isFinite, p.y.isFinite else { return }     // a NaN move changes no drag
            if let drag = s.drag, !drag.isRemoved {
                recipe(drag)?.change(value(s, node: drag, at: p, time: time, transforms: transforms))
            }
            for node in s.simultaneousDrags where !node.isRemoved {
                recipe(node)?.change(value(s, node: node, at: p, time: time, transforms: transforms))
            }
        case .ended:
            failLongPress(id: id, unlessSimultaneous: false)
            guard var s = sessions.removeValue(forKey: id) else { return }
            let q = p.x.isFinite && p.y.isFinite ? p : (s.samples.last?.0 ?? s.start)
            s.samples.append((q, time))
            if let node = s.second {
                if !node.isRemoved, let r = recipe(node) {
                    r.endSecond(s.secondActive ? value(s, node: node, at: q, time: time, transforms: transforms, start: s.secondStart) : nil)
                }
                return
            }
            if let press = s.press {
                let r = recipe(press)
                if s.isPressing { r?.onPressingChanged?(false) }
                let on = !press.isRemoved && isInside(q, node: press, transforms: transforms, margin: TouchRouter.pressMargin)
                if on && s.drag == nil {
                    r?.end(())
                    endSimultaneousTaps(s, except: press)
                }
            } else if let drag = s.drag {
                if !drag.isRemoved { recipe(drag)?.end(value(s, node: drag, at: q, time: time, transforms: transforms)) }
            } else if s.isTap && !s.longPressDone {
                recogniseTap(s, at: q, time: time)
            }
            for node in s.simultaneousDrags where !node.isRemoved {
                recipe(node)?.end(value(s, node: node, at: q, time: time, transforms: transforms))
            }
        case .cancelled:
            failLongPress(id: id, unlessSimultaneous: false)
            if let s = sessions.removeValue(forKey: id) {
                if let node = s.second { recipe(node)?.fail() }
                if let press = s.press, s.isPressing { recipe(press)?.onPressingChanged?(false) }
                if let drag = s.drag { recipe(drag)?.fail() }
                for node in s.simultaneousDrags { recipe(node)?.fail() }
            }
        }
    }

    /// The touch has been down a long press's minimum duration: recognised unless it already
    /// failed (moved, lifted, taken by a drag) or the touch is another one now.
    private func longPressDue(id: Int, node: Node, startTime: Double) {
        guard var s = sessions[id], s.startTime == startTime, s.longPress === node, !node.isRemoved,
              let r = recipe(node) else { return }
        s.longPress = nil
        s.longPressDone = true
        s.isTap = false
        if r.priority != .simultaneous, let press = s.press {
            // A recognised long press takes the touch from a Button under it.
            if s.isPressing { recipe(press)?.onPressingChanged?(false) }
            s.press = nil
        }
        if r.sequenceSecond != nil {
            // sequenced(before:): the long press is the first part; the second takes over.
            s.second = node
            s.secondStart = s.samples.last?.0 ?? s.start
            sessions[id] = s
            r.onPressingChanged?(false)
            r.firstRecognised(true)
            return
        }
        sessions[id] = s
        r.onPressingChanged?(false)
        r.end(true)
    }

    /// Fails the session's pending long press (a simultaneous one survives a drag when asked).
    private func failLongPress(id: Int, unlessSimultaneous: Bool) {
        guard let lp = sessions[id]?.longPress, let r = recipe(lp) else { return }
        if unlessSimultaneous && r.priority == .simultaneous { return }
        sessions[id]?.longPress = nil
        r.onPressingChanged?(false)
        r.fail()
    }

    /// Taps added with `simultaneousGesture` fire with the tap or button that was recognised.
    private func endSimultaneousTaps(_ s: Session, except fired: Node) {
        for node in s.chain where node !== fired {
            guard let r = recipe(node), r.priority == .simultaneous, case .tap(let count) = r.kind, count == 1 else { continue }
            r.end(())
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
        guard let node = s.chain.first(where: { recipe($0)?.isTap == true && recipe($0)?.priority != .simultaneous })
                ?? s.chain.first(where: { recipe($0)?.isTap == true }),
              let r = recipe(node), case .tap(let count) = r.kind else { return }
        var n = 1
        if let last = lastTap, last.serial == node.serial, time - last.time <= TouchRouter.multiTapInterval,
           hypot(p.x - last.location.x, p.y - last.location.y) <= TouchRouter.multiTapDistance {
            n = last.count + 1
        }
        lastTap = (node.serial, time, p, n)
        if n % count == 0 {
            r.end(())
            endSimultaneousTaps(s, except: node)
        }
    }

    private func recipe(_ node: Node) -> GestureRecipe? {
        if let source = node.primitive as? any NodeGestureSource { return source.gestureRecipe(node: node) }
        return ((node.primitive as? any ModifierCarrier)?.anyModifier as? _GestureModifier)?.recipe
    }

    private func value(_ s: Session, node: Node, at p: CGPoint, time: Double, transforms: [Int: Affine],
                       start: CGPoint? = nil) -> DragGesture.Value {
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
        return DragGesture.Value(time: startDate.addingTimeInterval(time), location: local(p), startLocation: local(start ?? s.start),
                                 velocity: velocity)
    }
}
