// The five seed programs (shared/seeds), compiled as written (only the import changed) in the
// KioskScenes module, driven through HeadlessHost from a tap: golden frame sequences (one
// frame every 50 ms of virtual time, laid out as a contact sheet) and the times their
// callbacks run.
import Testing
@testable import Kiosk
@testable import KioskScenes
import TestSupport

/// Frames every `step` seconds for `duration`, after `setup`, as one contact sheet image.
private func frameSheet(_ host: HeadlessHost, duration: Double, step: Double = 0.05, columns: Int = 5, every: Int = 1) -> Surface {
    var frames: [Surface] = []
    var t = 0.0
    while t < duration - 1e-9 {
        host.advance(by: step)
        t += step
        frames.append(copy(host.snapshot()))
    }
    let w = host.snapshot().width / every, h = host.snapshot().height / every
    let rows = (frames.count + columns - 1) / columns
    let sheet = try! Surface(width: columns * (w + 2), height: rows * (h + 2))
    for y in 0..<sheet.height { for x in 0..<sheet.width { sheet.setPixel(x: x, y: y, 0xFF80_8080) } }
    for (i, f) in frames.enumerated() {
        let ox = (i % columns) * (w + 2), oy = (i / columns) * (h + 2)
        for y in 0..<h { for x in 0..<w { sheet.setPixel(x: ox + x, y: oy + y, f.premultipliedPixel(x: x * every, y: y * every)) } }
    }
    return sheet
}

private func copy(_ s: Surface) -> Surface {
    let c = try! Surface(width: s.width, height: s.height)
    for y in 0..<s.height { for x in 0..<s.width { c.setPixel(x: x, y: y, s.premultipliedPixel(x: x, y: y)) } }
    return c
}

/// Presented opacities of every running opacity animation.
private func opacities(_ host: HeadlessHost) -> [Double] {
    host.allNodes.compactMap { n in
        guard let m = (n.view as? any ModifierCarrier)?.anyModifier as? _OpacityEffect else { return nil }
        return n.presented(m).opacity
    }
}

// SeedLog is shared: the seeds that print run one at a time, recorded but not echoed (a test
// prints nothing to standard output).
@Suite(.serialized) struct SeedTests {
    init() { SeedLog.echo = false }

    @Test func seed000ViewTransitionSwapsWithASpringAndTheTextGoesWhenItsFadeEnds() {
        SeedLog.clear()
        let host = HeadlessHost(width: 160, height: 120) { ViewTransition() }
        SeedLog.clock = { host.time }
        host.tap(x: 80, y: 60)
        // The removed text is still there, fading; onDisappear has not run yet.
        #expect(!SeedLog.lines.contains { $0.text == "text disappeared" })
        expectGolden(frameSheet(host, duration: 1.0), "seed-000-transition-frames", tolerance: 2)
        let gone = SeedLog.lines.filter { $0.text == "text disappeared" }
        #expect(gone.count == 1)
        // spring(duration: 0.5, bounce: 0) on opacity (a unit change) ends after ~0.83 s.
        if let t = gone.first?.time { #expect(t > 0.5 && t < 1.0, "onDisappear at \(t) s") }
        #expect(host.warnings.isEmpty)
    }

    @Test func seed000IntroductionViewCompletionFiresOnceAtTheEndOfTheFade() {
        SeedLog.clear()
        let host = HeadlessHost(width: 200, height: 80) { IntroductionView() }
        SeedLog.clock = { host.time }
        expectGolden(frameSheet(host, duration: 1.2, step: 0.1, columns: 4), "seed-000-intro-frames", tolerance: 2)
        host.advance(by: 1)
        let fired = SeedLog.lines.filter { $0.text == "Intro text animated in!" }
        #expect(fired.count == 1)
        // easeIn(duration: 1) from onAppear at 0: the exact target is written on the first
        // frame past 1 s, the main-queue block runs right after it.
        if let t = fired.first?.time { #expect(t >= 1.0 && t <= 1.0 + 2.0 / 60 + 1e-9, "fired at \(t)") }
    }

    @Test func seed001OpacityPingPongsForeverAndEachCompletionStartsTheNext() {
        let host = HeadlessHost(width: 240, height: 60) { MainView() }
        var samples: [Double] = []
        for _ in 0..<600 {          // 10 s
            host.advance(by: 1.0 / 60)
            samples.append(opacities(host).first ?? .nan)
        }
        // Each completion reverses the direction: count the turns of the presented opacity.
        var turns = 0, lastDirection = 0
        for i in 1..<samples.count {
            let d = samples[i] - samples[i - 1]
            let dir = d > 1e-4 ? 1 : (d < -1e-4 ? -1 : 0)
            if dir != 0 && dir != lastDirection { if lastDirection != 0 { turns += 1 }; lastDirection = dir }
        }
        #expect(turns >= 8, "turns \(turns)")
        #expect(samples.allSatisfy { $0 >= 0.1 - 1e-9 && $0 <= 1 + 1e-9 })
        // Still going at 10 s: frames keep coming.
        let frames = host.frameCount
        host.advance(by: 0.5)
        #expect(host.frameCount > frames + 20)
        #expect(host.warnings.isEmpty)
    }

    @Test func seed002RectangleMovesInFromTheLeadingEdgeAndOutToTheTrailingOne() {
        // An iPhone-like portrait screen: the 300-pt square, the button below it.
        let host = HeadlessHost(width: 390, height: 700) { AnyTransitionPrac() }
        host.tap(x: 195, y: 700 - 30)
        expectGolden(frameSheet(host, duration: 0.8, step: 0.1, columns: 4, every: 3), "seed-002-in-frames", tolerance: 3, maxDiffering: 8)
        host.tap(x: 195, y: 700 - 30)
        expectGolden(frameSheet(host, duration: 0.8, step: 0.1, columns: 4, every: 3), "seed-002-out-frames", tolerance: 3, maxDiffering: 8)
        #expect(host.warnings.isEmpty)
    }

    @Test func seed003CheckerboardStepsThroughIntegerBoards() throws {
        let host = HeadlessHost(width: 160, height: 80) { ContentView() }
        host.tap(x: 80, y: 40)
        var boards: [String] = []
        for _ in 0..<70 {
            host.advance(by: 0.05)
            let b = try #require(host.allNodes.first { $0.view is Checkerboard }?.view as? Checkerboard)
            let s = "\(b.rows)×\(b.columns)"
            if boards.last != s { boards.append(s) }
        }
        // linear(duration: 3): rows 4→8 and columns 4→16 move together, in whole steps.
        #expect(boards.first == "4×4" || boards.first == "4×5")
        #expect(boards.last == "8×16")
        #expect(boards.count >= 12)
        let again = HeadlessHost(width: 160, height: 80) { ContentView() }
        again.tap(x: 80, y: 40)
        expectGolden(frameSheet(again, duration: 3.2, step: 0.2, columns: 4), "seed-003-frames", tolerance: 1)
    }

    @Test func seed004IDCrossFadesTheOldAndNewValue() {
        let host = HeadlessHost(width: 160, height: 120) { IDFadeCounter() }
        host.tap(x: 80, y: 60)
        #expect(opacities(host).count == 2)        // "1" fading out, "2" fading in
        expectGolden(frameSheet(host, duration: 0.4), "seed-004-id-frames", tolerance: 2)
        #expect(opacities(host).count <= 1)
    }

    @Test func seed004FadeStartsFromTheUnanimatedWrite() {
        let host = HeadlessHost(width: 160, height: 120) { FadeCounter() }
        host.tap(x: 80, y: 60)
        // count += 1; isNewValueVisible = false (committed without animation); then the
        // animated isNewValueVisible = true: "1" fades out from 1, "2" in from 0.
        let o = opacities(host).sorted()
        #expect(o.count == 2 && o[0] < 0.2 && o[1] > 0.8, "\(o)")
        expectGolden(frameSheet(host, duration: 0.4), "seed-004-fade-frames", tolerance: 2)
    }
}

@Suite struct ContractTests {
    /// The ARCHITECTURE.md "Testing contract" snippet, with only `import Kiosk`.
    @Test func testingContractCompilesAndRuns() throws {
        let host = HeadlessHost(width: 400, height: 300) { ContentView() }
        host.advance(by: 0.25)
        host.tap(x: 200, y: 150)
        host.advance(by: 1)         // the board animates (linear 3 s): a second later it has changed
        let frame: Surface = host.snapshot()
        let p = frame.pixel(x: 10, y: 10)
        #expect(p.a == 255)
        let path = "/tmp/kiosk-contract-\(ProcessInfo.processInfo.processIdentifier).png"
        try frame.writePNG(to: path)
        try FileManager.default.removeItem(atPath: path)
        #expect(host.frameCount >= 2)
    }
}
