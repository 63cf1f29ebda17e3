// kiosk-engine-bench --typing: issue 35's typing benchmark. A check-in screen with two text fields
// at 1920×1080 (--size WxH); the first field takes focus (Tab) and the on-screen keyboard slides
// up; then its keys are tapped at 30 a second (finger down on one 60 Hz frame, up on the next,
// in rounds of 40 letters then 40 deletes). Reported, on the thread's CPU clock (a shared
// machine's preemptions count for nothing; `--clock wall` for CLOCK_MONOTONIC):
//   slide-in   median and max of the drawn frames while the keyboard slides in (0.25 s), the
//              first slide (the keyboard's nodes built) apart from the next ones;
//   typing     median and p99 of the drawn frames while typing (the touch handled in the frame);
//   damage     pixels repainted per keystroke (its down and up frames), as % of the screen;
//   allocations per typing frame, and on ticks where nothing changes (focused field, keyboard
//              up, caret solid or between blinks: no frame is drawn);
//   idle       with the field unfocused and the keyboard gone, frames drawn and timer wakeups
//              over 10 s of virtual time.
// Run: BENCH_CORE=0 scripts/bench-engine --typing   (release, allocation counter, taskset -c 0).
import AllocationCounter
import Kiosk
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A kiosk's check-in screen: a title, a line of help and two fields.
struct TypingBenchScene: View {
    @State private var code = ""
    @State private var name = ""
    var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Check in").font(.largeTitle).bold()
            Text("Type your booking code, or scan it.").foregroundColor(.gray)
            TextField("Booking code", text: $code).textFieldStyle(.roundedBorder)
            TextField("Name (optional)", text: $name).textFieldStyle(.roundedBorder)
            Spacer()
        }
        .padding(40)
    }
}

enum TypingBench {
    static func dispatch(_ args: [String]) -> Bool {
        guard args.contains("--typing") else { return false }
        do { try run(args) } catch { print("kiosk-engine-bench --typing: \(error)"); exit(2) }
        return true
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    nonisolated(unsafe) static var cpuClock = true
    static func ms() -> Double {
        var ts = timespec()
        clock_gettime(cpuClock ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
    }

    static func median(_ v: [Double]) -> Double { v.isEmpty ? 0 : v.sorted()[v.count / 2] }
    static func p99(_ v: [Double]) -> Double { v.isEmpty ? 0 : v.sorted()[min(v.count - 1, v.count * 99 / 100)] }
    static func r3(_ v: Double) -> String { String((v * 1000).rounded() / 1000) }

    static func run(_ args: [String]) throws {
        var w = 1920, h = 1080
        if let s = LVGLBench.value(args, "--size") {
            let parts = s.lowercased().split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts[0] >= 320, parts[1] >= 240, parts[0] <= 7680, parts[1] <= 4320 else {
                throw Failure(description: "bad --size '\(s)' (WxH, 320x240 to 7680x4320)")
            }
            (w, h) = (parts[0], parts[1])
        }
        let clockName = LVGLBench.value(args, "--clock") ?? "cpu"
        guard clockName == "cpu" || clockName == "wall" else { throw Failure(description: "unknown clock '\(clockName)' (cpu or wall)") }
        cpuClock = clockName == "cpu"
        let rounds = Int(LVGLBench.value(args, "--rounds") ?? "3") ?? 3

        let surface = try Surface(width: w, height: h)
        let screen = Double(w * h)
        // Driven as the frame loop drives a screen: a ViewFrameSource on the benchmark's virtual
        // clock, so a change made by input (focus, a key) starts its animation at the input's
        // time. (A bare RootRenderer has no host clock: its animations started at the last
        // frame's time, so after a quiet second the keyboard's 0.25 s slide was over before its
        // first frame and the slide-in figures measured one frame, the keyboard's build.)
        var t = 0.0
        let r = ViewFrameSource(width: w, height: h, now: { t }) { TypingBenchScene() }
        r.setOnScreenKeyboard(.auto, layout: "us")
        _ = r.renderFrame(into: surface, at: t, fullRedraw: true)
        var touchID = 1

        // KIOSK_TYPING_TRACE=1: every slide-in tick printed (drawn, ms, allocations, damage and
        // the renderer's update/layout/record/raster split).
        let trace = getenv("KIOSK_TYPING_TRACE").map { String(cString: $0) == "1" } ?? false
        if trace { r.recordsFrameTimes = true; r.frameTimesClock = cpuClock ? .threadCPU : .monotonic }
        var tracing = false
        struct Frame { var drawn = false; var ms = 0.0; var damage = 0; var allocations = 0 }
        /// One 60 Hz tick: `input` (delivered at the tick's time), then a frame if one is needed;
        /// input and frame are timed together.
        func tick(_ input: () -> Void = {}) -> Frame {
            t += 1.0 / 60
            var f = Frame()
            let a0 = allocationCount
            let c0 = ms()
            input()
            if r.needsFrame() {
                let d = r.renderFrame(into: surface, at: t, fullRedraw: false)
                f.drawn = true
                for rect in d { f.damage += rect.area }
            }
            f.ms = ms() - c0
            f.allocations = allocationCount - a0
            if tracing && f.drawn {
                let ft = r.lastFrameTimes
                print("  frame t=\(r3(t)) update \(r3(ft.update * 1e3)) layout \(r3(ft.layout * 1e3)) record \(r3(ft.record * 1e3)) raster \(r3(ft.raster * 1e3)) ms")
            }
            return f
        }
        func key(_ k: KeyEquivalent) -> () -> Void {
            { r.handleKey(KeyPress(phase: .down, key: k)); r.handleKey(KeyPress(phase: .up, key: k)) }
        }
        func touch(_ phase: TouchPhase, _ p: Point) -> () -> Void {
            { r.handleTouch(TouchEvent(id: touchID, phase: phase, location: p, time: t)) }
        }
        func settle(_ seconds: Double) { for _ in 0..<Int(seconds * 60) { _ = tick() } }

        // Slide-ins: focus (Tab), the keyboard slides up; Escape, it slides away. Four times.
        settle(0.2)
        var firstSlide: [Double] = []
        var slides: [Double] = []
        var slideAllocations: [Int] = []
        for i in 0..<4 {
            tracing = trace
            defer { tracing = false }
            var frames: [Frame] = [tick(key(.tab))]
            for _ in 0..<20 { frames.append(tick()) }
            if trace {
                for (j, f) in frames.enumerated() {
                    print("slide \(i) tick \(j): drawn \(f.drawn) ms \(r3(f.ms)) allocations \(f.allocations) damage \(f.damage)")
                }
            }
            let drawn = frames.filter(\.drawn)
            if i == 0 { firstSlide = drawn.map(\.ms) } else { slides += drawn.map(\.ms); slideAllocations += drawn.map(\.allocations) }
            if i < 3 { _ = tick(key(.escape)); settle(0.6) }
        }
        settle(1)

        // Typing: 30 keys a second, rounds of 40 letters then 40 deletes.
        let letters = Array("kioskcheckinbookingcodeforthemuseumtourx")
        var typing: [Double] = []
        var typingAllocations: [Int] = []
        var damagePerKey: [Double] = []
        var keystrokes = 0
        for _ in 0..<rounds {
            for i in 0..<80 {
                let name = i < 40 ? String(letters[i % letters.count]) : "delete"
                guard let p = _OnScreenKeyboardKeys.centre(of: name, screenWidth: w, screenHeight: h) else {
                    throw Failure(description: "no key \(name) on the keyboard")
                }
                touchID += 1
                let down = tick(touch(.began, p))
                let up = tick(touch(.ended, p))
                for f in [down, up] where f.drawn { typing.append(f.ms); typingAllocations.append(f.allocations) }
                damagePerKey.append(Double(down.damage + up.damage) / screen * 100)
                keystrokes += 1
            }
        }

        // Nothing changes: the field focused, the keyboard up, 3 s; ticks with no frame.
        var quietTicks = 0, quietAllocations = 0, blinkFrames = 0
        var blinkDamage = 0.0
        tracing = trace
        for _ in 0..<180 {
            let f = tick()
            if trace && f.drawn { print("unchanged: frame at t=\(r3(t)), damage \(f.damage), allocations \(f.allocations)") }
            if f.drawn { blinkFrames += 1; blinkDamage = max(blinkDamage, Double(f.damage) / screen * 100) }
            else { quietTicks += 1; quietAllocations += f.allocations }
        }

        tracing = false
        // Unfocused: Escape, the keyboard slides away; then 10 s with an unfocused field on screen.
        _ = tick(key(.escape))
        settle(1)
        var idleFrames = 0, idleAllocations = 0
        let wakeup = r.nextFrameTime(after: t)
        for _ in 0..<600 {
            let f = tick()
            if f.drawn { idleFrames += 1 }
            idleAllocations += f.allocations
        }

        let counting = AllocationCounter.isActive
        func allocs(_ v: [Int]) -> String {
            guard counting else { return "n/a (allocation counter not linked: run through scripts/bench-engine)" }
            let s = v.sorted()
            return s.isEmpty ? "none" : "median \(s[s.count / 2]), max \(s.last!)"
        }
        print("typing benchmark \(w)x\(h), \(clockName) clock, \(keystrokes) keystrokes at 30/s on the on-screen keyboard")
        print("slide-in   first: \(firstSlide.count) frames, median \(r3(median(firstSlide))) ms, max \(r3(firstSlide.max() ?? 0)) ms; " +
              "next 3: \(slides.count) frames, median \(r3(median(slides))) ms, max \(r3(slides.max() ?? 0)) ms, allocations \(allocs(slideAllocations))")
        print("typing     \(typing.count) frames, median \(r3(median(typing))) ms, p99 \(r3(p99(typing))) ms, allocations \(allocs(typingAllocations))")
        print("damage     per keystroke: median \(r3(median(damagePerKey))) %, max \(r3(damagePerKey.max() ?? 0)) % of the screen")
        print("unchanged  \(quietTicks) ticks with nothing to draw (focused, keyboard up, 3 s): allocations \(counting ? String(quietAllocations) : "n/a"); " +
              "\(blinkFrames) caret-blink frames (max damage \(r3(blinkDamage)) %)")
        print("idle       unfocused field, 10 s: \(idleFrames) frames drawn, next wakeup \(wakeup.map { r3($0) } ?? "none"), " +
              "allocations \(counting ? String(idleAllocations) : "n/a") → \(Double(idleFrames) / 10) wakeups/s")
    }
}
