// Gestures: TapGesture and DragGesture with SwiftUI's builder API (`.onChanged`, `.onEnded`,
// `.gesture(_:)`, `.onTapGesture(count:perform:)`). Recognition lives in Render/TouchRouter.

import Raster

/// A gesture recogniser description.
public protocol Gesture {
    associatedtype Value
}

/// What the touch router needs from any gesture: its kind and callbacks.
struct GestureRecipe {
    enum Kind {
        case tap(count: Int)
        case drag(minimumDistance: CGFloat)
        /// Recognised once the touch has stayed down `minimumDuration` seconds without moving
        /// more than `maximumDistance` points.
        case longPress(minimumDuration: Double, maximumDistance: CGFloat)
        /// Two-finger gestures (TwoFingerGestures.swift): recognised once the pair's scale
        /// changes by more than the delta, or its line turns more than the angle.
        case magnify(minimumScaleDelta: CGFloat)
        case rotate(minimumAngleDelta: Angle)
    }
    /// How the gesture competes with the others on the touch's path.
    enum Priority { case normal, simultaneous, high }
    var kind: Kind
    var onChanged: ((DragGesture.Value) -> Void)?
    var onEnded: ((DragGesture.Value) -> Void)?
    var onTap: (() -> Void)?
    /// A press-tracking tap (Button): told when the touch goes down on the view, leaves or
    /// re-enters it (with `TouchRouter.pressMargin`), and lifts; `onTap` runs on a lift inside.
    /// A long press: true at the touch, false when it is recognised or fails.
    var onPressingChanged: ((Bool) -> Void)?
    /// Callbacks that take the gesture's value erased (`.onChanged`/`.onEnded` of gestures
    /// other than drags, `.updating`): a drag's DragGesture.Value, a long press's Bool, a tap's ().
    var changed: [(Any) -> Void] = []
    var ended: [(Any) -> Void] = []
    /// `@GestureState` resets, run when the gesture ends, fails or is cancelled.
    var resets: [() -> Void] = []
    var priority = Priority.normal
    /// Told when a touch goes down on the view (a scroll view stops its momentum).
    var onTouchDown: (() -> Void)?
    /// Screen-point hooks of the engine's own views (a text field's caret): a recognised tap
    /// with its point and its count in a row, a drag's every move, a long press's point.
    var onTapAt: ((CGPoint, Int) -> Void)?
    var onScreenChanged: ((CGPoint) -> Void)?
    var onScreenRecognised: ((CGPoint) -> Void)?
    /// Told when the drag is cancelled after it began.
    var onFail: (() -> Void)?
    /// Whether a drag that has moved by this translation is this gesture's (a vertical scroll
    /// view leaves mostly horizontal drags to the views around it). nil: any drag.
    var accepts: ((CGSize) -> Bool)?
    /// `first.sequenced(before: second)`: `kind` is the first's, this the second's; `parts` are
    /// both recipes (their own callbacks), and the wraps build the sequence's value from theirs.
    var sequenceSecond: Kind?
    var parts: [GestureRecipe] = []
    var wrapFirst: ((Any) -> Any)?
    var wrapSecond: ((Any, Any?) -> Any)?
    /// `simultaneously(with:)` / `exclusively(before:)`: the two `members` take part in the
    /// touch as gestures of their own; `combine(changedMember, latestValues)` builds this
    /// gesture's value for its own callbacks (CombinedGestures.swift).
    enum Combination { case simultaneous, exclusive }
    var combination: Combination?
    var members: [GestureRecipe] = []
    var combine: ((Int, [Any?]) -> Any)?
    /// A two-finger gesture's value from the router's measurement of the pair.
    var twoFingerValue: ((TwoFingerSample) -> Any)?

    init(kind: Kind, onChanged: ((DragGesture.Value) -> Void)? = nil, onEnded: ((DragGesture.Value) -> Void)? = nil,
         onTap: (() -> Void)? = nil, onPressingChanged: ((Bool) -> Void)? = nil) {
        self.kind = kind
        self.onChanged = onChanged
        self.onEnded = onEnded
        self.onTap = onTap
        self.onPressingChanged = onPressingChanged
    }

    var isTap: Bool { if case .tap = kind { return true } else { return false } }
    var isLongPress: Bool { if case .longPress = kind { return true } else { return false } }
    var isTwoFinger: Bool { twoFingerValue != nil }
    func dragDistance() -> CGFloat? { if case .drag(let d) = kind { return d } else { return nil } }

    /// The gesture's value changed.
    /// Runs with `tracksVelocity` (and `isContinuous`) set, as SwiftUI's onChanged and updating
    /// callbacks do: a release spring then takes over the tracked velocity (TrackedVelocity.swift).
    func change(_ value: Any) {
        withContinuousGestureTransaction {
            for c in changed { c(value) }
            if let drag = value as? DragGesture.Value { onChanged?(drag) }
        }
    }
    /// The gesture ended successfully: @GestureState resets first, then `onEnded`.
    func end(_ value: Any) {
        for r in resets { r() }
        for e in ended { e(value) }
        if let drag = value as? DragGesture.Value { onEnded?(drag) } else { onTap?() }
    }
    /// The first part's value changed (a plain gesture: its value changed).
    func changeFirst(_ value: Any) {
        guard let wrap = wrapFirst else { change(value); return }
        parts.first?.change(value)
        change(wrap(value))
    }
    /// A sequence's first part ended: its own onEnded runs and the sequence moves on.
    func firstRecognised(_ value: Any) {
        guard let wrap = wrapSecond else { return }
        parts.first?.end(value)
        change(wrap(value, nil))
    }
    /// A sequence's second part changed.
    func changeSecond(_ value: Any) {
        guard let wrap = wrapSecond else { return }
        if parts.count > 1 { parts[1].change(value) }
        change(wrap(true, value))
    }
    /// A sequence ended with the second part's last value (nil: it never started).
    func endSecond(_ value: Any?) {
        guard let wrap = wrapSecond else { return }
        if parts.count > 1, let value { parts[1].end(value) }
        for r in resets { r() }
        for e in ended { e(wrap(true, value)) }
    }

    /// The gesture failed or was cancelled: only @GestureState resets.
    func fail() {
        for r in resets { r() }
        onFail?()
    }
}

protocol RecipeGesture { var recipe: GestureRecipe { get } }

/// Recognises `count` taps in a row.
public struct TapGesture: Gesture, RecipeGesture {
    public typealias Value = Void
    public var count: Int
    public init(count: Int = 1) { self.count = max(1, count) }
    var recipe: GestureRecipe { GestureRecipe(kind: .tap(count: count)) }
}

/// Recognises a touch that moves at least `minimumDistance` points.
///
/// ```swift
/// .gesture(DragGesture().onChanged { offset = $0.translation }.onEnded { _ in offset = .zero })
/// ```
public struct DragGesture: Gesture, RecipeGesture {
    /// The state of a drag.
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        /// Points per second, smoothed over the last few moves.
        public var velocity: CGSize
        public var translation: CGSize { CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y) }
        /// Where the touch would stop if it decelerated (SwiftUI-like: 0.25 s of travel).
        public var predictedEndLocation: CGPoint {
            CGPoint(x: location.x + velocity.width * 0.25, y: location.y + velocity.height * 0.25)
        }
        public var predictedEndTranslation: CGSize {
            CGSize(width: predictedEndLocation.x - startLocation.x, height: predictedEndLocation.y - startLocation.y)
        }
    }
    public typealias ValueType = Value
    public var minimumDistance: CGFloat
    public var coordinateSpace: CoordinateSpace
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance.isFinite ? max(0, minimumDistance) : 10
        self.coordinateSpace = coordinateSpace
    }
    var recipe: GestureRecipe { GestureRecipe(kind: .drag(minimumDistance: minimumDistance)) }
}

/// The recipe of the gesture a callback modifier wraps (a plain tap when it has none).
func baseRecipe<G: Gesture>(_ base: G) -> GestureRecipe {
    (base as? RecipeGesture)?.recipe ?? GestureRecipe(kind: .tap(count: 1))
}

/// A gesture with an `onChanged` callback.
public struct _ChangedGesture<Base: Gesture>: Gesture, RecipeGesture {
    public typealias Value = Base.Value
    let base: Base
    let action: (Base.Value) -> Void
    var recipe: GestureRecipe {
        var r = baseRecipe(base)
        let action = self.action
        r.changed.append { if let v = $0 as? Base.Value { action(v) } }
        return r
    }
}

/// A gesture with an `onEnded` callback.
public struct _EndedGesture<Base: Gesture>: Gesture, RecipeGesture {
    public typealias Value = Base.Value
    let base: Base
    let action: (Base.Value) -> Void
    var recipe: GestureRecipe {
        var r = baseRecipe(base)
        let action = self.action
        r.ended.append { if let v = $0 as? Base.Value { action(v) } }
        return r
    }
}

extension Gesture {
    /// Called when the gesture ends (a tap is recognised, a drag lifts).
    public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> { _EndedGesture(base: self, action: action) }
}

extension Gesture where Value: Equatable {
    /// Called as the gesture's value changes (a drag moves).
    public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> { _ChangedGesture(base: self, action: action) }
}

/// Attaches a gesture; drawn content inside the view (or its contentShape) receives touches.
public struct _GestureModifier: RenderEffect {
    let recipe: GestureRecipe
    func apply(node: Node, pass: RenderPass) {
        pass.pushGesture(node)
        pass.gestureTransforms[node.serial] = pass.transform
    }
}

extension View {
    /// Runs `action` after `count` taps on this view's drawn content.
    ///
    /// ```swift
    /// Text("Tap").onTapGesture { count += 1 }
    /// ```
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> ModifiedContent<Self, _GestureModifier> {
        var recipe = TapGesture(count: count).recipe
        recipe.onTap = action
        return modifier(_GestureModifier(recipe: recipe))
    }
    /// Attaches a gesture.
    public func gesture<G: Gesture>(_ gesture: G) -> ModifiedContent<Self, _GestureModifier> {
        modifier(_GestureModifier(recipe: (gesture as? RecipeGesture)?.recipe ?? GestureRecipe(kind: .tap(count: 1))))
    }
    /// Attaches a gesture that is recognised alongside the others on the touch's path (both a
    /// drag on this view and one inside it follow the touch; a tap fires with the inner one's).
    public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> ModifiedContent<Self, _GestureModifier> {
        modifier(_GestureModifier(recipe: prioritised(gesture, .simultaneous)))
    }
    /// Attaches a gesture that wins over the gestures of the content (considered first).
    public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> ModifiedContent<Self, _GestureModifier> {
        modifier(_GestureModifier(recipe: prioritised(gesture, .high)))
    }
    /// Attaches a gesture; `mask` is accepted for source compatibility (kiosk: always `.all`).
    public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask) -> ModifiedContent<Self, _GestureModifier> {
        self.gesture(gesture)
    }
}

private func prioritised<G: Gesture>(_ gesture: G, _ priority: GestureRecipe.Priority) -> GestureRecipe {
    var r = baseRecipe(gesture)
    r.priority = priority
    return r
}

/// Which gestures of a view and its subviews take part (kiosk accepts the value and treats
/// every mask as `.all`).
public struct GestureMask: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let none = GestureMask([])
    public static let gesture = GestureMask(rawValue: 1)
    public static let subviews = GestureMask(rawValue: 2)
    public static let all = GestureMask(rawValue: 3)
}
