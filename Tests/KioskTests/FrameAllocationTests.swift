// FrameAllocationTests: the house rule "never allocate per frame", held for the engine. A frame
// in which nothing changed allocates nothing; a frame after a state change in a small tree
// allocates only what the change needs (new view values, the changed label's text layout),
// not lists, tables and paths rebuilt from scratch. Counts are this thread's malloc-family calls
// (CAllocationCount), read back to back around `renderFrame` with no test macro in between.
import Testing
import CAllocationCount
import TestSupport
@testable import Kiosk

/// The `views` demo card's shape: a label that changes with the count, a card whose colour flips.
private struct CounterCard: View {
    @State private var count = 0
    let labelCounts: Bool
    var body: some View {
        VStack(spacing: 24) {
            Text(labelCounts ? "Tapped \(count) times" : "Tap the card").font(.largeTitle)
            RoundedRectangle(cornerRadius: 28)
                .fill(count % 2 == 0 ? Color.blue : Color.orange)
                .frame(width: 260, height: 150)
                .onTapGesture { count += 1 }
        }
    }
}

@Suite(.disabled(if: Sanitizers.replaceMalloc, "a sanitizer's malloc replaces the counted one (scripts/sanitize)"))
struct FrameAllocationTests {
    private struct Run {
        let renderer: RootRenderer
        let surface: Surface
        var time = 0.0
        init(labelCounts: Bool) throws {
            renderer = RootRenderer(width: 800, height: 480, colorScheme: .light, text: FixedAdvanceText(),
                                    root: CounterCard(labelCounts: labelCounts))
            surface = try Surface(width: 800, height: 480)
        }
        /// Allocations of one frame (the tap, if any, is delivered before counting starts).
        mutating func frame(tap: Bool = false) -> (allocations: UInt64, damage: Int) {
            time += 1.0 / 60
            if tap {
                renderer.touch(id: 1, phase: .began, x: 400, y: 330, time: time)
                renderer.touch(id: 1, phase: .ended, x: 400, y: 330, time: time)
            }
            let a0 = kiosk_thread_allocations()
            let damage = renderer.renderFrame(into: surface, at: time, fullRedraw: false)
            let a1 = kiosk_thread_allocations()
            return (a1 &- a0, damage.count)
        }
    }

    @Test func steadyFramesAllocateNothing() throws {
        #expect(kiosk_allocation_counting_active() == 1)
        var run = try Run(labelCounts: true)
        _ = run.frame()                                   // the first, full frame
        _ = run.frame(tap: true); _ = run.frame(tap: true) // warm the reused lists and caches
        var counts: [UInt64] = []
        for _ in 0..<10 { counts.append(run.frame().allocations) }
        #expect(counts.allSatisfy { $0 == 0 }, "allocations per unchanged frame: \(counts)")
    }

    /// Measured in the debug test build (release makes fewer): 208 allocations for a frame whose
    /// label and colour changed, 125 for a colour change alone; the engine before the
    /// allocation work made 377 and 286 (child tables, lists and passes rebuilt per node and
    /// per frame, paths rebuilt for unchanged shapes, text laid out at every probed width).
    /// The bounds leave ~15% for toolchain differences, not room for those to come back.
    @Test func stateChangeAllocatesOnlyWhatChanged() throws {
        #expect(kiosk_allocation_counting_active() == 1)
        var label = try Run(labelCounts: true)
        _ = label.frame()
        _ = label.frame(tap: true); _ = label.frame(tap: true)
        var labelCounts: [UInt64] = []
        for _ in 0..<4 {
            let f = label.frame(tap: true)
            #expect(f.damage > 0, "the tap changed what is drawn")
            labelCounts.append(f.allocations)
        }
        var colour = try Run(labelCounts: false)
        _ = colour.frame()
        _ = colour.frame(tap: true); _ = colour.frame(tap: true)
        var colourCounts: [UInt64] = []
        for _ in 0..<4 {
            let f = colour.frame(tap: true)
            #expect(f.damage > 0, "the tap changed what is drawn")
            colourCounts.append(f.allocations)
        }
        // Measured with the animation engine in (each evaluated node carries its transaction, a
        // tap's writes note theirs): 206–251 and 121–166 in this debug build, the spread being
        // heap layout (one dictionary growing or not). The bounds catch lists rebuilt per frame.
        #expect(labelCounts.allSatisfy { $0 <= 300 }, "allocations per frame after a label change: \(labelCounts)")
        #expect(colourCounts.allSatisfy { $0 <= 200 }, "allocations per frame after a colour change: \(colourCounts)")
    }
}

/// Built-in effects animating (offset, opacity, rotation, scale): once running, sampling every
/// animation of a frame and handing the effects their presented values allocates nothing (the
/// animators and the springs' state update in place). The rest of such a frame is the display
/// list re-recorded and the damage drawn; in this debug build that costs the coroutine frames of
/// array iteration, which release builds do not allocate (`kiosk bench` counts release frames).
private struct EffectsInMotion: View {
    let animation: Animation
    @State private var on = false
    var body: some View {
        HStack(spacing: 20) {
            RoundedRectangle(cornerRadius: 8).fill(Color.blue).frame(width: 60, height: 60).offset(x: on ? 80 : 0)
            Circle().fill(Color.red).frame(width: 60, height: 60).opacity(on ? 0.2 : 1)
            Rectangle().fill(Color.green).frame(width: 60, height: 60).rotationEffect(.degrees(on ? 90 : 0))
            Rectangle().fill(Color.orange).frame(width: 60, height: 60).scaleEffect(on ? 1.5 : 1)
        }
        .onTapGesture { withAnimation(animation) { on.toggle() } }
    }
}

@Suite struct AnimationAllocationTests {
    @Test(arguments: [Animation.linear(duration: 2), .spring(duration: 2, bounce: 0.3), .easeInOut(duration: 2).delay(0.1),
                      .interpolatingSpring(stiffness: 20, damping: 2)])
    func samplingRunningEffectAnimationsAllocatesNothing(animation: Animation) throws {
        let renderer = RootRenderer(width: 800, height: 480, colorScheme: .light, text: FixedAdvanceText(), root: EffectsInMotion(animation: animation))
        let surface = try Surface(width: 800, height: 480)
        var time = 0.0
        _ = renderer.renderFrame(into: surface, at: time, fullRedraw: false)
        renderer.touch(id: 1, phase: .began, x: 440, y: 240, time: time)
        renderer.touch(id: 1, phase: .ended, x: 440, y: 240, time: time)
        for _ in 0..<10 { time += 1.0 / 60; _ = renderer.renderFrame(into: surface, at: time, fullRedraw: false) }
        #expect(renderer.graph.animators.count == 4)
        var counts: [UInt64] = []
        for _ in 0..<20 {
            time += 1.0 / 60
            let a0 = kiosk_thread_allocations()
            renderer.graph.tickAnimations(at: time)
            counts.append(kiosk_thread_allocations() &- a0)
            _ = renderer.renderFrame(into: surface, at: time, fullRedraw: false)
        }
        #expect(counts.allSatisfy { $0 == 0 }, "allocations sampling 4 running animations: \(counts)")
    }
}

/// An LVGL-benchmark-shaped tree (Sources/KioskScenes/LVGL, scene 8): a TimelineView that
/// re-makes `count` positioned labels every frame with a new colour, the structure fixed.
private struct TickingLabels: View {
    let count: Int
    var body: some View {
        TimelineView(.animation) { context in
            let tick = Int((context.date.timeIntervalSince1970 * 60).rounded())
            ZStack(alignment: .topLeading) {
                ForEach(0..<count) { i in
                    TickingLabel(text: "Hello kiosk!", color: (tick + i) % 2 == 0 ? .red : .blue)
                        .frame(width: 120, height: 20, alignment: .topLeading)
                        .position(x: CGFloat(60 + (i % 6) * 130), y: CGFloat(20 + (i / 6) * 24))
                }
            }
        }
    }
}

private struct TickingLabel: View, Equatable {
    let text: String
    let color: Color
    var body: some View { Text(text).foregroundColor(color).fixedSize() }
}

@Suite(.disabled(if: Sanitizers.replaceMalloc, "a sanitizer's malloc replaces the counted one (scripts/sanitize)"))
struct ReEvaluationAllocationTests {
    /// Allocations of the graph update (body re-evaluation and reconcile) of each of `frames`
    /// frames once warm, for `count` labels.
    private func updateAllocations(count: Int, frames: Int = 6) throws -> [UInt64] {
        try Self.updateAllocations(of: TickingLabels(count: count), frames: frames)
    }

    /// Allocations of each of `frames` graph updates of `root` at 800×480, after four warm-up
    /// frames that fill each node's kept child entries (ChildList) and the caches; every frame
    /// steps past the root's timeline's next entry, whatever the rounding.
    static func updateAllocations(of root: some View, frames: Int = 6) throws -> [UInt64] {
        let renderer = RootRenderer(width: 800, height: 480, colorScheme: .light, text: FixedAdvanceText(), root: root)
        let surface = try Surface(width: 800, height: 480)
        var time = 0.0
        for _ in 0..<4 { time += 0.02; _ = renderer.renderFrame(into: surface, at: time, fullRedraw: false) }
        var counts: [UInt64] = []
        for _ in 0..<frames {
            time += 0.02
            renderer.graph.time = time
            let a0 = kiosk_thread_allocations()
            let changed = renderer.graph.update()
            counts.append(kiosk_thread_allocations() &- a0)
            #expect(changed, "the timeline re-evaluated its content")
            _ = renderer.renderFrame(into: surface, at: time, fullRedraw: false)
        }
        return counts
    }

    /// Each re-evaluated label is 6 nodes (position, frame, the label, its body's fixedSize,
    /// foregroundColor… Text) whose new values used to be boxed as `any View` (and their layout
    /// behaviours as `any LayoutBehavior`) on every update: ≈ 11 allocations per label a frame
    /// in release (`lvgl-8`, 966 a frame at 1080p). With the values written into the boxes the
    /// nodes kept (ChildList), the update's allocations do not grow with the number of labels.
    @Test func reEvaluatingAFixedTreeBoxesNoViewValue() throws {
        #expect(kiosk_allocation_counting_active() == 1)
        let few = try updateAllocations(count: 6)
        let many = try updateAllocations(count: 36)
        // What a debug build allocates per update whatever the tree (iteration frames), not per node.
        #expect(many.max()! <= few.max()! + 4, "update allocations: 6 labels \(few), 36 labels \(many)")
        #expect(many.max()! < 30, "update allocations with 36 labels: \(many)")
    }

    /// `lvgl-3`'s shape: one box recoloured by a TimelineView every tick. Its update allocates
    /// nothing in release: the due wake-up is found in place (a filtered copy of the wake-ups was the one
    /// allocation of every such frame), the kept child entries take the new values.
    @Test func reEvaluatingATickingBoxAllocatesNothing() throws {
        #expect(kiosk_allocation_counting_active() == 1)
        let counts = try Self.updateAllocations(of: TickingBox())
        // Release (`kiosk-engine-bench --lvgl --scene 3`, median-allocs): 0. This debug build
        // allocates 3 an update whatever the fix (unspecialised generics); the filtered copy of
        // the due wake-ups made it 4.
        #expect(counts.allSatisfy { $0 <= 3 }, "update allocations: \(counts)")
    }
}

private struct TickingBox: View {
    var body: some View {
        TimelineView(.animation) { context in
            let tick = Int((context.date.timeIntervalSince1970 * 60).rounded())
            Color(red: tick % 2 == 0 ? 1 : 0, green: 0, blue: 0.5).frame(width: 200, height: 100).position(x: 120, y: 90)
        }
    }
}
