// The seeds print what happens ("Intro text animated in!"). Inside this module `print` also
// records each line with the scene's virtual time, so tests read when callbacks ran while the
// seed code stays as written.

/// Lines the seed programs printed, with the time of the graph clock they printed at.
public enum SeedLog {
    /// The most recent lines, at most `capacity`: a kiosk runs a seed for months, and
    /// seed-000-transition prints on every second tap (a 10⁶-frame soak taps 33 000 times).
    nonisolated(unsafe) public private(set) static var lines: [(text: String, time: Double)] = []
    /// Every line recorded since the last `clear()`, kept or not.
    nonisolated(unsafe) public private(set) static var count = 0
    public static let capacity = 1000
    /// The clock lines are stamped with (a host's virtual time in tests and snapshots).
    nonisolated(unsafe) public static var clock: () -> Double = { 0 }
    /// Whether lines also go to standard output, as Swift's `print` would. True for `kiosk run`
    /// (a program's output); tests and `kiosk soak` turn it off and read `lines` and `count`, so
    /// their own output is not interleaved with the scene's.
    nonisolated(unsafe) public static var echo = true
    public static func clear() { lines.removeAll(); count = 0 }
    static func record(_ text: String) {
        if lines.count == capacity { lines.removeFirst(capacity / 2) }
        lines.append((text, clock()))
        count += 1
    }
}

/// `print` for the seed code: records the line, then prints it as Swift's does (when `echo`).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator)
    SeedLog.record(text)
    if SeedLog.echo { Swift.print(text, terminator: terminator) }
}
