// LVGL benchmark scene 16, "Widgets demo", reduced to what the Python peer builds too: the tab
// bar and the Profile tab (reference/tree-800x480.txt, scene 16), widths stretched to the screen,
// the tab scrolling to its bottom at 130 px/s and back (at 1920×1080 it fits and stays still, as
// the demo's Profile tab does for its first 6.9 s). The Analytics and Shop tabs are not built.
import Kiosk

private let ink = Color(lvgl: 0x212121)
private let blue = Color(lvgl: 0x2196F3)

/// A white panel: radius 10, 2 px #E0E0E0 border drawn over its content; children are placed
/// from inside the border, as LVGL places them.
private struct LVGLPanel<Content: View>: View {
    let w: Int, h: Int
    let content: Content
    init(_ w: Int, _ h: Int, @ViewBuilder content: () -> Content) { self.w = w; self.h = h; self.content = content() }
    var body: some View {
        ZStack(alignment: .topLeading) {
            RoundedRectangle(cornerRadius: 10, style: .circular).fill(Color.white)
            ZStack(alignment: .topLeading) { content }
                .frame(width: CGFloat(w - 4), height: CGFloat(h - 4), alignment: .topLeading)
                .offset(x: 2, y: 2)
            RoundedRectangle(cornerRadius: 10, style: .circular).strokeBorder(Color(lvgl: 0xE0E0E0), lineWidth: 2)
        }
        .frame(width: CGFloat(w), height: CGFloat(h), alignment: .topLeading)
    }
}

private struct LVGLPill: View {
    let color: Color
    var body: some View { Capsule(style: .circular).fill(color) }
}

/// The Profile tab's three panels, page-relative (the page starts at y 123).
private struct LVGLProfileTab: View, Equatable {
    let width: Int
    var body: some View {
        let stretch = width - 800, half = (760 + stretch - 20) / 2
        let fw = (half - 40 - 11) / 2, slider = half - 61
        ZStack(alignment: .topLeading) {
            LVGLPanel(760 + stretch, 198) {
                Image(LVGLAssets.path("img_demo_widgets_avatar")).lvglBox(20, 20, 160, 154)
                LVGLLabel("Elena Smith", size: 24, color: ink).lvglBox(207, 20, 147, 27)
                LVGLLabel("This is a short description of me. Take a look at my profile!", size: 16, color: ink)
                    .opacity(127.0 / 255).lvglBox(207, 58, 529, 18)
                LVGLLabel("elena@smith.com", size: 16, color: ink).lvglBox(242, 112, 149, 18)
                LVGLLabel("+79 246 123 4567", size: 16, color: ink).lvglBox(242, 150, 135, 18)
                ForEach(0..<2) { i in
                    ZStack {
                        RoundedRectangle(cornerRadius: 13, style: .circular).fill(blue)
                            .shadow(color: Color(lvgl: 0x9E9E9E, opa: 127), radius: 1, x: 0, y: 2)
                        LVGLLabel(i == 0 ? "Log out" : "Invite", size: 16, color: .white)
                    }
                    .lvglBox(489 + stretch + 129 * i, 120, 118, 40)
                }
            }
            .lvglBox(20, 20, 760 + stretch, 198)
            LVGLPanel(half, 250) {
                LVGLLabel("Your profile", size: 24, color: ink).lvglBox(20, 20, 141, 27)
                ForEach(0..<4) { i in
                    let fx = 20 + (i % 2) * (fw + 11), y = i < 2 ? 74 : 160
                    LVGLLabel(["User name", "Password", "Gender", "Birthday"][i], size: 16, color: ink)
                        .opacity(127.0 / 255).lvglBox(fx, y, fw, 18)
                    LVGLPanel(fw, 44) { EmptyView() }.lvglBox(fx, y + 22, fw, 44)
                }
            }
            .lvglBox(20, 238, half, 250)
            LVGLPanel(half, 250) {
                LVGLLabel("Your skills", size: 24, color: ink).lvglBox(20, 20, 121, 27)
                LVGLLabel("Experience", size: 16, color: ink).opacity(127.0 / 255).lvglBox(20, 74, 91, 18)
                LVGLPill(color: Color(lvgl: 0x2196F3, opa: 51)).lvglBox(28, 111, slider, 13)
                LVGLPill(color: blue).lvglBox(28, 111, slider * 3 / 10, 13)
                LVGLPill(color: blue).lvglBox(28 + slider * 3 / 10 - 10, 107, 21, 21)
                ForEach(0..<2) { i in
                    let fx = 20 + i * (half / 2 - 16)
                    LVGLLabel(i == 0 ? "Hard-working" : "Team player", size: 16, color: ink)
                        .opacity(127.0 / 255).lvglBox(fx, 160, 112, 18)
                    LVGLPill(color: Color(lvgl: 0xE0E0E0)).lvglBox(fx, 189, 52, 30)
                    LVGLPill(color: .white).lvglBox(fx + 4, 193, 22, 22)
                }
            }
            .lvglBox(40 + half, 238, half, 250)
        }
        .frame(width: CGFloat(width), height: 508, alignment: .topLeading)
    }
}

/// The tab bar: logo, title, subtitle and the three tab buttons (Profile active).
private struct LVGLTabBar: View, Equatable {
    let width: Int
    var body: some View {
        let half = width / 2
        let widths = [half / 3, half / 3 + (half % 3 == 2 ? 1 : 0), half / 3]
        ZStack(alignment: .topLeading) {
            Color.white
            ForEach(0..<3) { i in
                let x = half + widths[0..<i].reduce(0, +)
                ZStack(alignment: .bottom) {
                    if i == 0 {
                        Color(lvgl: 0x2196F3, opa: 51)
                        blue.frame(height: 4)
                    }
                    LVGLLabel(["Profile", "Analytics", "Shop"][i], size: 16, color: i == 0 ? blue : ink)
                        .frame(maxWidth: .infinity, maxHeight: .infinity).offset(y: 2)
                }
                .lvglBox(x, 0, widths[i], 75)
            }
            Image(LVGLAssets.path("img_lvgl_logo")).lvglBox(25, 16, 42, 42)
            LVGLLabel("LVGL v9.5.0", size: 24, color: ink).lvglBox(77, 16, 138, 27)
            LVGLLabel("Widgets demo", size: 16, color: ink).opacity(127.0 / 255).lvglBox(77, 40, 121, 18)
        }
        .frame(width: CGFloat(width), height: 75, alignment: .topLeading)
    }
}

/// Scene 16: tab bar at y 48, the Profile page at y 123 scrolling, with LVGL's scrollbar.
struct LVGLWidgetsDemo: View {
    let width: Int, height: Int, start: Date
    var body: some View {
        let page = height - 123, limit = max(0, 508 - page)
        let t = LVGLMotion.scrollDuration(limit)
        LVGLScreen("Widgets demo", width: width, height: height, start: start) {
            LVGLTabBar(width: width).lvglBox(0, 48, width, 75)
            LVGLTicker(start: start) { ms in
                let scroll = LVGLMotion.pingPong(ms: ms, distance: limit, t1: t, t2: max(t, 1))
                ZStack(alignment: .topLeading) {
                    LVGLProfileTab(width: width).offset(y: -CGFloat(scroll))
                    if limit > 0 {
                        let track = page - 14, length = max(10, track * page / 508)
                        LVGLPill(color: Color(lvgl: 0x9E9E9E, opa: 102))
                            .lvglBox(width - 12, 7 + (track - length) * scroll / limit, 5, length)
                    }
                }
                .frame(width: CGFloat(width), height: CGFloat(page), alignment: .topLeading)
                .clipped()
            }
            .lvglBox(0, 123, width, page)
        }
    }
}
