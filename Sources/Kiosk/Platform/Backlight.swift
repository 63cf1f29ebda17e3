// Backlight: a sysfs backlight device (`/sys/class/backlight/NAME/` with `max_brightness` and
// `brightness`), as the idle policy dims it. kiosk needs write access to `brightness`: the .deb's
// udev rule (systemd/60-kiosk.rules) gives it to the kiosk group, and the unit's sandbox allows
// /sys/class/backlight and /sys/devices (systemd/kiosk.service). A device that is missing, read-only
// or reports `max_brightness` 0 gets one warning and no dimming, never an error that stops the kiosk.
#if canImport(Glibc)
import Glibc
#endif

/// How bright a dimmed screen is: a share of `max_brightness` or a raw value.
public enum BrightnessLevel: Equatable, Sendable, CustomStringConvertible {
    /// 0 ... 100 percent of `max_brightness`.
    case percent(Double)
    /// A `brightness` value, clamped to 0 ... `max_brightness`.
    case raw(Int)

    /// Parses `N%` (0–100, decimals allowed) or a whole number ≥ 0.
    public init(parsing s: String) throws {
        let bad = ConfigError.invalidValue(key: "dim-brightness", value: s, expected: "a percentage such as 10% or a raw brightness value ≥ 0")
        if s.hasSuffix("%") {
            guard let p = Double(s.dropLast()), p.isFinite, p >= 0, p <= 100 else { throw bad }
            self = .percent(p)
        } else {
            guard let v = Int(s), v >= 0 else { throw bad }
            self = .raw(v)
        }
    }

    /// The `brightness` value for a device whose maximum is `max` (> 0). A percentage above 0
    /// gives at least 1, so "1%" of a 10-step backlight does not turn it off.
    public func value(max: Int) -> Int {
        switch self {
        case .raw(let v): return Swift.min(Swift.max(0, v), max)
        case .percent(let p):
            let v = Int((Double(max) * p / 100).rounded())
            return Swift.min(max, p > 0 ? Swift.max(1, v) : 0)
        }
    }

    public var description: String {
        switch self {
        case .raw(let v): "\(v)"
        case .percent(let p): p == p.rounded() ? "\(Int(p))%" : "\(p)%"
        }
    }
}

/// A backlight kiosk may write.
///
///     if let b = Backlight.open("auto").backlight { try b.write(b.maxBrightness / 10) }
public final class Backlight {
    public let directory: String
    public let maxBrightness: Int

    /// Where backlights live.
    public static let classDirectory = "/sys/class/backlight"

    /// Opens `directory` after checking that it has a positive `max_brightness` and a writable
    /// `brightness`. Throws a ``PlatformError`` that says what to do otherwise.
    public init(directory: String) throws {
        self.directory = directory
        guard let bytes = Syscall.readFile("\(directory)/max_brightness", limit: 64) else {
            throw PlatformError("read", path: "\(directory)/max_brightness", errno: .current,
                                advice: "no backlight there; name one with `backlight = /sys/class/backlight/NAME`, or set `backlight = none`")
        }
        guard let max = Backlight.number(bytes), max > 0 else {
            throw PlatformError("read", path: "\(directory)/max_brightness",
                                advice: "max_brightness is \"\(String(decoding: bytes, as: UTF8.self).trimmingSpaces)\", not a positive number: this backlight cannot be dimmed")
        }
        maxBrightness = max
        // Opened for writing, not access(2)ed: root passes access() on anything, and a directory
        // or a read-only mount fails only here.
        do { Syscall.close(try Syscall.open("\(directory)/brightness", O_WRONLY | O_CLOEXEC)) }
        catch let e as Errno {
            throw PlatformError("open for writing", path: "\(directory)/brightness", errno: e,
                                advice: "kiosk may not write the brightness: install the .deb's udev rule (60-kiosk.rules: group kiosk, mode 0664) and allow the path in the unit (ReadWritePaths=/sys/devices)")
        }
    }

    /// The backlight `setting` names: `auto` (the first under /sys/class/backlight, nil when there
    /// is none: nothing to dim, no warning), `none` (nil), or a directory. A backlight that cannot
    /// be used gives nil and the warning to log once.
    public static func open(_ setting: String, classDirectory: String = Backlight.classDirectory) -> (backlight: Backlight?, warning: String?) {
        let path: String
        switch setting {
        case "none": return (nil, nil)
        case "auto":
            guard let first = Syscall.listDirectory(classDirectory).sorted().first else { return (nil, nil) }
            path = "\(classDirectory)/\(first)"
        default: path = setting
        }
        do { return (try Backlight(directory: path), nil) }
        catch { return (nil, "backlight: \(error); not dimming") }
    }

    /// The current `brightness`, nil when it cannot be read.
    public func read() -> Int? { Syscall.readFile("\(directory)/brightness", limit: 64).flatMap(Backlight.number) }

    /// Writes `value` (clamped to 0 ... max) to `brightness`.
    public func write(_ value: Int) throws {
        let v = min(max(0, value), maxBrightness)
        let path = "\(directory)/brightness"
        let fd: Int32
        do { fd = try Syscall.open(path, O_WRONLY | O_CLOEXEC) }
        catch let e as Errno { throw PlatformError("open", path: path, errno: e) }
        defer { Syscall.close(fd) }
        do { try Syscall.writeAll(fd, Array("\(v)\n".utf8)) }
        catch let e as Errno { throw PlatformError("write", path: path, errno: e) }
    }

    /// A decimal number with optional white space around it, as sysfs prints them.
    static func number(_ bytes: [UInt8]) -> Int? { Int(String(decoding: bytes, as: UTF8.self).trimmingSpaces.filter { $0 != "\n" }) }
}
