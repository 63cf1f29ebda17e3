// FrameClock: the time an animation is evaluated at is when the frame will be *seen*: the last
// flip's timestamp plus one refresh period (a display link's target timestamp), not "now" at
// render start, so motion stays even when render times vary. Late flips are counted, not hidden.

/// Predicts presentation times from flip timestamps and counts missed refreshes.
public struct FrameClock: Sendable {
    public var refreshInterval: Double
    /// Timestamp of the most recent flip (CLOCK_MONOTONIC seconds), if any.
    public private(set) var lastFlip: Double?
    /// Refresh periods that passed between a frame's target and its actual flip.
    public private(set) var missedFlips = 0
    public private(set) var framesPresented = 0
    private var target: Double?

    public init(refreshInterval: Double) { self.refreshInterval = refreshInterval > 0 ? refreshInterval : 1.0 / 60 }

    /// The presentation time of a frame started at `now`: the first vblank after `now` on the grid
    /// of the last flip (last flip + one period when rendering promptly after it).
    public mutating func targetTime(now: Double) -> Double {
        var t: Double
        if let lf = lastFlip {
            t = lf + refreshInterval
            if t < now {
                // Idle for a while: step the grid forward to the next vblank after now.
                let k = ((now - t) / refreshInterval).rounded(.up)
                t += k * refreshInterval
            }
        } else {
            t = now + refreshInterval
        }
        target = t
        return t
    }

    /// Records that the frame aimed at the last target was shown at `time`.
    public mutating func didPresent(at time: Double) {
        framesPresented += 1
        if let t = target, time > t + refreshInterval / 2 {
            missedFlips += Int(((time - t) / refreshInterval).rounded())
        }
        lastFlip = time
        target = nil
    }

    /// Forgets the flip grid (after a VT switch or a long pause).
    public mutating func reset() { lastFlip = nil; target = nil }
}
