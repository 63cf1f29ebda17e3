// KeyframeTimeline: keyframes resolved against an initial value into per-track segment tables
// that can be sampled at any time (what KeyframeAnimator draws each frame).
//
// Resolution happens once per timeline: every segment gets its start time, start and end
// values, start and end velocities (per second, in animatableData space). Sampling is a search
// over one track's segments plus one formula, no allocation.
//
// Choices where SwiftUI says nothing (Apple's pages only say "adjacent cubic keyframes result in
// a Catmull-Rom spline", and that a cubic keyframe next to another kind takes that neighbour's
// velocity):
// - a Catmull-Rom tangent at a knot between two cubic keyframes is the non-uniform one,
//   (P_next − P_prev) / (t_next − t_prev);
// - at the start of a track the value is at rest (velocity 0), and a track's last cubic keyframe
//   comes to rest (end velocity 0);
// - a cubic keyframe followed by a spring keyframe without a start velocity ends with its chord
//   slope (to − from) / duration, which the spring then inherits (the two would otherwise wait on
//   each other);
// - a spring keyframe lasts `duration` (default: the spring's settling duration for this move)
//   and hands its value at that time, settled or not, and its velocity to the next keyframe;
// - after its last keyframe a track holds the value it ended on; before time 0 (and at NaN) it
//   reads the initial value.
// Bad input: zero, negative and non-finite durations make that keyframe a jump (as
// MoveKeyframe), warned once per timeline.

/// A description of how a value changes over time, modeled using keyframes.
///
/// ```swift
/// let timeline = KeyframeTimeline(initialValue: CGPoint.zero) {
///     CubicKeyframe(CGPoint(x: 0, y: 100), duration: 0.3)
///     CubicKeyframe(CGPoint(x: 0, y: 0), duration: 0.7)
/// }
/// let value = timeline.value(time: 0.45)
/// ```
public struct KeyframeTimeline<Value> {
    let initialValue: Value
    let tracks: [_ResolvedKeyframeTrack<Value>]

    /// Creates a new instance using the initial value and content that you provide.
    public init(initialValue: Value, @KeyframesBuilder<Value> content: () -> some Keyframes<Value>) {
        self.initialValue = initialValue
        let erased = _tracks(of: content())
        self.tracks = erased.map { $0.resolve(initialValue) }
    }

    /// The duration of the content in seconds: the longest track's.
    public var duration: TimeInterval { tracks.reduce(0) { max($0, $1.duration) } }

    /// Returns the interpolated value at the given time.
    public func value(time: Double) -> Value {
        var v = initialValue
        let t = time.isNaN ? 0 : time
        for track in tracks { track.apply(&v, t) }
        return v
    }

    /// Returns the interpolated value at the given progress in the range zero to one.
    public func value(progress: Double) -> Value {
        value(time: (progress.isNaN ? 0 : min(1, max(0, progress))) * duration)
    }
}

/// One property's track, resolved: its duration, and how to write its value at a time.
struct _ResolvedKeyframeTrack<Root> {
    let duration: Double
    let apply: (inout Root, Double) -> Void
}

/// One track's precomputed segments over a value type.
struct _KeyframeSampler<Value: Animatable> {
    typealias Data = Value.AnimatableData
    enum Curve { case linear(UnitCurve), hermite, spring(Spring), move }
    struct Piece {
        var start: Double
        var duration: Double
        var from: Data
        var to: Data
        var v0: Data
        var v1: Data
        var curve: Curve
    }
    let initial: Value
    private(set) var pieces: [Piece] = []
    private(set) var duration: Double = 0

    init(initial: Value, segments: [_KeyframeSegment<Value>]) {
        self.initial = initial
        var warned = false
        func length(_ s: _KeyframeSegment<Value>, from: Data, v0: Data) -> Double {
            var d: Double
            if let given = s.duration { d = given }
            else if case .spring(let spring, _) = s.kind {
                d = spring.settlingDuration(target: s.to - from, initialVelocity: v0, epsilon: 0.001)
            } else { d = 0 }
            if case .move = s.kind { return 0 }
            if !d.isFinite || d <= 0 {
                if !warned {
                    warned = true
                    Diagnostics.warn("keyframe duration \(d) is not a positive finite number; the keyframe jumps to its value")
                }
                return 0
            }
            return d
        }
        var t = 0.0
        var value = initial.animatableData
        var velocity = Data.zero
        for (i, s) in segments.enumerated() {
            var v0 = velocity
            switch s.kind {
            case .cubic(let start, _):
                if let start { v0 = start }
                else if i > 0, case .cubic = segments[i - 1].kind, let prev = pieces.last, prev.duration > 0 {
                    // Catmull-Rom tangent at this knot: previous knot to next knot.
                    let span = prev.duration + max(0, s.duration ?? 0)
                    v0 = span > 0 && span.isFinite ? (s.to - prev.from).scaled(by: 1 / span) : .zero
                }
            case .spring(_, let start): if let start { v0 = start }
            case .linear, .move: break
            }
            let d = length(s, from: value, v0: v0)
            var piece = Piece(start: t, duration: d, from: value, to: s.to, v0: v0, v1: .zero, curve: .move)
            if d > 0 {
                let chord = (s.to - value).scaled(by: 1 / d)
                switch s.kind {
                case .linear(let curve):
                    piece.curve = .linear(curve)
                    piece.v0 = chord.scaled(by: Self.finite(curve.velocity(at: 0)))
                    piece.v1 = chord.scaled(by: Self.finite(curve.velocity(at: 1)))
                case .spring(let spring, _):
                    piece.curve = .spring(spring)
                    piece.to = value + spring.value(target: s.to - value, initialVelocity: v0, time: d)
                    piece.v1 = spring.velocity(target: s.to - value, initialVelocity: v0, time: d)
                    // `to` is where the spring *ends* (its aim, s.to, is kept in `aims`).
                case .cubic(_, let end):
                    piece.curve = .hermite
                    piece.v1 = end ?? Self.cubicEnd(segments, i, from: value, to: s.to, duration: d, chord: chord)
                case .move: break
                }
            }
            pieces.append(piece)
            aims.append(s.to)
            t += d
            value = piece.to
            velocity = d > 0 ? piece.v1 : .zero
            if case .move = s.kind { value = s.to; pieces[pieces.count - 1].to = s.to }
        }
        duration = t
    }

    /// The spring's aim per piece (a spring piece's `to` is where it *ended*).
    private var aims: [Data] = []

    /// A cubic keyframe's automatic end velocity, from its right neighbour.
    private static func cubicEnd(_ segments: [_KeyframeSegment<Value>], _ i: Int, from: Data, to: Data,
                                 duration d: Double, chord: Data) -> Data {
        guard i + 1 < segments.count else { return .zero }
        let next = segments[i + 1]
        let nd = next.duration ?? 0
        switch next.kind {
        case .cubic(let start, _):
            if let start { return start }
            let span = d + (nd.isFinite && nd > 0 ? nd : 0)
            return (next.to - from).scaled(by: 1 / span)
        case .linear(let curve):
            guard nd.isFinite, nd > 0 else { return .zero }
            return (next.to - to).scaled(by: finite(curve.velocity(at: 0)) / nd)
        case .spring(_, let start):
            return start ?? chord
        case .move:
            return .zero
        }
    }

    private static func finite(_ x: Double) -> Double { x.isFinite ? x : 0 }

    /// The value at `time` seconds into the track.
    func value(time: Double) -> Value {
        var out = initial
        guard !pieces.isEmpty, time > 0 else { return out }
        // Last piece starting at or before `time` (pieces are in time order).
        var lo = 0, hi = pieces.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if pieces[mid].start <= time { lo = mid } else { hi = mid - 1 }
        }
        let p = pieces[lo]
        let local = time - p.start
        if local >= p.duration || p.duration <= 0 { out.animatableData = p.to; return out }
        switch p.curve {
        case .move:
            out.animatableData = p.to
        case .linear(let curve):
            out.animatableData = p.from + (p.to - p.from).scaled(by: curve.value(at: local / p.duration))
        case .hermite:
            let s = local / p.duration, s2 = s * s, s3 = s2 * s
            let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s
            let h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
            out.animatableData = p.from.scaled(by: h00) + p.v0.scaled(by: h10 * p.duration)
                + p.to.scaled(by: h01) + p.v1.scaled(by: h11 * p.duration)
        case .spring(let spring):
            out.animatableData = p.from + spring.value(target: aims[lo] - p.from, initialVelocity: p.v0, time: local)
        }
        return out
    }
}
