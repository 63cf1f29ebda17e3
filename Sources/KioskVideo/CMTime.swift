// CMTime and CMTimeRange: the small part of CoreMedia that player code uses (seek targets,
// currentTime, durations). A rational time, value / timescale seconds.

/// A time as a rational number of seconds (`value / timescale`), as CoreMedia's.
public struct CMTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var value: Int64
    public var timescale: Int32
    public var flags: Flags
    public var epoch: Int64 = 0

    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let valid = Flags(rawValue: 1)
        public static let positiveInfinity = Flags(rawValue: 4)
        public static let indefinite = Flags(rawValue: 16)
    }

    public init(value: Int64, timescale: Int32) {
        self.value = value; self.timescale = timescale; flags = timescale > 0 ? .valid : []
    }
    /// `seconds` rounded to the nearest `1 / preferredTimescale`; NaN is invalid, ±∞ indefinite.
    public init(seconds: Double, preferredTimescale: Int32) {
        guard seconds.isFinite, preferredTimescale > 0 else {
            self.value = 0; timescale = 0; flags = seconds.isNaN ? [] : [.valid, .indefinite]; return
        }
        let v = (seconds * Double(preferredTimescale)).rounded()
        value = Int64(max(-9.2e18, min(9.2e18, v))); timescale = preferredTimescale; flags = .valid
    }

    public static let zero = CMTime(value: 0, timescale: 1)
    public static let invalid = CMTime(value: 0, timescale: 0)
    public static let indefinite = CMTime(flags: [.valid, .indefinite])
    public static let positiveInfinity = CMTime(flags: [.valid, .positiveInfinity])
    private init(flags: Flags) { value = 0; timescale = 0; self.flags = flags }

    public var isValid: Bool { flags.contains(.valid) }
    public var isIndefinite: Bool { flags.contains(.indefinite) }
    public var isNumeric: Bool { isValid && !isIndefinite && !flags.contains(.positiveInfinity) && timescale > 0 }
    /// The time in seconds: NaN when invalid or indefinite, +∞ for `positiveInfinity`.
    public var seconds: Double {
        if flags.contains(.positiveInfinity) { return .infinity }
        return isNumeric ? Double(value) / Double(timescale) : .nan
    }

    public static func < (a: CMTime, b: CMTime) -> Bool { a.seconds < b.seconds }
    public static func == (a: CMTime, b: CMTime) -> Bool {
        a.isNumeric && b.isNumeric ? Int128(a.value) * Int128(b.timescale) == Int128(b.value) * Int128(a.timescale) : a.flags == b.flags
    }
    public func hash(into h: inout Hasher) { h.combine(seconds) }
    public static func + (a: CMTime, b: CMTime) -> CMTime { CMTime(seconds: a.seconds + b.seconds, preferredTimescale: max(a.timescale, b.timescale, 1)) }
    public static func - (a: CMTime, b: CMTime) -> CMTime { CMTime(seconds: a.seconds - b.seconds, preferredTimescale: max(a.timescale, b.timescale, 1)) }
    public var description: String { isNumeric ? "CMTime(\(value)/\(timescale) = \(seconds) s)" : isIndefinite ? "CMTime(indefinite)" : "CMTime(invalid)" }
}

public func CMTimeMake(value: Int64, timescale: Int32) -> CMTime { CMTime(value: value, timescale: timescale) }
public func CMTimeMakeWithSeconds(_ seconds: Double, preferredTimescale: Int32) -> CMTime { CMTime(seconds: seconds, preferredTimescale: preferredTimescale) }
public func CMTimeGetSeconds(_ time: CMTime) -> Double { time.seconds }

/// A start and a duration.
public struct CMTimeRange: Hashable, Sendable {
    public var start: CMTime
    public var duration: CMTime
    public init(start: CMTime, duration: CMTime) { self.start = start; self.duration = duration }
    public init(start: CMTime, end: CMTime) { self.start = start; duration = end - start }
    public var end: CMTime { start + duration }
    /// Everything (AVPlayerLooper's default: the whole item).
    public static let invalid = CMTimeRange(start: .invalid, duration: .invalid)
}
