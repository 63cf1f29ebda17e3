// Patched frames (RenderPass.patch): a frame whose only changes are inside a few subtrees that
// keep their item and hit counts re-records those subtrees over their ranges of the last list.
// Every frame here is checked against a full recording (items, hit regions, damage:
// `verifiesRetainedRecording`), pixels against a renderer that records everything, and the
// tests assert which frames were patched and which took the whole walk (a change of the
// list's structure or of a subtree's item count).
import Testing
@testable import Kiosk
@testable import KioskScenes
import Raster

final class PatchModel: ObservableObject {
    @Published var hue = 0
    @Published var label = "one"
    @Published var grouped = 0
    @Published var count = 1
    @Published var width: CGFloat = 20
    @Published var taps = 0
}

private struct PatchLeaf: View {
    @ObservedObject var model: PatchModel
    var body: some View {
        Color(red: Double(model.hue % 5) / 5, green: 0.5, blue: 0.2).frame(width: 20, height: 20)
    }
}

private struct PatchLabel: View {
    @ObservedObject var model: PatchModel
    var body: some View { Text(model.label).font(.system(size: 12)) }
}

private struct PatchGroupLeaf: View {
    @ObservedObject var model: PatchModel
    var body: some View { Circle().fill(model.grouped % 2 == 0 ? Color.red : Color.blue).frame(width: 14, height: 14) }
}

private struct PatchRow: View {
    @ObservedObject var model: PatchModel
    var body: some View {
        HStack(spacing: 2) { ForEach(0..<model.count, id: \.self) { _ in Color.blue.frame(width: 8, height: 8) } }
    }
}

private struct PatchBar: View {
    @ObservedObject var model: PatchModel
    var body: some View { Color.orange.frame(width: model.width, height: 10) }
}

/// Holds the model without observing it: each change re-evaluates only the views that read it.
private struct PatchScene: View {
    let model: PatchModel
    var body: some View {
        ZStack(alignment: .topLeading) {
            Color(white: 0.9)
            RetainStatic(seed: 1).position(x: 60, y: 50)
            PatchLeaf(model: model).position(x: 150, y: 30)
            PatchLabel(model: model).position(x: 150, y: 80)
            // A leaf inside a group opacity and a shadow: its items are not in the list as
            // recorded, so its frames take the walk.
            ZStack {
                Color.yellow.frame(width: 30, height: 30)
                PatchGroupLeaf(model: model)
            }
            .opacity(0.6)
            .shadow(color: .black, radius: 2, x: 2, y: 2)
            .position(x: 200, y: 150)
            PatchRow(model: model).position(x: 60, y: 150)
            PatchBar(model: model).position(x: 60, y: 190)
            Color.gray.frame(width: 30, height: 20)
                .onTapGesture { model.taps += 1 }
                .position(x: 220, y: 30)
        }
    }
}

@Suite struct PatchedFrameTests {
    /// Runs each step (a model change, then frames for 0.1 s) on a patching, self-checking host
    /// and on one that records everything; returns the patched frames of each step.
    private func run(_ steps: [(PatchModel) -> Void], sourceLocation: SourceLocation = #_sourceLocation)
        -> (HeadlessHost, PatchModel, [Int], whole: Int) {
        let a = PatchModel(), b = PatchModel()
        let patched = HeadlessHost(width: 260, height: 220) { PatchScene(model: a) }
        let plain = HeadlessHost(width: 260, height: 220) { PatchScene(model: b) }
        patched.renderer.verifiesRetainedRecording = true
        plain.renderer.retainsDisplayList = false
        let whole = patched.renderer.lastRecordedNodes     // the first frame records every node
        var counts: [Int] = []
        for (k, step) in steps.enumerated() {
            let before = patched.renderer.patchedFrames
            step(a); step(b)
            var t = 0.0
            while t < 0.1 - 1e-9 {
                patched.advance(by: HeadlessHost.frameInterval)
                plain.advance(by: HeadlessHost.frameInterval)
                t += HeadlessHost.frameInterval
            }
            counts.append(patched.renderer.patchedFrames - before)
            #expect(patched.renderer.retainedMismatch == nil, "step \(k): \(patched.renderer.retainedMismatch ?? "")",
                    sourceLocation: sourceLocation)
            #expect(pixels(patched.snapshot()) == pixels(plain.snapshot()), "step \(k): patched and full recordings paint alike",
                    sourceLocation: sourceLocation)
        }
        return (patched, a, counts, whole)
    }

    @Test func aRecolouredLeafIsPatched() {
        let (host, _, counts, whole) = run([{ $0.hue = 1 }, { $0.hue = 2 }, { $0.hue = 3 }])
        #expect(counts == [1, 1, 1], "\(counts)")
        // The leaf's own chain was recorded (and the group card, which marks itself while it
        // records: its modifiers are set again), not the root, its stacks and static blocks.
        #expect(host.renderer.lastRecordedNodes * 3 < whole, "\(host.renderer.lastRecordedNodes) of \(whole) nodes recorded")
    }

    @Test func changedTextOfTheSameItemsIsPatched() {
        let (_, _, counts, _) = run([{ $0.label = "two" }, { $0.label = "three words here" }])
        #expect(counts == [1, 1], "\(counts)")
    }

    @Test func aResizedBarIsPatched() {
        // The bar's frame changes (a layout), its items move: still one item in its place.
        let (_, _, counts, _) = run([{ $0.width = 40 }, { $0.width = 5 }])
        #expect(counts == [1, 1], "\(counts)")
    }

    @Test func aLeafInsideAGroupIsPatchedWithItsGroup() {
        // The group's items are not in the list as recorded: the group itself (the innermost
        // range that holds the leaf as recorded) is recorded again over its range.
        let (_, _, counts, _) = run([{ $0.grouped = 1 }, { $0.grouped = 2 }])
        #expect(counts == [1, 1], "\(counts)")
    }

    @Test func moreItemsTakeTheWalk() {
        // The first refusal skips the next patchable frame (step 1's, refused anyway); the
        // colour change after it is patched again.
        let (_, _, counts, _) = run([{ $0.count = 3 }, { $0.count = 2 }, { $0.hue = 4 }])
        #expect(counts == [0, 0, 1], "\(counts)")
    }

    @Test func refusalsInARowBackOff() {
        // Every frame changes the item count: after refusals the patch is tried ever more rarely
        // (1, 2, 4, … frames skipped), and a patchable change is patched once the skips run out.
        let a = PatchModel(), b = PatchModel()
        let host = HeadlessHost(width: 260, height: 220) { PatchScene(model: a) }
        let plain = HeadlessHost(width: 260, height: 220) { PatchScene(model: b) }
        host.renderer.verifiesRetainedRecording = true
        plain.renderer.retainsDisplayList = false
        for k in 0..<20 {
            a.count = 2 + k % 3; b.count = 2 + k % 3
            host.advance(by: HeadlessHost.frameInterval); plain.advance(by: HeadlessHost.frameInterval)
        }
        #expect(host.renderer.patchedFrames == 0)
        var patched = false
        for k in 0..<40 where !patched {
            a.hue = k; b.hue = k
            host.advance(by: HeadlessHost.frameInterval); plain.advance(by: HeadlessHost.frameInterval)
            patched = host.renderer.patchedFrames > 0
        }
        #expect(patched, "a colour change is patched once the skips run out")
        #expect(host.renderer.retainedMismatch == nil, "\(host.renderer.retainedMismatch ?? "")")
        #expect(pixels(host.snapshot()) == pixels(plain.snapshot()))
    }

    @Test func severalChangesInOneFrame() {
        let (_, _, counts, _) = run([{ $0.hue = 2; $0.label = "x"; $0.width = 30 }, { $0.hue = 3; $0.grouped = 5 }])
        #expect(counts == [1, 1], "\(counts)")
    }

    @Test func tapsStillRouteAfterPatches() {
        let (host, model, _, _) = run([{ $0.hue = 1 }, { $0.label = "tap" }])
        host.tap(x: 220, y: 30)
        host.advance(by: HeadlessHost.frameInterval)
        #expect(model.taps == 1)
    }

    @Test func switchedOffEveryFrameTakesTheWalk() {
        let a = PatchModel()
        let host = HeadlessHost(width: 260, height: 220) { PatchScene(model: a) }
        host.renderer.patchesFrames = false
        a.hue = 1
        host.advance(by: HeadlessHost.frameInterval)
        #expect(host.renderer.patchedFrames == 0)
    }
}

