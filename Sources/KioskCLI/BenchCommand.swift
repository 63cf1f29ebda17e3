// `kiosk bench`: renders a scene on the virtual clock and reports frame times (median, p99), pixels
// repainted per frame, allocations per frame (every malloc-family call the render thread makes
// while a frame is drawn: CAllocationCount), and heap growth (glibc mallinfo2; net bytes kept, so
// it bounds leaks, not churn).
#if canImport(Glibc)
import Glibc
#endif
import Kiosk
import Raster
import CDRM
import CAllocationCount

enum BenchCommand {
    static func main(_ args: ArraySlice<String>) throws {
        let a = try Arguments(args, flags: ["help", "fling", "swipe"], known: ["scene", "size", "frames", "tap"])
        if a.has("help") { print("kiosk bench [--scene NAME] [--size WxH] [--frames N] [--tap X,Y|none] [--fling|--swipe]: frame time median/p99, pixels repainted and allocations per frame (a tap every second, at X,Y or below the centre; none: no taps; --fling: instead, every 2 s a 0.1-s upward flick of 40 % of the screen height at the centre, then momentum; --swipe: the same leftward, 40 % of the width)"); return }
        let name = a.last("scene") ?? "pulse"
        let size = try ModeRequest(parsing: a.last("size") ?? "800x480")
        guard let frames = Int(a.last("frames") ?? "600"), frames > 0 else { throw UsageError("--frames needs a positive number") }
        var clock = 0.0
        guard let source = DemoScenes.make(name, width: size.width, height: size.height, now: { clock }) else {
            throw UsageError("unknown scene \"\(name)\"; `kiosk scenes` lists them")
        }
        var tapPoint: Point? = Point(Double(size.width) / 2, Double(size.height) * 0.6)
        if a.last("tap") == "none" {
            tapPoint = nil
        } else if let t = a.last("tap") {
            let parts = t.split(separator: ",").compactMap { Double($0) }
            guard parts.count == 2, parts.allSatisfy({ $0.isFinite }) else { throw UsageError("--tap needs X,Y in pixels, e.g. --tap 960,1050") }
            tapPoint = Point(parts[0], parts[1])
        }
        let fling = a.has("fling"), swipe = a.has("swipe")
        if fling || swipe { tapPoint = nil }
        let run = try VirtualRun(source: source, width: size.width, height: size.height)
        run.drainsMainQueue = true
        run.onAdvance = { clock = $0 }
        run.step() // the full first frame is not what a running kiosk pays per frame
        var times: [Double] = []
        times.reserveCapacity(frames)
        let counting = kiosk_allocation_counting_active() != 0
        var allocations = 0, maxAllocations = 0
        var perFrame: [Int] = []
        let heap0 = kiosk_heap_in_use()
        let px0 = run.pixelsRepainted, drawn0 = run.framesDrawn
        for i in 0..<frames {
            run.advance()
            // A tap every second (below the centre: a gallery tile, the views card) so tap-driven
            // scenes have something to draw.
            if i % 60 == 30, let tapPoint { run.tap(tapPoint) }
            if fling {
                // Six moves over 0.1 s (one per frame), 40 % of the height upward: ≈ 4 screens/s.
                let step = i % 120, x = Double(size.width) / 2, y0 = Double(size.height) * 0.8
                let y = y0 - Double(size.height) * 0.4 * Double(min(step, 6)) / 6
                if step == 0 { run.touch(2_000_000 + i, .began, at: Point(x, y0)) }
                else if step <= 6 { run.touch(2_000_000 + i - step, step == 6 ? .ended : .moved, at: Point(x, y)) }
            } else if swipe {
                // The same flick leftward, across the middle (a pager's page turn).
                let step = i % 120, y = Double(size.height) / 2, x0 = Double(size.width) * 0.7
                let x = x0 - Double(size.width) * 0.4 * Double(min(step, 6)) / 6
                if step == 0 { run.touch(2_000_000 + i, .began, at: Point(x0, y)) }
                else if step <= 6 { run.touch(2_000_000 + i - step, step == 6 ? .ended : .moved, at: Point(x, y)) }
            }
            let drawnBefore = run.framesDrawn
            let a0 = kiosk_thread_allocations()
            let t0 = Syscall.monotonicNow()
            run.step()
            let dt = Syscall.monotonicNow() - t0
            let n = Int(kiosk_thread_allocations() &- a0)
            // Frames with nothing to draw cost nothing and would hide the real cost in the median.
            if run.framesDrawn > drawnBefore { times.append(dt); allocations += n; maxAllocations = max(maxAllocations, n); perFrame.append(n) }
        }
        let heap1 = kiosk_heap_in_use()
        times.sort()
        if times.isEmpty { times = [0] }
        let drawn = run.framesDrawn - drawn0
        func ms(_ v: Double) -> String { String(Int((v * 1e6).rounded())) .paddedMicros }
        print("scene \(name) \(size.width)x\(size.height), \(frames) frames, \(drawn) drawn")
        print("frame time (drawn frames): median \(ms(times[times.count / 2])) ms, p99 \(ms(times[min(times.count - 1, times.count * 99 / 100)])) ms")
        print("pixels repainted per drawn frame: \(drawn > 0 ? (run.pixelsRepainted - px0) / drawn : 0) of \(size.width * size.height)")
        if counting {
            let mean = drawn > 0 ? Double(allocations) / Double(drawn) : 0
            perFrame.sort()
            let median = perFrame.isEmpty ? 0 : perFrame[perFrame.count / 2]
            print("allocations per drawn frame: median \(median), mean \((mean * 10).rounded() / 10), max \(maxAllocations) (malloc-family calls while drawing)")
        } else {
            print("allocations per frame: not available in this build (the allocator is not intercepted; scripts/build-static links with --wrap=malloc for it)")
        }
        print("heap growth: \(Int(heap1) - Int(heap0)) bytes over \(frames) frames")
    }
}

extension String {
    /// "1234" microseconds → "1.234".
    var paddedMicros: String {
        let v = Int(self) ?? 0
        let frac = String(v % 1000)
        return "\(v / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
    }
}
