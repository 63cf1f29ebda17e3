// CrashGuardTests: the crash handler in a forked child (a crash must not take the test runner
// down). The child's "console" and "DRM card" are a pipe, so every restoring ioctl fails with
// ENOTTY as it would with no VT; the handler must still report, re-raise and die of the signal.
// That the VT really returns to KD_TEXT is checked on a real VT by the QEMU test (Tests/E2E).
#if canImport(Glibc)
import Glibc
#endif
import Testing
import CDRM
@testable import Kiosk

@Suite struct CrashGuardTests {
    /// Forks, crashes the child the way `kind` says with the guard installed; returns the signal the
    /// child died of (nil if it exited) and what it wrote to stderr.
    static func crashChild(_ kind: Int32, console: Bool = true) -> (signal: Int32?, stderr: String) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return (nil, "pipe failed") }
        let pid = fork()
        if pid == 0 {
            // Child: C calls only (async-signal-safe after fork in a threaded process).
            dup2(fds[1], 2)
            if console { kiosk_crash_guard_console(fds[1], 0, 1) }
            kiosk_crash_guard_drm(fds[1])
            if kiosk_crash_guard_install() != 0 { _exit(90) }
            if kind == 0 { kiosk_crash_segv() }
            if kind == 1 { _ = kiosk_crash_overflow(nil) }
            if kind == 2 { abort() }
            _exit(91)
        }
        close(fds[1])
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 256)
        while true {
            let n = read(fds[0], &buf, buf.count)
            if n <= 0 { break }
            out += buf[0..<n]
        }
        close(fds[0])
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        let sig = status & 0x7f
        return (sig != 0 && sig != 0x7f ? sig : nil, String(decoding: out, as: UTF8.self))
    }

    @Test(arguments: [(Int32(0), Int32(SIGSEGV)), (Int32(1), Int32(SIGSEGV)), (Int32(2), Int32(SIGABRT))] as [(Int32, Int32)])
    func crashRestoresThenDiesOfTheSameSignal(kind: Int32, expected: Int32) {
        let (sig, err) = Self.crashChild(kind)
        #expect(sig == expected, "child status: signal \(String(describing: sig)), stderr: \(err)")
        let two = expected < 10 ? "0\(expected)" : "\(expected)"
        // The pipe standing in for the VT refuses the ioctls, and the handler says so.
        #expect(err == "kiosk: fatal signal \(two); restoring the VT failed\n")
    }

    @Test func crashWithoutAVTSaysSo() {
        let (sig, err) = Self.crashChild(0, console: false)
        #expect(sig == SIGSEGV && err == "kiosk: fatal signal 11 (no VT to restore)\n")
    }

    @Test func malformedDebugCrashSettingsAreRefusedNotObeyed() {
        #expect(CrashGuard.scheduleDebugCrash(environment: [:]) == nil)
        let bad = CrashGuard.scheduleDebugCrash(environment: ["KIOSK_DEBUG_CRASH_AFTER": "soon"])
        #expect(bad?.contains("not a number of seconds") == true)
        let kind = CrashGuard.scheduleDebugCrash(environment: ["KIOSK_DEBUG_CRASH_AFTER": "1", "KIOSK_DEBUG_CRASH": "explode"])
        #expect(kind?.contains("segv, overflow, trap, abort") == true)
    }
}
