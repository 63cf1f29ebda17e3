// Engine fixes of issue 39: the main queue drained from top-level code, GeometryProxy read
// after its closure, modifiers on ForEach and Group applied per element, stacked shadows.
import Foundation
import Testing
@testable import Kiosk
import Raster
import TestSupport

/// Where the test bundle's sibling executables are (.build/<config>/).
private func builtProduct(_ name: String) -> String {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
    // Inside `kioskPackageTests.xctest` when the bundle is a directory.
    if dir.lastPathComponent.hasSuffix(".xctest") { dir = dir.deletingLastPathComponent() }
    return dir.appendingPathComponent(name).path
}

@Suite struct EngineFixTests {
    // MARK: 1. Top-level code on the main thread

    @Test func topLevelCodeOnTheMainThreadRunsQueuedBlocks() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: builtProduct("KioskMainQueueProbe"))
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        // The block ran during advance, its state change drew, and nothing was warned.
        #expect(text.contains("ran=true green=true warnings=0"), "probe printed: \(text)")
    }

    /// Inside a main-queue block (the main actor under Swift Testing) nothing can run the
    /// queue: one warning, however many frames, and `settle()` runs the block.
    @MainActor @Test func insideTheMainQueueWarnsOnceAndSettleRunsTheBlocks() async {
        let ran = Box(false)
        let host = HeadlessHost(width: 20, height: 20) {
            Color.red.onAppear { DispatchQueue.main.async { ran.value = true } }
        }
        host.advance(by: 0.1)
        host.advance(by: 0.1)
        #expect(host.warnings.filter { $0 == HeadlessHost.insideMainQueueWarning }.count == 1)
        await host.settle()
        #expect(ran.value)
    }

    // MARK: 2. GeometryProxy reads the current layout

    @Test func geometryProxyReadLaterReportsTheLaidOutSize() {
        let seen = Box<[CGSize]>([])
        let later = Box<CGSize?>(nil)
        let host = HeadlessHost(width: 200, height: 100) {
            GeometryReader { geo in
                Color.red.onAppear {
                    seen.value.append(geo.size)
                    DispatchQueue.main.async { later.value = geo.size }
                }
            }
        }
        host.advance(by: 0.1)
        #expect(seen.value == [CGSize(width: 200, height: 100)])
        #expect(later.value == CGSize(width: 200, height: 100))
        #expect(host.warnings.isEmpty)
    }

    @Test func aKeptProxyFollowsLaterLayouts() {
        let kept = Box<GeometryProxy?>(nil)
        final class Model: ObservableObject { @Published var wide = true }
        let model = Model()
        struct Root: View {
            @ObservedObject var model: Model
            let kept: Box<GeometryProxy?>
            var body: some View {
                GeometryReader { geo in Color.blue.onAppear { kept.value = geo } }
                    .frame(width: model.wide ? 180 : 60, height: 40)
            }
        }
        let host = HeadlessHost(width: 200, height: 100) { Root(model: model, kept: kept) }
        host.advance(by: 0.1)
        #expect(kept.value?.size == CGSize(width: 180, height: 40))
        model.wide = false
        host.advance(by: 0.1)
        #expect(kept.value?.size == CGSize(width: 60, height: 40))
        #expect(kept.value?.frame(in: .global).minX == 70)
    }

    @Test func theRootViewsOnAppearRuns() {
        let count = Box(0)
        let host = HeadlessHost(width: 20, height: 20) { Color.red.onAppear { count.value += 1 } }
        host.advance(by: 0.1)
        #expect(count.value == 1)
    }

    // MARK: 3. Modifiers on ForEach and Group apply per element

    private func isDark(_ s: Surface, _ x: Int, _ y: Int) -> Bool {
        let p = s.pixel(x: x, y: y)
        return p.a > 200 && p.r < 60 && p.g < 60 && p.b < 60
    }

    @Test func aFrameAndOffsetOnForEachMakeFiveBars() {
        let host = HeadlessHost(width: 200, height: 100) {
            ZStack {
                ForEach(0..<5, id: \.self) { i in
                    Rectangle().frame(width: 20, height: 60).offset(x: CGFloat(i) * 40 - 80)
                }
                .frame(width: 200, height: 100)
            }
        }
        let s = host.snapshot()
        for x in [20, 60, 100, 140, 180] { #expect(isDark(s, x, 50), "bar at \(x)") }
        for x in [40, 80, 120, 160] { #expect(!isDark(s, x, 50), "gap at \(x)") }
        #expect(!isDark(s, 100, 10))
        #expect(host.warnings.isEmpty)
    }

    @Test func aFrameOnAGroupFramesEachChild() {
        let host = HeadlessHost(width: 100, height: 40) {
            HStack(spacing: 0) {
                Group { Color.red; Color.blue }.frame(width: 30, height: 30)
            }
        }
        // Two 30×30 squares side by side (20…50 and 50…80), not one frame holding both.
        let s = host.snapshot()
        #expect(rgba(s, 35, 20)[0] > 200 && rgba(s, 35, 20)[2] < 80)
        #expect(rgba(s, 65, 20)[2] > 200 && rgba(s, 65, 20)[0] < 80)
        #expect(rgba(s, 35, 8)[0] > 200 && rgba(s, 35, 8)[1] < 80)     // the red square's top half too
    }

    @Test func chainedModifiersOnGroupApplyPerElement() {
        let host = HeadlessHost(width: 100, height: 40) {
            HStack(spacing: 0) {
                Group { Color.red; Color.blue }.frame(width: 20, height: 20).padding(5)
            }
        }
        // Each 20×20 square gets its own padding: red at 25…45, blue at 55…75.
        let s = host.snapshot()
        #expect(rgba(s, 35, 20)[0] > 200)
        #expect(rgba(s, 50, 20)[1] > 200)    // the paddings meet here: background, no colour
        #expect(rgba(s, 65, 20)[2] > 200)
    }

    @Test func opacityOnForEachAppliesToEachElement() {
        let host = HeadlessHost(width: 20, height: 20) {
            ZStack { ForEach(0..<2, id: \.self) { _ in Color.black }.opacity(0.5) }
        }
        // Two half-transparent black layers over white: 75 % cover (64); the group as one
        // layer would be 50 % (128).
        let r = Int(host.snapshot().pixel(x: 10, y: 10).r)
        #expect(abs(r - 64) <= 3, "red \(r)")
    }

    /// SwiftUI merges a lifecycle modifier over a list's elements: one appearance for the three
    /// rows (see ListLifecycleTests), none for the empty ForEach.
    @Test func onAppearOnForEachRunsOnceForTheListAndNeverWhenEmpty() {
        let appeared = Box(0)
        let host = HeadlessHost(width: 100, height: 100) {
            VStack {
                ForEach(0..<3, id: \.self) { i in Text("\(i)") }.onAppear { appeared.value += 1 }
                ForEach([Int](), id: \.self) { i in Text("\(i)") }.onAppear { appeared.value += 100 }
            }
        }
        host.advance(by: 0.1)
        #expect(appeared.value == 1)
    }

    @Test func aGestureOnForEachHitsEachElementOnly() {
        let taps = Box(0)
        let host = HeadlessHost(width: 100, height: 40) {
            HStack(spacing: 20) {
                ForEach(0..<2, id: \.self) { _ in Color.red.frame(width: 20, height: 20) }
                    .onTapGesture { taps.value += 1 }
            }
        }
        host.tap(x: 30, y: 20)      // first square (20…40)
        host.tap(x: 70, y: 20)      // second square (60…80)
        host.tap(x: 50, y: 20)      // the gap between them
        #expect(taps.value == 2)
    }

    @Test func stateInsideForEachElementsSurvivesAModifierOnTheList() {
        struct Counter: View {
            @State var n = 0
            let id: Int
            var body: some View { Text("\(id):\(n)").onTapGesture { n += 1 } }
        }
        let host = HeadlessHost(width: 200, height: 100) {
            VStack { ForEach(0..<2, id: \.self) { i in Counter(id: i) }.padding(4) }
        }
        guard let row = host.frame(ofText: "1:0") else { Issue.record("no row"); return }
        host.tap(x: Double(row.midX), y: Double(row.midY))
        #expect(host.frame(ofText: "1:1") != nil)
        #expect(host.frame(ofText: "0:0") != nil)
    }

    // MARK: 4. Stacked shadows

    /// Four pink bars glowing, as in the issue: `.shadow(radius: 0).shadow(radius: 20)`, or one
    /// `.shadow(radius: 20)`, optionally faded.
    private struct Bars: View {
        let stacked: Bool
        var faded = false
        var body: some View {
            HStack(spacing: 24) {
                ForEach(0..<4, id: \.self) { _ in
                    if stacked {
                        RoundedRectangle(cornerRadius: 4).fill(.pink)
                            .shadow(color: .pink, radius: 0).shadow(color: .pink, radius: 20)
                    } else {
                        RoundedRectangle(cornerRadius: 4).fill(.pink).shadow(color: .pink, radius: 20)
                    }
                }
            }
            .frame(width: 200, height: 200)
            .opacity(faded ? 0.5 : 1)
        }
    }

    /// The largest channel difference between two surfaces, outside the bars' antialiased
    /// edges (there the radius-0 shadow under the bar adds coverage, as in SwiftUI).
    private func maxDifference(_ a: Surface, _ b: Surface) -> (Int, Int, Int) {
        var worst = (0, 0, 0)
        func onBarEdge(_ x: Int, _ y: Int) -> Bool {
            guard y >= 48, y <= 251 else { return false }
            return (0..<4).contains { i in let x0 = 50 + i * 56; return x >= x0 - 1 && x <= x0 + 33 && (x <= x0 + 1 || x >= x0 + 31 || y <= 51 || y >= 248) }
        }
        for y in 0..<a.height {
            for x in 0..<a.width where !onBarEdge(x, y) {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                let d = max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
                if d > worst.0 { worst = (d, x, y) }
            }
        }
        return worst
    }

    /// A radius-0 shadow in the colour of the shape changes nothing but its antialiased edge,
    /// so the pair glows like the single shadow: around every bar, evenly.
    @Test(arguments: [false, true]) func stackedShadowsGlowLikeOne(faded: Bool) {
        let stacked = HeadlessHost(width: 300, height: 300) { Bars(stacked: true, faded: faded) }
        let single = HeadlessHost(width: 300, height: 300) { Bars(stacked: false, faded: faded) }
        let d = maxDifference(stacked.snapshot(), single.snapshot())
        #expect(d.0 <= 3, "differs by \(d.0) at (\(d.1), \(d.2))")
        // Beside the first and the last bar alike, and above the middle ones.
        let s = stacked.snapshot()
        let left = s.pixel(x: 44, y: 150), right = s.pixel(x: 255, y: 150)
        #expect(abs(Int(left.g) - Int(right.g)) <= 2)
        #expect(left.g < 245)
        let above1 = s.pixel(x: 66, y: 45), above3 = s.pixel(x: 178, y: 45)
        #expect(abs(Int(above1.g) - Int(above3.g)) <= 2)
        #expect(above1.g < 245)
        // No second copy of a bar below and right of the first (the faded case drew one).
        let belowRight = s.pixel(x: 66 + 20, y: 250 + 4)
        #expect(belowRight.g > 200)
        expectGolden(s, faded ? "stackedShadowsFaded" : "stackedShadows", tolerance: 2)
    }
}

/// `NotificationCenter.default.post` from a view's onAppear under the frame loop, to an observer
/// added with `queue: .main`: deadlocked under dispatchMain() (Foundation waited on
/// OperationQueue.main from the main queue). The probe runs the loop 0.5 s and exits; a hang is
/// killed after 60 s (a generous bound for a loaded machine, not a speed check).
@Suite struct MainThreadQueueTests {
    @Test func postingToAMainQueueObserverFromAViewDoesNotDeadlock() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: builtProduct("KioskMainQueueProbe"))
        let dir = "/tmp/kiosk-probe-notification-\(getpid())"
        process.arguments = ["--notification", dir]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        let hung = process.isRunning
        if hung { process.terminate(); process.waitUntilExit() }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(!hung, "the probe hung (deadlock): \(text)")
        #expect(text.contains("observer=1 main=true"), "probe printed: \(text)")
    }
}
