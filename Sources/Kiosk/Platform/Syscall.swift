// Syscall: the one layer every Platform system call passes through. It retries EINTR (signals
// arrive while the frame loop sleeps and while ioctls wait for vblank) and turns -1 into a thrown
// `Errno`, so no caller reads `errno` itself.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CDRM

/// Thin wrappers over the system calls kiosk uses. Each retries `EINTR` and throws ``Errno``.
public enum Syscall {
    /// Runs `body` until it returns something other than -1 with `EINTR`; throws the errno of any
    /// other failure.
    @inlinable @discardableResult
    public static func retrying<T: FixedWidthInteger>(_ body: () -> T) throws -> T {
        while true {
            let r = body()
            if r != -1 { return r }
            let e = Errno.current
            if e != .interrupted { throw e }
        }
    }

    public static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) throws -> Int32 {
        try retrying { Glibc.open(path, flags | O_CLOEXEC, mode) }
    }

    public static func close(_ fd: Int32) {
        // close must not be retried on Linux: the descriptor is gone even when it reports EINTR.
        _ = Glibc.close(fd)
    }

    /// Reads up to `count` bytes; returns 0 at end of file. `EAGAIN` is thrown as ``Errno/wouldBlock``.
    public static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) throws -> Int {
        try retrying { Glibc.read(fd, buffer, count) }
    }

    public static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) throws -> Int {
        try retrying { Glibc.write(fd, buffer, count) }
    }

    /// Writes every byte, continuing after short writes.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
        var done = 0
        try bytes.withUnsafeBytes { raw in
            while done < raw.count {
                done += try write(fd, raw.baseAddress! + done, raw.count - done)
            }
        }
    }

    /// Replaces the file at `path` with `bytes`, atomically: written to a temporary file beside
    /// it (unique per process and call), flushed with fsync, then renamed over `path`, so a
    /// power cut leaves the old contents or the new, never a mix. With `syncDirectory` the
    /// folder is flushed too (the rename itself survives a power cut). On failure the temporary
    /// file is removed and the errno thrown; `path` is untouched.
    ///
    /// ```swift
    /// try Syscall.writeFileAtomically(path: "/var/lib/app/state.json", bytes: json, mode: 0o644)
    /// ```
    public static func writeFileAtomically(path: String, bytes: [UInt8], mode: mode_t, syncDirectory: Bool = false) throws {
        let temp = path + ".tmp\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = try open(temp, O_WRONLY | O_CREAT | O_TRUNC, mode)
        var isOpen = true
        do {
            try writeAll(fd, bytes)
            try retrying { fsync(fd) }
            close(fd); isOpen = false
            try retrying { rename(temp, path) }
        } catch {
            // Never closed twice: another thread may have been given the number meanwhile.
            if isOpen { close(fd) }
            unlink(temp)
            throw error
        }
        guard syncDirectory else { return }
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        if let dfd = try? open(dir, O_RDONLY | O_DIRECTORY) { _ = fsync(dfd); close(dfd) }
    }

    /// `ioctl` with a pointer argument.
    @discardableResult
    public static func ioctl(_ fd: Int32, _ request: UInt, _ arg: UnsafeMutableRawPointer?) throws -> Int32 {
        try retrying { kiosk_ioctl_ptr(fd, request, arg) }
    }

    /// `ioctl` with an integer argument.
    @discardableResult
    public static func ioctl(_ fd: Int32, _ request: UInt, value: UInt) throws -> Int32 {
        try retrying { kiosk_ioctl_int(fd, request, value) }
    }

    /// `ioctl` filling a value of type `T`.
    public static func ioctl<T>(_ fd: Int32, _ request: UInt, into value: inout T) throws {
        try withUnsafeMutablePointer(to: &value) { p in _ = try ioctl(fd, request, UnsafeMutableRawPointer(p)) }
    }

    /// Maps `length` bytes of `fd` shared and read-write.
    public static func mmap(_ fd: Int32, length: Int, offset: Int = 0) throws -> UnsafeMutableRawPointer {
        let p = Glibc.mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        if p == MAP_FAILED || p == nil { throw Errno.current }
        return p!
    }

    public static func munmap(_ p: UnsafeMutableRawPointer, length: Int) { _ = Glibc.munmap(p, length) }

    /// Waits up to `timeoutMs` for `events` on `fd`; true when ready.
    public static func poll(_ fd: Int32, events: Int16 = Int16(POLLIN), timeoutMs: Int32) throws -> Bool {
        var p = pollfd(fd: fd, events: events, revents: 0)
        return try retrying { Glibc.poll(&p, 1, timeoutMs) } > 0
    }

    /// Entries of a directory (no "." or ".."), sorted; empty when it cannot be read.
    public static func listDirectory(_ path: String) -> [String] {
        guard let d = opendir(path) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) { p in
                p.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Whole contents of a small file (sysfs, config), or nil.
    public static func readFile(_ path: String, limit: Int = 1 << 20) -> [UInt8]? {
        guard let fd = try? open(path, O_RDONLY) else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while out.count < limit {
            let n = (try? buf.withUnsafeMutableBytes { try read(fd, $0.baseAddress!, $0.count) }) ?? 0
            if n <= 0 { break }
            out.append(contentsOf: buf[0..<n])
        }
        return out
    }

    /// Monotonic clock in seconds (CLOCK_MONOTONIC, the clock DRM flip events use).
    public static func monotonicNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// CPU time the calling thread has used, in seconds (CLOCK_THREAD_CPUTIME_ID): what a
    /// benchmark on a shared machine reads so that other processes' time slices do not count.
    public static func threadCPUNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
