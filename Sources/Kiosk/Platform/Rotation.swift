// Rotation: one setting that turns the picture on the panel, the damage rectangles and the touch
// coordinates together, so a panel mounted sideways is right in all three at once (the bug behind
// LVGL #6792, Slint #12232 and flutter-pi #428 is rotating only the picture).
import Raster

/// How the app's picture is turned, clockwise, on the panel.
///
/// The app draws into a *logical* surface; for `.degrees90` and `.degrees270` its width and height
/// are the panel's swapped.
///
///     let r = try Rotation(degrees: 90)
///     r.physicalRect(IntRect(x: 0, y: 0, width: 10, height: 5), panelWidth: 480, panelHeight: 800)
public enum Rotation: Int, CaseIterable, Sendable, CustomStringConvertible {
    case degrees0 = 0, degrees90 = 90, degrees180 = 180, degrees270 = 270

    /// Parses 0, 90, 180 or 270 (negative and ≥ 360 values are normalised); throws for others.
    public init(degrees: Int) throws {
        let d = ((degrees % 360) + 360) % 360
        guard let r = Rotation(rawValue: d) else {
            throw ConfigError.invalidValue(key: "rotation", value: String(degrees), expected: "0, 90, 180 or 270")
        }
        self = r
    }

    public var description: String { "\(rawValue)°" }

    /// True when the logical width is the panel's height.
    @inlinable public var swapsAxes: Bool { self == .degrees90 || self == .degrees270 }

    /// The logical size of a panel of `width`×`height`.
    public func logicalSize(panelWidth w: Int, panelHeight h: Int) -> (width: Int, height: Int) {
        swapsAxes ? (h, w) : (w, h)
    }

    /// The panel rectangle covered by logical rectangle `r` (half-open integer pixels).
    public func physicalRect(_ r: IntRect, panelWidth pw: Int, panelHeight ph: Int) -> IntRect {
        switch self {
        case .degrees0: return r
        case .degrees90: return IntRect(x0: pw - r.y1, y0: r.x0, x1: pw - r.y0, y1: r.x1)
        case .degrees180: return IntRect(x0: pw - r.x1, y0: ph - r.y1, x1: pw - r.x0, y1: ph - r.y0)
        case .degrees270: return IntRect(x0: r.y0, y0: ph - r.x1, x1: r.y1, y1: ph - r.x0)
        }
    }

    /// The logical point under panel point `p` (continuous coordinates, 0…width).
    public func logicalPoint(_ p: Point, panelWidth pw: Double, panelHeight ph: Double) -> Point {
        switch self {
        case .degrees0: return p
        case .degrees90: return Point(p.y, pw - p.x)
        case .degrees180: return Point(pw - p.x, ph - p.y)
        case .degrees270: return Point(ph - p.y, p.x)
        }
    }

    /// The panel point showing logical point `p` (the inverse of ``logicalPoint(_:panelWidth:panelHeight:)``).
    public func physicalPoint(_ p: Point, panelWidth pw: Double, panelHeight ph: Double) -> Point {
        switch self {
        case .degrees0: return p
        case .degrees90: return Point(pw - p.y, p.x)
        case .degrees180: return Point(pw - p.x, ph - p.y)
        case .degrees270: return Point(p.y, ph - p.x)
        }
    }
}
