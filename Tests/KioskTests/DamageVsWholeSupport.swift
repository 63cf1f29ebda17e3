import Testing
import Raster
import KioskScenes
@testable import Kiosk

/// Runs the registered scene `name` at `width`×`height` for `frames` 16-ms ticks, drawing each
/// frame by its damage into one surface and whole into another from the same source (two
/// sources would start their clocks at two `Date()`s and differ by a step now and then): every
/// frame must be the same pixels. `inspect` gets each frame's number and damage; the source's
/// warnings must stay empty.
func drawSceneByDamageAndWhole(_ name: String, width: Int = 800, height: Int = 480, frames: Int,
                               sourceLocation: SourceLocation = #_sourceLocation,
                               inspect: (_ frame: Int, _ damage: [IntRect]) -> Void) throws {
    KioskScenes.registerAll()
    var clock = 0.0
    let source = try #require(DemoScenes.make(name, width: width, height: height, now: { clock }) as? ViewFrameSource,
                              sourceLocation: sourceLocation)
    let a = try Surface(width: width, height: height), b = try Surface(width: width, height: height)
    for frame in 0..<frames {
        clock = Double(frame) * 0.016
        let damage = source.renderFrame(into: a, at: clock, fullRedraw: false)
        inspect(frame, damage)
        _ = source.renderFrame(into: b, at: clock, fullRedraw: true)
        #expect(a.samePixels(as: b), "\(name) frame \(frame)", sourceLocation: sourceLocation)
    }
    #expect(source.warnings.isEmpty, "\(source.warnings)", sourceLocation: sourceLocation)
}
