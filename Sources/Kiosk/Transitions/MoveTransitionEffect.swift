// _MoveTransitionEffect: the render effect behind `.move(edge:)`, `.slide` and `.push(from:)`:
// it offsets the drawing by a fraction of its own node's frame size, so "move by the view's own
// size" needs no size known when the transition value is built (SwiftUI does it with a layout
// wrapper that reads the size). The fraction is a vector — (−1, 0) is one own width towards the
// leading edge — and it is the animatable data, so a removal that interrupts an insertion from
// the other side (`.slide`: in from leading, out to trailing) passes through zero smoothly.
// A zero-sized view moves by zero: the documented result for `move(edge:)` on it.

import Raster

/// Offsets the drawing (and hit testing) by `fraction` × the view's own size.
public struct _MoveTransitionEffect: RenderEffect, Animatable {
    /// The offset in units of the view's own width and height.
    var fraction: CGSize

    init(fraction: CGSize) { self.fraction = fraction }

    /// The fraction that moves a view fully off towards `edge`.
    static func fraction(towards edge: Edge) -> CGSize {
        switch edge {
        case .top: return CGSize(width: 0, height: -1)
        case .leading: return CGSize(width: -1, height: 0)
        case .bottom: return CGSize(width: 0, height: 1)
        case .trailing: return CGSize(width: 1, height: 0)
        }
    }

    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(fraction.width, fraction.height) }
        set { fraction = CGSize(width: newValue.first, height: newValue.second) }
    }

    func apply(node: Node, pass: RenderPass) {
        let e = node.presented(self)
        let dx = e.fraction.width * node.frame.width, dy = e.fraction.height * node.frame.height
        guard dx.isFinite, dy.isFinite, dx != 0 || dy != 0 else { return }
        pass.transform = Affine.translation(Double(dx), Double(dy)).concatenating(pass.transform)
    }
}
