// Harness: times scenes the way cairo_bench.c does — one surface per scene cleared once to the
// background, one warm-up run ('first'), 21 timed runs, each inside save/restore — and prints
// the same line format so a script can pair the two outputs by label.

import AllocationCounter
#if canImport(Glibc)
import Glibc
#endif
import Raster

let timedRuns = 21

/// What one scene measured.
struct SceneResult {
    let label: String
    let first: Double, min: Double, median: Double, max: Double
    /// Heap allocations per canvas draw call over the timed runs, and per whole run (path
    /// building included).
    let allocationsPerDrawCall: Double
    let allocationsPerRun: Double
    let drawCalls: Int
}

@inline(never) func nowMilliseconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

/// One line in cairo_bench.c's format: `%-44s %-6s first %8.3f  min %8.3f  median %8.3f  max %8.3f ms`.
func formatLine(_ label: String, _ format: String, first: Double, min: Double, median: Double, max: Double) -> String {
    func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    func num(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        var s = String(Int(r.rounded(.towardZero))) + "."
        let frac = Int(((Swift.abs(r) - Swift.abs(r).rounded(.towardZero)) * 1000).rounded())
        s += String(repeating: "0", count: 3 - String(frac).count) + String(frac)
        return String(repeating: " ", count: Swift.max(0, 8 - s.count)) + s
    }
    return "\(pad(label, 44)) \(pad(format, 6)) first \(num(first))  min \(num(min))  median \(num(median))  max \(num(max)) ms"
}

/// Times `scene` on a fresh 1920×1080 surface.
func run(_ scene: Scene, saveTo dir: String? = nil) -> SceneResult {
    let surface = try! Surface(width: frameWidth, height: frameHeight)
    let canvas = Canvas(surface)
    canvas.clear(Scenes.background)
    var times = [Double](repeating: 0, count: timedRuns)
    var first = 0.0
    var probe = DrawProbe()
    var runAllocations = 0
    for i in -1..<timedRuns {
        if i == 0 { probe = DrawProbe() }     // the warm-up run fills caches; count steady state only
        canvas.save()
        let a0 = allocationCount
        let t0 = nowMilliseconds()
        scene.draw(canvas, &probe)
        let dt = nowMilliseconds() - t0
        if i >= 0 { runAllocations += allocationCount - a0 }
        canvas.restore()
        if i < 0 { first = dt } else { times[i] = dt }
    }
    times.sort()
    if let dir {
        let name = String(scene.label.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        do { try surface.writePNG(to: dir + "/" + name + ".png") } catch { print("could not save \(name): \(error)") }
    }
    return SceneResult(label: scene.label, first: first, min: times[0], median: times[timedRuns / 2],
                       max: times[timedRuns - 1],
                       allocationsPerDrawCall: Double(probe.drawAllocations) / Double(Swift.max(probe.drawCalls, 1)),
                       allocationsPerRun: Double(runAllocations) / Double(timedRuns), drawCalls: probe.drawCalls / timedRuns)
}

/// The physical floor, as cairo_bench.c measures it: memset and memcpy of one frame.
func floors() -> [SceneResult] {
    let n = frameWidth * frameHeight * 4
    let a = UnsafeMutableRawPointer.allocate(byteCount: n, alignment: 64)
    let b = UnsafeMutableRawPointer.allocate(byteCount: n, alignment: 64)
    defer { a.deallocate(); b.deallocate() }
    memset(a, 1, n); memset(b, 2, n)
    func time(_ label: String, _ body: (Int) -> Void) -> SceneResult {
        var t = [Double](repeating: 0, count: timedRuns), first = 0.0
        for i in -1..<timedRuns {
            let t0 = nowMilliseconds(); body(i); let dt = nowMilliseconds() - t0
            if i < 0 { first = dt } else { t[i] = dt }
        }
        t.sort()
        return SceneResult(label: label, first: first, min: t[0], median: t[timedRuns / 2], max: t[timedRuns - 1],
                           allocationsPerDrawCall: 0, allocationsPerRun: 0, drawCalls: 0)
    }
    var sink: UInt8 = 0
    let set = time("floor: memset 1920x1080x4 (8.29 MB)") { i in
        memset(a, Int32(i & 0xFF), n); sink &+= a.load(fromByteOffset: n / 2, as: UInt8.self)
    }
    let copy = time("floor: memcpy 1920x1080x4 (8.29 MB)") { i in
        memcpy(b, a, n); sink &+= b.load(fromByteOffset: n / 3, as: UInt8.self); a.storeBytes(of: UInt8(truncatingIfNeeded: i), as: UInt8.self)
    }
    if sink == 255 { print("", terminator: "") }   // keep the loads
    return [set, copy]
}
