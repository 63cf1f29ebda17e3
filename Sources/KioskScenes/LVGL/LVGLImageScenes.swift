// LVGL benchmark scenes 2 (moving wallpaper), 5, 6 (falling images) and 7 (rotated images).
import Kiosk

/// Scene 2, "Moving wallpaper": the 100×100 RGB logo tiled over 150 % × 150 % of the screen,
/// moving up H/3 in 1279 ms and back in 2283 ms; no screen padding, drawn under the header.
struct LVGLMovingWallpaper: View {
    let width: Int, height: Int, start: Date
    var body: some View {
        LVGLScreen("Moving wallpaper", width: width, height: height, start: start) {
            LVGLTicker(start: start) { ms in
                Image(LVGLAssets.logoRGB)
                    .resizable(resizingMode: .tile)
                    .frame(width: CGFloat(width * 3 / 2), height: CGFloat(height * 3 / 2))
                    .offset(y: LVGLMotion.fallOffset(ms: ms, index: 0, distance: -height / 3))
            }
        }
    }
}

/// Scenes 5–7: copies of a 100×100 logo in LVGL's spread rows over the content area (bottom
/// padding 88), each falling 80 px with its own timing; scene 7 rotates each about its centre.
struct LVGLFallingImages: View {
    let name: String
    /// The image's path.
    let asset: String
    let cell: Int
    let rotated: Bool
    let width: Int, height: Int, start: Date

    static let rotations: [Double] = [131.2, 224.6, 204.1, 175.3, 260.1, 140.6, 38.9, 302.5, 346.2, 331.5, 312.7,
                                      152.1, 27.7, 13.2, 182.9, 337.8, 330.3, 54.6, 51.3, 52.7, 26.6]

    var body: some View {
        let cw = width - 16, ch = height - 48 - 88
        let xs = lvglSpread(cw, cw / cell, 100), ys = lvglSpread(ch, ch / cell, 100)
        LVGLScreen(name, width: width, height: height, start: start) {
            ForEach(0..<(xs.count * ys.count)) { k in
                LVGLTicker(start: start) { ms in
                    Image(asset)
                        .rotationEffect(.degrees(rotated ? Self.rotations[k % Self.rotations.count] : 0))
                        .offset(y: LVGLMotion.fallOffset(ms: ms, index: k, distance: 80))
                }
                .lvglBox(8 + xs[k % xs.count], 48 + ys[k / xs.count], 100, 100)
            }
        }
    }
}
