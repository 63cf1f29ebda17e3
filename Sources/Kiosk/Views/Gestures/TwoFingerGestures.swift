// Two-finger gestures: MagnifyGesture and RotateGesture (iOS 17) and their older spellings
// MagnificationGesture and RotationGesture. The touch router (Render/TwoFingerTracking.swift)
// follows every finger that goes down on a view carrying one of them: the first two fingers
// make the pair (a third is ignored). The magnification is the fingers' current distance over
// their distance when the second finger went down; the rotation is how far the line between
// them has turned since then (clockwise positive on screen, as in SwiftUI, and unwrapped: two
// turns are 720°). The gesture is recognised once the scale has changed by more than
// `minimumScaleDelta` (default 1 %) or the line has turned more than `minimumAngleDelta`
// (default 1°), and it ends when either finger lifts (`onEnded` once, with the last value).
// A single finger never triggers one.
//
// Kiosk differences: every two-finger gesture on the touched views follows the pair (SwiftUI
// lets an inner `.gesture` win over an outer one); the pair's own touches still reach the other
// gestures of the view (a tap under a pinch is no tap once the pinch is recognised). Each
// finger's move is its own touch event, but `onChanged` runs once per frame with both fingers'
// latest places (as UIKit coalesces the fingers of one event and SwiftUI reports once per
// update): TouchRouter.flushPairs at the start of the frame; a move still unreported when a
// finger lifts is reported just before `onEnded`.
// Bad input: a NaN or infinite move is ignored; two fingers put down at the same point count
// as 1 pt apart; a negative or NaN minimum delta is 0.

import Raster

/// Recognises two fingers moving apart or together.
///
/// ```swift
/// @GestureState var scale: CGFloat = 1
/// Image("photo").scaleEffect(scale)
///     .gesture(MagnifyGesture().updating($scale) { value, state, _ in state = value.magnification })
/// ```
public struct MagnifyGesture: Gesture, RecipeGesture {
    /// The state of a magnification.
    public struct Value: Equatable, Sendable {
        public var time: Date
        /// Current distance between the fingers over their distance at the start.
        public var magnification: CGFloat
        /// Change of `magnification` per second.
        public var velocity: CGFloat
        /// Where the fingers' midpoint was at the start, in the view's unit space.
        public var startAnchor: UnitPoint
        /// Where the fingers' midpoint was at the start, in the view's space.
        public var startLocation: CGPoint
    }
    public var minimumScaleDelta: CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = validDelta(minimumScaleDelta) }
    var recipe: GestureRecipe {
        var r = GestureRecipe(kind: .magnify(minimumScaleDelta: minimumScaleDelta))
        r.twoFingerValue = { s in
            Value(time: s.time, magnification: s.magnification, velocity: s.magnificationVelocity,
                  startAnchor: s.startAnchor, startLocation: s.startLocation)
        }
        return r
    }
}

/// Recognises two fingers moving apart or together (iOS 13–16 spelling; its value is the
/// magnification, a CGFloat).
public struct MagnificationGesture: Gesture, RecipeGesture {
    public typealias Value = CGFloat
    public var minimumScaleDelta: CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = validDelta(minimumScaleDelta) }
    var recipe: GestureRecipe {
        var r = GestureRecipe(kind: .magnify(minimumScaleDelta: minimumScaleDelta))
        r.twoFingerValue = { $0.magnification }
        return r
    }
}

/// Recognises two fingers turning around each other.
///
/// ```swift
/// @State var angle = Angle.zero
/// Rectangle().rotationEffect(angle)
///     .gesture(RotateGesture().onChanged { angle = $0.rotation })
/// ```
public struct RotateGesture: Gesture, RecipeGesture {
    /// The state of a rotation.
    public struct Value: Equatable, Sendable {
        public var time: Date
        /// How far the line between the fingers has turned since the start (clockwise positive).
        public var rotation: Angle
        /// Change of `rotation` per second.
        public var velocity: Angle
        /// Where the fingers' midpoint was at the start, in the view's unit space.
        public var startAnchor: UnitPoint
        /// Where the fingers' midpoint was at the start, in the view's space.
        public var startLocation: CGPoint
    }
    public var minimumAngleDelta: Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = Angle(radians: validDelta(minimumAngleDelta.radians)) }
    var recipe: GestureRecipe {
        var r = GestureRecipe(kind: .rotate(minimumAngleDelta: minimumAngleDelta))
        r.twoFingerValue = { s in
            Value(time: s.time, rotation: s.rotation, velocity: s.rotationVelocity,
                  startAnchor: s.startAnchor, startLocation: s.startLocation)
        }
        return r
    }
}

/// Recognises two fingers turning around each other (iOS 13–16 spelling; its value is the
/// rotation, an Angle).
public struct RotationGesture: Gesture, RecipeGesture {
    public typealias Value = Angle
    public var minimumAngleDelta: Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = Angle(radians: validDelta(minimumAngleDelta.radians)) }
    var recipe: GestureRecipe {
        var r = GestureRecipe(kind: .rotate(minimumAngleDelta: minimumAngleDelta))
        r.twoFingerValue = { $0.rotation }
        return r
    }
}

private func validDelta(_ d: CGFloat) -> CGFloat { d >= 0 && d.isFinite ? d : (d == .infinity ? d : 0) }

/// What the router measured of a finger pair, from which each gesture builds its value.
struct TwoFingerSample {
    var time: Date
    var magnification: CGFloat
    var magnificationVelocity: CGFloat
    var rotation: Angle
    var rotationVelocity: Angle
    var startAnchor: UnitPoint
    var startLocation: CGPoint
}
