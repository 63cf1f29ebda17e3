// Where the keys go. Sizes come from the width the keyboard is given (a landscape panel gives it
// the whole width):
// - key height: 6.5 % of the width, between 40 points (iPhone's 42-point keys at 375 wide) and
//   64 points (the cap: at 1920 wide 64-point keys already make a keyboard of 306 points, 28 % of
//   a 1080-line panel; taller keys only push the app's content off the screen);
// - gaps: width / 80 between 5 and 10 points, the same across and down (10 on an 800-point panel,
//   as iPad), with half a gap at the sides and a whole one above and below the keys;
// - every page has four rows, so the height depends only on the width (`height(forWidth:)`):
//   5 gaps + 4 keys = 258 points at 800 wide, 306 at 1920;
// - a row's keys share its width in proportion to their units; edges are rounded to whole
//   points so keys stay crisp;
// - the pads' columns are at most 240 points wide, centred (iOS's pads are phone-wide; stretched
//   over 1920 points a digit key would be 470 wide).
// Touches between keys go to the nearest key, as iOS fills the gaps.

import Raster

struct KeyboardMetrics: Equatable {
    var width: CGFloat
    var keyHeight: CGFloat
    var gap: CGFloat

    init(width w: CGFloat) {
        width = w.isFinite ? max(0, w) : 0
        keyHeight = min(64, max(40, (width * 0.065).rounded()))
        gap = min(10, max(5, (width / 80).rounded()))
    }

    static let rowCount = 4
    static let maxPadColumn: CGFloat = 240

    /// The keyboard's height: 4 rows of keys and 5 gaps (0 for a width that is not positive).
    var height: CGFloat {
        guard width > 0 else { return 0 }
        return CGFloat(KeyboardMetrics.rowCount) * keyHeight + CGFloat(KeyboardMetrics.rowCount + 1) * gap
    }
}

/// A key with its frame in the keyboard's coordinates.
struct PlacedKey: Equatable {
    var key: KeyboardKey
    var frame: CGRect
}

enum KeyboardGeometry {
    /// The keys of `rows` placed in a keyboard `metrics.width` wide (blank keys left out).
    static func place(_ rows: [[KeyboardKey]], metrics m: KeyboardMetrics, isPad: Bool) -> [PlacedKey] {
        guard m.width > 0 else { return [] }
        var out: [PlacedKey] = []
        out.reserveCapacity(44)
        for (r, row) in rows.enumerated() {
            let y = m.gap + CGFloat(r) * (m.keyHeight + m.gap)
            let units = row.reduce(0) { $0 + $1.width }
            guard units > 0 else { continue }
            let gaps = CGFloat(row.count - 1) * m.gap
            var left = m.gap / 2
            var unit = max(0, (m.width - m.gap - gaps) / units)
            if isPad {
                unit = min(unit, KeyboardMetrics.maxPadColumn)
                left = ((m.width - unit * units - gaps) / 2)
            }
            var x = left
            for key in row {
                let x0 = x.rounded(), x1 = (x + key.width * unit).rounded()
                x += key.width * unit + m.gap
                guard !key.isBlank else { continue }
                let h = CGFloat(key.rows) * m.keyHeight + CGFloat(key.rows - 1) * m.gap
                out.append(PlacedKey(key: key, frame: CGRect(x: x0, y: y, width: max(0, x1 - x0), height: h)))
            }
        }
        return out
    }

    /// The keys for `config` in a keyboard `width` wide.
    static func keys(_ config: KeyboardConfiguration, width: CGFloat) -> [PlacedKey] {
        place(KeyboardLayout.rows(config), metrics: KeyboardMetrics(width: width), isPad: config.pad != nil)
    }

    /// The index of the key a touch at `p` means: the key under it, else the nearest key within a
    /// gap (the gaps belong to the keys beside them); nil outside.
    static func key(at p: CGPoint, in keys: [PlacedKey], gap: CGFloat) -> Int? {
        guard p.x.isFinite, p.y.isFinite else { return nil }
        var best: Int?
        var bestDistance = CGFloat.infinity
        for (i, k) in keys.enumerated() {
            let f = k.frame
            let dx = max(f.minX - p.x, 0, p.x - f.maxX)
            let dy = max(f.minY - p.y, 0, p.y - f.maxY)
            let d = dx * dx + dy * dy
            if d == 0 { return i }
            if d < bestDistance { bestDistance = d; best = i }
        }
        return bestDistance <= gap * gap ? best : nil
    }
}
