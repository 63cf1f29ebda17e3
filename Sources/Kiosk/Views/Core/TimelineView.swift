// TimelineView: content rebuilt on a schedule (clocks, tickers), on the host's virtual clock.

/// When a TimelineView updates.
public protocol TimelineSchedule {
    /// The first update date after `date`, or nil when there is none.
    func nextDate(after date: Date) -> Date?
    /// The schedule's entry that an update at `date` shows: the latest entry at or before it
    /// (SwiftUI's `context.date` is "the date from the schedule that triggered the update",
    /// not the clock). Defaults to `date` itself (a schedule that updates every frame).
    func entryDate(atOrBefore date: Date) -> Date
}

extension TimelineSchedule {
    public func entryDate(atOrBefore date: Date) -> Date { date }
}

/// Updates every `interval` seconds from a start date.
public struct PeriodicTimelineSchedule: TimelineSchedule {
    let start: Date
    let interval: TimeInterval
    public init(from startDate: Date, by interval: TimeInterval) {
        start = startDate
        self.interval = interval.isFinite && interval > 0.001 ? interval : 1
    }
    public func nextDate(after date: Date) -> Date? {
        let elapsed = date.timeIntervalSince(start)
        if elapsed < 0 { return start }
        let n = (elapsed / interval).rounded(.down) + 1
        return start.addingTimeInterval(n * interval)
    }
    public func entryDate(atOrBefore date: Date) -> Date {
        let elapsed = date.timeIntervalSince(start)
        // Before the first entry nothing is scheduled yet: the view shows the clock.
        guard elapsed >= 0, elapsed.isFinite else { return date }
        // A hair of tolerance: a frame sampled 1 ns before an entry (float time) shows it.
        return start.addingTimeInterval(((elapsed + 1e-9) / interval).rounded(.down) * interval)
    }
}

/// Updates at the start of every minute.
public struct EveryMinuteTimelineSchedule: TimelineSchedule {
    public init() {}
    public func nextDate(after date: Date) -> Date? {
        let t = date.timeIntervalSince1970
        return Date(timeIntervalSince1970: ((t / 60).rounded(.down) + 1) * 60)
    }
    public func entryDate(atOrBefore date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }
}

/// Updates every frame (or every `minimumInterval`), unless paused.
public struct AnimationTimelineSchedule: TimelineSchedule {
    let minimumInterval: Double?
    let paused: Bool
    public init(minimumInterval: Double? = nil, paused: Bool = false) { self.minimumInterval = minimumInterval; self.paused = paused }
    public func nextDate(after date: Date) -> Date? {
        paused ? nil : date.addingTimeInterval(max(minimumInterval ?? 0, 1.0 / 60))
    }
}

/// Updates at the given dates.
public struct ExplicitTimelineSchedule: TimelineSchedule {
    let dates: [Date]
    public init<S: Sequence>(_ dates: S) where S.Element == Date { self.dates = dates.sorted() }
    public func nextDate(after date: Date) -> Date? { dates.first { $0 > date } }
    public func entryDate(atOrBefore date: Date) -> Date { dates.last { $0 <= date } ?? date }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}
extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}
extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}
extension TimelineSchedule where Self == ExplicitTimelineSchedule {
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule where S.Element == Date {
        ExplicitTimelineSchedule(dates)
    }
}

/// What a TimelineView's content closure receives.
public struct TimelineViewDefaultContext {
    /// The date of this update (the host's virtual clock).
    public let date: Date
    public enum Cadence: Comparable, Sendable { case live, seconds, minutes }
    public let cadence: Cadence
}

/// A view rebuilt on a schedule.
///
/// ```swift
/// TimelineView(.periodic(from: .now, by: 1)) { context in
///     Text("\(Int(context.date.timeIntervalSince1970) % 60)")
/// }
/// ```
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View, PrimitiveView {
    /// What the content closure receives. Not nested in the generic type (SwiftUI's spelling
    /// too): a closure parameter whose type depended on `Content` left `Content` impossible to
    /// infer from a one-expression closure (`TimelineView(.animation) { t in Dot(t: t.date) }`).
    public typealias Context = TimelineViewDefaultContext
    let schedule: Schedule
    let content: (Context) -> Content
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule; self.content = content
    }
    public var body: Never { bodyNeverCalled("TimelineView") }

    func makeChildren(_ list: inout ChildList) {
        guard let node = ViewGraph.currentReader else { return }
        let graph = node.graph
        let now = graph.startDate.addingTimeInterval(graph.time)
        list.append(content(Context(date: schedule.entryDate(atOrBefore: now), cadence: .live)), key: 0)
        if let next = schedule.nextDate(after: now) {
            graph.schedule(node, at: max(graph.time + 0.001, next.timeIntervalSince(graph.startDate)))
        }
    }
}
