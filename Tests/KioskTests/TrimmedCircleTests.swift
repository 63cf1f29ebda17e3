// A trimmed circle (`Circle().trim(from:to:)`, the SwiftUI progress ring) is an arc of the
// circle from its own start (3 o'clock) clockwise on screen, not a polyline; stroked with flat
// ends it reaches the canvas as a ring segment (Raster's SectorRasterizer).
import Testing
@testable import Raster
@testable import Kiosk

@Suite struct TrimmedCircleTests {
    @Test func aTrimmedCircleIsAnArcFromThreeOClockClockwise() throws {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 100)
        let quarter = Circle().trim(from: 0, to: 0.25).path(in: rect)
        #expect(quarter.storage.sector?.stage == 1)
        let e = quarter.storage.elements
        guard case .move(let a)? = e.first, let end = quarter.storage.currentPoint else { Issue.record("no arc"); return }
        #expect(abs(a.x - 110) < 1e-9 && abs(a.y - 70) < 1e-9)          // 3 o'clock
        #expect(abs(end.x - 60) < 1e-9 && abs(end.y - 120) < 1e-9)      // 6 o'clock: clockwise on screen
        // From a third to two thirds: the same arc the circle's outline passes.
        let mid = Circle().trim(from: 1.0 / 3, to: 2.0 / 3).path(in: rect).storage
        let b = try #require(mid.elements.first.flatMap { if case .move(let p) = $0 { p } else { nil } })
        #expect(abs(b.x - (60 + 50 * cos(2 * Double.pi / 3))) < 1e-9 && abs(b.y - (70 + 50 * sin(2 * Double.pi / 3))) < 1e-9)
        // An ellipse that is not a circle is still trimmed along its outline.
        let oval = Ellipse().trim(from: 0, to: 0.25).path(in: CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(oval.storage.sector == nil && !oval.isEmpty)
        // The whole or nothing, as before.
        #expect(Circle().trim(from: 0, to: 1).path(in: rect) == Circle().path(in: rect))
        #expect(Circle().trim(from: 0.5, to: 0.5).path(in: rect).isEmpty)
    }
}
