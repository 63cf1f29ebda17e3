// The symbols the on-screen keyboard draws, in SystemSymbols' unit square and stroke weight:
// shift (outline arrow), shift.fill (shift on for one letter), capslock.fill (locked), delete.left,
// globe, keyboard.chevron.compact.down (the hide key). `Image(systemName:)` finds them too.

import Raster

extension SystemSymbols {
    static let keyboardNames: [String] = [
        "shift", "shift.fill", "capslock.fill", "delete.left", "globe", "keyboard.chevron.compact.down",
    ]

    /// The shift arrow: a house-shaped outline pointing up.
    private static let shiftArrow: [(Double, Double)] = [(0.5, 0.08), (0.92, 0.52), (0.69, 0.52), (0.69, 0.9),
                                                          (0.31, 0.9), (0.31, 0.52), (0.08, 0.52)]

    private static func outline(_ p: inout Raster.Path, _ points: [(Double, Double)]) {
        guard let f = points.first else { return }
        p.move(to: f.0, f.1)
        for q in points.dropFirst() { p.line(to: q.0, q.1) }
        p.close()
    }

    static func keyboardSymbol(_ name: String) -> [Part]? {
        switch name {
        case "shift":
            return [Part(path: Raster.Path { outline(&$0, shiftArrow) }, stroke: true)]
        case "shift.fill":
            return [Part(path: Raster.Path { outline(&$0, shiftArrow) }, stroke: false)]
        case "capslock.fill":
            return [Part(path: Raster.Path { p in
                outline(&p, shiftArrow.map { ($0.0, $0.1 * 0.78) })
                p.addRect(Rect(x: 0.3, y: 0.8, width: 0.4, height: 0.12))
            }, stroke: false)]
        case "delete.left":
            return [Part(path: Raster.Path { p in
                outline(&p, [(0.04, 0.5), (0.3, 0.18), (0.94, 0.18), (0.94, 0.82), (0.3, 0.82)])
                p.move(to: 0.5, 0.37); p.line(to: 0.74, 0.63)
                p.move(to: 0.74, 0.37); p.line(to: 0.5, 0.63)
            }, stroke: true)]
        case "globe":
            return [Part(path: Raster.Path { p in
                p.addEllipse(in: Rect(x: 0.07, y: 0.07, width: 0.86, height: 0.86))
                p.addEllipse(in: Rect(x: 0.31, y: 0.07, width: 0.38, height: 0.86))
                p.move(to: 0.07, 0.5); p.line(to: 0.93, 0.5)
                p.move(to: 0.16, 0.28); p.line(to: 0.84, 0.28)
                p.move(to: 0.16, 0.72); p.line(to: 0.84, 0.72)
            }, stroke: true)]
        case "keyboard.chevron.compact.down":
            return [Part(path: Raster.Path { p in
                        p.addRoundedRect(Rect(x: 0.06, y: 0.1, width: 0.88, height: 0.56), cornerRadius: 0.08)
                        p.move(to: 0.3, 0.53); p.line(to: 0.7, 0.53)
                        p.move(to: 0.38, 0.8); p.line(to: 0.5, 0.9); p.line(to: 0.62, 0.8)
                    }, stroke: true),
                    Part(path: Raster.Path { p in
                        for y in [0.25, 0.39] {
                            for x in [0.22, 0.36, 0.5, 0.64, 0.78] { p.addRect(Rect(x: x - 0.035, y: y - 0.03, width: 0.07, height: 0.06)) }
                        }
                    }, stroke: false)]
        default:
            return nil
        }
    }
}
