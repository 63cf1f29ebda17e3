// kiosk-engine-bench: the engine's frame costs at 1920×1080 on a scene of ~200 views (a grid
// of cards with text and gradients). Reports minimum and median milliseconds for
//   cold:   first frame (build the graph, lay out, draw everything)
//   full:   every body re-evaluated + layout + full redraw
//   text:   one Text changes: its body, layout, damage diff and repaint of old ∪ new bounds
//   idle:   a frame where nothing changed (and its heap allocations)
// The effect scenes (flip, blur, particles) are `kiosk bench --scene flip-card|blur-20|
// particles-2000|particles-symbols` (Sources/KioskScenes/Bench/SurfaceBench.swift).
// Run with scripts/bench-engine (release build, allocation counter linked in).
import AllocationCounter
import Kiosk
import Raster
#if canImport(Glibc)
import Glibc
#endif

@Observable final class BenchModel {
    var generation = 0
    var counter = 0
}

struct Card: View {
    let index: Int
    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text("Train \(index)").font(.headline)
            Text("Platform \(index % 7 + 1)").font(.subheadline)
        }
        .foregroundColor(.white)
        .padding(12)
        .frame(width: 340, height: 96, alignment: .topLeading)
        .background(LinearGradient(colors: [.blue, .teal], startPoint: .top, endPoint: .bottom))
    }
}

struct Counter: View {
    let model: BenchModel
    var body: some View { Text("Served \(model.counter)").font(.title) }
}

struct BenchScene: View {
    let model: BenchModel
    var body: some View {
        let generation = model.generation
        VStack(spacing: 12) {
            Text("Departures \(generation % 2)").font(.largeTitle).bold()
            ForEach(0..<7) { row in
                HStack(spacing: 12) {
                    ForEach(0..<4) { column in Card(index: row * 4 + column) }
                }
            }
            Counter(model: model)
        }
    }
}

// scripts/bench-lvgl's modes (LVGLBench.swift) run instead of the card benchmark.
if LVGLBench.dispatch(CommandLine.arguments) { exit(0) }
// The typing benchmark (issue 35, TypingBench.swift).
if TypingBench.dispatch(CommandLine.arguments) { exit(0) }

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

func report(_ name: String, _ samples: [Double], _ extra: String = "") {
    let s = samples.sorted()
    print(name + String(repeating: " ", count: max(0, 8 - name.count)),
          "min \(round(s[0] * 1000) / 1000) ms  median \(round(s[s.count / 2] * 1000) / 1000) ms  (n=\(s.count)) \(extra)")
}


let surface = try! Surface(width: 1920, height: 1080)
let model = BenchModel()
var t = 0.0
var cold: [Double] = []
for _ in 0..<5 {
    let start = now()
    let r = RootRenderer(width: 1920, height: 1080, content: BenchScene(model: model))
    r.renderFrame(into: surface, at: 0, fullRedraw: true)
    cold.append(now() - start)
}
let renderer = RootRenderer(width: 1920, height: 1080, content: BenchScene(model: model))
renderer.renderFrame(into: surface, at: 0, fullRedraw: true)

var full: [Double] = []
full.reserveCapacity(40)
let fullBefore = allocationCount
for _ in 0..<40 {
    t += 1.0 / 60
    model.generation += 1
    let start = now()
    renderer.renderFrame(into: surface, at: t, fullRedraw: true)
    full.append(now() - start)
}
let fullAllocations = allocationCount - fullBefore

var text: [Double] = []
text.reserveCapacity(3000)
var damageArea = 0
let textBefore = allocationCount
for _ in 0..<(CommandLine.arguments.contains("--text-only") ? 3000 : 200) {
    t += 1.0 / 60
    model.counter += 1
    let start = now()
    let damage = renderer.renderFrame(into: surface, at: t, fullRedraw: false)
    text.append(now() - start)
    damageArea = damage.reduce(0) { $0 + $1.area }
}
let textAllocations = allocationCount - textBefore

var idle: [Double] = []
idle.reserveCapacity(200)   // so the measurement itself does not allocate
// One idle frame first: anything lazily created on the first call is not per-frame cost.
let firstIdle = allocationCount
t += 1.0 / 60
if renderer.needsFrame(at: t) { renderer.renderFrame(into: surface, at: t, fullRedraw: false) }
let firstIdleAllocations = allocationCount - firstIdle
let before = allocationCount
for _ in 0..<200 {
    t += 1.0 / 60
    let start = now()
    if renderer.needsFrame(at: t) { renderer.renderFrame(into: surface, at: t, fullRedraw: false) }
    idle.append(now() - start)
}
let idleAllocations = allocationCount - before

print("kiosk engine, 1920×1080, \(7 * 4) cards (\(7 * 4 * 7 + 10) views)")
report("cold", cold)
func perFrame(_ n: Int, _ frames: Int) -> String {
    AllocationCounter.isActive ? "allocations \(Double(n * 10 / frames) / 10) per frame" : ""
}
report("full", full, perFrame(Int(fullAllocations), full.count))
report("text", text, "damage \(damageArea) px, " + perFrame(Int(textAllocations), text.count))
report("idle", idle, AllocationCounter.isActive ? "allocations \(idleAllocations) in 200 frames (first idle frame: \(firstIdleAllocations))" : "(allocation counter not linked)")
