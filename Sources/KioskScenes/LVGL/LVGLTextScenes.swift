// LVGL benchmark scenes 8 (multiple labels) and 9 (screen sized text). LVGL uses Montserrat 20
// at 800×480 and 26 at 1920×1080; these are DejaVu Sans at the same pixel sizes, in LVGL's
// label boxes (115×22 / 149×29) and line heights (22 / 29 px).
import Kiosk

/// LVGL's screen font for the text scenes: size, label box and line height.
private func lvglTextMetrics(_ width: Int, _ height: Int) -> (size: CGFloat, w: Int, h: Int) {
    width * height > 800 * 480 ? (26, 149, 29) : (20, 115, 22)
}

/// Scene 8, "Multiple labels": "Hello LVGL!" labels in spread rows, each label's text colour
/// changing every 16 ms tick (each label on its own ticker, as in scene 4).
struct LVGLMultipleLabels: View {
    let width: Int, height: Int, start: Date
    var body: some View {
        let (size, tw, th) = lvglTextMetrics(width, height)
        let cw = width - 16, ch = height - 56
        let xs = lvglSpread(cw, cw * 2 / (3 * tw), tw), ys = lvglSpread(ch, ch / (3 * th), th)
        let count = xs.count * ys.count
        LVGLScreen("Multiple labels", width: width, height: height, start: start) {
            ForEach(0..<count) { i in
                LVGLTicker(start: start) { ms in
                    LVGLLabel("Hello LVGL!", size: size, color: LVGLPalette.flicker(index: i, of: count, ms: ms, text: true))
                }
                .lvglBox(8 + xs[i % xs.count], 48 + ys[i / xs.count], tw, th)
            }
        }
    }
}

/// Scene 9, "Screen sized text": the 3 902-character Lorem ipsum wrapped to the content width,
/// the screen scrolling down to its end at 130 px/s (capped at 10 s) and back.
struct LVGLScreenSizedText: View {
    let width: Int, height: Int, start: Date
    static let text = LVGLAssets.referenceText ?? "(reference/screen_sized_text.txt not found)"

    var body: some View {
        let (size, _, lineHeight) = lvglTextMetrics(width, height)
        // LVGL's label heights (64 and 38 lines): the scroll range is the benchmark's whatever
        // DejaVu wraps to.
        let labelHeight = width * height > 800 * 480 ? 1102 : 1408
        let limit = 48 + labelHeight + 8 - height
        let t = LVGLMotion.scrollDuration(limit)
        // DejaVu Sans' natural line at this size is 1.164 em; LVGL's is `lineHeight`.
        let spacing = CGFloat(lineHeight) - (size * 1.164).rounded()
        LVGLScreen("Screen sized text", width: width, height: height, start: start) {
            LVGLTicker(start: start) { ms in
                Text(Self.text)
                    .font(.lvgl(size))
                    .foregroundColor(.black)
                    .lineSpacing(spacing)
                    .fixedSize(horizontal: false, vertical: true)
                    .frame(width: CGFloat(width - 16), alignment: .topLeading)
                    .lvglBox(8, 48, width - 16, labelHeight)
                    .offset(y: -CGFloat(LVGLMotion.pingPong(ms: ms, distance: limit, t1: t, t2: t)))
            }
        }
    }
}
