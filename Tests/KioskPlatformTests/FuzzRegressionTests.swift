// Inputs the fuzzers (Fuzz/, `scripts/fuzz`) found that broke a rule, reduced to the values
// that matter. The fuzzer's own input for each is in Fuzz/regressions/TARGET/, replayed by
// `scripts/fuzz` before every fuzzing run.
import Testing
import Raster
@testable import Kiosk

@Suite struct FuzzRegressionTests {
    /// fuzz-evdev, regressions/fuzz-evdev/nan-calibration: a calibration matrix of huge finite
    /// numbers (what `CalibrationMatrix(parsing:)` accepts) and a raw value far outside the
    /// axis range gave ∞ − ∞ = NaN, which the clamps let through as the touch location.
    @Test(arguments: Rotation.allCases) func hugeCalibrationMapsInsideTheSurface(_ r: Rotation) throws {
        let matrix = try CalibrationMatrix(parsing: "1e308 -1e308 0 -1e308 1e308 0")
        let m = TouchMapping(xRange: AxisRange(0, 100), yRange: AxisRange(0, 100), matrix: matrix,
                             panelWidth: 800, panelHeight: 480, rotation: r)
        let (lw, lh) = r.logicalSize(panelWidth: 800, panelHeight: 480)
        for (x, y) in [(Int32(2_000_000_000), Int32(2_000_000_000)), (686_720_811, -1), (.min, .max), (50, 50)] {
            let p = m.map(x: x, y: y)
            #expect(p.x.isFinite && p.y.isFinite, "\(r) (\(x),\(y)) → \(p)")
            #expect(p.x >= 0 && p.x < Double(lw) && p.y >= 0 && p.y < Double(lh), "\(r) (\(x),\(y)) → \(p)")
        }
    }
}
