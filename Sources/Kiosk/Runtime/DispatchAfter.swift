// DispatchQueue.main.asyncAfter on the screen's clock. SwiftUI code sequences animations with
// `DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { … }`; with libdispatch's own method the
// block would run 0.3 s of *wall* time later, so `kiosk snapshot --at 1` (which renders a second
// of virtual time in milliseconds) would never see it. These overloads shadow Dispatch's for the
// two-argument spellings (a module's own method wins over the one of the module it imports, also
// when the program imports Foundation): the delay `deadline − now` is measured on the wall clock
// at the call and the block runs at that delay on the clock timers use (Graph/GraphClock.swift).
//
// Not virtualised (documented in the README): other queues, `wallDeadline:`, and the spellings
// with `qos:`/`flags:` — they are libdispatch's. With no screen alive, it is libdispatch's too.

extension DispatchQueue {
    /// Runs `work` after `deadline` — on the main queue, at that delay on the screen's clock.
    ///
    /// ```swift
    /// DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { showSecondCard = true }
    /// ```
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping () -> Void) {
        guard label == DispatchQueue.main.label, GraphClock.hasTarget else {
            nonisolated(unsafe) let w = work
            asyncAfter(deadline: deadline, qos: .unspecified, flags: []) { w() }
            return
        }
        GraphClock.scheduleOnCurrent(after: DispatchQueue.delay(until: deadline), .block(work))
    }

    /// Runs a work item after `deadline`; on the main queue on the screen's clock. A cancelled
    /// item does not run.
    public func asyncAfter(deadline: DispatchTime, execute item: DispatchWorkItem) {
        guard label == DispatchQueue.main.label, GraphClock.hasTarget else {
            asyncAfter(deadline: deadline, qos: .unspecified, flags: []) { if !item.isCancelled { item.perform() } }
            return
        }
        GraphClock.scheduleOnCurrent(after: DispatchQueue.delay(until: deadline), .block { if !item.isCancelled { item.perform() } })
    }

    /// Seconds from now to `deadline` (0 if past; `.distantFuture` is infinity: never runs).
    static func delay(until deadline: DispatchTime) -> Double {
        if deadline == .distantFuture { return .infinity }
        let now = DispatchTime.now().uptimeNanoseconds
        let d = deadline.uptimeNanoseconds
        return d > now ? Double(d - now) / 1e9 : 0
    }
}
