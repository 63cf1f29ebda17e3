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
        let a = try Arguments(args, flags: ["help", "fling", "swipe", "paced"], known: ["scene", "size", "frames", "tap", "vnc", "vnc-clients"])
        if a.has("help") { print("kiosk bench [--scene NAME] [--size WxH] [--frames N] [--tap X,Y|none] [--fling|--swipe] [--paced] [--vnc ADDR:PORT [--vnc-clients N]]: frame time median/p99, pixels repainted and allocations per frame (a tap every second, at X,Y or below the centre; none: no taps; --fling: instead, every 2 s a 0.1-s upward flick of 40 % of the screen height at the centre, then momentum; --swipe: the same leftward, 40 % of the width); --paced: one frame per 1/60 s of real time, as on a panel; --vnc: serve each frame over VNC as the frame loop does (waits for N clients, default 1, then runs paced; the frame time includes the copy for the clients)"); return }
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
        let mirror = try vncMirror(a, run: run)
        let paced = a.has("paced") || mirror != nil
        var nextFrame = Syscall.monotonicNow()
        var usage0 = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage0)
        let wall0 = Syscall.monotonicNow()
        var times: [Double] = [], cpuTimes: [Double] = []
        times.reserveCapacity(frames); cpuTimes.reserveCapacity(frames)
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
            if paced {
                // Real time, as on a panel: the VNC clients' threads get the time between frames.
                nextFrame += run.frameInterval
                let wait = nextFrame - Syscall.monotonicNow()
                if wait > 0 { var ts = timespec(tv_sec: 0, tv_nsec: Int(wait * 1e9)); nanosleep(&ts, nil) } else { nextFrame = Syscall.monotonicNow() }
            }
            let drawnBefore = run.framesDrawn
            let a0 = kiosk_thread_allocations()
            let t0 = Syscall.monotonicNow(), c0 = threadCPU()
            let damage = run.step()
            if let mirror, !damage.isEmpty { mirror(run.surface, damage) }
            let dt = Syscall.monotonicNow() - t0, dc = threadCPU() - c0
            let n = Int(kiosk_thread_allocations() &- a0)
            // Frames with nothing to draw cost nothing and would hide the real cost in the median.
            if run.framesDrawn > drawnBefore { times.append(dt); cpuTimes.append(dc); allocations += n; maxAllocations = max(maxAllocations, n); perFrame.append(n) }
        }
        let heap1 = kiosk_heap_in_use()
        var usage1 = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage1)
        let wall = Syscall.monotonicNow() - wall0
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        let cpu = seconds(usage1.ru_utime) + seconds(usage1.ru_stime) - seconds(usage0.ru_utime) - seconds(usage0.ru_stime)
        times.sort()
        if times.isEmpty { times = [0] }
        let drawn = run.framesDrawn - drawn0
        func ms(_ v: Double) -> String { String(Int((v * 1e6).rounded())) .paddedMicros }
        print("scene \(name) \(size.width)x\(size.height), \(frames) frames, \(drawn) drawn")
        print("frame time (drawn frames): median \(ms(times[times.count / 2])) ms, p99 \(ms(times[min(times.count - 1, times.count * 99 / 100)])) ms")
        cpuTimes.sort()
        if !cpuTimes.isEmpty {
            // The render thread's own CPU time: wall time less what other threads and processes took from it.
            print("frame CPU time (render thread): median \(ms(cpuTimes[cpuTimes.count / 2])) ms, p99 \(ms(cpuTimes[min(cpuTimes.count - 1, cpuTimes.count * 99 / 100)])) ms")
        }
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
        if paced {
            // Every thread of the process: with --vnc, the clients' encoding and sending too.
            let pct = (cpu / max(wall, 1e-9) * 1000).rounded() / 10
            print("process CPU (all threads), paced at 60 Hz: \(pct) % of a core over \((wall * 10).rounded() / 10) s, \(ms(cpu / Double(max(1, drawn)))) ms per drawn frame")
        }
    }
}

/// This thread's CPU time in seconds.
private func threadCPU() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// `--vnc ADDR:PORT`: a VNC server fed each frame's damage as the frame loop feeds it (FrameMirror);
/// returns once `--vnc-clients` clients (default 1) are connected, or nil without `--vnc`.
private func vncMirror(_ a: Arguments, run: VirtualRun) throws -> ((Surface, [IntRect]) -> Void)? {
    guard let spec = a.last("vnc") else { return nil }
    let address = try VNCAddress(parsing: spec)
    guard let clients = Int(a.last("vnc-clients") ?? "1"), clients >= 1 else { throw UsageError("--vnc-clients needs a positive number") }
    #if canImport(CVNC)
    let server = try VNCServer(address: address, width: run.surface.width, height: run.surface.height, password: nil)
    server.currentFrame = { run.surface }
    server.share(run.surface)      // as FrameLoop.attach does
    try server.start()
    print("bench: waiting for \(clients) VNC client\(clients == 1 ? "" : "s") on \(address)"); fflush(stdout)
    let t0 = Syscall.monotonicNow()
    while server.clientCount < clients {
        guard Syscall.monotonicNow() - t0 < 60 else { throw UsageError("no VNC client connected to \(address) within 60 s") }
        var ts = timespec(tv_sec: 0, tv_nsec: 20_000_000); nanosleep(&ts, nil)
    }
    // The first client's whole-frame copy, before the timed frames.
    server.frameShown(run.surface, damage: [])
    print("bench: \(server.clientCount) VNC client\(clients == 1 ? "" : "s") connected"); fflush(stdout)
    return { surface, damage in
        server.frameShown(surface, damage: damage)
    }
    #else
    throw UsageError("--vnc: this kiosk was built without VNC (libvncserver-dev)")
    #endif
}

extension String {
    /// "1234" microseconds → "1.234".
    var paddedMicros: String {
        let v = Int(self) ?? 0
        let frac = String(v % 1000)
        return "\(v / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
    }
}
