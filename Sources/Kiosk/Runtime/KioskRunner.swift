// KioskRunner: what `kiosk run` and a user's `KioskApp` share — the options, settings precedence,
// opening display, input and console, the frame loop, and the documented exit codes.
#if canImport(Glibc)
import Glibc
#endif

/// Exit codes of `kiosk` and of apps built on ``KioskApp``.
public enum KioskExitCode: Int32 {
    case ok = 0
    /// The display failed while running, or a frame could not be presented.
    case runtimeFailure = 1
    /// Bad command line, config file or environment variable.
    case usage = 2
    /// The requested display or input device cannot be opened (missing, permission, busy).
    case device = 3
    /// An output file could not be written.
    case output = 4
}

/// Runs a FrameSource full screen with the `kiosk run` options.
public enum KioskRunner {
    public static let optionsHelp = """
      --display CHOICE      auto (DRM, then fbdev, then offscreen), drm[:PATH], fbdev[:PATH], offscreen[:DIR]
      --mode WxH[@Hz]       DRM mode (default: the mode already lit, else the preferred one); offscreen size
      --size WxH            offscreen size when no --mode (default 800x480)
      --rotation DEG        0, 90, 180 or 270: turns the picture, damage and touch together
      --input CHOICE        auto (every touch and key device, hot-plugged), none, or device paths
      --keyboard-layout L   XKB layout of hardware keyboards and the on-screen one: us (default), de,
                            fr, kr… or LAYOUT(VARIANT); an unknown one is an error in the log, then us
      --keyboard CHOICE     on-screen keyboard: auto (when no hardware keyboard), always or never
      --calibration M       six numbers, udev LIBINPUT_CALIBRATION_MATRIX form
      --swap-xy, --invert-x, --invert-y   touch axis corrections (before rotation)
      --fps-overlay         frame rate and missed flips in the top-left corner
      --duration SECONDS    stop after this long (default: run until SIGTERM/SIGINT)
      --offscreen-fps N     offscreen display: also write the frames drawn as DIR/frame-00001.png …,
                            at most N a second (default 0: only DIR/last.png, about once a second)
      --frame-markers       print "kiosk: frame N" on stdout after each frame
      --log-level LEVEL     error, warning, notice, info or debug
      --idle-dim SECONDS    dim the backlight after this long without input (default 0: never)
      --dim-brightness B    how dim: N% of max_brightness or a raw value (default 10%)
      --idle-off SECONDS    turn the panel off after this long without input (default 0: never)
      --backlight DIR       auto (first under /sys/class/backlight), none, or a backlight directory
      --display-off-between HH:MM-HH:MM   panel off between these local times unless touched
      --images DIR          a folder Image("name") looks in (name, .png, .jpg, .jpeg, .webp)
      --image-cache MIB     decoded images kept for reuse (default 64)
      --control-socket P    auto ($RUNTIME_DIRECTORY/control, else $XDG_RUNTIME_DIR/kiosk-control), none, or a path
      --cursor MODE         auto (shown on mouse motion), always or never
      --cursor-hide SECONDS hide the cursor after this long without motion (default 5; cursor = auto)
      --vnc ADDR:PORT       serve the screen over VNC (RFB, not encrypted: tunnel it over SSH), e.g. 127.0.0.1:5900
      --vnc-password FILE   VNC clients must give the password on this file's first line
    The touch or key that wakes a dimmed or dark panel is not passed to the app.
    Settings also come from /etc/kiosk/kiosk.conf (or $KIOSK_CONFIG) and KIOSK_* variables;
    the command line wins, then the environment, then the file.
    Exit codes: 0 ok or stopped by a signal; 1 display failed; 2 bad option or setting;
    3 device cannot be opened; 4 output not writable. A crash (SIGSEGV, a Swift trap, …) first puts
    the console back in text mode, then dies of its signal (status 128+N, core dump as configured).
    Debugging: KIOSK_DEBUG_CRASH_AFTER=SECONDS crashes kiosk that long after its first frame, the
    way KIOSK_DEBUG_CRASH=segv|overflow|trap|abort says (default segv), to check that crash path.
    """
    static let flags: Set = ["fps-overlay", "swap-xy", "invert-x", "invert-y", "frame-markers", "help"]

    /// Settings from the file, the environment and `arguments` (options only, no command word).
    /// Returns nil when `--help` was asked for.
    public static func settings(from arguments: ArraySlice<String>, extraKeys: Set<String> = []) throws -> Settings? {
        try settings(from: arguments, over: try Settings.load(), extraKeys: extraKeys)
    }

    /// `base` with the options in `arguments` applied (no file or environment is read): what
    /// fuzz-cli drives. Returns nil when `--help` was asked for.
    /// - Throws: `ConfigError` naming the option, for anything that is not a valid option.
    public static func settings(from arguments: ArraySlice<String>, over base: Settings, extraKeys: Set<String> = []) throws -> Settings? {
        var s = base
        var i = arguments.startIndex
        var lastKey = ""
        while i < arguments.endIndex {
            let a = arguments[i]
            guard a.hasPrefix("--") else {
                // `--input /dev/input/event3 /dev/input/event4`: more paths follow the option.
                guard lastKey == "input", case .paths(let p) = s.input else {
                    throw ConfigError.invalidValue(key: "argument", value: a, expected: "an --option; see --help")
                }
                // Split as the option's own value is, so the settings' `arguments` give it back.
                s.input = .paths(p + Settings.devicePaths(a)); i += 1; continue
            }
            var key = String(a.dropFirst(2)), value: String?
            // By scalar: "=" followed by a combining mark is one Character, and `--scene=\u{301}x`
            // must still be scene "\u{301}x" (the settings' `arguments` produce that form).
            if let eq = key.unicodeScalars.firstIndex(of: "=") {
                value = String(key.unicodeScalars[key.unicodeScalars.index(after: eq)...])
                key = String(key.unicodeScalars[..<eq])
            }
            if key == "help" { return nil }
            guard Settings.keys.contains(key) || extraKeys.contains(key) else {
                throw ConfigError.unknownKey(key: key, source: "command line")
            }
            if flags.contains(key) { value = value ?? "yes" }
            else if value == nil {
                i += 1
                guard i < arguments.endIndex else { throw ConfigError.missingValue(key: key) }
                value = arguments[i]
            }
            try s.apply(key: key, value: value!, source: "--\(key)")
            lastKey = key
            i += 1
        }
        return s
    }

    /// Opens everything `settings` names and runs `makeSource(width, height)` until a signal.
    public static func run(_ s: Settings, makeSource: (Int, Int) throws -> FrameSource) throws -> Never {
        Log.threshold = s.logLevel
        ImageCache.shared.configure(directory: s.images, budget: s.imageCacheBytes)
        let display = try DisplaySelection.open(s.display, mode: s.mode, rotation: s.rotation, offscreenSize: s.offscreenSize)
        if let off = display as? OffscreenDisplay {
            off.writeEveryFrame = true
            off.framesPerSecond = s.offscreenFPS
            Log.info("run: offscreen frames go to \(off.directory)/last.png" + (s.offscreenFPS > 0 ? " and frame-NNNNN.png (≤ \(s.offscreenFPS) a second)" : ""))
        }
        let source = try makeSource(display.width, display.height)
        source.setOnScreenKeyboard(s.keyboard, layout: s.keyboardLayout)
        let loop = try FrameLoop(display: display, source: source)
        loop.duration = s.duration
        loop.frameMarkers = s.frameMarkers
        loop.service = ServiceNotifier()
        if s.fpsOverlay { loop.overlay = FPSOverlay() }
        loop.idle = makeIdleController(s)
        if !(display is OffscreenDisplay) { loop.console = Console.open() }
        loop.control = openControlSocket(s)
        if s.cursor != .never { loop.cursor = CursorOverlay(mode: s.cursor, hideAfter: s.cursorHide) }
        if let address = s.vnc { try startVNC(address, password: s.vncPassword, loop: loop) }
        let (pw, ph) = display.rotation.logicalSize(panelWidth: display.width, panelHeight: display.height)
        switch s.input {
        case .none: Log.info("input: disabled (--input none)")
        case .auto, .paths:
            var paths: [String]? = nil
            if case .paths(let p) = s.input { paths = p }
            loop.input = InputManager(options: .init(paths: paths, matrix: s.calibration ?? .identity, swapXY: s.swapXY,
                                                     invertX: s.invertX, invertY: s.invertY,
                                                     panelWidth: pw, panelHeight: ph, rotation: display.rotation,
                                                     keyboardLayout: s.keyboardLayout)) { _ in }
            // Mice and tablets: pointers with a cursor (Platform/MouseDevice.swift); a tablet's axes
            // map to the screen as a touchscreen's do (calibration, swap/invert, rotation).
            let mice = MouseInput(width: display.width, height: display.height)
            mice.tabletMapping = TouchMapping(xRange: AxisRange(0, 1), yRange: AxisRange(0, 1), matrix: s.calibration ?? .identity,
                                              swapXY: s.swapXY, invertX: s.invertX, invertY: s.invertY,
                                              panelWidth: pw, panelHeight: ph, rotation: display.rotation)
            // weak: the loop owns `mice`, whose deinit closes its pointers (onGone).
            mice.onPointer = { [weak loop, unowned mice] e, n in loop?.deliver(e, device: n, relative: mice.isRelative(n)) }
            mice.onGone = { [weak loop] n in loop?.pointerGone(device: n) }
            loop.input?.claimOther = { mice.open($0) }
            loop.mice = mice
        }
        loop.runForever()
    }

    /// Starts the VNC server `vnc =` asks for on the loop's frames.
    /// - Throws: `ConfigError` in a build without VNC or for an unreadable password file,
    ///   `PlatformError` when the address cannot be bound.
    static func startVNC(_ address: VNCAddress, password file: String, loop: FrameLoop) throws {
        #if canImport(CVNC)
        var password: String?
        if file != "none" {
            guard let bytes = Syscall.readFile(file, limit: 4096),
                  let line = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).first, !line.isEmpty else {
                throw ConfigError.invalidValue(key: "vnc-password", value: file, expected: "a readable file with the password on its first line")
            }
            password = String(line)
        }
        let server = try VNCServer(address: address, width: loop.display.width, height: loop.display.height, password: password)
        loop.attach(server)
        try server.start()
        #else
        throw ConfigError.invalidValue(key: "vnc", value: "\(address)", expected: "none: this kiosk was built without VNC (the static build; Debian ships no libvncserver.a)")
        #endif
    }

    /// The control socket `s` asks for; a socket that cannot be made is one warning, not fatal.
    static func openControlSocket(_ s: Settings, environment: [String: String] = ProcessEnvironment.current) -> ControlServer? {
        guard let path = ControlServer.serverPath(setting: s.controlSocket == "auto" ? nil : s.controlSocket, environment: environment) else {
            if s.controlSocket == "auto" { Log.info("control: no runtime directory ($RUNTIME_DIRECTORY, $XDG_RUNTIME_DIR); no control socket") }
            return nil
        }
        do { return try ControlServer(path: path) } catch {
            Log.warning("control: \(error); kiosk status and kiosk screenshot will not work")
            return nil
        }
    }

    /// The idle policy `s` asks for, with its backlight; nil when it asks for none. A backlight
    /// that cannot be used is one warning, and the panel still goes off on time.
    static func makeIdleController(_ s: Settings, classDirectory: String = Backlight.classDirectory) -> IdleController? {
        let policy = s.idlePolicy
        guard policy.isEnabled else { return nil }
        let (backlight, warning) = Backlight.open(s.backlight, classDirectory: classDirectory)
        if let warning { Log.warning(warning) }
        else if backlight == nil && s.idleDim > 0 && s.backlight == "auto" { Log.notice("idle: no backlight under \(classDirectory); not dimming") }
        var parts: [String] = []
        if s.idleDim > 0 { parts.append("dim to \(s.dimBrightness) after \(s.idleDim) s") }
        if s.idleOff > 0 { parts.append("off after \(s.idleOff) s") }
        if let w = s.displayOffBetween { parts.append("off between \(w)") }
        Log.info("idle: \(parts.joined(separator: ", "))\(backlight.map { " (backlight \($0.directory), max \($0.maxBrightness))" } ?? "")")
        return IdleController(policy: policy, backlight: backlight, dimLevel: s.dimBrightness, now: Syscall.monotonicNow())
    }

    /// Logs `error` and exits with the documented code for its kind.
    /// An app's `main`: parses the options (or prints them), then runs `make`'s source until
    /// SIGTERM; errors end the process with their exit code.
    /// `--version` prints "NAME VERSION" and `--help` the options; settings come from the app's
    /// own /etc/NAME/NAME.conf (AppIdentity).
    static func runMain(_ make: (_ width: Int, _ height: Int) -> FrameSource) {
        let identity = AppIdentity.current
        let args = CommandLine.arguments.dropFirst()
        if args.first == "--version" { print(identity.versionLine); return }
        do {
            let base = try Settings.load(configFile: identity.configFile)
            guard let settings = try settings(from: args, over: base) else {
                print(identity.help)
                return
            }
            try run(settings) { w, h in make(w, h) }
        } catch {
            exit(for: error)
        }
    }

    public static func exit(for error: Error) -> Never {
        Log.error("\(error)")
        switch error {
        case is ConfigError: Glibc.exit(KioskExitCode.usage.rawValue)
        case is PlatformError: Glibc.exit(KioskExitCode.device.rawValue)
        default: Glibc.exit(KioskExitCode.runtimeFailure.rawValue)
        }
    }
}
