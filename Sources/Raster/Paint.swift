// Paint: what fills the covered pixels. Solid colours, gradients and images. Coordinates of
// gradients and image patterns are in the same user space as the path being drawn (the canvas
// transform applies to both).

/// How a gradient or pattern continues past its ends.
public enum Spread: Hashable, Sendable { case pad, `repeat`, reflect }

/// One colour stop of a gradient; `location` in 0…1.
public struct GradientStop: Hashable, Sendable {
    public var location: Double
    public var color: Color
    public init(_ location: Double, _ color: Color) { self.location = location; self.color = color }
}

/// A linear gradient from `start` (t = 0) to `end` (t = 1).
/// Stops are sorted by location on use (stable, so equal locations give a hard edge);
/// no stops paints nothing, one stop paints that colour.
public struct LinearGradient: Hashable, Sendable {
    public var start: Point
    public var end: Point
    public var stops: [GradientStop]
    public var spread: Spread
    public init(start: Point, end: Point, stops: [GradientStop], spread: Spread = .pad) {
        self.start = start; self.end = end; self.stops = stops; self.spread = spread
    }
}

/// A radial gradient: t = 0 at `center`, t = 1 on the circle of `radius` around it — or, with
/// `radiusY`, on the axis-aligned ellipse of radii `radius` (x) and `radiusY` (y): the circular
/// gradient under a vertical scale (SwiftUI's `EllipticalGradient`).
public struct RadialGradient: Hashable, Sendable {
    public var center: Point
    public var radius: Double
    /// The vertical radius of an elliptical gradient; nil: `radius` (a circle).
    public var radiusY: Double?
    public var stops: [GradientStop]
    public var spread: Spread
    public init(center: Point, radius: Double, radiusY: Double? = nil, stops: [GradientStop], spread: Spread = .pad) {
        self.center = center; self.radius = radius; self.radiusY = radiusY; self.stops = stops; self.spread = spread
    }
}

/// A conic (angular) gradient around `center`: the angle from `startAngle` to `endAngle`
/// (radians, atan2 of user-space offsets: clockwise on a y-down screen) maps to t = 0…1.
/// A sweep over a full turn shows its last turn; the gap of a shorter sweep is filled half
/// with the last stop, half with the first (SwiftUI's `AngularGradient`).
public struct ConicGradient: Hashable, Sendable {
    public var center: Point
    public var startAngle: Double
    public var endAngle: Double
    public var stops: [GradientStop]
    public init(center: Point, startAngle: Double, endAngle: Double, stops: [GradientStop]) {
        self.center = center; self.startAngle = startAngle; self.endAngle = endAngle; self.stops = stops
    }
}

/// How image pixels are sampled under a transform.
public enum Sampling: Hashable, Sendable { case nearest, bilinear }

/// An image painted through `transform` (image space → user space). Outside the image the
/// pattern is transparent (`spread: .pad` clamps to the edge pixels instead... see `extend`).
public struct ImagePattern: @unchecked Sendable {
    public var image: Surface
    public var transform: Affine
    public var sampling: Sampling
    /// false: transparent outside the image (what drawing an image wants); true: edge pixels repeat.
    public var extendEdges: Bool
    public init(image: Surface, transform: Affine = .identity, sampling: Sampling = .bilinear, extendEdges: Bool = false) {
        self.image = image; self.transform = transform; self.sampling = sampling; self.extendEdges = extendEdges
    }
}

/// What a fill or stroke paints with.
public enum Paint: @unchecked Sendable {
    case solid(Color)
    case linearGradient(LinearGradient)
    case radialGradient(RadialGradient)
    case conicGradient(ConicGradient)
    case image(ImagePattern)
}

/// Which regions of a self-overlapping path are inside.
public enum FillRule: Hashable, Sendable { case nonZero, evenOdd }
