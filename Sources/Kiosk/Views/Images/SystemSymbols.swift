// Image(systemName:): SF Symbols are Apple's and not available on kiosk screens, so a small set
// of the common ones is drawn here as paths in a unit square (filled, or stroked with round caps
// at 9 % of the side — SF's regular weight at body size is ≈ 1.6 of 20 points). They draw in the
// foreground style like SwiftUI's template symbols, sized from the font (side = 1.2 × point size,
// 20 points at body) times the image scale, or to the offered size when `.resizable()`.
//
// The set (`SystemSymbols.names`): plus, minus, xmark, checkmark, chevron.left/right/up/down,
// arrow.left/right/up/down, play.fill, pause.fill, stop.fill, backward.fill, forward.fill,
// circle, circle.fill, square, square.fill, star, star.fill, heart, heart.fill,
// plus.circle.fill, minus.circle.fill, xmark.circle.fill, house.fill, magnifyingglass,
// info.circle, exclamationmark.triangle.fill, person.fill, sun.max.fill, moon.fill, bolt.fill,
// clock, ellipsis, line.3.horizontal, trash, bell.fill, gearshape, wifi, location.fill,
// checkmark.circle, checkmark.circle.fill, checkmark.square, checkmark.square.fill; `moreNames`:
// gear, arrow.up.arrow.down, pencil.circle.fill, and a digit in a circle or square (0.circle …
// 9.square.fill); and the
// on-screen keyboard's (`keyboardNames`, Focus/Keyboard/KeyboardSymbols.swift).
// Any other name draws a placeholder (a stroked square with a diagonal) and warns once per name.

import Raster

enum SystemSymbols {
    /// One part of a symbol: a path in the unit square, filled (even-odd when `evenOdd`) or stroked.
    struct Part {
        var path: Raster.Path
        var stroke: Bool
        var evenOdd = false
    }

    static let names: [String] = [
        "plus", "minus", "xmark", "checkmark", "chevron.left", "chevron.right", "chevron.up", "chevron.down",
        "arrow.left", "arrow.right", "arrow.up", "arrow.down", "play.fill", "pause.fill", "stop.fill",
        "backward.fill", "forward.fill", "circle", "circle.fill", "square", "square.fill", "star", "star.fill",
        "heart", "heart.fill", "plus.circle.fill", "minus.circle.fill", "xmark.circle.fill", "house.fill",
        "magnifyingglass", "info.circle", "exclamationmark.triangle.fill", "person.fill", "sun.max.fill",
        "moon.fill", "bolt.fill", "clock", "ellipsis", "line.3.horizontal", "trash", "bell.fill", "gearshape",
        "wifi", "location.fill", "checkmark.circle", "checkmark.circle.fill", "checkmark.square",
        "checkmark.square.fill",
    ]
    /// Names added for public SwiftUI screens (scripts/corpus), kept apart so `names`' golden
    /// grid stays as it was; and "0.circle" … "9.square.fill" (`numbered`).
    static let moreNames: [String] = ["gear", "arrow.up.arrow.down", "pencil.circle.fill"]
    /// The most asked-for of the symbols the corpora's 2026-12-07 run still warned about (mic ×5,
    /// sparkles ×3, then one each), with their own golden grid.
    static let corpusNames: [String] = [
        "plus.circle", "minus.circle", "gearshape.fill", "sun.max", "lock", "lock.fill", "envelope", "envelope.fill",
        "drop", "drop.fill", "mic", "mic.fill", "power", "music.note", "sparkles",
    ]
    /// The next most asked-for (chevron.forward.circle.fill ×3, key.fill, arrow.clockwise and
    /// alarm ×2, a settings screen's row icons), with their own golden grid.
    static let laterCorpusNames: [String] = [
        "chevron.forward.circle.fill", "key.fill", "arrow.clockwise", "alarm", "phone.fill", "message.fill",
        "info.circle.fill", "camera.fill", "bookmark.fill", "airplane", "battery.100", "book.fill",
    ]

    /// The stroke width as a share of the side.
    static let strokeShare = 0.09

    private static let warned = Locked(Set<String>())

    /// The parts of `name`, or the placeholder (warning once) for a name not in the set.
    static func parts(_ name: String) -> [Part] {
        if let p = known(name) ?? keyboardSymbol(name) ?? numbered(name) { return p }
        let first = warned.withLock { $0.insert(name).inserted }
        if first {
            Diagnostics.warn("Image(systemName: \"\(name)\"): not among kiosk's \(names.count + moreNames.count + corpusNames.count + laterCorpusNames.count + 40) drawn symbols (SystemSymbols.names, moreNames, corpusNames, laterCorpusNames, numbered); a placeholder is shown")
        }
        return [stroked { p in
            p.addRect(Rect(x: 0.12, y: 0.12, width: 0.76, height: 0.76))
            p.move(to: 0.12, 0.88); p.line(to: 0.88, 0.12)
        }]
    }

    private static func stroked(_ build: (inout Raster.Path) -> Void) -> Part { Part(path: Raster.Path(build), stroke: true) }
    private static func filled(_ build: (inout Raster.Path) -> Void) -> Part { Part(path: Raster.Path(build), stroke: false) }
    private static func holed(_ build: (inout Raster.Path) -> Void) -> Part { Part(path: Raster.Path(build), stroke: false, evenOdd: true) }

    private static func polygon(_ p: inout Raster.Path, _ points: [(Double, Double)]) {
        guard let f = points.first else { return }
        p.move(to: f.0, f.1)
        for q in points.dropFirst() { p.line(to: q.0, q.1) }
        p.close()
    }

    /// A thick "+" as a polygon (for cut-outs), centred at (cx, cy), arm length `a`, half width `w`.
    private static func plusOutline(_ p: inout Raster.Path, cx: Double, cy: Double, a: Double, w: Double, rotated: Bool = false) {
        var pts: [(Double, Double)] = [(-w, -a), (w, -a), (w, -w), (a, -w), (a, w), (w, w), (w, a), (-w, a), (-w, w), (-a, w), (-a, -w), (-w, -w)]
        if rotated {
            let c = 0.70710678
            pts = pts.map { (($0.0 - $0.1) * c, ($0.0 + $0.1) * c) }
        }
        polygon(&p, pts.map { ($0.0 + cx, $0.1 + cy) })
    }

    /// The outline of a polyline `2w` thick with mitred joints and butt ends (for cut-outs).
    private static func thickPolyline(_ p: inout Raster.Path, _ pts: [(Double, Double)], w: Double) {
        guard pts.count >= 2 else { return }
        func normal(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
            let dx = b.0 - a.0, dy = b.1 - a.1, l = max(1e-9, (dx * dx + dy * dy).squareRoot())
            return (-dy / l, dx / l)
        }
        var left: [(Double, Double)] = [], right: [(Double, Double)] = []
        for i in pts.indices {
            let n: (Double, Double)
            var scale = 1.0
            if i == 0 { n = normal(pts[0], pts[1]) }
            else if i == pts.count - 1 { n = normal(pts[i - 1], pts[i]) }
            else {
                let a = normal(pts[i - 1], pts[i]), b = normal(pts[i], pts[i + 1])
                let m = (a.0 + b.0, a.1 + b.1), l = max(1e-9, (m.0 * m.0 + m.1 * m.1).squareRoot())
                n = (m.0 / l, m.1 / l)
                scale = 1 / max(0.3, n.0 * a.0 + n.1 * a.1)
            }
            left.append((pts[i].0 + n.0 * w * scale, pts[i].1 + n.1 * w * scale))
            right.append((pts[i].0 - n.0 * w * scale, pts[i].1 - n.1 * w * scale))
        }
        polygon(&p, left + right.reversed())
    }

    private static let check: [(Double, Double)] = [(0.27, 0.52), (0.43, 0.68), (0.74, 0.34)]

    private static func star(_ p: inout Raster.Path) { pointedStar(&p, points: 5, x: 0.5, y: 0.53, outer: 0.48, inner: 0.2) }

    /// A star of `points` points round (x, y), its tips at `outer` and the notches between at
    /// `inner`, the first tip straight up.
    private static func pointedStar(_ p: inout Raster.Path, points n: Int, x: Double, y: Double, outer: Double, inner: Double) {
        var pts: [(Double, Double)] = []
        for i in 0..<(2 * n) {
            let r = i % 2 == 0 ? outer : inner
            let a = -Double.pi / 2 + Double(i) * Double.pi / Double(n)
            pts.append((x + r * cos(a), y + r * sin(a)))
        }
        polygon(&p, pts)
    }

    private static func heart(_ p: inout Raster.Path) {
        p.move(to: 0.5, 0.88)
        p.cubic(to: Point(0.06, 0.38), control1: Point(0.3, 0.72), control2: Point(0.06, 0.58))
        p.cubic(to: Point(0.5, 0.24), control1: Point(0.06, 0.1), control2: Point(0.4, 0.08))
        p.cubic(to: Point(0.94, 0.38), control1: Point(0.6, 0.08), control2: Point(0.94, 0.1))
        p.cubic(to: Point(0.5, 0.88), control1: Point(0.94, 0.58), control2: Point(0.7, 0.72))
        p.close()
    }

    private static func known(_ name: String) -> [Part]? {
        switch name {
        case "plus": return [stroked { $0.move(to: 0.5, 0.12); $0.line(to: 0.5, 0.88); $0.move(to: 0.12, 0.5); $0.line(to: 0.88, 0.5) }]
        case "minus": return [stroked { $0.move(to: 0.12, 0.5); $0.line(to: 0.88, 0.5) }]
        case "xmark": return [stroked { $0.move(to: 0.2, 0.2); $0.line(to: 0.8, 0.8); $0.move(to: 0.8, 0.2); $0.line(to: 0.2, 0.8) }]
        case "checkmark": return [stroked { $0.move(to: 0.14, 0.54); $0.line(to: 0.4, 0.8); $0.line(to: 0.88, 0.2) }]
        case "chevron.left": return [stroked { $0.move(to: 0.66, 0.12); $0.line(to: 0.3, 0.5); $0.line(to: 0.66, 0.88) }]
        case "chevron.right": return [stroked { $0.move(to: 0.34, 0.12); $0.line(to: 0.7, 0.5); $0.line(to: 0.34, 0.88) }]
        case "chevron.up": return [stroked { $0.move(to: 0.12, 0.68); $0.line(to: 0.5, 0.3); $0.line(to: 0.88, 0.68) }]
        case "chevron.down": return [stroked { $0.move(to: 0.12, 0.32); $0.line(to: 0.5, 0.7); $0.line(to: 0.88, 0.32) }]
        case "arrow.left": return [stroked { $0.move(to: 0.88, 0.5); $0.line(to: 0.14, 0.5); $0.move(to: 0.44, 0.18); $0.line(to: 0.12, 0.5); $0.line(to: 0.44, 0.82) }]
        case "arrow.right": return [stroked { $0.move(to: 0.12, 0.5); $0.line(to: 0.86, 0.5); $0.move(to: 0.56, 0.18); $0.line(to: 0.88, 0.5); $0.line(to: 0.56, 0.82) }]
        case "arrow.up": return [stroked { $0.move(to: 0.5, 0.88); $0.line(to: 0.5, 0.14); $0.move(to: 0.18, 0.44); $0.line(to: 0.5, 0.12); $0.line(to: 0.82, 0.44) }]
        case "arrow.down": return [stroked { $0.move(to: 0.5, 0.12); $0.line(to: 0.5, 0.86); $0.move(to: 0.18, 0.56); $0.line(to: 0.5, 0.88); $0.line(to: 0.82, 0.56) }]
        case "play.fill": return [filled { polygon(&$0, [(0.22, 0.1), (0.88, 0.5), (0.22, 0.9)]) }]
        case "pause.fill": return [filled { $0.addRoundedRect(Rect(x: 0.2, y: 0.12, width: 0.2, height: 0.76), cornerRadius: 0.04)
                                            $0.addRoundedRect(Rect(x: 0.6, y: 0.12, width: 0.2, height: 0.76), cornerRadius: 0.04) }]
        case "stop.fill": return [filled { $0.addRoundedRect(Rect(x: 0.14, y: 0.14, width: 0.72, height: 0.72), cornerRadius: 0.08) }]
        case "backward.fill": return [filled { polygon(&$0, [(0.5, 0.2), (0.06, 0.5), (0.5, 0.8)]); polygon(&$0, [(0.94, 0.2), (0.5, 0.5), (0.94, 0.8)]) }]
        case "forward.fill": return [filled { polygon(&$0, [(0.5, 0.2), (0.94, 0.5), (0.5, 0.8)]); polygon(&$0, [(0.06, 0.2), (0.5, 0.5), (0.06, 0.8)]) }]
        case "circle": return [stroked { $0.addEllipse(in: Rect(x: 0.07, y: 0.07, width: 0.86, height: 0.86)) }]
        case "circle.fill": return [filled { $0.addEllipse(in: Rect(x: 0.03, y: 0.03, width: 0.94, height: 0.94)) }]
        case "square": return [stroked { $0.addRoundedRect(Rect(x: 0.08, y: 0.08, width: 0.84, height: 0.84), cornerRadius: 0.14) }]
        case "square.fill": return [filled { $0.addRoundedRect(Rect(x: 0.04, y: 0.04, width: 0.92, height: 0.92), cornerRadius: 0.16) }]
        case "star": return [stroked { star(&$0) }]
        case "star.fill": return [filled { star(&$0) }]
        case "heart": return [stroked { heart(&$0) }]
        case "heart.fill": return [filled { heart(&$0) }]
        case "plus.circle.fill": return [holed { $0.addEllipse(in: Rect(x: 0.03, y: 0.03, width: 0.94, height: 0.94)); plusOutline(&$0, cx: 0.5, cy: 0.5, a: 0.26, w: 0.045) }]
        case "minus.circle.fill": return [holed { $0.addEllipse(in: Rect(x: 0.03, y: 0.03, width: 0.94, height: 0.94)); $0.addRect(Rect(x: 0.24, y: 0.455, width: 0.52, height: 0.09)) }]
        case "xmark.circle.fill": return [holed { $0.addEllipse(in: Rect(x: 0.03, y: 0.03, width: 0.94, height: 0.94)); plusOutline(&$0, cx: 0.5, cy: 0.5, a: 0.24, w: 0.045, rotated: true) }]
        case "house.fill": return [holed { polygon(&$0, [(0.5, 0.06), (0.95, 0.46), (0.84, 0.46), (0.84, 0.92), (0.16, 0.92), (0.16, 0.46), (0.05, 0.46)])
                                           $0.addRect(Rect(x: 0.41, y: 0.62, width: 0.18, height: 0.3)) }]
        case "magnifyingglass": return [stroked { $0.addEllipse(in: Rect(x: 0.1, y: 0.1, width: 0.56, height: 0.56)); $0.move(to: 0.6, 0.6); $0.line(to: 0.9, 0.9) }]
        case "info.circle": return [stroked { $0.addEllipse(in: Rect(x: 0.07, y: 0.07, width: 0.86, height: 0.86)); $0.move(to: 0.5, 0.44); $0.line(to: 0.5, 0.74) },
                                    filled { $0.addCircle(center: Point(0.5, 0.3), radius: 0.06) }]
        case "exclamationmark.triangle.fill": return [holed { polygon(&$0, [(0.5, 0.06), (0.96, 0.9), (0.04, 0.9)])
                                                              $0.addRect(Rect(x: 0.455, y: 0.34, width: 0.09, height: 0.3)); $0.addCircle(center: Point(0.5, 0.75), radius: 0.055) }]
        case "person.fill": return [filled { $0.addCircle(center: Point(0.5, 0.28), radius: 0.2)
                                             $0.move(to: 0.1, 0.94); $0.cubic(to: Point(0.9, 0.94), control1: Point(0.1, 0.46), control2: Point(0.9, 0.46)); $0.close() }]
        case "sun.max.fill":
            return [filled { $0.addCircle(center: Point(0.5, 0.5), radius: 0.2) },
                    stroked { p in for i in 0..<8 { let a = Double(i) * Double.pi / 4
                        p.move(to: 0.5 + 0.32 * cos(a), 0.5 + 0.32 * sin(a)); p.line(to: 0.5 + 0.44 * cos(a), 0.5 + 0.44 * sin(a)) } }]
        case "moon.fill":
            // A disc (centre 0.5,0.5, r 0.42) less one of r 0.34 at (0.72,0.34): the outer arc the long
            // way round between the circles' crossings, then the inner arc back.
            return [filled { p in
                p.move(to: 0.5009, 0.0800)
                p._addArcInEqualPieces(center: Point(0.5, 0.5), radius: 0.42, startAngle: -1.5686, endAngle: 0.3110, clockwise: false)
                p._addArcInEqualPieces(center: Point(0.72, 0.34), radius: 0.34, startAngle: 1.0134, endAngle: -2.2710, clockwise: true)
                p.close() }]
        case "bolt.fill": return [filled { polygon(&$0, [(0.6, 0.04), (0.16, 0.56), (0.46, 0.56), (0.38, 0.96), (0.84, 0.42), (0.54, 0.42)]) }]
        case "clock": return [stroked { $0.addEllipse(in: Rect(x: 0.07, y: 0.07, width: 0.86, height: 0.86)); $0.move(to: 0.5, 0.22); $0.line(to: 0.5, 0.5); $0.line(to: 0.7, 0.62) }]
        case "ellipsis": return [filled { for x in [0.18, 0.5, 0.82] { $0.addCircle(center: Point(x, 0.5), radius: 0.08) } }]
        case "line.3.horizontal": return [stroked { for y in [0.24, 0.5, 0.76] { $0.move(to: 0.1, y); $0.line(to: 0.9, y) } }]
        case "trash": return [stroked { $0.move(to: 0.1, 0.22); $0.line(to: 0.9, 0.22)
                                        $0.move(to: 0.36, 0.22); $0.line(to: 0.38, 0.1); $0.line(to: 0.62, 0.1); $0.line(to: 0.64, 0.22)
                                        $0.move(to: 0.2, 0.22); $0.line(to: 0.26, 0.92); $0.line(to: 0.74, 0.92); $0.line(to: 0.8, 0.22) }]
        case "bell.fill": return [filled { p in
                p.move(to: 0.5, 0.08)
                p.cubic(to: Point(0.2, 0.68), control1: Point(0.22, 0.08), control2: Point(0.24, 0.4))
                p.line(to: 0.1, 0.8); p.line(to: 0.9, 0.8); p.line(to: 0.8, 0.68)
                p.cubic(to: Point(0.5, 0.08), control1: Point(0.76, 0.4), control2: Point(0.78, 0.08))
                p.close()
                p.addCircle(center: Point(0.5, 0.88), radius: 0.08) }]
        case "gearshape", "gear", "gearshape.fill":
            return [holed { p in
                var pts: [(Double, Double)] = []
                for i in 0..<32 {
                    let a = Double(i) * Double.pi / 16 + Double.pi / 32
                    let r = (i / 2) % 2 == 0 ? 0.46 : 0.36
                    pts.append((0.5 + r * cos(a), 0.5 + r * sin(a)))
                }
                polygon(&p, pts)
                p.addCircle(center: Point(0.5, 0.5), radius: 0.15) }]
        case "wifi":
            return [stroked { p in
                for r in [0.18, 0.33, 0.48] {
                    p.move(to: 0.5 + r * cos(-2.36), 0.82 + r * sin(-2.36))
                    p._addArcInEqualPieces(center: Point(0.5, 0.82), radius: r, startAngle: -2.36, endAngle: -0.78, clockwise: true)
                } },
                    filled { $0.addCircle(center: Point(0.5, 0.82), radius: 0.07) }]
        case "checkmark.circle": return [stroked { $0.addEllipse(in: Rect(x: 0.07, y: 0.07, width: 0.86, height: 0.86))
                                                   $0.move(to: check[0].0, check[0].1); $0.line(to: check[1].0, check[1].1); $0.line(to: check[2].0, check[2].1) }]
        case "checkmark.circle.fill": return [holed { $0.addEllipse(in: Rect(x: 0.03, y: 0.03, width: 0.94, height: 0.94)); thickPolyline(&$0, check, w: 0.045) }]
        case "checkmark.square": return [stroked { $0.addRoundedRect(Rect(x: 0.08, y: 0.08, width: 0.84, height: 0.84), cornerRadius: 0.14)
                                                   $0.move(to: check[0].0, check[0].1); $0.line(to: check[1].0, check[1].1); $0.line(to: check[2].0, check[2].1) }]
        case "checkmark.square.fill": return [holed { $0.addRoundedRect(Rect(x: 0.04, y: 0.04, width: 0.92, height: 0.92), cornerRadius: 0.16); thickPolyline(&$0, check, w: 0.045) }]
        case "location.fill": return [filled { polygon(&$0, [(0.92, 0.08), (0.56, 0.92), (0.46, 0.54), (0.08, 0.44)]) }]
        case "arrow.up.arrow.down": return [stroked { $0.move(to: 0.3, 0.88); $0.line(to: 0.3, 0.14); $0.move(to: 0.08, 0.36); $0.line(to: 0.3, 0.12); $0.line(to: 0.52, 0.36)
                                                      $0.move(to: 0.7, 0.12); $0.line(to: 0.7, 0.86); $0.move(to: 0.48, 0.64); $0.line(to: 0.7, 0.88); $0.line(to: 0.92, 0.64) }]
        case "pencil.circle.fill": return [holed { $0.addEllipse(in: Rect(x: 0.03, y: 0.03, width: 0.94, height: 0.94))
                                                   polygon(&$0, [(0.62, 0.26), (0.74, 0.38), (0.42, 0.7), (0.27, 0.73), (0.3, 0.58)]) }]
        case "plus.circle": return [stroked { $0.addEllipse(in: Rect(x: 0.07, y: 0.07, width: 0.86, height: 0.86))
                                              $0.move(to: 0.5, 0.28); $0.line(to: 0.5, 0.72); $0.move(to: 0.28, 0.5); $0.line(to: 0.72, 0.5) }]
        case "minus.circle": return [stroked { $0.addEllipse(in: Rect(x: 0.07, y: 0.07, width: 0.86, height: 0.86))
                                               $0.move(to: 0.28, 0.5); $0.line(to: 0.72, 0.5) }]
        case "sun.max":
            return [stroked { p in
                p.addCircle(center: Point(0.5, 0.5), radius: 0.18)
                for i in 0..<8 { let a = Double(i) * Double.pi / 4
                    p.move(to: 0.5 + 0.32 * cos(a), 0.5 + 0.32 * sin(a)); p.line(to: 0.5 + 0.44 * cos(a), 0.5 + 0.44 * sin(a)) } }]
        case "lock": return [stroked { $0.addRoundedRect(Rect(x: 0.2, y: 0.46, width: 0.6, height: 0.44), cornerRadius: 0.08); shackle(&$0) }]
        case "lock.fill": return [filled { $0.addRoundedRect(Rect(x: 0.16, y: 0.44, width: 0.68, height: 0.5), cornerRadius: 0.08) },
                                  stroked { shackle(&$0) }]
        case "envelope": return [stroked { $0.addRoundedRect(Rect(x: 0.08, y: 0.2, width: 0.84, height: 0.6), cornerRadius: 0.08)
                                           $0.move(to: 0.1, 0.24); $0.line(to: 0.5, 0.56); $0.line(to: 0.9, 0.24) }]
        case "envelope.fill": return [holed { $0.addRoundedRect(Rect(x: 0.04, y: 0.18, width: 0.92, height: 0.64), cornerRadius: 0.08)
                                              thickPolyline(&$0, [(0.08, 0.24), (0.5, 0.56), (0.92, 0.24)], w: 0.035) }]
        case "drop": return [stroked { drop(&$0) }]
        case "drop.fill": return [filled { drop(&$0) }]
        case "mic": return [stroked { $0.addRoundedRect(Rect(x: 0.35, y: 0.06, width: 0.3, height: 0.52), cornerRadius: 0.15); micStand(&$0) }]
        case "mic.fill": return [filled { $0.addRoundedRect(Rect(x: 0.33, y: 0.04, width: 0.34, height: 0.56), cornerRadius: 0.17) },
                                 stroked { micStand(&$0) }]
        case "power":
            return [stroked { p in
                let start = -Double.pi / 2 + 0.65, end = 3 * Double.pi / 2 - 0.65
                p.move(to: 0.5 + 0.36 * cos(start), 0.54 + 0.36 * sin(start))
                p._addArcInEqualPieces(center: Point(0.5, 0.54), radius: 0.36, startAngle: start, endAngle: end, clockwise: true)
                p.move(to: 0.5, 0.08); p.line(to: 0.5, 0.5) }]
        case "music.note": return [filled { $0.addEllipse(in: Rect(x: 0.18, y: 0.66, width: 0.34, height: 0.26))
                                            $0.addRect(Rect(x: 0.45, y: 0.08, width: 0.07, height: 0.72))
                                            polygon(&$0, [(0.45, 0.08), (0.82, 0.2), (0.82, 0.36), (0.52, 0.26)]) }]
        case "sparkles": return [filled { sparkle(&$0, 0.42, 0.58, 0.36); sparkle(&$0, 0.78, 0.2, 0.16); sparkle(&$0, 0.8, 0.8, 0.1) }]
        case "chevron.forward.circle.fill":
            return [holed { $0.addEllipse(in: Rect(x: 0.03, y: 0.03, width: 0.94, height: 0.94))
                            thickPolyline(&$0, [(0.42, 0.27), (0.63, 0.5), (0.42, 0.73)], w: 0.05) }]
        case "key.fill":
            return [holed { $0.addCircle(center: Point(0.28, 0.5), radius: 0.2); $0.addCircle(center: Point(0.22, 0.5), radius: 0.06) },
                    filled { polygon(&$0, [(0.44, 0.45), (0.94, 0.45), (0.94, 0.55), (0.88, 0.55), (0.88, 0.67), (0.8, 0.67),
                                           (0.8, 0.55), (0.72, 0.55), (0.72, 0.63), (0.64, 0.63), (0.64, 0.55), (0.44, 0.55)]) }]
        case "arrow.clockwise":
            return [stroked { p in
                        let start = -Double.pi / 2 + 0.6, end = 3 * Double.pi / 2 - 0.08
                        p.move(to: 0.5 + 0.34 * cos(start), 0.54 + 0.34 * sin(start))
                        p._addArcInEqualPieces(center: Point(0.5, 0.54), radius: 0.34, startAngle: start, endAngle: end, clockwise: true) },
                    filled { polygon(&$0, [(0.44, 0.07), (0.64, 0.2), (0.44, 0.33)]) }]
        case "alarm":
            return [stroked { $0.addEllipse(in: Rect(x: 0.16, y: 0.2, width: 0.68, height: 0.68))
                              $0.move(to: 0.5, 0.36); $0.line(to: 0.5, 0.54); $0.line(to: 0.64, 0.62)
                              $0.move(to: 0.08, 0.24); $0.line(to: 0.24, 0.08); $0.move(to: 0.76, 0.08); $0.line(to: 0.92, 0.24)
                              $0.move(to: 0.28, 0.82); $0.line(to: 0.18, 0.94); $0.move(to: 0.72, 0.82); $0.line(to: 0.82, 0.94) }]
        case "phone.fill":
            return [filled { p in
                p.move(to: 0.12, 0.2)
                p.line(to: 0.28, 0.06); p.line(to: 0.44, 0.28); p.line(to: 0.34, 0.4)
                p.cubic(to: Point(0.6, 0.66), control1: Point(0.4, 0.5), control2: Point(0.5, 0.6))
                p.line(to: 0.72, 0.56); p.line(to: 0.94, 0.72); p.line(to: 0.8, 0.88)
                p.cubic(to: Point(0.12, 0.2), control1: Point(0.5, 0.98), control2: Point(0.02, 0.5))
                p.close() }]
        case "message.fill":
            return [filled { $0.addEllipse(in: Rect(x: 0.04, y: 0.1, width: 0.92, height: 0.7)) },
                    filled { polygon(&$0, [(0.2, 0.64), (0.1, 0.94), (0.44, 0.76)]) }]
        case "info.circle.fill":
            return [holed { $0.addEllipse(in: Rect(x: 0.03, y: 0.03, width: 0.94, height: 0.94))
                            $0.addRect(Rect(x: 0.455, y: 0.43, width: 0.09, height: 0.32)); $0.addCircle(center: Point(0.5, 0.3), radius: 0.06) }]
        case "camera.fill":
            return [holed { $0.addRoundedRect(Rect(x: 0.04, y: 0.26, width: 0.92, height: 0.62), cornerRadius: 0.1)
                            $0.addCircle(center: Point(0.5, 0.57), radius: 0.17) },
                    filled { polygon(&$0, [(0.32, 0.28), (0.4, 0.14), (0.6, 0.14), (0.68, 0.28)]) }]
        case "bookmark.fill": return [filled { polygon(&$0, [(0.22, 0.06), (0.78, 0.06), (0.78, 0.94), (0.5, 0.72), (0.22, 0.94)]) }]
        case "airplane":
            return [filled { polygon(&$0, [(0.95, 0.5), (0.88, 0.55), (0.6, 0.56), (0.42, 0.92), (0.33, 0.92), (0.44, 0.56),
                                           (0.2, 0.56), (0.12, 0.7), (0.05, 0.7), (0.09, 0.5), (0.05, 0.3), (0.12, 0.3),
                                           (0.2, 0.44), (0.44, 0.44), (0.33, 0.08), (0.42, 0.08), (0.6, 0.44), (0.88, 0.45)]) }]
        case "battery.100":
            return [stroked { $0.addRoundedRect(Rect(x: 0.06, y: 0.3, width: 0.78, height: 0.4), cornerRadius: 0.08) },
                    filled { $0.addRoundedRect(Rect(x: 0.14, y: 0.38, width: 0.62, height: 0.24), cornerRadius: 0.03)
                             $0.addRoundedRect(Rect(x: 0.88, y: 0.42, width: 0.06, height: 0.16), cornerRadius: 0.02) }]
        case "book.fill":
            return [filled { polygon(&$0, [(0.05, 0.18), (0.46, 0.26), (0.46, 0.9), (0.05, 0.82)]) },
                    filled { polygon(&$0, [(0.54, 0.26), (0.95, 0.18), (0.95, 0.82), (0.54, 0.9)]) }]
        default: return nil
        }
    }

    /// A padlock's shackle over a body whose top is at y 0.46.
    private static func shackle(_ p: inout Raster.Path) {
        p.move(to: 0.32, 0.46); p.line(to: 0.32, 0.3)
        p._addArcInEqualPieces(center: Point(0.5, 0.3), radius: 0.18, startAngle: Double.pi, endAngle: 2 * Double.pi, clockwise: true)
        p.line(to: 0.68, 0.46)
    }

    /// A drop: a point at the top, round at the bottom.
    private static func drop(_ p: inout Raster.Path) {
        p.move(to: 0.5, 0.06)
        p.cubic(to: Point(0.8, 0.62), control1: Point(0.62, 0.24), control2: Point(0.8, 0.42))
        p.cubic(to: Point(0.5, 0.92), control1: Point(0.8, 0.79), control2: Point(0.67, 0.92))
        p.cubic(to: Point(0.2, 0.62), control1: Point(0.33, 0.92), control2: Point(0.2, 0.79))
        p.cubic(to: Point(0.5, 0.06), control1: Point(0.2, 0.42), control2: Point(0.38, 0.24))
        p.close()
    }

    /// A microphone's stand: the cradle, the stem and the foot.
    private static func micStand(_ p: inout Raster.Path) {
        p.move(to: 0.2, 0.42); p.cubic(to: Point(0.8, 0.42), control1: Point(0.2, 0.84), control2: Point(0.8, 0.84))
        p.move(to: 0.5, 0.74); p.line(to: 0.5, 0.92)
        p.move(to: 0.34, 0.92); p.line(to: 0.66, 0.92)
    }

    /// A four-pointed sparkle at (x, y) reaching `r`.
    private static func sparkle(_ p: inout Raster.Path, _ x: Double, _ y: Double, _ r: Double) {
        pointedStar(&p, points: 4, x: x, y: y, outer: r, inner: r * 0.26)
    }

    /// Strokes of the digits 0…9 in the unit square (about 0.28 wide, 0.48 high, centred), each a
    /// list of polylines that neither cross nor overlap (so they cut out cleanly, even-odd).
    private static let digitStrokes: [[[(Double, Double)]]] = [
        [[(0.5, 0.26), (0.64, 0.26), (0.64, 0.74), (0.36, 0.74), (0.36, 0.26), (0.5, 0.26)]],
        [[(0.41, 0.34), (0.54, 0.26), (0.54, 0.74)]],
        [[(0.36, 0.32), (0.44, 0.26), (0.58, 0.26), (0.64, 0.33), (0.64, 0.42), (0.36, 0.74), (0.66, 0.74)]],
        [[(0.36, 0.26), (0.64, 0.26), (0.48, 0.46), (0.58, 0.46), (0.64, 0.53), (0.64, 0.67), (0.57, 0.74), (0.36, 0.74)]],
        [[(0.58, 0.74), (0.58, 0.26), (0.34, 0.6), (0.535, 0.6)], [(0.625, 0.6), (0.68, 0.6)]],
        [[(0.64, 0.26), (0.38, 0.26), (0.36, 0.48), (0.58, 0.46), (0.64, 0.54), (0.64, 0.66), (0.57, 0.74), (0.36, 0.74)]],
        [[(0.62, 0.26), (0.46, 0.26), (0.36, 0.4), (0.36, 0.74), (0.64, 0.74), (0.64, 0.5), (0.405, 0.5)]],
        [[(0.36, 0.26), (0.64, 0.26), (0.46, 0.74)]],
        [[(0.5, 0.26), (0.64, 0.26), (0.64, 0.74), (0.36, 0.74), (0.36, 0.26), (0.5, 0.26)], [(0.405, 0.5), (0.595, 0.5)]],
        [[(0.595, 0.5), (0.36, 0.5), (0.36, 0.26), (0.64, 0.26), (0.64, 0.6), (0.54, 0.74), (0.38, 0.74)]],
    ]

    /// "N.circle", "N.circle.fill", "N.square", "N.square.fill" for a digit N: the digit stroked
    /// inside the outline, or cut out of the filled shape.
    static func numbered(_ name: String) -> [Part]? {
        let parts = name.split(separator: ".")
        guard parts.count >= 2, parts.count <= 3, parts[0].count == 1, let d = Int(parts[0]),
              parts[1] == "circle" || parts[1] == "square", parts.count == 2 || parts[2] == "fill" else { return nil }
        let circle = parts[1] == "circle", fill = parts.count == 3
        let lines = digitStrokes[d]
        if fill {
            return [holed { p in
                if circle { p.addEllipse(in: Rect(x: 0.03, y: 0.03, width: 0.94, height: 0.94)) }
                else { p.addRoundedRect(Rect(x: 0.04, y: 0.04, width: 0.92, height: 0.92), cornerRadius: 0.16) }
                for l in lines { thickPolyline(&p, l, w: 0.045) }
            }]
        }
        return [stroked { p in
            if circle { p.addEllipse(in: Rect(x: 0.07, y: 0.07, width: 0.86, height: 0.86)) }
            else { p.addRoundedRect(Rect(x: 0.08, y: 0.08, width: 0.84, height: 0.84), cornerRadius: 0.14) }
            for l in lines {
                p.move(to: l[0].0, l[0].1)
                for q in l.dropFirst() { p.line(to: q.0, q.1) }
            }
        }]
    }
}

extension Image {
    /// How large symbols draw relative to the font (`.imageScale(.large)`).
    public enum Scale: Hashable, Sendable { case small, medium, large }
}

struct ImageScaleKey: EnvironmentKey { static let defaultValue = Image.Scale.medium }

extension EnvironmentValues {
    /// The scale of symbol images: small 0.8, medium 1, large 1.3 times the font-derived size.
    public var imageScale: Image.Scale { get { self[ImageScaleKey.self] } set { self[ImageScaleKey.self] = newValue } }
}

extension View {
    /// Scales symbol images inside this view.
    public func imageScale(_ scale: Image.Scale) -> some View { environment(\.imageScale, scale) }
}

extension Image {
    var symbolName: String? { name.hasPrefix("systemName:") ? String(name.dropFirst(11)) : nil }

    /// A symbol's side: 1.2 × the font's point size (body: 20 points), times the image scale.
    static func symbolSide(_ env: EnvironmentValues) -> CGFloat {
        let size = (env.font ?? .body).size
        let scale: CGFloat = env.imageScale == .small ? 0.8 : env.imageScale == .large ? 1.3 : 1
        return (size * 1.2 * scale).rounded()
    }

    func renderSymbol(_ symbol: String, node: Node, pass: RenderPass) {
        let f = node.frame
        let side = Double(min(f.width, f.height))
        guard side > 0, side.isFinite else { return }
        // Centred in the frame, uniformly scaled (a resizable symbol keeps its aspect ratio).
        let t = Affine(a: side, b: 0, c: 0, d: side, tx: Double(f.midX) - side / 2, ty: Double(f.midY) - side / 2)
        let paint = node.paint { ForegroundStyle().resolvePaint(in: f, environment: node.environment) }
        // The placed outlines are kept on the node while symbol and frame stay: building,
        // transforming and bounding them was most of a scrolled frame's allocations.
        let placed: [SymbolRenderCache.Part]
        if let c = node.renderCache as? SymbolRenderCache, c.symbol == symbol, c.frame == f {
            placed = c.parts
        } else {
            placed = SystemSymbols.parts(symbol).map { part in
                let path = part.path.applying(t)
                return SymbolRenderCache.Part(path: path, bounds: path.isEmpty ? CGRect.zero : CGRect(path.bounds),
                                              stroke: part.stroke, evenOdd: part.evenOdd)
            }
            node.renderCache = SymbolRenderCache(symbol: symbol, frame: f, parts: placed)
        }
        for (i, part) in placed.enumerated() {
            let path = part.path, bounds = part.bounds
            if part.stroke {
                let w = side * SystemSymbols.strokeShare
                let style = StrokeParameters(lineWidth: w, lineCap: .round, lineJoin: .round, miterLimit: 10, dash: [], dashPhase: 0)
                pass.emit(.stroke(path, paint, style), owner: node, index: i, localBounds: bounds.insetBy(dx: -w, dy: -w), hitShape: path)
            } else {
                pass.emit(.fill(path, paint, part.evenOdd ? .evenOdd : .nonZero), owner: node, index: i, localBounds: bounds, hitShape: path)
            }
        }
    }
}

/// A symbol's outlines placed in its node's frame (Image.renderSymbol's cache).
final class SymbolRenderCache {
    struct Part { var path: Raster.Path; var bounds: CGRect; var stroke: Bool; var evenOdd: Bool }
    let symbol: String
    let frame: CGRect
    let parts: [Part]
    init(symbol: String, frame: CGRect, parts: [Part]) { self.symbol = symbol; self.frame = frame; self.parts = parts }
}
