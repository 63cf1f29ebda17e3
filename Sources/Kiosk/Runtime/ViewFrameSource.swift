// ViewFrameSource: a SwiftUI-style view hierarchy (the engine's RootRenderer) as a FrameSource, so
// the platform's frame loop shows views on a real screen. Times are converted to seconds since the
// first frame: the engine's clock starts at 0 like HeadlessHost's.
import Raster

/// Shows `content` through the frame loop.
///
///     let source = ViewFrameSource(width: 800, height: 480) { ContentView() }
public final class ViewFrameSource: FrameSource {
    let renderer: RootRenderer
    private var base: Double?
    private let now: () -> Double

    /// `now` is the clock input and `needsFrame()` read (CLOCK_MONOTONIC by default; tests pass a
    /// virtual one). `startDate` is the date the views see at the first frame (`TimelineView`'s
    /// `context.date`): the source's creation by default; a scene that measures time from a date
    /// of its own passes it, so its periodic schedules stay in phase however long creation took.
    public init<V: View>(width: Int, height: Int, colorScheme: ColorScheme = .light, startDate: Date? = nil,
                         now: @escaping () -> Double = Syscall.monotonicNow, @ViewBuilder content: () -> V) {
        // Timers the content's models start join this screen's clock (GraphClock.collecting).
        let (view, timers) = GraphClock.collecting { content() }
        renderer = RootRenderer(width: width, height: height, colorScheme: colorScheme, startDate: startDate, content: view)
        self.now = now
        renderer.graph.hostNow = { [weak self] in
            guard let self, let base = self.base else { return 0 }
            return max(0, self.now() - base)
        }
        if !timers.isEmpty { renderer.graph.clock.adopt(timers) }
    }

    /// `t` on the loop's clock as the views' time (seconds since the first frame).
    func local(_ t: Double) -> Double {
        if base == nil { base = t }
        return max(0, t - base!)
    }

    public func needsFrame() -> Bool { renderer.needsFrame(at: local(now())) }
    public func waitForImages(timeout: Double) -> Bool { renderer.waitForImages(timeout: timeout) }

    public func renderFrame(into surface: Surface, at time: Double, fullRedraw: Bool) -> [IntRect] {
        renderer.renderFrame(into: surface, at: local(time), fullRedraw: fullRedraw)
    }

    public func handleTouch(_ event: TouchEvent) {
        renderer.touch(id: event.id, phase: event.phase, x: event.location.x, y: event.location.y, time: local(event.time))
    }

    public func handleKey(_ press: KeyPress) { renderer.key(press) }
    public func setHardwareKeyboardAttached(_ attached: Bool) { renderer.hardwareKeyboardAttached = attached }
    public func setOnScreenKeyboard(_ mode: OnScreenKeyboardMode, layout: String) {
        renderer.setOnScreenKeyboard(mode, layout: layout)
    }

    /// When the views' next TimelineView update is due, on the loop's clock.
    public func nextFrameTime(after time: Double) -> Double? {
        guard let base, let w = renderer.nextWakeup else { return nil }
        return max(time, base + w)
    }

    public func setWakeHandler(_ wake: @escaping () -> Void) { renderer.setWakeHandler(wake) }

    public func setMovesPixels(_ on: Bool) { renderer.movesPixels = on && RootRenderer.movesPixelsByDefault }

    /// Whether frames time their phases (`lastFrameTimes`); benchmarks turn it on.
    public var recordsFrameTimes: Bool {
        get { renderer.recordsFrameTimes } set { renderer.recordsFrameTimes = newValue }
    }
    /// The clock frame phases are timed with (wall by default).
    public var frameTimesClock: FrameTimes.Clock {
        get { renderer.frameTimesClock } set { renderer.frameTimesClock = newValue }
    }
    /// The phases of the last frame, when `recordsFrameTimes` is on.
    public var lastFrameTimes: FrameTimes { renderer.lastFrameTimes }
    /// Frames drawn by moving the last frame's pixels (a scroll; ENGINE.md).
    public var movedFrames: Int { renderer.movedFrames }

    /// Warnings the views raised (bad frames, state changed during body, …).
    public var warnings: [String] { renderer.warnings }

    /// Engine nodes alive now (the view tree plus any that outlived their views: a leak).
    public var liveNodeCount: Int { renderer.graph.liveNodeCount }

    /// Bytes of rendered glyphs cached (bounded by the font library's budget), nil without fonts.
    public var glyphCacheBytes: Int? { (renderer.text as? FontTextEngine)?.library.glyphCacheBytes }

    /// Bytes of laid-out and shaped text cached (each cache bounded by its byte budget), nil
    /// without fonts.
    public var textCacheBytes: Int? {
        (renderer.text as? FontTextEngine).map { $0.layoutCacheBytes + $0.library.shapedTextCacheBytes }
    }
}

extension RootRenderer {
    /// When a TimelineView is next due, on the clock the caller renders with (a RootRenderer driven
    /// directly by the frame loop gets the loop's times).
    public func nextFrameTime(after time: Double) -> Double? { nextWakeup.map { max(time, $0) } }
}
