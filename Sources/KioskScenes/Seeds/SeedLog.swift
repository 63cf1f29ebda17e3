// The seeds print what happens ("Intro text animated in!"). Inside this module `print` also
// records each line with the scene's virtual time, so tests read when callbacks ran while the
// seed code stays as written.

/// Lines the seed programs printed, with the time of the graph clock they printed at.
public enum SeedLog {
    nonisolated(unsafe) public private(set) static var lines: [(text: String, time: Double)] = []
    /// The clock lines are stamped with (a host's virtual time in tests and snapshots).
    nonisolated(unsafe) public static var clock: () -> Double = { 0 }
    public static func clear() { lines.removeAll() }
    static func record(_ text: String) { lines.append((text, clock())) }
}

/// `print` for the seed code: records the line, then prints it as Swift's does.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator)
    SeedLog.record(text)
    Swift.print(text, terminator: terminator)
}
