// HeadlessHost.advance jumps over ticks where nothing is due, and TimelineViews still update on
// every tick they ask for.
import Testing
@testable import Kiosk
import Raster

@Suite struct HeadlessTimeJumpTests {
    final class Ticks { var count = 0 }

    @Test func periodicTimelineOverALongIdleStretch() {
        let ticks = Ticks()
        let start = Date()
        let host = HeadlessHost(width: 200, height: 60) {
            TimelineView(.periodic(from: start, by: 1)) { _ in
                let _ = ticks.count += 1
                Text("tick")
            }
        }
        #expect(ticks.count == 1)
        host.advance(by: 10_000)       // 600 000 ticks stepped one by one before the jump
        #expect(ticks.count == 10_001)
        #expect(abs(host.time - 10_000) < 1e-6)
    }

    @Test func farFutureStopsAtTheLastReachableTime() {
        let host = HeadlessHost(width: 100, height: 40) { Text("idle") }
        host.advance(by: 1e308)
        #expect(host.time == VirtualRun.maxTime)
        #expect(host.frameCount <= 2)
    }
}
