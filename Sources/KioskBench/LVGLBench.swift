// kiosk's side of scripts/bench-lvgl: the 16 LVGL benchmark scenes (Sources/KioskScenes/LVGL)
// rendered offscreen the way ../shared/bench/lvgl/README.md times LVGL, and the report that
// pairs kiosk's lines with the Python LVGL driver's (Benchmarks/lvgl/lvgl_bench.py).
//
//   kiosk-engine-bench --lvgl --scene N --size WxH --mode direct|full [--clock wall|cpu] [--trace]
//       One scene on a simulated 16 ms clock (LVGL's refresh and animation timers) for the
//       benchmark's 3/5/20 s; frames starting in the first 300 ms are not counted. A frame is
//       timed when the views ask for one (a TimelineView is due) and counted when it redrew
//       something. `median`/`p99` are the render, timed as LVGL's RENDER_START…RENDER_READY is
//       (../shared/bench/lvgl/README.md: "do the same for the PyPI peer and for kiosk"): from
//       the laid-out tree to pixels — recording the display list, diffing it into damage (LVGL's
//       invalidation and area joining, outside its window, are kiosk's diff, inside this one) and
//       drawing the damage. `frame-median`/`frame-p99` are everything kiosk does for the frame:
//       state changes, body evaluation and animation ticks, layout, then the render; the report
//       sets them beside LVGL's whole refresh (REFR_START…REFR_READY: layout, joining, render),
//       which still leaves out LVGL's animation callbacks and style updates. `direct` repaints
//       the damage, `full` the whole screen. Prints the driver's line format plus allocations
//       and the median of each phase (`phases U/L/R/D`: update, layout, record, raster, ms);
//       `--trace` prints every counted frame's phases, allocations and pixels first.
//   kiosk-engine-bench --lvgl-report LOG [--chart OUT.png] [--cpu NAME]
//       Reads both peers' lines (grouped by `# config WxH MODE` lines) and prints the table, the
//       mean ratio, peak RSS and `lvgl: N scenes, worst R×, mean R×`; draws the chart.
import AllocationCounter
import Kiosk
import KioskScenes
import Raster
#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// Pads with spaces to `n` characters (Foundation's `padding` without Foundation).
    func padded(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}

enum LVGLBench {
    static let names = [
        "Empty screen", "Moving wallpaper", "Single rectangle", "Multiple rectangles",
        "Multiple RGB images", "Multiple ARGB images", "Rotated ARGB images", "Multiple labels",
        "Screen sized text", "Multiple arcs", "Containers", "Containers with overlay",
        "Containers with opa", "Containers with opa_layer", "Containers with scrolling", "Widgets demo",
    ]
    static let supportedSizes = [(800, 480), (1920, 1080)]

    struct Failure: Error { let message: String }

    static func value(_ args: [String], _ flag: String) -> String? {
        guard let i = args.firstIndex(of: flag), i + 1 < args.count else { return nil }
        return args[i + 1]
    }

    static func parseSize(_ s: String) throws -> (Int, Int) {
        let parts = s.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw Failure(message: "bad size '\(s)' (want WxH)")
        }
        guard supportedSizes.contains(where: { $0 == (w, h) }) else {
            throw Failure(message: "unsupported size \(w)x\(h): the scenes are described at 800x480 and 1920x1080")
        }
        return (w, h)
    }

    static func parseScene(_ s: String) throws -> Int {
        let t = s.hasPrefix("lvgl-") ? String(s.dropFirst(5)) : s
        guard let n = Int(t), (1...16).contains(n) else {
            throw Failure(message: "unknown scene '\(s)' (1…16 or lvgl-1…lvgl-16)")
        }
        return n
    }

    /// Milliseconds on the benchmark's clock: CLOCK_MONOTONIC (LVGL's definition), or with
    /// `--clock cpu` the thread's CPU time (a shared machine's preemptions then count for neither
    /// peer; the driver reads Python's time.thread_time_ns).
    nonisolated(unsafe) static var cpuClock = false
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(cpuClock ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
    }

    static func peakRSSKiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    /// Runs one scene; returns the process exit status.
    static func runScene(_ args: [String]) throws {
        let (w, h) = try parseSize(value(args, "--size") ?? "800x480")
        let n = try parseScene(value(args, "--scene") ?? "1")
        let mode = value(args, "--mode") ?? "direct"
        guard mode == "direct" || mode == "full" else { throw Failure(message: "unknown mode '\(mode)' (direct or full)") }
        let full = mode == "full"
        let trace = args.contains("--trace")
        let traceRects = args.contains("--trace-rects")
        let clockName = value(args, "--clock") ?? "wall"
        guard clockName == "wall" || clockName == "cpu" else { throw Failure(message: "unknown clock '\(clockName)' (wall or cpu)") }
        cpuClock = clockName == "cpu"
        let skip = Int(value(args, "--skip-ms") ?? "300") ?? 300
        let scale = Double(value(args, "--duration-scale") ?? "1") ?? 1
        let duration = Int(Double([9: 5000, 15: 5000, 16: 20000][n] ?? 3000) * scale)

        KioskScenes.registerAll()
        var clock = 0.0
        guard let source = DemoScenes.make("lvgl-\(n)", width: w, height: h, now: { clock }) as? ViewFrameSource else {
            throw Failure(message: "scene lvgl-\(n) is not registered as a view scene")
        }
        source.recordsFrameTimes = true
        source.frameTimesClock = cpuClock ? .threadCPU : .monotonic
        let surface = try Surface(width: w, height: h)
        _ = source.renderFrame(into: surface, at: 0, fullRedraw: true)

        let capacity = duration / 16 + 2
        var times: [Double] = []; times.reserveCapacity(capacity)
        var frames: [Double] = []; frames.reserveCapacity(capacity)
        var phases: [[Double]] = [[], [], [], []]   // update, layout, record, raster (ms)
        for i in phases.indices { phases[i].reserveCapacity(capacity) }
        var dirty: [Int] = []; dirty.reserveCapacity(capacity)
        var allocs: [Int] = []; allocs.reserveCapacity(capacity)
        var ms = 0
        while ms + 16 < duration {
            ms += 16
            clock = Double(ms) / 1000
            guard source.needsFrame() else { continue }
            let a0 = allocationCount
            let t0 = now()
            let damage = source.renderFrame(into: surface, at: clock, fullRedraw: full)
            let dt = now() - t0
            let a = allocationCount - a0
            guard ms >= skip, !damage.isEmpty else { continue }
            var px = 0
            for r in damage { px += r.intersection(surface.bounds).area }
            let t = source.lastFrameTimes
            times.append((t.record + t.raster) * 1000)
            frames.append(dt)
            if traceRects { print("damage at \(ms) ms: " + damage.map { "\($0.x0),\($0.y0)-\($0.x1),\($0.y1)" }.joined(separator: " ")) }
            if trace { print("frame at \(ms) ms: whole \(f3(dt)) update \(f3(t.update * 1000)) layout \(f3(t.layout * 1000)) record \(f3(t.record * 1000)) raster \(f3(t.raster * 1000)) ms, \(a) allocations, \(px) px") }
            phases[0].append(t.update * 1000); phases[1].append(t.layout * 1000)
            phases[2].append(t.record * 1000); phases[3].append(t.raster * 1000)
            dirty.append(px)
            allocs.append(a)
        }
        let name = names[n - 1].padded(28)
        guard !times.isEmpty else {
            print("kiosk  \(pad(n)) \(name) no frames")
            return
        }
        let s = times.sorted()
        let median = s[s.count / 2]
        let p99 = s[min(s.count - 1, max(0, (99 * s.count + 99) / 100 - 1))]
        let d = 100 * Double(dirty.reduce(0, +)) / Double(dirty.count) / Double(w * h)
        let rate = Double(times.count) / (Double(duration - skip) / 1000)
        let fs = frames.sorted()
        let fmed = fs[fs.count / 2], fp99 = fs[min(fs.count - 1, max(0, (99 * fs.count + 99) / 100 - 1))]
        let phaseText = "  phases " + phases.map { f3($0.sorted()[$0.count / 2]) }.joined(separator: "/")
        let a = allocs.sorted()
        let meanAllocs = Double(allocs.reduce(0, +)) / Double(allocs.count)
        print("kiosk  \(pad(n)) \(name) median \(f3(median)) ms  p99 \(f3(p99)) ms  dirty \(f1(d))%  redrawn/s \(f1(rate))  frames \(times.count)"
              + "  frame-median \(f3(fmed)) ms  frame-p99 \(f3(fp99)) ms" + phaseText
              + (AllocationCounter.isActive ? "  allocs \(f1(meanAllocs))  median-allocs \(a[a.count / 2])" : "  allocs n/a  median-allocs n/a")
              + "  moved \(source.movedFrames)")
        print("kiosk  peak-rss \(peakRSSKiB()) KiB")
    }

    static func pad(_ n: Int) -> String { n < 10 ? " \(n)" : "\(n)" }
    static func f3(_ v: Double) -> String { fixed(v, 3) }
    static func f1(_ v: Double) -> String { fixed(v, 1) }
    static func f2(_ v: Double) -> String { fixed(v, 2) }
    static func fixed(_ v: Double, _ digits: Int) -> String {
        guard v.isFinite else { return "nan" }
        var p = 1.0
        for _ in 0..<digits { p *= 10 }
        let r = (abs(v) * p).rounded()
        let whole = Int(r / p), frac = Int(r) - whole * Int(p)
        var fs = String(frac)
        while fs.count < digits { fs = "0" + fs }
        return (v < 0 ? "-" : "") + "\(whole)" + (digits > 0 ? "." + fs : "")
    }

    // MARK: the report

    struct Row {
        var median: [Double] = [], p99: [Double] = [], dirty: [Double] = [], allocs: [Double] = [], medianAllocs: [Double] = []
        /// kiosk: the whole frame; LVGL: the whole refresh (REFR_START…REFR_READY).
        var whole: [Double] = []
    }
    struct Config: Hashable, Comparable {
        let size: String, mode: String
        static func < (a: Config, b: Config) -> Bool { (a.size.count, a.size, a.mode) < (b.size.count, b.size, b.mode) }
    }

    static func field(_ words: [Substring], after key: String) -> Double? {
        guard let i = words.firstIndex(of: Substring(key)), i + 1 < words.count else { return nil }
        return Double(String(words[i + 1].filter { $0 != "%" }))
    }

    static func report(_ args: [String]) throws {
        guard let path = value(args, "--lvgl-report") else { throw Failure(message: "--lvgl-report needs a log file") }
        guard let f = fopen(path, "r") else { throw Failure(message: "cannot read \(path)") }
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true { let k = fread(&buffer, 1, buffer.count, f); if k <= 0 { break }; text += buffer[0..<k] }
        fclose(f)
        var config: Config?
        var rows: [Config: [String: [Int: Row]]] = [:]
        var rss: [String: [String: Int]] = [:]   // size → peer → KiB
        for line in String(decoding: text, as: UTF8.self).split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if words.first == "#", words.count >= 4, words[1] == "config" {
                config = Config(size: String(words[2]), mode: String(words[3]))
                continue
            }
            guard let c = config, let peer = words.first.map(String.init), peer == "kiosk" || peer == "lvgl", words.count > 2 else { continue }
            if words[1] == "peak-rss", let k = Int(words[2]) {
                rss[c.size, default: [:]][peer] = max(rss[c.size]?[peer] ?? 0, k)
                continue
            }
            guard let n = Int(words[1]), let med = field(words, after: "median"), let p99 = field(words, after: "p99"),
                  let d = field(words, after: "dirty") else {
                throw Failure(message: "\(path): a \(peer) run produced no measurement: \(line)")
            }
            var row = rows[c, default: [:]][peer, default: [:]][n] ?? Row()
            row.median.append(med); row.p99.append(p99); row.dirty.append(d)
            if let a = field(words, after: "allocs") { row.allocs.append(a) }
            if let a = field(words, after: "median-allocs") { row.medianAllocs.append(a) }
            if let w = field(words, after: peer == "kiosk" ? "frame-median" : "refr-median") { row.whole.append(w) }
            rows[c, default: [:]][peer, default: [:]][n] = row
        }
        guard !rows.isEmpty else { throw Failure(message: "\(path): no results") }
        func mid(_ v: [Double]) -> Double { let s = v.sorted(); return s.isEmpty ? .nan : s[s.count / 2] }
        /// The median over rounds of kiosk's ÷ LVGL's value in the same round (the log lists a
        /// configuration's rounds in order, so the i-th values of the two peers pair up).
        func pairedRatio(_ k: [Double], _ l: [Double]) -> Double {
            if k.count != l.count { return mid(k) / max(mid(l), 1e-6) }
            return mid(zip(k, l).map { $0 / max($1, 1e-6) })
        }

        let cpu = value(args, "--cpu") ?? "unknown CPU"
        var allRatios: [Double] = [], allWhole: [Double] = []
        var scenes = Set<Int>()
        var chart: [(Config, [ChartBar])] = []
        for c in rows.keys.sorted() {
            let kiosk = rows[c]?["kiosk"] ?? [:], lvgl = rows[c]?["lvgl"] ?? [:]
            let ns = Set(kiosk.keys).union(lvgl.keys).sorted()
            let missing = ns.filter { kiosk[$0] == nil || lvgl[$0] == nil }
            guard missing.isEmpty else {
                throw Failure(message: "\(c.size) \(c.mode): no \(missing.map { kiosk[$0] == nil ? "kiosk" : "lvgl" }[0]) result for scene(s) \(missing)")
            }
            print("\n\(c.size) \(c.mode == "direct" ? "DIRECT (damage only, 16 ms ticks)" : "FULL (whole screen per change)")  — \(cpu), one pinned core, medians of \(kiosk.values.first?.median.count ?? 0) run(s); ratio: median of the runs' own kiosk ÷ LVGL")
            print("                               render (LVGL's definition)                  whole frame: kiosk / LVGL refresh")
            print("scene                          kiosk ms med / p99   LVGL ms med / p99   ratio   kiosk / LVGL ms     ratio   dirty kiosk / LVGL   kiosk allocs/frame (median)")
            var ratios: [Double] = [], wholeRatios: [Double] = []
            var bars: [ChartBar] = []
            for n in ns {
                let k = kiosk[n]!, l = lvgl[n]!
                let km = mid(k.median), lm = mid(l.median)
                let kw = mid(k.whole), lw = mid(l.whole)
                // The ratio is the median of the rounds' own ratios: a round runs the two peers
                // back to back, and this host's speed drifts by ±40 % from minute to minute (one
                // LVGL scene measured 0.31 and 0.51 ms in one run), which a ratio of two medians
                // taken over different minutes keeps.
                let ratio = pairedRatio(k.median, l.median)
                let wholeRatio = pairedRatio(k.whole, l.whole)
                ratios.append(ratio); scenes.insert(n)
                if wholeRatio.isFinite { wholeRatios.append(wholeRatio) }
                bars.append(ChartBar(scene: n, ratio: ratio, kiosk: km, lvgl: lm, kioskWhole: kw.isFinite ? kw : km, lvglWhole: lw.isFinite ? lw : lm))
                let label = "\(pad(n)) \(names[n - 1])".padded(30)
                let kcol = "\(f3(km)) / \(f3(mid(k.p99)))".padded(21)
                let lcol = "\(f3(lm)) / \(f3(mid(l.p99)))".padded(20)
                let rcol = "\(f2(ratio))×".padded(8)
                let wcol = "\(f3(kw)) / \(f3(lw))".padded(20) + "\(f2(wholeRatio))×".padded(8)
                let dcol = "\(f1(mid(k.dirty))) / \(f1(mid(l.dirty))) %".padded(21)
                let acol = k.allocs.isEmpty ? "n/a" : "\(f1(mid(k.allocs))) (\(Int(mid(k.medianAllocs))))"
                print("\(label) \(kcol)\(lcol)\(rcol)\(wcol)\(dcol)\(acol)")
            }
            let mean = ratios.reduce(0, +) / Double(ratios.count)
            let wmean = wholeRatios.isEmpty ? Double.nan : wholeRatios.reduce(0, +) / Double(wholeRatios.count)
            print("mean ratio \(f2(mean))×   worst \(f2(ratios.max() ?? .nan))×   (whole frame vs LVGL refresh: mean \(f2(wmean))×, worst \(f2(wholeRatios.max() ?? .nan))×)")
            allRatios += ratios
            allWhole += wholeRatios
            chart.append((c, bars))
        }
        print("")
        for size in rss.keys.sorted(by: { $0.count < $1.count || ($0.count == $1.count && $0 < $1) }) {
            let k = rss[size]?["kiosk"] ?? 0, l = rss[size]?["lvgl"] ?? 0
            print("peak RSS at \(size): kiosk \(f1(Double(k) / 1024)) MiB, LVGL (Python + lvgl) \(f1(Double(l) / 1024)) MiB, ratio \(f2(Double(k) / Double(max(l, 1))))×")
        }
        if let out = value(args, "--chart") {
            try drawChart(chart, cpu: cpu, to: out)
            print("chart: \(out)")
        }
        let mean = allRatios.reduce(0, +) / Double(allRatios.count)
        if !allWhole.isEmpty {
            print("lvgl whole frame (kiosk's whole frame vs LVGL's refresh): \(scenes.count) scenes, worst \(f2(allWhole.max() ?? .nan))×, mean \(f2(allWhole.reduce(0, +) / Double(allWhole.count)))×")
        }
        print("lvgl: \(scenes.count) scenes, worst \(f2(allRatios.max() ?? .nan))×, mean \(f2(mean))×")
    }

    // MARK: the chart (kiosk's own Raster and text)

    /// One scene's bars: each peer's render (solid) and the rest of its whole frame / refresh
    /// (the lighter part above).
    struct ChartBar { var scene: Int; var ratio: Double; var kiosk: Double; var lvgl: Double; var kioskWhole: Double; var lvglWhole: Double }

    static func drawChart(_ panels: [(Config, [ChartBar])], cpu: String, to path: String) throws {
        let width = 1600, panelHeight = 300, top = 70
        let height = top + panels.count * panelHeight + 20
        let surface = try Surface(width: width, height: height)
        let canvas = Canvas(surface)
        canvas.clear(Raster.Color(r: 1, g: 1, b: 1))
        let fonts = try FontLibrary()
        let title = try fonts.font(family: "DejaVu Sans", size: 22)
        let body = try fonts.font(family: "DejaVu Sans", size: 14)
        let small = try fonts.font(family: "DejaVu Sans", size: 11)
        let ink = Paint.solid(Raster.Color(r: 0.13, g: 0.13, b: 0.13))
        let kioskPaint = Paint.solid(Raster.Color(r: 0.13, g: 0.59, b: 0.95))
        let lvglPaint = Paint.solid(Raster.Color(r: 0.62, g: 0.62, b: 0.62))
        let kioskRest = Paint.solid(Raster.Color(r: 0.70, g: 0.85, b: 0.98))
        let lvglRest = Paint.solid(Raster.Color(r: 0.86, g: 0.86, b: 0.86))
        let red = Paint.solid(Raster.Color(r: 0.85, g: 0.2, b: 0.15))
        // The title in one line: a smaller size when the CPU's name makes it longer than the chart.
        let heading = "kiosk (SwiftUI views) vs LVGL 9.5 (C, via pydevices-lvgl): render ms per redrawn frame, median — \(cpu)"
        var headingLayout = fonts.layout(heading, font: title)
        if headingLayout.size.width > Double(width - 40) {
            let size = max(10, 22 * Double(width - 40) / headingLayout.size.width).rounded(.down)
            headingLayout = fonts.layout(heading, font: try fonts.font(family: "DejaVu Sans", size: size))
        }
        fonts.draw(headingLayout, in: canvas, at: Point(20, 14), paint: ink)
        canvas.fill(Rect(x: 20, y: 48, width: 16, height: 12), with: kioskPaint)
        fonts.draw(fonts.layout("kiosk", font: body), in: canvas, at: Point(42, 45), paint: ink)
        canvas.fill(Rect(x: 110, y: 48, width: 16, height: 12), with: lvglPaint)
        fonts.draw(fonts.layout("LVGL", font: body), in: canvas, at: Point(132, 45), paint: ink)
        fonts.draw(fonts.layout("solid: render (LVGL's definition); light above: the rest of kiosk's whole frame / LVGL's refresh; numbers: render kiosk ÷ LVGL, the median of the rounds' own ratios (red above 1.0)", font: body), in: canvas, at: Point(200, 45), paint: ink)
        for (p, (config, bars)) in panels.enumerated() {
            let y0 = Double(top + p * panelHeight)
            let plotTop = y0 + 40, plotBottom = y0 + Double(panelHeight) - 40
            let maxValue = max(0.001, bars.map { max($0.kioskWhole, $0.lvglWhole, $0.kiosk, $0.lvgl) }.max() ?? 1)
            fonts.draw(fonts.layout("\(config.size) \(config.mode.uppercased())   (axis 0 … \(f2(maxValue)) ms)", font: body),
                       in: canvas, at: Point(20, y0 + 8), paint: ink)
            canvas.fill(Rect(x: 60, y: plotBottom, width: Double(width - 80), height: 1), with: ink)
            let group = Double(width - 100) / Double(max(1, bars.count))
            for (i, bar) in bars.enumerated() {
                let n = bar.scene, k = bar.kiosk, l = bar.lvgl
                let x = 70 + Double(i) * group
                let bw = group * 0.36
                let scale = (plotBottom - plotTop) / maxValue
                let kh = scale * k, lh = scale * l
                let kwh = scale * max(k, bar.kioskWhole), lwh = scale * max(l, bar.lvglWhole)
                canvas.fill(Rect(x: x, y: plotBottom - kwh, width: bw, height: kwh - kh), with: kioskRest)
                canvas.fill(Rect(x: x + bw + 2, y: plotBottom - lwh, width: bw, height: lwh - lh), with: lvglRest)
                canvas.fill(Rect(x: x, y: plotBottom - kh, width: bw, height: kh), with: kioskPaint)
                canvas.fill(Rect(x: x + bw + 2, y: plotBottom - lh, width: bw, height: lh), with: lvglPaint)
                let ratio = bar.ratio
                fonts.draw(fonts.layout("\(f2(ratio))×", font: small), in: canvas,
                           at: Point(x, plotBottom - max(kwh, lwh) - 16), paint: ratio > 1 ? red : ink)
                fonts.draw(fonts.layout("\(n)", font: body), in: canvas, at: Point(x + bw - 4, plotBottom + 6), paint: ink)
            }
        }
        try surface.writePNG(to: path)
    }

    /// Entry from main.swift: handles `--lvgl` / `--lvgl-report`; returns false when neither.
    static func dispatch(_ args: [String]) -> Bool {
        guard args.contains("--lvgl") || args.contains("--lvgl-report") else { return false }
        do {
            if args.contains("--lvgl-report") { try report(args) } else { try runScene(args) }
        } catch let e as Failure {
            fputs("kiosk-engine-bench: \(e.message)\n", stderr)
            exit(2)
        } catch {
            fputs("kiosk-engine-bench: \(error)\n", stderr)
            exit(2)
        }
        return true
    }
}
