// LauncherFrameSource: the main job's screen. It shows the launcher (LauncherView, through a
// ViewFrameSource) until a tile is tapped, then runs that scene full screen; a tap in the
// top-left corner, or a finger held still for a second anywhere, comes back. The scene is made
// fresh at each launch and dropped on return, so it starts from its initial state every time.
//
// Touches belong to whoever saw them begin (the menu, the scene, or the corner), so a scene never
// gets the end of a touch it did not see begin; a touch still down when the screen switches is
// swallowed to its end. For its first three seconds a scene shows a "‹" badge in that corner.
// The hold is timed on the loop's clock: while a finger is down,
// `nextFrameTime(after:)` wakes the loop at the hold's deadline.
import Raster

/// The launcher of every scene `DemoScenes` knows, as one FrameSource.
///
///     let source = LauncherFrameSource(width: 800, height: 480)
///     try FrameLoop(display: display, source: source).run()
public final class LauncherFrameSource: FrameSource {
    /// The side of the top-left square a tap in which returns to the launcher, on an 800×480
    /// screen (scaled like the launcher): a thumb's width.
    public static let cornerSide = 56.0
    /// How long a finger held still returns to the launcher (seconds; longer than SwiftUI's
    /// 0.5 s long press, so the scene's own presses stay the scene's).
    public static let holdDuration = 1.0
    /// How far a held finger may drift and still count as still (pixels, like DragGesture's 10).
    public static let holdSlop = 12.0

    public let width: Int, height: Int
    /// The scenes the launcher lists, in order.
    public let entries: [(name: String, summary: String)]
    /// The scene running full screen, or nil while the launcher shows.
    public private(set) var runningScene: String?

    private let now: () -> Double
    private let make: (String, Int, Int, @escaping () -> Double) -> FrameSource?
    /// The launcher's own screen (internal for tests).
    let menu: ViewFrameSource
    /// Where its tiles are.
    let metrics: LauncherMetrics
    private let selection = LauncherSelection()
    private var scene: FrameSource?
    private let corner: Double
    private var needsFullRedraw = false
    private let hint: LauncherBackHint
    /// The frame loop's wake-up, handed on to the menu and to every scene launched.
    private var wake: (() -> Void)?

    private enum Owner { case menu, scene, corner, swallowed }
    private var owners: [Int: Owner] = [:]
    /// The scene's touch that may become a hold: where and when it began.
    private var hold: (id: Int, start: Point, time: Double)?

    /// `entries`: the scenes to list (default every scene but the launcher itself); `make`
    /// builds one (default `DemoScenes.make`); `now` is the clock scenes and the hold read.
    public init(width: Int, height: Int, now: @escaping () -> Double = Syscall.monotonicNow,
                entries: [(name: String, summary: String)]? = nil,
                make: @escaping (String, Int, Int, @escaping () -> Double) -> FrameSource? = { DemoScenes.make($0, width: $1, height: $2, now: $3) }) {
        self.width = width; self.height = height
        self.now = now; self.make = make
        let list = entries ?? DemoScenes.all.filter { $0.name != DemoScenes.launcherName }
        self.entries = list
        let metrics = LauncherMetrics(width: width, height: height, count: list.count)
        self.metrics = metrics
        corner = LauncherFrameSource.cornerSide * Double(metrics.scale)
        hint = LauncherBackHint(corner: corner, scale: Double(metrics.scale))
        let selection = self.selection
        let badges = LauncherView.badges(for: list)
        menu = ViewFrameSource(width: width, height: height, colorScheme: .dark, now: now) {
            LauncherView(entries: list, metrics: metrics, selection: selection, badges: badges)
        }
    }

    /// Runs `name` full screen now (as a tap on its tile does); false for an unknown scene.
    @discardableResult
    public func launch(_ name: String) -> Bool {
        guard name != DemoScenes.launcherName, let s = make(name, width, height, now) else { return false }
        if let wake { s.setWakeHandler(wake) }
        s.setMovesPixels(movesPixels)
        scene = s
        runningScene = name
        switchScreens()
        hint.show(at: now())
        return true
    }

    /// Back to the launcher (as the corner tap does).
    public func returnToLauncher() {
        guard scene != nil else { return }
        scene = nil
        runningScene = nil
        switchScreens()
        hint.reset()
    }

    private func switchScreens() {
        for id in owners.keys { owners[id] = .swallowed }
        hold = nil
        needsFullRedraw = true
    }

    /// A tap on a tile, once the menu has seen it.
    private func applySelection() {
        guard let name = selection.pending else { return }
        selection.pending = nil
        if !launch(name) { Log.warning("launcher: scene \"\(name)\" could not be made") }
    }

    private func holdDue(at t: Double) -> Bool {
        guard scene != nil, let h = hold else { return false }
        return t - h.time >= LauncherFrameSource.holdDuration
    }

    /// The hold fired: the scene's touch is cancelled for it and the launcher comes back.
    private func endHold() {
        if let h = hold { scene?.handleTouch(TouchEvent(id: h.id, phase: .cancelled, location: h.start, time: now())) }
        returnToLauncher()
    }

    private func inCorner(_ p: Point) -> Bool { p.x >= 0 && p.y >= 0 && p.x < corner && p.y < corner }

    // MARK: FrameSource

    public func waitForImages(timeout: Double) -> Bool {
        let m = menu.waitForImages(timeout: timeout)
        return (scene?.waitForImages(timeout: timeout) ?? false) || m
    }

    public func needsFrame() -> Bool {
        applySelection()
        if holdDue(at: now()) { endHold() }
        if needsFullRedraw || hint.needsFrame(at: now()) { return true }
        return scene?.needsFrame() ?? menu.needsFrame()
    }

    public func renderFrame(into surface: Surface, at time: Double, fullRedraw: Bool) -> [IntRect] {
        applySelection()
        if holdDue(at: time) { endHold() }
        let full = fullRedraw || needsFullRedraw
        needsFullRedraw = false
        guard let scene else {
            let damage = menu.renderFrame(into: surface, at: time, fullRedraw: full)
            return full ? [surface.bounds] : damage
        }
        // The scene draws over its own pixels, not the badge's (LauncherBackHint).
        if !full { hint.restore(into: surface) }
        var damage = scene.renderFrame(into: surface, at: time, fullRedraw: full)
        damage += hint.draw(into: surface, at: time)
        return full ? [surface.bounds] : damage
    }

    public func handleTouch(_ event: TouchEvent) {
        let id = event.id
        if event.phase == .began {
            // An id reused while down (a lost end): the new contact starts afresh.
            if scene == nil { owners[id] = .menu }
            else if inCorner(event.location) { owners[id] = .corner }
            else {
                owners[id] = .scene
                if hold == nil { hold = (id, event.location, event.time) }
            }
        }
        guard let owner = owners[id] else { return }   // never seen begin: not ours to deliver
        let ends = event.phase == .ended || event.phase == .cancelled
        if ends { owners[id] = nil }
        switch owner {
        case .swallowed:
            return
        case .corner:
            if event.phase == .ended && inCorner(event.location) { returnToLauncher() }
        case .menu:
            menu.handleTouch(event)
            applySelection()
        case .scene:
            if let h = hold, h.id == id {
                let d = event.location - h.start
                if (d.x * d.x + d.y * d.y).squareRoot() > LauncherFrameSource.holdSlop { hold = nil }
                else if ends && event.time - h.time >= LauncherFrameSource.holdDuration { endHold(); return }
                else if ends { hold = nil }
            }
            scene?.handleTouch(event)
        }
    }

    public func setMovesPixels(_ on: Bool) {
        movesPixels = on
        menu.setMovesPixels(on)
        scene?.setMovesPixels(on)
    }
    private var movesPixels = true

    public func setWakeHandler(_ wake: @escaping () -> Void) {
        self.wake = wake
        menu.setWakeHandler(wake)
        scene?.setWakeHandler(wake)
    }

    public func nextFrameTime(after time: Double) -> Double? {
        var next = scene?.nextFrameTime(after: time) ?? menu.nextFrameTime(after: time)
        guard scene != nil else { return next }
        for due in [hold.map { $0.time + LauncherFrameSource.holdDuration }, hint.deadline].compactMap({ $0 }) {
            next = min(next ?? .infinity, max(time, due))
        }
        return next
    }
}
