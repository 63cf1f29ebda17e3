#if canImport(Glibc)
import Glibc
#endif
// Diagnostics: runtime warnings for programmer errors the engine survives (duplicate ids,
// state changed during a body, bad frame sizes). They go to stderr like SwiftUI's console
// warnings, and to the graph being updated so tests can read them.

/// Collects the engine's runtime warnings.
public enum Diagnostics {
    /// The warnings of the graph being updated on this thread; nil outside an update.
    static var sink: WarningSink? {
        get { ThreadContext.current.sink }
        set { ThreadContext.current.sink = newValue }
    }
    /// When false, warnings are only recorded, not printed (tests that provoke them on purpose).
    nonisolated(unsafe) public static var printsWarnings = true

    static func warn(_ message: String) {
        sink?.warnings.append(message)
        if printsWarnings {
            var stderr = StandardError()
            print("kiosk warning: \(message)", to: &stderr)
        }
    }
}

final class WarningSink { var warnings: [String] = [] }

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) { fputs(string, stderr) }
}
