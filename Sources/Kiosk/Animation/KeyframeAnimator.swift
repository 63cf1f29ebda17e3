// KeyframeAnimator (iOS 17): content rebuilt every frame with a value sampled from a
// KeyframeTimeline, looping or once per trigger change.
//
// It is a TimelineView whose schedule asks for the next frame only while a timeline runs, so
// only the content closure's subtree re-evaluates each frame (the animator's parent does not),
// and an idle animator schedules nothing. Time is the graph's (virtual under HeadlessHost,
// `kiosk snapshot` and `kiosk record`), as for every TimelineView.

/// A container that animates its content with keyframes.
///
/// ```swift
/// KeyframeAnimator(initialValue: 1.0, trigger: taps) { scale in
///     Image(systemName: "heart.fill").scaleEffect(scale)
/// } keyframes: { _ in
///     SpringKeyframe(1.4, duration: 0.2)
///     CubicKeyframe(1.0, duration: 0.4)
/// }
/// ```
///
/// The repeating form starts when the view first appears; with `repeating: false` it plays once
/// and holds the last value. The trigger form draws `initialValue` until the trigger changes, then
/// plays the keyframes once, starting from the value it shows (the `keyframes` closure receives
/// it); a change while playing restarts from the value shown at that moment. Keyframes lasting
/// zero seconds in all show their end value at once and schedule nothing.
public struct KeyframeAnimator<Value, KeyframePath: Keyframes, Content: View>: View where KeyframePath.Value == Value {
    let initialValue: Value
    let trigger: _PhaseTrigger?
    let repeating: Bool
    let content: (Value) -> Content
    let keyframes: (Value) -> KeyframePath
    @State private var clock = _KeyframeClock<Value>()

    /// Plays the keyframes each time `trigger` changes.
    public init(initialValue: Value, trigger: some Equatable,
                @ViewBuilder content: @escaping (Value) -> Content,
                @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath) {
        self.initialValue = initialValue
        self.trigger = _PhaseTrigger(trigger)
        self.repeating = false
        self.content = content
        self.keyframes = keyframes
    }

    /// Plays the keyframes when the view appears, looping while `repeating`.
    public init(initialValue: Value, repeating: Bool = true,
                @ViewBuilder content: @escaping (Value) -> Content,
                @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath) {
        self.initialValue = initialValue
        self.trigger = nil
        self.repeating = repeating
        self.content = content
        self.keyframes = keyframes
    }

    public var body: some View {
        let clock = self.clock
        let animator = self
        return TimelineView(_KeyframeSchedule(clock: clock)) { context in
            animator.content(clock.value(at: context.date, animator))
        }
    }

    fileprivate func makeTimeline(from value: Value) -> KeyframeTimeline<Value> {
        let path = keyframes(value)
        return KeyframeTimeline(initialValue: value) { path }
    }
}

/// A KeyframeAnimator's running state (a reference in `@State`: the TimelineView closure updates
/// it while evaluating, which must not invalidate anything).
final class _KeyframeClock<Value> {
    var started = false
    var lastTrigger: _PhaseTrigger?
    var timeline: KeyframeTimeline<Value>?
    var start = Date(timeIntervalSince1970: 0)
    var current: Value?
    /// True while a timeline is playing (the schedule asks for frames).
    var running: Bool { timeline != nil }

    func value<P, C>(at date: Date, _ a: KeyframeAnimator<Value, P, C>) -> Value {
        if !started {
            started = true
            lastTrigger = a.trigger
            current = a.initialValue
            if a.trigger == nil { begin(a.makeTimeline(from: a.initialValue), at: date) }
        } else if let t = a.trigger, t != lastTrigger {
            lastTrigger = t
            begin(a.makeTimeline(from: current ?? a.initialValue), at: date)
        }
        guard let timeline else { return current ?? a.initialValue }
        let duration = timeline.duration
        var elapsed = max(0, date.timeIntervalSince(start))
        if elapsed >= duration {
            if a.repeating && a.trigger == nil && duration > 0 {
                elapsed = elapsed.truncatingRemainder(dividingBy: duration)
            } else {
                let end = timeline.value(time: duration)
                current = end
                self.timeline = nil
                return end
            }
        }
        let v = timeline.value(time: elapsed)
        current = v
        return v
    }

    private func begin(_ t: KeyframeTimeline<Value>, at date: Date) {
        timeline = t
        start = date
    }
}

/// Frames while the clock runs, none once it stops.
struct _KeyframeSchedule<Value>: TimelineSchedule {
    let clock: _KeyframeClock<Value>
    func nextDate(after date: Date) -> Date? {
        clock.running ? date.addingTimeInterval(1.0 / 60) : nil
    }
}

extension View {
    /// Loops the given keyframes over the modifiers `content` applies to this view.
    ///
    /// ```swift
    /// Circle().keyframeAnimator(initialValue: 0.0) { content, y in content.offset(y: y) }
    ///     keyframes: { _ in CubicKeyframe(-30, duration: 0.3); CubicKeyframe(0, duration: 0.5) }
    /// ```
    public func keyframeAnimator<Value, V: View, K: Keyframes>(
        initialValue: Value, repeating: Bool = true,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> V,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> K) -> some View where K.Value == Value {
        let base = PlaceholderContentView<Self>(self)
        return KeyframeAnimator(initialValue: initialValue, repeating: repeating, content: { content(base, $0) }, keyframes: keyframes)
    }

    /// Plays the given keyframes over the modifiers `content` applies to this view each time
    /// `trigger` changes.
    public func keyframeAnimator<Value, V: View, K: Keyframes>(
        initialValue: Value, trigger: some Equatable,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> V,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> K) -> some View where K.Value == Value {
        let base = PlaceholderContentView<Self>(self)
        return KeyframeAnimator(initialValue: initialValue, trigger: trigger, content: { content(base, $0) }, keyframes: keyframes)
    }
}
