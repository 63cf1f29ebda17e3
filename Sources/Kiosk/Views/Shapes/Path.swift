// Path: SwiftUI's path type (CGFloat/CGPoint API) over Raster's path. It is also a Shape that
// draws itself as given, whatever rectangle it is laid out in.

import Raster

/// An outline: lines and curves, optionally closed.
///
/// ```swift
/// Path { p in
///     p.move(to: CGPoint(x: 0, y: 0))
///     p.addLine(to: CGPoint(x: 100, y: 50))
/// }.stroke(.red, lineWidth: 2)
/// ```
public struct Path: Hashable, @unchecked Sendable {
    var storage: Raster.Path

    public init() { storage = Raster.Path() }
    init(_ storage: Raster.Path) { self.storage = storage }
    public init(_ build: (inout Path) -> Void) { self.init(); build(&self) }
    public init(_ rect: CGRect) { self.init(); addRect(rect) }
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(); addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.init(); addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }
    public init(ellipseIn rect: CGRect) { self.init(); addEllipse(in: rect) }

    public var isEmpty: Bool { storage.isEmpty }
    public var currentPoint: CGPoint? { storage.currentPoint.map { CGPoint(x: $0.x, y: $0.y) } }
    /// The bounds of the outline (control points included for curves).
    public var boundingRect: CGRect { isEmpty ? .zero : CGRect(storage.bounds) }

    public mutating func move(to p: CGPoint) { storage.move(to: Raster.Point(p)) }
    public mutating func addLine(to p: CGPoint) {
        if storage.currentPoint == nil { storage.move(to: Raster.Point(p)) } else { storage.line(to: Raster.Point(p)) }
    }
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }
    public mutating func addQuadCurve(to p: CGPoint, control: CGPoint) {
        storage.quad(to: Raster.Point(p), control: Raster.Point(control))
    }
    public mutating func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint) {
        storage.cubic(to: Raster.Point(p), control1: Raster.Point(control1), control2: Raster.Point(control2))
    }
    public mutating func closeSubpath() { storage.close() }
    public mutating func addRect(_ rect: CGRect) { storage.addRect(Raster.Rect(rect)) }
    public mutating func addRects(_ rects: [CGRect]) { for r in rects { addRect(r) } }
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        storage.addRoundedRect(Raster.Rect(rect), cornerRadius: Double(min(cornerSize.width, cornerSize.height)))
    }
    public mutating func addEllipse(in rect: CGRect) { storage.addEllipse(in: Raster.Rect(rect)) }
    /// An arc. As in SwiftUI, `clockwise` is in a y-up sense, so `clockwise: false` turns
    /// clockwise on the screen.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        storage.addArc(center: Raster.Point(center), radius: Double(radius), startAngle: startAngle.radians,
                       endAngle: endAngle.radians, clockwise: !clockwise)
    }
    public mutating func addPath(_ path: Path) { storage.addPath(path.storage) }

    /// The path moved by (dx, dy).
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path { Path(storage.applying(.translation(Double(dx), Double(dy)))) }
    /// Whether `p` is inside (non-zero winding).
    public func contains(_ p: CGPoint) -> Bool {
        HitRegion.winds(storage, around: Raster.Point(p))
    }
}

/// Corner shape of rounded rectangles; kiosk draws both as circular arcs.
public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }

extension Path: Shape {
    public func path(in rect: CGRect) -> Path { self }
}
