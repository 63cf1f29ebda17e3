// Surface benchmarks (issue 14's Measure), at 1920×1080 on one core: frame time median and
// p99 and heap allocations per frame of
//   flip:      a 600×400 card turning through 180° with rotation3DEffect (a frame per 1.5°);
//   blur:      a 20-px blur over a 400×400 region whose content changes every frame;
//   particles: a Canvas of 2000 moving particles inside TimelineView(.animation).
//   symbols:   the same 2000 particles as one Canvas symbol drawn 2000 times.
// Run: scripts/bench-engine --surface. Measured 2026-12-01 on the shared 2-core AMD EPYC
// (load 5–16 from other builds; thread CPU time, wall time swung 2–3× above it):
//   flip 3.24 ms median / 5.05 p99, 65 allocations a frame (the card's body re-runs);
//   blur 6.57 / 7.40, 238 (16 colours and a Text rebuilt every frame);
//   particles 6.71 / 7.77, 1604 (one per Path the renderer builds);
//   symbols 5.86 / 7.15, 18.
// Before the span-stepped projective draw the flip was 4.35 ms (6.18 with per-pixel bounds
// checks); before control-point bounds the particles were 12.2 ms and 16 004 allocations.
import AllocationCounter
import Kiosk
import Raster
#if canImport(Glibc)
import Glibc
#endif

@Observable final class SurfaceBenchModel {
    var angle = 0.0
    var tick = 0
}

struct FlipCard: View {
    let model: SurfaceBenchModel
    var body: some View {
        ZStack {
            RoundedRectangle(cornerRadius: 24)
                .fill(LinearGradient(colors: [.blue, .purple], startPoint: .topLeading, endPoint: .bottomTrailing))
            VStack(spacing: 8) {
                Text("Platform 4").font(.system(size: 56)).bold()
                Text("Next train in 3 min").font(.title)
            }.foregroundColor(.white)
        }
        .frame(width: 600, height: 400)
        .rotation3DEffect(.degrees(model.angle), axis: (x: 0, y: 1, z: 0))
    }
}

struct BlurPanel: View {
    let model: SurfaceBenchModel
    var body: some View {
        let k = model.tick
        ZStack {
            VStack(spacing: 0) {
                ForEach(0..<4) { row in
                    HStack(spacing: 0) {
                        ForEach(0..<4) { column in
                            Color(hue: Double((row * 4 + column + k) % 16) / 16, saturation: 0.8, brightness: 0.9)
                        }
                    }
                }
            }
            Text("\(k)").font(.system(size: 80)).foregroundColor(.white)
        }
        .frame(width: 400, height: 400)
        .blur(radius: 20)
    }
}

struct Particles: View {
    let start: Date
    var body: some View {
        TimelineView(.animation) { timeline in
            ParticleCanvas(t: timeline.date.timeIntervalSince(start))
        }
    }
}

struct ParticleCanvas: View {
    let t: Double
    var body: some View {
        Canvas { context, size in
            let w = Double(size.width), h = Double(size.height)
            for i in 0..<2000 {
                let seed = Double(i) * 12.9898
                let phase = seed.truncatingRemainder(dividingBy: 6.283)
                let x = (Double(i % 50) / 50 * w + t * (30 + Double(i % 7) * 10)).truncatingRemainder(dividingBy: w)
                let y = h / 2 + sin(t * 1.3 + phase) * h * 0.4 * (Double(i % 13) / 13)
                let r = 2 + Double(i % 5)
                context.fill(Path(ellipseIn: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r)),
                             with: .color(Color(hue: Double(i % 36) / 36, saturation: 0.7, brightness: 1)))
            }
        }
    }
}

/// The same 2000 particles drawn as one Canvas symbol (the common SwiftUI spelling).
struct SymbolParticles: View {
    let start: Date
    var body: some View {
        TimelineView(.animation) { timeline in
            SymbolCanvas(t: timeline.date.timeIntervalSince(start))
        }
    }
}

struct SymbolCanvas: View {
    let t: Double
    var body: some View {
        Canvas { context, size in
            guard let dot = context.resolveSymbol(id: 0) else { return }
            let w = Double(size.width), h = Double(size.height)
            for i in 0..<2000 {
                let phase = (Double(i) * 12.9898).truncatingRemainder(dividingBy: 6.283)
                let x = (Double(i % 50) / 50 * w + t * (30 + Double(i % 7) * 10)).truncatingRemainder(dividingBy: w)
                let y = h / 2 + sin(t * 1.3 + phase) * h * 0.4 * (Double(i % 13) / 13)
                context.draw(dot, at: CGPoint(x: x, y: y))
            }
        } symbols: {
            Circle().fill(Color.orange).frame(width: 8, height: 8).tag(0)
        }
    }
}

private func surfaceNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}
/// This thread's CPU time: on a loaded shared machine (load 16 on 2 cores while measured)
/// wall time mostly counts waiting for a core; CPU time counts the frame's own work.
private func threadCPU() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

private func summary(_ name: String, _ wall: [Double], _ cpu: [Double], allocations: Int, damage: Int) {
    func stats(_ samples: [Double]) -> String {
        let s = samples.sorted()
        let p99 = s[min(s.count - 1, Int((Double(s.count) * 0.99).rounded(.up)) - 1)]
        return "median \(round(s[s.count / 2] * 1000) / 1000) ms  p99 \(round(p99 * 1000) / 1000) ms"
    }
    let allocs = AllocationCounter.isActive ? "allocations \(Double(allocations * 10 / wall.count) / 10) per frame" : "(allocation counter not linked)"
    print(name + String(repeating: " ", count: max(0, 10 - name.count)),
          "cpu \(stats(cpu))  wall \(stats(wall))  (n=\(wall.count))  damage \(damage) px/frame  \(allocs)")
}

/// Runs `frames` frames, calling `step` before each; returns the per-frame times.
private func measure(_ name: String, _ renderer: RootRenderer, surface: Surface, frames: Int, step: (Int) -> Double) {
    renderer.renderFrame(into: surface, at: 0, fullRedraw: true)
    // Warm-up: layers and caches grow on the first frames.
    for i in 0..<10 { renderer.renderFrame(into: surface, at: step(i), fullRedraw: false) }
    var times: [Double] = [], cpu: [Double] = []
    times.reserveCapacity(frames); cpu.reserveCapacity(frames)
    var damage = 0
    let before = allocationCount
    for i in 0..<frames {
        let t = step(10 + i)
        let start = surfaceNow(), startCPU = threadCPU()
        let d = renderer.renderFrame(into: surface, at: t, fullRedraw: false)
        times.append(surfaceNow() - start); cpu.append(threadCPU() - startCPU)
        damage += d.reduce(0) { $0 + $1.area }
    }
    summary(name, times, cpu, allocations: Int(allocationCount - before), damage: damage / frames)
}

func runSurfaceBenchmarks() {
    let surface = try! Surface(width: 1920, height: 1080)
    print("kiosk surface effects, 1920×1080")
    let flip = SurfaceBenchModel()
    let flipRenderer = RootRenderer(width: 1920, height: 1080, content: FlipCard(model: flip))
    measure("flip", flipRenderer, surface: surface, frames: 240) { i in
        flip.angle = Double(i % 120) * 1.5
        return Double(i) / 60
    }
    let blur = SurfaceBenchModel()
    let blurRenderer = RootRenderer(width: 1920, height: 1080, content: BlurPanel(model: blur))
    measure("blur", blurRenderer, surface: surface, frames: 120) { i in
        blur.tick = i
        return Double(i) / 60
    }
    let particleRenderer = RootRenderer(width: 1920, height: 1080, content: Particles(start: Date()))
    measure("particles", particleRenderer, surface: surface, frames: 120) { i in Double(i + 1) / 60 }
    let symbolRenderer = RootRenderer(width: 1920, height: 1080, content: SymbolParticles(start: Date()))
    measure("symbols", symbolRenderer, surface: surface, frames: 120) { i in Double(i + 1) / 60 }
}
