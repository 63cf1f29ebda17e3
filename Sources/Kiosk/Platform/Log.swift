// Log: one line per event on stderr. Under systemd (JOURNAL_STREAM set) each line starts with the
// syslog priority `<N>` so journald records the level; on a terminal it starts with the level word.
#if canImport(Glibc)
import Glibc
#endif

/// Writes journald-friendly log lines to standard error.
///
///     Log.info("display: drm /dev/dri/card0 800x480@60")
public enum Log {
    public enum Level: Int32, Comparable, Sendable {
        case error = 3, warning = 4, notice = 5, info = 6, debug = 7
        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
        var word: String {
            switch self { case .error: "error"; case .warning: "warning"; case .notice: "notice"; case .info: "info"; case .debug: "debug" }
        }
    }
    /// Lines above this level are dropped (`KIOSK_LOG=debug` raises it).
    nonisolated(unsafe) public static var threshold: Level = .info
    /// True under systemd: journald parses the `<N>` prefix.
    nonisolated(unsafe) static var journal: Bool = getenv("JOURNAL_STREAM") != nil

    public static func write(_ level: Level, _ message: String) {
        guard level <= threshold else { return }
        let line = journal ? "<\(level.rawValue)>\(message)\n" : "kiosk: \(level.word): \(message)\n"
        var bytes = Array(line.utf8)
        bytes.withUnsafeMutableBytes { b in
            var off = 0
            while off < b.count {
                let n = Glibc.write(2, b.baseAddress! + off, b.count - off)
                if n < 0 { if errno == EINTR { continue } else { return } }
                off += n
            }
        }
    }
    public static func error(_ m: String) { write(.error, m) }
    public static func warning(_ m: String) { write(.warning, m) }
    public static func notice(_ m: String) { write(.notice, m) }
    public static func info(_ m: String) { write(.info, m) }
    public static func debug(_ m: String) { write(.debug, m) }
}
