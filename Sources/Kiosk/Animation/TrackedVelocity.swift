// Transaction.tracksVelocity in the engine: a change whose transaction has no animation but
// tracks velocity (a drag's onChanged) runs `Animation.velocityTracking` (SwiftUI's
// `effectiveAnimation = animation ?? (tracksVelocity ? velocityTracking : nil)`, notes §5): the
// value shows the model at once while its animator samples the motion, so the spring a release
// starts merges with that velocity instead of starting from rest.

extension Transaction {
    /// The animation a change in this transaction runs (nil: it jumps).
    var effectiveAnimation: Animation? { animation ?? (tracksVelocity ? .velocityTracking : nil) }
}

/// Runs a continuous gesture's callback (a drag's onChanged) in a transaction that tracks
/// velocity and is continuous, as SwiftUI's gesture callbacks do; an animation set inside (or
/// around) it still wins.
func withContinuousGestureTransaction(_ body: () -> Void) {
    var t = ThreadContext.current.transaction ?? Transaction()
    t.tracksVelocity = true
    t.isContinuous = true
    withTransaction(t, body)
}
