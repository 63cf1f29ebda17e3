// The main job's launcher on a virtual clock: it lists every scene, a tap on a tile runs that
// scene full screen (pixel for pixel what the scene draws alone), a tap in the top-left corner
// or a finger held still for a second comes back, and touches never cross between screens.
import Testing
import Raster
import TestSupport
@testable import Kiosk
@testable import KioskScenes

/// A scene that records the touches it gets and fills the screen with one colour (every frame
/// when `always`).
private final class RecordingScene: FrameSource {
    var events: [TouchEvent] = []
    var drawn = false
    var always = false
    func needsFrame() -> Bool { always || !drawn }
    func renderFrame(into surface: Surface, at time: Double, fullRedraw: Bool) -> [IntRect] {
        let colour = Pixel.pack(a: 255, r: 200, g: 40, b: 40)
        if drawn && !fullRedraw {   // later frames repaint a strip at the bottom only
            let strip = IntRect(x: 0, y: surface.height - 20, width: surface.width, height: 20)
            surface.fill(strip, with: colour)
            return [strip]
        }
        drawn = true
        surface.clear(colour)
        return [surface.bounds]
    }
    func handleTouch(_ event: TouchEvent) { events.append(event) }
    var wake: (() -> Void)?
    func setWakeHandler(_ wake: @escaping () -> Void) { self.wake = wake }
}

private func texts(_ source: LauncherFrameSource) -> [String] {
    var out: [String] = []
    func walk(_ n: Node) {
        if let t = n.view as? Text, !n.isRemoved { out.append(t.string) }
        n.children.forEach(walk)
    }
    walk(source.menu.renderer.graph.root)
    return out
}

private func centre(_ r: CGRect) -> Point { Point(Double(r.midX), Double(r.midY)) }

@Suite struct LauncherTests {
    init() { KioskScenes.registerAll() }
    /// A launcher on a virtual clock, with the run that drives it.
    private func launcher(width: Int = 800, height: Int = 480, entries: [(name: String, summary: String)]? = nil,
                          make: ((String, Int, Int, @escaping () -> Double) -> FrameSource?)? = nil) throws -> (LauncherFrameSource, VirtualRun) {
        let clock = Clock()
        let l = make.map { LauncherFrameSource(width: width, height: height, now: { clock.t }, entries: entries, make: $0) }
            ?? LauncherFrameSource(width: width, height: height, now: { clock.t }, entries: entries)
        let run = try VirtualRun(source: l, width: width, height: height)
        run.onAdvance = { clock.t = $0 }
        return (l, run)
    }
    private final class Clock { var t = 0.0 }

    @Test func isTheDefaultSceneAndASnapshotScene() throws {
        #expect(Settings().scene == "launcher")
        #expect(DemoScenes.all.first?.name == "launcher")
        #expect(DemoScenes.make("launcher", width: 320, height: 200) is LauncherFrameSource)
    }

    @Test func listsEverySceneButItselfWithNameAndSummary() throws {
        let (l, run) = try launcher()
        run.step()
        #expect(l.entries.map(\.name) == DemoScenes.all.map(\.name).filter { $0 != "launcher" })
        #expect(l.entries.count >= 4)
        let shown = texts(l)
        // The first page (the rest are a swipe or a › away).
        for e in l.entries.prefix(l.metrics.perPage) {
            #expect(shown.contains(e.name), "\(e.name)")
            #expect(shown.contains(e.summary), "\(e.summary)")
        }
        // Each tile is drawn where the metrics put it: lighter than the background beside it.
        let background = run.surface.pixel(x: 400, y: 470)
        for i in l.entries.indices.prefix(l.metrics.perPage) {
            let r = l.metrics.tileFrame(i)
            let p = run.surface.pixel(x: Int(r.maxX) - 6, y: Int(r.maxY) - 20)
            #expect(Int(p.r) + Int(p.g) + Int(p.b) > Int(background.r) + Int(background.g) + Int(background.b) + 30, "tile \(i)")
        }
        #expect(l.runningScene == nil)
    }

    @Test func badgesShowTheNumberAndTheFamilysColour() {
        let b = LauncherView.badges(for: [("gallery", ""), ("seed-002", ""), ("seed-004-fade", ""), ("lvgl-10", ""), ("paint", "")])
        #expect(b.map(\.text) == ["G", "002", "004", "10", "P"])
        #expect(b[1].color == b[2].color && b[0].color != b[1].color && b[3].color != b[1].color && b[4].color != b[0].color)
    }

    @Test func tapOnATileRunsThatSceneFullScreen() throws {
        let (l, run) = try launcher()
        run.step()
        let menuFrame = run.surface.copy()
        run.advance()
        let i = try #require(l.entries.firstIndex { $0.name == "gallery" })
        run.tap(centre(l.metrics.tileFrame(i)))
        #expect(l.needsFrame())
        #expect(run.step() == [run.surface.bounds])
        #expect(l.runningScene == "gallery")
        // Exactly what the gallery draws on its own, but for the "‹" badge in the corner for 3 s.
        let alone = try VirtualRun(source: try #require(DemoScenes.make("gallery", width: 800, height: 480)), width: 800, height: 480)
        alone.step()
        let corner = Int(LauncherFrameSource.cornerSide)
        func sameOutsideCorner() -> Bool {
            for y in stride(from: 0, to: 480, by: 3) { for x in stride(from: 0, to: 800, by: 3) where x >= corner || y >= corner {
                if run.surface.premultipliedPixel(x: x, y: y) != alone.surface.premultipliedPixel(x: x, y: y) { return false }
            } }
            return true
        }
        #expect(sameOutsideCorner())
        #expect(!run.surface.samePixels(as: alone.surface))
        let badge = run.surface.pixel(x: corner / 2 - 8, y: corner / 2), plain = alone.surface.pixel(x: corner / 2 - 8, y: corner / 2)
        #expect(Int(badge.r) + Int(badge.g) + Int(badge.b) < Int(plain.r) + Int(plain.g) + Int(plain.b) - 60)   // darker under the badge
        while run.time < LauncherBackHint.duration + 0.1 { run.advance(); run.step() }
        #expect(run.surface.samePixels(as: alone.surface))   // the badge has gone
        // Back with a tap in the top-left corner: the launcher as it was.
        run.advance()
        run.tap(Point(10, 10))
        #expect(l.runningScene == nil)
        #expect(run.step() == [run.surface.bounds])
        #expect(run.surface.samePixels(as: menuFrame))
        run.advance()
        #expect(run.step().isEmpty)   // idle
        // And again: the scene starts fresh each time.
        run.tap(centre(l.metrics.tileFrame(i)))
        run.step()
        #expect(l.runningScene == "gallery" && sameOutsideCorner())
    }

    @Test func cornerTouchesAreTheLaunchersAndOthersTheScenes() throws {
        let scene = RecordingScene()
        let (l, run) = try launcher(entries: [("rec", "records touches")], make: { _, _, _, _ in scene })
        run.step()
        run.tap(centre(l.metrics.tileFrame(0)))
        run.step()
        #expect(l.runningScene == "rec")
        #expect(scene.events.isEmpty)           // the launching tap stays the menu's
        run.tap(Point(400, 300))
        #expect(scene.events.map(\.phase) == [.began, .ended])
        // A touch that begins in the corner and leaves it does nothing, and the scene never sees it.
        l.handleTouch(TouchEvent(id: 7, phase: .began, location: Point(5, 5), time: run.time))
        l.handleTouch(TouchEvent(id: 7, phase: .moved, location: Point(200, 200), time: run.time))
        l.handleTouch(TouchEvent(id: 7, phase: .ended, location: Point(200, 200), time: run.time))
        #expect(l.runningScene == "rec" && scene.events.count == 2)
        // A scene touch that ends in the corner is the scene's.
        l.handleTouch(TouchEvent(id: 8, phase: .began, location: Point(300, 300), time: run.time))
        l.handleTouch(TouchEvent(id: 8, phase: .ended, location: Point(5, 5), time: run.time))
        #expect(l.runningScene == "rec" && scene.events.count == 4)
        // A touch still down when the screen switches is swallowed to its end.
        l.handleTouch(TouchEvent(id: 9, phase: .began, location: Point(300, 300), time: run.time))
        run.tap(Point(20, 20))
        #expect(l.runningScene == nil)
        l.handleTouch(TouchEvent(id: 9, phase: .ended, location: Point(300, 300), time: run.time))
        #expect(scene.events.count == 5 && scene.events.last?.phase == .began)
        // Events for touches nobody saw begin go nowhere.
        l.handleTouch(TouchEvent(id: 99, phase: .ended, location: Point(5, 5), time: run.time))
        #expect(l.runningScene == nil)
    }

    @Test func aFingerHeldStillForASecondComesBack() throws {
        let scene = RecordingScene()
        let (l, run) = try launcher(entries: [("rec", "records touches")], make: { _, _, _, _ in scene })
        run.step()
        #expect(l.launch("rec"))
        run.step()
        l.handleTouch(TouchEvent(id: 1, phase: .began, location: Point(300, 300), time: run.time))
        let start = run.time
        #expect(l.nextFrameTime(after: start + 0.1) == start + LauncherFrameSource.holdDuration)
        l.handleTouch(TouchEvent(id: 1, phase: .moved, location: Point(305, 303), time: run.time))   // within the slop
        while run.time < start + 0.9 { run.advance(); _ = l.needsFrame() }
        #expect(l.runningScene == "rec")
        while run.time < start + 1.01 { run.advance(); _ = l.needsFrame() }
        #expect(l.runningScene == nil)
        #expect(scene.events.map(\.phase) == [.began, .moved, .cancelled])
        l.handleTouch(TouchEvent(id: 1, phase: .ended, location: Point(305, 303), time: run.time))
        #expect(scene.events.count == 3)

        // A finger that moves is a drag, not a hold.
        #expect(l.launch("rec"))
        let t0 = run.time
        l.handleTouch(TouchEvent(id: 2, phase: .began, location: Point(300, 300), time: t0))
        l.handleTouch(TouchEvent(id: 2, phase: .moved, location: Point(340, 300), time: t0))
        #expect(l.nextFrameTime(after: t0) == t0 + LauncherBackHint.duration)   // only the badge's end
        while run.time < t0 + 1.5 { run.advance(); _ = l.needsFrame() }
        #expect(l.runningScene == "rec")
        // A lift after a long still hold the loop did not poll for still counts.
        l.handleTouch(TouchEvent(id: 3, phase: .began, location: Point(100, 300), time: run.time))
        l.handleTouch(TouchEvent(id: 3, phase: .ended, location: Point(100, 300), time: run.time + 1.2))
        #expect(l.runningScene == nil)
    }

    /// The badge is translucent: a scene that redraws every frame must not darken it frame by frame.
    @Test func backBadgeDrawsTheSameEveryFrame() throws {
        let scene = RecordingScene()
        scene.always = true
        let (l, run) = try launcher(entries: [("rec", "redraws every frame")], make: { _, _, _, _ in scene })
        run.step()
        #expect(l.launch("rec"))
        run.step()
        let first = run.surface.copy()
        for _ in 0..<30 { run.advance(); run.step() }
        #expect(run.surface.samePixels(as: first))
        // A scene that draws nothing more: the badge still goes after its time.
        scene.always = false
        while run.time < LauncherBackHint.duration + 0.2 { run.advance(); run.step() }
        #expect(run.surface.pixel(x: 28, y: 28) == RGBA8(r: 200, g: 40, b: 40, a: 255))
        #expect(!l.needsFrame())
    }

    /// The loop's wake-up reaches every scene launched after it was given (and the menu).
    @Test func wakeHandlerReachesLaunchedScenes() throws {
        let scene = RecordingScene()
        let (l, _) = try launcher(entries: [("rec", "records touches")], make: { _, _, _, _ in scene })
        var woken = 0
        l.setWakeHandler { woken += 1 }
        #expect(scene.wake == nil)
        #expect(l.launch("rec"))
        scene.wake?()
        #expect(woken == 1)
    }

    @Test func manyScenesPageAndUnknownOnesStay() throws {
        let many = (0..<20).map { (name: "scene\($0)", summary: "summary \($0)") }
        let (l, run) = try launcher(entries: many, make: { name, _, _, _ in name == "scene3" ? nil : RecordingScene() })
        let first = run.step()
        #expect(first == [run.surface.bounds])
        let perPage = l.metrics.perPage
        #expect(perPage >= 6 && perPage < 20)
        #expect(texts(l).contains("scene0") && !texts(l).contains("scene\(perPage)"))
        #expect(texts(l).contains("1 / \((20 + perPage - 1) / perPage)"))
        /// Past the page turn's end: the clock moves on 0.4 s, then a few frames finish it (drawing
        /// every frame of it costs seconds in a debug build on a loaded machine).
        // A second image built from the damage only must match every frame drawn.
        let screen = try Surface(width: 800, height: 480)
        func step() {
            for r in run.step() {
                ScanoutCopy.copy(run.surface, rect: r, to: UnsafeMutableRawPointer(screen.base), dstStride: screen.stride, format: .xrgb8888, rotation: .degrees0)
            }
            #expect(screen.samePixels(as: run.surface))
        }
        func settle() {
            for i in 0..<24 { run.advance(); if i == 8 { step() } }
            for _ in 0..<3 { step(); run.advance() }
        }
        // The › button (right of the page number, bottom centre).
        let next = try #require(l.menu.renderer.graph.root.allTextFrames.first { $0.0 == "›" }?.1)
        ScanoutCopy.copy(run.surface, rect: run.surface.bounds, to: UnsafeMutableRawPointer(screen.base), dstStride: screen.stride, format: .xrgb8888, rotation: .degrees0)
        run.advance()
        run.tap(centre(next))
        step()
        // The page turn is animated: both pages show while the push runs (0.3 s), then only the new one.
        #expect(texts(l).contains("scene\(perPage)") && texts(l).contains("scene0"))
        settle()
        #expect(texts(l).contains("scene\(perPage)") && !texts(l).contains("scene0"))
        // A swipe to the right turns back, one to the left forward again.
        func swipe(_ dx: Double) {
            l.handleTouch(TouchEvent(id: 500, phase: .began, location: Point(400, 250), time: run.time))
            for i in 1...5 { l.handleTouch(TouchEvent(id: 500, phase: .moved, location: Point(400 + dx * Double(i) / 5, 252), time: run.time)) }
            l.handleTouch(TouchEvent(id: 500, phase: .ended, location: Point(400 + dx, 252), time: run.time))
            step()
            settle()
        }
        swipe(200)
        #expect(texts(l).contains("scene0") && l.runningScene == nil)
        swipe(-200)
        #expect(texts(l).contains("scene\(perPage)") && l.runningScene == nil)
        // A tile whose scene cannot be made leaves the launcher up.
        Diagnostics.printsWarnings = false
        #expect(!l.launch("scene3") && l.runningScene == nil)
        #expect(!l.launch("launcher"))
    }

    /// Copying only the returned damage into a second image reproduces every frame, across
    /// launches and returns.
    @Test func damageCoversEveryChange() throws {
        let w = 480, h = 320
        let (l, run) = try launcher(width: w, height: h)
        let screen = try Surface(width: w, height: h)
        var rng = SplitMix64(seed: 0x5EED_0010)
        var launches = 0, returns = 0, last: String? = nil
        for frame in 0..<150 {
            if frame % 10 == 3 {
                // A tile, a random point (in the launcher or the scene), the corner, in turn.
                // The first tiles: later ones may lie below the fold as scenes are added.
                let tile = centre(l.metrics.tileFrame(Int(rng.next() % UInt64(min(l.entries.count, 4)))))
                let random = Point(Double(rng.next() % UInt64(w)), Double(rng.next() % UInt64(h)))
                run.tap([tile, random, Point(4, 4)][frame / 10 % 3])
            }
            for r in run.step() {
                ScanoutCopy.copy(run.surface, rect: r, to: UnsafeMutableRawPointer(screen.base), dstStride: screen.stride, format: .xrgb8888, rotation: .degrees0)
            }
            #expect(screen.samePixels(as: run.surface), "frame \(frame), scene \(l.runningScene ?? "launcher")")
            if l.runningScene != last { if l.runningScene == nil { returns += 1 } else { launches += 1 } }
            last = l.runningScene
            run.advance()
        }
        #expect(launches >= 2 && returns >= 1, "\(launches) launches, \(returns) returns")
    }
}

extension Node {
    /// (string, frame) of every Text below this node.
    fileprivate var allTextFrames: [(String, CGRect)] {
        var out: [(String, CGRect)] = []
        if let t = view as? Text, !isRemoved { out.append((t.string, frame)) }
        for c in children { out += c.allTextFrames }
        return out
    }
}
