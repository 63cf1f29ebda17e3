// NodeAnimation: a node's running animations, one per animated attribute (the view's or
// modifier's animatableData, the layout frame). Built-in effects draw with `node.presented(self)`.
// SKELETON: the animator lands with the animation core; until then values jump.

extension Node {
    /// `model` with its `animatableData` replaced by the presented (animating) value, or
    /// `model` itself when nothing animates. Built-in effects call this in `render`:
    ///
    ///     let effect = node.presented(self)
    func presented<M: Animatable>(_ model: M) -> M { model }
}
