import Testing
import Raster
@testable import Kiosk
#if canImport(Glibc)
import Glibc
#endif

/// A stand-in /sys/class/backlight/NAME in a temporary directory.
private final class FakeBacklight {
    let root: String
    var directory: String { "\(root)/panel" }
    init(max: String = "255", brightness: Int = 200) {
        var template = Array("/tmp/kiosk-backlight-XXXXXX".utf8CString)
        root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        mkdir("\(root)/panel", 0o755)
        write("max_brightness", max + "\n")
        write("brightness", "\(brightness)\n")
    }
    func write(_ name: String, _ text: String) {
        let fd = open("\(directory)/\(name)", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
    }
    var brightness: Int? { Syscall.readFile("\(directory)/brightness").flatMap(Backlight.number) }
    deinit {
        unlink("\(directory)/max_brightness"); unlink("\(directory)/brightness"); rmdir("\(directory)/brightness")
        rmdir(directory); rmdir(root)
    }
}

/// The panel as the frame loop would switch it, recorded.
private final class PanelLog { var calls: [Bool] = [] }

private func touch(_ id: Int, _ phase: TouchPhase, at t: Double) -> TouchEvent {
    TouchEvent(id: id, phase: phase, location: Point(100, 100), time: t)
}

@Suite struct IdlePolicyTests {
    // MARK: The pure state machine

    @Test func dimsAtTAndGoesOffAtTPrime() {
        var p = IdlePolicy(.init(dimAfter: 30, offAfter: 120), now: 0)
        #expect(p.nextDeadline(now: 0, secondOfDay: 0) == 30)
        #expect(p.update(now: 29.9, secondOfDay: 0) == nil)
        #expect(p.update(now: 30, secondOfDay: 0)! == (.active, .dimmed))
        #expect(p.nextDeadline(now: 30, secondOfDay: 0) == 120)
        #expect(p.update(now: 119, secondOfDay: 0) == nil && p.state == .dimmed)
        #expect(p.update(now: 120, secondOfDay: 0)! == (.dimmed, .off))
        // Off, no window: nothing happens until the next input (no timer at all).
        #expect(p.nextDeadline(now: 120, secondOfDay: 0) == nil)
        // A late look (the loop was busy) jumps straight to off.
        var q = IdlePolicy(.init(dimAfter: 30, offAfter: 120), now: 0)
        #expect(q.update(now: 500, secondOfDay: 0)! == (.active, .off))
    }

    @Test func inputRestartsTheTimeoutsAndWakesWithASwallow() {
        var p = IdlePolicy(.init(dimAfter: 30, offAfter: 120), now: 0)
        #expect(p.input(at: 20, secondOfDay: 0) == .deliver)
        #expect(p.update(now: 30, secondOfDay: 0) == nil)
        #expect(p.nextDeadline(now: 30, secondOfDay: 0) == 50)
        p.update(now: 50, secondOfDay: 0)
        #expect(p.input(at: 60, secondOfDay: 0) == .wake(from: .dimmed) && p.state == .active)
        p.update(now: 300, secondOfDay: 0)
        #expect(p.input(at: 301, secondOfDay: 0) == .wake(from: .off))
        #expect(p.nextDeadline(now: 301, secondOfDay: 0) == 331)
    }

    @Test func zeroMeansNeverAndDimAfterOffNeverDims() {
        var never = IdlePolicy(.init(), now: 0)
        #expect(!never.configuration.isEnabled && never.nextDeadline(now: 0, secondOfDay: 0) == nil)
        #expect(never.update(now: 1e9, secondOfDay: 0) == nil)
        var offFirst = IdlePolicy(.init(dimAfter: 600, offAfter: 60), now: 0)
        #expect(offFirst.update(now: 60, secondOfDay: 0)! == (.active, .off))
    }

    @Test func nightWindowTurnsOffHoldsATouchAMinuteAndWakesInTheMorning() throws {
        let night = try DailyWindow(parsing: "22:00-07:00")
        let h = 3600.0
        // The loop's clock starts at 21:59:00 local time.
        let start = 22 * h - 60
        func day(_ t: Double) -> Double { (start + t).truncatingRemainder(dividingBy: 86400) }
        var p = IdlePolicy(.init(dimAfter: 30, offBetween: night), now: 0)
        #expect(p.update(now: 30, secondOfDay: day(30))! == (.active, .dimmed))
        // The next deadline is the window's start, 22:00.
        #expect(p.nextDeadline(now: 30, secondOfDay: day(30)) == 60)
        #expect(p.update(now: 60, secondOfDay: day(60))! == (.dimmed, .off))
        // A touch at 23:00 wakes it for a minute.
        #expect(p.input(at: h, secondOfDay: day(h)) == .wake(from: .off))
        #expect(p.update(now: h + 30, secondOfDay: day(h + 30))! == (.active, .dimmed))
        #expect(p.update(now: h + 60, secondOfDay: day(h + 60))! == (.dimmed, .off))
        // 07:00: the window ends, the screen comes on, and dims 30 s later.
        let morning = 9 * h + 60
        #expect(p.nextDeadline(now: h + 60, secondOfDay: day(h + 60)) == morning)
        #expect(p.update(now: morning, secondOfDay: day(morning))! == (.off, .active))
        #expect(p.update(now: morning + 30, secondOfDay: day(morning + 30))! == (.active, .dimmed))
    }

    @Test func dailyWindowParsesAndRefusesBadTimes() throws {
        let w = try DailyWindow(parsing: "22:00-07:00")
        #expect(w.start == 79200 && w.end == 25200 && "\(w)" == "22:00-07:00")
        #expect(w.contains(secondOfDay: 23 * 3600) && w.contains(secondOfDay: 0) && !w.contains(secondOfDay: 7 * 3600))
        let day = try DailyWindow(parsing: "9:30-17:00")
        #expect(day.contains(secondOfDay: 12 * 3600) && !day.contains(secondOfDay: 18 * 3600) && "\(day)" == "09:30-17:00")
        #expect(day.secondsToNextBoundary(from: 9.5 * 3600) == 7.5 * 3600)
        for bad in ["", "22:00", "22:00-22:00", "24:00-07:00", "22:60-07:00", "a:00-07:00", "22:00-07:00-08:00", "-1:00-07:00", "22:0-07:00", "２２:00-07:00"] {
            #expect(throws: ConfigError.self, "\(bad)") { try DailyWindow(parsing: bad) }
        }
    }

    // MARK: The controller: backlight, panel, swallowing

    @Test func theBacklightGetsTheDimValueAndItsBrightnessBackOnWake() throws {
        let fake = FakeBacklight(max: "255", brightness: 200)
        let bl = try Backlight(directory: fake.directory)
        let panel = PanelLog()
        let idle = IdleController(policy: .init(dimAfter: 10, offAfter: 60), backlight: bl, dimLevel: .percent(10), now: 0, secondOfDay: { _ in 0 })
        idle.setPanel = { panel.calls.append($0) }
        idle.update(now: 10)
        #expect(idle.state == .dimmed && fake.brightness == 26)
        idle.update(now: 60)
        #expect(idle.state == .off && idle.isPanelOff && panel.calls == [false])
        // The waking touch is swallowed to its end; the brightness comes back.
        #expect(!idle.filter(touch(7, .began, at: 70)))
        #expect(idle.state == .active && panel.calls == [false, true] && fake.brightness == 200)
        #expect(!idle.filter(touch(7, .moved, at: 70.1)) && !idle.filter(touch(7, .ended, at: 70.2)))
        // The next touch is the app's.
        #expect(idle.filter(touch(8, .began, at: 71)) && idle.filter(touch(8, .ended, at: 71.1)))
        #expect(idle.wakeCount == 1 && idle.swallowedInputs == 3 && idle.warnings.isEmpty)
    }

    @Test func aKeyThatWakesIsSwallowedWithItsRelease() {
        let idle = IdleController(policy: .init(dimAfter: 5), backlight: nil, now: 0, secondOfDay: { _ in 0 })
        idle.update(now: 5)
        #expect(!idle.filter(KeyPress(phase: .down, key: "a"), at: 6))
        #expect(!idle.filter(KeyPress(phase: .repeat, key: "a"), at: 6.5))
        #expect(!idle.filter(KeyPress(phase: .up, key: "a"), at: 7))
        #expect(idle.filter(KeyPress(phase: .down, key: "a"), at: 8))
    }

    @Test func aTouchHeldAcrossTheDimIsStillTheApps() {
        let idle = IdleController(policy: .init(dimAfter: 5), backlight: nil, now: 0, secondOfDay: { _ in 0 })
        #expect(idle.filter(touch(1, .began, at: 1)))
        idle.update(now: 6)
        #expect(idle.state == .dimmed)
        // Its move wakes the panel but is delivered: the app saw this finger begin.
        #expect(idle.filter(touch(1, .moved, at: 7)) && idle.state == .active)
        #expect(idle.filter(touch(1, .ended, at: 7.5)))
    }

    @Test func dimmingNeverBrightensAndRawValuesClamp() throws {
        let fake = FakeBacklight(max: "100", brightness: 5)
        let bl = try Backlight(directory: fake.directory)
        let idle = IdleController(policy: .init(dimAfter: 1), backlight: bl, dimLevel: .raw(20), now: 0, secondOfDay: { _ in 0 })
        idle.update(now: 1)
        #expect(fake.brightness == 5)                     // already darker than 20
        _ = idle.filter(touch(1, .began, at: 2))
        #expect(fake.brightness == 5)
        #expect(BrightnessLevel.raw(500).value(max: 100) == 100)
        #expect(BrightnessLevel.percent(1).value(max: 10) == 1)
        #expect(BrightnessLevel.percent(0).value(max: 10) == 0)
        #expect(try BrightnessLevel(parsing: "12.5%") == .percent(12.5))
        for bad in ["-1", "101%", "x", "nan%", "", "%"] { #expect(throws: ConfigError.self, "\(bad)") { try BrightnessLevel(parsing: bad) } }
    }

    // MARK: Bad input

    @Test func aMissingBacklightIsOneWarningAndNoDimming() {
        let none = Backlight.open("/nonexistent/backlight/x")
        #expect(none.backlight == nil && none.warning!.contains("not dimming"))
        // `auto` with no backlight at all is quiet; `none` asks for none.
        #expect(Backlight.open("auto", classDirectory: "/nonexistent").backlight == nil)
        #expect(Backlight.open("auto", classDirectory: "/nonexistent").warning == nil)
        #expect(Backlight.open("none").warning == nil)
    }

    @Test func maxBrightnessZeroIsAWarningAndNoDimming() {
        let fake = FakeBacklight(max: "0")
        let r = Backlight.open(fake.directory)
        #expect(r.backlight == nil && r.warning!.contains("max_brightness"))
        let garbage = FakeBacklight(max: "lots")
        #expect(Backlight.open(garbage.directory).backlight == nil)
    }

    @Test func aBrightnessThatCannotBeWrittenIsRefusedUpFront() {
        // A directory where the file should be: open(O_WRONLY) fails even for root (EISDIR),
        // as it does on a read-only mount.
        let fake = FakeBacklight()
        unlink("\(fake.directory)/brightness")
        mkdir("\(fake.directory)/brightness", 0o755)
        let r = Backlight.open(fake.directory)
        #expect(r.backlight == nil && r.warning!.contains("brightness"))
    }

    @Test func aWriteThatFailsLaterWarnsOnceAndTheRestGoesOn() throws {
        let fake = FakeBacklight()
        let bl = try Backlight(directory: fake.directory)
        unlink("\(fake.directory)/brightness")
        mkdir("\(fake.directory)/brightness", 0o755)
        let panel = PanelLog()
        let idle = IdleController(policy: .init(dimAfter: 1, offAfter: 2), backlight: bl, now: 0, secondOfDay: { _ in 0 })
        idle.setPanel = { panel.calls.append($0) }
        for round in 0..<3 {
            let t = Double(round) * 10
            _ = idle.filter(touch(round, .began, at: t)); _ = idle.filter(touch(round, .ended, at: t))
            idle.update(now: t + 1); idle.update(now: t + 2)
        }
        #expect(idle.warnings.count == 1 && panel.calls == [false, true, false, true, false])
    }

    @Test func settingsSpellTheIdlePolicy() throws {
        var s = Settings()
        try s.apply(file: "idle-dim = 30\nidle-off = 300\ndim-brightness = 5%\nbacklight = /sys/class/backlight/rpi\ndisplay-off-between = 22:00-07:00", source: "f")
        #expect(s.idlePolicy == IdlePolicy.Configuration(dimAfter: 30, offAfter: 300, offBetween: try DailyWindow(parsing: "22:00-07:00")))
        #expect(s.dimBrightness == .percent(5) && s.backlight == "/sys/class/backlight/rpi")
        try s.apply(environment: ["KIOSK_IDLE_OFF": "0", "KIOSK_DISPLAY_OFF_BETWEEN": "none", "KIOSK_DIM_BRIGHTNESS": "40"])
        #expect(s.idleOff == 0 && s.displayOffBetween == nil && s.dimBrightness == .raw(40))
        let parsed = try #require(try KioskRunner.settings(from: ["--idle-dim", "12.5", "--display-off-between=23:30-06:15", "--backlight", "none"][...], over: s))
        #expect(parsed.idleDim == 12.5 && parsed.backlight == "none" && "\(parsed.displayOffBetween!)" == "23:30-06:15")
        #expect(try KioskRunner.settings(from: parsed.arguments[...], over: Settings()) == parsed)
        for (k, v) in [("idle-dim", "-1"), ("idle-off", "nan"), ("idle-off", "inf"), ("backlight", "rpi"), ("display-off-between", "night")] {
            #expect(throws: ConfigError.self, "\(k)=\(v)") { try s.apply(key: k, value: v) }
        }
        #expect(KioskRunner.makeIdleController(Settings()) == nil)
    }
}

/// Presents at once, counts, and can switch its panel.
private final class SwitchableDisplay: Display {
    let width: Int, height: Int
    var presents = 0
    var power: [Bool] = []
    init(width: Int, height: Int) { self.width = width; self.height = height }
    var summary: String { "switchable \(width)x\(height)" }
    var refreshInterval: Double { 1.0 / 60 }
    var rotation: Rotation { .degrees0 }
    func present(_ surface: Surface, damage: [IntRect]) throws -> Double? { presents += 1; return Syscall.monotonicNow() }
    func setPanelPower(_ on: Bool) throws -> Bool { power.append(on); return true }
    func close() {}
}

private final class Taps { var count = 0; var times: [Double] = []; var phases: [ScenePhase] = []; var home = 0 }

/// A clock that reads the screen's time on a timer, a tap counter, the scene phase, and a
/// return-to-home.
private struct DarkScreen: View {
    let taps: Taps
    let now: () -> Double
    @State var shown = "0"
    @Environment(\.scenePhase) var phase
    var body: some View {
        Text(shown)
            .frame(width: 200, height: 60)
            .contentShape(Rectangle())
            .onTapGesture { taps.count += 1 }
            .onAppear {
                Kiosk.Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
                    taps.times.append(now())
                    shown = "\(Int(now().rounded()))"
                }
            }
            .onChange(of: phase) { _, new in taps.phases.append(new) }
            .onKioskIdle(after: 45) { taps.home += 1 }
    }
}

private extension ViewFrameSource {
    var texts: [String] {
        var out: [String] = []
        func walk(_ n: Node) { if let t = n.view as? Text, !n.isRemoved { out.append(t.string) }; n.children.forEach(walk) }
        walk(renderer.graph.root)
        return out
    }
}

@Suite struct IdleDarkTests {
    /// The frame loop's part, on a virtual clock: while off nothing is stepped (the loop draws
    /// nothing and arms no timer); timers keep their grid and a clock shows the right time at
    /// the first frame after the wake; the app saw `.inactive` before the dark; an idle period
    /// that ended in the dark is owed, and the waking tap presses nothing.
    @Test func timersCarryOnThroughTheDarkAndTheWakingTapPressesNothing() throws {
        var clock = 0.0
        let taps = Taps()
        let source = ViewFrameSource(width: 200, height: 60, now: { clock }) { DarkScreen(taps: taps, now: { clock }) }
        let run = try VirtualRun(source: source, width: 200, height: 60)
        run.onAdvance = { clock = $0 }
        let idle = IdleController(policy: .init(dimAfter: 10, offAfter: 30), backlight: nil, now: 0, secondOfDay: { _ in 0 })
        idle.observer = source
        var dark = false
        idle.setPanel = { on in dark = !on }
        run.run(until: 10)
        idle.update(now: clock)
        #expect(idle.state == .dimmed && source.texts == ["10"])
        run.run(until: 30)
        idle.update(now: clock)
        #expect(dark && idle.state == .off)
        // The loop's one unshown update before the dark: the app hears `.inactive`.
        run.step()
        #expect(taps.phases == [.inactive])
        let firedBeforeDark = taps.times.count
        // 100 s of dark: no frames at all.
        let frames = run.framesDrawn
        while clock < 130 - 1e-9 { run.advance() }
        #expect(run.framesDrawn == frames && taps.times.count == firedBeforeDark && taps.home == 0)
        // The wake: swallowed; the owed return-to-home (idle since 0, due at 45) runs at once.
        let down = TouchEvent(id: 1, phase: .began, location: Point(100, 30), time: clock)
        #expect(!idle.filter(down))
        #expect(!dark && idle.state == .active && taps.home == 1)
        #expect(!idle.filter(TouchEvent(id: 1, phase: .ended, location: Point(100, 30), time: clock)))
        run.step()
        // The clock shows the time of the wake, not the time the dark began.
        #expect(source.texts == ["130"] && taps.phases == [.inactive, .active] && taps.count == 0)
        // The timer kept its grid: the missed ticks made one firing, the next is on the second.
        run.run(until: 132)
        #expect(taps.times.suffix(3).map { ($0 * 60).rounded() / 60 } == [130, 131, 132])
        // A tap now is the app's.
        let t = TouchEvent(id: 2, phase: .began, location: Point(100, 30), time: clock)
        if idle.filter(t) { source.handleTouch(t) }
        let u = TouchEvent(id: 2, phase: .ended, location: Point(100, 30), time: clock + 0.05)
        if idle.filter(u) { source.handleTouch(u) }
        #expect(taps.count == 1)
    }

    /// The real frame loop on the main queue: off after 0.4 s without input, then no frame, no
    /// wakeup and no timer while dark; the waking tap is swallowed and frames resume.
    @MainActor @Test func theLoopDrawsNothingWhileOffAndSwallowsTheWakingTap() async throws {
        let display = SwitchableDisplay(width: 40, height: 30)
        let taps = Taps()
        let source = ViewFrameSource(width: 40, height: 30) {
            Rectangle().fill(Color.blue).onTapGesture { taps.count += 1 }
        }
        let loop = try FrameLoop(display: display, source: source)
        loop.idle = IdleController(policy: .init(offAfter: 0.4), backlight: nil, now: Syscall.monotonicNow())
        loop.start()
        let t0 = Syscall.monotonicNow()
        while !loop.panelOff && Syscall.monotonicNow() - t0 < 20 { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(loop.panelOff && display.power == [false] && !loop.wantsFrames)
        // What the switch itself queued (the app's scenePhase change asks for a frame) runs in
        // the same turn of the queue; from then on nothing may run.
        try await Task.sleep(nanoseconds: 50_000_000)
        let (frames, wakeups) = (loop.frameCount, loop.wakeups)
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(loop.frameCount == frames && loop.wakeups == wakeups)
        let now = Syscall.monotonicNow()
        loop.deliver(TouchEvent(id: 1, phase: .began, location: Point(20, 15), time: now))
        loop.deliver(TouchEvent(id: 1, phase: .ended, location: Point(20, 15), time: now + 0.01))
        #expect(!loop.panelOff && display.power == [false, true] && taps.count == 0)
        loop.deliver(TouchEvent(id: 2, phase: .began, location: Point(20, 15), time: now + 0.02))
        loop.deliver(TouchEvent(id: 2, phase: .ended, location: Point(20, 15), time: now + 0.03))
        #expect(taps.count == 1)
        loop.halt()
    }
}
