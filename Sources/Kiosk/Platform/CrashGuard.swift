// CrashGuard: the crash path. A fatal signal puts the VT back in text mode with automatic VT
// switching and drops DRM master before the process dies, so a crashed kiosk leaves a usable
// console, and the exit status stays the signal's (the handler re-raises it). The handler itself is
// C (shim.h: async-signal-safe, alternate stack); this file is the only caller of those functions,
// always from @inline(never) functions, because their state is per object file.
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import CDRM

/// Restores the console when kiosk crashes.
enum CrashGuard {
    /// Installs the fatal-signal handler (once). Logs and carries on when it cannot.
    @inline(never) static func install() {
        if kiosk_crash_guard_install() != 0 { Log.warning("console: crash handler: \(Errno.current); a crash may leave the console in graphics mode") }
    }

    /// The VT to restore on a crash: put `kdMode` back, and automatic switching if `processMode`.
    @inline(never) static func protectConsole(fd: Int32, kdMode: Int32, processMode: Bool) {
        install()
        kiosk_crash_guard_console(fd, kdMode, processMode ? 1 : 0)
    }
    /// The console was restored normally: nothing left to do on a crash.
    @inline(never) static func releaseConsole() { kiosk_crash_guard_console(-1, 0, 0) }

    /// The DRM card whose master a crash drops (so another process can take the screen at once).
    @inline(never) static func protectDRM(fd: Int32) { kiosk_crash_guard_drm(fd) }
    @inline(never) static func releaseDRM() { kiosk_crash_guard_drm(-1) }

    static var isInstalled: Bool { installed() }
    @inline(never) private static func installed() -> Bool { kiosk_crash_guard_installed() != 0 }

    /// Gives the calling thread an alternate signal stack, so a stack overflow there still reaches
    /// the handler. Every main-queue entry point of the frame loop calls it: under dispatchMain()
    /// the main queue runs on worker threads (a thread-local flag makes repeats free).
    @inline(never) static func prepareThread() { _ = kiosk_crash_guard_thread() }

    /// The debug crashes `KIOSK_DEBUG_CRASH` names.
    enum Kind: String, CaseIterable {
        /// A write through a bad pointer: SIGSEGV.
        case segv
        /// Unbounded recursion into the stack guard page: SIGSEGV handled on the alternate stack.
        case overflow
        /// A Swift runtime trap (what a failed precondition or force-unwrap does): SIGILL on x86-64,
        /// SIGTRAP on arm64.
        case trap
        /// abort(): SIGABRT.
        case abort
    }

    /// Debug hook for the QEMU test of this very path, documented in `kiosk run --help`:
    /// `KIOSK_DEBUG_CRASH_AFTER=SECONDS` crashes kiosk that long after its first frame, the way
    /// `KIOSK_DEBUG_CRASH=segv|overflow|trap|abort` says (default segv). Returns a message for a
    /// malformed value instead of crashing.
    static func scheduleDebugCrash(environment: [String: String]) -> String? {
        guard let after = environment["KIOSK_DEBUG_CRASH_AFTER"] else { return nil }
        guard let seconds = Double(after), seconds >= 0, seconds.isFinite else {
            return "KIOSK_DEBUG_CRASH_AFTER=\(after) is not a number of seconds; no debug crash"
        }
        let name = environment["KIOSK_DEBUG_CRASH"] ?? "segv"
        guard let kind = Kind(rawValue: name) else {
            return "KIOSK_DEBUG_CRASH=\(name) is none of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")); no debug crash"
        }
        Log.warning("debug: crashing (\(kind.rawValue)) in \(seconds) s as KIOSK_DEBUG_CRASH_AFTER asks")
        // qos: names libdispatch's own method (the two-argument one runs on the screen's clock).
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds, qos: .unspecified) { prepareThread(); crash(kind) }
        return nil
    }

    @inline(never) static func crash(_ kind: Kind) {
        switch kind {
        case .segv: kiosk_crash_segv()
        case .overflow: _ = kiosk_crash_overflow(nil)
        case .trap: precondition(getpid() < 0, "KIOSK_DEBUG_CRASH=trap")
        case .abort: Glibc.abort()
        }
    }
}
