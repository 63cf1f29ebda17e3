// ThreadContext: what the graph being updated on this thread is doing (the node whose body
// runs, where warnings go). Per thread, not global, because tests run several hosts at once
// on different threads; a pthread key costs a few nanoseconds per state read.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

final class ThreadContext {
    /// The node whose body (or child list) is being evaluated: state reads register on it.
    var reader: Node?
    /// Where warnings go.
    var sink: WarningSink?
    /// The transaction `withAnimation`/`withTransaction` put in effect (nil outside them), and
    /// an id that tells one such call from the next (writes of different calls are committed
    /// separately, the earlier first).
    var transaction: Transaction?
    var transactionID = 0
    /// withAnimation completions not yet claimed by a graph update.
    @exclusivity(unchecked) var unclaimedCompletions: [AnimationCompletionListener] = []
    /// The graph whose work runs on this thread (its timers' clock; see GraphClock).
    var graph: ViewGraph?
    /// Timers made while a host builds its content, before its graph exists (GraphClock.collecting).
    var collectedClockEntries: [(delay: Double, action: GraphClock.Action)]?

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<ThreadContext>.fromOpaque(pointer).release() }
        }
        return key
    }()

    static var current: ThreadContext {
        if let p = pthread_getspecific(key) { return Unmanaged<ThreadContext>.fromOpaque(p).takeUnretainedValue() }
        let context = ThreadContext()
        pthread_setspecific(key, Unmanaged.passRetained(context).toOpaque())
        return context
    }
}
