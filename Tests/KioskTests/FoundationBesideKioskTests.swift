// A pasted file that writes `import Foundation` beside `import Kiosk` (as much SwiftUI code does):
// `CGFloat`, `CGPoint`, `CGSize`, `CGRect`, `CGVector` and `CGAffineTransform` are kiosk's, not
// ambiguous (KioskGeometry/CoreGraphicsTypes.swift), and Foundation's stay reachable qualified.
import Foundation
import Testing
@testable import Kiosk
import Raster

private struct ProgressRing: View {
    private let progress: CGFloat
    init(progress: CGFloat) { self.progress = progress }
    var body: some View {
        Circle().trim(from: 0, to: progress).stroke(style: StrokeStyle(lineWidth: 8, lineCap: .round))
            .frame(width: 60, height: 60)
    }
}

@Suite struct FoundationBesideKioskTests {
    @Test func geometryNamesMeanKiosksTypesWhereFoundationIsImported() {
        let r: CGFloat = 2.5
        let d: Double = r                      // kiosk's CGFloat is Double
        let rect = CGRect(origin: CGPoint(x: 1, y: 2), size: CGSize(width: 3, height: 4))
        let t = CGAffineTransform(translationX: 1, y: 1)
        #expect(d == 2.5)
        #expect(CGFloat.self == Double.self)
        #expect(rect.maxX == 4 && rect.applying(t).minY == 3)
        #expect(CGVector(dx: 1, dy: 2).dy == 2)
        #expect(type(of: rect) == Kiosk.CGRect.self)
        // Foundation's own are still there, by their module's name.
        let f = Foundation.CGSize(width: 1, height: 2)
        #expect(f.height == 2)
        // And Foundation-only API next to them.
        #expect(String(format: "%.1f", r) == "2.5")
    }

    @Test func aViewTypedInCGFloatRenders() {
        let host = HeadlessHost(width: 80, height: 80) { ProgressRing(progress: 0.5) }
        // The trim's half runs clockwise from the right through the bottom: the bottom of the
        // ring is drawn, its top is not.
        let s = host.snapshot()
        #expect(rgba(s, 40, 69) != rgba(s, 40, 11))
        #expect(rgba(s, 40, 11) == rgba(s, 2, 2))
        #expect(host.warnings.isEmpty)
    }
}
