// HeadlessHost: runs a view hierarchy with a virtual clock and no devices, for tests and
// snapshots. Frames step at 60 Hz; a frame is drawn only when something changed.

import Raster
import CDRM

/// Pixels of a rectangle of the screen (re-exported from Raster for host users).
public typealias Surface = Raster.Surface
/// A rectangle of whole pixels (re-exported from Raster for `lastDamage`).
public typealias IntRect = Raster.IntRect

/// Drives views on a virtual clock, headless.
///
/// ```swift
/// let host = HeadlessHost(width: 400, height: 300) { ContentView() }
/// host.advance(by: 0.25)          // virtual seconds; frames are stepped at 60 Hz
/// host.tap(x: 200, y: 150)        // touch down + up at one point, then one frame
/// let frame: Surface = host.snapshot()
/// frame.pixel(x: 10, y: 10)       // straight RGBA8
/// ```
/// `DispatchQueue.main.async` blocks that views schedule run before `advance` returns when the
/// host is driven from the main thread's top-level code (a program's `main.swift`, where no
/// run loop runs: the host drains the queue as one would) or from a thread other than main.
/// From inside a main-queue block they cannot run until it returns: `warnings` says so (and
/// stderr, once); `await host.settle()` lets them run.
public final class HeadlessHost {
    public static let frameInterval = 1.0 / 60
    let renderer: RootRenderer
    private let surface: Surface
    /// Virtual seconds since the host started.
    public private(set) var time: Double = 0
    private var nextTouchID = 1

    /// A host of `width`×`height` pixels; sizes ≤ 0 make an empty screen (with a warning).
    public convenience init<V: View>(width: Int, height: Int, colorScheme: ColorScheme = .light, @ViewBuilder content: () -> V) {
        self.init(width: width, height: height, colorScheme: colorScheme, text: nil, content: content)
    }

    /// `text` nil: real fonts (FontLibrary) when available. Tests pass FixedAdvanceText for
    /// font-independent layout numbers.
    init<V: View>(width: Int, height: Int, colorScheme: ColorScheme = .light, text: TextDrawing?,
                  waitsForImages: Bool = true, @ViewBuilder content: () -> V) {
        self.waitsForImages = waitsForImages
        let w = min(max(0, width), 16384), h = min(max(0, height), 16384)
        // Warnings raised while the root view is built (a bad frame size) belong to this host.
        let warnings = WarningSink()
        let previous = Diagnostics.sink
        Diagnostics.sink = warnings
        // Timers the content's models start join this host's clock (GraphClock.collecting).
        let (view, timers) = GraphClock.collecting { content() }
        Diagnostics.sink = previous
        renderer = HeadlessHost.onMainQueue {
            RootRenderer(width: w, height: h, colorScheme: colorScheme, text: text ?? FontTextEngine.best, root: view, warnings: warnings)
        }
        if width > 16384 || height > 16384 {
            renderer.graph.warnings.warnings.append("host size \(width)×\(height) clamped to \(w)×\(h)")
        }
        surface = (try? Surface(width: w, height: h)) ?? (try! Surface(width: 0, height: 0))
        // State written between frames (a tap, a queued block) commits at the virtual now.
        renderer.graph.hostNow = { [weak self] in self?.time ?? 0 }
        renderer.graph.waitsForVideo = true
        if !timers.isEmpty { renderer.graph.clock.adopt(timers) }
        frame()
    }

    /// Images decode off the main thread (ImageCache). When true (the default) a frame that
    /// asked for decodes waits for them and draws again at the same time, so snapshots and
    /// tests see every image on the frame that first shows it, whatever the machine's speed.
    /// False shows what a screen shows first — nothing where the image will be — until
    /// `waitForImages()`.
    public var waitsForImages: Bool

    /// Waits (up to `timeout` seconds) for the images asked for so far to decode, then draws a
    /// frame with them; false when the time ran out first.
    @discardableResult
    public func waitForImages(timeout: Double = 30) -> Bool {
        let done = renderer.graph.imageArrivals.waitForPending(timeout: timeout)
        frame()
        return done
    }

    /// Videos play on the host's virtual clock: a frame drawn at time t shows the video frame due
    /// at t, waiting (bounded) for the decoder (the default). False shows what a panel shows — the
    /// latest frame decoded by then — for benchmarks that advance the clock with the wall clock.
    public var waitsForVideo: Bool {
        get { HeadlessHost.onMainQueue { renderer.graph.waitsForVideo } }
        set { HeadlessHost.onMainQueue { renderer.graph.waitsForVideo = newValue } }
    }

    /// Rectangles repainted by the last frame that drew.
    public var lastDamage: [IntRect] { renderer.lastDamage }
    /// Frames drawn so far.
    public var frameCount: Int { renderer.frameCount }
    /// Warnings the views caused (also printed to stderr).
    public var warnings: [String] { renderer.warnings }
    /// The colour scheme; changing it redraws.
    public var colorScheme: ColorScheme {
        get { renderer.colorScheme } set { renderer.colorScheme = newValue }
    }

    /// Moves the virtual clock on by `seconds`, drawing a frame at each 60 Hz tick where
    /// something changed. Ticks where nothing is due are jumped over (see `skipIdleTicks`); the
    /// clock stops at `VirtualRun.maxTime` (10⁹ s), past which 60 Hz ticks cannot be stepped.
    public func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { frame(); return }
        let end = min(time + seconds, VirtualRun.maxTime)
        var drewAtEnd = false
        while time + HeadlessHost.frameInterval <= end + 1e-9 {
            skipIdleTicks(until: end)
            time += HeadlessHost.frameInterval
            if abs(time - end) < 1e-9 { time = end; drewAtEnd = true }
            frame()
        }
        // A last frame at `end` unless the last tick was there (a second frame at the same time
        // would redraw a running animation for nothing and report no damage).
        if !drewAtEnd { time = max(time, end); frame() }
    }

    /// When the renderer needs no frame at the next tick, none is due before its next wakeup
    /// (or `end`): move the clock to the tick before that, so the loop's next step lands on it.
    /// Reads only `needsFrame(at:)` and `nextWakeup`, so a running animation (which needs every
    /// frame) is stepped tick by tick. Main-queue blocks queued meanwhile run at that frame.
    private func skipIdleTicks(until end: Double) {
        let dt = HeadlessHost.frameInterval
        let idle = HeadlessHost.onMainQueue { !renderer.needsFrame(at: time + dt) }
        guard idle else { return }
        // Whole ticks from now to the last one ≤ end, and to the first one at or after the wakeup.
        var ticks = ((end + 1e-9 - time) / dt).rounded(.down)
        if let w = HeadlessHost.onMainQueue({ renderer.nextWakeup }) { ticks = min(ticks, ((w - 1e-9 - time) / dt).rounded(.up)) }
        guard ticks > 1 else { return }
        time += (ticks - 1) * dt
    }

    /// Touch down and up at (x, y), then one frame. Points off the screen hit nothing.
    public func tap(x: Double, y: Double) {
        let id = nextTouchID; nextTouchID += 1
        touch(id: id, phase: .began, x: x, y: y, time: time)
        touch(id: id, phase: .ended, x: x, y: y, time: time + 0.05)
        advance(by: HeadlessHost.frameInterval)
    }

    /// A drag from one point to another over `duration` seconds, one move per frame.
    public func drag(from start: CGPoint, to end: CGPoint, duration: Double = 0.25) {
        let id = nextTouchID; nextTouchID += 1
        touch(id: id, phase: .began, x: Double(start.x), y: Double(start.y), time: time)
        let steps = max(1, Int((duration / HeadlessHost.frameInterval).rounded()))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            touch(id: id, phase: .moved, x: Double(start.x) + (Double(end.x) - Double(start.x)) * f,
                           y: Double(start.y) + (Double(end.y) - Double(start.y)) * f, time: time + HeadlessHost.frameInterval)
            advance(by: HeadlessHost.frameInterval)
        }
        touch(id: id, phase: .ended, x: Double(end.x), y: Double(end.y), time: time)
        advance(by: HeadlessHost.frameInterval)
    }

    /// Puts a finger down at (x, y) now and returns its id (for `moveTouch`/`endTouch`); no
    /// frame is drawn, so `advance(by:)` holds the press for as long as it advances.
    @discardableResult
    public func beginTouch(x: Double, y: Double) -> Int {
        let id = nextTouchID; nextTouchID += 1
        touch(id: id, phase: .began, x: x, y: y, time: time)
        return id
    }
    /// Moves finger `id` to (x, y) now.
    public func moveTouch(_ id: Int, x: Double, y: Double) { touch(id: id, phase: .moved, x: x, y: y, time: time) }
    /// Lifts finger `id` at (x, y) now.
    public func endTouch(_ id: Int, x: Double, y: Double) { touch(id: id, phase: .ended, x: x, y: y, time: time) }
    /// The system takes finger `id` away (a palm, a device unplugged).
    public func cancelTouch(_ id: Int) { touch(id: id, phase: .cancelled, x: 0, y: 0, time: time) }

    /// Types `text` as a hardware keyboard would, one key down and up per character ("\n" is
    /// Return, "\t" Tab), into the focused view; then one frame.
    public func type(_ text: String) {
        for ch in text {
            let key: KeyEquivalent = ch == "\n" || ch == "\r\n" ? .return : ch == "\t" ? .tab : KeyEquivalent(ch)
            let chars = key == .return ? "\r" : String(ch)
            HeadlessHost.onMainQueue {
                renderer.key(KeyPress(phase: .down, key: key, characters: chars))
                renderer.key(KeyPress(phase: .up, key: key, characters: chars))
            }
        }
        advance(by: HeadlessHost.frameInterval)
    }

    /// Presses one key (down and up) with `modifiers`, then one frame.
    public func press(_ key: KeyEquivalent, modifiers: EventModifiers = []) {
        HeadlessHost.onMainQueue {
            renderer.key(KeyPress(phase: .down, key: key, modifiers: modifiers))
            renderer.key(KeyPress(phase: .up, key: key, modifiers: modifiers))
        }
        advance(by: HeadlessHost.frameInterval)
    }

    /// Whether a hardware keyboard is attached (the on-screen keyboard hides under `auto`).
    public var hardwareKeyboardAttached: Bool {
        get { HeadlessHost.onMainQueue { renderer.hardwareKeyboardAttached } }
        set { HeadlessHost.onMainQueue { renderer.hardwareKeyboardAttached = newValue } }
    }

    /// The current frame (shares pixels with the host: copy it to keep it).
    public func snapshot() -> Surface { surface }

    /// Redraws the whole screen now.
    public func redraw() {
        drainMainQueue()
        HeadlessHost.onMainQueue { _ = renderer.renderFrame(into: surface, at: time, fullRedraw: true) }
    }

    private func touch(id: Int, phase: TouchPhase, x: Double, y: Double, time: Double) {
        HeadlessHost.onMainQueue { renderer.touch(id: id, phase: phase, x: x, y: y, time: time) }
    }

    private func frame() {
        drainMainQueue()
        HeadlessHost.onMainQueue {
            if renderer.needsFrame(at: time) {
                renderer.renderFrame(into: surface, at: time, fullRedraw: false)
            }
            // Decodes the frame asked for: wait, then draw them in (a few rounds: an arrival
            // may lay out anew and ask for another reduction).
            // Arrivals may already be in (a small file decodes before the frame ends).
            var rounds = 0
            let arrivals = renderer.graph.imageArrivals
            while waitsForImages, rounds < 4, arrivals.pending > 0 || arrivals.hasArrived {
                rounds += 1
                guard arrivals.waitForPending(timeout: 60) else {
                    renderer.graph.warnings.warnings.append("HeadlessHost: images still decoding after 60 s")
                    break
                }
                if renderer.needsFrame(at: time) { renderer.renderFrame(into: surface, at: time, fullRedraw: false) }
            }
        }
        drainMainQueue()
    }

    /// Runs `body` on the main queue, as SwiftUI runs view code on the main thread: blocks
    /// and main-actor tasks that views schedule then run strictly between frames, never
    /// concurrently with a body.
    static func onMainQueue<T>(_ body: () -> T) -> T {
        if isOnMainQueue || kiosk_is_main_thread() != 0 { return body() }
        return DispatchQueue.main.sync(execute: body)
    }

    /// Runs blocks queued on the main queue (the "DispatchQueue.main.async" completion
    /// pattern), as a run loop would between frames:
    /// - on the main thread outside any main-queue block (a program's top-level code, which
    ///   libdispatch counts as "on the main queue" because the main thread owns it until
    ///   `dispatchMain()`), by libdispatch's run-loop hook `_dispatch_main_queue_callback_4CF`;
    /// - on another thread, `main.sync {}` waits for everything queued before it;
    /// - inside a main-queue block or a main-actor task (a synchronous `@MainActor` test under
    ///   Swift Testing, a block this host's own draining runs) nothing can run the queue until
    ///   the caller returns: a warning (in `warnings` and once on stderr) says to use
    ///   `await host.settle()` there, or a non-isolated test.
    private func drainMainQueue() {
        if kiosk_is_main_thread() != 0 {
            // Top-level code is not inside a block: drain as CFRunLoop does. Not from inside
            // a block this host's drain is running (libdispatch would run the queue re-entrantly)
            // nor from a task's job (its actor would run another job inside this one).
            guard !HeadlessHost.drainingOnMainThread, !HeadlessHost.isInsideTask else { warnInsideMainQueue(); return }
            HeadlessHost.drainingOnMainThread = true
            defer { HeadlessHost.drainingOnMainThread = false }
            drainMainQueueOnMainThread(nil)
            renderer.graph.startedTasks.removeAll()
            return
        }
        if HeadlessHost.isOnMainQueue { warnInsideMainQueue(); return }
        DispatchQueue.main.sync {}
        // A `.task` reaches the main queue asynchronously: wait (≤ 100 ms) for each new one
        // to run its first step, so `task { label = … }` shows like in SwiftUI's next frame.
        var waited = 0
        while renderer.graph.startedTasks.contains(where: { !$0.hasStarted }) && waited < 100 {
            usleep(1000)
            waited += 1
            DispatchQueue.main.sync {}
        }
        renderer.graph.startedTasks.removeAll()
    }
    private var warnedMainQueue = false
    /// Set while this process's main thread runs `_dispatch_main_queue_callback_4CF` for a host.
    nonisolated(unsafe) private static var drainingOnMainThread = false
    private static var isInsideTask: Bool { withUnsafeCurrentTask { $0 != nil } }

    static let insideMainQueueWarning = "HeadlessHost driven from inside the main queue: DispatchQueue.main.async blocks run when the caller returns (use `await host.settle()`)"

    /// Records the warning in `warnings` and prints it to stderr, once per host.
    private func warnInsideMainQueue() {
        guard !warnedMainQueue else { return }
        warnedMainQueue = true
        let previous = Diagnostics.sink
        Diagnostics.sink = renderer.graph.warnings
        Diagnostics.warn(HeadlessHost.insideMainQueueWarning)
        Diagnostics.sink = previous
    }

    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
    static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueKey) == true }

    /// Lets queued main-queue blocks and main-actor tasks run (from an async main-actor
    /// context), then draws a frame if they changed anything.
    public func settle() async {
        for _ in 0..<4 { await Task.yield() }
        frame()
    }
}

/// libdispatch's hook for a run loop on the main thread: runs the blocks queued on the main
/// queue. RunLoop.main.run(…) did the same through CoreFoundation, which linked ICU's data
/// into every kiosk binary (60 MB stripped).
@_silgen_name("_dispatch_main_queue_callback_4CF")
func drainMainQueueOnMainThread(_ message: UnsafeMutableRawPointer?)
