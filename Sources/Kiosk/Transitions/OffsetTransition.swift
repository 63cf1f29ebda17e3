// OffsetTransition: `.offset(_:)` / `.offset(x:y:)`: drawn offset by a fixed amount out of the
// hierarchy, not offset in it (an `_OffsetEffect`, so layout does not change).

/// A transition that offsets the view by a fixed amount.
///
/// ```swift
/// Text("New").transition(.offset(y: 40))
/// ```
public struct OffsetTransition: Transition {
    /// The offset while the view is out of the hierarchy.
    public var offset: CGSize
    public init(_ offset: CGSize) { self.offset = offset }
    public func body(content: Content, phase: TransitionPhase) -> some View {
        content.offset(phase.isIdentity ? .zero : offset)
    }
}

extension Transition where Self == OffsetTransition {
    /// Offsets the view by `offset` while it is out of the hierarchy.
    public static func offset(_ offset: CGSize) -> OffsetTransition { OffsetTransition(offset) }
    /// Offsets the view by (x, y) while it is out of the hierarchy.
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetTransition {
        OffsetTransition(CGSize(width: x, height: y))
    }
}
