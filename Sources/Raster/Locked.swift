// Locked: a value behind a pthread mutex, for state that several threads share (caches, pools,
// registries). Not Synchronization's `Mutex`: that one waits on a futex with atomics
// ThreadSanitizer does not instrument, so TSan saw no ordering between two locked accesses and
// reported them as a race (`scripts/sanitize thread`); pthread mutexes are intercepted.
// The value lives in its own allocation, not in a stored property: a property's `inout` access
// is an exclusivity-checked "Swift access", and for an empty value (`Locked(())`, a lock with
// nothing in it) TSan placed that access on the object's header, which other threads read
// (generic metadata) before taking the lock — a race report for a correct lock.
// Uncontended a `withLock` costs ~20 ns. The body must not call `withLock` on the same value
// (the mutex is not recursive).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

public final class Locked<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)

    public init(_ value: Value) {
        storage.initialize(to: value)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    @inline(__always)
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&storage.pointee)
    }
}
