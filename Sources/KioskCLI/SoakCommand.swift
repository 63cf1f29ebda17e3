// `kiosk soak`: a long unattended run, offscreen and on the virtual clock, with taps injected at
// random — what months on a wall do to memory, in minutes. Samples the resident set every 10⁴
// frames and reports its least-squares slope; for view scenes also the engine's live node count
// and the glyph cache. Fails (exit 1) when RSS grows more than 1 MB past the first sample, live
// nodes outgrow their first half's maximum, or warnings storm (more than one per 1000 frames).
#if canImport(Glibc)
import Glibc
#endif
import Kiosk
import KioskScenes
import Raster

enum SoakCommand {
    static let help = """
    kiosk soak --scene NAME --frames N [--size WxH] [--seed S] [--tap-every K]
      Runs N offscreen frames of NAME at 60 Hz virtual time with taps at random places (one in K
      frames on average, default 30, 0 = none; from the seed S, default 1). Every 10000 frames it samples RSS (and, for view
      scenes, live engine nodes and glyph-cache bytes); at the end it prints the RSS slope. Exits 1
      when RSS grows beyond 1 MB over the run, live nodes grow, or warnings storm.
    """
    static let sampleEvery = 10_000
    static let rssBound = 1 << 20

    static func main(_ args: ArraySlice<String>) throws {
        let a = try Arguments(args, flags: ["help"], known: ["scene", "size", "frames", "seed", "tap-every"])
        if a.has("help") { print(help); return }
        let name = a.last("scene") ?? "pulse"
        let size = try ModeRequest(parsing: a.last("size") ?? "800x480")
        guard let frames = Int(a.last("frames") ?? "100000"), frames > 0 else {
            throw ConfigError.invalidValue(key: "frames", value: a.last("frames") ?? "", expected: "a whole number of frames > 0")
        }
        guard let seed = UInt64(a.last("seed") ?? "1") else {
            throw ConfigError.invalidValue(key: "seed", value: a.last("seed") ?? "", expected: "a whole number ≥ 0")
        }
        guard let tapEvery = UInt64(a.last("tap-every") ?? "30") else {
            throw ConfigError.invalidValue(key: "tap-every", value: a.last("tap-every") ?? "", expected: "frames between taps on average (0 = no taps)")
        }
        var clock = 0.0
        guard let source = DemoScenes.make(name, width: size.width, height: size.height, now: { clock }) else {
            throw UsageError("unknown scene \"\(name)\"; `kiosk scenes` lists them")
        }
        let views = source as? ViewFrameSource
        let run = try VirtualRun(source: source, width: size.width, height: size.height)
        run.onAdvance = { clock = $0 }
        run.step()

        var rng = seed &+ 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {   // splitmix64: the same taps for the same seed
            rng &+= 0x9E37_79B9_7F4A_7C15
            var z = rng
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        // Seeds print on taps (seed-000-transition: "text disappeared"); counted, not echoed
        // between the soak's own lines.
        SeedLog.echo = false
        SeedLog.clear()
        let warnings0 = views?.warnings.count ?? 0
        var rss: [Int] = [], nodes: [Int] = [], taps = 0
        let started = Syscall.monotonicNow()
        print("soak: scene \(name) \(size.width)x\(size.height), \(frames) frames, seed \(seed)")
        for i in 1...frames {
            run.advance()
            if tapEvery > 0 && next() % tapEvery == 0 {
                taps += 1
                run.tap(Point(Double(next() % UInt64(max(1, size.width))), Double(next() % UInt64(max(1, size.height)))))
            }
            run.step()
            if i % sampleEvery == 0 || i == frames {
                rss.append(residentBytes())
                if let views { nodes.append(views.liveNodeCount) }
                if i % (sampleEvery * 10) == 0 || i == frames {
                    let n = views.map { ", live nodes \($0.liveNodeCount), glyph cache \($0.glyphCacheBytes.map(String.init) ?? "-") B, text caches \($0.textCacheBytes.map(String.init) ?? "-") B" } ?? ""
                    print("soak: frame \(i): RSS \(rss.last! >> 10) KiB\(n), \(run.framesDrawn) drawn, \(Int(Syscall.monotonicNow() - started)) s")
                }
            }
        }
        let elapsed = Syscall.monotonicNow() - started
        let warnings = (views?.warnings.count ?? 0) - warnings0
        // Least-squares slope of RSS over the samples, in bytes per 10⁶ frames.
        let xs = rss.indices.map { Double(min(($0 + 1) * sampleEvery, frames)) }, ys = rss.map(Double.init)
        let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
        let sxx = zip(xs, xs).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - mx) }
        let slope = sxx > 0 ? zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) } / sxx * 1e6 : 0
        let growth = (rss.max() ?? 0) - (rss.first ?? 0)
        print("soak: \(frames) frames (\(run.framesDrawn) drawn, \(taps) taps) in \(Int(elapsed)) s")
        print("soak: RSS first sample \(rss.first! >> 10) KiB, last \(rss.last! >> 10) KiB, max growth \(growth >> 10) KiB, slope \(Int(slope) >> 10) KiB per 10^6 frames (\(rss.count) samples)")
        var failures: [String] = []
        if growth > rssBound { failures.append("RSS grew \(growth >> 10) KiB (> 1024 KiB)") }
        if let views {
            // The first half's maximum is the tree's size with every tap-driven branch built; a
            // leak keeps growing past it. (The first tenth was too short a window: seed-002's
            // tap toggles a 12-node rectangle, hidden in the only sample of a 10⁵-frame run's
            // first tenth — 15 nodes, then 27 — and 3·10⁵ frames never went past 27.)
            let window = nodes.prefix(max(1, nodes.count / 2)).max() ?? 0
            let later = nodes.dropFirst(max(1, nodes.count / 2)).max() ?? 0
            print("soak: live nodes first \(nodes.first ?? 0), max in the first half \(window), in the second \(later), last \(nodes.last ?? 0); glyph cache \(views.glyphCacheBytes.map(String.init) ?? "-") B, text caches \(views.textCacheBytes.map(String.init) ?? "-") B")
            if later > window { failures.append("live nodes grew from \(window) in the first half to \(later)") }
        }
        print("soak: \(warnings) warnings\(SeedLog.count > 0 ? ", \(SeedLog.count) lines printed by the scene (not shown)" : "")")
        if warnings > frames / 1000 { failures.append("\(warnings) warnings in \(frames) frames (a storm: > 1 per 1000 frames)") }
        if !failures.isEmpty {
            Log.error("soak failed: " + failures.joined(separator: "; "))
            exit(KioskExitCode.runtimeFailure.rawValue)
        }
        print("soak: ok")
    }

    /// Resident set size from /proc/self/statm (pages × page size).
    static func residentBytes() -> Int {
        guard let b = Syscall.readFile("/proc/self/statm") else { return 0 }
        let fields = String(decoding: b, as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
}
