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

    /// One gesture on a touch's path: a gesture node's own recipe (`member` -1), or one member
    /// of its `simultaneously(with:)` / `exclusively(before:)` combination (0 or 1).
    struct GestureRef: Equatable {
        let node: Node
        let member: Int
        static func == (a: GestureRef, b: GestureRef) -> Bool { a.node === b.node && a.member == b.member }
        /// Tells multi-taps of the two members of one node apart.
        var key: Int { node.serial &* 4 &+ member &+ 1 }
    }

    struct Session {
        var chain: [GestureRef]     // gestures, innermost first (high-priority ones first)
        var start: CGPoint
        var startTime: Double
        var samples: [(CGPoint, Double)] = []
        var isTap = true
        var drag: GestureRef?
        /// Drags added with `simultaneousGesture` that follow the touch beside `drag`.
        var simultaneousDrags: [GestureRef] = []
        /// A press-tracking tap target (Button) and whether the touch is on it now.
        var press: GestureRef?
        var isPressing = false
        /// A long press waiting for its duration, and whether one was recognised (the touch's
        /// lift is then no tap).
        var longPress: GestureRef?
        var longPressDone = false
        /// A `sequenced(before:)` gesture whose first part was recognised: its drag follows the
        /// touch from `secondStart` (once past its minimum distance: `secondActive`).
        var second: GestureRef?
        var secondStart = CGPoint.zero
        var secondActive = false
    }
    var sessions: [Int: Session] = [:]
    /// The finger pairs of the two-finger gestures touched now (TwoFingerTracking.swift).
    @exclusivity(unchecked) var pairs: [FingerPair] = []
    private var lastTap: (key: Int, time: Double, location: CGPoint, count: Int)?
    /// The members' latest values of the combined gestures touched now, by node serial.
    private var combined: [Int: [Any?]] = [:]
    /// The startDate of the graph, for DragGesture.Value.time.
    var startDate = Date()
    /// Runs a block at a time on the screen's clock (set by the renderer: GraphClock).
    var schedule: ((Double, @escaping () -> Void) -> Void)?

    func handle(id: Int, phase: TouchPhase, location p: CGPoint, time: Double, regions: [HitRegion],
                transforms: [Int: Affine]) {
        switch phase {
        case .began:
            var chain: [GestureRef] = []
            if p.x.isFinite, p.y.isFinite,
               let region = regions.last(where: { $0.contains(Raster.Point(p)) }) {
                for node in region.gestureNodes.reversed() where !node.isRemoved && node.environment.isEnabled {
                    if let r = recipe(node), r.combination != nil {
                        for m in r.members.indices { chain.append(GestureRef(node: node, member: m)) }
                    } else {
                        chain.append(GestureRef(node: node, member: -1))
                    }
                }
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
                    let member = lp.member, lp = lp.node
                    schedule?(time + duration) { [weak self, weak lp] in
                        guard let self, let lp else { return }
                        self.longPressDue(id: id, ref: GestureRef(node: lp, member: member), startTime: time)
                    }
                }
            }
            sessions[id] = s
            fingerDown(id: id, at: p, time: time, chain: chain, transforms: transforms)
            if let drag = chain.first(where: { recipe($0)?.dragDistance() == 0 && recipe($0)?.priority != .simultaneous }) {
                sessions[id]?.drag = drag
                sessions[id]?.isTap = false
                failLongPress(id: id, unlessSimultaneous: true)
                recipe(drag)?.change(value(s, node: drag.node, at: p, time: time, transforms: transforms))
            }
            for node in chain where node != sessions[id]?.drag && recipe(node)?.priority == .simultaneous && recipe(node)?.dragDistance() == 0 {
                sessions[id]?.simultaneousDrags.append(node)
                recipe(node)?.change(value(s, node: node.node, at: p, time: time, transforms: transforms))
            }
        case .moved:
            fingerMoved(id: id, to: p, time: time)
            guard var s = sessions[id] else { return }
            s.samples.append((p, time))
            if s.samples.count > 8 { s.samples.removeFirst(s.samples.count - 8) }
            if let node = s.second {
                // The sequence's drag owns the touch now: no other gesture takes it.
                guard p.x.isFinite, p.y.isFinite, let r = recipe(node), !node.node.isRemoved else { sessions[id] = s; return }
                let minimum: CGFloat
                if case .drag(let d)? = r.sequenceSecond { minimum = d } else { minimum = 0 }
                if !s.secondActive && hypot(p.x - s.secondStart.x, p.y - s.secondStart.y) >= minimum { s.secondActive = true }
                sessions[id] = s
                if s.secondActive {
                    let v = value(s, node: node.node, at: p, time: time, transforms: transforms, start: s.secondStart)
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
            for node in s.chain where node != s.drag && !s.simultaneousDrags.contains(node) {
                guard let r = recipe(node), r.priority == .simultaneous, let d = r.dragDistance(), distance >= d else { continue }
                s.simultaneousDrags.append(node)
            }
            if let press = s.press {
                // A drag that takes the touch (a slider, a scroll view) ends the press.
                let on = s.drag == nil && !press.node.isRemoved && isInside(p, node: press.node, transforms: transforms, margin: TouchRouter.pressMargin)
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
            if let drag = s.drag, !drag.node.isRemoved {
                let r = recipe(drag)
                r?.change(value(s, node: drag.node, at: p, time: time, transforms: transforms))
                r?.onScreenChanged?(p)
            }
            for node in s.simultaneousDrags where !node.node.isRemoved {
                recipe(node)?.change(value(s, node: node.node, at: p, time: time, transforms: transforms))
            }
        case .ended:
            fingerUp(id: id, time: time, cancelled: false)
            failLongPress(id: id, unlessSimultaneous: false)
            guard var s = sessions.removeValue(forKey: id) else { return }
            defer { finishCombinations(s.chain, at: time) }
            let q = p.x.isFinite && p.y.isFinite ? p : (s.samples.last?.0 ?? s.start)
            s.samples.append((q, time))
            if let node = s.second {
                if !node.node.isRemoved, let r = recipe(node) {
                    r.endSecond(s.secondActive ? value(s, node: node.node, at: q, time: time, transforms: transforms, start: s.secondStart) : nil)
                }
                return
            }
            if let press = s.press {
                let r = recipe(press)
                if s.isPressing { r?.onPressingChanged?(false) }
                let on = !press.node.isRemoved && isInside(q, node: press.node, transforms: transforms, margin: TouchRouter.pressMargin)
                if on && s.drag == nil {
                    r?.end(())
                    endSimultaneousTaps(s, except: press)
                }
            } else if let drag = s.drag {
                if !drag.node.isRemoved { recipe(drag)?.end(value(s, node: drag.node, at: q, time: time, transforms: transforms)) }
            } else if s.isTap && !s.longPressDone {
                recogniseTap(s, at: q, time: time)
            }
            for node in s.simultaneousDrags where !node.node.isRemoved {
                recipe(node)?.end(value(s, node: node.node, at: q, time: time, transforms: transforms))
            }
        case .cancelled:
            fingerUp(id: id, time: time, cancelled: true)
            failLongPress(id: id, unlessSimultaneous: false)
            if let s = sessions.removeValue(forKey: id) {
                defer { finishCombinations(s.chain, at: time) }
                if let node = s.second { recipe(node)?.fail() }
                if let press = s.press, s.isPressing { recipe(press)?.onPressingChanged?(false) }
                if let drag = s.drag { recipe(drag)?.fail() }
                for node in s.simultaneousDrags { recipe(node)?.fail() }
            }
        }
    }

    /// The touch has been down a long press's minimum duration: recognised unless it already
    /// failed (moved, lifted, taken by a drag) or the touch is another one now.
    private func longPressDue(id: Int, ref node: GestureRef, startTime: Double) {
        guard var s = sessions[id], s.startTime == startTime, s.longPress == node, !node.node.isRemoved,
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
        r.onScreenRecognised?(s.samples.last?.0 ?? s.start)
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
    private func endSimultaneousTaps(_ s: Session, except fired: GestureRef) {
        for node in s.chain where node != fired {
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
        guard let ref = s.chain.first(where: { recipe($0)?.isTap == true && recipe($0)?.priority != .simultaneous })
                ?? s.chain.first(where: { recipe($0)?.isTap == true }),
              let r = recipe(ref), case .tap(let count) = r.kind else { return }
        var n = 1
        if let last = lastTap, last.key == ref.key, time - last.time <= TouchRouter.multiTapInterval,
           hypot(p.x - last.location.x, p.y - last.location.y) <= TouchRouter.multiTapDistance {
            n = last.count + 1
        }
        lastTap = (ref.key, time, p, n)
        if n % count == 0 {
            r.onTapAt?(p, n)
            r.end(())
            endSimultaneousTaps(s, except: ref)
        } else if ref.member == 0, recipe(ref.node)?.combination == .exclusive,
                  let other = recipe(GestureRef(node: ref.node, member: 1)), case .tap(let fewer) = other.kind, n % fewer == 0 {
            // `TapGesture(count: 2).exclusively(before: TapGesture())`: the single tap is
            // recognised once no further tap can make this a double (SwiftUI waits the same way).
            let key = ref.key
            schedule?(time + TouchRouter.multiTapInterval) { [weak self] in
                guard let self, let last = self.lastTap, last.key == key, last.time == time else { return }
                other.end(())
                self.finishCombinations([GestureRef(node: ref.node, member: 1)], at: time + TouchRouter.multiTapInterval)
            }
        }
    }

    /// The gesture a chain entry stands for: the node's recipe, or a member of its combination.
    /// A member takes the combination's priority (the second of a simultaneous pair runs beside
    /// the first), and reports its value changes to the combination as well as to its own
    /// callbacks.
    func recipe(_ ref: GestureRef) -> GestureRecipe? {
        guard let r = recipe(ref.node) else { return nil }
        guard ref.member >= 0 else { return r }
        guard ref.member < r.members.count else { return nil }
        var m = r.members[ref.member]
        m.priority = r.combination == .simultaneous && ref.member == 1 ? .simultaneous : r.priority
        let serial = ref.node.serial, index = ref.member, count = r.members.count
        m.changed.append { [weak self] v in self?.memberChanged(r, serial: serial, member: index, of: count, value: v, ended: false) }
        m.ended.append { [weak self] v in self?.memberChanged(r, serial: serial, member: index, of: count, value: v, ended: true) }
        return m
    }

    /// A member of a combined gesture changed or ended: the combination's own callbacks
    /// (`.onChanged`, `.updating`, `.onEnded` on it) see the combined value. An exclusive pair
    /// ends with the first member that ends; a simultaneous one when the touch ends.
    private func memberChanged(_ c: GestureRecipe, serial: Int, member: Int, of count: Int, value: Any, ended: Bool) {
        guard let combine = c.combine else { return }
        var values = combined[serial] ?? Array(repeating: nil, count: count)
        values[member] = value
        combined[serial] = values
        let v = combine(member, values)
        if ended && c.combination == .exclusive {
            combined[serial] = []         // ended: nothing more to finish
            c.end(v)
        } else {
            c.change(v)
        }
    }

    /// The touch is over: a simultaneous combination ends with its members' last values (or
    /// fails when neither was recognised); a pending exclusive one fails.
    private func finishCombinations(_ chain: [GestureRef], at time: Double) {
        var done = Set<Int>()
        for ref in chain where ref.member >= 0 && !done.contains(ref.node.serial) {
            done.insert(ref.node.serial)
            guard let c = recipe(ref.node), let combine = c.combine else { continue }
            if let values = combined.removeValue(forKey: ref.node.serial) {
                if values.isEmpty { continue }                  // an exclusive pair that ended
                if c.combination == .simultaneous, let last = values.lastIndex(where: { $0 != nil }) {
                    c.end(combine(last, values))
                } else {
                    c.fail()
                }
            } else if !tapPending(ref.node, at: time) {
                c.fail()
            }
        }
    }

    /// Whether an exclusive tap pair on `node` still waits to tell a single tap from a double.
    private func tapPending(_ node: Node, at time: Double) -> Bool {
        guard let last = lastTap else { return false }
        return last.key == GestureRef(node: node, member: 0).key && time - last.time <= TouchRouter.multiTapInterval
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
