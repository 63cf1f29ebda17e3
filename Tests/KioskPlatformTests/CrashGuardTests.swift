// CrashGuardTests: the crash handler in a forked child (a crash must not take the test runner
// down). The child's "console" and "DRM card" are a pipe, so every restoring ioctl fails with
// ENOTTY as it would with no VT; the handler must still report, re-raise and die of the signal.
// That the VT really returns to KD_TEXT is checked on a real VT by the QEMU test (Tests/E2E).
#if canImport(Glibc)
import Glibc
#endif
import Foundation
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
        let lines = err.split(separator: "\n")
        #expect(lines.first == "kiosk: fatal signal \(two); restoring the VT failed", "\(err)")
        #expect(lines.count == 2 && lines[1].hasPrefix("kiosk: backtrace: "), "\(err)")
    }

    @Test func crashWithoutAVTSaysSo() {
        let (sig, err) = Self.crashChild(0, console: false)
        #expect(sig == SIGSEGV && err.hasPrefix("kiosk: fatal signal 11 (no VT to restore)\nkiosk: backtrace: "), "\(err)")
    }

    /// The backtrace names the crashing code: its addresses, symbolized with the test binary by
    /// scripts/symbolize (as a crashed kiosk's journal is), lead from the fault back through
    /// crashChild to this test.
    @Test func theBacktraceLeadsBackToTheCaller() throws {
        let (sig, err) = Self.crashChild(0, console: false)
        #expect(sig == SIGSEGV)
        let line = try #require(err.split(separator: "\n").first { $0.hasPrefix("kiosk: backtrace: ") })
        let addresses = line.dropFirst("kiosk: backtrace: ".count).split(separator: " ")
        #expect(addresses.count >= 3, "\(line)")
        // The test binary is position-independent: every frame of its own is an image offset.
        #expect(addresses.prefix(2).allSatisfy { $0.hasPrefix("kiosk+0x") }, "\(line)")
        let names = try Self.symbolize(String(line))
        #expect(names.contains { $0.contains("crashChild") }, "\(names)")
        #expect(names.contains { $0.contains("theBacktraceLeadsBackToTheCaller") }, "\(names)")
    }

    /// scripts/symbolize on `line` with this test binary: its output lines.
    static func symbolize(_ line: String) throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-backtrace-\(getpid()).log")
        try (line + "\n").write(to: log, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: log) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [root.appendingPathComponent("scripts/symbolize").path, try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), log.path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func malformedDebugCrashSettingsAreRefusedNotObeyed() {
        #expect(CrashGuard.scheduleDebugCrash(environment: [:]) == nil)
        let bad = CrashGuard.scheduleDebugCrash(environment: ["KIOSK_DEBUG_CRASH_AFTER": "soon"])
        #expect(bad?.contains("not a number of seconds") == true)
        let kind = CrashGuard.scheduleDebugCrash(environment: ["KIOSK_DEBUG_CRASH_AFTER": "1", "KIOSK_DEBUG_CRASH": "explode"])
        #expect(kind?.contains("segv, overflow, trap, abort") == true)
    }

    /// What a thread saw of its alternate signal stack.
    final class AltStack: @unchecked Sendable {
        var before: UnsafeMutableRawPointer?   // set by the test before prepareThread (nil: none)
        var after: UnsafeMutableRawPointer?
        var size = 0
    }

    /// Runs `body` on a thread of its own and joins it (so its exit, and the key destructors
    /// that run then, are over when this returns).
    static func onThread(_ box: AltStack, _ body: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?) {
        var thread = pthread_t()
        #expect(pthread_create(&thread, nil, body, Unmanaged.passUnretained(box).toOpaque()) == 0)
        #expect(pthread_join(thread, nil) == 0)
    }

    static func current() -> stack_t { var st = stack_t(); sigaltstack(nil, &st); return st }
    static func disable() { var off = stack_t(); off.ss_flags = Int32(SS_DISABLE); sigaltstack(&off, nil) }

    /// Dispatch's worker threads come and go: the stack kiosk maps for one is unmapped when it
    /// exits (it was kept for the life of the process: 64 KiB a thread, LeakSanitizer).
    @Test func aThreadsAlternateStackIsUnmappedWhenTheThreadExits() {
        let box = AltStack()
        Self.onThread(box) { arg in
            let box = Unmanaged<AltStack>.fromOpaque(arg!).takeUnretainedValue()
            CrashGuardTests.disable()          // start with none (AddressSanitizer gives each thread one)
            CrashGuard.prepareThread()
            let st = CrashGuardTests.current()
            if st.ss_flags & Int32(SS_DISABLE) == 0 { box.after = st.ss_sp; box.size = st.ss_size }
            return nil
        }
        #expect(box.after != nil, "the thread got no alternate stack")
        #expect(box.size == 64 * 1024)
        // msync fails with ENOMEM on pages that are not mapped.
        if let sp = box.after {
            errno = 0
            #expect(msync(sp, box.size, MS_ASYNC) == -1 && errno == ENOMEM, "the thread's alternate stack is still mapped")
        }
    }

    /// A thread that has an alternate stack keeps it: AddressSanitizer gives every thread one and
    /// unmaps it itself at thread exit (replacing it made that unmap fail, and ASan abort).
    @Test func aThreadsOwnAlternateStackIsKept() {
        let box = AltStack()
        let size = 32 * 1024
        box.before = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        #expect(box.before != MAP_FAILED)
        box.size = size
        Self.onThread(box) { arg in
            let box = Unmanaged<AltStack>.fromOpaque(arg!).takeUnretainedValue()
            var mine = stack_t(ss_sp: box.before, ss_flags: 0, ss_size: box.size)
            sigaltstack(&mine, nil)
            CrashGuard.prepareThread()
            box.after = CrashGuardTests.current().ss_sp
            CrashGuardTests.disable()
            return nil
        }
        #expect(box.after == box.before)
        munmap(box.before, size)
    }
}
