// The 16 scenes of LVGL 9.5's lv_demo_benchmark (../shared/bench/lvgl/SCENES.md) as kiosk views,
// registered as `lvgl-1` … `lvgl-16` (`kiosk run/snapshot --scene lvgl-N`). Their layout follows
// SCENES.md's formulas, so any size works; the benchmark compares 800×480 and 1920×1080.
import Kiosk

enum LVGLScenes {
    /// Scene names in LVGL's order (the header shows them).
    static let names = [
        "Empty screen", "Moving wallpaper", "Single rectangle", "Multiple rectangles",
        "Multiple RGB images", "Multiple ARGB images", "Rotated ARGB images", "Multiple labels",
        "Screen sized text", "Multiple arcs", "Containers", "Containers with overlay",
        "Containers with opa", "Containers with opa_layer", "Containers with scrolling", "Widgets demo",
    ]
    static let summaries = [
        "LVGL 1: the screen recoloured every 16 ms",
        "LVGL 2: a tiled logo wallpaper sliding up and down",
        "LVGL 3: one box recoloured every 16 ms",
        "LVGL 4: nine boxes recoloured every 16 ms",
        "LVGL 5: opaque logo images falling 80 px",
        "LVGL 6: alpha logo images falling 80 px",
        "LVGL 7: rotated alpha logo images falling 80 px",
        "LVGL 8: \"Hello LVGL!\" labels recoloured every 16 ms",
        "LVGL 9: a screen of wrapped text scrolling",
        "LVGL 10: ring arcs growing and shrinking",
        "LVGL 11: profile cards falling 30 px",
        "LVGL 12: falling cards under a recoloured 50 % overlay",
        "LVGL 13: falling cards, every primitive at 50 % opacity",
        "LVGL 14: falling cards, each card at 50 % group opacity",
        "LVGL 15: a column of cards scrolling",
        "LVGL 16: the widgets demo's Profile tab scrolling",
    ]

    /// The view of scene `n` (1…16) for a `width`×`height` screen whose clock starts at `start`.
    @ViewBuilder static func view(_ n: Int, width w: Int, height h: Int, start s: Date) -> some View {
        switch n {
        case 1: LVGLEmptyScreen(width: w, height: h, start: s)
        case 2: LVGLMovingWallpaper(width: w, height: h, start: s)
        case 3: LVGLSingleRectangle(width: w, height: h, start: s)
        case 4: LVGLMultipleRectangles(width: w, height: h, start: s)
        case 5: LVGLFallingImages(name: names[4], asset: LVGLAssets.logoRGB, cell: 160, rotated: false, width: w, height: h, start: s)
        case 6: LVGLFallingImages(name: names[5], asset: LVGLAssets.logoARGB, cell: 160, rotated: false, width: w, height: h, start: s)
        case 7: LVGLFallingImages(name: names[6], asset: LVGLAssets.logoARGB, cell: 240, rotated: true, width: w, height: h, start: s)
        case 8: LVGLMultipleLabels(width: w, height: h, start: s)
        case 9: LVGLScreenSizedText(width: w, height: h, start: s)
        case 10: LVGLMultipleArcs(width: w, height: h, start: s)
        case 11: LVGLFallingCards(name: names[10], fade: .none, overlay: false, width: w, height: h, start: s)
        case 12: LVGLFallingCards(name: names[11], fade: .none, overlay: true, width: w, height: h, start: s)
        case 13: LVGLFallingCards(name: names[12], fade: .perPrimitive, overlay: false, width: w, height: h, start: s)
        case 14: LVGLFallingCards(name: names[13], fade: .group, overlay: false, width: w, height: h, start: s)
        case 15: LVGLScrollingCards(width: w, height: h, start: s)
        default: LVGLWidgetsDemo(width: w, height: h, start: s)
        }
    }

    static var entries: [KioskScenes.Entry] {
        (1...16).map { n in
            KioskScenes.Entry("lvgl-\(n)", summaries[n - 1]) { width, height, now in
                // The scene's clock starts with its source: TimelineView dates minus `start` are
                // the milliseconds LVGL's animations read.
                let start = Date()
                return ViewFrameSource(width: width, height: height, now: now) {
                    view(n, width: width, height: height, start: start)
                }
            }
        }
    }
}
