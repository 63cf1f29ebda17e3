// VideoFrameAllocationTests: steady video playback allocates nothing per frame — neither the
// screen's side (the video node's wake-up, re-evaluation, re-recording and drawing, the frame
// taken off the decoded-ahead queue at its time) nor the decoder's (a frame written into a free
// surface of VideoFrameBuffer). A thread stands in for GStreamer's streaming thread (GStreamer's
// own buffers are its pools', not kiosk's); the renderer runs on the virtual clock, waiting for
// the decoder as HeadlessHost and `kiosk record` do. Counts are each thread's malloc-family calls
// (CAllocationCount).
import Testing
import Dispatch
import CAllocationCount
import TestSupport
@testable import Kiosk
@testable import Raster

@Suite(.disabled(if: Sanitizers.replaceMalloc, "a sanitizer's malloc replaces the counted one (scripts/sanitize)"))
struct VideoFrameAllocationTests {
    @MainActor @Test func steadyVideoFramesAllocateNothing() throws {
        #expect(kiosk_allocation_counting_active() == 1)
        let buffer = VideoFrameBuffer()
        let renderer = RootRenderer(width: 200, height: 120, colorScheme: .light, text: FixedAdvanceText(),
                                    root: HStack(spacing: 0) { VideoFrameSurface(buffer).frame(width: 128, height: 96); Color.gray })
        renderer.graph.waitsForVideo = true
        let surface = try Surface(width: 200, height: 120)
        buffer.startStream()
        buffer.setPlaying(true)
        // The decoder: 30 fps, 64×48, alternating red and blue, 150 frames (5 s).
        let written = Locked<[UInt64]>([])
        written.withLock { $0.reserveCapacity(200) }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for i in 0..<150 {
                let a0 = kiosk_thread_allocations()
                buffer.write(width: 64, height: 48, time: Double(i) / 30, duration: 1.0 / 30) { s in
                    let colour: UInt32 = i % 2 == 0 ? 0xFFFF_0000 : 0xFF00_00FF
                    for y in 0..<s.height { for x in 0..<s.width { s.base[y * s.rowPixels + x] = colour } }
                }
                let a1 = kiosk_thread_allocations()
                written.withLock { $0.append(a1 &- a0) }
            }
            buffer.streamEnded()
            done.signal()
        }
        var time = 0.0
        _ = renderer.renderFrame(into: surface, at: time, fullRedraw: true)
        var perFrame: [UInt64] = [], damaged = 0
        perFrame.reserveCapacity(400)
        // 4.5 s at 60 Hz: each video frame shows for two ticks.
        for _ in 0..<270 {
            time += 1.0 / 60
            let a0 = kiosk_thread_allocations()
            let damage = renderer.renderFrame(into: surface, at: time, fullRedraw: false)
            let a1 = kiosk_thread_allocations()
            perFrame.append(a1 &- a0)
            if !damage.isEmpty { damaged += 1 }
        }
        // The decoder is a few frames ahead, waiting for a free surface: let it go.
        buffer.stopStream()
        #expect(done.wait(timeout: .now() + 30) == .success)
        // Every video frame went on screen (4.5 s × 30 fps), each a repaint.
        #expect(buffer.framesShown >= 134 && buffer.framesShown <= 136, "\(buffer.framesShown) frames shown")
        #expect(damaged >= 134, "\(damaged) frames repainted")
        // After the first frames (surfaces made, lists grown to their size) the design says
        // nothing. Measured 2026-12-06 (debug build): 46 allocations on each tick that put a new
        // video frame on screen, most of them the layout pass a frame change ran (the stacks up
        // to the root re-asked their children's sizes); VideoFrameSurface is now
        // RedrawsWithoutLayout (a render, no layout): 9 on a frame change and 2 on the tick
        // between remain, not yet traced — recorded as a known issue so the count stays visible.
        let steady = perFrame.dropFirst(20)
        withKnownIssue("per-frame allocations on the video path (9 a frame change, 2 a tick between)") {
            #expect(steady.allSatisfy { $0 == 0 }, "allocations per frame: \(Array(steady.prefix(8)))")
        }
        // They must not grow with the frames shown (no leak-like growth), and stay at most the
        // 9 measured now (46 before the layout pass went).
        #expect(steady.allSatisfy { $0 <= 12 }, "allocations per frame: \(Array(steady.prefix(8)))")
        // The decoder allocates its four surfaces once, then nothing.
        let writes = written.withLock { $0 }
        #expect(writes.count == 150)
        #expect(writes.dropFirst(VideoFrameBuffer.surfaceCount).allSatisfy { $0 == 0 }, "allocations per write: \(writes)")
    }
}
