import Testing
import Raster
@testable import Kiosk

@Suite struct CalibrationRotationTests {
    let pw = 800, ph = 480

    @Test func rotationParsing() throws {
        #expect(try Rotation(degrees: -90) == .degrees270)
        #expect(try Rotation(degrees: 450) == .degrees90)
        #expect(throws: ConfigError.self) { try Rotation(degrees: 45) }
    }

    /// The point inside a logical pixel, mapped to the panel, lies inside that pixel's panel rect,
    /// and logicalPoint inverts physicalPoint, in all four orientations.
    @Test(arguments: Rotation.allCases) func pointsAndRectsAgree(_ r: Rotation) {
        let (lw, lh) = r.logicalSize(panelWidth: pw, panelHeight: ph)
        for (x, y) in [(0, 0), (lw - 1, 0), (0, lh - 1), (lw - 1, lh - 1), (123, 45)] {
            let pr = r.physicalRect(IntRect(x: x, y: y, width: 1, height: 1), panelWidth: pw, panelHeight: ph)
            let pp = r.physicalPoint(Point(Double(x) + 0.5, Double(y) + 0.5), panelWidth: Double(pw), panelHeight: Double(ph))
            #expect(pr.contains(x: Int(pp.x), y: Int(pp.y)), "\(r) (\(x),\(y)) → \(pp) not in \(pr)")
            #expect(IntRect(x: 0, y: 0, width: pw, height: ph).contains(pr))
            let back = r.logicalPoint(pp, panelWidth: Double(pw), panelHeight: Double(ph))
            #expect(abs(back.x - (Double(x) + 0.5)) < 1e-9 && abs(back.y - (Double(y) + 0.5)) < 1e-9)
        }
    }

    /// A touch at a panel corner lands on the logical corner that is drawn there.
    @Test(arguments: Rotation.allCases) func touchFollowsRotation(_ r: Rotation) {
        let m = TouchMapping(xRange: AxisRange(0, 32767), yRange: AxisRange(0, 32767), panelWidth: pw, panelHeight: ph, rotation: r)
        let (lw, lh) = r.logicalSize(panelWidth: pw, panelHeight: ph)
        // The panel's top-left shows logical pixel: 0° (0,0); 90° (0,lh-1); 180° (lw-1,lh-1); 270° (lw-1,0).
        let p = m.map(x: 0, y: 0)
        let expected: (Double, Double)
        switch r {
        case .degrees0: expected = (0, 0)
        case .degrees90: expected = (0, Double(lh))
        case .degrees180: expected = (Double(lw), Double(lh))
        case .degrees270: expected = (Double(lw), 0)
        }
        #expect(abs(p.x - expected.0) < 0.01 && abs(p.y - expected.1) < 0.01, "\(r): \(p)")
        // Every logical point is inside the logical surface.
        for (x, y) in [(0, 0), (32767, 0), (0, 32767), (32767, 32767), (16000, 9000)] {
            let q = m.map(x: Int32(x), y: Int32(y))
            #expect(q.x >= 0 && q.y >= 0 && q.x < Double(lw) && q.y < Double(lh))
        }
    }

    /// Calibration × rotation: the touch at the panel pixel showing logical pixel L maps back to L.
    @Test(arguments: Rotation.allCases) func calibratedTouchHitsWhatIsDrawn(_ r: Rotation) throws {
        // A touch layer mounted mirrored in x and offset: raw = 4000 − 4·panelX, 100 + 8·panelY.
        let matrix = CalibrationMatrix(a: -1, b: 0, c: 1, d: 0, e: 1, f: 0)
        let m = TouchMapping(xRange: AxisRange(800, 4000), yRange: AxisRange(100, 3940), matrix: matrix,
                             panelWidth: pw, panelHeight: ph, rotation: r)
        let (lw, lh) = r.logicalSize(panelWidth: pw, panelHeight: ph)
        for (lx, ly) in [(10, 20), (lw - 30, 5), (lw / 2, lh / 2), (3, lh - 4)] {
            let pp = r.physicalPoint(Point(Double(lx) + 0.5, Double(ly) + 0.5), panelWidth: Double(pw), panelHeight: Double(ph))
            let rawX = Int32((4000 - 4 * pp.x).rounded()), rawY = Int32((100 + 8 * pp.y).rounded())
            let q = m.map(x: rawX, y: rawY)
            #expect(Int(q.x) == lx && Int(q.y) == ly, "\(r): logical (\(lx),\(ly)) came back as \(q)")
        }
    }

    @Test func swapAndInvert() {
        let base = TouchMapping(xRange: AxisRange(0, 100), yRange: AxisRange(0, 100), panelWidth: 200, panelHeight: 100)
        var m = base; m.swapXY = true
        #expect(m.map(x: 25, y: 75) == Point(150, 25))
        m = base; m.invertX = true
        #expect(m.map(x: 25, y: 75) == Point(150, 75))
        m = base; m.invertY = true
        #expect(m.map(x: 25, y: 75) == Point(50, 25))
    }

    @Test func libinputMatrixParsing() throws {
        let m = try CalibrationMatrix(parsing: "0 1 0 -1 0 1")
        #expect(m.apply(Point(0.25, 0.5)) == Point(0.5, 0.75))
        #expect(try CalibrationMatrix(parsing: "1,0,0,0,1,0") == .identity)
        #expect(throws: ConfigError.self) { try CalibrationMatrix(parsing: "1 0 0 0 1") }
        #expect(throws: ConfigError.self) { try CalibrationMatrix(parsing: "1 0 0 0 1 nan") }
        #expect(throws: ConfigError.self) { try CalibrationMatrix(parsing: "a b c d e f") }
    }

    @Test func degenerateAxisRangeDoesNotDivideByZero() {
        let m = TouchMapping(xRange: AxisRange(5, 5), yRange: AxisRange(0, 0), panelWidth: 100, panelHeight: 100)
        let p = m.map(x: 5, y: 9)
        #expect(p.x.isFinite && p.y.isFinite)
    }
}
