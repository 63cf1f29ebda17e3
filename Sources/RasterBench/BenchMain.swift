// BenchMain: argument parsing and the report. Kept out of main.swift, whose globals are slow.

import AllocationCounter
#if canImport(Glibc)
import Glibc
#endif
import Raster

enum BenchMain {
    /// Decodes the file at `path` 20 times for a 960×540 frame (`fitting:`, JPEG's 1/2–1/8 IDCT
    /// scaling) and 5 times at full size; prints min and median milliseconds of each.
    static func decodeBenchmark(path: String) {
        guard let f = fopen(path, "rb") else { fputs("raster-bench: cannot open \(path)\n", stderr); exit(1) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true { let n = fread(&chunk, 1, chunk.count, f); if n <= 0 { break }; bytes.append(contentsOf: chunk[0..<n]) }
        fclose(f)
        func now() -> Double { var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t); return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 }
        // CPU time of this thread too: on a loaded machine wall time mostly measures the wait.
        func cpu() -> Double { var t = timespec(); clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 }
        func run(_ label: String, _ times: Int, fitting: (width: Int, height: Int)?) {
            var ms: [Double] = [], cpuMS: [Double] = [], size = ""
            for _ in 0..<times {
                let t0 = now(), c0 = cpu()
                defer { cpuMS.append((cpu() - c0) * 1000) }
                guard let s = try? Surface.decodeImage(bytes, maxPixels: 1 << 26, fitting: fitting) else {
                    fputs("raster-bench: \(path) does not decode\n", stderr); exit(1)
                }
                ms.append((now() - t0) * 1000)
                size = "\(s.width)x\(s.height)"
            }
            ms.sort(); cpuMS.sort()
            func one(_ v: Double) -> String { let t = Int((v * 10).rounded()); return "\(t / 10).\(t % 10)" }
            print("\(label): \(size), wall min \(one(ms[0])) median \(one(ms[ms.count / 2])) ms, CPU min \(one(cpuMS[0])) median \(one(cpuMS[cpuMS.count / 2])) ms (\(times) runs)")
        }
        let header = try? Surface.readImageHeader(bytes)
        print("\(path): \(header.map { "\($0.format) \($0.width)x\($0.height)" } ?? "?"), \(bytes.count) bytes")
        run("for 960x540", 20, fitting: (960, 540))
        run("full size  ", 5, fitting: nil)
    }

    static func run(_ args: [String]) {
        var cairoPath: String?
        var only: String?
        var rounds = 1
        var saveDir: String?
        var i = 1
        while i < args.count {
            switch args[i] {
            case "--cairo" where i + 1 < args.count: cairoPath = args[i + 1]; i += 2
            case "--only" where i + 1 < args.count: only = args[i + 1]; i += 2
            case "--save" where i + 1 < args.count: saveDir = args[i + 1]; i += 2
            case "--rounds" where i + 1 < args.count:
                guard let n = Int(args[i + 1]), n >= 1, n <= 20 else {
                    fputs("raster-bench: --rounds wants a count 1…20\n", stderr); exit(2)
                }
                rounds = n; i += 2
            case "--decode" where i + 1 < args.count:
                // Issue 40's measure: a photo decoded for a 960×540 frame (reduced decoding).
                decodeBenchmark(path: args[i + 1]); return
            case "-h", "--help":
                print("""
                usage: raster-bench [--cairo PATH-TO-cairo_bench] [--only LABEL-SUBSTRING] [--rounds N] [--save DIR]
                       raster-bench --decode IMAGE   time decoding IMAGE for a 960x540 frame (and at full size)
                  --rounds N  run ours and cairo_bench alternately N times; each scene keeps the round
                              with the lowest median (a shared machine only ever adds time)
                  --save DIR  write each scene's final frame to DIR as PNG (compare with SAVE_PNG=1 cairo_bench)
                """); return
            default:
                fputs("raster-bench: unknown argument '\(args[i])'; try --help\n", stderr); exit(2)
            }
        }
        let counting = AllocationCounter.isActive
        print("kiosk Raster, \(frameWidth)x\(frameHeight), \(timedRuns) timed runs after 1 warm-up ('first')")
        var fl: [SceneResult] = []
        var results: [SceneResult] = []
        var cairo = CairoResults(output: "")
        let scenes = (Scenes.all(textScenes: TextScenes.scenes()) + KernelScenes.all()).filter { scene in only.map { scene.label.contains($0) } ?? true }
        for round in 1...rounds {
            if rounds > 1 { print("round \(round) of \(rounds)") }
            fl = best(fl, floors())
            for f in fl where round == rounds { print(formatLine(f.label, "-", first: f.first, min: f.min, median: f.median, max: f.max)) }
            var these: [SceneResult] = []
            for scene in scenes {
                let r = BenchMain.measure(scene, saveDir)
                if rounds == 1 { print(formatLine(r.label, "ARGB32", first: r.first, min: r.min, median: r.median, max: r.max)) }
                these.append(r)
            }
            results = best(results, these)
            if let path = cairoPath {
                guard let out = runCommand(path) else {
                    fputs("raster-bench: could not run '\(path)' (build it with scripts/bench)\n", stderr); exit(1)
                }
                cairo.keepBest(CairoResults(output: out))
            }
        }
        if rounds > 1 {
            for r in results { print(formatLine(r.label, "ARGB32", first: r.first, min: r.min, median: r.median, max: r.max)) }
        }
        print("")
        for line in TextScenes.cacheReport() { print(line) }
        if counting {
            print("heap allocations in steady state (malloc/calloc/realloc/memalign counted; \(timedRuns) runs after warm-up)")
            print("scene                                        draw calls  allocs/draw call  allocs/run (incl. paths, layout)")
            for r in results {
                let label = r.label + String(repeating: " ", count: Swift.max(0, 44 - r.label.count))
                print("\(label) \(String(r.drawCalls).leftPad(10))  \(String(r.allocationsPerDrawCall).leftPad(16))  \(String(r.allocationsPerRun).leftPad(10))")
            }
        } else {
            print("allocations per draw: not counted (link with scripts/bench's flags to count them)")
        }
        print("floor ratios: (a) clear ÷ memset \(ratio(results, "(a) clear", fl[0])), (x) alpha OVER ÷ memcpy \(ratio(results, "(x) full-frame solid alpha", fl[1]))")
        if cairoPath != nil { printComparison(ours: results, floors: fl, cairo: cairo, rounds: rounds) }
    }

    /// Per label, the result with the lower median (the first round's when `old` is empty).
    static func best(_ old: [SceneResult], _ new: [SceneResult]) -> [SceneResult] {
        if old.isEmpty { return new }
        return zip(old, new).map { $0.median <= $1.median ? $0 : $1 }
    }

    @inline(never) static func measure(_ scene: Scene, _ dir: String?) -> SceneResult { RasterBench.run(scene, saveTo: dir) }

    static func ratio(_ rs: [SceneResult], _ prefix: String, _ floor: SceneResult) -> String {
        guard let r = rs.first(where: { $0.label.hasPrefix(prefix) }) else { return "-" }
        return String((r.median / floor.median * 100).rounded() / 100) + "×"
    }
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
