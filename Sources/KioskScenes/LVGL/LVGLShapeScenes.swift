// LVGL benchmark scenes 1, 3, 4 (colour flicker on plain boxes) and 10 (arcs): SCENES.md §3.
import Kiosk

/// Scene 1, "Empty screen": the screen's background takes a new palette colour every 16 ms tick.
struct LVGLEmptyScreen: View {
    let width: Int, height: Int, start: Date
    var body: some View {
        ZStack(alignment: .topLeading) {
            LVGLTicker(start: start) { ms in LVGLPalette.flicker(index: 0, of: 1, ms: ms) }
            LVGLHeader(name: "Empty screen", width: width, height: height, start: start)
        }
        .frame(width: CGFloat(width), height: CGFloat(height), alignment: .topLeading)
    }
}

/// Scene 3, "Single rectangle": one opaque box, 30 % of the content area, at its top-left,
/// recoloured every tick.
struct LVGLSingleRectangle: View {
    let width: Int, height: Int, start: Date
    var body: some View {
        let cw = width - 16, ch = height - 56
        LVGLScreen("Single rectangle", width: width, height: height, start: start) {
            LVGLTicker(start: start) { ms in
                LVGLPalette.flicker(index: 0, of: 1, ms: ms).lvglBox(8, 48, cw * 30 / 100, ch * 30 / 100)
            }
        }
    }
}

/// Scene 4, "Multiple rectangles": a 3×3 grid of boxes a quarter of the content area each,
/// each box recolouring itself on the tick (as the other scenes' objects move themselves: a
/// `ForEach` made inside one ticker's content is a new closure context every tick).
struct LVGLMultipleRectangles: View {
    let width: Int, height: Int, start: Date
    var body: some View {
        let cw = width - 16, ch = height - 56, w = cw / 4, h = ch / 4
        let xs = lvglSpread(cw, 3, w), ys = lvglSpread(ch, 3, h)
        LVGLScreen("Multiple rectangles", width: width, height: height, start: start) {
            ForEach(0..<9) { i in
                LVGLTicker(start: start) { ms in LVGLPalette.flicker(index: i, of: 9, ms: ms) }
                    .lvglBox(8 + xs[i % 3], 48 + ys[i / 3], w, h)
            }
        }
    }
}

/// The indicator of an `lv_arc`: a ring segment (outer radius 50, thickness 10, flat ends) from
/// 3 o'clock clockwise through `degrees`.
struct LVGLArcShape: Shape {
    var degrees: Double
    func path(in rect: CGRect) -> Path {
        var p = Path()
        guard degrees > 0 else { return p }
        let c = CGPoint(x: rect.midX, y: rect.midY)
        let outer = min(rect.width, rect.height) / 2
        p.addArc(center: c, radius: outer, startAngle: .degrees(0), endAngle: .degrees(degrees), clockwise: false)
        p.addArc(center: c, radius: outer - 10, startAngle: .degrees(degrees), endAngle: .degrees(0), clockwise: true)
        p.closeSubpath()
        return p
    }
}

/// Scene 10, "Multiple arcs": 100×100 arcs whose value runs 0 → 100 → 0 (t1/t2 per arc, A.3);
/// the angle is `value · 3.6°` in whole degrees.
struct LVGLMultipleArcs: View {
    let width: Int, height: Int, start: Date
    static let arcs: [(UInt32, Int, Int)] = {
        let names = ["RED", "PINK", "PURPLE", "DEEP_PURPLE", "INDIGO", "BLUE", "LIGHT_BLUE", "CYAN", "TEAL", "GREEN",
                     "LIGHT_GREEN", "LIME", "YELLOW", "AMBER", "ORANGE", "DEEP_ORANGE", "BROWN", "BLUE_GREY"]
        let table = """
        CYAN 1783 1921 DEEP_ORANGE 2411 1503 BROWN 2106 1153 CYAN 2927 1372 PURPLE 1987 1175 \
        DEEP_PURPLE 1997 1949 LIME 1835 2088 CYAN 1236 1776 BLUE 2066 1823 BROWN 1516 1664 YELLOW 1396 1259 \
        ORANGE 2352 2260 GREEN 2522 2121 PURPLE 1713 1264 PINK 2743 2419 RED 2344 1060 LIME 1560 2006 \
        BLUE_GREY 1269 2164 LIGHT_GREEN 1412 2274 YELLOW 2687 1480 DEEP_ORANGE 1513 2037 BLUE 2101 1795 \
        DEEP_PURPLE 2209 1323 ORANGE 2785 2451 BLUE_GREY 1639 1097 GREEN 1513 1346 RED 2437 2848 \
        LIGHT_BLUE 1532 2585 LIGHT_BLUE 1855 2686 LIGHT_BLUE 1249 1354 RED 2670 2906 AMBER 2205 1523 \
        TEAL 1027 1930 BLUE 1188 1592 TEAL 1177 2260 LIME 1249 2823 ORANGE 1511 2749 TEAL 2202 2498 \
        PURPLE 2345 2852 AMBER 1215 2792 BLUE 1309 1676 INDIGO 1171 2618 PINK 2279 1783 DEEP_ORANGE 1757 2411 \
        LIME 2180 2106 DEEP_PURPLE 2161 2927 ORANGE 2830 1987 BLUE_GREY 2689 1997 BLUE_GREY 2625 1835 \
        BROWN 1749 1236 PURPLE 2503 2066 AMBER 2656 1516 PURPLE 2160 1396 PINK 2396 2352 BROWN 2793 2522 \
        BLUE 2894 1713 YELLOW 1155 2743 BLUE 1604 2344 LIGHT_BLUE 1681 1560 YELLOW 2777 1269 RED 1306 1412 \
        TEAL 2874 2687 ORANGE 1171 1513 BLUE 2523 2101 BLUE 2489 2209 DEEP_PURPLE 1486 2785
        """.split(separator: " ").map(String.init)
        return stride(from: 0, to: table.count - 2, by: 3).map { i in
            (LVGLPalette.main[names.firstIndex(of: table[i]) ?? 0], Int(table[i + 1]) ?? 1000, Int(table[i + 2]) ?? 1000)
        }
    }()

    var body: some View {
        let cw = width - 16, ch = height - 56
        let xs = lvglSpread(cw, cw / 160, 100), ys = lvglSpread(ch, ch / 160, 100)
        LVGLScreen("Multiple arcs", width: width, height: height, start: start) {
            ForEach(0..<(xs.count * ys.count)) { k in
                let (hex, t1, t2) = Self.arcs[k % Self.arcs.count]
                LVGLTicker(start: start) { ms in
                    let value = LVGLMotion.pingPong(ms: ms, distance: 100, t1: t1, t2: t2)
                    LVGLArcShape(degrees: Double(value * 36 / 10)).fill(Color(lvgl: hex))
                }
                .lvglBox(8 + xs[k % xs.count], 48 + ys[k / xs.count], 100, 100)
            }
        }
    }
}
