import Testing
@testable import Kiosk

private final class IdleCounter { var count = 0 }

/// A detail screen that goes back home after a minute without input.
private struct ReturnsHome: View {
    @State var screen = "detail"
    var body: some View {
        VStack {
            Text(screen)
            Rectangle().fill(Color.blue).frame(width: 100, height: 50).onTapGesture { screen = "detail" }
        }
        .onKioskIdle(after: 60) { screen = "home" }
    }
}

@Suite struct OnKioskIdleTests {
    @Test func runsOnceAfterTheIdlePeriodThenWaitsForInput() {
        let c = IdleCounter()
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) {
            VStack { Rectangle().fill(Color.blue).onKioskIdle(after: 30) { c.count += 1 } }
        }
        host.advance(by: 29.9)
        #expect(c.count == 0)
        host.advance(by: 0.2)
        #expect(c.count == 1)
        host.advance(by: 120)
        #expect(c.count == 1)                 // once per idle period, not every 30 s
        host.tap(x: 10, y: 10)                // at 150.1: a new period starts
        host.advance(by: 29.8)
        #expect(c.count == 1)
        host.advance(by: 0.3)
        #expect(c.count == 2)
    }

    @Test func eachInputPushesTheActionBack() {
        let c = IdleCounter()
        let host = HeadlessHost(width: 200, height: 100, text: FixedAdvanceText()) {
            VStack { Rectangle().fill(Color.blue).onKioskIdle(after: 30) { c.count += 1 } }
        }
        for _ in 0..<5 {
            host.advance(by: 20)
            host.tap(x: 150, y: 50)            // anywhere on the screen counts
        }
        #expect(c.count == 0 && host.time > 100)
        host.advance(by: 30.1)          // the tap's finger lifted 0.05 s after it touched
        #expect(c.count == 1)
    }

    @Test func returnToHome() {
        let host = HeadlessHost(width: 200, height: 120, text: FixedAdvanceText()) { ReturnsHome() }
        #expect(host.frame(ofText: "detail") != nil)
        host.advance(by: 59)
        #expect(host.frame(ofText: "detail") != nil)
        host.advance(by: 2)
        #expect(host.frame(ofText: "home") != nil && host.frame(ofText: "detail") == nil)
    }

    @Test func aRemovedViewsActionNeverRuns() {
        let c = IdleCounter()
        struct Toggled: View {
            let c: IdleCounter
            @State var shown = true
            var body: some View {
                VStack {
                    if shown { Text("idle").onKioskIdle(after: 10) { c.count += 1 } }
                    Rectangle().fill(Color.red).frame(width: 50, height: 50).onTapGesture { shown = false }
                }
            }
        }
        let host = HeadlessHost(width: 200, height: 120, text: FixedAdvanceText()) { Toggled(c: c) }
        host.advance(by: 5)
        for y in stride(from: 40.0, through: 115, by: 5) where host.frame(ofText: "idle") != nil { host.tap(x: 100, y: y) }
        host.advance(by: 60)
        #expect(c.count == 0 && host.frame(ofText: "idle") == nil)
    }

    @Test func periodsThatAreNotPositiveNumbersNeverRun() {
        let c = IdleCounter()
        let host = HeadlessHost(width: 100, height: 100, text: FixedAdvanceText()) {
            VStack {
                Text("a").onKioskIdle(after: 0) { c.count += 1 }
                Text("b").onKioskIdle(after: -5) { c.count += 1 }
                Text("c").onKioskIdle(after: .nan) { c.count += 1 }
                Text("d").onKioskIdle(after: .infinity) { c.count += 1 }
            }
        }
        host.advance(by: 1e6)
        host.tap(x: 1, y: 1)
        host.advance(by: 1e6)
        #expect(c.count == 0 && host.warnings.isEmpty)
    }

    /// The frame loop tells the screen: `.off` makes scenePhase `.inactive`, and back.
    @Test func scenePhaseIsInactiveWhileThePanelIsOff() {
        final class Phases { var seen: [ScenePhase] = [] }
        let p = Phases()
        struct Watcher: View {
            let p: Phases
            @Environment(\.scenePhase) var phase
            var body: some View {
                Text(phase == .active ? "active" : "inactive").onChange(of: phase) { _, new in p.seen.append(new) }
            }
        }
        let host = HeadlessHost(width: 200, height: 60, text: FixedAdvanceText()) { Watcher(p: p) }
        #expect(host.frame(ofText: "active") != nil)
        host.renderer.idleStateChanged(.dimmed)          // dimmed is still active
        host.advance(by: 0.1)
        host.renderer.idleStateChanged(.off)
        host.advance(by: 0.1)
        #expect(host.frame(ofText: "inactive") != nil)
        host.renderer.idleStateChanged(.active)
        host.advance(by: 0.1)
        #expect(p.seen == [.inactive, .active] && host.frame(ofText: "active") != nil)
    }
}
