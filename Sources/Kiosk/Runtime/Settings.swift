// Settings: everything `kiosk run` can be told, from (lowest to highest precedence) built-in
// defaults, /etc/kiosk/kiosk.conf, KIOSK_* environment variables and command-line options.
// The file is `key = value` lines with `#` comments; keys are the long option names.
#if canImport(Glibc)
import Glibc
#endif

/// A setting that could not be understood.
public enum ConfigError: Error, Equatable, CustomStringConvertible {
    case invalidValue(key: String, value: String, expected: String)
    case unknownKey(key: String, source: String)
    case malformedLine(line: Int, text: String, source: String)
    case missingValue(key: String)

    public var description: String {
        switch self {
        case let .invalidValue(k, v, e): return "\(k): \"\(v)\" is not valid; expected \(e)"
        case let .unknownKey(k, s): return "\(s): unknown setting \"\(k)\"; see `kiosk run --help` for the list"
        case let .malformedLine(n, t, s): return "\(s):\(n): \"\(t)\" is not `key = value`; fix or comment it out with #"
        case let .missingValue(k): return "--\(k) needs a value"
        }
    }
}

/// Where frames go.
public enum DisplayChoice: Equatable, Sendable, CustomStringConvertible {
    /// DRM, then fbdev, then offscreen.
    case auto
    case drm(path: String?)
    case fbdev(path: String?)
    case offscreen(directory: String?)

    /// Parses `auto`, `drm[:PATH]`, `fbdev[:PATH]` or `offscreen[:DIR]`.
    public init(parsing s: String) throws {
        let kind = s.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        let arg = s.firstIndex(of: ":").map { String(s[s.index(after: $0)...]) }.flatMap { $0.isEmpty ? nil : $0 }
        switch kind {
        case "auto" where arg == nil: self = .auto
        case "drm": self = .drm(path: arg)
        case "fbdev": self = .fbdev(path: arg)
        case "offscreen": self = .offscreen(directory: arg)
        default: throw ConfigError.invalidValue(key: "display", value: s, expected: "auto, drm[:PATH], fbdev[:PATH] or offscreen[:DIR]")
        }
    }
    public var description: String {
        switch self {
        case .auto: "auto"
        case .drm(let p): p.map { "drm:\($0)" } ?? "drm"
        case .fbdev(let p): p.map { "fbdev:\($0)" } ?? "fbdev"
        case .offscreen(let d): d.map { "offscreen:\($0)" } ?? "offscreen"
        }
    }
}

/// Which input devices to read.
public enum InputChoice: Equatable, Sendable {
    /// Every touchscreen and absolute pointer under /dev/input, hot-plugged.
    case auto
    case none
    case paths([String])
}

/// The settings of a kiosk run.
public struct Settings: Equatable, Sendable {
    /// The scene to run; the default, the launcher, lists every scene (`kiosk scenes`).
    public var scene = "launcher"
    public var display = DisplayChoice.auto
    public var mode: ModeRequest?
    public var rotation = Rotation.degrees0
    public var input = InputChoice.auto
    public var fpsOverlay = false
    /// A `LIBINPUT_CALIBRATION_MATRIX`-style matrix: six numbers, normalised coordinates.
    public var calibration: CalibrationMatrix?
    public var swapXY = false
    public var invertX = false
    public var invertY = false
    /// Offscreen size when there is no device to ask.
    public var offscreenSize = (width: 800, height: 480)
    /// Stop after this many seconds (0 = run until a signal).
    public var duration = 0.0
    /// Offscreen display: write each frame drawn as `frame-NNNNN.png`, at most this many a second
    /// (0 = only `last.png`, about once a second).
    public var offscreenFPS = 0.0
    /// Print `kiosk: frame N` markers on stdout (the QEMU test waits for them).
    public var frameMarkers = false
    public var logLevel = Log.Level.info
    /// Seconds without input before the backlight dims (0 = never).
    public var idleDim = 0.0
    /// How bright a dimmed backlight is.
    public var dimBrightness = BrightnessLevel.percent(10)
    /// Seconds without input before the panel goes off (0 = never).
    public var idleOff = 0.0
    /// `auto` (the first under /sys/class/backlight), `none`, or a backlight directory.
    public var backlight = "auto"
    /// Local times between which the panel is off unless touched.
    public var displayOffBetween: DailyWindow?
    /// The XKB layout of hardware keyboards and of the on-screen keyboard: `us`, `de`, `fr`, `kr`…
    /// or `LAYOUT(VARIANT)` (`de(nodeadkeys)`). Checked against the XKB data when the first keyboard
    /// appears: an unknown name logs an error naming the available ones, then `us` is used.
    public var keyboardLayout = "us"
    /// When the on-screen keyboard shows.
    public var keyboard = OnScreenKeyboardMode.auto
    /// A folder `Image("name")` searches (after the bundle, before the working directory).
    public var images: String?
    /// Bytes of decoded images kept for reuse (`image-cache` is given in MiB).
    public var imageCacheBytes = 64 << 20
    /// The control socket: `auto` (the runtime directory; ControlServer.serverPath), `none`, or a path.
    public var controlSocket = "auto"
    /// When the mouse cursor is drawn, and after how many seconds without motion `auto` hides it.
    public var cursor = CursorMode.auto
    public var cursorHide = 5.0
    /// Where the VNC server listens; nil (`none`, the default) = no VNC server.
    public var vnc: VNCAddress?
    /// A file whose first line is the VNC password; `none` = no password.
    public var vncPassword = "none"

    public init() {}

    /// The idle policy these settings ask for.
    public var idlePolicy: IdlePolicy.Configuration {
        IdlePolicy.Configuration(dimAfter: idleDim, offAfter: idleOff, offBetween: displayOffBetween)
    }

    public static func == (a: Settings, b: Settings) -> Bool {
        a.scene == b.scene && a.display == b.display && a.mode == b.mode && a.rotation == b.rotation && a.input == b.input &&
        a.fpsOverlay == b.fpsOverlay && a.calibration == b.calibration && a.swapXY == b.swapXY && a.invertX == b.invertX &&
        a.invertY == b.invertY && a.offscreenSize == b.offscreenSize && a.duration == b.duration && a.offscreenFPS == b.offscreenFPS &&
        a.frameMarkers == b.frameMarkers && a.logLevel == b.logLevel && a.idleDim == b.idleDim &&
        a.dimBrightness == b.dimBrightness && a.idleOff == b.idleOff && a.backlight == b.backlight &&
        a.displayOffBetween == b.displayOffBetween && a.keyboardLayout == b.keyboardLayout &&
        a.keyboard == b.keyboard && a.images == b.images && a.imageCacheBytes == b.imageCacheBytes &&
        a.controlSocket == b.controlSocket && a.cursor == b.cursor && a.cursorHide == b.cursorHide && a.vnc == b.vnc && a.vncPassword == b.vncPassword
    }

    /// Every key the file, the environment (`KIOSK_` + upper case, `-` → `_`) and options accept.
    public static let keys = ["scene", "display", "mode", "rotation", "input", "fps-overlay", "calibration",
                              "swap-xy", "invert-x", "invert-y", "size", "duration", "offscreen-fps", "frame-markers", "log-level",
                              "idle-dim", "dim-brightness", "idle-off", "backlight", "display-off-between",
                              "keyboard-layout", "keyboard", "images", "image-cache",
                              "control-socket", "cursor", "cursor-hide", "vnc", "vnc-password"]

    /// Applies one `key = value` setting.
    public mutating func apply(key: String, value: String, source: String = "option") throws {
        let v = value.trimmingSpaces
        switch key {
        case "scene": scene = v
        case "display": display = try DisplayChoice(parsing: v)
        case "mode": mode = try ModeRequest(parsing: v)
        case "rotation":
            guard let d = Int(v) else { throw ConfigError.invalidValue(key: key, value: v, expected: "0, 90, 180 or 270") }
            rotation = try Rotation(degrees: d)
        case "input":
            // Decided on the pieces, so ", auto" is auto (not a device file named "auto").
            let paths = Settings.devicePaths(v)
            switch paths {
            case ["auto"]: input = .auto
            case ["none"]: input = .none
            case []: throw ConfigError.invalidValue(key: key, value: v, expected: "auto, none or device paths")
            default: input = .paths(paths)
            }
        case "fps-overlay": fpsOverlay = try Settings.bool(key, v)
        case "calibration": calibration = try CalibrationMatrix(parsing: v)
        case "swap-xy": swapXY = try Settings.bool(key, v)
        case "invert-x": invertX = try Settings.bool(key, v)
        case "invert-y": invertY = try Settings.bool(key, v)
        case "size":
            let m = try ModeRequest(parsing: v)
            offscreenSize = (m.width, m.height)
        case "duration":
            guard let d = Double(v), d >= 0, d.isFinite else { throw ConfigError.invalidValue(key: key, value: v, expected: "seconds ≥ 0") }
            duration = d
        case "offscreen-fps":
            guard let f = Double(v), f >= 0, f <= 1000, f.isFinite else {
                throw ConfigError.invalidValue(key: key, value: v, expected: "frames a second, 0 (only last.png) to 1000")
            }
            offscreenFPS = f
        case "frame-markers": frameMarkers = try Settings.bool(key, v)
        case "log-level":
            switch v {
            case "error": logLevel = .error
            case "warning": logLevel = .warning
            case "notice": logLevel = .notice
            case "info": logLevel = .info
            case "debug": logLevel = .debug
            default: throw ConfigError.invalidValue(key: key, value: v, expected: "error, warning, notice, info or debug")
            }
        case "idle-dim": idleDim = try Settings.idleSeconds(key, v)
        case "idle-off": idleOff = try Settings.idleSeconds(key, v)
        case "dim-brightness": dimBrightness = try BrightnessLevel(parsing: v)
        case "backlight":
            guard v == "auto" || v == "none" || v.hasPrefix("/") else {
                throw ConfigError.invalidValue(key: key, value: v, expected: "auto, none or a directory such as /sys/class/backlight/NAME")
            }
            backlight = v
        case "display-off-between": displayOffBetween = v == "none" ? nil : try DailyWindow(parsing: v)
        case "keyboard-layout":
            guard Keymap.parse(v) != nil else {
                throw ConfigError.invalidValue(key: key, value: v, expected: "an XKB layout name such as us, de, fr or kr, or LAYOUT(VARIANT)")
            }
            keyboardLayout = v
        case "keyboard":
            guard let k = OnScreenKeyboardMode(rawValue: v.lowercased()) else {
                throw ConfigError.invalidValue(key: key, value: v, expected: "auto, always or never")
            }
            keyboard = k
        case "images": images = v.isEmpty ? nil : v
        case "image-cache":
            guard let mib = Int(v), mib >= 0, mib <= 1 << 20 else { throw ConfigError.invalidValue(key: key, value: v, expected: "MiB, 0…1048576") }
            imageCacheBytes = mib << 20
        case "control-socket":
            guard v == "auto" || v == "none" || v.hasPrefix("/") else {
                throw ConfigError.invalidValue(key: key, value: v, expected: "auto, none or an absolute socket path")
            }
            controlSocket = v
        case "cursor": cursor = try CursorMode(parsing: v)
        case "cursor-hide": cursorHide = try Settings.idleSeconds(key, v)
        case "vnc": vnc = v == "none" || v == "off" ? nil : try VNCAddress(parsing: v)
        case "vnc-password":
            guard v == "none" || v.hasPrefix("/") else { throw ConfigError.invalidValue(key: key, value: v, expected: "none or an absolute file path") }
            vncPassword = v
        default: throw ConfigError.unknownKey(key: key, source: source)
        }
    }

    /// Idle timeouts: seconds from 0 (never) to 10⁹.
    static func idleSeconds(_ key: String, _ v: String) throws -> Double {
        guard let d = Double(v), d.isFinite, d >= 0, d <= VirtualRun.maxTime else {
            throw ConfigError.invalidValue(key: key, value: v, expected: "seconds ≥ 0 (0 = never)")
        }
        return d
    }

    /// Device paths in an `input` value: separated by commas or white space (empty pieces
    /// dropped). A stray CR — a kiosk.conf saved on Windows, an argument pasted from one — is a
    /// separator too, so `--input /dev/input/event0\r` names the device (fuzz-cli found the
    /// option's value trimmed but a following path argument kept it). Split by scalars, not
    /// Characters: a comma followed by a combining mark is one Character, so `a,\u{6DB}` split
    /// by Characters was one path where `a` and `\u{6DB}` given as two arguments were two
    /// (fuzz-cli again).
    static func devicePaths(_ v: String) -> [String] {
        v.unicodeScalars.split(whereSeparator: { $0 == "," || $0.properties.isWhitespace }).map { String($0) }
    }

    /// The options that give these settings when applied over the defaults, one `--key=value`
    /// each (so a value that starts with `--` stays a value):
    /// `KioskRunner.settings(from: s.arguments[...], over: Settings()) == s`.
    public var arguments: [String] {
        var out = ["--scene=\(scene)", "--display=\(display)"]
        if let mode { out.append("--mode=\(mode)") }
        out.append("--rotation=\(rotation.rawValue)")
        switch input {
        case .auto: out.append("--input=auto")
        case .none: out.append("--input=none")
        case .paths(let p): out.append("--input=" + p.joined(separator: ","))
        }
        if let calibration { out.append("--calibration=\(calibration)") }
        func flag(_ k: String, _ b: Bool) { out.append("--\(k)=\(b ? "yes" : "no")") }
        flag("fps-overlay", fpsOverlay); flag("swap-xy", swapXY); flag("invert-x", invertX); flag("invert-y", invertY)
        flag("frame-markers", frameMarkers)
        out.append("--size=\(offscreenSize.width)x\(offscreenSize.height)")
        out.append("--duration=\(duration)")
        out.append("--offscreen-fps=\(offscreenFPS)")
        out.append("--log-level=\(logLevel.word)")
        out.append("--idle-dim=\(idleDim)")
        out.append("--dim-brightness=\(dimBrightness)")
        out.append("--idle-off=\(idleOff)")
        out.append("--backlight=\(backlight)")
        out.append("--display-off-between=\(displayOffBetween.map { "\($0)" } ?? "none")")
        out.append("--keyboard-layout=\(keyboardLayout)")
        out.append("--keyboard=\(keyboard.rawValue)")
        if let images { out.append("--images=\(images)") }
        out.append("--image-cache=\(imageCacheBytes >> 20)")
        out += ["--control-socket=\(controlSocket)", "--cursor=\(cursor.rawValue)", "--cursor-hide=\(cursorHide)",
                "--vnc=\(vnc.map { "\($0)" } ?? "none")", "--vnc-password=\(vncPassword)"]
        return out
    }

    static func bool(_ key: String, _ v: String) throws -> Bool {
        switch v.lowercased() {
        case "1", "yes", "true", "on": return true
        case "0", "no", "false", "off": return false
        default: throw ConfigError.invalidValue(key: key, value: v, expected: "yes or no")
        }
    }

    /// Applies a config file's text. Blank lines and `#` comments are skipped; lines may end in
    /// CR LF.
    public mutating func apply(file text: String, source: String) throws {
        // Split by Unicode scalar, as the command line's `--key=value` is: "=" or "#" followed by
        // a combining mark is one Character (`scene =\u{301}x` would be a line without "="), and
        // so is CR LF ("\r\n" != "\n": a CR LF file would be one line).
        for (i, raw) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? raw
            let line = String(content).trimmingSpaces
            if line.isEmpty { continue }
            guard let eq = line.unicodeScalars.firstIndex(of: "=") else {
                throw ConfigError.malformedLine(line: i + 1, text: String(raw), source: source)
            }
            let key = String(line.unicodeScalars[..<eq]).trimmingSpaces
            guard !key.isEmpty else { throw ConfigError.malformedLine(line: i + 1, text: String(raw), source: source) }
            try apply(key: key, value: String(line.unicodeScalars[line.unicodeScalars.index(after: eq)...]), source: source)
        }
    }

    /// Applies `KIOSK_*` variables from `environment`; unknown `KIOSK_` names are errors so typos show.
    public mutating func apply(environment: [String: String]) throws {
        // Read elsewhere: test harness variables, and the crash debug hook (CrashGuard).
        let ignored: Set = ["KIOSK_UPDATE_GOLDENS", "KIOSK_CONFIG", "KIOSK_E2E_CACHE", "KIOSK_E2E_OUT", "KIOSK_BINARY",
                            "KIOSK_DEBUG_CRASH_AFTER", "KIOSK_DEBUG_CRASH",
                            // Developer switches of the retained display list (RootRenderer).
                            "KIOSK_RETAIN", "KIOSK_VERIFY_RETAINED",
                            // Read by scripts/new-app, package, build-static and their tests (issue 36).
                            "KIOSK_SOURCE", "KIOSK_VERSION", "KIOSK_LINK_MAP", "KIOSK_ARM64_LIBS", "KIOSK_E2E_APP",
                            "KIOSK_APP_BINARY", "KIOSK_TEMPLATE_BUILD", "KIOSK_CLI", "KIOSK_RESOURCE_WARN_FILES",
                            "KIOSK_RESOURCE_WARN_BYTES", "KIOSK_E2E_MIRROR"]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) where name.hasPrefix("KIOSK_") && !ignored.contains(name) {
            let key = name.dropFirst(6).lowercased().replacingUnderscores
            try apply(key: key, value: value, source: "environment \(name)")
        }
    }

    /// Defaults, then the config file (`KIOSK_CONFIG` or /etc/kiosk/kiosk.conf, if it exists), then the environment.
    /// `configFile`: the app's own file (`AppIdentity.configFile`, /etc/NAME/NAME.conf) for apps.
    public static func load(environment: [String: String] = ProcessEnvironment.current,
                            configFile: String = "/etc/kiosk/kiosk.conf") throws -> Settings {
        var s = Settings()
        let path = environment["KIOSK_CONFIG"] ?? configFile
        if let bytes = Syscall.readFile(path) {
            try s.apply(file: String(decoding: bytes, as: UTF8.self), source: path)
        } else if environment["KIOSK_CONFIG"] != nil {
            throw PlatformError("read config", path: path, errno: .noSuchFile, advice: "KIOSK_CONFIG names a file that cannot be read")
        }
        try s.apply(environment: environment)
        return s
    }
}

/// The process environment as a dictionary.
public enum ProcessEnvironment {
    public static var current: [String: String] {
        var out: [String: String] = [:]
        var p = environ
        while let e = p.pointee {
            if let (name, value) = entry(String(cString: e)) { out[name] = value }
            p += 1
        }
        return out
    }

    /// `NAME=value` split at the first "=" by Unicode scalar: a value that starts with a
    /// combining mark makes "=" and the mark one Character, and the variable would be lost.
    static func entry(_ s: String) -> (name: String, value: String)? {
        guard let eq = s.unicodeScalars.firstIndex(of: "=") else { return nil }
        return (String(s.unicodeScalars[..<eq]), String(s.unicodeScalars[s.unicodeScalars.index(after: eq)...]))
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
        return String(s)
    }
    var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}
