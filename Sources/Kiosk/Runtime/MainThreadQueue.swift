// MainThreadQueue: the main queue served on the main thread, as CoreFoundation's run loop serves
// it (and as on Darwin, where main-queue blocks always run on the main thread), without linking
// CoreFoundation (its ICU data is ≈ 50 MB of a static kiosk).
//
// Under `dispatchMain()` the main thread exits and libdispatch runs main-queue blocks on worker
// threads. Foundation then does not see them as main-thread code: `OperationQueue.current` is nil
// inside them, so `NotificationCenter.default.post` from a view's handler, with an observer added
// with `queue: .main`, hands the observer to `OperationQueue.main` and waits for it — on the main
// queue it is itself blocking: a deadlock (swift-corelibs-foundation; issue 39's public programs
// post from `onAppear` and button actions). `Thread.isMainThread` was false in the same blocks.
//
// Here the main thread waits on libdispatch's main-queue handle (an eventfd it writes when a
// block is queued on an empty main queue) and drains the queue with
// `_dispatch_main_queue_callback_4CF`, as CFRunLoop does on Linux. Dispatch sources on the main
// queue (display, input, signals, timers) and main-actor tasks reach it the same way.
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import CDRM

enum MainThreadQueue {
    /// Serves the main queue on the calling thread (the process's main thread) for ever; falls
    /// back to `dispatchMain()` when the handle cannot be waited on.
    static func serveForever() -> Never {
        guard kiosk_is_main_thread() != 0 else { dispatchMain() }
        let fd = mainQueueHandle()
        guard fd >= 0 else {
            Log.warning("main queue: no handle to wait on; using dispatchMain() (main-queue blocks then run off the main thread)")
            dispatchMain()
        }
        // libdispatch makes it non-blocking; make sure, since a read of a drained eventfd would wait.
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 && flags & O_NONBLOCK == 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        var waiter = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var count: UInt64 = 0
        while true {
            // Blocks queued before the first wait (the loop's start) run at once.
            drainMainQueueOnMainThread(nil)
            waiter.revents = 0
            if poll(&waiter, 1, -1) < 0 {
                let e = errno
                if e == EINTR { continue }
                Log.warning("main queue: poll: \(Errno(rawValue: e)); using dispatchMain()")
                dispatchMain()
            }
            // Reset the eventfd before draining: a block queued while the drain runs writes it again.
            _ = read(fd, &count, 8)
        }
    }
}

/// libdispatch's main-queue handle for a run loop on the main thread (an eventfd on Linux).
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
func mainQueueHandle() -> Int32
