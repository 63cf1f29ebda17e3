// The engine's screens hear the idle policy: `scenePhase` is `.inactive` while the panel is off
// (SwiftUI's phase for "visible to no one, still running"; kiosk never reports `.background`),
// and every input, delivered or swallowed by a wake-up, restarts onKioskIdle's periods.

extension RootRenderer: IdleObserver {
    public func idleStateChanged(_ state: IdleState) {
        let phase: ScenePhase = state == .off ? .inactive : .active
        guard graph.rootEnvironment.scenePhase != phase else { return }
        var env = graph.rootEnvironment
        env.scenePhase = phase
        graph.setRootEnvironment(env)
    }

    /// `time` on this renderer's clock (a RootRenderer run by the loop gets the loop's times).
    public func noteUserActivity(at time: Double) { graph.rootEnvironment.kioskIdleActivity.noteInput(at: time) }
}

extension ViewFrameSource: IdleObserver {
    public func idleStateChanged(_ state: IdleState) { renderer.idleStateChanged(state) }
    public func noteUserActivity(at time: Double) { renderer.noteUserActivity(at: local(time)) }
}
