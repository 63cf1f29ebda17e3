// KeyRepeater: the held key's auto-repeat times, on the frame loop's clock. Pure; the input
// manager arms one dispatch timer at `nextTime` and only while a key is held, so an idle kiosk
// still makes no wakeups.
//
// Kiosk repeats keys itself rather than passing on the kernel's EV_KEY value 2 (which KeyTracker
// drops): one rate for every keyboard (the kernel's default is 250 ms then 33/s, and a Bluetooth
// keyboard's own is anything), the keymap decides which keys repeat (not Shift or Caps Lock), and
// the repeat stops the moment its device goes away, so no key is left repeating after an unplug.

/// Auto-repeat of the last key pressed, xkb's defaults: 500 ms, then 30 a second.
public struct KeyRepeater: Sendable {
    /// Delay before the first repeat (xkb and X servers: 660 ms; GNOME and Weston: 500 ms).
    public static let delay = 0.5
    /// Time between repeats: 30 a second, as GNOME's and Weston's default rate.
    public static let interval = 1.0 / 30

    /// The repeating key: its device, evdev code, and when it next repeats.
    public private(set) var current: (device: Int, code: UInt16, next: Double)?

    public init() {}

    /// When the held key repeats next; nil when no key repeats.
    public var nextTime: Double? { current?.next }

    /// A key went down at `time`: it repeats from `time + delay` (the previous repeating key stops,
    /// as on every desktop: only the last key pressed repeats).
    public mutating func start(device: Int, code: UInt16, at time: Double) {
        current = (device, code, time + KeyRepeater.delay)
    }

    /// A key went up: its repeat stops (another held key's does not start again).
    public mutating func stop(device: Int, code: UInt16) {
        if let c = current, c.device == device, c.code == code { current = nil }
    }

    /// The device went away (or input paused): its repeat stops.
    public mutating func stop(device: Int) {
        if let c = current, c.device == device { current = nil }
    }

    /// True when the key repeats at `now`; advances to the next repeat. A late call (the loop was
    /// busy for a long frame) gives one repeat, not a burst of the missed ones: the next comes an
    /// interval after `now`, so a stalled frame never deletes twenty characters at once.
    public mutating func fire(at now: Double) -> (device: Int, code: UInt16)? {
        guard let c = current, now >= c.next else { return nil }
        var next = c.next + KeyRepeater.interval
        if next <= now { next = now + KeyRepeater.interval }
        current = (c.device, c.code, next)
        return (c.device, c.code)
    }
}
