// What the frame loop answers on the control socket: the status lines and the current frame.
import Raster

extension FrameLoop {
    /// Hooks `control` up to this loop and starts it (from `start()`).
    func serve(_ control: ControlServer) {
        control.status = { [unowned self] in self.statusText(now: Syscall.monotonicNow()) }
        control.screenshot = { [unowned self] in try self.screenshotPNG() }
        control.start()
        Log.info("control: listening on \(control.path) (kiosk status, kiosk screenshot)")
    }

    /// `key: value` lines: fps, idle, display, mode, last-frame (seconds ago), frames, uptime, and
    /// after a wake, wake-latency.
    public func statusText(now: Double) -> String {
        let mode = "\(display.width)x\(display.height)@\(Int((1 / display.refreshInterval).rounded()))Hz"
        let idleState = idle.map { $0.state.rawValue } ?? "active (no idle policy)"
        var out = "fps: \(frameRate.fps(now: now))\n"
        out += "idle: \(panelOff ? "off" : idleState)\n"
        out += "display: \(display.summary)\n"
        out += "mode: \(mode)\n"
        out += "rotation: \(display.rotation.rawValue)\n"
        out += "last-frame: " + (lastFrameTime.map { formatSeconds(now - $0) + " s ago" } ?? "none yet") + "\n"
        out += "frames: \(frameCount)\n"
        out += "uptime: \(formatSeconds(now - startTime)) s\n"
        if let w = lastWakeLatency, let m = maxWakeLatency {
            // From the input that woke the panel to the present of the first frame after it.
            out += "wake-latency: \(formatSeconds(w * 1000)) ms (max \(formatSeconds(m * 1000)) ms)\n"
        }
        return out
    }

    /// The frame on the panel now (the shadow buffer the last present showed), as PNG, in the
    /// app's (logical) orientation: the same pixels as a screen dump at `rotation = 0`; with a
    /// rotation it is the picture upright, as the person in front of the panel sees it.
    public func screenshotPNG() throws -> [UInt8] {
        try shadow.pngData(fast: true)
    }

    private func formatSeconds(_ s: Double) -> String {
        let ms = Int((max(0, s) * 1000).rounded())
        let frac = String(ms % 1000)
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac)"
    }
}

/// Frames per second over the last second, from the present times of up to 256 frames (no
/// allocation per frame).
struct FrameRateMeter {
    private var times = [Double](repeating: -.infinity, count: 256)
    private var next = 0

    mutating func record(_ t: Double) {
        times[next] = t
        next = (next + 1) & 255
    }

    /// Frames presented in the second before `now`.
    func fps(now: Double) -> Int {
        var n = 0
        for t in times where t > now - 1 && t <= now { n += 1 }
        return n
    }
}
