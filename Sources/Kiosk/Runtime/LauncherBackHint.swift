// LauncherBackHint: a "‹" badge in the top-left corner for the first seconds of a scene the
// launcher runs, so the way back is visible. The badge is translucent, so drawing it again over
// pixels it already darkened would darken them further: it keeps the scene's own pixels under
// it, puts them back before the scene draws, and draws itself again after (idempotent frames;
// the damage it reports covers its box).
import Raster

final class LauncherBackHint {
    /// How long the badge shows after a launch (seconds).
    static let duration = 3.0

    private let box: IntRect
    private let under: Surface
    private let scale: Double
    private var until: Double?
    private var drawn = false

    /// A badge filling the corner square of side `corner` pixels.
    init(corner: Double, scale: Double) {
        let side = max(0, Int(corner.rounded()))
        box = IntRect(x: 0, y: 0, width: side, height: side)
        under = (try? Surface(width: side, height: side)) ?? (try! Surface(width: 0, height: 0))
        self.scale = scale
    }

    /// Shows the badge from the next frame until `time` + `duration`.
    func show(at time: Double) { until = time + LauncherBackHint.duration; drawn = false }
    /// Forgets the badge (the scene it was drawn over is gone).
    func reset() { until = nil; drawn = false }

    /// When the badge must go, if it shows.
    var deadline: Double? { until }
    /// Whether a frame is needed to draw or erase it at `time`.
    func needsFrame(at time: Double) -> Bool {
        guard let until else { return false }
        return !drawn || time >= until
    }

    /// Puts the scene's pixels back where the badge is (before the scene draws).
    func restore(into surface: Surface) {
        if drawn { surface.copyPixels(from: under, to: box.x0, box.y0) }
    }

    /// Draws the badge over the scene's fresh frame, or (after its time) leaves it erased;
    /// returns the damage it adds.
    func draw(into surface: Surface, at time: Double) -> [IntRect] {
        guard let until else { return [] }
        let area = box.intersection(surface.bounds)
        if time >= until || area.isEmpty {
            let erased = drawn
            reset()
            return erased ? [area] : []
        }
        under.copyPixels(from: surface.subsurface(area), to: 0, 0)
        let canvas = Raster.Canvas(surface)
        let s = scale, side = Double(area.width)
        let inset = 8 * s
        let badge = Raster.Rect(x: inset, y: inset, width: side - 2 * inset, height: side - 2 * inset)
        canvas.fill(Raster.Path.roundedRect(badge, cornerRadius: badge.width / 2), with: .solid(Raster.Color(0, 0, 0, 0.55)))
        let c = Point(badge.origin.x + badge.size.width / 2, badge.origin.y + badge.size.height / 2)
        let arm = badge.size.width * 0.18
        var chevron = Raster.Path()
        chevron.move(to: c.x + arm * 0.45, c.y - arm)
        chevron.line(to: c.x - arm * 0.55, c.y)
        chevron.line(to: c.x + arm * 0.45, c.y + arm)
        canvas.stroke(chevron, with: .solid(Raster.Color.white), style: Raster.StrokeStyle(lineWidth: max(2, 3 * s), lineCap: .round, lineJoin: .round))
        drawn = true
        return [area]
    }
}
