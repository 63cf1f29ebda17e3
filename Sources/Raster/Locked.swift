// Locked: a value behind a pthread mutex, for state that several threads share (caches, pools,
// registries). Not Synchronization's `Mutex`: that one waits on a futex with atomics
// ThreadSanitizer does not instrument, so TSan saw no ordering between two locked accesses and
// reported them as a race (`scripts/sanitize thread`); pthread mutexes are intercepted.
// Uncontended a `withLock` costs ~20 ns. The body must not call `withLock` on the same value
// (the mutex is not recursive).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

public final class Locked<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    @inline(__always)
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
