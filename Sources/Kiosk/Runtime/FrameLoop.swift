// FrameLoop: one thread, the main thread, serving the main queue (MainThreadQueue: as a run loop
// does, so main-queue blocks run on the main thread as on Darwin). Dispatch sources on the DRM fd (flip events),
// the evdev and inotify fds (InputManager) and the signals wake it; nothing else does, so an idle
// kiosk makes no wakeups at all. A frame is drawn only when the source needs one and no flip is
// pending; its time is the FrameClock's predicted presentation time.
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Raster

/// Drives a FrameSource onto a Display until a signal or the duration ends.
public final class FrameLoop {
    public let display: Display
    public let source: FrameSource
    public var clock: FrameClock
    public var input: InputManager?
    /// Mice and tablets (Platform/MouseDevice.swift): paused with `input` on a VT switch.
    public var mice: MouseInput?
    public var console: Console?
    /// Stop after this many seconds (0 = never).
    public var duration = 0.0
    /// Print `kiosk: frame N` on stdout after each present (the QEMU test waits for these).
    public var frameMarkers = false
    /// Drawn over each frame in the shadow buffer: the source then redraws rather than moves
    /// pixels (``FrameSource/setMovesPixels(_:)``), the overlay's being in them.
    public var overlay: FPSOverlay? { didSet { source.setMovesPixels(overlay == nil) } }
    /// systemd: READY=1 after the first frame is shown, the watchdog while frames complete.
    public var service: ServiceNotifier?
    /// Dims and turns off the panel when nobody uses it (IdleController); set before `start`.
    public var idle: IdleController?
    /// The control socket (`kiosk screenshot`, `kiosk status`; FrameLoop+Control.swift).
    public var control: ControlServer?
    /// When the last frame was presented (monotonic seconds), and the recent frame rate.
    public private(set) var lastFrameTime: Double?
    var frameRate = FrameRateMeter()
    /// The mouse cursor drawn over each frame (Platform/Cursor.swift); set before `start`.
    /// The source may still move pixels: the cursor's are put back before each frame.
    public var cursor: CursorOverlay?
    /// Gets each presented frame and its damage (the VNC server).
    public var mirror: FrameMirror?
    /// Pointing devices' touch state (FrameLoop+Pointer.swift).
    var pointers = PointerRouter()

    public private(set) var frameCount = 0
    public private(set) var wakeups = 0
    /// Wakeups by the next-frame timer (``FrameSource/nextFrameTime(after:)``).
    public private(set) var timerWakeups = 0
    let shadow: Surface
    private var fullRedraw = true
    private var frameScheduled = false
    private var paused = false
    private var stopping = false
    private var signalSources: [DispatchSourceSignal] = []
    private var displaySource: DispatchSourceRead?
    private var hotplugSource: DispatchSourceRead?
    private(set) var startTime = 0.0
    private var wakeupTimer: DispatchSourceTimer?
    private var wakeupTime: Double?
    private var idleTimer: DispatchSourceTimer?
    private var idleTimerTime: Double?
    /// True while the idle policy has the panel off: nothing is drawn and no timer but the idle
    /// policy's own (for the night window) and the watchdog's runs.
    public private(set) var panelOff = false
    /// The panel could not be switched off, so it was painted black instead: repaint all on wake.
    private var blankedByDrawing = false
    /// The display showed black before the panel went off (Display.showBlack): copy all on wake.
    private var blackShown = false
    /// The time of the input that woke the panel, until the first frame after it is presented.
    private var wakeInput: Double?
    /// Seconds from the input that woke the panel to the present of the first frame after it
    /// (a flip's completion): the latest, and the largest this run (`kiosk status`, benchmarks).
    public private(set) var lastWakeLatency: Double?, maxWakeLatency: Double?
    /// What the last update before the dark drew into the shadow without showing it.
    private var unshownDamage: [IntRect] = []
    /// True while the display said it cannot show frames now (DisplayUnavailable): another DRM
    /// master, a CRTC that stayed busy. The loop retries on a timer, then repaints everything.
    public private(set) var displayUnavailable = false

    public init(display: Display, source: FrameSource) throws {
        self.display = display; self.source = source
        clock = FrameClock(refreshInterval: display.refreshInterval)
        shadow = try Surface(width: display.width, height: display.height)
    }

    /// Starts the loop on the main queue and never returns; exits the process with 0 on
    /// SIGTERM/SIGINT/SIGHUP or when `duration` passes, after restoring console and CRTC.
    public func runForever() -> Never {
        CrashGuard.install()
        for sig in [SIGTERM, SIGINT, SIGHUP] { onSignal(sig) { [unowned self] in self.stop(reason: "signal \(sig)") } }
        if let console {
            onSignal(Console.releaseSignal) { [unowned self] in self.releaseVT() }
            onSignal(Console.acquireSignal) { [unowned self] in self.acquireVT() }
            console.enterGraphics()
        }
        start()
        Log.info("run: \(display.summary)")
        MainThreadQueue.serveForever()
    }

    /// Sets up the display and input sources on the main queue and asks for the first frame; the
    /// main queue drives everything after that. `runForever()` calls it; tests call it from the
    /// main actor, let the queue run, then `halt()`.
    func start() {
        startTime = Syscall.monotonicNow()
        if let fd = display.eventDescriptor {
            let s = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
            s.setEventHandler { [unowned self] in self.displayEvent() }
            s.resume()
            displaySource = s
        }
        if let fd = display.hotplugDescriptor {
            let s = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
            s.setEventHandler { [unowned self] in self.hotplugEvent() }
            s.resume()
            hotplugSource = s
        }
        input?.onTouch = { [unowned self] e in self.deliver(e) }
        input?.onKey = { [unowned self] k in self.deliver(k) }
        input?.onKeyboardAttached = { [unowned self] on in self.source.setHardwareKeyboardAttached(on); self.wake() }
        if let idle {
            idle.observer = source as? IdleObserver
            idle.setPanel = { [unowned self] on in self.setPanel(on: on) }
            idle.onChange = { [unowned self] state in self.service?.idleStateChanged(state.rawValue) }
            armIdleTimer()
        }
        // State changed between frames (a queued block, a completion) asks for a frame too.
        source.setWakeHandler { [weak self] in DispatchQueue.main.async { self?.wake() } }
        input?.start()
        if let control { serve(control) }
        service?.startWatchdog { [unowned self] in self.wantsFrames }
        if duration > 0 {
            // qos: names libdispatch's own asyncAfter: the two-argument one runs on the screen's clock.
            DispatchQueue.main.asyncAfter(deadline: .now() + duration, qos: .unspecified) { [unowned self] in self.stop(reason: "duration \(duration) s passed") }
        }
        wake()
    }

    /// Stops drawing and cancels the timer without exiting (tests; `stop` exits the process).
    func halt() {
        stopping = true
        wakeupTimer?.cancel(); wakeupTimer = nil; wakeupTime = nil
        idleTimer?.cancel(); idleTimer = nil; idleTimerTime = nil
        displaySource?.cancel(); displaySource = nil
        hotplugSource?.cancel(); hotplugSource = nil
        service?.stopWatchdog()
        control?.stop()
    }

    private func onSignal(_ sig: Int32, _ body: @escaping () -> Void) {
        signal(sig, SIG_IGN)
        let s = DispatchSource.makeSignalSource(signal: sig, queue: .main)
        s.setEventHandler(handler: body)
        s.resume()
        signalSources.append(s)
    }

    /// True while the loop has a frame to show (the watchdog then expects frames to complete);
    /// false when idle, paused on another VT, or waiting for an unavailable display.
    var wantsFrames: Bool {
        !paused && !stopping && !displayUnavailable && !panelOff && (fullRedraw || frameScheduled || !unshownDamage.isEmpty || source.needsFrame())
    }

    /// Something may have changed: schedule one frame unless one is scheduled or a flip is pending.
    public func wake() {
        CrashGuard.prepareThread()
        wakeups += 1
        guard !frameScheduled, !paused, !stopping, !panelOff, !display.isFlipPending else { return }
        guard fullRedraw || !unshownDamage.isEmpty || source.needsFrame() || (overlay?.needsFrame ?? false) || (cursor?.needsFrame(now: Syscall.monotonicNow()) ?? false) else { armWakeupTimer(); return }
        frameScheduled = true
        DispatchQueue.main.async { [weak self] in self?.drawFrame() }
    }

    /// Idle, but the source wants a frame later (a TimelineView): one timer, at that time only.
    /// Nothing else wakes the loop, so a clock ticking once a second costs one wakeup a second.
    private func armWakeupTimer() {
        let now = Syscall.monotonicNow()
        guard let t = source.nextFrameTime(after: now) else {
            wakeupTimer?.cancel(); wakeupTimer = nil; wakeupTime = nil
            return
        }
        if let w = wakeupTime, abs(w - t) < 1e-6 { return }
        wakeupTime = t
        wakeupTimer?.cancel()
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + max(0, t - now))
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.wakeupTime = nil; self.wakeupTimer = nil
            self.timerWakeups += 1
            self.wake()
        }
        timer.resume()
        wakeupTimer = timer
    }

    private func drawFrame() {
        CrashGuard.prepareThread()
        frameScheduled = false
        guard !paused, !stopping, !panelOff, !display.isFlipPending else { return }
        let now = Syscall.monotonicNow()
        let t = clock.targetTime(now: now)
        let full = fullRedraw
        fullRedraw = false
        let cursorWas = cursor?.restore(into: shadow)
        var damage = source.renderFrame(into: shadow, at: t, fullRedraw: full)
        if full { damage = [shadow.bounds] } else if !unshownDamage.isEmpty { damage += unshownDamage }
        unshownDamage.removeAll(keepingCapacity: true)
        if let overlay { damage += overlay.draw(into: shadow, now: now, missed: clock.missedFlips) }
        if let cursor { damage += cursor.draw(into: shadow, now: now, restored: cursorWas); scheduleCursorHide() }
        if damage.isEmpty {
            // The source wanted a frame but nothing changed on screen: look again next vblank.
            DispatchQueue.main.asyncAfter(deadline: .now() + clock.refreshInterval, qos: .unspecified) { [weak self] in self?.wake() }
            return
        }
        do {
            let shown = try display.present(shadow, damage: damage)
            frameCount += 1
            lastFrameTime = now; frameRate.record(now)
            mirror?.frameShown(shadow, damage: damage)
            if frameMarkers { print("kiosk: frame \(frameCount)"); fflush(stdout) }
            if shown == nil { service?.flipSubmitted(at: now) }
            if frameCount == 1 {
                if let idle { idle.firstFrameShown(at: now); armIdleTimer() }
                if let problem = CrashGuard.scheduleDebugCrash(environment: ProcessEnvironment.current) { Log.warning("debug: \(problem)") }
            }
            if displayUnavailable {
                displayUnavailable = false
                Log.notice("display: showing frames again")
                // A screen plugged back in may run at another rate.
                if clock.refreshInterval != display.refreshInterval { clock = FrameClock(refreshInterval: display.refreshInterval) }
            }
            if let shown { presented(at: shown) }
        } catch let e as DisplayUnavailable {
            // Recoverable: log it once per episode, then try again with a full frame (whatever
            // the other master drew is on screen now) until the display takes it.
            if !displayUnavailable { Log.warning("display: \(e)") } else { Log.debug("display: still unavailable: \(e.reason)") }
            displayUnavailable = true
            service?.displayUnavailable("\(e.reason)", retryAfter: e.retryAfter)
            fullRedraw = true
            DispatchQueue.main.asyncAfter(deadline: .now() + e.retryAfter, qos: .unspecified) { [weak self] in self?.wake() }
        } catch {
            Log.error("present: \(error)")
            stop(reason: "display failed", code: 1)
        }
    }

    private func presented(at time: Double) {
        clock.didPresent(at: time)
        if let w = wakeInput {
            wakeInput = nil
            let latency = max(0, time - w)
            lastWakeLatency = latency
            maxWakeLatency = max(maxWakeLatency ?? 0, latency)
            let tenths = Int((latency * 1e4).rounded())
            Log.info("idle: first frame \(tenths / 10).\(tenths % 10) ms after the waking input")
        }
        service?.frameShown(at: time, summary: display.summary)
        if display.eventDescriptor == nil {
            // Synchronous displays (fbdev paced by vsync/timer, offscreen) come back at once; pace
            // the offscreen one to its nominal rate so an animation does not spin a core.
            let next = time + clock.refreshInterval - Syscall.monotonicNow()
            if next > 0.001 && display is OffscreenDisplay {
                DispatchQueue.main.asyncAfter(deadline: .now() + next, qos: .unspecified) { [weak self] in self?.wake() }
                return
            }
        }
        wake()
    }

    private func displayEvent() {
        CrashGuard.prepareThread()
        do {
            if let t = try display.handleEvents() { presented(at: t) }
        } catch {
            Log.error("display events: \(error)")
        }
    }

    /// A screen may have been plugged in or out: present a full frame, through which the display
    /// finds out (it throws DisplayUnavailable while unplugged, and sets the mode again when back).
    private func hotplugEvent() {
        CrashGuard.prepareThread()
        guard display.handleHotplug() else { return }
        Log.info("display: hot-plug event; checking the screen")
        fullRedraw = true
        wake()
    }

    func releaseVT() {
        Log.info("console: VT released; pausing")
        paused = true
        input?.pause()
        mice?.pause()
        display.suspend()
        console?.allowRelease()
    }

    func acquireVT() {
        console?.acknowledgeAcquire()
        do { try display.resume() } catch { Log.error("console: \(error)") }
        Log.info("console: VT acquired; repainting")
        paused = false
        input?.resume()
        mice?.resume()
        clock.reset()
        fullRedraw = true
        wake()
    }

    /// Finishes the pending flip, restores console and CRTC, and exits.
    public func stop(reason: String, code: Int32 = 0) -> Never {
        stopping = true
        service?.stopping(reason)
        Log.info("run: stopping (\(reason)) after \(frameCount) frames, \(clock.missedFlips) missed flips")
        if let drm = display as? DRMDisplay, drm.busyRetries + drm.flipFallbacks > 0 {
            Log.info("drm: \(drm.busyRetries) EBUSY answers waited out, \(drm.flipFallbacks) frames shown by SetCrtc instead of a flip")
        }
        idle?.restore()
        control?.stop()
        display.close()
        console?.restore()
        exit(code)
    }

    // MARK: Idle

    /// A touch from the input devices: the idle policy may swallow it (it woke the panel).
    public func deliver(_ event: TouchEvent) {
        if event.id < PointerTouchIDs.mouseBase { cursor?.touched() }
        if let idle {
            let deliver = idle.filter(event)
            if idleTimerTime == nil { armIdleTimer() }
            guard deliver else { return }
        }
        source.handleTouch(event)
        wake()
    }

    /// A key from a keyboard or keypad: the idle policy may swallow it (it woke the panel).
    /// Input sources call this rather than `source.handleKey`.
    public func deliver(_ press: KeyPress) {
        if let idle {
            let deliver = idle.filter(press, at: Syscall.monotonicNow())
            if idleTimerTime == nil { armIdleTimer() }
            guard deliver else { return }
        }
        source.handleKey(press)
        wake()
    }

    /// Pointer motion or a wheel step that makes no touch (FrameLoop+Pointer.swift): false when
    /// it woke the panel and is swallowed (IdleController.filterPointer).
    func filterPointerMotion(at time: Double, wakes: Bool) -> Bool {
        guard let idle else { return true }
        let deliver = idle.filterPointer(at: time, wakes: wakes)
        if idleTimerTime == nil { armIdleTimer() }
        return deliver
    }

    /// One timer at the idle policy's next deadline. Input does not re-arm it (a touch only moves
    /// a number): when it fires early the policy looks again and the timer is set for the new
    /// deadline, so an idle kiosk costs one wakeup per timeout.
    private func armIdleTimer() {
        guard let idle, !stopping else { return }
        let now = Syscall.monotonicNow()
        guard let t = idle.nextDeadline(now: now) else {
            idleTimer?.cancel(); idleTimer = nil; idleTimerTime = nil
            return
        }
        if let w = idleTimerTime, abs(w - t) < 1e-6 { return }
        idleTimerTime = t
        idleTimer?.cancel()
        let timer = DispatchSource.makeTimerSource(queue: .main)
        // Leeway: a dim a few tenths of a second late is invisible, and lets the kernel batch it.
        timer.schedule(deadline: .now() + max(0, t - now), leeway: .milliseconds(200))
        timer.setEventHandler { [weak self] in
            guard let self, let idle = self.idle else { return }
            self.idleTimer = nil; self.idleTimerTime = nil
            idle.update(now: Syscall.monotonicNow())
            self.armIdleTimer()
        }
        timer.resume()
        idleTimer = timer
    }

    /// The idle policy turns the panel off or on. Off: black is shown first (some panels keep
    /// their last picture after DPMS off), then the panel is switched off; the frame stays in the
    /// shadow, so the wake costs one copy of it, not a redraw. A display that can do neither gets
    /// black drawn through the shadow, and a full redraw on wake.
    private func setPanel(on: Bool) {
        if on {
            guard panelOff else { return }
            panelOff = false
            if blankedByDrawing { blankedByDrawing = false; fullRedraw = true }
            else {
                do { _ = try display.setPanelPower(true) } catch { Log.warning("idle: turning the panel on: \(error)") }
                // The display's buffers hold black: the first frame shows the whole shadow.
                if blackShown { unshownDamage.append(shadow.bounds) }
            }
            blackShown = false
            wakeInput = idle?.lastWake ?? Syscall.monotonicNow()
            clock.reset()
            wake()
            return
        }
        guard !panelOff else { return }
        // One last update, unshown, so the app's onChange(of: scenePhase) runs before the dark;
        // its pixels go out with the first frame after the wake.
        if !paused, !fullRedraw, source.needsFrame() {
            unshownDamage += source.renderFrame(into: shadow, at: Syscall.monotonicNow(), fullRedraw: false)
        }
        panelOff = true
        frameScheduled = false
        wakeupTimer?.cancel(); wakeupTimer = nil; wakeupTime = nil
        if !paused {
            do { blackShown = try display.showBlack() } catch { Log.warning("idle: showing black: \(error)") }
        }
        var switched = false
        do { switched = try display.setPanelPower(false) } catch { Log.warning("idle: turning the panel off: \(error)") }
        if !switched && !blackShown && !paused {
            // No way to switch this panel off: show black, and repaint everything on wake.
            Log.info("idle: \(display.summary) cannot be switched off; showing black instead")
            shadow.clear(0xFF00_0000)
            do { _ = try display.present(shadow, damage: [shadow.bounds]) } catch { Log.warning("idle: \(error)") }
            blankedByDrawing = true
            unshownDamage.removeAll()
        } else if !switched {
            Log.debug("idle: \(display.summary) cannot be switched off; it shows black")
        }
    }
}
