// What the 16 LVGL benchmark scenes share (../shared/bench/lvgl/SCENES.md §1–2): the palette and
// its fixed "random" sequence, the fall timings, the screen with its header and perf label, the
// 16 ms clock, and LVGL's evenly spread rows. Written with the public API only (`import Kiosk`).
//
// Motion: every moving value is a function of the time since the scene started, read from a
// `TimelineView(.periodic(from: start, by: 0.016))` — LVGL's 16 ms animation timer — and rounded
// to whole milliseconds (LVGL's clock unit), so a frame at a given time is exactly reproducible.
import Kiosk
#if canImport(Glibc)
import Glibc
#endif

/// LVGL's screen sizes for the benchmark; other sizes have no layout in SCENES.md.
enum LVGLSize {
    static func isSupported(_ width: Int, _ height: Int) -> Bool {
        (width == 800 && height == 480) || (width == 1920 && height == 1080)
    }
}

extension Color {
    /// An sRGB colour from LVGL's hex notation, with an 8-bit opacity (LVGL's "opa 127").
    init(lvgl hex: UInt32, opa: Int = 255) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, opacity: Double(opa) / 255)
    }
}

/// The Material palette and the benchmark's cyclic "random" sequence (SCENES.md §2.2, A.4).
enum LVGLPalette {
    static let main: [UInt32] = [0xF44336, 0xE91E63, 0x9C27B0, 0x673AB7, 0x3F51B5, 0x2196F3, 0x03A9F4,
                                 0x00BCD4, 0x009688, 0x4CAF50, 0x8BC34A, 0xCDDC39, 0xFFEB3B, 0xFFC107,
                                 0xFF9800, 0xFF5722, 0x795548, 0x607D8B, 0x9E9E9E]
    static let sequence: [Int] = [
        7, 3, 15, 15, 1, 11, 16, 8, 3, 7, 7, 14, 2, 9, 17, 3, 17, 17, 11, 13, 16, 7, 6, 2, 5, 4, 13, 16, 16, 2, 12, 14,
        1, 14, 2, 16, 9, 10, 5, 2, 15, 12, 1, 11, 5, 0, 2, 6, 11, 10, 12, 17, 15, 0, 10, 4, 8, 12, 17, 14, 15, 7, 5, 5,
        17, 5, 3, 7, 3, 14, 15, 15, 17, 7, 3, 9, 3, 8, 0, 3, 10, 6, 2, 15, 6, 3, 16, 6, 13, 8, 0, 6, 12, 13, 17, 15,
        8, 17, 2, 5, 2, 14, 8, 7, 14, 11, 9, 15, 14, 7, 7, 8, 12, 2, 2, 3, 16, 13, 5, 6, 5, 15, 6, 4, 17, 8, 1,
    ]
    static func color(entry: Int) -> Color { Color(lvgl: main[sequence[entry % sequence.count]]) }

    /// The colour object `index` of `count` flickering objects shows at `ms` (§2.3): created with
    /// entries 2i, 2i+1; on every 16 ms tick all objects, newest first, take two entries each.
    /// `text` picks the second entry of the pair (labels show their text colour).
    static func flicker(index: Int, of count: Int, ms: Int, text: Bool = false) -> Color {
        let tick = ms / 16
        let base = tick == 0 ? 2 * index : 2 * count * tick + 2 * (count - 1 - index)
        return color(entry: base + (text ? 1 : 0))
    }
}

/// Fall/rise durations by creation order (SCENES.md A.1) and LVGL's linear ping-pong.
enum LVGLMotion {
    static let fall: [(Int, Int)] = [
        (1279, 2283), (2421, 2457), (2011, 2903), (2980, 1406), (753, 1261), (2827, 2672), (2930, 687),
        (1775, 1689), (2297, 1649), (1625, 835), (2188, 649), (1836, 2876), (2303, 2266), (2023, 856),
        (316, 1364), (2760, 1196), (2659, 2096), (2552, 460), (993, 2722), (2321, 1094), (2313, 2364),
        (355, 1643), (1619, 2604), (2444, 2160), (581, 760), (1806, 1577), (2169, 2964), (706, 1312),
        (1874, 2274), (2387, 1880), (2871, 1513), (2537, 2123), (2801, 395), (789, 1009), (2823, 2186),
        (585, 1251), (803, 2539), (1797, 2091), (2913, 2846), (1596, 2337), (2848, 2574), (2732, 585),
        (1296, 1455), (586, 1332), (349, 2954), (2838, 2970), (906, 565), (2405, 1323), (2666, 1127),
        (2930, 2141), (1688, 692), (1550, 2377), (1160, 1931), (2649, 1323), (1232, 1711),
    ]

    /// 0 → `distance` in `t1` ms, back in `t2` ms, forever; truncated to whole pixels as LVGL does.
    static func pingPong(ms: Int, distance: Int, t1: Int, t2: Int) -> Int {
        guard t1 > 0, t2 >= 0 else { return 0 }
        let phase = ms % (t1 + t2)
        if phase < t1 { return distance * phase / t1 }
        return t2 == 0 ? 0 : distance * (t1 + t2 - phase) / t2
    }

    static func fallOffset(ms: Int, index k: Int, distance: Int) -> CGFloat {
        let (t1, t2) = fall[k % fall.count]
        return CGFloat(pingPong(ms: ms, distance: distance, t1: t1, t2: t2))
    }

    /// LVGL's scroll animation: 130 px/s, at most 10 s per direction (SCENES.md scenes 9, 15).
    static func scrollDuration(_ distance: Int) -> Int { min(10_000, distance * 1000 / 130) }
}

/// SCENES.md §1.6: `n` boxes of `size` spread evenly over `content` with `gap` between them.
func lvglSpread(_ content: Int, _ n: Int, _ size: Int, gap: Int = 8) -> [Int] {
    guard n > 0 else { return [] }
    let s = (content - n * size - (n - 1) * gap) / (n + 1)
    return (0..<n).map { s + $0 * (size + gap + s) }
}

/// Where the scenes' images are: $KIOSK_LVGL_ASSETS, else the shared benchmark folder.
enum LVGLAssets {
    static let directory: String = {
        if let env = getenv("KIOSK_LVGL_ASSETS") { return String(cString: env) }
        for dir in ["../shared/bench/lvgl/assets", "/work/shared/bench/lvgl/assets"]
        where access(dir + "/img_benchmark_avatar.png", F_OK) == 0 { return dir }
        return "../shared/bench/lvgl/assets"
    }()
    static func path(_ name: String) -> String { directory + "/" + name + ".png" }
    /// The benchmark's three images, their paths made once (as an app keeps its asset names in
    /// constants): building the path per Image per tick was 3 of scene 5's allocations per image.
    static let logoRGB = path("img_benchmark_lvgl_logo_rgb")
    static let logoARGB = path("img_benchmark_lvgl_logo_argb")
    static let avatar = path("img_benchmark_avatar")
    static var referenceText: String? {
        let path = directory + "/../reference/screen_sized_text.txt"
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        while bytes.last == 10 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// DejaVu Sans at LVGL's pixel size (Montserrat is not available; SCENES.md §4).
extension Font {
    static func lvgl(_ size: CGFloat) -> Font { .custom("DejaVu Sans", size: size) }
}

/// Milliseconds since `start`, on LVGL's whole-millisecond clock.
func lvglMilliseconds(_ date: Date, since start: Date) -> Int {
    max(0, Int((date.timeIntervalSince(start) * 1000).rounded()))
}

/// Content re-made on LVGL's 16 ms animation tick, given the scene time in milliseconds.
struct LVGLTicker<Content: View>: View {
    let start: Date
    let content: (Int) -> Content
    init(start: Date, @ViewBuilder content: @escaping (Int) -> Content) {
        self.start = start
        self.content = content
    }
    var body: some View {
        TimelineView<PeriodicTimelineSchedule, Content>(.periodic(from: start, by: 0.016)) { context in
            content(lvglMilliseconds(context.date, since: start))
        }
    }
}

extension View {
    /// LVGL's box: top-left corner `x, y` and size `w × h` in screen pixels.
    func lvglBox(_ x: Int, _ y: Int, _ w: Int, _ h: Int, alignment: Alignment = .topLeading) -> some View {
        frame(width: CGFloat(w), height: CGFloat(h), alignment: alignment)
            .position(x: CGFloat(x) + CGFloat(w) / 2, y: CGFloat(y) + CGFloat(h) / 2)
    }
}

/// A label at its natural size (never truncated), the way LVGL sizes labels to their text.
struct LVGLLabel: View, Equatable {
    let text: String
    let size: CGFloat
    let color: Color
    init(_ text: String, size: CGFloat, color: Color = .black) {
        self.text = text; self.size = size; self.color = color
    }
    var body: some View {
        Text(text).font(.lvgl(size)).foregroundColor(color).fixedSize()
    }
}

/// The scene's screen: background, content, the header on LVGL's top layer and the perf label on
/// its system layer (SCENES.md §1.2–1.4). Both labels change text every 300 ms.
struct LVGLScreen<Content: View, Overlay: View>: View {
    let name: String
    let width: Int
    let height: Int
    let start: Date
    let background: Color
    let content: Content
    let overlay: Overlay

    init(_ name: String, width: Int, height: Int, start: Date, background: Color = Color(lvgl: 0xF5F5F5),
         @ViewBuilder content: () -> Content, @ViewBuilder overlay: () -> Overlay) {
        self.name = name; self.width = width; self.height = height; self.start = start
        self.background = background; self.content = content(); self.overlay = overlay()
    }

    var body: some View {
        ZStack(alignment: .topLeading) {
            background
            content
            overlay
            LVGLHeader(name: name, width: width, height: height, start: start)
        }
        .frame(width: CGFloat(width), height: CGFloat(height), alignment: .topLeading)
        .clipped()
    }
}

extension LVGLScreen where Overlay == EmptyView {
    init(_ name: String, width: Int, height: Int, start: Date, background: Color = Color(lvgl: 0xF5F5F5),
         @ViewBuilder content: () -> Content) {
        self.init(name, width: width, height: height, start: start, background: background,
                  content: content, overlay: { EmptyView() })
    }
}

/// Header (W×32, white, two lines of 14 px black at y 0 and 16) and perf label (bottom-right,
/// black at opa 127, padding 3, two white lines), numbers from the 300 ms window as the Python
/// driver writes them.
struct LVGLHeader: View {
    let name: String
    let width: Int
    let height: Int
    let start: Date

    var body: some View {
        TimelineView<PeriodicTimelineSchedule, LVGLHeaderLabels>(.periodic(from: start, by: 0.3)) { context in
            LVGLHeaderLabels(name: name, width: width, height: height,
                             window: lvglMilliseconds(context.date, since: start) / 300)
        }
    }
}

struct LVGLHeaderLabels: View, Equatable {
    let name: String
    let width: Int
    let height: Int
    let window: Int

    var body: some View {
        let fps = 62 - window % 2, cpu = (window * 7) % 40, t = window % 3
            return ZStack(alignment: .topLeading) {
                VStack(alignment: .leading, spacing: 0) {
                    LVGLLabel("\(name): \(fps) FPS, \(cpu)% CPU", size: 14).frame(height: 16, alignment: .topLeading)
                    LVGLLabel("refr. \(t) ms = \(t)ms render + 0 ms flush", size: 14).frame(height: 16, alignment: .topLeading)
                }
                .lvglBox(0, 0, width, 32)
                .background(Color.white.lvglBox(0, 0, width, 32))
                VStack(alignment: .leading, spacing: 0) {
                    LVGLLabel("\(fps) FPS, \(cpu)% CPU", size: 14, color: .white).frame(height: 16, alignment: .topLeading)
                    LVGLLabel("\(t) ms (\(t) | 0)", size: 14, color: .white).frame(height: 16, alignment: .topLeading)
                }
                .padding(3)
                .background(Color(lvgl: 0x000000, opa: 127))
                .frame(width: CGFloat(width), height: CGFloat(height), alignment: .bottomTrailing)
            }
            .frame(width: CGFloat(width), height: CGFloat(height), alignment: .topLeading)
    }
}

/// The benchmark's "container" card (SCENES.md §2.5): 270×120, white, radius 10, border 2 px
/// #E0E0E0 drawn over the children, avatar, two labels and a "Connect" button with a shadow.
/// `primitiveOpacity` fades every primitive separately (LVGL's "opa", scene 13).
struct LVGLCard: View, Equatable {
    var primitiveOpacity: Double = 1

    var body: some View {
        let o = primitiveOpacity
        let ink = Color(lvgl: 0x212121)
        ZStack(alignment: .topLeading) {
            RoundedRectangle(cornerRadius: 10, style: .circular).fill(Color.white).opacity(o)
            Image(LVGLAssets.avatar).opacity(o).lvglBox(10, 20, 80, 80)
            LVGLLabel("John Smith", size: 24, color: ink).opacity(o).lvglBox(110, 10, 138, 27)
            LVGLLabel("A DIY enthusiast", size: 14, color: ink).opacity(o).lvglBox(110, 40, 120, 16)
            RoundedRectangle(cornerRadius: 13, style: .circular).fill(Color(lvgl: 0x2196F3))
                .shadow(color: Color(lvgl: 0x9E9E9E, opa: 127), radius: 1, x: 0, y: 2)
                .opacity(o)
                .lvglBox(110, 60, 102, 38)
            LVGLLabel("Connect", size: 14, color: .white).opacity(o).lvglBox(110, 60, 102, 38, alignment: .center)
            RoundedRectangle(cornerRadius: 10, style: .circular).strokeBorder(Color(lvgl: 0xE0E0E0), lineWidth: 2).opacity(o)
        }
        .frame(width: 270, height: 120, alignment: .topLeading)
    }
}
