// Gestures: TapGesture and DragGesture with SwiftUI's builder API (`.onChanged`, `.onEnded`,
// `.gesture(_:)`, `.onTapGesture(count:perform:)`). Recognition lives in Render/TouchRouter.

import Raster

/// A gesture recogniser description.
public protocol Gesture {
    associatedtype Value
}

/// What the touch router needs from any gesture: its kind and callbacks.
struct GestureRecipe {
    enum Kind { case tap(count: Int), drag(minimumDistance: CGFloat) }
    var kind: Kind
    var onChanged: ((DragGesture.Value) -> Void)?
    var onEnded: ((DragGesture.Value) -> Void)?
    var onTap: (() -> Void)?
    /// A press-tracking tap (Button): told when the touch goes down on the view, leaves or
    /// re-enters it (with `TouchRouter.pressMargin`), and lifts; `onTap` runs on a lift inside.
    var onPressingChanged: ((Bool) -> Void)?
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
private func baseRecipe<G: Gesture>(_ base: G) -> GestureRecipe {
    (base as? RecipeGesture)?.recipe ?? GestureRecipe(kind: .tap(count: 1))
}

/// A gesture with an `onChanged` callback.
public struct _ChangedGesture<Base: Gesture>: Gesture, RecipeGesture {
    public typealias Value = Base.Value
    let base: Base
    let action: (Base.Value) -> Void
    var recipe: GestureRecipe {
        var r = baseRecipe(base)
        if let cast = action as? (DragGesture.Value) -> Void { r.onChanged = cast }
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
        if let cast = action as? (DragGesture.Value) -> Void { r.onEnded = cast }
        if let cast = action as? (()) -> Void { r.onTap = { cast(()) } }
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
    /// Attaches a gesture that runs alongside others (kiosk: same as `gesture`).
    public func simultaneousGesture<G: Gesture>(_ gesture: G) -> ModifiedContent<Self, _GestureModifier> { self.gesture(gesture) }
    /// Attaches a gesture that wins over the content's gestures (kiosk: same as `gesture`).
    public func highPriorityGesture<G: Gesture>(_ gesture: G) -> ModifiedContent<Self, _GestureModifier> { self.gesture(gesture) }
}
