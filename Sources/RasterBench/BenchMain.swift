// BenchMain: argument parsing and the report. Kept out of main.swift, whose globals are slow.

#if canImport(Glibc)
import Glibc
#endif
import Raster

enum BenchMain {
    static func run(_ args: [String]) {
        var cairoPath: String?
        var only: String?
        var i = 1
        while i < args.count {
            switch args[i] {
            case "--cairo" where i + 1 < args.count: cairoPath = args[i + 1]; i += 2
            case "--only" where i + 1 < args.count: only = args[i + 1]; i += 2
            case "-h", "--help":
                print("usage: raster-bench [--cairo PATH-TO-cairo_bench] [--only LABEL-SUBSTRING]"); return
            default:
                fputs("raster-bench: unknown argument '\(args[i])'; try --help\n", stderr); exit(2)
            }
        }
        let counting = AllocationCounter.isActive
        print("kiosk Raster, \(frameWidth)x\(frameHeight), \(timedRuns) timed runs after 1 warm-up ('first')")
        let fl = floors()
        for f in fl { print(formatLine(f.label, "-", first: f.first, min: f.min, median: f.median, max: f.max)) }
        var results: [SceneResult] = []
        for scene in Scenes.all(textScenes: TextScenes.scenes()) + KernelScenes.all() where only.map({ scene.label.contains($0) }) ?? true {
            let r = BenchMain.measure(scene)
            print(formatLine(r.label, "ARGB32", first: r.first, min: r.min, median: r.median, max: r.max))
            results.append(r)
        }
        print("")
        for line in TextScenes.cacheReport() { print(line) }
        if counting {
            print("heap allocations in steady state (malloc/calloc/realloc/memalign counted; \(timedRuns) runs after warm-up)")
            print("scene                                        draw calls  allocs/draw call  allocs/run (incl. paths)")
            for r in results {
                let label = r.label + String(repeating: " ", count: Swift.max(0, 44 - r.label.count))
                print("\(label) \(String(r.drawCalls).leftPad(10))  \(String(r.allocationsPerDrawCall).leftPad(16))  \(String(r.allocationsPerRun).leftPad(10))")
            }
        } else {
            print("allocations per draw: not counted (link with scripts/bench's flags to count them)")
        }
        print("floor ratios: (a) clear ÷ memset \(ratio(results, "(a) clear", fl[0])), (x) alpha OVER ÷ memcpy \(ratio(results, "(x) full-frame solid alpha", fl[1]))")
        if let path = cairoPath {
            guard let out = runCommand(path) else {
                fputs("raster-bench: could not run '\(path)' (build it with scripts/bench)\n", stderr); exit(1)
            }
            printComparison(ours: results, floors: fl, cairo: CairoResults(output: out))
        }
    }

    @inline(never) static func measure(_ scene: Scene) -> SceneResult { RasterBench.run(scene) }

    static func ratio(_ rs: [SceneResult], _ prefix: String, _ floor: SceneResult) -> String {
        guard let r = rs.first(where: { $0.label.hasPrefix(prefix) }) else { return "-" }
        return String((r.median / floor.median * 100).rounded() / 100) + "×"
    }
}

extension String {
    func leftPad(_ n: Int) -> String { count >= n ? self : String(repeating: " ", count: n - count) + self }
}
