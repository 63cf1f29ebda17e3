// Animatable conformances of the geometry types, with SwiftUI's public animatableData types.
// Angle and UnitPoint are stored ×128, as SwiftUI stores them (notes §8): spring end thresholds
// are absolute (|v|, |F| ≤ 0.06), so a quarter turn (1.57 rad) animates like a 201-point move
// instead of ending while still visibly moving.

extension Double: Animatable {}
extension Float: Animatable {}

extension CGPoint: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { x = newValue.first; y = newValue.second }
    }
}

extension CGSize: Animatable {
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { width = newValue.first; height = newValue.second }
    }
}

extension CGRect: Animatable {
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set { origin.animatableData = newValue.first; size.animatableData = newValue.second }
    }
}

extension EdgeInsets: Animatable {
    /// (top, (leading, (bottom, trailing))).
    public var animatableData: AnimatablePair<CGFloat, AnimatablePair<CGFloat, AnimatablePair<CGFloat, CGFloat>>> {
        get { AnimatablePair(top, AnimatablePair(leading, AnimatablePair(bottom, trailing))) }
        set {
            top = newValue.first; leading = newValue.second.first
            bottom = newValue.second.second.first; trailing = newValue.second.second.second
        }
    }
}

extension UnitPoint: Animatable {
    /// (x, y) × 128.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x * 128, y * 128) }
        set { x = newValue.first / 128; y = newValue.second / 128 }
    }
}

extension Angle: Animatable {
    /// The angle in radians × 128.
    public var animatableData: Double {
        get { radians * 128 }
        set { radians = newValue / 128 }
    }
}

extension StrokeStyle: Animatable {
    /// (lineWidth, (miterLimit, dashPhase)); the dash pattern itself does not animate.
    public var animatableData: AnimatablePair<CGFloat, AnimatablePair<CGFloat, CGFloat>> {
        get { AnimatablePair(lineWidth, AnimatablePair(miterLimit, dashPhase)) }
        set { lineWidth = newValue.first; miterLimit = newValue.second.first; dashPhase = newValue.second.second }
    }
}

extension RoundedRectangle {
    /// The corner size.
    public var animatableData: CGSize.AnimatableData {
        get { cornerSize.animatableData }
        set { cornerSize.animatableData = newValue }
    }
}
