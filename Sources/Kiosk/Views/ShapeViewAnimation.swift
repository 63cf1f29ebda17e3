// A filled or stroked shape animates its shape's data (SwiftUI's _ShapeView is Animatable the
// same way): without it `Circle().trim(from: 0, to: progress).stroke(…)` — every progress ring
// in our public-corpus run — jumped to the new progress, because only the *bare* shape (whose
// body is the `_ShapeView`) was an animatable view; after `.fill`/`.stroke` the node's view is
// the `_ShapeView` itself. As a body animator, each frame writes the presented shape into a copy
// of the view and the node redraws it.

extension _ShapeView: Animatable {
    public var animatableData: Content.AnimatableData {
        get { shape.animatableData }
        set { shape.animatableData = newValue }
    }
}
