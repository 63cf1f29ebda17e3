// Keyframes (iOS 17): the value types a KeyframeTimeline is built from — tracks (`KeyframeTrack`,
// one property each, run in parallel) holding keyframes (`LinearKeyframe`, `CubicKeyframe`,
// `SpringKeyframe`, `MoveKeyframe`, run in sequence) — and the two result builders.
//
// Builders erase as they go: every keyframe becomes a `_KeyframeSegment` in a flat list and
// every track an `_ErasedKeyframeTrack<Root>`, so a timeline is two arrays, resolved once (not
// per frame) into `KeyframeTimeline`'s precomputed segments.

/// A type that defines changes to a value over time.
///
/// ```swift
/// struct Values { var scale = 1.0; var y = 0.0 }
/// let k = KeyframeTimeline(initialValue: Values()) {
///     KeyframeTrack(\.scale) { SpringKeyframe(1.3, duration: 0.3) }
///     KeyframeTrack(\.y) { LinearKeyframe(-20, duration: 0.2); CubicKeyframe(0, duration: 0.4) }
/// }
/// ```
public protocol Keyframes<Value> {
    /// The type of value animated by this keyframes type.
    associatedtype Value
    /// The type of keyframes representing the body of this type.
    associatedtype Body: Keyframes where Body.Value == Value
    /// The composition of content that comprise the keyframes.
    @KeyframesBuilder<Value> var body: Body { get }
}

/// A group of keyframes that define an interpolation curve of an animatable value.
public protocol KeyframeTrackContent<Value> {
    associatedtype Value: Animatable
    associatedtype Body: KeyframeTrackContent where Body.Value == Value
    /// The composition of content that comprise the keyframe track.
    @KeyframeTrackContentBuilder<Value> var body: Body { get }
}

// MARK: - Erased forms

/// One keyframe, erased: what it moves to, how, and for how long (`nil`: a spring's own
/// settling duration).
enum _KeyframeSegmentKind<Data: VectorArithmetic> {
    case linear(UnitCurve)
    case cubic(start: Data?, end: Data?)
    case spring(Spring, start: Data?)
    case move
}

struct _KeyframeSegment<Value: Animatable> {
    let to: Value.AnimatableData
    let duration: Double?
    let kind: _KeyframeSegmentKind<Value.AnimatableData>
}

/// Keyframes a builder collected for one track.
public struct _KeyframeSegmentList<Value: Animatable>: KeyframeTrackContent {
    var segments: [_KeyframeSegment<Value>]
    public var body: Self { return self }   // `return`: no builder transform (primitive)
}

/// A track erased to what the timeline needs: resolving it against the initial value gives a
/// sampler for one property.
struct _ErasedKeyframeTrack<Root> {
    let resolve: (Root) -> _ResolvedKeyframeTrack<Root>
    /// Keyframes written straight into a `KeyframesBuilder` (a track of the whole value): their
    /// segments (as `[_KeyframeSegment<Root>]`) and how to rebuild the track from more of them,
    /// so consecutive ones join one track in sequence instead of running in parallel.
    var direct: (segments: [Any], make: ([Any]) -> _ErasedKeyframeTrack<Root>)? = nil

    /// Tracks in builder order, consecutive whole-value ones joined.
    static func joined(_ parts: [[_ErasedKeyframeTrack<Root>]]) -> [_ErasedKeyframeTrack<Root>] {
        var out: [_ErasedKeyframeTrack<Root>] = []
        for track in parts.joined() {
            if let next = track.direct, let last = out.last?.direct {
                out[out.count - 1] = last.make(last.segments + next.segments)
            } else {
                out.append(track)
            }
        }
        return out
    }
}

/// Tracks a builder collected.
public struct _KeyframeTrackList<Root>: Keyframes {
    public typealias Value = Root
    var tracks: [_ErasedKeyframeTrack<Root>]
    public var body: Self { return self }   // `return`: no builder transform (primitive)
}

/// Flattens any `KeyframeTrackContent` (built-in or a user's type with a body).
func _segments<C: KeyframeTrackContent>(of content: C) -> [_KeyframeSegment<C.Value>] {
    if let list = content as? _KeyframeSegmentList<C.Value> { return list.segments }
    if let one = content as? any _KeyframeSegmentConvertible { return [one._segment(as: C.Value.self)] }
    return _segments(of: content.body)
}

/// Flattens any `Keyframes` (built-in or a user's type with a body).
func _tracks<K: Keyframes>(of keyframes: K) -> [_ErasedKeyframeTrack<K.Value>] {
    if let list = keyframes as? _KeyframeTrackList<K.Value> { return list.tracks }
    if let track = keyframes as? any _KeyframeTrackConvertible { return [track._erased(as: K.Value.self)] }
    return _tracks(of: keyframes.body)
}

protocol _KeyframeSegmentConvertible {
    func _segment<V: Animatable>(as: V.Type) -> _KeyframeSegment<V>
}

protocol _KeyframeTrackConvertible {
    func _erased<R>(as: R.Type) -> _ErasedKeyframeTrack<R>
}

// MARK: - Keyframes

/// A keyframe that uses simple linear interpolation (shaped by `timingCurve`).
///
/// ```swift
/// LinearKeyframe(1.5, duration: 0.2, timingCurve: .easeOut)
/// ```
public struct LinearKeyframe<Value: Animatable>: KeyframeTrackContent, _KeyframeSegmentConvertible {
    let to: Value
    let duration: TimeInterval
    let timingCurve: UnitCurve
    /// Creates a new keyframe using the given value and timestamp.
    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
        self.to = to; self.duration = duration; self.timingCurve = timingCurve
    }
    public var body: Self { return self }   // `return`: no builder transform (primitive)
    func _segment<V: Animatable>(as: V.Type) -> _KeyframeSegment<V> {
        _KeyframeSegment(to: (to as! V).animatableData, duration: duration, kind: .linear(timingCurve))
    }
}

/// A keyframe that uses a cubic curve to smoothly interpolate between values.
///
/// Adjacent cubic keyframes make a Catmull-Rom spline; next to another kind of keyframe a cubic
/// one takes that neighbour's end (or start) velocity. At the very start of a track the value
/// starts at rest, and at the very end it comes to rest, unless you give the velocities.
public struct CubicKeyframe<Value: Animatable>: KeyframeTrackContent, _KeyframeSegmentConvertible {
    let to: Value
    let duration: TimeInterval
    let startVelocity: Value?
    let endVelocity: Value?
    /// Creates a new keyframe using the given value and timestamp.
    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        self.to = to; self.duration = duration; self.startVelocity = startVelocity; self.endVelocity = endVelocity
    }
    public var body: Self { return self }   // `return`: no builder transform (primitive)
    func _segment<V: Animatable>(as: V.Type) -> _KeyframeSegment<V> {
        _KeyframeSegment(to: (to as! V).animatableData, duration: duration,
                         kind: .cubic(start: (startVelocity as! V?)?.animatableData, end: (endVelocity as! V?)?.animatableData))
    }
}

/// A keyframe that uses a spring function to interpolate to the given value.
///
/// `duration: nil` lasts the spring's settling duration (0.8 s for `Spring()`... see
/// `Spring.settlingDuration`); a shorter duration hands the unsettled value and its velocity to
/// the next keyframe. `startVelocity: nil` carries on the previous keyframe's end velocity.
public struct SpringKeyframe<Value: Animatable>: KeyframeTrackContent, _KeyframeSegmentConvertible {
    let to: Value
    let duration: TimeInterval?
    let spring: Spring
    let startVelocity: Value?
    /// Creates a new keyframe using the given value and timestamp.
    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        self.to = to; self.duration = duration; self.spring = spring; self.startVelocity = startVelocity
    }
    public var body: Self { return self }   // `return`: no builder transform (primitive)
    func _segment<V: Animatable>(as: V.Type) -> _KeyframeSegment<V> {
        _KeyframeSegment(to: (to as! V).animatableData, duration: duration,
                         kind: .spring(spring, start: (startVelocity as! V?)?.animatableData))
    }
}

/// A keyframe that immediately moves to the given value without interpolating.
public struct MoveKeyframe<Value: Animatable>: KeyframeTrackContent, _KeyframeSegmentConvertible {
    let to: Value
    /// Creates a new keyframe using the given value.
    public init(_ to: Value) { self.to = to }
    public var body: Self { return self }   // `return`: no builder transform (primitive)
    func _segment<V: Animatable>(as: V.Type) -> _KeyframeSegment<V> {
        _KeyframeSegment(to: (to as! V).animatableData, duration: 0, kind: .move)
    }
}

// MARK: - Tracks

/// A sequence of keyframes animating a single property of a root type.
///
/// ```swift
/// KeyframeTrack(\.rotation) {
///     CubicKeyframe(.degrees(30), duration: 0.2)
///     CubicKeyframe(.zero, duration: 0.4)
/// }
/// ```
///
/// (Its `Value` is the property's type, so it is not itself a `Keyframes<Root>`: the builders
/// take it directly.)
public struct KeyframeTrack<Root, Value: Animatable, Content: KeyframeTrackContent>: _KeyframeTrackConvertible
where Content.Value == Value {
    let keyPath: WritableKeyPath<Root, Value>
    let content: Content

    /// Creates a track that animates the given key path.
    public init(_ keyPath: WritableKeyPath<Root, Value>,
                @KeyframeTrackContentBuilder<Value> content: () -> Content) {
        self.keyPath = keyPath
        self.content = content()
    }

    /// Creates a track that animates the entire value.
    public init(@KeyframeTrackContentBuilder<Root> content: () -> Content) where Root == Value {
        self.keyPath = \Root.self
        self.content = content()
    }

    func _erased<R>(as: R.Type) -> _ErasedKeyframeTrack<R> {
        let keyPath = self.keyPath as! WritableKeyPath<R, Value>
        let segments = _segments(of: content)
        return _ErasedKeyframeTrack { root in
            let sampler = _KeyframeSampler<Value>(initial: root[keyPath: keyPath], segments: segments)
            return _ResolvedKeyframeTrack(duration: sampler.duration) { root, time in
                root[keyPath: keyPath] = sampler.value(time: time)
            }
        }
    }
}

// MARK: - Builders

/// The builder that creates keyframe track content from the keyframes that you define within a
/// closure.
@resultBuilder public enum KeyframeTrackContentBuilder<Value: Animatable> {
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> _KeyframeSegmentList<Value> where K.Value == Value {
        _KeyframeSegmentList(segments: _segments(of: expression))
    }
    public static func buildBlock(_ components: _KeyframeSegmentList<Value>...) -> _KeyframeSegmentList<Value> {
        _KeyframeSegmentList(segments: components.flatMap(\.segments))
    }
    public static func buildArray(_ components: [_KeyframeSegmentList<Value>]) -> _KeyframeSegmentList<Value> {
        _KeyframeSegmentList(segments: components.flatMap(\.segments))
    }
    public static func buildOptional(_ component: _KeyframeSegmentList<Value>?) -> _KeyframeSegmentList<Value> {
        component ?? _KeyframeSegmentList(segments: [])
    }
    public static func buildEither(first component: _KeyframeSegmentList<Value>) -> _KeyframeSegmentList<Value> { component }
    public static func buildEither(second component: _KeyframeSegmentList<Value>) -> _KeyframeSegmentList<Value> { component }
    public static func buildLimitedAvailability(_ component: _KeyframeSegmentList<Value>) -> _KeyframeSegmentList<Value> { component }
}

/// A builder that combines keyframe content values into a single value.
///
/// Holds `KeyframeTrack`s, or keyframes directly (a track of the whole value).
@resultBuilder public enum KeyframesBuilder<Value> {
    public static func buildExpression<K: Keyframes>(_ expression: K) -> _KeyframeTrackList<Value> where K.Value == Value {
        _KeyframeTrackList(tracks: _tracks(of: expression))
    }
    public static func buildExpression<P: Animatable, C: KeyframeTrackContent>(_ expression: KeyframeTrack<Value, P, C>) -> _KeyframeTrackList<Value> {
        _KeyframeTrackList(tracks: [expression._erased(as: Value.self)])
    }
    public static func buildExpression<K: KeyframeTrackContent>(_ expression: K) -> _KeyframeTrackList<Value> where K.Value == Value {
        return _KeyframeTrackList(tracks: [wholeValueTrack(_segments(of: expression))])
    }
    static func wholeValueTrack<V: Animatable>(_ segments: [_KeyframeSegment<V>]) -> _ErasedKeyframeTrack<V> {
        var track = _ErasedKeyframeTrack<V> { root in
            let sampler = _KeyframeSampler<V>(initial: root, segments: segments)
            return _ResolvedKeyframeTrack(duration: sampler.duration) { root, time in root = sampler.value(time: time) }
        }
        track.direct = (segments, { more in wholeValueTrack(more.map { $0 as! _KeyframeSegment<V> }) })
        return track
    }
    public static func buildBlock(_ components: _KeyframeTrackList<Value>...) -> _KeyframeTrackList<Value> {
        _KeyframeTrackList(tracks: _ErasedKeyframeTrack.joined(components.map(\.tracks)))
    }
    public static func buildArray(_ components: [_KeyframeTrackList<Value>]) -> _KeyframeTrackList<Value> {
        _KeyframeTrackList(tracks: _ErasedKeyframeTrack.joined(components.map(\.tracks)))
    }
    public static func buildOptional(_ component: _KeyframeTrackList<Value>?) -> _KeyframeTrackList<Value> {
        component ?? _KeyframeTrackList(tracks: [])
    }
    public static func buildEither(first component: _KeyframeTrackList<Value>) -> _KeyframeTrackList<Value> { component }
    public static func buildEither(second component: _KeyframeTrackList<Value>) -> _KeyframeTrackList<Value> { component }
    public static func buildLimitedAvailability(_ component: _KeyframeTrackList<Value>) -> _KeyframeTrackList<Value> { component }
}
