// Virtual time jumps over idle stretches (VirtualRun, `kiosk snapshot --at`), lands frames on the
// ticks stepping would give, and refuses times no frame loop can reach.
import Testing
import Raster
@testable import Kiosk
@testable import KioskScenes

@Suite struct VirtualTimeJumpTests {
    init() { KioskScenes.registerAll() }
    /// `kiosk snapshot --scene views --at 1e6` with a tap at 5e5 s: the same picture as the tap
    /// at 0.25 s seen at 0.5 s, in a handful of frames (stepping would be 6·10⁷ ticks).
    @Test func idleStretchesAreJumpedAndTapsStillLand() throws {
        func shot(at end: Double, tap: String) throws -> (Surface, Int) {
            var clock = 0.0
            let source = try #require(DemoScenes.make("views", width: 400, height: 300, now: { clock }))
            let run = try VirtualRun(source: source, width: 400, height: 300)
            run.onAdvance = { clock = $0 }
            run.run(until: end, taps: [try ScheduledTap(parsing: tap)])
            #expect(abs(run.time - end) < 1.0 / 60 + 1e-6, "stopped at \(run.time), asked for \(end)")
            return (run.surface, run.framesDrawn)
        }
        let (near, _) = try shot(at: 0.5, tap: "200,200@0.25")
        let (far, frames) = try shot(at: 1e6, tap: "200,200@500000")
        #expect(far.samePixels(as: near))
        #expect(frames <= 4, "drew \(frames) frames")
        let (untapped, _) = try shot(at: 0.5, tap: "1,1@0.25")
        #expect(!untapped.samePixels(as: near))   // the tap did something
    }

    /// A source that wants frames only at given times: the jump lands on the first 60 Hz tick at
    /// or after each, as stepping tick by tick would.
    @Test func jumpsLandOnTheTicksSteppingGives() throws {
        final class Scheduled: FrameSource {
            var due: [Double]
            var now: () -> Double = { 0 }
            var drawnAt: [Double] = []
            init(_ due: [Double]) { self.due = due }
            func needsFrame() -> Bool { due.first.map { $0 <= now() + 1e-9 } ?? false }
            func renderFrame(into surface: Surface, at time: Double, fullRedraw: Bool) -> [IntRect] {
                drawnAt.append(time)
                while let d = due.first, d <= time + 1e-9 { due.removeFirst() }
                return [surface.bounds]
            }
            func handleTouch(_ event: TouchEvent) {}
            func nextFrameTime(after time: Double) -> Double? { due.first.map { max($0, time) } }
        }
        let times = [0.5, 0.51, 3.333, 100.0, 4000.25]
        func drawn(jumping: Bool) throws -> [Double] {
            var clock = 0.0
            let s = Scheduled(times)
            s.now = { clock }
            let run = try VirtualRun(source: s, width: 4, height: 4)
            run.onAdvance = { clock = $0 }
            if jumping { run.run(until: 4001) } else {
                // Tick by tick, as before the jump existed.
                run.step()
                while run.time + run.frameInterval <= 4001 + 1e-9 { run.advance(); run.step() }
            }
            return s.drawnAt
        }
        let jumped = try drawn(jumping: true), stepped = try drawn(jumping: false)
        #expect(jumped.count == stepped.count)
        for (a, b) in zip(jumped, stepped) { #expect(abs(a - b) < 1e-6, "frame at \(a), stepping drew it at \(b)") }
    }

    /// 1e308 s: refused with a ConfigError (exit 2 in the CLI); run(until:) stops at maxTime.
    @Test func unreachableTimesAreRefused() throws {
        #expect(throws: ConfigError.self) { try VirtualRun.checkReachable(1e308) }
        #expect(throws: ConfigError.self) { try VirtualRun.checkReachable(.infinity) }
        #expect(throws: ConfigError.self) { try VirtualRun.checkReachable(-1) }
        try VirtualRun.checkReachable(VirtualRun.maxTime)
        var clock = 0.0
        let source = try #require(DemoScenes.make("views", width: 100, height: 100, now: { clock }))
        let run = try VirtualRun(source: source, width: 100, height: 100)
        run.onAdvance = { clock = $0 }
        run.run(until: 1e308)
        #expect(run.time <= VirtualRun.maxTime && run.time > VirtualRun.maxTime - 1)
        #expect(run.framesDrawn <= 2)
    }
}
