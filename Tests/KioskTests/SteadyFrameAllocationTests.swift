// SteadyFrameAllocationTests: three per-frame allocations of animated trees whose structure does
// not change, found in the LVGL benchmark's steady frames (release, `kiosk-engine-bench --lvgl`,
// median allocations per frame): a view builder's block boxing its views (`lvgl-16`), an
// environment modifier writing the same value again (`lvgl-9`), and a group re-recorded every
// frame making a new array for its items (`lvgl-14`). Each test compares a tree with more of the
// thing against one with fewer, so what a debug build allocates anyway cancels out, and checks
// that what the children see or what is painted stays right.
import Testing
import CAllocationCount
import TestSupport
import struct Raster.RGBA8
@testable import Kiosk

// MARK: - A view builder's block

/// A block of two or eight views (each a ModifiedContent over three words: boxed as `any View`),
/// re-made by a TimelineView every frame.
private struct TickingBlock: View {
    let eight: Bool
    var body: some View {
        TimelineView(.animation) { context in
            let x = CGFloat(Int((context.date.timeIntervalSince1970 * 60).rounded()) % 7)
            if eight {
                ZStack(alignment: .topLeading) {
                    Color.red.frame(width: 10, height: 10).position(x: 10 + x, y: 10)
                    Color.red.frame(width: 10, height: 10).position(x: 30 + x, y: 10)
                    Color.red.frame(width: 10, height: 10).position(x: 50 + x, y: 10)
                    Color.red.frame(width: 10, height: 10).position(x: 70 + x, y: 10)
                    Color.red.frame(width: 10, height: 10).position(x: 90 + x, y: 10)
                    Color.red.frame(width: 10, height: 10).position(x: 110 + x, y: 10)
                    Color.red.frame(width: 10, height: 10).position(x: 130 + x, y: 10)
                    Color.red.frame(width: 10, height: 10).position(x: 150 + x, y: 10)
                }
            } else {
                ZStack(alignment: .topLeading) {
                    Color.red.frame(width: 10, height: 10).position(x: 10 + x, y: 10)
                    Color.red.frame(width: 10, height: 10).position(x: 30 + x, y: 10)
                }
            }
        }
    }
}

/// A block's views laid out side by side: red 10, green 20, blue 30 points wide.
private struct BlockOrder: View {
    var body: some View {
        HStack(spacing: 0) {
            Color(red: 1, green: 0, blue: 0).frame(width: 10, height: 10)
            Color(red: 0, green: 1, blue: 0).frame(width: 20, height: 10)
            Color(red: 0, green: 0, blue: 1).frame(width: 30, height: 10)
        }
    }
}

// MARK: - An environment modifier

private struct ParityKey: EnvironmentKey { static let defaultValue = -1 }
extension EnvironmentValues {
    fileprivate var parity: Int {
        get { self[ParityKey.self] }
        set { self[ParityKey.self] = newValue }
    }
}

/// What the reader below saw, and how often its body ran.
nonisolated(unsafe) private var readerEvaluations = 0
nonisolated(unsafe) private var readerSaw: (font: Font?, parity: Int) = (nil, -1)
nonisolated(unsafe) private var timelineMade: (font: Font, parity: Int) = (.body, -1)

private struct WrittenEnvironmentReader: View, Equatable {
    @Environment(\.font) private var font
    @Environment(\.parity) private var parity
    static func == (a: Self, b: Self) -> Bool { true }
    var body: some View {
        readerEvaluations += 1
        readerSaw = (font, parity)
        return Color.blue.frame(width: 10, height: 10)
    }
}

/// A TimelineView re-making `.font(f)` around the reader every frame; `f` alternates when
/// `fontTicks`, and an outer parity value alternates when `parityTicks`.
private struct TickingEnvironment: View {
    let fontTicks: Bool
    let parityTicks: Bool
    var body: some View {
        TimelineView(.animation) { context in
            let tick = Int((context.date.timeIntervalSince1970 * 60).rounded())
            let font: Font = fontTicks && tick % 2 == 0 ? .title : .body
            let parity = parityTicks ? tick % 2 : 7
            let _ = (timelineMade = (font, parity))
            WrittenEnvironmentReader().font(font).environment(\.parity, parity)
        }
    }
}

/// Frames of `root` after four warm-up frames: per frame, the reader's evaluations and whether
/// it saw what the timeline made.
private func environmentFrames(_ root: some View, frames: Int = 8) throws -> (evaluations: [Int], sawMade: [Bool]) {
    let renderer = RootRenderer(width: 200, height: 100, colorScheme: .light, text: FixedAdvanceText(), root: root)
    let surface = try Surface(width: 200, height: 100)
    var time = 0.0
    for _ in 0..<4 { time += 0.02; _ = renderer.renderFrame(into: surface, at: time, fullRedraw: false) }
    var evaluations: [Int] = [], saw: [Bool] = []
    for _ in 0..<frames {
        time += 0.02
        readerEvaluations = 0
        _ = renderer.renderFrame(into: surface, at: time, fullRedraw: false)
        evaluations.append(readerEvaluations)
        saw.append(readerSaw.font == timelineMade.font && readerSaw.parity == timelineMade.parity)
    }
    return (evaluations, saw)
}

// MARK: - Groups re-recorded every frame

/// `count` cards moving every frame, each faded as a group (its two boxes overlap) over a shadow.
private struct MovingGroups: View {
    let count: Int
    var body: some View {
        TimelineView(.animation) { context in
            let x = CGFloat(Int((context.date.timeIntervalSince1970 * 60).rounded()) % 9)
            ZStack(alignment: .topLeading) {
                ForEach(0..<count, id: \.self) { i in
                    ZStack(alignment: .topLeading) {
                        Color(red: 1, green: 0, blue: 0).frame(width: 30, height: 20)
                        Color(red: 0, green: 0, blue: 1).frame(width: 20, height: 20).offset(x: 10)
                    }
                    .shadow(color: .black, radius: 2, x: 0, y: 2)
                    .opacity(0.5)
                    .position(x: 30 + x + CGFloat(i % 4) * 45, y: 20 + CGFloat(i / 4) * 40)
                }
            }
        }
    }
}

// Serialized: the environment tests share the module's reader globals above (run in parallel,
// one test's frames overwrote what another had just read: seen once, 2026-12-03).
@Suite(.serialized, .disabled(if: Sanitizers.replaceMalloc, "a sanitizer's malloc replaces the counted one (scripts/sanitize)"))
struct SteadyFrameAllocationTests {
    /// Before, each evaluation of a block made an `[any View]` (grown from empty: 1, 2, 4, 8)
    /// and a box per view: the eight-view block allocated ≈ 10 more per update than the
    /// two-view one. Its views are now handed to the child list one by one, as their own types.
    @Test func aBlockOfViewsIsNotBoxedOnEveryEvaluation() throws {
        #expect(kiosk_allocation_counting_active() == 1)
        let two = try ReEvaluationAllocationTests.updateAllocations(of: TickingBlock(eight: false))
        let eight = try ReEvaluationAllocationTests.updateAllocations(of: TickingBlock(eight: true))
        #expect(eight.max()! <= two.max()! + 2, "update allocations: 2 views \(two), 8 views \(eight)")
    }

    @Test func aBlockStillListsEveryViewInOrder() throws {
        let renderer = RootRenderer(width: 60, height: 10, colorScheme: .light, text: FixedAdvanceText(), root: BlockOrder())
        let surface = try Surface(width: 60, height: 10)
        _ = renderer.renderFrame(into: surface, at: 0, fullRedraw: true)
        let red = RGBA8(r: 255, g: 0, b: 0, a: 255), green = RGBA8(r: 0, g: 255, b: 0, a: 255), blue = RGBA8(r: 0, g: 0, b: 255, a: 255)
        let row = (0..<60).map { surface.pixel(x: $0, y: 5) }
        #expect(row == Array(repeating: red, count: 10) + Array(repeating: green, count: 20) + Array(repeating: blue, count: 30))
    }

    /// `.font(.body)` re-made every frame with the same font: the children keep their
    /// environment (same version), so the Equatable reader is not evaluated again. Before,
    /// every write copied the environment's storage, boxed the value and gave a new version.
    @Test func rewritingTheSameEnvironmentValueKeepsTheChildrensEnvironment() throws {
        let run = try environmentFrames(TickingEnvironment(fontTicks: false, parityTicks: false))
        #expect(run.evaluations.allSatisfy { $0 == 0 }, "reader evaluations per frame: \(run.evaluations)")
        #expect(run.sawMade.allSatisfy { $0 })
    }

    /// The kept environment is only taken for the same value written into the same environment:
    /// a new font, or a new value above the modifier (the parity), reaches the reader.
    @Test func aChangedValueOrAChangedEnvironmentAboveStillReachesTheChildren() throws {
        for (font, parity) in [(true, false), (false, true), (true, true)] {
            let run = try environmentFrames(TickingEnvironment(fontTicks: font, parityTicks: parity))
            #expect(run.sawMade.allSatisfy { $0 }, "font ticks \(font), parity ticks \(parity): saw what was made \(run.sawMade)")
            #expect(run.evaluations.contains { $0 > 0 }, "the reader was evaluated for the changes")
        }
    }

    @Test func environmentWritingAllocatesNothingWhenTheValueIsTheSame() throws {
        #expect(kiosk_allocation_counting_active() == 1)
        let same = try ReEvaluationAllocationTests.updateAllocations(of: TickingEnvironment(fontTicks: false, parityTicks: false))
        let changing = try ReEvaluationAllocationTests.updateAllocations(of: TickingEnvironment(fontTicks: true, parityTicks: true))
        // Two writes a frame: each copies the environment's storage when its value is new.
        #expect(same.max()! + 2 <= changing.max()!, "update allocations: same values \(same), changing \(changing)")
    }

    /// Eight moving faded cards with shadows re-record 16 groups a frame; each took a new array
    /// (the opacity group's items taken out, the shadow's copied). The spent frame's arrays are
    /// filled again: the same frames allocate 16 fewer than a renderer that makes them anew (the
    /// median frame; measured 469–471 against 487 in this debug build).
    @Test func groupsReRecordedEveryFrameReuseTheirArrays() throws {
        #expect(kiosk_allocation_counting_active() == 1)
        func frames(reusing: Bool) throws -> [UInt64] {
            let renderer = RootRenderer(width: 200, height: 100, colorScheme: .light, text: FixedAdvanceText(), root: MovingGroups(count: 8))
            renderer.reusesGroupStorage = reusing
            let surface = try Surface(width: 200, height: 100)
            var time = 0.0
            for _ in 0..<4 { time += 0.02; _ = renderer.renderFrame(into: surface, at: time, fullRedraw: false) }
            var counts: [UInt64] = []
            for _ in 0..<6 {
                time += 0.02
                let a0 = kiosk_thread_allocations()
                let damage = renderer.renderFrame(into: surface, at: time, fullRedraw: false)
                counts.append(kiosk_thread_allocations() &- a0)
                #expect(!damage.isEmpty)
            }
            return counts
        }
        let reusing = try frames(reusing: true), anew = try frames(reusing: false)
        // Medians: a frame here and there differs by a dictionary grown or not (heap layout).
        let r = reusing.sorted()[reusing.count / 2], n = anew.sorted()[anew.count / 2]
        #expect(r + 14 <= n, "frame allocations: reusing \(reusing), anew \(anew)")
    }

    /// The refilled arrays hold what a fresh recording makes (the check records each frame
    /// again with a new pass, which has no spent arrays), and paint what new arrays paint.
    @Test func reusedGroupArraysRecordAndPaintAsNewOnes() throws {
        let reusing = RootRenderer(width: 200, height: 100, colorScheme: .light, text: FixedAdvanceText(), root: MovingGroups(count: 8))
        let anew = RootRenderer(width: 200, height: 100, colorScheme: .light, text: FixedAdvanceText(), root: MovingGroups(count: 8))
        reusing.verifiesRetainedRecording = true
        anew.reusesGroupStorage = false
        anew.graph.startDate = reusing.graph.startDate     // the same timeline dates
        let a = try Surface(width: 200, height: 100), b = try Surface(width: 200, height: 100)
        var time = 0.0
        for frame in 0..<12 {
            time += 0.02
            _ = reusing.renderFrame(into: a, at: time, fullRedraw: false)
            _ = anew.renderFrame(into: b, at: time, fullRedraw: false)
            #expect(reusing.retainedMismatch == nil, "frame \(frame): \(reusing.retainedMismatch ?? "")")
            var differing = 0
            for y in 0..<100 { for x in 0..<200 where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differing += 1 } }
            #expect(differing == 0, "frame \(frame): \(differing) pixels differ")
        }
    }
}

/// The whole-number tests of a copied range's move (`RangeShift`), without libm's `round`.
@Suite struct RangeShiftGridTests {
    @Test func gridAndWholeMovesAreExact() {
        #expect(RangeShift.onGrid(12.5) && RangeShift.onGrid(-3.0 / 1024) && RangeShift.onGrid(-0.0))
        #expect(!RangeShift.onGrid(0.1) && !RangeShift.onGrid(1.0 / 3) && !RangeShift.onGrid(-1e-9))
        #expect(!RangeShift.onGrid(.nan) && !RangeShift.onGrid(.infinity) && !RangeShift.onGrid(2e9))
        #expect(RangeShift.onGrid(999_999_999.5) && !RangeShift.onGrid(-1e9))
        #expect(RangeShift.isWhole(-7) && RangeShift.isWhole(0) && !RangeShift.isWhole(-7.5) && !RangeShift.isWhole(0.25))
    }
}
