// Calibration: from raw evdev axis values to logical pixels. The steps, in order:
// 1. normalise by the axis range the device reports (EVIOCGABS min/max) to 0…1;
// 2. apply the calibration matrix, in udev's LIBINPUT_CALIBRATION_MATRIX form, so calibrations made
//    for libinput carry over unchanged;
// 3. swap and invert from the config (for panels whose touch layer is mounted turned);
// 4. scale to panel pixels and turn by the display rotation into the app's logical pixels.
import Raster

/// A 2×3 matrix over normalised touch coordinates: x' = a·x + b·y + c, y' = d·x + e·y + f.
///
///     try CalibrationMatrix(parsing: "0 1 0 -1 0 1")   // touch layer turned 90°
public struct CalibrationMatrix: Equatable, Sendable, CustomStringConvertible {
    public var a, b, c, d, e, f: Double
    public static let identity = CalibrationMatrix(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    /// Parses six numbers separated by spaces or commas (udev's `LIBINPUT_CALIBRATION_MATRIX`).
    public init(parsing text: String) throws {
        let nums = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map { Double($0) }
        guard nums.count == 6, nums.allSatisfy({ $0 != nil && $0!.isFinite }) else {
            throw ConfigError.invalidValue(key: "calibration", value: text, expected: "six numbers \"a b c d e f\" as in LIBINPUT_CALIBRATION_MATRIX")
        }
        self.init(a: nums[0]!, b: nums[1]!, c: nums[2]!, d: nums[3]!, e: nums[4]!, f: nums[5]!)
    }

    public func apply(_ p: Point) -> Point { Point(a * p.x + b * p.y + c, d * p.x + e * p.y + f) }
    public var description: String { "\(a) \(b) \(c) \(d) \(e) \(f)" }
}

/// An axis range from EVIOCGABS.
public struct AxisRange: Equatable, Sendable {
    public var minimum: Int32, maximum: Int32
    public init(_ minimum: Int32, _ maximum: Int32) { self.minimum = minimum; self.maximum = maximum }
    /// `v` as 0…1 across the range (a degenerate range maps to 0).
    public func normalise(_ v: Int32) -> Double {
        let span = Double(maximum) - Double(minimum)
        return span > 0 ? (Double(v) - Double(minimum)) / span : 0
    }
}

/// Maps raw touch axis values to logical pixels (see the file comment for the order of steps).
public struct TouchMapping: Equatable, Sendable {
    public var xRange: AxisRange, yRange: AxisRange
    public var matrix: CalibrationMatrix
    public var swapXY: Bool, invertX: Bool, invertY: Bool
    public var panelWidth: Int, panelHeight: Int
    public var rotation: Rotation

    public init(xRange: AxisRange, yRange: AxisRange, matrix: CalibrationMatrix = .identity,
                swapXY: Bool = false, invertX: Bool = false, invertY: Bool = false,
                panelWidth: Int, panelHeight: Int, rotation: Rotation = .degrees0) {
        self.xRange = xRange; self.yRange = yRange; self.matrix = matrix
        self.swapXY = swapXY; self.invertX = invertX; self.invertY = invertY
        self.panelWidth = panelWidth; self.panelHeight = panelHeight; self.rotation = rotation
    }

    /// The logical point for raw values (`x`, `y`), clamped inside the logical surface. A
    /// coordinate the matrix makes NaN (∞ − ∞: a matrix of huge finite numbers and a raw value
    /// far outside the axis range; found by fuzz-evdev) maps to 0, the surface's top or left edge.
    public func map(x: Int32, y: Int32) -> Point {
        var n = matrix.apply(Point(xRange.normalise(x), yRange.normalise(y)))
        if swapXY { n = Point(n.y, n.x) }
        if invertX { n.x = 1 - n.x }
        if invertY { n.y = 1 - n.y }
        let pw = Double(panelWidth), ph = Double(panelHeight)
        // `max(NaN, 0)` is NaN in Swift, so NaN is replaced before clamping.
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        let panel = Point(unit(n.x) * pw, unit(n.y) * ph)
        let l = rotation.logicalPoint(panel, panelWidth: pw, panelHeight: ph)
        let (lw, lh) = rotation.logicalSize(panelWidth: panelWidth, panelHeight: panelHeight)
        // Keep the point inside the last pixel: a finger at the very edge must still hit it.
        return Point(min(max(l.x, 0), Double(lw) - 0.001), min(max(l.y, 0), Double(lh) - 0.001))
    }
}
