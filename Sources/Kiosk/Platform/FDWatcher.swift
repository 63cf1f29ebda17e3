// FDWatcher: readiness of descriptors that can go away under us — the evdev nodes of input devices
// that are unplugged — watched with poll(2) on one thread of kiosk's own, not with libdispatch's
// read sources.
//
// The control socket's connections are watched here too: a client that hangs up is the same case.
//
// Why: libdispatch's epoll backend on Linux can use a freed `dispatch_muxnote` in
// `_dispatch_event_loop_drain` when a read source's descriptor hangs up (EPOLLHUP, which epoll
// cannot mask) while the source is being cancelled: swift-corelibs-libdispatch issue #949, and
// swift-subprocess moved to its own epoll for the same crash. kiosk hit it in the QEMU test:
// a uinput keyboard destroyed right after typing killed the kiosk with SIGSEGV on libdispatch's
// manager thread (backtrace: `_dispatch_event_loop_drain` ← `_dispatch_mgr_invoke`), about once in
// 60 runs on a loaded 2-core host. Descriptors that never hang up (the display's DRM fd, inotify,
// the uevent socket) stay on dispatch sources.
//
// The contract: `watch` runs its handler on the watcher's thread each time the descriptor is
// readable, hung up or in error, until the handler returns false or `unwatch` is called. After
// `unwatch(token, done:)`, `done` runs on the watcher's thread once the handler can never run
// again and the descriptor is in no poll set: only then may the descriptor be closed (a closed
// number can be reused by the next open at once). Handlers read what is there (non-blocking) and
// hand the result to the main queue; they must not block.
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import CDRM

final class FDWatcher: @unchecked Sendable {
    /// The one watcher kiosk's input devices share (its thread starts with the first watch).
    static let shared = FDWatcher()

    private struct Watch {
        let fd: Int32
        let events: Int16
        let handler: () -> Bool
    }
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var watches: [Int: Watch] = [:]
    /// The `done` callbacks of watches removed since the thread last built its poll set.
    private var finished: [() -> Void] = []
    private var nextToken = 1
    /// A pipe whose write end wakes the thread's poll when the set changes.
    private var wakeFD: Int32 = -1, wakeWriteFD: Int32 = -1
    private var thread: pthread_t?

    init() {
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }

    /// Watches `fd`; `handler` runs on the watcher's thread whenever it is readable (`writable`:
    /// writable), hung up or in error, and returns whether to keep watching. Returns the token
    /// for `unwatch`, or nil when the watcher's thread cannot be started (then nothing is
    /// watched; the reason is logged).
    func watch(_ fd: Int32, writable: Bool = false, _ handler: @escaping () -> Bool) -> Int? {
        let token: Int? = locked {
            guard startLocked() else { return nil }
            let t = nextToken
            nextToken += 1
            watches[t] = Watch(fd: fd, events: Int16(writable ? POLLOUT : POLLIN | POLLPRI), handler: handler)
            return t
        }
        if token != nil { wake() }
        return token
    }

    /// Stops watching `token` (already stopped — its handler returned false — is fine); `done`
    /// runs on the watcher's thread once the handler can run no more and the descriptor is no
    /// longer polled (close it then).
    func unwatch(_ token: Int, done: @escaping () -> Void = {}) {
        let removed: Watch? = locked {
            finished.append(done)
            return watches.removeValue(forKey: token)
        }
        _ = removed   // released outside the lock: its handler may hold the descriptor's owner
        wake()
    }

    /// The number of descriptors watched now.
    var count: Int { locked { watches.count } }

    private func wake() {
        var one: UInt8 = 1
        _ = Glibc.write(wakeWriteFD, &one, 1)   // a full pipe already wakes it
    }

    /// Starts the thread (once; the lock is held). False when it cannot be.
    private func startLocked() -> Bool {
        if thread != nil { return true }
        if wakeFD < 0 {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                Log.error("input: pipe: \(Errno.current); input devices cannot be read")
                return false
            }
            for fd in ends {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            wakeFD = ends[0]; wakeWriteFD = ends[1]
        }
        var t = pthread_t()
        let me = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&t, nil, { arg in
            let watcher = Unmanaged<FDWatcher>.fromOpaque(arg!).takeRetainedValue()
            watcher.run()
        }, me)
        guard rc == 0 else {
            Unmanaged<FDWatcher>.fromOpaque(me).release()
            Log.error("input: cannot start the input thread: \(Errno(rawValue: rc)); input devices cannot be read")
            return false
        }
        pthread_detach(t)
        thread = t
        return true
    }

    private func run() -> Never {
        CrashGuard.prepareThread()
        var tokens: [Int] = []
        var fds: [pollfd] = []
        var drained = [UInt8](repeating: 0, count: 64)
        while true {
            // One look at the set: the watches to poll, and the watches removed since the last
            // look, whose descriptors are polled no more from here on.
            let done: [() -> Void] = locked {
                tokens.removeAll(keepingCapacity: true)
                fds.removeAll(keepingCapacity: true)
                fds.append(pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0))
                for (t, w) in watches {
                    tokens.append(t)
                    fds.append(pollfd(fd: w.fd, events: w.events, revents: 0))
                }
                let d = finished
                finished.removeAll()
                return d
            }
            for d in done { d() }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno != EINTR { Log.warning("input: poll: \(Errno.current)") }
                continue
            }
            if fds[0].revents != 0 { while Glibc.read(wakeFD, &drained, drained.count) == drained.count {} }
            for i in 1..<fds.count where fds[i].revents != 0 {
                let token = tokens[i - 1]
                // Unwatched since the poll began: its handler runs no more.
                guard let handler = locked({ watches[token]?.handler }) else { continue }
                let keep = handler()
                // A descriptor closed under us (POLLNVAL) would be reported for ever.
                if !keep || fds[i].revents & Int16(POLLNVAL) != 0 {
                    let removed = locked { watches.removeValue(forKey: token) }
                    _ = removed
                }
            }
        }
    }
}
