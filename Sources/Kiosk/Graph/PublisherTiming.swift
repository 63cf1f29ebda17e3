// debounce and delay: the two time-based operators SwiftUI models chain (`$searchText
// .debounce(for: .milliseconds(300), scheduler: RunLoop.main)`). They wait on the screen's clock
// (Graph/GraphClock.swift) like Timer, so a debounced model follows virtual time offscreen. The
// scheduler argument is accepted as in Combine (DispatchQueue.main, RunLoop.main) and only says
// "the main queue": values are delivered there, between frames.

/// A scheduler interval, as Combine's `SchedulerTimeType.Stride` is spelled: `.milliseconds(300)`,
/// `.seconds(1)`, or a number of seconds (`0.5`).
public struct SchedulerStride: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, Comparable, Hashable, Sendable {
    /// The interval in seconds.
    public var seconds: Double
    public init(seconds: Double) { self.seconds = seconds }
    public init(floatLiteral value: Double) { seconds = value }
    public init(integerLiteral value: Int) { seconds = Double(value) }
    public static func seconds(_ s: Double) -> SchedulerStride { SchedulerStride(seconds: s) }
    public static func seconds(_ s: Int) -> SchedulerStride { SchedulerStride(seconds: Double(s)) }
    public static func milliseconds(_ ms: Int) -> SchedulerStride { SchedulerStride(seconds: Double(ms) / 1e3) }
    public static func microseconds(_ us: Int) -> SchedulerStride { SchedulerStride(seconds: Double(us) / 1e6) }
    public static func nanoseconds(_ ns: Int) -> SchedulerStride { SchedulerStride(seconds: Double(ns) / 1e9) }
    public static func < (a: SchedulerStride, b: SchedulerStride) -> Bool { a.seconds < b.seconds }
}

// The scheduler parameter is typed (DispatchQueue or kiosk's RunLoop), not generic: in a file that
// also imports Foundation, `scheduler: RunLoop.main` then means kiosk's RunLoop (a generic
// parameter left `RunLoop.main` ambiguous between the two modules' types).
extension Publisher {
    /// Passes a value on only once `dueTime` has passed without a newer one (the newest wins).
    /// A negative or NaN interval is 0: the value goes out on the next frame.
    public func debounce(for dueTime: SchedulerStride, scheduler: DispatchQueue, options: Never? = nil) -> Publishers.Debounce<Self> {
        Publishers.Debounce(upstream: self, dueTime: dueTime.seconds)
    }
    public func debounce(for dueTime: SchedulerStride, scheduler: RunLoop, options: Never? = nil) -> Publishers.Debounce<Self> {
        Publishers.Debounce(upstream: self, dueTime: dueTime.seconds)
    }
    /// Passes every value on `interval` later.
    public func delay(for interval: SchedulerStride, tolerance: SchedulerStride? = nil, scheduler: DispatchQueue,
                      options: Never? = nil) -> Publishers.Delay<Self> {
        Publishers.Delay(upstream: self, interval: interval.seconds)
    }
    public func delay(for interval: SchedulerStride, tolerance: SchedulerStride? = nil, scheduler: RunLoop,
                      options: Never? = nil) -> Publishers.Delay<Self> {
        Publishers.Delay(upstream: self, interval: interval.seconds)
    }
}

extension Publishers {
    public struct Debounce<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let dueTime: Double
        public func subscribe(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            let state = DebounceState<Output>()
            let delay = dueTime > 0 ? dueTime : 0
            let inner = upstream.subscribe { [weak state] value in
                guard let state else { return }
                state.generation &+= 1
                let mine = state.generation
                state.latest = value
                GraphClock.scheduleOnCurrent(after: delay, .block { [weak state] in
                    guard let state, !state.cancelled, state.generation == mine, let v = state.latest else { return }
                    receiveValue(v)
                })
            }
            return AnyCancellable { state.cancelled = true; inner.cancel() }
        }
    }

    public struct Delay<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Double
        public func subscribe(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            let state = DebounceState<Output>()
            let delay = interval > 0 ? interval : 0
            let inner = upstream.subscribe { [weak state] value in
                GraphClock.scheduleOnCurrent(after: delay, .block { [weak state] in
                    guard let state, !state.cancelled else { return }
                    receiveValue(value)
                })
            }
            return AnyCancellable { state.cancelled = true; inner.cancel() }
        }
    }
}

final class DebounceState<Output> {
    var generation = 0
    var latest: Output?
    var cancelled = false
}
