// `kiosk run`: open the display and input, take the console, and run the frame loop until a signal.
#if canImport(Glibc)
import Glibc
#endif
import Kiosk

enum RunCommand {
    static let help = """
    kiosk run — show a scene on the screen, with touch

      --scene NAME          a scene from `kiosk scenes` (default gallery)
      --display CHOICE      auto (DRM, then fbdev, then offscreen), drm[:PATH], fbdev[:PATH], offscreen[:DIR]
      --mode WxH[@Hz]       DRM mode (default: the connector's preferred mode); offscreen size
      --size WxH            offscreen size when no --mode (default 800x480)
      --rotation DEG        0, 90, 180 or 270: turns the picture, damage and touch together
      --input CHOICE        auto (every touch device, hot-plugged), none, or device paths
      --calibration M       six numbers, udev LIBINPUT_CALIBRATION_MATRIX form
      --swap-xy, --invert-x, --invert-y   touch axis corrections (before rotation)
      --fps-overlay         frame rate and missed flips in the top-left corner
      --duration SECONDS    stop after this long (default: run until SIGTERM/SIGINT)
      --frame-markers       print "kiosk: frame N" on stdout after each frame
      --log-level LEVEL     error, warning, notice, info or debug
    """
    static let valueOptions: Set = ["scene", "display", "mode", "size", "rotation", "input", "calibration", "duration", "log-level"]
    static let flagOptions: Set = ["fps-overlay", "swap-xy", "invert-x", "invert-y", "frame-markers", "help"]

    static func main(_ args: ArraySlice<String>) throws {
        let a = try Arguments(args, flags: flagOptions, known: valueOptions)
        if a.has("help") { print(help); return }
        var s = try Settings.load()
        for (k, v) in a.values { try s.apply(key: k, value: v, source: "--\(k)") }
        if !a.positional.isEmpty {
            // `--input /dev/input/event3 /dev/input/event4`: extra paths follow the option.
            guard case .paths(let p) = s.input else { throw UsageError("unexpected argument \(a.positional[0]); see kiosk run --help") }
            s.input = .paths(p + a.positional)
        }
        Log.threshold = s.logLevel
        guard DemoScenes.all.contains(where: { $0.name == s.scene }) else {
            throw UsageError("unknown scene \"\(s.scene)\"; `kiosk scenes` lists them")
        }
        let display = try DisplaySelection.open(s.display, mode: s.mode, rotation: s.rotation, offscreenSize: s.offscreenSize)
        if let off = display as? OffscreenDisplay { off.writeEveryFrame = true; Log.info("run: offscreen frames go to \(off.directory)/last.png") }
        let source = DemoScenes.make(s.scene, width: display.width, height: display.height)!
        let loop = try FrameLoop(display: display, source: source)
        loop.duration = s.duration
        loop.frameMarkers = s.frameMarkers
        if s.fpsOverlay { loop.overlay = FPSOverlay() }
        if !(display is OffscreenDisplay) { loop.console = Console.open() }
        let (pw, ph) = display.rotation.logicalSize(panelWidth: display.width, panelHeight: display.height)
        switch s.input {
        case .none: Log.info("input: disabled (--input none)")
        case .auto, .paths:
            var paths: [String]? = nil
            if case .paths(let p) = s.input { paths = p }
            loop.input = InputManager(options: .init(paths: paths, matrix: s.calibration ?? .identity, swapXY: s.swapXY,
                                                     invertX: s.invertX, invertY: s.invertY,
                                                     panelWidth: pw, panelHeight: ph, rotation: display.rotation)) { _ in }
        }
        loop.runForever()
    }
}
