// UIBezierPath and UIRectCorner, as far as SwiftUI code uses them: the "rounded corners on some
// sides" shape that public screens paste (a `Shape` whose path is
// `Path(UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:).cgPath)`; one of 45 app screens
// in the corpus). The path is a kiosk `Path`; `cgPath` hands it to `Path(_:)`.

/// The corners of a rectangle (UIKit's option set).
public struct UIRectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A path built the UIKit way. Only what SwiftUI code reaches for: rectangles, rounded
/// rectangles (all or some corners), ovals, and the line/arc/curve calls.
public final class UIBezierPath {
    /// The path, in the coordinates it was built in.
    public private(set) var path = Path()

    public init() {}
    public init(rect: CGRect) { path.addRect(rect) }
    public init(ovalIn rect: CGRect) { path.addEllipse(in: rect) }
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }
    /// A rectangle whose `corners` are rounded with circular arcs. As UIKit, the radius is the
    /// larger of the two radii given, at most half the shorter side; negative or NaN is 0.
    public init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        let r0 = max(cornerRadii.width.isNaN ? 0 : cornerRadii.width, cornerRadii.height.isNaN ? 0 : cornerRadii.height)
        let r = max(0, min(r0, min(abs(rect.width), abs(rect.height)) / 2))
        let rect = rect.standardized
        guard rect.width.isFinite, rect.height.isFinite else { return }
        func radius(_ c: UIRectCorner) -> CGFloat { corners.contains(c) ? r : 0 }
        let tl = radius(.topLeft), tr = radius(.topRight), br = radius(.bottomRight), bl = radius(.bottomLeft)
        path.move(to: CGPoint(x: rect.minX + tl, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX - tr, y: rect.minY))
        if tr > 0 { path.addArc(center: CGPoint(x: rect.maxX - tr, y: rect.minY + tr), radius: tr, startAngle: .degrees(-90), endAngle: .degrees(0), clockwise: false) }
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - br))
        if br > 0 { path.addArc(center: CGPoint(x: rect.maxX - br, y: rect.maxY - br), radius: br, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false) }
        path.addLine(to: CGPoint(x: rect.minX + bl, y: rect.maxY))
        if bl > 0 { path.addArc(center: CGPoint(x: rect.minX + bl, y: rect.maxY - bl), radius: bl, startAngle: .degrees(90), endAngle: .degrees(180), clockwise: false) }
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + tl))
        if tl > 0 { path.addArc(center: CGPoint(x: rect.minX + tl, y: rect.minY + tl), radius: tl, startAngle: .degrees(180), endAngle: .degrees(270), clockwise: false) }
        path.closeSubpath()
    }

    public func move(to point: CGPoint) { path.move(to: point) }
    public func addLine(to point: CGPoint) { path.addLine(to: point) }
    public func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: point, control: controlPoint) }
    public func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: point, control1: controlPoint1, control2: controlPoint2)
    }
    /// An arc; angles in radians, as UIKit.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: .radians(Double(startAngle)), endAngle: .radians(Double(endAngle)), clockwise: !clockwise)
    }
    public func close() { path.closeSubpath() }
    /// The path for `Path(_:)` (UIKit's `CGPath`; kiosk's is its `Path`).
    public var cgPath: Path { path }
}

extension Path {
    /// A path from a UIKit path's `cgPath`.
    public init(_ path: Path) { self = path }
}
